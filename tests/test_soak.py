"""The soak runner (``boardlab.soak``), for Mall of Horror and for a game it does not know.

>>> from boardlab.soak import main
"""

from __future__ import annotations

import pytest

from boardlab import registry, soak
from boardlab.core.conformance import ConformanceReport

MOH = registry.registration("mall-of-horror")


def run(capsys: pytest.CaptureFixture[str], *argv: str,
        game: str = "mall-of-horror") -> tuple[int, list[str]]:
    code = soak.main(["--game", game, *argv])
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

    def fake(rules, setup, seed, *, deep=False, illegal=None):
        seen.append((setup.players, seed, deep))
        return ConformanceReport(matches=1, steps=10, deep_matches=int(deep))

    monkeypatch.setattr(soak, "check_match", fake)
    report = soak.soak(MOH, 5, [{"players": 3}, {"players": 5}], workers=1, deep_every=3,
                       first_seed=100, chunk=2)
    assert seen == [(3, 100, True), (5, 101, False), (3, 102, False), (5, 103, True),
                    (3, 104, False)]
    assert (report.matches, report.steps, report.deep_matches) == (5, 50, 2)


def test_violations_fail_the_run_and_only_20_are_shown(capsys, monkeypatch) -> None:
    def fake(rules, setup, seed, *, deep=False, illegal=None):
        return ConformanceReport(matches=1, violations=[f"toy seed={seed} ply=3: broken"])

    monkeypatch.setattr(soak, "check_match", fake)
    code, lines = run(capsys, "--matches", "25", "--workers", "1", "--players", "4")
    assert code == 1
    at = lines.index("invariant violations: 25")
    assert lines[at + 1:] == [f"  players=4 toy seed={s} ply=3: broken" for s in range(20)] \
        + ["  … and 5 more"]


def test_a_crash_is_a_violation_with_its_seed(capsys, monkeypatch) -> None:
    real = soak.check_match

    def fake(rules, setup, seed, *, deep=False, illegal=None):
        if seed == 2:
            raise RuntimeError("boom")
        return real(rules, setup, seed, deep=deep, illegal=illegal)

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


@pytest.mark.parametrize("argv", [["--players", "x"], ["--players", "3,,4"],
                                  ["--matches", "0"], ["--workers", "0"],
                                  ["--deep-every", "-1"], ["--game", "chess"]])
def test_bad_arguments_exit_2(capsys, argv) -> None:
    with pytest.raises(SystemExit) as stop:
        soak.main(["--game", "mall-of-horror", *argv])
    assert stop.value.code == 2
    assert "error: argument" in capsys.readouterr().err


def test_a_player_count_the_rules_refuse_is_named_with_its_rule(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        soak.main(["--game", "mall-of-horror", "--players", "4,2"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "python -m boardlab.soak: error: players=2: Mall of Horror takes 3 to 6 players, "
        "got 2 (MoH-R3)")


def test_the_game_is_required(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        soak.main(["--matches", "3"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "python -m boardlab.soak: error: the following arguments are required: --game")


# -- a game soak.py has never heard of -------------------------------------------------------
@pytest.fixture
def toy():
    registry.register("toy", "tests.core.toy", module="tests.core.toy_game")
    yield registry.get("toy")
    registry.unregister("toy")


def test_toy_soak_with_its_options_and_illegal_choices(capsys, toy) -> None:
    code, lines = run(capsys, "--matches", "12", "--workers", "1", "--deep-every", "3",
                      game="toy")
    assert code == 0
    assert lines[0] == ("soak: 12 Toy matches, target 3,5, seeds 0…11, deep checks on 1 "
                        "match in 3, 1 worker(s)")
    assert value(lines, "deep matches") == "4"
    refused = int(value(lines, "illegal choices refused"))
    assert refused > 4 * 3  # every step of 4 deep matches tries at least Add(0) and Add(4)
    assert value(lines, "invariant violations") == "0"


def test_toy_plan_cycles_through_the_given_values(monkeypatch, toy) -> None:
    seen = []

    def fake(rules, setup, seed, *, deep=False, illegal=None):
        seen.append((setup.target, seed, illegal is toy.illegal))
        return ConformanceReport(matches=1)

    monkeypatch.setattr(soak, "check_match", fake)
    code = soak.main(["--game", "toy", "--target", "2,7,4", "--matches", "4", "--workers",
                      "1", "--first-seed", "10"])
    assert code == 0
    assert seen == [(2, 10, True), (7, 11, True), (4, 12, True), (2, 13, True)]


def test_toy_violations_name_the_options(capsys, monkeypatch, toy) -> None:
    def broken(state, rng):
        raise RuntimeError("no candidates")

    monkeypatch.setattr(type(toy), "illegal", staticmethod(broken))
    code, lines = run(capsys, "--matches", "3", "--workers", "1", "--deep-every", "2",
                      "--target", "4", game="toy")
    assert code == 1
    assert lines[-3:] == ["invariant violations: 2",
                          "  target=4 toy seed=0: crashed with RuntimeError: no candidates",
                          "  target=4 toy seed=2: crashed with RuntimeError: no candidates"]


def test_a_process_pool_loads_the_game_by_its_registration(capsys, toy) -> None:
    code, pooled = run(capsys, "--matches", "10", "--workers", "2", "--chunk", "3", game="toy")
    _, serial = run(capsys, "--matches", "10", "--workers", "1", game="toy")
    assert code == 0
    assert value(pooled, "steps") == value(serial, "steps")


def test_a_plan_combines_every_option() -> None:
    from boardlab.registry import Game, Option

    class Two(Game):
        options = (Option("players", int, 2), Option("mode", str, "easy",
                                                      choices=("easy", "hard")))

    plan = Two().soak_plan({"players": (1, 2), "mode": ("easy", "hard")})
    assert plan == [{"players": 1, "mode": "easy"}, {"players": 1, "mode": "hard"},
                    {"players": 2, "mode": "easy"}, {"players": 2, "mode": "hard"}]
