"""What must hold in every Mall of Horror state (checked by the conformance test).

>>> from boardlab.mall_of_horror import new_match
>>> state = new_match(players=4).state
>>> invariants(state)
[]

Any value is answered with a list of problems, never an exception: the field types are
checked first, then the facts of the game, then whether the rules can go on from here.

>>> invariants(state._replace(hardware=()))
['hardware: 6 entries expected, got 0']
>>> invariants(state._replace(lookers="purple"))
["lookers: expected a tuple, got 'purple'"]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from boardlab.core.engine import CHANCE
from boardlab.core.errors import ArgumentTypeError, ConfigError, show_value
from boardlab.core.soundness import check_start
from boardlab.mall_of_horror.config import (
    CARDS,
    LOCATIONS,
    PARKING,
    SUPERMARKET,
    Config,
    Setup,
)
from boardlab.mall_of_horror.pending_facts import procedure_facts
from boardlab.mall_of_horror.state import PENDING_KINDS, PHASES, Kind, Pending, Phase, State

#: Pending steps that take place at one location (``pending.location``).
_AT_A_LOCATION = frozenset({"window", "ballot", "tiebreak", "pick_victim", "truck_draw",
                            "truck_split"})
#: Pending steps of a vote (or of what it decides), and the purposes each can serve.
_VOTE_STEPS = {"window": ("truck", "chief", "sacrifice", "meal"),
               "ballot": ("truck", "chief", "sacrifice", "meal"),
               "tiebreak": ("sacrifice", "meal"), "pick_victim": ("sacrifice", "meal")}
#: Pending steps decided by the player whose turn it is in ``pending.order``.
IN_TURN = frozenset({"ballot", "destination", "move", "window", "camera", "zombie_drop"})
FACES = range(1, 7)

# -- field types ----------------------------------------------------------------------------
# A type is a Python type (int means an int and not a bool), or ("tuple", item) for a tuple
# of any length, or a tuple of types for a fixed-size tuple.
_PAIR_SI = (str, int)
_PAIR_SS = (str, str)
_STATE_TYPES: dict[str, Any] = {
    "round": int, "phase": str, "chars": ("tuple", (str, str, int)),
    "eaten": ("tuple", _PAIR_SS), "zombies": ("tuple", int), "sealed": ("tuple", int),
    "hands": ("tuple", ("tuple", str)), "deck": ("tuple", int), "bottom": ("tuple", str),
    "discard": ("tuple", int), "chief": str, "chief_elected": bool, "roll": ("tuple", int),
    "lookers": ("tuple", str), "destinations": ("tuple", _PAIR_SI),
    "hardware": ("tuple", int), "hidden": ("tuple", _PAIR_SS),
    "eliminated": ("tuple", _PAIR_SI),
}
_PENDING_TYPES: dict[str, Any] = {
    "kind": str, "purpose": str, "location": int, "order": ("tuple", str), "index": int,
    "n": int, "dice": ("tuple", int), "candidates": ("tuple", str),
    "weights": ("tuple", _PAIR_SI), "threats": ("tuple", _PAIR_SI),
    "ballots": ("tuple", _PAIR_SS), "second": bool, "chosen": str, "drawn": ("tuple", str),
}


def sound_state(state: Any, argument: str = "state", *, facts: bool = True,
                rules: Any = None) -> State:
    """``state`` if it is a sound Mall of Horror position, else a boardlab error naming
    ``argument``: :class:`ArgumentTypeError` for anything but a ``State``,
    :class:`ConfigError` for a position that is not a sound start of a match of ``rules``
    (default: the game's): a broken invariant, or no legal continuation
    (:func:`boardlab.core.soundness.check_start`). ``facts=False`` checks only the field
    types, for pictures of what-ifs.

    >>> sound_state(None, "start")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: start: expected a moh.State ... (got None)
    """
    if not isinstance(state, State):
        raise ArgumentTypeError(argument, state, "expected a moh.State (from moh.position, "
                                                 "moh.load_position or a match's .state)")
    if facts:  # the check every game's start gets: these invariants, then a continuation
        if rules is None:
            from boardlab.mall_of_horror.rules import RULES as rules

        check_start(rules, state, argument)
        return state
    broken = _shape(state)
    if broken:
        raise ConfigError(f"{argument}: the position is not sound: {broken[0]}")
    return state


def _type_problem(value: Any, kind: Any, path: str) -> str | None:
    """Why ``value`` is not of ``kind`` (see above), or None."""
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else f"{path}: expected an integer, got {show_value(value)}"
    if isinstance(kind, type):
        ok = isinstance(value, kind)
        return None if ok else f"{path}: expected a {kind.__name__}, got {show_value(value)}"
    if not isinstance(value, tuple):
        return f"{path}: expected a tuple, got {show_value(value)}"
    if kind[0] == "tuple":
        for i, item in enumerate(value):
            problem = _type_problem(item, kind[1], f"{path}[{i}]")
            if problem:
                return problem
        return None
    if len(value) != len(kind):
        return f"{path}: expected {len(kind)} items, got {show_value(value)}"
    for i, (item, k) in enumerate(zip(value, kind, strict=True)):
        problem = _type_problem(item, k, f"{path}[{i}]")
        if problem:
            return problem
    return None


def _fits(value: Any, kind: Any) -> bool:
    """Whether ``value`` is of ``kind`` (the quick yes/no; :func:`_type_problem` says why
    not). Runs on every state a match starts from, so the common shapes are fast paths."""
    if kind is int:
        return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))
    if isinstance(kind, type):
        return isinstance(value, kind)
    if type(value) is not tuple:
        return isinstance(value, tuple) and all(
            _fits(v, k) for v, k in zip(value, kind if kind[0] != "tuple" else
                                        [kind[1]] * len(value), strict=False))
    if kind[0] == "tuple":
        item = kind[1]
        if item is int:
            return all(type(v) is int for v in value) or all(
                isinstance(v, int) and not isinstance(v, bool) for v in value)
        if item is str:
            return all(type(v) is str for v in value) or all(isinstance(v, str) for v in value)
        return all(_fits(v, item) for v in value)
    return len(value) == len(kind) and all(_fits(v, k) for v, k in zip(value, kind,
                                                                       strict=True))


def _shape(state: Any) -> list[str]:
    """Type problems of ``state``'s fields (the other checks rely on the types)."""
    if not isinstance(state, State):
        return [f"expected a Mall of Horror State, got {show_value(state)}"]
    if not isinstance(state.setup, Setup) or not isinstance(state.setup.config, Config):
        return [f"setup: expected a Setup, got {show_value(state.setup)}"]
    if not isinstance(state.pending, Pending):
        return [f"pending: expected a Pending, got {show_value(state.pending)}"]
    for field, kind in _STATE_TYPES.items():
        value = getattr(state, field)
        if not _fits(value, kind):
            return [_type_problem(value, kind, field) or f"{field}: wrong type"]
    for field, kind in _PENDING_TYPES.items():
        value = getattr(state.pending, field)
        if not _fits(value, kind):
            return [_type_problem(value, kind, f"pending.{field}") or f"pending.{field}: "
                    "wrong type"]
    for field, size in (("zombies", 6), ("hardware", 6), ("deck", len(CARDS)),
                        ("discard", len(CARDS)), ("hands", len(state.setup.colours))):
        n = len(getattr(state, field))
        if n != size:
            return [f"{field}: {size} entries expected, got {n}"]
    return []


Check = Callable[[State], list[str]]


def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state``, in words (empty when the state is sound).

    The field types come first (:func:`_shape`), then every check of :data:`CHECKS` in
    order, then, only when those facts hold, the checks of :data:`LATE_CHECKS`, which read
    the pending step against them.

    >>> from boardlab.mall_of_horror import new_match
    >>> invariants(new_match(players=3).state)
    []
    """
    problems = _shape(state)
    if problems:
        return problems
    for _rule_id, check in CHECKS:
        problems.extend(check(state))
    for _rule_id, check in LATE_CHECKS:
        if problems:
            break
        problems.extend(check(state))
    return problems


def _alive(state: State) -> list[tuple[str, str]]:
    return [(c, k) for c, k, _ in state.chars]


def _characters_once(state: State) -> list[str]:
    """Each character exists once, alive or eaten, and all were dealt (MoH-setup-characters)."""
    problems: list[str] = []
    setup = state.setup
    everyone = _alive(state) + list(state.eaten)
    if len(set(everyone)) != len(everyone):
        problems.append("a character is in two places (alive twice, or alive and eaten)")
    for c, k in everyone:
        if c not in setup.colours or k not in setup.kinds:
            problems.append(f"unknown character {show_value(c)} {show_value(k)}")
    if state.phase != Phase.SETUP and state.pending.kind not in (Kind.PLACE, Kind.PLACE_ROLL,
                                                                 Kind.DEAL):
        dealt = len(setup.colours) * len(setup.kinds)
        if len(everyone) != dealt:
            problems.append(f"alive + eaten = {len(everyone)}, but {dealt} characters were dealt")
    if list(state.chars) != sorted(state.chars):
        problems.append("characters are not in canonical order")
    return problems


def _standing(state: State) -> list[str]:
    """Characters stand at real, open locations, within capacity (MoH-R1)."""
    problems: list[str] = []
    setup = state.setup
    for loc, n in Counter(loc for _, _, loc in state.chars).items():
        if loc not in LOCATIONS:
            problems.append(f"a character stands at unknown location {show_value(loc)}")
            continue
        cap = setup.config.capacities[loc - 1]
        if cap is not None and n > cap:
            problems.append(f"location {loc} holds {n} characters, over its capacity {cap}")
        if loc in setup.closed:
            problems.append(f"a character stands at the closed location {loc}")
        if loc in state.sealed:
            problems.append(f"a character stands at the sealed location {loc}")
    return problems


def _zombies_and_seals(state: State) -> list[str]:
    """Zombie counts are natural numbers, none before a sealed or closed location; the
    sealed locations are 1–6, each once, never the Parking Lot (MoH-e-seal)."""
    problems: list[str] = []
    if len(state.zombies) != 6 or any(z < 0 for z in state.zombies):
        problems.append(f"bad zombie counts {show_value(state.zombies)}")
    for loc in (*state.sealed, *state.setup.closed):
        if loc in LOCATIONS and state.zombies[loc - 1]:
            problems.append(f"zombies in front of the sealed or closed location {loc}")
    if PARKING in state.sealed or any(s not in LOCATIONS for s in state.sealed) \
            or len(set(state.sealed)) != len(state.sealed):
        problems.append(f"sealed: bad sealed locations {show_value(state.sealed)} "
                        "(MoH-e-seal: 1–6, each once, never the Parking Lot)")
    return problems


def _action_cards(state: State) -> list[str]:
    """The 21 action cards of the box are all somewhere, hands sorted (MoH-box)."""
    problems: list[str] = []
    seen: Counter[str] = Counter()
    for card, n in zip(CARDS, state.deck, strict=True):
        seen[card] += n
    for card, n in zip(CARDS, state.discard, strict=True):
        seen[card] += n
    for hand in state.hands:
        seen.update(hand)
        if list(hand) != sorted(hand):
            problems.append("a hand is not sorted")
    seen.update(state.bottom)
    seen.update(state.pending.drawn)
    expected = dict(zip(CARDS, state.setup.config.deck(), strict=True))
    if any(n < 0 for n in (*state.deck, *state.discard)):
        problems.append("negative card count")
    if dict(seen) != {c: n for c, n in expected.items() if n} or sum(seen.values()) != 21:
        problems.append(f"the action cards do not add up to the 21 of the box: {dict(seen)}")
    return problems


def _bookkeeping(state: State) -> list[str]:
    """The Chief, the phase, the pending kind, the round and the Hardware are readable
    (MoH-round)."""
    problems: list[str] = []
    if state.chief not in state.setup.colours:
        problems.append(f"chief: unknown Chief {show_value(state.chief)}")
    if state.phase not in PHASES:
        problems.append(f"phase: unknown phase {show_value(state.phase)}")
    if state.pending.kind not in PENDING_KINDS:
        problems.append(f"pending.kind: unknown pending step {show_value(state.pending.kind)}")
    if state.round < 0 or (state.round == 0) != (state.phase == "setup"):
        problems.append(f"round: {show_value(state.round)} in phase "
                        f"{show_value(state.phase)} (round 0 is the setup, rounds count "
                        "from 1)")
    if any(n < 0 for n in state.hardware) or state.hardware[PARKING - 1]:
        problems.append("Hardware at the Parking Lot or negative Hardware")
    return problems


def _hidden_exist(state: State) -> list[str]:
    """A character hidden this round exists, alive or eaten (MoH-f-cards)."""
    alive = _alive(state)
    return [f"hidden character {show_value(c)} {show_value(k)} does not exist"
            for c, k in state.hidden if (c, k) not in alive and (c, k) not in state.eaten]


def _eliminations(state: State) -> list[str]:
    """A colour is marked eliminated, once, exactly when it has no character (MoH-eliminated)."""
    problems: list[str] = []
    colours = state.setup.colours
    alive_colours = {c for c, _ in _alive(state)}
    for c, r in state.eliminated:
        if c not in colours or not 0 <= r <= state.round:
            problems.append(f"eliminated: bad entry {show_value((c, r))} (a colour of the "
                            "match, eliminated in round 0 to the current round)")
        elif c in alive_colours:
            problems.append(f"{c} is marked eliminated but still has characters")
    if len({c for c, _ in state.eliminated}) != len(state.eliminated):
        problems.append("eliminated: a colour is listed twice")
    marked = {c for c, _ in state.eliminated}
    for colour in colours:
        if state.round and colour not in alive_colours and colour not in marked:
            problems.append(f"{colour} has no characters but is not marked eliminated")
    return problems


def _supermarket_open(state: State) -> list[str]:
    """Only location 2 is ever closed, never the Supermarket (MoH-R3)."""
    return ["the Supermarket cannot be closed"] if SUPERMARKET in state.setup.closed else []


def _round_facts(state: State) -> list[str]:
    """The arrival roll, who saw it, destinations, Hidden characters this round (MoH-c,
    MoH-R11)."""
    problems: list[str] = []
    colours, dice = state.setup.colours, state.setup.config.dice
    if state.roll:
        if len(state.roll) != dice or any(f not in FACES for f in state.roll):
            problems.append(f"roll: {dice} dice showing 1–6 expected, got "
                            f"{show_value(state.roll)} (MoH-c)")
        if state.phase not in ("c", "d"):
            problems.append(f"roll: the arrival roll is hidden only in phases c) and d), "
                            f"not in phase {show_value(state.phase)} (MoH-c, MoH-e)")
    if any(c not in colours for c in state.lookers) \
            or len(set(state.lookers)) != len(state.lookers):
        problems.append(f"lookers: unknown or repeated colour in {show_value(state.lookers)} "
                        "(MoH-c)")
    elif state.lookers and not state.roll:
        problems.append("lookers: there is no arrival roll to look at (MoH-c)")
    dest_colours = [c for c, _ in state.destinations]
    if any(c not in colours for c in dest_colours) or len(set(dest_colours)) != len(
            dest_colours) or any(loc not in LOCATIONS for _, loc in state.destinations):
        problems.append(f"destinations: bad entry in {show_value(state.destinations)} (one "
                        "location 1–6 per colour: MoH-R11)")
    if len(set(state.hidden)) != len(state.hidden):
        problems.append("hidden: a character is listed twice (MoH-f-cards)")
    return problems


def _pending_facts(state: State) -> list[str]:
    """The pending step's bookkeeping names real players, locations and cards (MoH-voting)."""
    problems: list[str] = []
    colours = state.setup.colours
    p = state.pending
    if p.location != 0 and p.location not in LOCATIONS:
        problems.append(f"pending.location: {show_value(p.location)} is not a location 1–6")
    if any(c not in colours for c in (*p.order, *p.candidates)):
        problems.append("pending.order: unknown player in the pending order or candidates")
    if p.kind in IN_TURN and not 0 <= p.index < len(p.order):
        problems.append(f"pending.order: the {p.kind} step needs a player whose turn it is "
                        f"(index {show_value(p.index)} of {len(p.order)} players)")
    elif p.order and p.kind != "over" and not 0 <= p.index < len(p.order):
        problems.append("pending.index: turn index out of range")
    if p.kind in _VOTE_STEPS and p.purpose not in _VOTE_STEPS[p.kind]:
        problems.append(f"pending.purpose: the {p.kind} step serves "
                        f"{' or '.join(_VOTE_STEPS[p.kind])}, not {show_value(p.purpose)}")
    if p.kind in ("pick_victim", "truck_split", "truck_draw") and p.chosen not in colours:
        problems.append(f"pending.chosen: the {p.kind} step needs a player, got "
                        f"{show_value(p.chosen)}")
    if p.n < 0:
        problems.append(f"pending.n: negative count {show_value(p.n)}")
    if any(f not in FACES for f in p.dice):
        problems.append(f"pending.dice: die faces are 1–6, got {show_value(p.dice)}")
    if p.kind in _AT_A_LOCATION and p.location not in LOCATIONS:
        problems.append(f"pending.location: the {p.kind} step happens at a location 1–6, "
                        f"got {show_value(p.location)}")
    if p.kind == "ballot":
        problems.extend(_ballot_facts(p))
    if p.kind == "move":
        chosen = {c for c, _ in state.destinations}
        if any(c not in chosen for c in p.order):
            problems.append("pending.order: a player moves without a destination (MoH-e)")
    if p.kind in ("tiebreak", "ballot") and not p.candidates:
        problems.append(f"pending.candidates: the {p.kind} step needs candidates (MoH-R8)")
    named = [c for c, _ in (*p.weights, *p.threats)] + [x for b in p.ballots for x in b]
    if any(c not in colours for c in named) or any(n < 0 for _, n in (*p.weights,
                                                                      *p.threats)):
        problems.append("pending: a vote names an unknown colour or a negative count")
    return problems


def _ballot_facts(p: Pending) -> list[str]:
    """A vote in progress: a weight per voter, the ballots cast so far in turn order."""
    problems = []
    if tuple(c for c, _ in p.weights) != p.order:
        problems.append("pending.weights: one vote weight per voter, in turn order, "
                        "expected (MoH-R7)")
    cast = p.ballots
    if len(cast) != p.index or tuple(v for v, _ in cast) != p.order[:len(cast)] \
            or any(c not in p.candidates for _, c in cast):
        problems.append("pending.ballots: the ballots cast must be those of the voters "
                        "before the one to vote, each for a candidate (MoH-R7)")
    return problems


def _can_go_on(state: State) -> list[str]:
    """Whether the rules can read the pending step and offer something (or it is the end)."""
    from boardlab.mall_of_horror.rules import RULES

    try:
        mover, options, _ = RULES.node(state)
    except (LookupError, TypeError, ValueError, AttributeError) as err:
        return [f"pending: the rules cannot go on from the pending {state.pending.kind} step "
                f"({type(err).__name__}: {show_value(str(err))})"]
    if state.pending.kind != "over" and not options:
        who = "chance" if mover is CHANCE else f"player {mover}"
        return [f"pending: the {state.pending.kind} step offers {who} no choice, so the "
                "match could not go on"]
    return []


#: The invariants, in the order :func:`invariants` reports them: (rule id, check). Each
#: check answers a list of problems in words (empty when its rule holds).
CHECKS: tuple[tuple[str, Check], ...] = (
    ("MoH-setup-characters", _characters_once),
    ("MoH-R1", _standing),
    ("MoH-e-seal", _zombies_and_seals),
    ("MoH-box", _action_cards),
    ("MoH-round", _bookkeeping),
    ("MoH-f-cards", _hidden_exist),
    ("MoH-eliminated", _eliminations),
    ("MoH-c", _round_facts),
    ("MoH-voting", _pending_facts),
    ("MoH-R3", _supermarket_open),
)
#: The checks that read the pending step against the facts above, run in order only while
#: no problem is found: the procedure's own facts, then whether the rules can go on.
LATE_CHECKS: tuple[tuple[str, Check], ...] = (
    ("MoH-round", procedure_facts),
    ("MoH-round", _can_go_on),
)
