"""The command line (``boardlab.cli``), the narration (``boardlab.narrate``) and the game
registry behind them (``boardlab.registry``).

Mall of Horror's output is checked line by line here and byte by byte against the
golden record (``tests/cli_golden.py``); the toy game of ``tests/core/toy.py``, which
``cli.py`` has never heard of, is played, replayed and listed through the same ``main``.

>>> from boardlab.cli import main
"""

from __future__ import annotations

import io
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
from boardlab.narrate import CLI_STYLE, Style, Tiebreak, narrate, standings
from tests import cli_golden

ROOT = Path(__file__).resolve().parent.parent
PLAY = ["play", "mall-of-horror", "--players", "4", "--seed", "1"]
# A told event's last line: the text, then its rule id in brackets in the rule column.
RULE_AT_END = re.compile(r"^(.*?) +\[([A-Za-z0-9-]+)\]$")
RULE_COLUMN = 2 + CLI_STYLE.rule_column + 2   # where the "[" stands after a short text
# Event kinds that change nothing on the board (characters, zombies, sealed locations).
NOT_ON_THE_BOARD = {"forced_vote", "searcher", "skip", "chief", "truck", "ballot", "tally",
                    "second_vote", "no_result", "threat", "card", "gift", "camera"}
SCORE_LINE = re.compile(r"^  (\w+): (\d+) points?, (\d+) cards? in hand$")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """``main(argv)`` → exit code, stdout lines, stderr text."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def told(lines: list[str]) -> list[tuple[str, str]]:
    """The told events of a narration as ``(text, rule id)``: continuation lines joined,
    headings and board snapshots left out."""
    items: list[list[str]] = []
    in_board = False
    for line in lines[1:]:
        if not line.startswith(" "):
            in_board = line.startswith("Board ")
            if line in ("Final scores",) or line.startswith("Scores so far"):
                break
            continue
        if in_board:
            continue
        if line.startswith("    "):
            items[-1].append(line.strip())
        else:
            items.append([line.strip()])
    out = []
    for parts in items:
        found = RULE_AT_END.match(" ".join(parts))
        assert found, parts
        out.append((found[1], found[2]))
    return out


def boards(lines: list[str]) -> dict[str, list[str]]:
    """Each board snapshot of a narration: its heading and its lines."""
    out: dict[str, list[str]] = {}
    heading = None
    for line in lines[1:]:
        if not line.startswith(" "):
            heading = line if line.startswith("Board ") else None
            if heading:
                out[heading] = []
        elif heading:
            out[heading].append(line)
    return out


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
    assert lines[2] == f"{'  yellow is dealt Security Camera':<{RULE_COLUMN - 2}}  [MoH-setup]"
    headings = [line for line in lines[1:] if not line.startswith(" ")
                and not line.startswith("Board ")]
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


def test_every_event_is_told_once_with_its_rule_id_in_a_column(capsys, seed1) -> None:
    _, lines, _ = run(capsys, *PLAY)
    events = seed1.events
    ignored = [e for e in events if e.kind == "die_ignored"]
    assert len(ignored) == 10   # a die showing the closed Shop 2, ten times in the match
    assert {e.text_for(None) for e in ignored} == {
        "The die showing 2 is ignored: the location is closed in this game"}
    first = events.index(ignored[0])
    expected = [(e.text_for(None), e.rule.id) for e in events if e.kind != "die_ignored"]
    expected.insert(first, (ignored[0].text_for(None) + " (not repeated below)", "MoH-R3"))
    assert told(lines) == expected
    assert all(rule in moh.BOOK for _, rule in told(lines))
    # The rule ids form a column: after a short text the "[" is always at the same place.
    short = [line for line in lines if RULE_AT_END.match(line) and len(line) < 90
             and line.index("[") < RULE_COLUMN + 1]
    assert len(short) > 200
    assert {line.index("  [") + 2 for line in short} == {RULE_COLUMN}


def test_repeated_lines_of_a_roll_are_merged_and_ignored_dice_told_once(capsys) -> None:
    for players, seed in ((3, 0), (4, 1), (4, 4)):
        match = moh.play(players, seed=seed)
        _, lines, _ = run(capsys, "play", "mall-of-horror", "--players", str(players),
                          "--seed", str(seed))
        texts = {e.text_for(None) for e in match.events if e.kind == "die_ignored"}
        said = [t for t, _ in told(lines) if " is ignored: " in t]
        assert len(said) == len(texts) >= 1
        assert all(t.endswith("not repeated below)") for t in said)
    # 4 players, seed 4: the first roll shows two 2s, told as one line.
    assert [t for t, _ in told(lines) if " is ignored: " in t] == [
        "The die showing 2 is ignored: the location is closed in this game "
        "(twice; not repeated below)"]


def test_a_board_snapshot_before_every_round_and_at_the_end(capsys, seed1) -> None:
    _, lines, _ = run(capsys, *PLAY)
    snapshots = boards(lines)
    last = seed1.state.round
    assert list(snapshots) == [f"Board as round {r} begins" for r in range(1, last + 1)] + [
        "Board at the end"]
    assert snapshots["Board as round 2 begins"] == [
        "  1 Shop 1          1 zombie    empty",
        "  2 Shop 2          closed (3 or 4 players)",
        "  3 Shop 3          1 zombie    yellow Pin-Up; red Pin-Up, Tough Guy, Gunman",
        "  4 Parking Lot     0 zombies   yellow Gunman; blue Tough Guy, Gunman; green Gunman",
        "  5 Security Room   2 zombies   yellow Tough Guy; blue Pin-Up; green Pin-Up",
        "  6 Supermarket     1 zombie    green Tough Guy"]
    end = seed1.state
    for line, loc in zip(snapshots["Board at the end"], range(1, 7), strict=True):
        if loc == 2:
            continue
        assert f" {end.zombies[loc - 1]} zombie" in line
        assert line.endswith("empty") == (not end.at(loc))
    # A snapshot is public: every viewer sees the same boards.
    _, red, _ = run(capsys, *PLAY, "--viewer", "red")
    assert boards(red) == snapshots


def test_a_snapshot_is_the_board_at_the_turn_of_the_round() -> None:
    """The snapshot is the state after the ply in which a round begins; in that ply, after
    the round's first event, nothing on the board changes (only votes, cards, the Chief)."""
    seen = set()
    for players in (3, 4, 5, 6):
        for seed in range(12):
            match = moh.play(players, seed=seed)
            for record in match.records:
                kinds = [e.kind for e in record.events]
                if "round" in kinds:
                    seen.update(kinds[kinds.index("round") + 1:])
    assert seen and seen <= NOT_ON_THE_BOARD, seen - NOT_ON_THE_BOARD


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
        secret = sum(1 for t, _ in told(red) if t == f"{colour} votes in secret")
        open_ = sum(1 for t, _ in told(red) if t.startswith(f"{colour} votes for "))
        omniscient = sum(1 for t, _ in told(everything) if t.startswith(f"{colour} votes for "))
        assert omniscient == n
        assert (secret, open_) == ((0, n) if colour == "red" else (n, 0))
    assert ("yellow is dealt an action card", "MoH-setup") in told(red)
    assert ("yellow is dealt Security Camera", "MoH-setup") not in told(red)
    assert len(told(red)) == len(told(everything))


def test_a_reader_that_stops_early_is_not_an_error(tmp_path) -> None:
    """``python -m boardlab play … | head -3``: no BrokenPipeError, and --json still saved."""
    path = tmp_path / "m.json"
    with subprocess.Popen([sys.executable, "-m", "boardlab", *PLAY, "--json", str(path)],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as proc:
        proc.stdout.close()   # the reader goes away before the narration is written
        err = proc.stderr.read()
        code = proc.wait(timeout=120)
    assert (code, err) == (0, f"boardlab play: saved the match to {path}\n")
    assert moh.load_match(path.read_text()).is_over


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


def test_narrate_in_the_command_line_style() -> None:
    a = Event("roll", "a rolls", RULE, round=1, phase="x")
    b = Event("roll", "b rolls", RULE, round=1, phase="x")
    skip = Event("skip", "a die is ignored", RULE, round=1, phase="x")
    style = Style(rule_column=20, merge_repeats=True, once=frozenset({"skip"}))
    assert narrate([a, a, a, b, a], style=style) == [
        "Round 1 — x", "  a rolls (3 times)     [T-1]", "  b rolls               [T-1]",
        "  a rolls               [T-1]"]
    # Once-kinds: the first time in full (merged with its own repeats), then never again,
    # not even the heading of a phase that would hold nothing else.
    later = Event("skip", "a die is ignored", RULE, round=2, phase="x")
    assert narrate([skip, skip, a, later], style=style) == [
        "Round 1 — x", "  a die is ignored", "    (twice; not",
        "    repeated below)     [T-1]", "  a rolls               [T-1]"]
    # The same text in another phase is not merged with the one before it.
    other = Event("roll", "a rolls", RULE, round=1, phase="y")
    assert narrate([a, other], style=style) == [
        "Round 1 — x", "  a rolls               [T-1]", "Round 1 — y",
        "  a rolls               [T-1]"]
    # Boards come right before their round's first heading, once.
    assert narrate([a, Event("roll", "a rolls", RULE, round=2, phase="x")],
                   boards={2: ["Board as round 2 begins", "  (board)"]}) == [
        "Round 1 — x", "  a rolls  (T-1)", "Board as round 2 begins", "  (board)",
        "Round 2 — x", "  a rolls  (T-1)"]
    # The plain style is what logs and explainers read: one line per event, in order.
    assert narrate([a, a]) == ["Round 1 — x", "  a rolls  (T-1)", "  a rolls  (T-1)"]


def test_rule_ids_are_dimmed_on_a_terminal_only(capsys, monkeypatch) -> None:
    from boardlab import cli

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert cli._dims(Terminal()) and not cli._dims(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not cli._dims(Terminal())
    monkeypatch.delenv("NO_COLOR")
    out = Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(PLAY) == 0
    text = out.getvalue()
    assert "\x1b[2m[MoH-setup]\x1b[0m" in text
    assert [cli.dim_rule_ids(line) for line in text.replace("\x1b[2m", "").replace(
        "\x1b[0m", "").splitlines()] == text.splitlines()


# -- byte-identical output (the golden record) ---------------------------------------------
@pytest.mark.slow
def test_output_is_byte_identical_to_the_golden_record(tmp_path) -> None:
    expected = json.loads(cli_golden.FIXTURE.read_text())
    assert [e["argv"] for e in expected] == cli_golden.COMMANDS
    assert sum(e["code"] == 0 for e in expected) == 35  # 33, and two advise commands
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
    assert told(lines) == [(e.text_for(None), e.rule.id) for e in match.events]
    assert lines[2] == f"{'  heads':<{RULE_COLUMN - 2}}  [T-1]"
    a, b = match.scores()["a"], match.scores()["b"]
    assert max(a, b) >= 5
    assert lines[-4:-1] == ["Final scores", f"  a: {a} pips", f"  b: {b} pips"]
    winner = "a" if a > b else "b"
    assert lines[-1] == f"Winner: {winner} with {max(a, b)} pips"
    assert len(lines) == 2 + len(match.events) + 4   # no board: the toy draws none


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
