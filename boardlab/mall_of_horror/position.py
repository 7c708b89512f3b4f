"""Build a mid-game Mall of Horror position from a plain description, for what-ifs.

>>> from boardlab.mall_of_horror.position import position
>>> s = position(players=4, characters={6: ["red pinup", "blue toughguy"],
...                                     4: ["yellow gunman", "green pinup"]},
...              zombies={6: 3}, phase="c")
>>> s.pending.kind, s.zombies[5]
('arrival_roll', 3)
>>> position(players=4, characters={2: ["red pinup"]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: location 2 is closed with 3–4 players (MoH-R3): ...

A position can also start in phase e), with the secret destinations and the arrival
roll given: the dice arrive and the first player to move is asked (MoH-e).

>>> s = position(characters={6: ["red pinup", "blue pinup"], 4: ["yellow pinup"],
...                          1: ["green pinup"]},
...              destinations={"yellow": 6, "red": 3, "blue": 3, "green": 6},
...              roll=(1, 3, 3, 6), phase="e")
>>> s.zombies, s.pending.kind, s.pending.order
((1, 0, 2, 0, 0, 1), 'move', ('yellow', 'red', 'blue', 'green'))

In-round facts are arguments too: known cards under the deck (``bottom``), characters
hidden this round (``hidden``), Hardware played this round (``hardware``), the Threat
cards played in the vote that opens phase a) or b) (``threats``), and, in phase d), the
hidden roll with who may look at it (``roll``, ``lookers``).

>>> s = position(characters={5: ["red pinup", "blue pinup"], 6: ["yellow pinup"],
...                          4: ["green pinup"]},
...              hands={"red": ["threat"]}, threats={"blue": 1}, phase="b")
>>> s.pending.kind, s.pending.threats, s.discard[0]
('window', (('blue', 1),), 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any, NamedTuple

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.soundness import start_problem
from boardlab.core.validate import flag, mapping, name, sequence, whole
from boardlab.mall_of_horror.config import (
    CARDS,
    KINDS,
    LOCATIONS,
    MAX_COUNT,
    PARKING,
    Config,
    Setup,
)
from boardlab.mall_of_horror.queries import destination_options, eligible_colours, turn_order
from boardlab.mall_of_horror.rules import RULES, open_vote, start_phase
from boardlab.mall_of_horror.state import Pending, State

CharacterSpec = str | tuple[str, str]
PHASE_STARTS = ("a", "b", "c", "d", "e", "f")


def _count(value: Any, path: str, *, minimum: int = 0) -> int:
    """A count of cards 0…MAX_COUNT (a whole number, not a bool)."""
    return whole(value, path, low=minimum, high=MAX_COUNT, error=ConfigError)


def _location(value: Any, path: str) -> int:
    """A location 1–6 (a whole number, not a bool)."""
    return whole(value, path, low=LOCATIONS[0], high=LOCATIONS[-1],
                 rule="the locations, MoH-R1", error=ConfigError)


#: A list, tuple or set of at most MAX_COUNT items (a lone string is not a list; ``None``
#: is none): core's check with this game's bound, bound once (docs/engine-patterns.md).
_listed = partial(sequence, longest=MAX_COUNT, rule="MAX_COUNT", optional=True,
                 error=ConfigError)


def _parse_character(spec: Any, field: str = "characters") -> tuple[str, str]:
    if isinstance(spec, str):
        parts = spec.replace("'s", "").split()
        if len(parts) != 2:
            raise ConfigError(f"{field}: a character is written 'colour kind', e.g. "
                              f"'red pinup'; got {show_value(spec)}")
        return parts[0].lower(), parts[1].lower().replace("-", "").replace(" ", "")
    if not isinstance(spec, tuple) or len(spec) != 2 \
            or not all(isinstance(x, str) for x in spec):
        raise ConfigError(f"{field}: a character is 'colour kind' or a pair (colour, kind), "
                          f"e.g. ('red', 'pinup'); got {show_value(spec)}")
    colour, kind = spec
    return colour, kind


def _card(card: Any, path: str) -> str:
    """The name of an action card (MoH-box)."""
    if not isinstance(card, str) or card not in CARDS:
        raise ConfigError(f"{path}: unknown card {show_value(card)}: one of {', '.join(CARDS)}")
    return card


def position(players: int = 4, *, characters: Mapping[int, Iterable[CharacterSpec]],
             zombies: Mapping[int, int] | None = None,
             hands: Mapping[str, Iterable[str]] | None = None,
             discard: Mapping[str, int] | None = None,
             chief: str | None = None, chief_elected: bool = False, phase: str = "a",
             round: int = 1, sealed: Iterable[int] = (),
             eliminated: Mapping[str, int] | None = None,
             config: Config | None = None,
             roll: Iterable[int] = (), lookers: Iterable[str] | None = None,
             destinations: Mapping[str, int] | None = None,
             bottom: Iterable[str] = (), hidden: Iterable[CharacterSpec] = (),
             hardware: Mapping[int, int] | None = None,
             threats: Mapping[str, int] | None = None) -> State:
    """A position at the start of ``phase`` (``"a"`` … ``"f"``).

    ``characters`` maps locations to the characters standing there (``"red pinup"`` or
    ``("red", "pinup")``); characters not listed have been eaten. A colour with no
    character left counts as eliminated in the previous round, so it drops a zombie at
    the end of this round's phase d) (MoH-R15); ``eliminated={"green": 2}`` says when
    instead. ``zombies`` maps
    locations to zombies in front; ``hands`` colours to cards; cards in no hand and not
    in ``discard`` are in the deck. ``chief_elected`` says whether the Chief was elected
    this round (needed to start at phase c or d). Starting at ``"f"`` applies the
    extra-zombie rule first, as the phase does.

    Facts of the round in progress:

    - ``roll``: the arrival roll (``config.dice`` faces 1–6). Phase d) may have it (it
      was rolled in phase c) and stays hidden); phase e) needs it: the dice arrive when
      the phase starts (MoH-c, MoH-e). A phase d) without it was rolled too, but no one
      has seen the dice: the match draws them, a chance node with the arrival roll's
      odds, once the destinations are chosen, just before phase e) (MoH-R20).
    - ``lookers``: who has looked at the roll in phase d) (the elected Chief, a Security
      Camera player); by default the Chief if elected this round and the roll is given,
      else nobody (MoH-c); with no roll given there is nothing to look at.
    - ``destinations``: phase e) only, colour → the secret destination chosen in phase
      d), one for every player who had a choice (MoH-R11).
    - ``bottom``: known cards put under the deck after a truck search, top first (MoH-R9).
    - ``hidden``: characters hidden this round by a Hidden card; ``hardware``: location →
      Hardware cards played there this round (MoH-f-cards).
    - ``threats``: colour → Threat cards played in the vote that opens phase a) or b)
      (MoH-voting-threat); the vote must take place there.

    The cards of ``hidden``, ``hardware`` and ``threats`` have been played, so they are
    counted in the discard pile already: ``discard`` lists only the other discarded
    cards. Everything is validated; a problem raises :class:`ConfigError` naming the
    argument.
    """
    setup = Setup(players=players, config=Config() if config is None else config)
    colours = setup.colours
    _round_facts(phase, round, chief_elected)
    sealed_t = _sealed(sealed, setup)
    chars, seen = _characters(characters, setup, sealed_t)
    _capacities(chars, setup.config)
    z = _zombies(zombies, setup, sealed_t)
    cards = _cards(setup, sealed_t, seen, phase, hands=hands, discard=discard, bottom=bottom,
                   hidden=hidden, hardware=hardware, threats=threats)
    chief = _chief(chief, colours)
    elim = _eliminated(eliminated, colours, {c for c, _, _ in chars}, round)
    roll_t = _roll(roll, setup.config.dice, phase)
    lookers_t = _lookers(lookers, roll_t, colours, chief if chief_elected else None)
    eaten = tuple((c, k) for c in colours for k in setup.kinds if (c, k) not in seen)
    state = State(setup=setup, round=round, phase=phase, chars=tuple(sorted(chars)),
                  eaten=eaten, zombies=z, sealed=sealed_t, hands=cards.hands,
                  deck=cards.deck, bottom=cards.bottom, discard=cards.discard, chief=chief,
                  chief_elected=chief_elected, roll=roll_t, lookers=lookers_t,
                  destinations=(), hardware=cards.hardware, hidden=cards.hidden,
                  eliminated=elim, pending=Pending("over"))
    return _started(state, phase, destinations, cards.threats)


# -- section builders, in the order position() checks them ------------------------------


def _round_facts(phase: Any, round: Any, chief_elected: Any) -> None:
    """The phase to start, the round number and whether the Chief was elected."""
    if not isinstance(phase, str) or phase not in PHASE_STARTS:
        raise ConfigError(f"phase must be one of {PHASE_STARTS}, got {show_value(phase)}")
    whole(round, "round", low=1, high=MAX_COUNT, error=ConfigError)
    flag(chief_elected, "chief_elected", error=ConfigError)


def _sealed(sealed: Any, setup: Setup) -> tuple[int, ...]:
    """The sealed locations, sorted: 1–6, never the Parking Lot (MoH-e-seal)."""
    sealed_t = tuple(sorted({_location(loc, "sealed") for loc in _listed(sealed, "sealed")}))
    for loc in sealed_t:
        if loc == PARKING:
            raise ConfigError(f"location {loc} cannot be sealed (MoH-e-seal: 1–6, never the "
                              "Parking Lot)")
        if loc in setup.closed:
            raise ConfigError(f"location {loc} is closed, not sealed (MoH-R3)")
    return sealed_t


Seen = dict[tuple[str, str], int]


def _characters(characters: Any, setup: Setup,
                sealed: tuple[int, ...]) -> tuple[list[tuple[str, str, int]], Seen]:
    """The characters standing, as (colour, kind, location), and where each one stands."""
    if characters is None or not isinstance(characters, Mapping):
        raise ConfigError(f"characters: expected a mapping location → characters, e.g. "
                          f"{{6: ['red pinup']}}; got {show_value(characters)}")
    chars: list[tuple[str, str, int]] = []
    seen: Seen = {}
    for loc, group in characters.items():
        loc = _location(loc, "characters (a location)")
        for spec in _listed(group, f"characters[{loc}]"):
            colour, kind = _parse_character(spec, f"characters[{loc}]")
            _check_character(colour, kind, loc, setup, sealed, seen)
            seen[colour, kind] = loc
            chars.append((colour, kind, int(loc)))
    return chars, seen


def _check_character(colour: str, kind: str, loc: int, setup: Setup,
                     sealed: tuple[int, ...], seen: Seen) -> None:
    """One character may stand at ``loc``: a colour and kind of the game (MoH-R3, MoH
    Setup), not already placed, at a location that is neither closed nor sealed."""
    players = setup.players
    if colour not in setup.colours:
        raise ConfigError(f"unknown colour {show_value(colour)}: with {players} "
                          f"players the colours are {', '.join(setup.colours)} (MoH-R3)")
    if kind not in KINDS:
        raise ConfigError(f"unknown character kind {show_value(kind)}: one of "
                          f"{', '.join(KINDS)}")
    if kind not in setup.kinds:
        raise ConfigError(f"there is no {kind} with {players} players (MoH Setup)")
    if (colour, kind) in seen:
        raise ConfigError(f"{colour} {kind} is in two places: {seen[colour, kind]} "
                          f"and {loc}")
    if loc in setup.closed:
        raise ConfigError(f"location {loc} is closed with 3–4 players (MoH-R3): "
                          f"{colour} {kind} cannot stand there")
    if loc in sealed:
        raise ConfigError(f"location {loc} is sealed (MoH-e-seal): {colour} {kind} "
                          "cannot stand there")


def _capacities(chars: list[tuple[str, str, int]], cfg: Config) -> None:
    """No location holds more characters than its capacity (MoH-R1)."""
    for loc, n in Counter(loc for _, _, loc in chars).items():
        cap = cfg.capacities[loc - 1]
        if cap is not None and n > cap:
            raise ConfigError(f"location {loc} holds {n} characters, over its capacity {cap} "
                              "(MoH Box Contents, MoH-R1)")


def _zombies(zombies: Any, setup: Setup, sealed: tuple[int, ...]) -> tuple[int, ...]:
    """The zombies in front of each location, 1–6; none at a closed or sealed one."""
    z = [0] * 6
    for loc, n in mapping(zombies, "zombies", optional=True, error=ConfigError).items():
        loc = _location(loc, "zombies (a location)")
        n = _count(n, f"zombies[{loc}]")
        if n and (loc in setup.closed or loc in sealed):
            raise ConfigError(f"no zombie can stand at the closed or sealed location {loc}")
        z[loc - 1] = n
    return tuple(z)


class _Cards(NamedTuple):
    """Where every card of the box is: the cards section of a described position."""

    hands: tuple[tuple[str, ...], ...]
    deck: tuple[int, ...]
    bottom: tuple[str, ...]
    discard: tuple[int, ...]
    hardware: tuple[int, ...]
    hidden: tuple[tuple[str, str], ...]
    threats: tuple[tuple[str, int], ...]


def _cards(setup: Setup, sealed: tuple[int, ...], seen: Seen, phase: str, *, hands: Any,
           discard: Any, bottom: Any, hidden: Any, hardware: Any, threats: Any) -> _Cards:
    """The hands, the known bottom of the deck, the discard pile (with the cards played
    this round) and the deck, which holds the rest of the box (MoH-R2)."""
    hand_list, used = _hands(hands, setup.colours)
    discarded = _discard(discard)
    bottom_t = tuple(_card(card, "bottom") for card in _listed(bottom, "bottom"))
    used.update(bottom_t)
    hidden_t = _hidden(hidden, seen)
    discarded["hidden"] += len(hidden_t)
    hw = _hardware(hardware, setup, sealed)
    discarded["hardware"] += sum(hw)
    threat_t = _threats(threats, setup.colours, phase)
    discarded["threat"] += sum(n for _, n in threat_t)
    used.update(discarded)
    box = dict(zip(CARDS, setup.config.deck(), strict=True))
    for card, n in used.items():
        if n > box[card]:
            raise ConfigError(f"{n} {card} cards in play, but the box has {box[card]} "
                              "(MoH Box Contents, MoH-R2)")
    return _Cards(hands=hand_list, deck=tuple(box[c] - used[c] for c in CARDS),
                  bottom=bottom_t, discard=tuple(discarded.get(c, 0) for c in CARDS),
                  hardware=hw, hidden=hidden_t, threats=threat_t)


def _hands(hands: Any, colours: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...],
                                                          Counter[str]]:
    """Each colour's hand, sorted, in seat order, and how many of each card they hold."""
    given = mapping(hands, "hands", optional=True, error=ConfigError)
    for colour in given:
        if colour not in colours:
            raise ConfigError(f"unknown colour {show_value(colour)} in hands")
    hand_list: list[tuple[str, ...]] = []
    in_hands: Counter[str] = Counter()
    for colour in colours:
        cards = tuple(sorted(_card(card, f"hands[{colour!r}]")
                             for card in _listed(given.get(colour), f"hands[{colour!r}]")))
        in_hands.update(cards)
        hand_list.append(cards)
    return tuple(hand_list), in_hands


def _discard(discard: Any) -> Counter[str]:
    """The cards discarded before this round's plays, by name."""
    discarded: Counter[str] = Counter()
    for card, n in mapping(discard, "discard", optional=True, error=ConfigError).items():
        _card(card, "discard")
        discarded[card] += _count(n, f"discard[{card!r}]")
    return discarded


def _hardware(hardware: Any, setup: Setup, sealed: tuple[int, ...]) -> tuple[int, ...]:
    """The Hardware cards played this round at each location (MoH-f-cards)."""
    hw = [0] * 6
    for loc, n in mapping(hardware, "hardware", optional=True, error=ConfigError).items():
        loc = _location(loc, "hardware")
        if loc == PARKING or loc in setup.closed or loc in sealed:
            raise ConfigError(f"hardware: no Hardware can be played at {loc} (MoH-f-cards: "
                              "not the Parking Lot, nor a closed or sealed location)")
        hw[loc - 1] = _count(n, f"hardware[{loc}]")
    return tuple(hw)


def _chief(chief: Any, colours: tuple[str, ...]) -> str:
    """The Chief's colour: the first colour unless given."""
    if chief is None:
        chief = colours[0]
    if not isinstance(chief, str) or chief not in colours:
        raise ConfigError(f"unknown Chief {show_value(chief)}")
    return chief


def _eliminated(eliminated: Any, colours: tuple[str, ...], alive: set[str],
                round: int) -> tuple[tuple[str, int], ...]:
    """colour → the round it was eliminated in; a colour with no character left and no
    round given was eliminated in the previous round (MoH-R15)."""
    elim = dict(mapping(eliminated, "eliminated", optional=True, error=ConfigError).items())
    for colour in colours:
        if colour not in alive:
            elim.setdefault(colour, round - 1)
    for colour, r in elim.items():
        name(colour, "eliminated (a key)", colours, what="colour", error=ConfigError)
        if colour in alive:
            raise ConfigError(f"{colour} still has characters and cannot be eliminated")
        whole(r, f"eliminated[{colour!r}]", low=0, high=round,
              rule="a round of the match so far", error=ConfigError)
    return tuple(sorted(elim.items()))


def _started(state: State, phase: str, destinations: Any,
             threats: tuple[tuple[str, int], ...]) -> State:
    """``state`` with ``phase`` started (the destinations chosen, the Threats played),
    checked sound."""
    chosen: tuple[tuple[str, int], ...] = ()
    if phase == "e":
        chosen = _destinations(destinations, state)
    elif destinations is not None:
        raise ConfigError("destinations are given only to start in phase e): in phase d) "
                          "the players are choosing them (MoH-R11)")
    result = start_phase(state, phase, destinations=chosen)
    if threats:
        result = _open_with_threats(result, threats, phase)
    # The check every start gets (boardlab.core.soundness): these invariants, then at
    # least one legal continuation that the rules can play.
    problem = start_problem(RULES, result)
    if problem is not None:
        raise ConfigError(f"the described position is not sound: {problem}")
    return result


def _hidden(hidden: Any, seen: Mapping[tuple[str, str], int]) -> tuple[tuple[str, str], ...]:
    out = set()
    for spec in _listed(hidden, "hidden"):
        colour, kind = _parse_character(spec, "hidden")
        if (colour, kind) not in seen:
            raise ConfigError(f"hidden: {show_value(colour)} {show_value(kind)} is not "
                              "standing anywhere, so it cannot hide (MoH-f-cards)")
        out.add((colour, kind))
    return tuple(sorted(out))


def _threats(threats: Any, colours: tuple[str, ...], phase: str) -> tuple[tuple[str, int], ...]:
    given = mapping(threats, "threats", optional=True, error=ConfigError)
    if given and phase not in ("a", "b"):
        raise ConfigError("threats: Threat cards are played before the votes of phases a) "
                          "and b) (MoH-voting-threat); start in one of those phases")
    out = []
    for colour, n in given.items():
        if colour not in colours:
            raise ConfigError(f"threats: unknown colour {show_value(colour)}")
        n = _count(n, f"threats[{colour!r}]")
        if n:
            out.append((colour, n))
    return tuple(sorted(out))


def _roll(roll: Any, dice: int, phase: str) -> tuple[int, ...]:
    faces = _listed(roll, "roll")
    if not faces:
        if phase == "e":
            raise ConfigError(f"roll: phase e) starts with the arrival roll: give its {dice} "
                              "dice, e.g. roll=(1, 3, 4, 6) (MoH-e)")
        return ()
    if phase not in ("d", "e"):
        raise ConfigError(f"roll: the arrival roll is given only to start in phase d) or e) "
                          f"(phase c) rolls it), not in phase {phase} (MoH-c)")
    for f in faces:
        whole(f, "roll (a die face)", low=1, high=6, rule="MoH-c", error=ConfigError)
    if len(faces) != dice:
        raise ConfigError(f"roll: the arrival roll has {dice} dice (config.dice), got "
                          f"{len(faces)} (MoH-c)")
    return tuple(sorted(int(f) for f in faces))


def _lookers(lookers: Any, roll: tuple[int, ...], colours: tuple[str, ...],
             elected: str | None) -> tuple[str, ...]:
    if lookers is None:
        return (elected,) if roll and elected else ()
    names = _listed(lookers, "lookers")
    if names and not roll:
        raise ConfigError("lookers: without a roll there is nothing to look at; give "
                          "roll=... as well (MoH-c)")
    out: list[str] = []
    for colour in names:
        if not isinstance(colour, str) or colour not in colours:
            raise ConfigError(f"lookers: unknown colour {show_value(colour)}; with "
                              f"{len(colours)} players the colours are {', '.join(colours)}")
        if colour not in out:
            out.append(colour)
    return tuple(out)


def _destinations(destinations: Any, state: State) -> tuple[tuple[str, int], ...]:
    given = mapping(destinations, "destinations", optional=True, error=ConfigError)
    alive = {c for c, _, _ in state.chars}
    out = []
    for colour in given:
        if colour not in alive:
            raise ConfigError(f"destinations: {show_value(colour)} has no character left "
                              "to move (MoH-R11)")
    for colour in turn_order(state):  # the order the players chose in: Chief first (MoH-R10)
        options = set(destination_options(state, colour)) if colour in alive else set()
        if colour not in given:
            if options:
                raise ConfigError(f"destinations: {colour} chose a destination in phase d): "
                                  f"give it (one of {sorted(options)}; MoH-R11)")
            continue
        loc = _location(given[colour], f"destinations[{colour!r}]")
        if loc not in options:
            raise ConfigError(f"destinations[{colour!r}]: {colour} cannot choose {loc}; "
                              f"the choices were {sorted(options)} (MoH-R11)")
        out.append((colour, loc))
    return tuple(out)


def _open_with_threats(state: State, threats: tuple[tuple[str, int], ...],
                       phase: str) -> State:
    """``state`` with the Threat cards already played in the vote that opens ``phase``."""
    p = state.pending
    if state.phase != phase or p.kind not in ("window", "ballot") \
            or p.purpose not in ("truck", "chief"):
        raise ConfigError(f"threats: no vote opens phase {phase}) in this position (a vote "
                          "needs two colours with characters there: MoH Voting), so no "
                          "Threat card could have been played")
    eligible = eligible_colours(state, p.location)
    for colour, _ in threats:
        if colour not in eligible:
            raise ConfigError(f"threats: {colour} has no character voting at {p.location}, "
                              "so it cannot play a Threat there (MoH-voting-threat)")
    if p.kind == "window":
        return state._replace(pending=p._replace(threats=threats))
    return open_vote(state, p.purpose, p.location, threats, candidates=p.candidates)
