"""The pending procedure checked against the state: what each kind of step needs.

A Mall of Horror state waits for one step (``State.pending``): a deal, a placement, a
card window, a ballot, the truck search, a camera, a destination, a move, the end. Each
kind reads some of the pending fields and leaves the others at their defaults; the rules
create each kind in one phase, for players in a given situation (a card window for the
players standing at the location, a camera for those who hold the card). A saved or
hand-made position must agree, or the rules would meet a step they cannot take (a
colour who is not seated, a card that is not in a hand, a searcher with nothing to
draw) — :func:`procedure_facts` lists every disagreement, in words that cite the rule.

>>> from boardlab.mall_of_horror import new_match
>>> state = new_match(players=4, seed=1).state
>>> procedure_facts(state)
[]
>>> turned = state.pending._replace(order=("red", "yellow", "blue", "green"))
>>> procedure_facts(state._replace(pending=turned))  # doctest: +ELLIPSIS
["pending.order: the deal gives one card to each player in seat order (MoH-setup), ..."]
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from boardlab.core.errors import show_value
from boardlab.mall_of_horror.config import CARDS, LOCATIONS, PARKING, SECURITY
from boardlab.mall_of_horror.queries import destination_options, eligible_colours, turn_order
from boardlab.mall_of_horror.state import Kind, Pending, Phase, Purpose, State

__all__ = ["PHASE_OF", "USES", "procedure_facts"]

#: The pending fields each kind of step reads (the others stay at their defaults).
USES: Final[dict[str, frozenset[str]]] = {
    Kind.DEAL: frozenset({"order", "index"}),
    Kind.PLACE_ROLL: frozenset({"n"}),
    Kind.PLACE: frozenset({"n", "dice"}),
    Kind.ZOMBIES0: frozenset(),
    Kind.WINDOW: frozenset({"purpose", "location", "order", "index", "threats"}),
    Kind.BALLOT: frozenset({"purpose", "location", "order", "index", "candidates",
                            "weights", "threats", "ballots", "second"}),
    Kind.TIEBREAK: frozenset({"purpose", "location", "candidates"}),
    Kind.TRUCK_DRAW: frozenset({"purpose", "location", "n", "chosen", "drawn"}),
    Kind.TRUCK_SPLIT: frozenset({"purpose", "location", "chosen", "drawn"}),
    Kind.PICK_VICTIM: frozenset({"purpose", "location", "chosen"}),
    Kind.ARRIVAL_ROLL: frozenset(),
    Kind.CAMERA: frozenset({"order", "index"}),
    Kind.UNSEEN_ROLL: frozenset(),
    Kind.DESTINATION: frozenset({"order", "index"}),
    Kind.ZOMBIE_DROP: frozenset({"order", "index"}),
    Kind.MOVE: frozenset({"order", "index"}),
    Kind.OVER: frozenset(),
}

#: The phase each kind of step belongs to (a vote's phase depends on its purpose).
PHASE_OF: Final[dict[str, tuple[str, ...]]] = {
    Kind.DEAL: (Phase.SETUP,), Kind.PLACE_ROLL: (Phase.SETUP,), Kind.PLACE: (Phase.SETUP,),
    Kind.ZOMBIES0: (Phase.SETUP,), Kind.WINDOW: (Phase.A, Phase.B, Phase.F),
    Kind.BALLOT: (Phase.A, Phase.B, Phase.F), Kind.TIEBREAK: (Phase.F,),
    Kind.TRUCK_DRAW: (Phase.A,), Kind.TRUCK_SPLIT: (Phase.A,), Kind.PICK_VICTIM: (Phase.F,),
    Kind.ARRIVAL_ROLL: (Phase.C,), Kind.CAMERA: (Phase.C,), Kind.UNSEEN_ROLL: (Phase.D,),
    Kind.DESTINATION: (Phase.D,),
    Kind.ZOMBIE_DROP: (Phase.D,), Kind.MOVE: (Phase.E,), Kind.OVER: (Phase.OVER,),
}

#: What a vote (or the card window before it) decides: its phase, and where it is held
#: (``None``: at the location under attack, any but the Parking Lot).
_PURPOSE: Final[dict[str, tuple[str, int | None, str]]] = {
    Purpose.TRUCK: (Phase.A, PARKING, "MoH-R9"),
    Purpose.CHIEF: (Phase.B, SECURITY, "MoH-R10"),
    Purpose.SACRIFICE: (Phase.F, None, "MoH-f"),
    Purpose.MEAL: (Phase.F, PARKING, "MoH-parking"),
}
_DEFAULT: Final = Pending("")
_MAX_SEARCH: Final = 3  # the truck search draws up to three cards (MoH-R9)


def procedure_facts(state: State) -> list[str]:
    """Every way ``state.pending`` disagrees with the state (empty when it agrees).

    Assumes the field types are right and ``pending.kind`` is a known kind (the other
    invariants check those first).
    """
    p = state.pending
    kind = p.kind
    if kind not in USES:
        return []
    problems = [f"pending.{field}: the {kind} step does not use it, so it stays "
                f"{show_value(getattr(_DEFAULT, field))} (got {show_value(getattr(p, field))})"
                for field in Pending._fields[1:]
                if field not in USES[kind] and getattr(p, field) != getattr(_DEFAULT, field)]
    if state.phase not in PHASE_OF[kind]:
        problems.append(f"phase: the {kind} step happens in phase "
                        f"{' or '.join(PHASE_OF[kind])}, not {show_value(state.phase)}")
    if problems:
        return problems
    if len(set(p.order)) != len(p.order) or len(set(p.candidates)) != len(p.candidates):
        return [f"pending.order: a player is listed twice in the {kind} step's order or "
                "candidates"]
    check = _CHECKS.get(kind)
    return check(state, p) if check is not None else []


def _alive(state: State) -> set[str]:
    return {c for c, _, _ in state.chars}


def _at(state: State, location: int) -> set[str]:
    return {c for c, _, loc in state.chars if loc == location}


def _deal(state: State, p: Pending) -> list[str]:
    colours = state.setup.colours
    if p.order != colours:
        return [f"pending.order: the deal gives one card to each player in seat order "
                f"(MoH-setup), {', '.join(colours)}; got {show_value(p.order)}"]
    sizes = tuple(len(h) for h in state.hands)
    dealt = tuple(int(i < p.index) for i in range(len(colours)))
    if sizes != dealt or state.chars:
        return [f"hands: during the deal the players before {colours[p.index]} hold one "
                f"card each and the others none, before any character is placed (MoH-setup);"
                f" got {show_value(sizes)} cards"]
    return []


def _placement(state: State, p: Pending) -> list[str]:
    """A placement roll or a placement: the placer is the seat whose turn ``n`` is."""
    colours, kinds = state.setup.colours, state.setup.kinds
    total = len(colours) * len(kinds)
    if not 0 <= p.n < total or p.n != len(state.chars):
        return [f"pending.n: the placement number counts the characters placed, "
                f"{len(state.chars)} of {total}, got {show_value(p.n)} "
                "(MoH-setup-characters)"]
    placed = Counter(c for c, _, _ in state.chars)
    for j, colour in enumerate(colours):
        turns = (p.n - j + len(colours) - 1) // len(colours)
        if placed[colour] != turns:
            return [f"chars: the players place in turn, one character each, so {colour} "
                    f"has placed {turns}, not {placed[colour]} (MoH-setup-characters)"]
    if p.kind == Kind.PLACE and len(p.dice) != 2:
        return [f"pending.dice: a placement follows the roll of two dice, got "
                f"{show_value(p.dice)} (MoH-setup-characters)"]
    if any(len(h) != 1 for h in state.hands):
        return ["hands: each player holds the one card dealt while the characters are "
                "placed (MoH-setup)"]
    return []


def _zombies0(state: State, p: Pending) -> list[str]:
    total = len(state.setup.colours) * len(state.setup.kinds)
    if len(state.chars) != total:
        return [f"chars: the first zombies arrive once all {total} characters are placed, "
                f"not {len(state.chars)} (MoH-setup-zombies)"]
    return []


def _vote_place(state: State, p: Pending) -> list[str]:
    """Purpose, phase and location of a vote or the card window before it."""
    if p.purpose not in _PURPOSE:
        return [f"pending.purpose: the {p.kind} step decides one of {', '.join(_PURPOSE)}, "
                f"not {show_value(p.purpose)}"]
    phase, where, rule = _PURPOSE[p.purpose]
    if p.kind in (Kind.WINDOW, Kind.BALLOT) and state.phase != phase:
        return [f"pending.purpose: a {p.purpose} vote is held in phase {phase}, not "
                f"{state.phase} ({rule})"]
    if p.location not in LOCATIONS or (where is not None and p.location != where) or (
            where is None and p.location == PARKING):
        place = f"at location {where}" if where is not None else \
            "at a location under attack, not the Parking Lot"
        return [f"pending.location: a {p.purpose} vote is held {place}, not at "
                f"{show_value(p.location)} ({rule})"]
    return []


def _window(state: State, p: Pending) -> list[str]:
    problems = _vote_place(state, p)
    if problems:
        return problems
    here = _at(state, p.location)
    if not p.order or any(c not in here for c in p.order):
        return [f"pending.order: a card window is for players with a character at "
                f"location {p.location} (MoH-R14, MoH-voting-threat); got "
                f"{show_value(p.order)}"]
    return []


def _ballot(state: State, p: Pending) -> list[str]:
    problems = _vote_place(state, p)
    if problems:
        return problems
    eligible = set(eligible_colours(state, p.location))
    if len(p.candidates) < 2 or any(c not in eligible for c in p.candidates):
        return [f"pending.candidates: a vote is held among two or more players with a "
                f"character in view at location {p.location} (MoH-R7, MoH-R19); got "
                f"{show_value(p.candidates)}"]
    if not p.second and p.order != p.candidates:
        return ["pending.order: in a first ballot the candidates vote, in turn order "
                "(MoH-R7)"]
    if p.second:
        hiding = _at(state, p.location) - eligible
        voters = tuple(c for c in turn_order(state) if c not in hiding)
        if p.order != voters:
            return [f"pending.order: in a second ballot every player votes but those "
                    f"hiding there, in turn order: {', '.join(voters)} (MoH-R8)"]
    return []


def _tiebreak(state: State, p: Pending) -> list[str]:
    problems = _vote_place(state, p)
    if problems:
        return problems
    eligible = set(eligible_colours(state, p.location))
    if len(p.candidates) < 2 or any(c not in eligible for c in p.candidates):
        return [f"pending.candidates: a tie is broken among two or more players with a "
                f"character in view at location {p.location} (MoH-R8); got "
                f"{show_value(p.candidates)}"]
    return []


def _victim(state: State, p: Pending) -> list[str]:
    problems = _vote_place(state, p)
    if problems:
        return problems
    if p.purpose not in (Purpose.SACRIFICE, Purpose.MEAL):
        return [f"pending.purpose: a victim is picked after a sacrifice or a meal, not "
                f"{show_value(p.purpose)} (MoH-R7)"]
    victims = [k for c, k, loc in state.chars
               if c == p.chosen and loc == p.location and (c, k) not in state.hidden]
    if p.chosen not in state.setup.colours or len(victims) < 2:
        return [f"pending.chosen: the chosen player picks one of two or more of their "
                f"characters in view at location {p.location} (MoH-R7); got "
                f"{show_value(p.chosen)}"]
    return []


def _truck(state: State, p: Pending) -> list[str]:
    problems = _vote_place(state, p)
    if problems:
        return problems
    if p.purpose != Purpose.TRUCK:
        return [f"pending.purpose: the {p.kind} step is the truck search's, not "
                f"{show_value(p.purpose)} (MoH-R9)"]
    if p.chosen not in state.setup.colours or p.chosen not in _at(state, PARKING):
        return [f"pending.chosen: the searcher is a player with a character at the "
                f"Parking Lot (MoH-R9); got {show_value(p.chosen)}"]
    if any(card not in CARDS for card in p.drawn):
        return [f"pending.drawn: unknown card in {show_value(p.drawn)}"]
    if p.kind == Kind.TRUCK_DRAW:
        unseen = sum(state.deck)
        if not 1 <= p.n <= _MAX_SEARCH - len(p.drawn) or not unseen:
            return [f"pending.n: the searcher draws 1 to 3 cards in all, from the unseen "
                    f"deck ({unseen} cards); {len(p.drawn)} drawn and {show_value(p.n)} to "
                    "draw (MoH-R9)"]
    elif not 2 <= len(p.drawn) <= _MAX_SEARCH:
        return [f"pending.drawn: the searcher shares out the 2 or 3 cards drawn, got "
                f"{show_value(p.drawn)} (MoH-R9)"]
    return []


def _camera(state: State, p: Pending) -> list[str]:
    if len(state.roll) != state.setup.config.dice:
        return ["roll: the Security Camera looks at the arrival roll, which is not there "
                "(MoH-c)"]
    seat, alive = state.setup.colours.index, _alive(state)
    waiting = p.order[p.index:]
    if any(c not in alive or c in state.lookers or "camera" not in state.hands[seat(c)]
           for c in waiting):
        return [f"pending.order: the players still to decide on the Security Camera hold "
                f"one, have not looked at the roll and have characters (MoH-c); got "
                f"{show_value(waiting)}"]
    return []


def _arrival(state: State, p: Pending) -> list[str]:
    if state.roll or state.lookers:
        return ["roll: the arrival roll is made once, at the start of phase c) (MoH-c)"]
    return []


def _unseen_roll(state: State, p: Pending) -> list[str]:
    """The roll no one has seen is drawn once every destination is chosen (MoH-R20)."""
    if state.roll or state.lookers:
        return ["roll: the unseen_roll step draws an arrival roll that no one has seen, but "
                "this state has one already (MoH-R20, MoH-c)"]
    choosers = tuple(c for c in turn_order(state) if destination_options(state, c))
    if tuple(c for c, _ in state.destinations) != choosers:
        return [f"destinations: the unseen roll comes after every player with a choice has "
                f"chosen, in turn: {', '.join(choosers) or 'no one'} (MoH-R11, MoH-R20)"]
    return []


def _destination(state: State, p: Pending) -> list[str]:
    alive = _alive(state)
    if any(c not in alive for c in p.order):
        return [f"pending.order: only players with characters choose a destination "
                f"(MoH-R11); got {show_value(p.order)}"]
    if tuple(c for c, _ in state.destinations) != p.order[:p.index]:
        return ["destinations: the players before the one to choose, and only they, have "
                "chosen a destination, in turn (MoH-R11)"]
    return []


def _zombie_drop(state: State, p: Pending) -> list[str]:
    earlier = {c for c, r in state.eliminated if r < state.round}
    if any(c not in earlier for c in p.order):
        return [f"pending.order: a zombie is placed by a player eliminated in an earlier "
                f"round (MoH-R15); got {show_value(p.order)}"]
    return []


def _move(state: State, p: Pending) -> list[str]:
    if p.order != tuple(c for c, _ in state.destinations):
        return ["pending.order: the players move in the order of the destinations "
                "revealed (MoH-e)"]
    alive = _alive(state)
    if any(c not in alive for c in p.order[p.index:]):
        return ["pending.order: a player to move has no character (MoH-e)"]
    return []


_CHECKS = {
    Kind.DEAL: _deal, Kind.PLACE_ROLL: _placement, Kind.PLACE: _placement,
    Kind.ZOMBIES0: _zombies0, Kind.WINDOW: _window, Kind.BALLOT: _ballot,
    Kind.TIEBREAK: _tiebreak, Kind.PICK_VICTIM: _victim, Kind.TRUCK_DRAW: _truck,
    Kind.TRUCK_SPLIT: _truck, Kind.ARRIVAL_ROLL: _arrival, Kind.CAMERA: _camera,
    Kind.UNSEEN_ROLL: _unseen_roll,
    Kind.DESTINATION: _destination, Kind.ZOMBIE_DROP: _zombie_drop, Kind.MOVE: _move,
}
