"""The command line (``boardlab.cli``) and the narration (``boardlab.narrate``).

>>> from boardlab.cli import main
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from boardlab import mall_of_horror as moh
from boardlab.cli import Game, main, result_lines
from boardlab.core.events import Event
from boardlab.core.rules import RuleRef
from boardlab.mall_of_horror.rules import PHASE_NAMES
from boardlab.narrate import narrate

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
    assert f"boardlab {command}: error: argument game: invalid choice: 'chess' " \
           "(choose from 'mall-of-horror')" in err


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
    game = Game(name="toy", book=moh.BOOK, phase_titles={}, play=None, load=None,
                winners=lambda m: won, hand_sizes=lambda m: hands)
    match = SimpleNamespace(scores=lambda: scores, is_over=over, ply=17)
    return result_lines(game, match)


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
