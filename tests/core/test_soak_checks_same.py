"""The soak's faster node check finds exactly what the plain one found (issue 26).

The check after every step (:func:`boardlab.core.conformance.check_node`, with Level 7's
and Lockup: Breakout's invariants) skips work on the very immutable objects it has found
sound before. Over soak states and states made broken on purpose — a hostile value in a
field, a field taken from another state, a record inside a tuple replaced — the check
with its identity caches filled by every state before must return the very problems of
:func:`plain_check_node` (the check as it was, word for word) run with every cache empty.

>>> plain_check_node.__name__
'plain_check_node'
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from boardlab import registry
from boardlab.core import conformance
from boardlab.core.agents import RandomAgent
from boardlab.core.engine import CHANCE, Match
from boardlab.core.events import as_events
from boardlab.level7_lockdown import invariants as l7_invariants
from boardlab.level7_lockdown import shape as l7_shape
from boardlab.lockup_breakout import fields as lb_fields
from boardlab.lockup_breakout import invariants as lb_invariants

GAMES = ("level7-lockdown", "lockup-breakout")
#: Values a broken field may hold: out of every range, of the wrong type, empty.
HOSTILE: tuple[Any, ...] = (-1, 0, 1, 99, 10**9, -(10**9), "", "x", None, True, (), ((),),
                            (-1,), ("x",), (None,), 1.0)


def plain_check_node(rules: Any, state: Any) -> list[str]:
    """:func:`~boardlab.core.conformance.check_node` before the soak was made faster,
    word for word."""
    problems = list(rules.invariants(state))
    mover = rules.to_move(state)
    if mover is CHANCE:
        outs = rules.outcomes(state)
        if not outs:
            problems.append("chance node without outcomes")
        total = Fraction(0)
        for outcome, p in outs:
            if type(p) is not Fraction:
                problems.append(f"probability of {outcome} is {type(p).__name__}, not Fraction")
            elif p <= 0:
                problems.append(f"probability of {outcome} is {p}")
            total += p
        if total != 1:
            problems.append(f"chance probabilities sum to {total}")
        if len({o for o, _ in outs}) != len(outs):
            problems.append("repeated chance outcome")
    elif mover is not None:
        legal = rules.legal(state)
        if not legal:
            problems.append(f"{mover} has no legal choice")
        if len(set(legal)) != len(legal):
            problems.append("repeated legal choice")
    node = getattr(rules, "node", None)
    if node is not None:
        fast_mover, options, step = node(state)
        expected = (rules.outcomes(state) if mover is CHANCE else
                    rules.legal(state) if mover is not None else ())
        if fast_mover != mover or tuple(options) != tuple(expected):
            problems.append(f"node() says {fast_mover!r} with {len(options)} options, the "
                            f"rules {mover!r} with {len(expected)}")
        elif mover is not None:
            first = options[0][0] if mover is CHANCE else options[0]
            fast = step(state, first) if step is not None else None
            if fast is None or (fast[0], as_events(fast[1])) != rules.step(state, first):
                problems.append(f"node()'s step of {first} differs from step()")
    return problems


def forget_everything() -> None:
    """Empty every identity cache of the checks (as in a fresh process)."""
    l7_shape._PASSED.clear()
    l7_shape._FIELDS_PASSED[:] = [object()] * len(l7_shape._FIELDS_PASSED)
    l7_shape._SECTION_PASSED[:] = [None] * len(l7_shape._SECTION_PASSED)
    l7_shape._SIZES_PASSED = None
    for passed in l7_shape.REMEMBERING:
        passed.clear()
    l7_invariants._SOUND[:] = [None] * len(l7_invariants._SOUND)
    l7_invariants._MAP_SOUND = None
    l7_invariants._FIGURES.clear()
    lb_fields._GOOD.clear()
    lb_fields._LAST[:] = [(None, None)] * len(lb_fields._LAST)
    lb_invariants._SOUND[:] = [None] * len(lb_invariants._SOUND)
    conformance._SOUND_TABLES.clear()


def soak_states(name: str, matches: int, first_seed: int = 1) -> list[Any]:
    """Every state of ``matches`` seeded random matches, in the order a soak sees them."""
    description = registry.registration(name).load()
    plan = description.soak_plan({o.name: o.soak_values for o in description.options})
    out = []
    for seed in range(first_seed, first_seed + matches):
        setup = description.setup(**description.option_values(plan[seed % len(plan)]))
        match = Match(description.rules, setup, seed=seed)
        agent = RandomAgent(seed)
        while match.to_move is not None:
            out.append(match.state)
            if match.to_move is CHANCE:
                match.roll()
            else:
                match.push(agent.choose(None, match.legal()))
        out.append(match.state)
    return out


def _broken(state: Any, others: list[Any], rng: random.Random) -> Any:
    """``state`` with one field broken: a hostile value, the field of another state (a
    sound object where it does not belong), or one item of a tuple field replaced."""
    field = rng.randrange(1, len(state))  # the setup stays (every check needs it)
    value = state[field]
    how = rng.randrange(3)
    if how == 0:
        new = rng.choice(HOSTILE)
    elif how == 1:
        new = rng.choice(others)[field]
    elif isinstance(value, tuple) and value:
        items = list(value)
        i = rng.randrange(len(items))
        donor = rng.choice(others)[field]
        pool = [x for x in donor if isinstance(donor, tuple)] or list(HOSTILE)
        items[i] = rng.choice(pool + [rng.choice(HOSTILE)])
        new = tuple(items)
    else:
        new = rng.choice(HOSTILE)
    return state._replace(**{state._fields[field]: new})


def mixed_states(name: str, matches: int, seed: int) -> list[Any]:
    """Soak states, each followed at random by broken copies of itself."""
    rng = random.Random(seed)
    sound = soak_states(name, matches, first_seed=seed)
    out: list[Any] = []
    for state in sound:
        out.append(state)
        while rng.random() < 0.3:
            out.append(_broken(state, sound, rng))
    return out


def _checked(rules: Any, state: Any, check: Any) -> list[str]:
    try:
        return list(check(rules, state))
    except Exception as err:  # noqa: BLE001 - a crash must be the same crash
        return [f"raised {type(err).__name__}: {err}"]


def warm_and_cold(name: str, states: list[Any]) -> Iterator[tuple[Any, list[str], list[str]]]:
    """Each state with the new check's problems (caches filled by every state before,
    in order) and the plain check's (every cache emptied first)."""
    rules = registry.registration(name).load().rules
    forget_everything()
    warm = [_checked(rules, s, conformance.check_node) for s in states]
    for state, found in zip(states, warm, strict=True):
        forget_everything()
        yield state, found, _checked(rules, state, plain_check_node)
    forget_everything()


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_the_faster_check_finds_exactly_what_the_plain_one_found(name: str) -> None:
    states = mixed_states(name, 6, seed=11)
    broken = 0
    for state, found, expected in warm_and_cold(name, states):
        assert found == expected, state
        broken += bool(expected)
    assert broken > 50   # the broken states were checked, not only sound ones


@pytest.mark.parametrize("name", GAMES)
def test_a_broken_field_sharing_nothing_with_a_sound_one_is_found(name: str) -> None:
    rules = registry.registration(name).load().rules
    forget_everything()
    sound = soak_states(name, 1, first_seed=3)
    for state in sound:          # every cache filled with sound objects
        assert conformance.check_node(rules, state) == []
    last = sound[len(sound) // 2]
    if name == "level7-lockdown":
        c = last.chars[0]
        bad = last._replace(chars=(c._replace(fear=c.terror - 1, terror=c.terror),
                                   *last.chars[1:]))
    else:
        bad = last._replace(hands=tuple(h + ("no such token",) for h in last.hands))
    found = conformance.check_node(rules, bad)
    forget_everything()
    assert found and found == plain_check_node(rules, bad)


@pytest.mark.parametrize("name", GAMES)
def test_sound_objects_reused_inside_a_broken_state(name: str) -> None:
    """Every field of the broken state but one is a sound object the caches hold; the
    one changed makes a check between fields fail."""
    rules = registry.registration(name).load().rules
    forget_everything()
    sound = soak_states(name, 1, first_seed=5)
    for state in sound:
        assert conformance.check_node(rules, state) == []
    state = sound[len(sound) // 2]
    if name == "level7-lockdown":
        # the items deck counts one card more: the items no longer add up, while the
        # characters (their cards) are the very objects found sound
        deck = state.items_deck
        bad = state._replace(items_deck=(deck[0] + 1, *deck[1:]))
    else:
        # the crews, sound and cached, with the holding cells of the state before the
        # last token was placed or after: the crew tokens no longer add up
        other = next(s for s in sound if s.hands != state.hands)
        bad = state._replace(hands=other.hands)
    found = conformance.check_node(rules, bad)
    forget_everything()
    assert found and found == plain_check_node(rules, bad)
