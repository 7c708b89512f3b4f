"""The soak runner (``boardlab.soak``).

>>> from boardlab.soak import main
"""

from __future__ import annotations

import pytest

from boardlab import soak
from boardlab.core.conformance import ConformanceReport


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = soak.main(list(argv))
    return code, capsys.readouterr().out.splitlines()


def value(lines: list[str], name: str) -> str:
    """The text after ``name: `` on the summary line that starts with it."""
    found = [line for line in lines if line.startswith(f"{name}: ")]
    assert len(found) == 1, (name, lines)
    return found[0].removeprefix(f"{name}: ")


def test_a_few_real_matches_pass(capsys) -> None:
    code, lines = run(capsys, "--matches", "8", "--workers", "1")
    assert code == 0
    assert lines[0] == ("soak: 8 Mall of Horror matches, players 3,4,5,6, seeds 0…7, deep "
                        "checks on 1 match in 1000, 1 worker(s)")
    assert value(lines, "invariant violations") == "0"
    assert value(lines, "matches") == "8"
    assert value(lines, "deep matches") == "1"
    assert lines[-1] == "invariant violations: 0"
    progress = [line for line in lines if "% " in line or "%)" in line]
    assert progress[-1].startswith("  8/8 matches (100%), 0 violation(s), ")


def test_process_pool_gives_the_same_report(capsys) -> None:
    code, pooled = run(capsys, "--matches", "8", "--workers", "2", "--deep-every", "4",
                       "--chunk", "3")
    assert code == 0
    _, serial = run(capsys, "--matches", "8", "--workers", "1", "--deep-every", "4")
    assert value(pooled, "steps") == value(serial, "steps")
    assert int(value(pooled, "steps").split()[0]) > 8 * 50
    assert value(pooled, "deep matches") == "2"
    assert value(pooled, "invariant violations") == "0"


def test_seeds_player_counts_and_deep_matches_follow_the_plan(monkeypatch) -> None:
    seen = []

    def fake(rules, setup, seed, *, deep=False):
        seen.append((setup.players, seed, deep))
        return ConformanceReport(matches=1, steps=10, deep_matches=int(deep))

    monkeypatch.setattr(soak, "check_match", fake)
    report = soak.soak(5, (3, 5), workers=1, deep_every=3, first_seed=100, chunk=2)
    assert seen == [(3, 100, True), (5, 101, False), (3, 102, False), (5, 103, True),
                    (3, 104, False)]
    assert (report.matches, report.steps, report.deep_matches) == (5, 50, 2)


def test_violations_fail_the_run_and_only_20_are_shown(capsys, monkeypatch) -> None:
    def fake(rules, setup, seed, *, deep=False):
        return ConformanceReport(matches=1, violations=[f"toy seed={seed} ply=3: broken"])

    monkeypatch.setattr(soak, "check_match", fake)
    code, lines = run(capsys, "--matches", "25", "--workers", "1", "--players", "4")
    assert code == 1
    at = lines.index("invariant violations: 25")
    assert lines[at + 1:] == [f"  players=4 toy seed={s} ply=3: broken" for s in range(20)] \
        + ["  … and 5 more"]


def test_a_crash_is_a_violation_with_its_seed(capsys, monkeypatch) -> None:
    real = soak.check_match

    def fake(rules, setup, seed, *, deep=False):
        if seed == 2:
            raise RuntimeError("boom")
        return real(rules, setup, seed, deep=deep)

    monkeypatch.setattr(soak, "check_match", fake)
    code, lines = run(capsys, "--matches", "4", "--workers", "1")
    assert code == 1
    assert lines[-2:] == ["invariant violations: 1",
                          "  players=5 mall-of-horror seed=2: crashed with RuntimeError: boom"]
    assert value(lines, "matches") == "4"


def test_chunks_cover_every_match_once() -> None:
    assert soak.chunks(7, 3) == [(0, 3), (3, 6), (6, 7)]
    assert soak.chunks(6, 3) == [(0, 3), (3, 6)]
    assert soak.chunks(1, 1000) == [(0, 1)]


@pytest.mark.parametrize("argv", [["--players", "2,4"], ["--players", "x"],
                                  ["--matches", "0"], ["--workers", "0"],
                                  ["--deep-every", "-1"]])
def test_bad_arguments_exit_2(capsys, argv) -> None:
    with pytest.raises(SystemExit) as stop:
        soak.main(argv)
    assert stop.value.code == 2
    assert "error: argument" in capsys.readouterr().err
