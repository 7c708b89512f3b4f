"""The Mall of Horror rules: pure functions over :class:`~.state.State`.

``initial``, ``to_move``, ``legal``, ``outcomes`` and ``step`` implement the whole base
game of the rule text, with boardlab's rulings where the text is silent. ``step`` copies
the state into a small mutable worker, applies the choice, then runs every automatic
consequence (tallies, extra zombies, sealing, the attacks, the end) until the next
decision or chance node, emitting an :class:`~boardlab.core.events.Event` for each,
with the rule that caused it.

>>> from boardlab.mall_of_horror.rules import RULES
>>> from boardlab.mall_of_horror.config import Setup
>>> s = RULES.initial(Setup(players=4))
>>> RULES.to_move(s), s.pending.kind
('chance', 'deal')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from boardlab.core.engine import CHANCE
from boardlab.core.errors import IllegalAction
from boardlab.core.events import Event
from boardlab.core.rules import RuleRef
from boardlab.mall_of_horror.choices import (
    CHOICE_TYPES,
    Destination,
    Dice,
    Draw,
    Move,
    Pass,
    Place,
    PlaceZombie,
    PlayCard,
    Sacrifice,
    TieBreak,
    TruckSplit,
    Vote,
)
from boardlab.mall_of_horror.config import (
    CARD_NAMES,
    CARDS,
    KIND_NAMES,
    LOCATIONS,
    PARKING,
    POINTS,
    SECURITY,
    SUPERMARKET,
    Setup,
)
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.mall_of_horror.state import Pending, State

CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
_RULE = {ref.id: ref for ref in BOOK}  # a plain dict: emit() looks one up per event
CHANCE_KINDS = frozenset({"deal", "place_roll", "zombies0", "truck_draw", "tiebreak",
                          "arrival_roll"})
INITIAL_ZOMBIE_DICE = 4  # MoH-setup-zombies: the first player rolls four dice
PLACEMENT_DICE = 2       # MoH-setup-characters: two dice per character
PHASE_NAMES = {"setup": "Setup", "a": "a) Search the Truck", "b": "b) Elect the Chief",
               "c": "c) Arrival of the Zombies", "d": "d) Choose Destinations",
               "e": "e) Move Characters", "f": "f) Zombie Attack", "over": "End of Game"}


@cache
def dice_outcomes(n: int, faces: int = 6) -> tuple[tuple[Dice, Fraction], ...]:
    """All rolls of ``n`` dice as sorted faces with exact probabilities.

    Dice are collapsed into counts per face (126 outcomes for 4 dice, not 1296).

    >>> outs = dice_outcomes(4)
    >>> len(outs), sum(p for _, p in outs)
    (126, Fraction(1, 1))
    >>> dict(outs)[Dice((6, 6, 6, 6))]
    Fraction(1, 1296)
    """
    total = faces**n
    out = []
    for combo in combinations_with_replacement(range(1, faces + 1), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        out.append((Dice(combo), Fraction(ways, total)))
    return tuple(out)


@cache
def draw_outcomes(deck: tuple[int, ...]) -> tuple[tuple[Draw, Fraction], ...]:
    """The top card of an unseen deck (counts per card kind), with exact chances.

    >>> draw_outcomes((3, 0, 0, 0, 0, 0, 1))
    ((Draw(card='threat'), Fraction(3, 4)), (Draw(card='hidden'), Fraction(1, 4)))
    """
    total = sum(deck)
    return tuple((Draw(card), Fraction(n, total)) for card, n in zip(CARDS, deck, strict=True)
                 if n)


@cache
def _turn_order(colours: tuple[str, ...], chief: str) -> tuple[str, ...]:
    i = colours.index(chief)
    return colours[i:] + colours[:i]


def _label(state_or_work: Any, location: int) -> str:
    return f"{location} {state_or_work.setup.config.name(location)}"


def _who(colour: str, kind: str) -> str:
    return f"{colour}'s {KIND_NAMES[kind]}"


class _Work:
    """A mutable copy of a state used inside one ``step``; frozen again at the end."""

    __slots__ = (*State._fields, "events", "colours", "cfg", "closed", "_counts",
                 "_counts_for")

    def __init__(self, state: State) -> None:
        # One unpacking statement: several times faster than a setattr loop, and this
        # runs on every step.
        (self.setup, self.round, self.phase, self.chars, self.eaten, self.zombies,
         self.sealed, self.hands, self.deck, self.bottom, self.discard, self.chief,
         self.chief_elected, self.roll, self.lookers, self.destinations, self.hardware,
         self.hidden, self.eliminated, self.pending) = state
        self.events: list[Event] = []
        self.colours: tuple[str, ...] = state.setup.colours
        self.cfg = state.setup.config
        self.closed = state.setup.closed
        self._counts_for: Any = None
        self._counts: list[int] = []

    def freeze(self) -> State:
        return State(self.setup, self.round, self.phase, self.chars, self.eaten, self.zombies,
                     self.sealed, self.hands, self.deck, self.bottom, self.discard, self.chief,
                     self.chief_elected, self.roll, self.lookers, self.destinations,
                     self.hardware, self.hidden, self.eliminated, self.pending)

    # -- small queries ------------------------------------------------------------------
    def emit(self, tag: str, summary: str, rule_id: str, who: str | None = None, /, *,
             detail: str = "", visible_to: tuple[str, ...] = (),
             secret: dict[str, Any] | None = None, **data: Any) -> None:
        self.events.append(Event(tag, summary, _RULE[rule_id], who, data, self.round,
                                 self.phase, detail, visible_to, secret or {}))

    def label(self, location: int) -> str:
        return f"{location} {self.cfg.names[location - 1]}"

    def order(self) -> tuple[str, ...]:
        """Turn order this round: the Chief, then clockwise (MoH-R10)."""
        return _turn_order(self.colours, self.chief)

    def alive(self) -> set[str]:
        return {c for c, _, _ in self.chars}

    def at(self, location: int) -> list[tuple[str, str]]:
        return [(c, k) for c, k, loc in self.chars if loc == location]

    def count(self, location: int) -> int:
        """Character tokens at ``location`` (recounted only when characters move)."""
        if self._counts_for is not self.chars:
            counts = [0] * 7
            for _, _, loc in self.chars:
                counts[loc] += 1
            self._counts, self._counts_for = counts, self.chars
        return self._counts[location]

    def is_open(self, location: int) -> bool:
        return location not in self.closed and location not in self.sealed

    def has_room(self, location: int) -> bool:
        cap = self.cfg.capacities[location - 1]
        return cap is None or self.count(location) < cap

    def defence(self, location: int) -> int:
        """Characters (a Tough Guy counts 2, hidden ones too) + Hardware (MoH-R5)."""
        chars = sum(2 if k == "toughguy" else 1 for _, k, loc in self.chars if loc == location)
        return chars + self.hardware[location - 1]

    def threshold(self, location: int) -> int:
        """Zombies needed to break in (MoH-R5, MoH-f-supermarket)."""
        d = self.defence(location)
        if location == SUPERMARKET:
            return min(d, self.cfg.supermarket_threshold)
        return d

    def eligible(self, location: int) -> tuple[str, ...]:
        """Colours with a non-hidden character at ``location``, in turn order (MoH-R7)."""
        present = {c for c, k, loc in self.chars
                   if loc == location and (c, k) not in self.hidden}
        return tuple(c for c in self.order() if c in present)

    def base_weight(self, colour: str, location: int) -> int:
        """Non-hidden characters there, +1 for a non-hidden Gunman (MoH-R7)."""
        w = 0
        for c, k, loc in self.chars:
            if c == colour and loc == location and (c, k) not in self.hidden:
                w += 2 if k == "gunman" else 1
        return w

    def seat(self, colour: str) -> int:
        return self.colours.index(colour)

    def give_card(self, colour: str, card: str) -> None:
        i = self.seat(colour)
        hands = list(self.hands)
        hands[i] = tuple(sorted((*hands[i], card)))
        self.hands = tuple(hands)

    def take_card(self, colour: str, card: str) -> None:
        """Remove a played card from the hand and discard it (MoH-f-cards)."""
        i = self.seat(colour)
        hand = list(self.hands[i])
        hand.remove(card)
        hands = list(self.hands)
        hands[i] = tuple(hand)
        self.hands = tuple(hands)
        discard = list(self.discard)
        discard[CARD_INDEX[card]] += 1
        self.discard = tuple(discard)

    def add_zombies(self, location: int, n: int) -> None:
        z = list(self.zombies)
        z[location - 1] += n
        self.zombies = tuple(z)

    def set_zombies(self, location: int, n: int) -> None:
        z = list(self.zombies)
        z[location - 1] = n
        self.zombies = tuple(z)

    def relocate(self, colour: str, kind: str, location: int) -> None:
        self.chars = tuple(sorted((c, k, location if (c, k) == (colour, kind) else loc)
                                  for c, k, loc in self.chars))

    def deck_size(self) -> int:
        return sum(self.deck) + len(self.bottom)

    # -- setup ---------------------------------------------------------------------------
    def deal(self, card: str) -> None:
        p = self.pending
        colour = p.order[p.index]
        self.draw_from_deck(card)
        self.give_card(colour, card)
        self.emit("deal", f"{colour} is dealt an action card", "MoH-setup", colour,
                  detail=f"{colour} is dealt {CARD_NAMES[card]}", visible_to=(colour,),
                  secret={"card": card})
        if p.index + 1 < len(p.order):
            self.pending = p._replace(index=p.index + 1)
        else:
            self.pending = Pending("place_roll", n=0)

    def draw_from_deck(self, card: str) -> None:
        deck = list(self.deck)
        deck[CARD_INDEX[card]] -= 1
        self.deck = tuple(deck)

    def placement_roll(self, faces: tuple[int, ...]) -> None:
        colour = self.placer()
        self.emit("placement_roll", f"{colour} rolls {faces[0]} and {faces[1]} to place a "
                  "character", "MoH-setup-characters", colour, dice=faces)
        self.pending = Pending("place", n=self.pending.n, dice=faces)

    def placer(self) -> str:
        return self.colours[self.pending.n % len(self.colours)]

    def place(self, choice: Place) -> None:
        colour = self.placer()
        fallback = choice.location not in self.pending.dice or not self.has_room(choice.location)
        self.chars = tuple(sorted((*self.chars, (colour, choice.kind, choice.location))))
        why = " (both dice full: any location with room)" if fallback else ""
        self.emit("place", f"{colour} places the {KIND_NAMES[choice.kind]} at "
                  f"{self.label(choice.location)}{why}",
                  "MoH-R4" if fallback else "MoH-setup-characters", colour,
                  location=choice.location, kind=choice.kind)
        n = self.pending.n + 1
        if n < len(self.colours) * len(self.setup.kinds):
            self.pending = Pending("place_roll", n=n)
        else:
            self.pending = Pending("zombies0")

    def initial_zombies(self, faces: tuple[int, ...]) -> None:
        placed = tuple(f for f in faces if self.is_open(f))
        self.emit("initial_zombies", f"The first player rolls {_faces(faces)}: zombies arrive "
                  f"at {_places(placed)}", "MoH-setup-zombies", dice=faces, placed=placed)
        self.place_dice(faces)
        self.begin_round()

    def place_dice(self, faces: Iterable[int]) -> None:
        """Put one zombie per die; dice on closed or sealed locations are ignored."""
        for face in faces:
            if face in self.closed:
                self.emit("die_ignored", f"The die showing {face} is ignored: the location is "
                          "closed in this game", "MoH-R3", location=face)
            elif face in self.sealed:
                self.emit("die_ignored", f"The die showing {face} is ignored: the location is "
                          "sealed", "MoH-R12", location=face)
            else:
                self.add_zombies(face, 1)

    # -- rounds and phases -----------------------------------------------------------
    def begin_round(self) -> None:
        self.round += 1
        self.phase = "a"
        self.chief_elected = False
        self.hardware = (0,) * 6
        self.hidden = ()
        self.destinations = ()
        self.roll = ()
        self.lookers = ()
        self.emit("round", f"Round {self.round} begins; {self.chief} holds the Chief badge",
                  "MoH-round")
        self.begin_a()

    def begin_a(self) -> None:
        self.phase = "a"
        if self.deck_size() == 0:
            self.emit("skip", "The truck is empty: no search this round or any later one",
                      "MoH-R9")
            return self.begin_b()
        if not self.at(PARKING):
            self.emit("skip", "No one is at the Parking Lot: no one searches the truck",
                      "MoH-a")
            return self.begin_b()
        self.start_vote("truck", PARKING)

    def begin_b(self) -> None:
        self.phase = "b"
        if not self.at(SECURITY):
            self.emit("skip", f"The Security Room is empty: {self.chief} stays Chief "
                      "(and may not look at the roll)", "MoH-b")
            return self.begin_c()
        self.start_vote("chief", SECURITY)

    def begin_c(self) -> None:
        self.phase = "c"
        self.pending = Pending("arrival_roll")

    def arrival_roll(self, faces: tuple[int, ...]) -> None:
        self.roll = faces
        self.lookers = (self.chief,) if self.chief_elected else ()
        who = (f"{self.chief}, elected this round, may look" if self.chief_elected
               else "no one may look")
        self.emit("arrival_roll", f"The Chief rolls {self.cfg.dice} zombie dice under the box; "
                  f"{who}", "MoH-R10" if not self.chief_elected else "MoH-c",
                  detail=f"The zombie dice show {_faces(faces)} ({who})",
                  visible_to=self.lookers, secret={"dice": faces})
        order = tuple(c for c in self.order()
                      if c in self.alive() and c not in self.lookers
                      and "camera" in self.hands[self.seat(c)])
        if order:
            self.pending = Pending("camera", order=order)
        else:
            self.begin_d()

    def camera(self, choice: PlayCard | Pass) -> None:
        p = self.pending
        colour = p.order[p.index]
        if isinstance(choice, PlayCard):
            self.take_card(colour, "camera")
            self.lookers = (*self.lookers, colour)
            self.emit("camera", f"{colour} plays a Security Camera and looks at the roll",
                      "MoH-c", colour, detail=f"{colour} plays a Security Camera: the dice "
                      f"show {_faces(self.roll)}", visible_to=(colour,))
        if p.index + 1 < len(p.order):
            self.pending = p._replace(index=p.index + 1)
        else:
            self.begin_d()

    def begin_d(self) -> None:
        self.phase = "d"
        order = []
        for colour in self.order():
            if colour not in self.alive():
                continue
            if self.destination_options(colour):
                order.append(colour)
            else:
                self.emit("no_destination", f"{colour} has no legal destination (all their "
                          "characters stand at the only open location) and moves no one this "
                          "round", "MoH-R18", colour)
        if order:
            self.pending = Pending("destination", order=tuple(order))
        else:
            self.zombie_drops()

    def destination_options(self, colour: str) -> list[int]:
        """Open locations where at least one of ``colour``'s characters is not (MoH-R11)."""
        mine = {loc for c, _, loc in self.chars if c == colour}
        if not mine:
            return []
        (only,) = mine if len(mine) == 1 else (0,)
        return [loc for loc in LOCATIONS if loc != only and self.is_open(loc)]

    def destination(self, choice: Destination) -> None:
        p = self.pending
        colour = p.order[p.index]
        self.destinations = (*self.destinations, (colour, choice.location))
        if colour == self.chief and self.chief_elected:
            self.emit("destination", f"Chief {colour} announces destination "
                      f"{self.label(choice.location)}", "MoH-d", colour,
                      location=choice.location)
        else:
            self.emit("destination", f"{colour} chooses a destination in secret", "MoH-d",
                      colour, detail=f"{colour} chooses destination "
                      f"{self.label(choice.location)} in secret", visible_to=(colour,),
                      secret={"location": choice.location})
        if p.index + 1 < len(p.order):
            self.pending = p._replace(index=p.index + 1)
        else:
            self.zombie_drops()

    def zombie_drops(self) -> None:
        returning = {c for c, r in self.eliminated if r < self.round}
        order = tuple(c for c in self.order() if c in returning)
        if order:
            self.pending = Pending("zombie_drop", order=order)
        else:
            self.begin_e()

    def zombie_drop(self, choice: PlaceZombie) -> None:
        p = self.pending
        colour = p.order[p.index]
        self.add_zombies(choice.location, 1)
        self.emit("zombie_drop", f"{colour}, eliminated, returns as a zombie at "
                  f"{self.label(choice.location)}", "MoH-R15", colour, location=choice.location)
        if p.index + 1 < len(p.order):
            self.pending = p._replace(index=p.index + 1)
        else:
            self.begin_e()

    def begin_e(self) -> None:
        self.phase = "e"
        if self.destinations:
            shown = ", ".join(f"{c} → {loc}" for c, loc in self.destinations)
            self.emit("reveal_destinations", f"Destinations revealed: {shown}", "MoH-e",
                      destinations=self.destinations)
        faces = self.roll
        placed = tuple(f for f in faces if self.is_open(f))
        self.emit("arrivals", f"The zombie dice are revealed: {_faces(faces)}; zombies arrive "
                  f"at {_places(placed)}", "MoH-e", dice=faces, placed=placed)
        self.place_dice(faces)
        self.roll = ()
        self.lookers = ()
        self.check_sealing()
        order = tuple(c for c, _ in self.destinations)
        if order:
            self.pending = Pending("move", order=order)
        else:
            self.begin_f()

    def check_sealing(self) -> None:
        """Empty locations with enough zombies are sealed (MoH-e-seal, MoH-R12)."""
        for loc in LOCATIONS:
            if loc == PARKING or not self.is_open(loc):
                continue
            z = self.zombies[loc - 1]
            if z >= self.cfg.seal_at and self.count(loc) == 0:
                self.sealed = tuple(sorted((*self.sealed, loc)))
                self.set_zombies(loc, 0)
                self.emit("sealed", f"{self.label(loc)} is empty with {z} zombies in front: "
                          "it is sealed for the rest of the game and its zombies removed",
                          "MoH-e-seal", location=loc, zombies=z)

    def destination_of(self, colour: str) -> int:
        for c, loc in self.destinations:
            if c == colour:
                return loc
        raise KeyError(colour)

    def move(self, choice: Move) -> None:
        p = self.pending
        colour = p.order[p.index]
        start = self.where(colour, choice.kind)
        target = choice.to
        name = _who(colour, choice.kind)
        if choice.sprint:
            self.take_card(colour, "sprint")
            goal = ("to come back where it stood" if target == start
                    else f"towards {self.label(target)}")
            self.emit("sprint", f"{colour} plays Sprint and sends the "
                      f"{KIND_NAMES[choice.kind]} {goal} instead of to "
                      f"{self.destination_of(colour)}", "MoH-e-sprint", colour, to=target)
        if target == start:
            self.emit("move", f"{name} stays at {self.label(start)}", "MoH-e-sprint", colour,
                      kind=choice.kind, start=start, end=start)
        elif target in self.sealed or not self.has_room(target):
            why = "sealed" if target in self.sealed else "full"
            rule_id = "MoH-R12" if why == "sealed" else "MoH-e-full"
            if start == PARKING:
                self.emit("move", f"{self.label(target)} is {why}: {name} stays at the "
                          "Parking Lot", rule_id, colour, kind=choice.kind, start=start,
                          end=start)
            else:
                self.relocate(colour, choice.kind, PARKING)
                self.emit("move", f"{self.label(target)} is {why}: {name} goes from "
                          f"{self.label(start)} to the Parking Lot", rule_id, colour,
                          kind=choice.kind, start=start, end=PARKING)
        else:
            self.relocate(colour, choice.kind, target)
            self.emit("move", f"{name} moves from {self.label(start)} to {self.label(target)}",
                      "MoH-e",
                      colour, kind=choice.kind, start=start, end=target)
        if p.index + 1 < len(p.order):
            self.pending = p._replace(index=p.index + 1)
        else:
            self.begin_f()

    def where(self, colour: str, kind: str) -> int:
        for c, k, loc in self.chars:
            if c == colour and k == kind:
                return loc
        raise KeyError((colour, kind))

    # -- phase f -----------------------------------------------------------------------
    def begin_f(self) -> None:
        self.phase = "f"
        self.add_extra_zombies()
        self.attack_from(1)

    def add_extra_zombies(self) -> None:
        """The crowd and the loudest Pin-Ups draw one zombie each (MoH-f-extra, R13)."""
        open_locs = [loc for loc in LOCATIONS if self.is_open(loc)]
        crowd = {loc: self.count(loc) for loc in open_locs}
        self.extra_zombie(crowd, "characters", minimum=1)
        pinups = {loc: sum(1 for _, k in self.at(loc) if k == "pinup") for loc in open_locs}
        self.extra_zombie(pinups, "Pin-Ups", minimum=1)

    def under_attack(self) -> tuple[int, ...]:
        """Locations whose zombies would break in now, before any card (MoH-f, R5, R6)."""
        out = []
        for loc in LOCATIONS:
            if not self.is_open(loc) or not self.count(loc):
                continue
            z = self.zombies[loc - 1]
            if (z > 0) if loc == PARKING else (z >= self.threshold(loc)):
                out.append(loc)
        return tuple(out)

    def preview_round(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """Characters stay where they are; these dice arrive: which locations fall?

        The same steps as phases e) and f) of the engine — dice placed (closed and
        sealed locations ignored), sealing, the extra zombies — then the attack check.
        """
        self.place_dice(faces)
        self.check_sealing()
        self.add_extra_zombies()
        return self.under_attack()

    def extra_zombie(self, counts: dict[int, int], what: str, minimum: int) -> None:
        """One zombie for the single location with the most ``what`` (MoH-f-extra, R13)."""
        top = max(counts.values())
        leaders = [loc for loc, n in counts.items() if n == top]
        if top < minimum:
            self.emit("extra_zombie", f"No location has any {what}: no extra zombie",
                      "MoH-R13", what=what)
        elif len(leaders) > 1:
            self.emit("extra_zombie", f"Tie for the most {what} ({top}) at "
                      f"{', '.join(map(str, leaders))}: no extra zombie", "MoH-R13",
                      what=what, tied=tuple(leaders))
        else:
            self.add_zombies(leaders[0], 1)
            self.emit("extra_zombie", f"{self.label(leaders[0])} has the most {what} ({top}): "
                      "one extra zombie arrives", "MoH-f-extra", location=leaders[0],
                      what=what)

    def attack_from(self, first: int) -> None:
        """Check locations ``first``…6 in order until one needs a decision (MoH-f)."""
        for loc in range(first, 7):
            if not self.is_open(loc):
                continue
            z = self.zombies[loc - 1]
            if self.count(loc) == 0:
                if z:
                    self.emit("waiting", f"{_n(z, 'zombie')} wait in front of the empty "
                              f"{self.label(loc)}", "MoH-f", location=loc, zombies=z)
                continue
            if loc == PARKING:
                if z:
                    self.emit("parking", f"{_n(z, 'zombie')} at the Parking Lot: each eats one "
                              "character, one vote per meal", "MoH-parking", location=loc,
                              zombies=z)
                    return self.start_window(loc, "meal")
                continue
            d = self.defence(loc)
            t = self.threshold(loc)
            tough = any(k == "toughguy" for _, k in self.at(loc))
            note = " (a Tough Guy counts twice)" if tough else ""
            if loc == SUPERMARKET and t < d:
                rule_id, note = "MoH-f-supermarket", f"{note}; {t} are enough at the Supermarket"
            elif tough:
                rule_id = "MoH-f-toughguy"
            else:
                rule_id = "MoH-R5"
            if z >= t:
                self.emit("threat", f"{_n(z, 'zombie')} against defence {d} at {self.label(loc)}"
                          f"{note}: they break in unless cards stop them", rule_id,
                          location=loc, zombies=z, defence=d, threshold=t)
                return self.start_window(loc, "sacrifice")
            if z:  # no zombies in front: nothing to tell
                self.emit("holds", f"{_n(z, 'zombie')} against defence {d} at "
                          f"{self.label(loc)}{note}: the door holds", rule_id, location=loc,
                          zombies=z, defence=d, threshold=t)
        self.end_round()

    def window_cards(self, colour: str, location: int, purpose: str) -> list[PlayCard]:
        """Cards ``colour`` may play now (MoH-voting-threat, MoH-f-cards)."""
        hand = self.hands[self.seat(colour)]
        out: list[PlayCard] = []
        if "threat" in hand:
            out.append(PlayCard("threat", location))
        if purpose in ("truck", "chief"):
            return out
        if "hardware" in hand and location != PARKING:
            out.append(PlayCard("hardware", location))
        for weapon in ("weapon1", "weapon2"):
            if weapon in hand:
                out.append(PlayCard(weapon, location))
        if "hidden" in hand:
            for c, k in self.at(location):
                if c == colour and (c, k) not in self.hidden:
                    out.append(PlayCard("hidden", location, k))
        return out

    def start_vote(self, purpose: str, location: int) -> None:
        """A vote of phase a) or b): Threat cards first, then the ballots (MoH Voting)."""
        candidates = self.eligible(location)
        if len(candidates) == 1:
            return self.forced(purpose, location, candidates[0])
        order = tuple(c for c in candidates if "threat" in self.hands[self.seat(c)])
        if order:
            self.pending = Pending("window", purpose, location, order=order)
        else:
            self.open_ballots(purpose, location, ())

    def forced(self, purpose: str, location: int, colour: str) -> None:
        self.emit("forced_vote", f"Only {colour} can be chosen at {self.label(location)}: "
                  "no vote is needed", "MoH-R19", colour, location=location)
        self.resolve(purpose, location, colour)

    def start_window(self, location: int, purpose: str) -> None:
        """Players there may play cards, Chief first then clockwise (MoH-R14)."""
        present = {c for c, _ in self.at(location)}
        order = tuple(c for c in self.order()
                      if c in present and self.window_cards(c, location, purpose))
        if order:
            self.pending = Pending("window", purpose, location, order=order)
        else:
            self.after_window(purpose, location, ())

    def play_card(self, choice: PlayCard) -> None:
        p = self.pending
        colour = p.order[p.index]
        loc = p.location
        self.take_card(colour, choice.card)
        threats = p.threats
        if choice.card == "threat":
            counts = dict(threats)
            counts[colour] = counts.get(colour, 0) + 1
            threats = tuple(sorted(counts.items()))
            self.emit("card", f"{colour} plays a Threat: an extra vote for {colour} in this vote",
                      "MoH-voting-threat", colour, card="threat", location=loc)
        elif choice.card == "hardware":
            hw = list(self.hardware)
            hw[loc - 1] += 1
            self.hardware = tuple(hw)
            capped = " (it cannot stop 4 zombies at the Supermarket)" if loc == SUPERMARKET else ""
            self.emit("card", f"{colour} plays Hardware at {self.label(loc)}: defence "
                      f"{self.defence(loc)} this round{capped}", "MoH-f-cards", colour,
                      card="hardware", location=loc)
        elif choice.card in ("weapon1", "weapon2"):
            strength = 1 if choice.card == "weapon1" else 2
            killed = min(strength, self.zombies[loc - 1])
            self.set_zombies(loc, self.zombies[loc - 1] - killed)
            self.emit("card", f"{colour} plays a Weapon at {self.label(loc)}: "
                      f"{_n(killed, 'zombie')} killed, {self.zombies[loc - 1]} left",
                      "MoH-f-cards", colour,
                      card=choice.card, location=loc, killed=killed)
        else:  # hidden
            assert choice.character is not None
            self.hidden = tuple(sorted((*self.hidden, (colour, choice.character))))
            self.emit("card", f"{colour} plays Hidden: the {KIND_NAMES[choice.character]} "
                      "hides, cannot vote or be chosen, but still defends", "MoH-f-cards",
                      colour, card="hidden", location=loc, character=choice.character)
        p = p._replace(threats=threats)
        if not self.window_cards(colour, loc, p.purpose):
            p = p._replace(index=p.index + 1)
        self.pending = p
        if p.index >= len(p.order):
            self.after_window(p.purpose, loc, threats)

    def pass_window(self) -> None:
        p = self.pending
        self.pending = p = p._replace(index=p.index + 1)
        if p.index >= len(p.order):
            self.after_window(p.purpose, p.location, p.threats)

    def after_window(self, purpose: str, location: int,
                     threats: tuple[tuple[str, int], ...]) -> None:
        if purpose in ("sacrifice", "meal"):
            z = self.zombies[location - 1]
            if purpose == "sacrifice" and z < self.threshold(location):
                self.emit("repelled", f"After the cards, {_n(z, 'zombie')} against "
                          f"{self.threshold(location)} needed: no break-in at "
                          f"{self.label(location)}", "MoH-f-cards", location=location)
                return self.attack_from(location + 1)
            if purpose == "meal" and z == 0:
                self.emit("repelled", "No zombie is left at the Parking Lot", "MoH-R6",
                          location=location)
                return self.attack_from(location + 1)
            if not self.eligible(location):
                self.set_zombies(location, 0)
                self.emit("all_hidden", f"Every character at {self.label(location)} is "
                          "hidden: no one is eaten and the zombies leave", "MoH-R14",
                          location=location)
                return self.attack_from(location + 1)
        candidates = self.eligible(location)
        if len(candidates) == 1:
            return self.forced(purpose, location, candidates[0])
        self.open_ballots(purpose, location, threats)

    def open_ballots(self, purpose: str, location: int,
                     threats: tuple[tuple[str, int], ...]) -> None:
        candidates = self.eligible(location)
        extra = dict(threats)
        weights = tuple((c, self.base_weight(c, location) + extra.get(c, 0))
                        for c in candidates)
        self.pending = Pending("ballot", purpose, location, order=candidates,
                               candidates=candidates, weights=weights, threats=threats)

    def ballot(self, choice: Vote) -> None:
        p = self.pending
        voter = p.order[p.index]
        self.emit("ballot", f"{voter} votes in secret", "MoH-voting", voter,
                  detail=f"{voter} votes for {choice.colour}", visible_to=(voter,),
                  secret={"colour": choice.colour})
        p = p._replace(index=p.index + 1, ballots=(*p.ballots, (voter, choice.colour)))
        self.pending = p
        if p.index >= len(p.order):
            self.tally()

    def tally(self) -> None:
        p = self.pending
        weight = dict(p.weights)
        counts = dict.fromkeys(p.candidates, 0)
        for voter, colour in p.ballots:
            counts[colour] += weight[voter]
        top = max(counts.values())
        tied = tuple(c for c in p.candidates if counts[c] == top)
        shown = "; ".join(f"{v} votes {c}" + (f" with {weight[v]} votes" if weight[v] != 1
                                               else "") for v, c in p.ballots)
        totals = ", ".join(f"{c} {counts[c]}" for c in p.candidates)
        rule_id = "MoH-R8" if p.second else "MoH-R7"
        self.emit("tally", f"{'Second vote' if p.second else 'Votes'} at "
                  f"{self.label(p.location)}: {shown}. Totals: {totals}", rule_id,
                  location=p.location, ballots=p.ballots, counts=tuple(counts.items()))
        if len(tied) == 1:
            return self.resolve(p.purpose, p.location, tied[0])
        if not p.second:
            hiding = {c for c, k in self.at(p.location)} - set(self.eligible(p.location))
            voters = tuple(c for c in self.order() if c not in hiding)
            weights = tuple((v, weight.get(v, 1)) for v in voters)
            hid = " (players whose characters there all hide do not vote)" if hiding else ""
            self.emit("second_vote", f"Tie between {_and(tied)}: a second vote among "
                      f"them, everyone else with one vote{hid}", "MoH-voting-tie",
                      tied=tied)
            self.pending = Pending("ballot", p.purpose, p.location, order=voters,
                                   candidates=tied, weights=weights, second=True)
            return
        if p.purpose == "truck":
            self.emit("no_result", "Tie again: no one searches the truck", "MoH-R8")
            return self.begin_b()
        if p.purpose == "chief":
            self.emit("no_result", f"Tie again: no one is elected; {self.chief} stays Chief "
                      "and may not look at the roll", "MoH-R8")
            return self.begin_c()
        self.emit("no_result", f"Tie again between {_and(tied)}: chance decides",
                  "MoH-R8", tied=tied)
        self.pending = Pending("tiebreak", p.purpose, p.location, candidates=tied)

    def resolve(self, purpose: str, location: int, colour: str) -> None:
        """The vote chose ``colour``: search, become Chief, or lose a character."""
        if purpose == "truck":
            n = min(3, self.deck_size())
            self.emit("searcher", f"{colour} searches the truck and draws {_n(n, 'card')}",
                      "MoH-R9", colour, cards=n)
            self.pending = Pending("truck_draw", "truck", PARKING, chosen=colour, n=n)
            return self.continue_drawing()
        if purpose == "chief":
            self.chief = colour
            self.chief_elected = True
            self.emit("chief", f"{colour} is elected Chief of Security for this round",
                      "MoH-b", colour)
            return self.begin_c()
        victims = [k for c, k in self.at(location) if c == colour and (c, k) not in self.hidden]
        self.emit("chosen", f"{colour} is chosen at {self.label(location)}",
                  "MoH-parking" if purpose == "meal" else "MoH-f", colour, location=location)
        if len(victims) == 1:
            return self.eat(colour, victims[0], purpose, location)
        self.pending = Pending("pick_victim", purpose, location, chosen=colour)

    def continue_drawing(self) -> None:
        p = self.pending
        drawn, n = p.drawn, p.n
        while n and not sum(self.deck):
            drawn, n = (*drawn, self.bottom[0]), n - 1   # known cards under the deck
            self.bottom = self.bottom[1:]
        p = p._replace(drawn=drawn, n=n)
        self.pending = p
        if n:
            return
        if len(drawn) == 1:
            self.give_card(p.chosen, drawn[0])
            self.emit("truck", f"{p.chosen} keeps the only card", "MoH-R9", p.chosen,
                      detail=f"{p.chosen} keeps {CARD_NAMES[drawn[0]]}", visible_to=(p.chosen,))
            return self.begin_b()
        self.pending = Pending("truck_split", "truck", PARKING, chosen=p.chosen, drawn=drawn)

    def truck_draw(self, card: str) -> None:
        p = self.pending
        self.draw_from_deck(card)
        self.pending = p._replace(drawn=(*p.drawn, card), n=p.n - 1)
        self.continue_drawing()

    def truck_split(self, choice: TruckSplit) -> None:
        p = self.pending
        rest = list(p.drawn)
        rest.remove(choice.keep)
        self.give_card(p.chosen, choice.keep)
        text = f"{p.chosen} keeps one card"
        detail = f"{p.chosen} keeps {CARD_NAMES[choice.keep]}"
        if choice.give is not None and choice.to is not None:
            rest.remove(choice.give)
            self.give_card(choice.to, choice.give)
            text += f", gives one to {choice.to}"
            detail += f", gives {CARD_NAMES[choice.give]} to {choice.to}"
        if rest:
            self.bottom = (*self.bottom, *rest)
            text += " and puts one under the deck"
            detail += f" and puts {CARD_NAMES[rest[0]]} under the deck"
        self.emit("truck", text, "MoH-R9", p.chosen, detail=detail, visible_to=(p.chosen,))
        if choice.give is not None and choice.to is not None:
            self.emit("gift", f"{choice.to} receives a card from {p.chosen}", "MoH-R9",
                      choice.to, detail=f"{choice.to} receives {CARD_NAMES[choice.give]} "
                      f"from {p.chosen}", visible_to=(choice.to, p.chosen))
        self.begin_b()

    def eat(self, colour: str, kind: str, purpose: str, loc: int) -> None:
        """The zombies eat a character; after a sacrifice they leave (MoH-f, MoH-parking)."""
        self.chars = tuple(x for x in self.chars if (x[0], x[1]) != (colour, kind))
        self.eaten = (*self.eaten, (colour, kind))
        self.emit("eaten", f"The zombies eat {_who(colour, kind)} at {self.label(loc)}",
                  "MoH-parking" if purpose == "meal" else "MoH-f", colour, kind=kind,
                  location=loc, points=POINTS[kind])
        if colour not in self.alive():
            self.eliminated = (*self.eliminated, (colour, self.round))
            self.emit("eliminated", f"{colour} has no characters left: they still vote in "
                      "second votes and will return as zombies", "MoH-eliminated", colour)
        if purpose == "sacrifice":
            self.set_zombies(loc, 0)
            self.emit("feast_over", f"After the feast the zombies at {self.label(loc)} are "
                      "removed", "MoH-R14", location=loc)
            return self.attack_from(loc + 1)
        z = self.zombies[loc - 1] - 1
        self.set_zombies(loc, z)
        if z and self.count(loc):
            return self.start_window(loc, "meal")
        if z:
            self.set_zombies(loc, 0)
            self.emit("leftovers", f"{_n(z, 'zombie')} at the Parking Lot have no one left to eat "
                      "and are removed", "MoH-parking", location=loc, zombies=z)
        self.attack_from(loc + 1)

    def end_round(self) -> None:
        """The rescue arrives or the next round begins (MoH-end, MoH-R16)."""
        living = len(self.chars)
        places = {loc for _, _, loc in self.chars}
        limit = self.setup.survivors_to_end
        if living <= limit or (len(places) == 1 and PARKING not in places):
            why = (f"{_n(living, 'character')} alive, at most {limit}" if living <= limit
                   else f"every survivor is at {self.label(places.pop())}")
            self.phase = "over"
            self.pending = Pending("over")
            score = _scores(self.colours, self.chars)
            shown = ", ".join(f"{c} {score[c]}" for c in self.colours)
            self.emit("game_over", f"The rescue arrives: {why}. Scores: {shown}", "MoH-end",
                      scores=tuple(score.items()))
            return
        self.begin_round()


def _n(count: int, noun: str) -> str:
    """``'1 zombie'``, ``'3 zombies'``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _and(items: Iterable[str]) -> str:
    """``'a'``, ``'a and b'``, ``'a, b and c'``."""
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _faces(faces: tuple[int, ...]) -> str:
    return ", ".join(map(str, faces)) if faces else "nothing"


def _places(placed: tuple[int, ...]) -> str:
    return ", ".join(map(str, placed)) if placed else "no location"


def _scores(colours: tuple[str, ...], chars: Iterable[tuple[str, str, int]]) -> dict[str, int]:
    score = dict.fromkeys(colours, 0)
    for c, k, _ in chars:
        score[c] += POINTS[k]
    return score


_DECISION_RULES = {"place": "MoH-setup-characters", "window": "MoH-f-cards",
                   "ballot": "MoH-R7", "truck_split": "MoH-R9", "pick_victim": "MoH-R7",
                   "camera": "MoH-c", "destination": "MoH-R11", "zombie_drop": "MoH-R15",
                   "move": "MoH-e", "over": "MoH-end", "deal": "MoH-setup",
                   "place_roll": "MoH-setup-characters", "zombies0": "MoH-setup-zombies",
                   "truck_draw": "MoH-R9", "tiebreak": "MoH-R8", "arrival_roll": "MoH-c"}


class MallOfHorrorRules:
    """The :class:`~boardlab.core.engine.Rules` of Mall of Horror."""

    name = "mall-of-horror"
    book = BOOK
    setup_type = Setup
    state_type = State
    choice_types = CHOICE_TYPES

    # -- nodes -------------------------------------------------------------------------
    def initial(self, setup: Setup) -> State:
        """Seats, the deck, the first player with the Chief badge (MoH Setup)."""
        colours = setup.colours
        return State(setup=setup, round=0, phase="setup", chars=(), eaten=(),
                     zombies=(0,) * 6, sealed=(), hands=((),) * len(colours),
                     deck=setup.config.deck(), bottom=(), discard=(0,) * len(CARDS),
                     chief=colours[0], chief_elected=False, roll=(), lookers=(),
                     destinations=(), hardware=(0,) * 6, hidden=(), eliminated=(),
                     pending=Pending("deal", order=colours))

    def to_move(self, state: State) -> str | None:
        p = state.pending
        kind = p.kind
        if kind in CHANCE_KINDS:
            return CHANCE
        if kind == "over":
            return None
        if kind == "place":
            colours = state.setup.colours
            return colours[p.n % len(colours)]
        if kind in ("truck_split", "pick_victim"):
            return p.chosen
        return p.order[p.index]

    def outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        kind = state.pending.kind
        if kind in ("deal", "truck_draw"):
            return draw_outcomes(state.deck)
        if kind == "place_roll":
            return dice_outcomes(PLACEMENT_DICE)
        if kind == "zombies0":
            return dice_outcomes(INITIAL_ZOMBIE_DICE)
        if kind == "arrival_roll":
            return dice_outcomes(state.setup.config.dice)
        if kind == "tiebreak":
            tied = state.pending.candidates
            return tuple((TieBreak(c), Fraction(1, len(tied))) for c in tied)
        return ()

    def legal(self, state: State) -> tuple[Any, ...]:
        p = state.pending
        kind = p.kind
        if kind == "ballot":
            return tuple(Vote(c) for c in p.candidates)
        if kind == "camera":
            return (PlayCard("camera"), Pass())
        w = _Work(state)
        if kind == "place":
            return self._legal_place(w)
        if kind == "window":
            colour = p.order[p.index]
            return (*w.window_cards(colour, p.location, p.purpose), Pass())
        if kind == "ballot":
            return tuple(Vote(c) for c in p.candidates)
        if kind == "camera":
            return (PlayCard("camera"), Pass())
        if kind == "destination":
            return tuple(Destination(loc) for loc in w.destination_options(p.order[p.index]))
        if kind == "zombie_drop":
            return tuple(PlaceZombie(loc) for loc in LOCATIONS if w.is_open(loc))
        if kind == "move":
            return self._legal_move(w, p.order[p.index])
        if kind == "pick_victim":
            return tuple(Sacrifice(k) for c, k in w.at(p.location)
                         if c == p.chosen and (c, k) not in w.hidden)
        if kind == "truck_split":
            return self._legal_split(state)
        return ()

    def _legal_place(self, w: _Work) -> tuple[Place, ...]:
        colour = w.placer()
        placed = {k for c, k, _ in w.chars if c == colour}
        kinds = [k for k in w.setup.kinds if k not in placed]
        offered = sorted({d for d in w.pending.dice if w.is_open(d) and w.has_room(d)})
        if not offered:  # both dice full or closed: any location with room (MoH-R4)
            offered = [loc for loc in LOCATIONS if w.is_open(loc) and w.has_room(loc)]
        return tuple(Place(k, loc) for k in kinds for loc in offered)

    def _legal_move(self, w: _Work, colour: str) -> tuple[Move, ...]:
        dest = w.destination_of(colour)
        mine = [(k, loc) for c, k, loc in w.chars if c == colour]
        moves = [Move(k, dest) for k, loc in mine if loc != dest]
        if "sprint" in w.hands[w.seat(colour)]:
            targets = [loc for loc in LOCATIONS if w.is_open(loc) and loc != dest]
            moves.extend(Move(k, loc, True) for k, _ in mine for loc in targets)
        return tuple(moves)

    def _legal_split(self, state: State) -> tuple[TruckSplit, ...]:
        p = state.pending
        drawn = p.drawn
        others = [c for c in state.setup.colours if c != p.chosen]
        seen: dict[TruckSplit, None] = {}
        for i, keep in enumerate(drawn):
            for j, give in enumerate(drawn):
                if i != j:
                    for to in others:
                        seen[TruckSplit(keep, give, to)] = None
        return tuple(seen)

    def step(self, state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal choice or outcome (unchecked: :class:`Match` checks legality)."""
        w = _Work(state)
        kind = state.pending.kind
        if kind == "deal":
            w.deal(choice.card)
        elif kind == "place_roll":
            w.placement_roll(choice.faces)
        elif kind == "place":
            w.place(choice)
        elif kind == "zombies0":
            w.initial_zombies(choice.faces)
        elif kind == "arrival_roll":
            w.arrival_roll(choice.faces)
        elif kind == "camera":
            w.camera(choice)
        elif kind == "destination":
            w.destination(choice)
        elif kind == "zombie_drop":
            w.zombie_drop(choice)
        elif kind == "move":
            w.move(choice)
        elif kind == "window":
            if isinstance(choice, Pass):
                w.pass_window()
            else:
                w.play_card(choice)
        elif kind == "ballot":
            w.ballot(choice)
        elif kind == "truck_draw":
            w.truck_draw(choice.card)
        elif kind == "truck_split":
            w.truck_split(choice)
        elif kind == "tiebreak":
            w.emit("tiebreak", f"Chance picks {choice.colour}", "MoH-R8", choice.colour)
            w.resolve(state.pending.purpose, state.pending.location, choice.colour)
        elif kind == "pick_victim":
            w.eat(state.pending.chosen, choice.kind, state.pending.purpose,
                  state.pending.location)
        else:
            raise IllegalAction("the match is over", rule=BOOK["MoH-end"])
        return w.freeze(), tuple(w.events)

    def decision_rule(self, state: State) -> RuleRef:
        p = state.pending
        rule_id = _DECISION_RULES[p.kind]
        if p.kind == "window" and p.purpose in ("truck", "chief"):
            rule_id = "MoH-voting-threat"
        elif p.kind == "ballot" and p.second:
            rule_id = "MoH-R8"
        return BOOK[rule_id]

    # -- views and checks ----------------------------------------------------------------
    def observe(self, state: State, player: str) -> Any:
        from boardlab.mall_of_horror.observe import observe

        return observe(state, player)

    def scores(self, state: State) -> dict[str, int]:
        """Points of each colour's living characters (MoH End of Game)."""
        return _scores(state.setup.colours, state.chars)

    def invariants(self, state: State) -> list[str]:
        from boardlab.mall_of_horror.invariants import invariants

        return invariants(state)


RULES = MallOfHorrorRules()
