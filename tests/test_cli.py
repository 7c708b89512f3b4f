"""The command line (``boardlab.cli``), the narration (``boardlab.narrate``) and the game
registry behind them (``boardlab.registry``).

Mall of Horror's output is checked line by line here and byte by byte against the
golden record (``tests/cli_golden.py``); the toy game of ``tests/core/toy.py``, which
``cli.py`` has never heard of, is played, replayed and listed through the same ``main``.

>>> from boardlab.cli import main
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab import mall_of_horror as moh
from boardlab import registry
from boardlab.cli import main
from boardlab.core.events import Event
from boardlab.core.rules import RuleRef
from boardlab.mall_of_horror.rules import PHASE_NAMES
from boardlab.narrate import Tiebreak, narrate, standings
from tests import cli_golden

ROOT = Path(__file__).resolve().parent.parent
PLAY = ["play", "mall-of-horror", "--players", "4", "--seed", "1"]
EVENT_LINE = re.compile(r"^  .*  \((MoH-[A-Za-z0-9-]+)\)$")
SCORE_LINE = re.compile(r"^  (\w+): (\d+) points?, (\d+) cards? in hand$")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """``main(argv)`` → exit code, stdout lines, stderr text."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def final_scores(lines: list[str]) -> dict[str, int]:
    """The ``Final scores`` block of a narration as ``{colour: points}``."""
    start = lines.index("Final scores")
    scores = {}
    for line in lines[start + 1:]:
        found = SCORE_LINE.match(line)
        if not found:
            break
        scores[found[1]] = int(found[2])
    return scores


@pytest.fixture(scope="module")
def seed1() -> object:
    return moh.play(4, seed=1)


# -- play -------------------------------------------------------------------------------
def test_play_narrates_every_round_and_phase_with_headings(capsys, seed1) -> None:
    code, lines, err = run(capsys, *PLAY)
    assert (code, err) == (0, "")
    assert lines[0] == "Mall of Horror: 4 players (yellow, red, blue, green), seed 1"
    assert lines[1] == "Setup"
    assert lines[2] == "  yellow is dealt Security Camera  (MoH-setup)"
    headings = [line for line in lines[1:] if not line.startswith("  ")]
    expected = ["Setup"]
    for event in seed1.events:
        if event.round and (title := f"Round {event.round} — {PHASE_NAMES[event.phase]}") \
                != expected[-1]:
            expected.append(title)
    last = seed1.state.round
    assert headings[: len(expected)] == expected
    assert headings[len(expected):] == [
        "Final scores", f"Shared win: {' and '.join(moh.winners(seed1.state))} "
        "(5 points and 0 cards in hand each)"]
    assert "Round 1 — a) Search the Truck" in headings
    assert "Round 2 — c) Arrival of the Zombies" in headings
    assert expected[-1] == f"Round {last} — End of Game"
    assert {int(h.split()[1]) for h in expected[1:]} == set(range(1, last + 1))


def test_every_event_line_ends_with_a_rule_id_of_the_book(capsys, seed1) -> None:
    _, lines, _ = run(capsys, *PLAY)
    story = lines[1: lines.index("Final scores")]
    event_lines = [line for line in story if line.startswith("  ")]
    assert len(event_lines) == len(seed1.events)
    for line, event in zip(event_lines, seed1.events, strict=True):
        found = EVENT_LINE.match(line)
        assert found, line
        assert found[1] == event.rule.id
        assert found[1] in moh.BOOK
        assert line == f"  {event.line()}"


def test_play_ends_with_the_scores_and_winners(capsys, seed1) -> None:
    _, lines, _ = run(capsys, *PLAY)
    assert final_scores(lines) == seed1.scores()
    assert final_scores(lines) == {"yellow": 5, "red": 0, "blue": 5, "green": 0}
    assert moh.winners(seed1.state) == ("yellow", "blue")
    assert lines[-1] == "Shared win: yellow and blue (5 points and 0 cards in hand each)"
    assert lines[-6:-1] == ["Final scores", "  yellow: 5 points, 0 cards in hand",
                            "  red: 0 points, 0 cards in hand",
                            "  blue: 5 points, 0 cards in hand",
                            "  green: 0 points, 0 cards in hand"]


def test_heuristic_agents_play_the_match(capsys, tmp_path) -> None:
    path = tmp_path / "h.json"
    code, lines, _ = run(capsys, *PLAY, "--agents", "heuristic", "--json", str(path))
    expected = moh.play(4, seed=1, agents=lambda c: moh.HeuristicAgent(seed=1))
    assert code == 0
    assert moh.load_match(path.read_text()).state == expected.state
    assert expected.state != moh.play(4, seed=1).state
    assert final_scores(lines) == expected.scores()


# -- json and replay ----------------------------------------------------------------------
def test_json_round_trips(capsys, tmp_path, seed1) -> None:
    path = tmp_path / "m.json"
    code, _, err = run(capsys, *PLAY, "--json", str(path))
    assert code == 0
    assert err == f"boardlab play: saved the match to {path}\n"
    assert path.read_text() == seed1.to_json(indent=2) + "\n"
    loaded = moh.load_match(path.read_text())
    assert loaded.state == seed1.state
    assert loaded.choices == seed1.choices
    assert loaded.is_over


def test_replay_prints_the_same_narration(capsys, tmp_path) -> None:
    path = tmp_path / "m.json"
    _, played, _ = run(capsys, *PLAY, "--json", str(path))
    code, replayed, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert replayed == played
    _, played_red, _ = run(capsys, *PLAY, "--viewer", "red")
    _, replayed_red, _ = run(capsys, "replay", str(path), "--viewer", "red")
    assert replayed_red == played_red
    assert replayed_red != played


def _saved(tmp_path: Path, match: object) -> tuple[Path, dict]:
    path = tmp_path / "bad.json"
    return path, json.loads(match.to_json())


def test_replay_of_a_corrupted_choice_names_the_field(capsys, tmp_path, seed1) -> None:
    path, data = _saved(tmp_path, seed1)
    i = next(i for i, c in enumerate(data["choices"]) if c["type"] == "Vote")
    data["choices"][i]["colour"] = "purple"
    path.write_text(json.dumps(data))
    code, lines, err = run(capsys, "replay", str(path))
    assert (code, lines) == (2, [])
    assert err.startswith(f"boardlab replay: error: {path} is not a valid saved match: "
                          f"choices[{i}]: vote for purple is not a legal choice for ")
    assert err.count("\n") == 1


def test_replay_of_a_wrongly_typed_field_names_its_path(capsys, tmp_path, seed1) -> None:
    path, data = _saved(tmp_path, seed1)
    i = next(i for i, c in enumerate(data["choices"]) if c["type"] == "Vote")
    data["choices"][i]["colour"] = 3
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert err == (f"boardlab replay: error: {path} is not a valid saved match: "
                   f"choices[{i}].colour: expected a string, got 3\n")


def test_replay_of_broken_json_and_missing_files(capsys, tmp_path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert err.startswith(f"boardlab replay: error: {path} is not a valid saved match: "
                          "<root>: not valid JSON")
    code, _, err = run(capsys, "replay", str(tmp_path / "none.json"))
    assert code == 2
    assert err == (f"boardlab replay: error: cannot read {tmp_path / 'none.json'}: "
                   "No such file or directory\n")


# -- viewer -----------------------------------------------------------------------------
def test_viewer_red_hides_the_other_players_secret_votes(capsys, seed1) -> None:
    _, everything, _ = run(capsys, *PLAY)
    _, red, _ = run(capsys, *PLAY, "--viewer", "red")
    assert red[0] == "Mall of Horror: 4 players (yellow, red, blue, green), seed 1, " \
                     "as red sees it"
    ballots = {c: sum(1 for e in seed1.events if e.kind == "ballot" and e.who == c)
               for c in moh.COLOURS[:4]}
    assert ballots["blue"] == 11
    for colour, n in ballots.items():
        secret = sum(1 for line in red if line.startswith(f"  {colour} votes in secret  ("))
        open_ = sum(1 for line in red if line.startswith(f"  {colour} votes for "))
        omniscient = sum(1 for line in everything if line.startswith(f"  {colour} votes for "))
        assert omniscient == n
        assert (secret, open_) == ((0, n) if colour == "red" else (n, 0))
    assert "  yellow is dealt an action card  (MoH-setup)" in red
    assert "  yellow is dealt Security Camera  (MoH-setup)" not in red
    assert len(red) == len(everything)


def test_unknown_viewer_is_refused(capsys) -> None:
    code, lines, err = run(capsys, *PLAY, "--viewer", "purple")
    assert (code, lines) == (2, [])
    assert err == ("boardlab play: error: --viewer 'purple' is not a player of this match; "
                   "players: yellow, red, blue, green\n")


# -- rules and argument errors --------------------------------------------------------------
def test_rules_lists_every_rule_with_section_and_summary(capsys) -> None:
    code, lines, _ = run(capsys, "rules", "mall-of-horror")
    assert code == 0
    refs = list(moh.BOOK)
    assert len(lines) == len(refs) + 1
    assert [line.split()[0] for line in lines[1:]] == [r.id for r in refs]
    r5 = next(line for line in lines if line.startswith("MoH-R5 "))
    assert re.fullmatch(r"MoH-R5 +Defence: Defence = characters \(Tough Guy 2, hidden "
                        r"included\) \+ Hardware; .*", r5)
    assert r5.endswith(moh.BOOK["MoH-R5"].summary)
    rulings = sum(1 for r in refs if r.kind == "ruling")
    assert lines[0] == (f"Mall of Horror: {len(refs)} rules ({len(refs) - rulings} from the "
                        f"rule text, {rulings} boardlab rulings)")


@pytest.mark.parametrize("command", ["play", "rules"])
def test_unknown_game_lists_the_available_games(capsys, command) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "chess"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    listed = ", ".join(repr(name) for name in registry.names())
    assert f"boardlab {command}: error: argument game: invalid choice: 'chess' " \
           f"(choose from {listed})" in err


def test_bad_player_count_exits_2(capsys) -> None:
    code, lines, err = run(capsys, "play", "mall-of-horror", "--players", "7")
    assert (code, lines) == (2, [])
    assert err == "boardlab play: error: Mall of Horror takes 3 to 6 players, got 7 (MoH-R3)\n"


def test_python_dash_m_boardlab_runs_main() -> None:
    done = subprocess.run([sys.executable, "-m", "boardlab", "rules", "mall-of-horror"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.splitlines()[1].startswith("MoH-box ")
    done = subprocess.run([sys.executable, "-m", "boardlab", "play", "chess"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 2


# -- the winner line ------------------------------------------------------------------------
def _result(scores: dict[str, int], hands: dict[str, int], won: tuple[str, ...],
            over: bool = True) -> list[str]:
    return standings(scores, won if over else (), over=over, ply=17,
                     tiebreak=Tiebreak(hands, "card", " in hand"))


def test_winner_line_single_winner() -> None:
    assert _result({"a": 7, "b": 3}, {"a": 0, "b": 1}, ("a",)) == [
        "Final scores", "  a: 7 points, 0 cards in hand", "  b: 3 points, 1 card in hand",
        "Winner: a with 7 points"]


def test_winner_line_tie_broken_by_cards() -> None:
    lines = _result({"a": 12, "b": 12, "c": 1}, {"a": 2, "b": 1, "c": 3}, ("a",))
    assert lines[-1] == ("Winner: a (level with b on 12 points; wins on cards in hand, "
                         "2 against 1)")


def test_winner_line_shared_win() -> None:
    lines = _result({"a": 1, "b": 1, "c": 1}, {"a": 1, "b": 1, "c": 1}, ("a", "b", "c"))
    assert lines[-1] == "Shared win: a, b and c (1 point and 1 card in hand each)"


def test_unfinished_match_has_no_winner() -> None:
    assert _result({"a": 7}, {"a": 2}, ("a",), over=False) == [
        "Scores so far (the match stops at ply 17)", "  a: 7 points, 2 cards in hand"]


def test_winner_lines_without_a_tiebreak_use_the_games_unit() -> None:
    assert standings({"a": 2, "b": 2, "c": 0}, ("a", "b"), over=True, ply=3, unit="star") \
        == ["Final scores", "  a: 2 stars", "  b: 2 stars", "  c: 0 stars",
            "Shared win: a and b (2 stars each)"]
    assert standings({"a": 2, "b": 2}, ("b",), over=True, ply=3)[-1] == \
        "Winner: b (level with a on 2 points; wins on the tie-break)"


def test_mall_of_horror_result_lines_count_cards_in_hand(seed1) -> None:
    game = registry.get("mall-of-horror")
    unfinished = seed1.branch(40)
    state = unfinished.state
    hands = [len(h) for h in state.hands]
    assert game.result_lines(unfinished) == [
        "Scores so far (the match stops at ply 40)",
        *(f"  {c}: {unfinished.scores()[c]} points, {n} card{'s' if n != 1 else ''} in hand"
          for c, n in zip(state.setup.colours, hands, strict=True))]
    assert sum(hands) > 0


# -- narrate ------------------------------------------------------------------------------
RULE = RuleRef("T-1", "Toy", "Turn", "A toy rule.")


def test_narrate_heads_every_change_of_round_or_phase() -> None:
    events = [
        Event("deal", "setup happens", RULE, phase="setup"),
        Event("move", "a moves", RULE, round=1, phase="x"),
        Event("move", "b moves", RULE, round=1, phase="x"),
        Event("roll", "a rolls", RULE, round=1, phase="y"),
        Event("move", "a moves", RULE, round=2, phase="y"),
    ]
    assert narrate(events, phase_titles={"setup": "Setup", "x": "x) Moving"}) == [
        "Setup", "  setup happens  (T-1)",
        "Round 1 — x) Moving", "  a moves  (T-1)", "  b moves  (T-1)",
        "Round 1 — y", "  a rolls  (T-1)",
        "Round 2 — y", "  a moves  (T-1)",
    ]


def test_narrate_shows_details_only_to_those_allowed() -> None:
    secret = Event("vote", "a votes in secret", RULE, who="a", round=1, phase="v",
                   detail="a votes for b", visible_to=("a",))
    assert narrate([secret]) == ["Round 1 — v", "  a votes for b  (T-1)"]
    assert narrate([secret], viewer="a")[1] == "  a votes for b  (T-1)"
    assert narrate([secret], viewer="b")[1] == "  a votes in secret  (T-1)"
    assert narrate([]) == []


# -- byte-identical output (the golden record) ---------------------------------------------
def test_output_is_byte_identical_to_the_golden_record(tmp_path) -> None:
    expected = json.loads(cli_golden.FIXTURE.read_text())
    assert [e["argv"] for e in expected] == cli_golden.COMMANDS
    assert sum(e["code"] == 0 for e in expected) == 33
    got = cli_golden.record(tmp_path)
    changed = [(e["argv"], g) for e, g in zip(expected, got, strict=True) if e != g]
    assert changed == []


def test_the_golden_record_sees_a_change(tmp_path, monkeypatch) -> None:
    real = registry.get("mall-of-horror").result_lines
    monkeypatch.setattr(type(registry.get("mall-of-horror")), "result_lines",
                        lambda self, m: [*real(m)[:-1], "Winner: nobody"])
    got = cli_golden.run(["play", "mall-of-horror", "--players", "4", "--seed", "1"])
    first = next(e for e in json.loads(cli_golden.FIXTURE.read_text())
                 if e["argv"] == ["play", "mall-of-horror", "--players", "4", "--seed", "1"])
    assert (got["code"], got["stdout_lines"]) == (0, first["stdout_lines"])
    assert got["stdout"] != first["stdout"]


# -- any registered game: the toy ---------------------------------------------------------------
@pytest.fixture
def toy() -> object:
    """The toy game registered for one test (cli.py and soak.py do not know it)."""
    registry.register("toy", "tests.core.toy", module="tests.core.toy_game")
    yield registry.get("toy")
    registry.unregister("toy")


def test_toy_plays_through_the_real_cli(capsys, toy) -> None:
    code, lines, err = run(capsys, "play", "toy", "--seed", "3")
    assert (code, err) == (0, "")
    match = toy.play(seed=3)
    assert lines[0] == "Toy: 2 players (a, b), seed 3"
    assert lines[1] == "Turns"
    assert lines[2:2 + len(match.events)] == [f"  {e.line()}" for e in match.events]
    a, b = match.scores()["a"], match.scores()["b"]
    assert max(a, b) >= 5
    assert lines[-4:-1] == ["Final scores", f"  a: {a} pips", f"  b: {b} pips"]
    winner = "a" if a > b else "b"
    assert lines[-1] == f"Winner: {winner} with {max(a, b)} pips"
    assert len(lines) == 2 + len(match.events) + 4


def test_toy_options_agents_and_json_round_trip(capsys, tmp_path, toy) -> None:
    path = tmp_path / "toy.json"
    code, played, err = run(capsys, "play", "toy", "--target", "9", "--agents", "greedy",
                            "--seed", "4", "--json", str(path))
    assert code == 0 and err == f"boardlab play: saved the match to {path}\n"
    saved = json.loads(path.read_text())
    assert (saved["game"], saved["setup"]["target"]) == ("toy", 9)
    assert all(c["amount"] in (2, 3) for c in saved["choices"] if "amount" in c)
    assert max(toy.load(path.read_text()).scores().values()) >= 9
    code, replayed, err = run(capsys, "replay", str(path))
    assert (code, err, replayed) == (0, "", played)
    code, lines, _ = run(capsys, "replay", str(path), "--viewer", "b")
    assert lines[0] == "Toy: 2 players (a, b), seed 4, as b sees it"


def test_toy_rules_through_the_real_cli(capsys, toy) -> None:
    code, lines, _ = run(capsys, "rules", "toy")
    assert code == 0
    assert lines == ["Toy: 2 rules (2 from the rule text, 0 boardlab rulings)",
                     "T-1  Turn: Flip, then add.", "T-2  End: Five wins."]


def test_toy_refusals_name_the_problem(capsys, toy) -> None:
    code, lines, err = run(capsys, "play", "toy", "--target", "0")
    assert (code, lines) == (2, [])
    assert err == "boardlab play: error: the toy's target must be at least 1, got 0 (T-2)\n"
    with pytest.raises(SystemExit) as stop:
        main(["play", "toy", "--players", "4"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith(
        "boardlab play: error: unrecognized arguments: --players 4\n")
    with pytest.raises(SystemExit):
        main(["play", "toy", "--agents", "heuristic"])
    assert "argument --agents: invalid choice: 'heuristic' (choose from 'random', 'greedy')" \
        in capsys.readouterr().err
    code, _, err = run(capsys, "play", "toy", "--viewer", "c")
    assert err == "boardlab play: error: --viewer 'c' is not a player of this match; " \
                  "players: a, b\n"


def test_with_two_games_a_saved_file_must_name_one(capsys, tmp_path, toy) -> None:
    path = tmp_path / "chess.json"
    path.write_text('{"game": "chess"}')
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert err == (f"boardlab replay: error: {path} is not a valid saved match: game: "
                   f"expected one of {registry.names()}, got 'chess'\n")
    assert "toy" in registry.names() and "mall-of-horror" in registry.names()


def test_help_lists_the_games_options_and_agent_kinds(capsys, toy) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "toy", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert re.search(r"^  --target N +total that wins \(default 5\)$", out, re.M)
    assert "{random,greedy}" in out
    with pytest.raises(SystemExit):
        main(["play", "mall-of-horror", "-h"])
    out = capsys.readouterr().out
    assert "--players PLAYERS" in out and "{random,heuristic}" in out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "GAME [game options]" in out and "mall-of-horror" in out and "toy" in out
    assert "--players" not in out


def test_cli_soak_and_narrate_name_no_game() -> None:
    """Nothing is hard-wired: no registered game is named in the generic modules."""
    words = set()
    for name in registry.names():
        game = registry.get(name)
        words |= {name, game.book.name, registry.registration(name).package.split(".")[-1]}
    words |= {"moh", "mall"}
    for module in ("cli.py", "soak.py", "narrate.py", "__main__.py"):
        text = (ROOT / "boardlab" / module).read_text().lower()
        assert [w for w in words if w.lower() in text] == [], module


def test_only_the_named_game_is_imported() -> None:
    probe = ("import sys, boardlab.cli, contextlib, io\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n"
             "    boardlab.cli.main(['rules', 'mall-of-horror'])\n"
             "print(sorted(m for m in sys.modules if m.startswith('boardlab.')))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    loaded = eval(done.stdout)  # a list of module names
    assert "boardlab.mall_of_horror.game" in loaded
    assert not [m for m in loaded if m.startswith(("boardlab.widgets", "boardlab.prob"))]


def test_registry_refuses_a_broken_description(toy) -> None:
    registry.register("toy2", "tests.core.toy", module="tests.core.toy_game")
    try:
        with pytest.raises(TypeError, match="rules.name is 'toy', registered as 'toy2'"):
            registry.get("toy2")
    finally:
        registry.unregister("toy2")
    registry.register("nothing", "tests.core.toy", module="tests.core.toy")
    try:
        with pytest.raises(TypeError, match="tests.core.toy.GAME must be a boardlab.registry"):
            registry.get("nothing")
    finally:
        registry.unregister("nothing")
    with pytest.raises(ValueError, match=f"no game 'chess'; games: {', '.join(registry.names())}$"):
        registry.get("chess")
