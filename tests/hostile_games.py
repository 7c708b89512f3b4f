"""Material and checks of the hostile-input suite that every registered game gets.

``tests/test_hostile_games.py`` (and ``tests/test_hostile_sizes.py``) are parametrised
over :data:`GAMES`: the games of :mod:`boardlab.registry` and the toy game of the tests,
built by the same recipe, so a new game registered in ``BUILTIN`` gets the whole profile
without a line written for it. What a game offers the suite comes from its spec and its
front door only: real saved matches and positions (played with the spec's own options),
the spec's illegal choices, ``position()``'s signature, ``Board``.

Known faults of a game that the core cannot fix are listed in :data:`KNOWN_FAULTS`; a
test marks that game's case ``xfail(strict=True)`` with the reason (strict only under
the fixed-seed profile: a random soak may miss a fault it knows).
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from hypothesis import strategies as st

from boardlab import registry
from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import BoardlabError
from boardlab.core.serialize import MAX_NESTING
from boardlab.gamekit import GameSpec
from tests.prob.hostile import SOAK

#: Every game the suite runs on: the registry's and the toy of the tests.
GAMES = [*(r.name for r in registry.BUILTIN), "toy"]

#: Faults found by the suite in a game's own files, ``(test, game) -> reason``: the cases
#: are xfail(strict=True) until the game's fix lands (then the strict xfail fails, and the
#: entry goes).
KNOWN_FAULTS: dict[tuple[str, str], str] = {
    # Empty since branch hostile (issue 26): Breakout's and Level 7's declared limits
    # (lockup_breakout.limits, level7_lockdown.limits) fixed the four faults listed here.
}


def games(test: str) -> list[Any]:
    """:data:`GAMES` as pytest parameters, a known fault of ``test`` marked xfail."""
    out = []
    for game in GAMES:
        reason = KNOWN_FAULTS.get((test, game))
        marks = [pytest.mark.xfail(strict=not SOAK, reason=reason)] if reason else []
        out.append(pytest.param(game, marks=marks, id=game))
    return out


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game in the registry (as ``boardlab replay`` finds a game by name)."""
    registry.register("toy", "tests.toygame", module="tests.core.toy_game")
    yield
    registry.unregister("toy")


def spec_of(name: str) -> GameSpec[Any, Any]:
    if name == "toy":
        from tests.core.toy_game import GAME

        return GAME
    return registry.get(name)


def module_of(name: str) -> ModuleType:
    return importlib.import_module(spec_of(name).package)


# -- real material ------------------------------------------------------------------------
def plans(name: str) -> list[dict[str, Any]]:
    """The option combinations the game's soak plays (its own ``soak_plan``)."""
    spec = spec_of(name)
    return spec.soak_plan({o.name: o.soak_values for o in spec.options})


@cache
def matches(name: str) -> tuple[Match[Any, Any], ...]:
    """Whole matches of the game, over its soak plan (a few seeds each)."""
    spec, plan = spec_of(name), plans(name)
    return tuple(spec.play(seed=seed, **plan[seed % len(plan)]) for seed in range(6))


@cache
def states(name: str) -> tuple[Any, ...]:
    """Positions from inside real matches (start, thirds, end), decisions and chance."""
    out = []
    for m in matches(name):
        for i in sorted({0, len(m.records) // 3, 2 * len(m.records) // 3}):
            out.append(m.records[i].before)
        out.append(m.state)
    return tuple(out)


@cache
def saved_matches(name: str) -> tuple[str, ...]:
    """Saved matches (JSON text) cut at several plies, some started from a position."""
    door = module_of(name)
    out = []
    for m in matches(name):
        for ply in sorted({0, 1, m.ply // 2, m.ply}):
            out.append(m.branch(ply).to_json())
    for state in states(name)[1::3]:  # a match with a "start" and a few plies after it
        m = door.new_match(start=state, seed=7)
        play_on(m, 8, random.Random(7), check=False)
        out.append(m.to_json())
    return tuple(out)


@cache
def saved_positions(name: str) -> tuple[str, ...]:
    door = module_of(name)
    return tuple(door.save_position(s) for s in states(name))


# -- mutations of saved files --------------------------------------------------------------
def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


#: Values a mutation puts into a file: every JSON kind, near misses, huge numbers, deep
#: nesting, long strings.
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12),
    st.sampled_from([-1, 0, 1, 2, 7, 99, 10**6, 10**30, 10**100, -10**100]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
    st.sampled_from(["red", "purple", "Leo", "threat", "", "x" * 5000]),
    st.lists(st.integers(-2, 9), max_size=4), st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(-2, 9), max_size=3),
    st.sampled_from([_deep(MAX_NESTING + 2), _deep(MAX_NESTING - 5), [], {}]))
HOW = st.sampled_from(["replace", "replace", "delete", "retype", "duplicate", "huge",
                       "double"])


def paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a parsed JSON value (keys and indexes), the root excluded."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((*path, k))
            out.extend(paths(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append((*path, i))
            out.extend(paths(v, (*path, i)))
    return out


def mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> None:
    """One edit at ``path``: delete, replace by ``value``, retype (its text, or null),
    duplicate an item, a huge number (10**100), double a list many times over."""
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    if how == "delete":
        del parent[key]
    elif how == "replace":
        parent[key] = json.loads(json.dumps(value))  # a fresh copy: never shared
    elif how == "retype":
        parent[key] = None if isinstance(old, str) else str(old) if not isinstance(
            old, (list, dict)) else json.dumps(old)
    elif how == "huge":
        parent[key] = 10**100 if not isinstance(old, list) else [10**100] * max(1, len(old))
    elif how == "double":
        parent[key] = old * 1000 if isinstance(old, list) else [old] * 1000
    elif isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(old)))
    else:
        parent[key] = [old, old]


@st.composite
def mutated(draw: Any, texts: tuple[str, ...]) -> str:
    """One of ``texts`` (saved JSON) with one to three edits, as JSON text."""
    data = json.loads(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 3))):
        where = paths(data)
        if not where:
            break
        how = draw(HOW)
        try:
            mutate(data, draw(st.sampled_from(where)), how, draw(VALUES))
        except (KeyError, IndexError, TypeError):
            continue
        if how == "double":
            # A doubled list is the size probe; the edits after it would multiply it
            # (its 1,000 items share one object) up to a document of many GB, and the
            # long profile was killed for memory in this generator, not in a loader.
            break
    return json.dumps(data)


# -- what a loaded match or position must allow --------------------------------------------
def play_on(match: Match[Any, Any], plies: int, rng: random.Random, *,
            check: bool = True) -> None:
    """Play ``plies`` plies (random choices, rolled chance); with ``check``, every state
    reached keeps the game's invariants."""
    rules = match.rules
    for _ in range(plies):
        if match.is_over:
            return
        if match.to_move is CHANCE:
            match.roll()
        else:
            legal = match.legal()
            assert legal, f"{match.to_move} is to move with no legal choice"
            match.push(legal[rng.randrange(len(legal))])
        if check:
            broken = list(rules.invariants(match.state))
            assert broken == [], f"ply {match.ply}: {broken[0]}"


def playable(name: str, match: Match[Any, Any], rng: random.Random) -> None:
    """A match that loaded: it answers, saves back the same, and plays on soundly."""
    door = module_of(name)
    match.legal()
    match.outcomes()
    text = match.to_json()
    assert door.load_match(text).to_json() == text, "save -> load -> save differs"
    for seat in spec_of(name).seats(match.state):
        door.observe(match.state, seat)
    play_on(match, 40, rng)
    again = match.to_json()
    assert door.load_match(again).to_json() == again


def usable_position(name: str, state: Any, rng: random.Random) -> None:
    """A position that loaded or was described: sound, drawn, saved back the same, and a
    match starts from it and plays on."""
    door, spec = module_of(name), spec_of(name)
    spec.check_state(state, "state", sound=True)
    door.render_svg(state)
    saved = door.save_position(state)
    assert door.save_position(door.load_position(saved)) == saved
    playable(name, door.new_match(start=state, seed=rng.randrange(100)), rng)


def refused_or(thunk: Callable[[], Any]) -> tuple[bool, Any]:
    """``(True, value)``, or ``(False, error)`` for a boardlab error; any other exception
    fails the test with its type (the point of the suite)."""
    try:
        return True, thunk()
    except BoardlabError as err:
        assert str(err), "a boardlab error says what is wrong"
        assert len(str(err)) < 2_000, "a message shows at most ~200 characters of a value"
        return False, err
    except Exception as err:  # noqa: BLE001 - reported as the failure
        raise AssertionError(f"raw {type(err).__name__} instead of a boardlab error: "
                             f"{str(err)[:300]}") from err


# -- choices that must be refused -------------------------------------------------------
class Hostile:
    """A choice whose comparisons, ``str`` and ``repr`` all raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing me")

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        raise KeyError("no str")

    def __repr__(self) -> str:
        raise KeyError("no repr")


def hostile_choices(name: str, match: Match[Any, Any], value: Any,
                    rng: random.Random) -> list[Any]:
    """Choices that are not legal here: foreign objects, text naming nothing, the
    spec's illegal candidates, other plies' choices, legal ones with a field replaced."""
    legal = match.legal()
    out: list[Any] = [object(), Hostile(), "no such choice at all", "", None, 3, (), [1]]
    if not isinstance(value, str):  # random text might name a legal choice
        out.append(value)
    maker = spec_of(name).illegal
    if maker is not None and not match.is_over:
        out.extend(maker(match.state, rng))
    out.extend(r.choice for r in match.records[-20:])
    for choice in legal[:3]:
        for field in getattr(choice, "__dataclass_fields__", {}):
            try:
                out.append(type(choice)(**{**vars(choice), field: value}))
            except (BoardlabError, TypeError):
                continue  # refused when made (strict choice types): as good
    return [c for c in out if not _is_legal(c, legal)]


def _is_legal(choice: Any, legal: tuple[Any, ...]) -> bool:
    for c in legal:
        try:
            if c == choice:
                return True
        except Exception:  # noqa: BLE001 - a hostile __eq__: not legal
            return False
    return False


def fingerprint(match: Match[Any, Any]) -> tuple[Any, ...]:
    """Everything a refused push must leave alone."""
    return (match.to_json(), match.ply, match.recorded_plies, match.state,
            match.rng.getstate(), match.records)
