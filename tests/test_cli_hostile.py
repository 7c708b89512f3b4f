"""The command line on hostile input (issue 10): one line ``boardlab ...: error: ...`` on
stderr, exit code 2, never a traceback, never a 20-million-character message; and
``replay --push`` / ``--json`` (issue 19, item 8) to play on from a saved match.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from boardlab.cli import main
from boardlab.core import CHANCE
from boardlab.core.serialize import MAX_NESTING
from tests.core.test_hostile import saved

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str) -> tuple[int, str, str]:
    """``main(argv)`` → exit code, stdout, stderr (without pytest's capture fixtures, so
    hypothesis can call it many times in one test)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:  # argparse's own exits
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def one_error_line(err: str, command: str = "replay") -> str:
    assert err.count("\n") == 1 and err.endswith("\n"), err[:300]
    assert err.startswith(f"boardlab {command}: error: "), err[:300]
    assert "Traceback" not in err
    return err[:-1]


@pytest.fixture()
def file(tmp_path: Path) -> Path:
    return tmp_path / "match.json"


# -- hostile saved files ------------------------------------------------------------------
@pytest.mark.parametrize(("content", "says"), [
    (b"[" * 100_000, f"nested deeper than {MAX_NESTING} levels"),
    (b'{"a": "\xff"}', "not UTF-8 text (byte 0xff at position 7)"),
    (b"", "not valid JSON"),
    (b"[1, 2]", "<root>: expected a JSON object"),
    (b'{"format": "boardlab.match", "version": 1, "game": "mall-of-horror", "seed": '
     + b"9" * 5001 + b"}", "a number with too many digits"),
])
def test_hostile_files_are_one_line_and_exit_2(file: Path, content: bytes, says: str) -> None:
    file.write_bytes(content)
    code, out, err = run("replay", str(file))
    assert (code, out) == (2, "")
    line = one_error_line(err)
    assert line.startswith(f"boardlab replay: error: {file} is not a valid saved match: ")
    assert says in line and len(line) < 600


def test_an_unhashable_choice_type_names_its_field(file: Path) -> None:
    data = saved()
    data["choices"][3]["type"] = []
    file.write_text(json.dumps(data))
    code, _, err = run("replay", str(file))
    assert code == 2
    assert "choices[3].type: unknown kind []" in one_error_line(err)


def test_a_20_mb_field_gives_a_short_line(file: Path) -> None:
    data = saved()
    i = next(i for i, c in enumerate(data["choices"]) if c["type"] == "Vote")
    data["choices"][i]["colour"] = "x" * 10_000_000
    file.write_text(json.dumps(data))
    code, _, err = run("replay", str(file))
    assert code == 2
    line = one_error_line(err)
    assert f"choices[{i}]" in line and len(line) < 1000


def test_replay_of_dev_zero_is_refused_at_the_size_limit() -> None:
    code, out, err = run("replay", "/dev/zero")
    assert (code, out) == (2, "")
    assert "larger than a saved file may be" in one_error_line(err)


def test_a_directory_is_not_a_saved_match(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path))
    assert code == 2
    assert one_error_line(err).startswith(f"boardlab replay: error: cannot read {tmp_path}")


# A mutated saved file of every game: tests/test_hostile_games.py (replay prints the match
# or one line, exit 2).


# -- arguments -------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "command", "says"), [
    (["play", "mall-of-horror", "--seed", "abc"], "play", "argument --seed: invalid"),
    (["play", "mall-of-horror", "--players", "1.5"], "play", "--players"),
    (["play", "mall-of-horror", "--players", "99"], "play", "players"),
    (["replay"], "replay", "the following arguments are required: FILE"),
    (["play", "mall-of-horror", "--seed", "9" * 400], "play", "seed"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv: list[str], command: str,
                                               says: str) -> None:
    code, out, err = run(*argv)
    assert (code, out) == (2, "")
    line = one_error_line(err, command)
    assert says in line and len(line) < 600


def test_an_unexpected_failure_is_one_line_and_exit_1(monkeypatch: pytest.MonkeyPatch,
                                                      file: Path) -> None:
    file.write_text(moh.play(players=4, seed=1).to_json())

    def broken(*args: Any, **kwargs: Any) -> list[str]:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("boardlab.cli.match_lines", broken)
    monkeypatch.delenv("BOARDLAB_TRACEBACK", raising=False)
    code, _, err = run("replay", str(file))
    assert code == 1
    assert err == ("boardlab: error: unexpected ZeroDivisionError: 'a bug' (a bug in "
                   "boardlab; BOARDLAB_TRACEBACK=1 shows where)\n")
    monkeypatch.setenv("BOARDLAB_TRACEBACK", "1")
    with pytest.raises(ZeroDivisionError):
        run("replay", str(file))


def test_no_traceback_from_a_real_process(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"[" * 100_000)
    done = subprocess.run([sys.executable, "-m", "boardlab", "replay", str(bad)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    one_error_line(done.stderr)


# -- replay --push and --json --------------------------------------------------------------
def unfinished(file: Path, plies: int = 30) -> moh.State:
    m = moh.play(players=4, seed=5)
    m.seek(plies)
    while m.to_move is CHANCE:
        m.seek(m.ply + 1)
    m = m.branch(m.ply)
    file.write_text(m.to_json())
    return m.state


def test_push_plays_on_and_json_saves_the_result(file: Path, tmp_path: Path) -> None:
    unfinished(file)
    expected = moh.load_match(file.read_text())
    argv: list[str] = []
    while expected.to_move is not CHANCE:  # decisions until chance moves, then roll
        choice = expected.legal()[0]
        argv += ["--push", str(choice)]
        expected.push(choice)
    argv += ["--push", "roll"]
    while expected.to_move is CHANCE:
        expected.roll()
    assert len(argv) > 2 and not expected.is_over
    out_file = tmp_path / "on.json"
    code, out, err = run("replay", str(file), *argv, "--json", str(out_file))
    assert code == 0
    assert err == f"boardlab replay: saved the match to {out_file}\n"
    assert out_file.read_text() == expected.to_json(indent=2) + "\n"
    last = out.splitlines()[-1]
    assert last.startswith(f"Next: {expected.to_move} to move (ply {expected.ply}); legal: ")


def test_a_refused_push_is_one_line_and_saves_nothing(file: Path, tmp_path: Path) -> None:
    unfinished(file)
    before = file.read_bytes()
    out_file = tmp_path / "on.json"
    code, out, err = run("replay", str(file), "--push", "launch the rocket",
                         "--json", str(out_file))
    assert (code, out) == (2, "")
    line = one_error_line(err)
    assert line.startswith("boardlab replay: error: --push 'launch the rocket': "
                           "'launch the rocket' names no legal choice for ")
    assert "Legal here: " in line
    assert not out_file.exists() and file.read_bytes() == before


def test_push_roll_when_a_player_must_decide_is_refused(file: Path) -> None:
    state = unfinished(file)
    code, _, err = run("replay", str(file), "--push", "roll")
    assert code == 2
    assert one_error_line(err) == ("boardlab replay: error: --push roll: it is "
                                   f"{moh.RULES.to_move(state)}'s turn, not chance's")
