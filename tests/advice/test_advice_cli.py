"""``boardlab advise SAVED.json --ply N [--seat S] [--horizon round]`` (issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardlab import mall_of_horror as moh
from boardlab.advice import advise
from boardlab.cli import main

#: A time budget no loaded machine reaches: exactness here must not depend on the load.
SLOW = 3600


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("advise") / "match.json"
    path.write_text(moh.play(players=3, seed=5).to_json(), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.mark.slow
def test_advise_prints_the_advice_of_that_ply(capsys, saved) -> None:
    code, out, err = run(capsys, "advise", str(saved), "--ply", "41", "--horizon", "3",
                         "--matches", "20", "--seconds", str(SLOW))
    assert (code, err) == (0, "")
    match = moh.load_match(saved.read_text())
    match.seek(41)
    expected = advise(match, horizon=3, budget={"seconds": SLOW, "matches": 20})
    assert out == expected.lines()
    assert out[0] == "Advice for yellow at round 1, phase d, to the end of the 3 plies:"
    assert len(out) == 1 + len(match.legal()) + 2
    assert sum(line.startswith(" * ") for line in out) == 1


def test_advise_with_a_seat_and_the_round(capsys, saved) -> None:
    code, out, _ = run(capsys, "advise", str(saved), "--ply", "41", "--seat", "yellow",
                       "--horizon", "round", "--nodes", "300", "--matches", "0")
    assert code == 0 and "est. " in out[1]  # 300 positions are too few: estimated
    assert any("not exact (more than 300 positions)" in line for line in out)


@pytest.mark.parametrize(("argv", "message"), [
    (["--ply", "3"], "waits for chance"),
    ([], "the match is over"),
    (["--ply", "999"], "ply: this match has plies 0..115"),
    (["--ply", "41", "--seat", "purple"], "seat: not a colour"),
    (["--ply", "41", "--seat", "red"], "it is yellow's decision"),
    (["--ply", "41", "--horizon", "0"], "horizon: 1 to 2000"),
    (["--ply", "41", "--opponents", "genius"], "no agent kind"),
])
def test_bad_requests_exit_2_with_one_line(capsys, saved, argv, message) -> None:
    code, out, err = run(capsys, "advise", str(saved), *argv)
    assert code == 2 and out == []
    assert message in err.strip().splitlines()[-1]


@pytest.mark.parametrize(("argv", "message"), [
    (["--ply", "41", "--horizon", "soon"], "expected round, phase or a number of plies"),
    (["--ply", "-1"], "expected 0 or more"),
])
def test_unreadable_options_are_usage_errors(capsys, saved, argv, message) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["advise", str(saved), *argv])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err.strip().splitlines()[-1]


def test_a_file_that_is_not_a_match(capsys, tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\": 3}", encoding="utf-8")
    code, _, err = run(capsys, "advise", str(bad))
    assert code == 2 and "is not a valid saved match" in err
    code, _, err = run(capsys, "advise", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
