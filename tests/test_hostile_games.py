"""Hostile input to every game: the same profile for each, from the registry (issue 26).

For every registered game and the toy (:data:`tests.hostile_games.GAMES`):

- **saved files**: real saved matches and positions with one to three random edits
  (a field deleted, replaced, retyped, duplicated, made a huge number, a list doubled a
  thousand times, deep nesting) either load or are refused with a boardlab error; what
  loads is playable: it answers ``legal()`` and ``outcomes()``, saves back byte for
  byte, and plays on 40 plies with every state sound;
- **start positions**: a crafted stuck position (a decision with no legal choice, a
  chance node with no outcome or whose chances do not add up) is refused by every door
  — ``load_match``, ``load_position``, ``new_match(start=)``, ``play(start=)`` and the
  core's ``Match`` — naming the field, and never with a raw error;
- **seeds**: a saved match without a seed (or with ``null``) is refused naming ``seed``;
- **huge integers**: 10**5000 anywhere a number goes is refused without Python's
  "Exceeds the limit (4300 digits)" wording;
- **positions**: ``position()`` with its keywords replaced by junk gives a sound,
  playable position or a boardlab error;
- **pushes**: illegal choices (foreign objects, text, the spec's illegal candidates,
  other plies' choices, legal ones with a field replaced) are refused with the match
  byte-identical (``to_json()``, history, dice);
- **the command line**: ``boardlab replay`` on a mutated file prints the match (exit 0)
  or one line ``boardlab replay: error: ...`` (exit 2);
- **the board**: ``Board`` with junk arguments is a boardlab error, and a board made
  steps without a raw error;
- **exact replay**: the hypothesis state machine of ``tests/core/test_replay_machine.py``
  on every game.

``make test`` runs the fixed-seed short profile, ``make soak`` the long one (the
profiles of :mod:`tests.prob.hostile` and ``tests/conftest.py``).
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import ArgumentTypeError, BoardlabError, ConfigError, FormatError
from boardlab.core.serialize import encode
from tests.core.test_replay_machine import _RUNS, Replay
from tests.hostile_games import (
    GAMES,
    VALUES,
    fingerprint,
    games,
    hostile_choices,
    matches,
    module_of,
    mutated,
    playable,
    refused_or,
    saved_matches,
    saved_positions,
    spec_of,
    states,
    toy_registered,
    usable_position,
)
from tests.prob.hostile import hostile_settings, junk
from tests.test_cli_hostile import one_error_line, run

__all__ = ["toy_registered"]  # the module-scoped fixture that registers the toy


# -- saved files ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", games("saved_matches"))
@hostile_settings()
@given(data=st.data())
def test_a_mutated_saved_match_loads_playably_or_is_refused(game: str, data: Any) -> None:
    text = data.draw(mutated(saved_matches(game)))
    ok, match = refused_or(lambda: module_of(game).load_match(text))
    if ok:
        playable(game, match, random.Random(data.draw(st.integers(0, 99))))


@pytest.mark.parametrize("game", games("saved_positions"))
@hostile_settings()
@given(data=st.data())
def test_a_mutated_saved_position_loads_soundly_or_is_refused(game: str, data: Any) -> None:
    text = data.draw(mutated(saved_positions(game)))
    ok, state = refused_or(lambda: module_of(game).load_position(text))
    if ok:
        usable_position(game, state, random.Random(data.draw(st.integers(0, 99))))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_real_material_is_sound_and_playable(game: str) -> None:
    """The suite's own material loads and plays (else every mutation would be refused)."""
    door = module_of(game)
    for text in saved_matches(game):
        playable(game, door.load_match(text), random.Random(1))
    for text in saved_positions(game):
        usable_position(game, door.load_position(text), random.Random(1))


# -- stuck start positions, at every door ----------------------------------------------------
class _Stuck:
    """The game's rules, except that one position is stuck in the way ``how`` says."""

    def __init__(self, rules: Any, stuck: Any, how: str) -> None:
        self._rules, self._stuck, self._how = rules, stuck, how

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def _is(self, state: Any) -> bool:
        return state is self._stuck or state == self._stuck

    def to_move(self, state: Any) -> Any:
        if self._is(state) and self._how in ("no outcome", "chances sum to 5/6",
                                              "raw error in outcomes"):
            return CHANCE
        if self._is(state) and self._how in ("no legal choice", "raw error in legal"):
            return next(iter(self._rules.scores(state)))  # a player of the match decides
        return self._rules.to_move(state)

    def legal(self, state: Any) -> Any:
        if self._is(state) and self._how == "no legal choice":
            return ()
        if self._is(state) and self._how == "raw error in legal":
            raise KeyError("purple")
        return self._rules.legal(state)

    def outcomes(self, state: Any) -> Any:
        if self._is(state) and self._how == "no outcome":
            return ()
        if self._is(state) and self._how == "chances sum to 5/6":
            return ((object(), Fraction(1, 2)), (object(), Fraction(1, 3)))
        if self._is(state) and self._how == "raw error in outcomes":
            raise IndexError("tuple index out of range")
        return self._rules.outcomes(state)


STUCK = ("no legal choice", "no outcome", "chances sum to 5/6", "raw error in legal",
         "raw error in outcomes")
SAYS = {"no legal choice": "has no legal choice, so the match could not go on",
        "no outcome": "a chance event with no outcome",
        "chances sum to 5/6": "add up to 5/6, not 1",
        "raw error in legal": "the rules cannot read it (KeyError: 'purple')",
        "raw error in outcomes": "the rules cannot read it (IndexError: tuple index out"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("how", STUCK)
def test_a_stuck_start_is_refused_at_every_door(game: str, how: str) -> None:
    """A position the rules cannot go on from: the game's rules answer for it as ``how``
    says (the rules object of the game is wrapped: every game's own states are sound)."""
    spec, door = spec_of(game), module_of(game)
    state = states(game)[1]
    stuck = _Stuck(spec.rules, state, how)
    saved = json.loads(next(t for t in saved_matches(game) if "start" in json.loads(t)))
    saved["start"] = json.loads(door.save_position(state))["state"]
    saved["choices"] = []
    position = door.save_position(state)
    calls = {
        "load_match": (lambda: door.load_match(saved), FormatError, "start: "),
        "load_position": (lambda: door.load_position(position), FormatError, "state: "),
        "new_match(start=)": (lambda: door.new_match(start=state, seed=1), ConfigError,
                              "start: the position is not sound: "),
        "play(start=)": (lambda: door.play(start=state, seed=1), ConfigError,
                         "start: the position is not sound: "),
        "Match(state=)": (lambda: Match(stuck, state.setup, state=state), ConfigError,
                          "state: the position is not sound: "),
    }
    with mock.patch.object(spec, "rules", stuck):  # what every door asks
        for where, (call, error, start) in calls.items():
            with pytest.raises(error) as err:
                call()
            assert str(err.value).startswith(start), (where, str(err.value))
            assert SAYS[how] in str(err.value), (where, str(err.value))


@pytest.mark.parametrize("game", GAMES)
def test_every_state_of_real_matches_passes_the_start_check(game: str) -> None:
    """No false refusal: each position of the real matches is a sound start."""
    from boardlab.core.soundness import start_problem

    rules = spec_of(game).rules
    for m in matches(game)[:3]:
        for record in m.records[::5]:
            assert start_problem(rules, record.before) is None, record.before


# -- seeds and huge numbers -----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_saved_match_without_a_seed_is_refused(game: str) -> None:
    door = module_of(game)
    for text in saved_matches(game)[:3]:
        data = json.loads(text)
        data["seed"] = None
        with pytest.raises(FormatError) as err:
            door.load_match(json.dumps(data))
        assert err.value.path == "seed"
        assert str(err.value) == ("seed: null: a saved match records the seed of its dice "
                                  "(an integer), so that it replays them")
        del data["seed"]
        with pytest.raises(FormatError, match="^seed: missing: a saved match records"):
            door.load_match(data)


HUGE = 10**5000


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_integer_never_reaches_a_message(game: str) -> None:
    """10**5000 has more digits than Python writes: it is refused where it comes in,
    and no message shows Python's own "Exceeds the limit (4300 digits)" wording."""
    door, spec = module_of(game), spec_of(game)
    data = json.loads(saved_matches(game)[1])
    calls = [lambda: door.new_match(players=HUGE), lambda: door.play(players=HUGE, seed=1),
             lambda: door.new_match(seed=HUGE)]
    for path in _int_fields(data):  # every integer of a saved match, in turn
        bad = copy.deepcopy(data)
        _set(bad, path, HUGE)
        calls.append(lambda bad=bad: door.load_match(bad))
    for keyword in spec.keywords:
        calls.append(lambda k=keyword.name: door.new_match(**{k: HUGE}))
    for call in calls:
        ok, err = refused_or(call)
        assert not ok
        assert "Exceeds the limit" not in str(err) and "4300 digits" not in str(err)


def _int_fields(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path]
    items = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    return [p for k, v in items for p in _int_fields(v, (*path, k))]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.mark.parametrize("game", games("setup_values"))
def test_setup_and_config_refuse_a_huge_number_in_their_own_words(game: str) -> None:
    """The game's own Setup (and Config) given 10**5000 for any whole-number field."""
    import dataclasses

    spec = spec_of(game)
    for cls in (spec.rules.setup_type, spec.config_type):
        if cls is None or not dataclasses.is_dataclass(cls):
            continue
        for field in dataclasses.fields(cls):
            if field.default is dataclasses.MISSING or type(field.default) is not int:
                continue
            ok, made = refused_or(lambda cls=cls, name=field.name: cls(**{name: HUGE}))
            if ok:  # then it must at least be saved: a file is how a setup travels
                try:
                    json.dumps(encode(made))
                except ValueError as err:
                    raise AssertionError(f"{cls.__name__}({field.name}=10**5000) is accepted "
                                         f"but cannot be saved: {str(err)[:80]}") from err
            else:
                assert "Exceeds the limit" not in str(made), f"{cls.__name__}.{field.name}"


# -- positions ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", games("positions"))
@hostile_settings()
@given(data=st.data())
def test_position_with_junk_keywords_is_sound_or_refused(game: str, data: Any) -> None:
    import inspect

    door = module_of(game)
    params = [p for p in inspect.signature(door.position).parameters.values()
              if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]
    base = dict(data.draw(st.sampled_from(POSITION_SAMPLES.get(game, [{}]))))
    for p in data.draw(st.lists(st.sampled_from(params), min_size=1, max_size=3,
                                unique_by=lambda p: p.name)):
        base[p.name] = data.draw(st.one_of(junk(), VALUES, st.sampled_from(
            [s[p.name] for s in POSITION_SAMPLES.get(game, []) if p.name in s] or [None])))
    ok, state = refused_or(lambda: door.position(**base))
    if ok:
        usable_position(game, state, random.Random(data.draw(st.integers(0, 99))))


#: Described positions each game accepts (a mutation replaces a few keywords of one).
POSITION_SAMPLES: dict[str, list[dict[str, Any]]] = {
    "mall-of-horror": [
        dict(players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
                                    4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
             zombies={6: 1, 3: 1}, hands={"red": ["threat", "hardware"]}, phase="f"),
        dict(players=3, characters={6: ["red pinup", "blue pinup"], 1: ["yellow girl"]},
             hands={"yellow": ["camera"]}, phase="c"),
        dict(players=5, characters={5: ["red pinup", "blue pinup"], 4: ["green pinup"]},
             phase="b"),
    ],
    "lockup-breakout": [dict(players=2), dict(players=3, phase="lightsout"),
                        dict(players=1), dict(players=4, phase="patrol")],
    "level7-lockdown": [
        dict(players=1, characters={"Leo": {"tile": "Storage Bay"}}, cronos=None,
             step="action"),
        dict(players=2),
        dict(players=1, characters={"Leo": {"tile": "Lair"}}, enemies={"rogue#1": "Lair"},
             cronos=None, step="action"),
    ],
    "toy": [{}, {"totals": (1, 2), "mover": "b"}, {"coin": True}],
}


# -- pushes -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", games("pushes"))
@hostile_settings()
@given(data=st.data())
def test_refused_pushes_leave_the_match_byte_identical(game: str, data: Any) -> None:
    whole = data.draw(st.sampled_from(matches(game)))
    match = whole.branch(data.draw(st.integers(0, whole.ply)))
    if data.draw(st.booleans()):  # with a future past the cursor, which a refusal keeps
        match = whole.branch(whole.ply)
        match.seek(data.draw(st.integers(0, match.ply)))
    value = data.draw(VALUES)
    before = fingerprint(match)
    for bad in hostile_choices(game, match, value, random.Random(data.draw(st.integers()))):
        ok, _ = refused_or(lambda bad=bad: match.push(bad))
        assert not ok, f"{bad!r} was accepted"
        assert fingerprint(match) == before


# -- the command line -------------------------------------------------------------------------
@pytest.mark.parametrize("game", games("replay"))
@hostile_settings()
@given(data=st.data())
def test_replay_of_a_mutated_file_prints_it_or_one_line(tmp_path_factory: Any, game: str,
                                                        data: Any) -> None:
    text = data.draw(mutated(saved_matches(game)))
    path: Path = tmp_path_factory.mktemp("mutated") / "m.json"
    path.write_text(text)
    code, out, err = run("replay", str(path))
    if code == 0:
        assert err == "" and out.strip()
    else:
        assert (code, out) == (2, ""), err[:500]
        one_error_line(err)


# -- the board ----------------------------------------------------------------------------------
def _board_calls(game: str) -> list[tuple[str, Any]]:
    mod = module_of(game)
    whole = matches(game)[0]
    match = whole.branch(min(3, whole.ply - 1))
    seat = spec_of(game).seats(match.state)[0]
    return [
        ("Board(None)", lambda: mod.Board(None)),
        ("Board('match')", lambda: mod.Board("match")),
        ("Board(state)", lambda: mod.Board(match.state)),
        ("Board(3)", lambda: mod.Board(3)),
        ("seat='nobody'", lambda: mod.Board(match, seat="nobody")),
        ("seat=3", lambda: mod.Board(match, seat=3)),
        ("viewer='nobody'", lambda: mod.Board(match, viewer="nobody")),
        ("agents='x'", lambda: mod.Board(match, agents="x")),
        ("agents=[1]", lambda: mod.Board(match, agents=[1])),
        ("agents={seat: 'x'}", lambda: mod.Board(match, agents={seat: "x"})),
        ("agents={'nobody': ...}", lambda: mod.Board(match, agents={"nobody": "random"})),
        ("seed='x'", lambda: mod.Board(match, seed="x")),
        ("seed=True", lambda: mod.Board(match, seed=True)),
        ("odds='yes'", lambda: mod.Board(match, odds="yes")),
        ("group_above='x'", lambda: mod.Board(match, group_above="x")),
        ("group_above=-1", lambda: mod.Board(match, group_above=-1)),
    ]


@pytest.mark.parametrize("game", games("board"))
def test_board_with_junk_arguments_is_a_boardlab_error(game: str) -> None:
    for what, call in _board_calls(game):
        try:
            board = call()
        except BoardlabError:
            continue
        except Exception as err:  # noqa: BLE001 - the failure this test is for
            raise AssertionError(f"{what}: raw {type(err).__name__}: {err}") from err
        raise AssertionError(f"{what} was accepted: {board!r}")


@pytest.mark.parametrize("game", games("board_steps"))
@hostile_settings()
@given(data=st.data())
def test_a_board_from_junk_keywords_refuses_or_steps(game: str, data: Any) -> None:
    mod = module_of(game)
    match = data.draw(st.sampled_from(matches(game)))
    match = match.branch(data.draw(st.integers(0, match.ply)))
    seats = spec_of(game).seats(match.state)
    kwargs = {k: data.draw(s) for k, s in {
        "seat": st.one_of(st.none(), st.sampled_from(seats), junk()),
        "agents": st.one_of(st.none(), st.sampled_from(["random", "x"]),
                            st.fixed_dictionaries({s: st.sampled_from(["random", "x", None])
                                                   for s in seats}), junk()),
        "seed": st.one_of(st.integers(0, 9), junk()),
        "odds": st.one_of(st.booleans(), junk()),
        "group_above": st.one_of(st.none(), st.integers(0, 12), junk()),
    }.items() if data.draw(st.booleans())}
    ok, board = refused_or(lambda: mod.Board(match, **kwargs))
    if ok:
        for _ in range(3):
            refused_or(board.step)
        board.close()


# -- exact replay on every game -----------------------------------------------------------------
def _replay_case(game: str) -> type:
    class GameReplay(Replay):
        def new_match(self, seed: int) -> Match[Any, Any]:
            return module_of(game).new_match(seed=seed)

    GameReplay.__name__ = GameReplay.__qualname__ = f"Replay_{game.replace('-', '_')}"
    case = GameReplay.TestCase
    case.settings = _RUNS
    return case


for _game in GAMES:
    if _game != "toy":  # the toy's machine is in tests/core/test_replay_machine.py
        globals()[f"TestReplay_{_game.replace('-', '_')}"] = _replay_case(_game)


def test_the_toy_checks_its_target_before_the_totals_it_bounds() -> None:
    # Found by the long hostile profile: a target of '' reached the totals' range check.
    from tests.toygame.position import position

    with pytest.raises(ArgumentTypeError, match="target: expected a whole number"):
        position(target="")
    assert position(totals=(3, 3), target=3).totals == (3, 3)
