"""One product: every registered game has the same front door, checked by one test.

Parametrised over the registry (the three games) and the toy game of the tests, which is
built by the same recipe (tests/toygame). For each game: the shared names in its
``__all__`` and the names loaded on first use; the shared verbs with equal signatures
(the game's own keywords apart); the same hostile calls giving the same error types with
messages that name the problem (the table of issue 25 and docs/bad-input.md); states
that equal only states; play's seed default; save → load → save byte-identical; each
verb's own docstring examples; the docs/api.md conventions (CHANCE, rule ids); and the
conformance check of :mod:`boardlab.core.conformance` over the game's own soak plan —
one conformance test for every game instead of a copy per game.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import os
from collections.abc import Callable, Iterator
from fractions import Fraction
from types import ModuleType
from typing import Any

import pytest

from boardlab import registry
from boardlab.core.conformance import check_game
from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoardlabError,
    ConfigError,
    FormatError,
    UnknownRule,
)
from boardlab.gamekit import SHARED_VERBS, GameSpec

#: Every game has these in its ``__all__`` (``Config`` too when it has a configuration).
SHARED_NAMES = (*SHARED_VERBS, "position", "BOOK", "RULES", "CHANCE", "GAME", "State",
                "Setup", "View", "HeuristicAgent", "RandomAgent", "ConfigError",
                "IllegalAction")
#: And these load on first use.
LAZY_NAMES = ("Board", "Explainer", "explain_phase", "odds", "win_odds", "compare_win_odds",
              "advise")
#: The verbs whose signature is the same in every game, keywords and defaults included.
SAME_EVERYWHERE = ("load_match", "save_position", "load_position", "rule", "observe",
                   "winners", "scores", "parse_choice")

GAMES = [*(r.name for r in registry.BUILTIN), "toy"]


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
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


def played(name: str, seed: int = 1) -> Match[Any, Any]:
    return module_of(name).play(seed=seed)


def a_state(name: str) -> Any:
    match = played(name)
    return match.records[len(match.records) // 2].before


# -- names and signatures ----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_shared_names(game: str) -> None:
    mod, spec = module_of(game), spec_of(game)
    names = set(mod.__all__)
    missing = [n for n in SHARED_NAMES if n not in names]
    assert missing == []
    assert ("Config" in names) == (spec.config_type is not None)
    for name in LAZY_NAMES:
        assert getattr(mod, name) is not None, name
        assert name in dir(mod)
    assert mod.GAME is spec and mod.RULES is spec.rules and mod.BOOK is spec.book
    assert mod.CHANCE is CHANCE
    # dir() lists public names, not the helpers a module imports.
    assert not {"Any", "importlib", "annotations"} & set(dir(mod))
    with pytest.raises(AttributeError, match="has no attribute 'Boards'"):
        mod.Boards  # noqa: B018


def _params(function: Callable[..., Any]) -> list[tuple[Any, ...]]:
    """Names, kinds and defaults (annotations name each game's own types)."""
    return [(p.name, p.kind, repr(p.default))
            for p in inspect.signature(function).parameters.values()]


def _shared_part(sig: inspect.Signature, own: set[str]) -> list[tuple[Any, ...]]:
    return [(p.name, p.kind, repr(p.default)) for p in sig.parameters.values()
            if p.name not in own]


@pytest.mark.parametrize("game", GAMES)
def test_the_shared_verbs_have_the_same_signatures(game: str) -> None:
    mod, spec = module_of(game), spec_of(game)
    ref = module_of("mall-of-horror")
    for verb in SAME_EVERYWHERE:
        assert inspect.signature(getattr(mod, verb)) == inspect.signature(getattr(ref, verb))
        assert getattr(mod, verb).__module__ in (f"{spec.package}.api", spec.package), verb
    own = {k.name for k in spec.keywords}
    for verb in ("new_match", "play"):
        sig = inspect.signature(getattr(mod, verb))
        assert _shared_part(sig, own) == _shared_part(inspect.signature(getattr(ref, verb)),
                                                      set())
        assert [p for p in sig.parameters if p in own] == [k.name for k in spec.keywords]
        assert all(sig.parameters[k].kind is inspect.Parameter.KEYWORD_ONLY for k in own)
    render = list(inspect.signature(mod.render_svg).parameters.values())[:3]
    assert [(p.name, p.kind, p.default) for p in render] == [
        ("state", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("viewer", inspect.Parameter.KEYWORD_ONLY, None),
        ("omniscient", inspect.Parameter.KEYWORD_ONLY, False)]
    for name in ("explain_phase", "odds.live_odds"):
        mine, theirs = (_params(getattr(getattr(m, "odds", m) if "." in name else m,
                                        name.rpartition(".")[2])) for m in (mod, ref))
        assert mine == theirs, name
    assert mod.win_odds is ref.win_odds and mod.compare_win_odds is ref.compare_win_odds
    import boardlab

    assert mod.advise is ref.advise is boardlab.advise  # the analysis board (issue 30)
    kinds = {p.kind for p in inspect.signature(mod.position).parameters.values()}
    assert not kinds & {inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL}
    assert next(iter(inspect.signature(mod.position).parameters)) == "players"


# -- one error policy ----------------------------------------------------------------------
def _hostile(mod: ModuleType, state: Any, match: Match[Any, Any]
             ) -> list[tuple[str, Callable[[], Any], type[BaseException], str]]:
    """(what, call, exact error type, start of the message) — the same for every game."""
    seat = mod.GAME.seats(state)[0]
    return [
        ("new_match(seed='x')", lambda: mod.new_match(seed="x"), ArgumentTypeError, "seed:"),
        ("new_match(players=True)", lambda: mod.new_match(players=True), ArgumentTypeError,
         "players:"),
        ("new_match(players=99)", lambda: mod.new_match(players=99), ConfigError, ""),
        ("new_match(start='x')", lambda: mod.new_match(start="x"), ArgumentTypeError,
         "start:"),
        ("new_match(config='x')", lambda: mod.new_match(config="x"), ArgumentTypeError,
         "config:"),
        ("new_match(nonsense=1)", lambda: mod.new_match(nonsense=1), ArgumentTypeError,
         "nonsense:"),
        ("play(agents=[1])", lambda: mod.play(agents=[1], seed=0), ArgumentTypeError,
         "agents:"),
        ("play(agents='x')", lambda: mod.play(agents="x", seed=0), ArgumentError,
         "agents: no agent kind"),
        ("play(agents={seat: 'x'})", lambda: mod.play(agents={seat: "x"}, seed=0),
         ArgumentError, "agents:"),
        ("rule('nope')", lambda: mod.rule("nope"), UnknownRule, f"{mod.BOOK.name} has no rule"),
        ("rule(5)", lambda: mod.rule(5), ArgumentTypeError, "rule_id:"),
        ("observe(None, seat)", lambda: mod.observe(None, seat), ArgumentTypeError, "state:"),
        ("observe(state, 'nobody')", lambda: mod.observe(state, "nobody"), ArgumentError,
         "player:"),
        ("render_svg(None)", lambda: mod.render_svg(None), ArgumentTypeError, "state:"),
        ("render_svg(state, viewer='nobody')",
         lambda: mod.render_svg(state, viewer="nobody"), ArgumentError, "viewer:"),
        ("render_svg(state, omniscient=1)", lambda: mod.render_svg(state, omniscient=1),
         ArgumentTypeError, "omniscient:"),
        ("winners(None)", lambda: mod.winners(None), ArgumentTypeError, "state:"),
        ("scores('x')", lambda: mod.scores("x"), ArgumentTypeError, "state:"),
        ("save_position(None)", lambda: mod.save_position(None), ArgumentTypeError, "state:"),
        ("save_position(state, indent=True)",
         lambda: mod.save_position(state, indent=True), ArgumentTypeError, "indent:"),
        ("load_match('{')", lambda: mod.load_match("{"), FormatError, ""),
        ("load_match(5)", lambda: mod.load_match(5), ArgumentTypeError, ""),
        ("load_position('[]')", lambda: mod.load_position("[]"), FormatError, ""),
        ("parse_choice(5, state)", lambda: mod.parse_choice(5, state), ArgumentTypeError,
         "text:"),
        ("Board(None)", lambda: mod.Board(None), ArgumentTypeError, "match:"),
        ("Board(state)", lambda: mod.Board(state), ArgumentTypeError, "match:"),
        ("Board(match, seat='nobody')", lambda: mod.Board(match, seat="nobody"),
         ArgumentError, "seat:"),
        ("Board(match, agents={seat: 'x'})", lambda: mod.Board(match, agents={seat: "x"}),
         ArgumentTypeError, "agents["),
        ("Explainer(None)", lambda: mod.Explainer(None), ArgumentTypeError, "match:"),
        ("explain_phase(None, 1, 'x')", lambda: mod.explain_phase(None, 1, "x"),
         ArgumentTypeError, "match:"),
        ("odds.live_odds(None)", lambda: mod.odds.live_odds(None), ArgumentTypeError,
         "state:"),
        ("odds.live_odds(state, viewer='nobody')",
         lambda: mod.odds.live_odds(state, viewer="nobody"), ArgumentError, "viewer:"),
        ("odds.live_odds(state, explain=1)", lambda: mod.odds.live_odds(state, explain=1),
         ArgumentTypeError, "explain:"),
        ("win_odds(None)", lambda: mod.win_odds(None), ArgumentTypeError, "win_odds position:"),
        ("win_odds(match)", lambda: mod.win_odds(match), ArgumentTypeError,
         "win_odds position:"),
        ("advise(None)", lambda: mod.advise(None), ArgumentTypeError, "position:"),
        ("advise(match, horizon=0)", lambda: mod.advise(match, horizon=0), ArgumentError,
         "horizon:"),
        ("advise(match, budget=-1)", lambda: mod.advise(match, budget=-1), ArgumentError,
         "budget:"),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_hostile_calls_give_the_same_errors(game: str) -> None:
    mod = module_of(game)
    match = mod.new_match(seed=2)
    state = a_state(game)
    for what, call, error, start in _hostile(mod, state, match):
        before = match.to_json()
        with pytest.raises(BoardlabError) as caught:
            call()
        assert type(caught.value) is error, (what, type(caught.value), caught.value)
        assert start in str(caught.value), (what, str(caught.value))
        assert len(str(caught.value)) < 600, what
        assert match.to_json() == before, what


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_start_disagreement_names_the_argument(game: str) -> None:
    mod, spec = module_of(game), spec_of(game)
    state = a_state(game)
    players = len(spec.seats(state))
    other = 3 if players != 3 else 2
    if game == "toy":
        other = 3
    with pytest.raises(ArgumentError, match=r"^players: the start position has"):
        mod.play(start=state, players=other, seed=0)


# -- states, seeds, saved files --------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_state_equals_only_a_state(game: str) -> None:
    mod = module_of(game)
    state = a_state(game)
    again = mod.load_position(mod.save_position(state))
    assert again == state and again is not state and hash(again) == hash(state)
    assert state != tuple(state) and tuple(state) != state
    assert not (state == tuple(state))  # noqa: SIM201 - the operator itself is tested
    assert hash(state) == hash(tuple(state)) and {state: 1}[again] == 1


@pytest.mark.parametrize("game", GAMES)
def test_play_without_a_seed_plays_seed_0_and_warns(game: str) -> None:
    mod = module_of(game)
    with pytest.warns(DeprecationWarning, match=rf"{mod.GAME.alias}\.play\(\) without seed="):
        match = mod.play()
    assert match.seed == 0 and match.to_json() == mod.play(seed=0).to_json()
    fresh = mod.play(seed=None)
    assert isinstance(fresh.seed, int)
    assert mod.load_match(fresh.to_json()).to_json() == fresh.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_save_load_save_is_byte_identical(game: str) -> None:
    mod = module_of(game)
    match = played(game, seed=5)
    text = match.to_json()
    assert mod.load_match(text).to_json() == text
    assert mod.load_match(text.encode()).to_json() == text  # bytes too, in every game
    for record in match.records[:: max(1, len(match.records) // 12)]:
        saved = mod.save_position(record.before)
        assert mod.save_position(mod.load_position(saved)) == saved
        assert mod.save_position(mod.load_position(saved.encode())) == saved
        assert mod.new_match(start=mod.load_position(saved), seed=1).state == record.before


@pytest.mark.parametrize("game", GAMES)
def test_winners_and_scores_of_a_finished_match(game: str) -> None:
    mod, spec = module_of(game), spec_of(game)
    match = played(game, seed=3)
    assert mod.scores(match.state) == match.scores()
    assert set(mod.winners(match.state)) <= set(match.scores())
    assert spec.winners(match) == mod.winners(match.state)


@pytest.mark.parametrize("game", GAMES)
def test_the_verbs_docstring_examples_run_for_every_game(game: str) -> None:
    mod = module_of(game)
    for verb in SHARED_VERBS:
        function = getattr(mod, verb)
        test = doctest.DocTestParser().get_doctest(function.__doc__, {}, f"{game}.{verb}",
                                                   None, 0)
        assert test.examples, verb
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0, f"{game}.{verb}: {runner.failures} failed (see above)"


@pytest.mark.parametrize("game", GAMES)
def test_live_odds_explain_gives_the_same_answer(game: str) -> None:
    mod = module_of(game)
    match = played(game, seed=4)
    for record in match.records[:: max(1, len(match.records) // 20)]:
        state = record.before
        plain = mod.odds.live_odds(state)
        working = mod.odds.live_odds(state, explain=True)
        assert working.answer == plain
        assert all(type(p) is Fraction for p in plain.values())
        for seat in mod.GAME.seats(state):
            assert mod.odds.live_odds(state, viewer=seat) == \
                mod.odds.live_odds(state, viewer=seat, explain=True).answer


@pytest.mark.parametrize("game", GAMES)
def test_moved_names_still_work_and_warn(game: str) -> None:
    mod, spec = module_of(game), spec_of(game)
    for old, new in spec.moved.items():
        with pytest.warns(DeprecationWarning, match=rf"{spec.alias}\.{old} is deprecated"):
            assert getattr(mod, old) is getattr(mod, new)


# -- conformance, for every game -------------------------------------------------------
SLOW = os.environ.get("BOARDLAB_SLOW") == "1"
#: Matches per setup of the game's soak plan; BOARDLAB_SLOW=1 plays the full counts.
#: make test plays 400 Mall of Horror matches, 70 of Breakout and 64 of Level 7 (one per
#: setup of its plan), a tenth of them deep: a deep match costs 20-30 plain ones (the
#: validated JSON round trip at every ply), so Level 7's 64 take about 19 s and Breakout's
#: 70 about 17 s of CPU (3 December, a loaded machine; 128 and 105 matches before).
#: `make soak` plays 10**5 of each with the same checks (issue 28: make test under 12 min).
MATCHES = ({"mall-of-horror": 300, "lockup-breakout": 500, "level7-lockdown": 50,
            "toy": 200} if SLOW else
           {"mall-of-horror": 100, "lockup-breakout": 10, "level7-lockdown": 1, "toy": 50})
DEEP_EVERY = 10


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_conformance_of_random_matches(game: str) -> None:
    spec = spec_of(game)
    values = {o.name: o.soak_values for o in spec.options}
    plan = spec.soak_plan(values)
    per = MATCHES[game]
    setups = [(spec.setup(**options), 100_000 * i + seed)
              for i, options in enumerate(plan) for seed in range(per)]
    report = check_game(spec.rules, setups, deep_every=DEEP_EVERY, illegal=spec.illegal)
    assert report.violations == []
    assert report.matches == len(setups) and report.deep_matches == -(-len(setups) //
                                                                      DEEP_EVERY)
    assert report.chance_nodes > len(setups)
    if spec.illegal is not None:
        assert report.illegal_tried > report.deep_matches  # the refusals were exercised


@pytest.mark.parametrize("game", GAMES)
def test_conformance_of_the_first_match_of_some_setups(game: str) -> None:
    # make check's share of the test above: the first seed of at most 8 setups spread
    # over the soak plan, the first match deep.
    spec = spec_of(game)
    plan = spec.soak_plan({o.name: o.soak_values for o in spec.options})
    setups = [(spec.setup(**options), 100_000 * i)
              for i, options in enumerate(plan)][::max(1, len(plan) // 8)]
    report = check_game(spec.rules, setups, deep_every=len(setups), illegal=spec.illegal)
    assert report.violations == []
    assert (report.matches, report.deep_matches) == (len(setups), 1)
    assert report.chance_nodes > len(setups)
    if spec.illegal is not None:
        assert report.illegal_tried > report.deep_matches  # the refusals were exercised


@pytest.mark.parametrize("game", GAMES)
def test_every_chance_node_sums_to_one_exactly_and_replay_is_exact(game: str) -> None:
    mod = module_of(game)
    match = mod.new_match(seed=3)
    while not match.is_over:
        if match.to_move is CHANCE:
            outs = match.outcomes()
            assert sum(p for _, p in outs) == Fraction(1)
            assert all(type(p) is Fraction and p > 0 for _, p in outs)
            match.roll()
        else:
            match.push(match.legal()[-1])
    final, plies = match.state, match.ply
    mid = plies // 2
    middle = match.records[mid].before
    match.seek(mid)
    assert match.state == middle and match.recorded_plies == plies
    match.seek(plies)
    assert match.state is final
    other = match.branch(mid)
    assert other.state == middle and other.ply == mid and match.state is final
    replayed = Match(mod.RULES, match.setup, seed=3)
    for choice in match.choices:
        replayed.push(choice)
    assert replayed.state == final
    while match.ply:
        match.pop()
    assert match.state == mod.RULES.initial(match.setup)


@pytest.mark.parametrize("game", GAMES)
def test_win_odds_count_the_matches_played_one_by_one(game: str) -> None:
    from boardlab.core.simulate import play_out

    mod, spec = module_of(game), spec_of(game)
    state = a_state(game)
    odds = mod.win_odds(state, matches=12, seed=3)
    seats = spec.seats(state)
    wins = dict.fromkeys(seats, 0)
    for seed in range(3, 15):
        match = Match(spec.rules, state.setup, seed=seed, state=state)
        agents = {p: spec.agents["random"](p, i, seed) for i, p in enumerate(seats)}
        for winner in spec.winners_of(play_out(match, agents).state):
            wins[winner] = wins.get(winner, 0) + 1
    assert {r.seat: r.wins for r in odds} == {s: wins[s] for s in seats}
    assert all(r.rate == Fraction(r.wins, 12) for r in odds)
    same = mod.compare_win_odds(state, state, matches=12, seed=3)
    assert all(d.mean == 0 and d.changed == 0 for d in same)


@pytest.mark.parametrize("game", [r.name for r in registry.BUILTIN])
def test_every_soak_match_tries_illegal_choices_not_only_the_deep_ones(game: str) -> None:
    # A soak deep-checks one match in a thousand; the refusals (the match unchanged) are
    # tried in the others too, through the game's EveryMatch maker (issue 26).
    spec = spec_of(game)
    plan = spec.soak_plan({o.name: o.soak_values for o in spec.options})
    report = check_game(spec.rules, [(spec.setup(**plan[0]), 1)], deep_every=0,
                        illegal=spec.illegal)
    assert report.violations == [] and report.deep_matches == 0
    assert report.illegal_tried > 0
