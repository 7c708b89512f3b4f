"""``boardlab experiment SPEC.json`` and the soak's progress and Ctrl-C, through the real
``main`` functions (the toy game is one the command line has never heard of)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab import registry, soak
from boardlab.cli import main
from boardlab.core.conformance import ConformanceReport
from boardlab.experiment import Experiment, Results
from boardlab.experiment.store import read_results
from tests.experiment.fragile_toy import INTERRUPT_AT

ROOT = Path(__file__).resolve().parents[2]
SPEC = {"game": "toy", "name": "targets", "variants": [{"name": "five"},
                                                       {"name": "nine", "options": {"target": 9}}],
        "lineups": ["fragile", ["greedy", "fragile"]], "seeds": {"first": 2, "count": 15}}


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_experiment_runs_a_spec_and_prints_its_summary(toy, tmp_path, capsys) -> None:
    spec = write(tmp_path / "targets.json", SPEC)
    assert main(["experiment", str(spec), "--workers", "1", "--no-progress"]) == 0
    out, err = capsys.readouterr()
    results_file = tmp_path / "targets.results.jsonl"
    assert err == (f"boardlab experiment: <Experiment 'targets': toy, 2 variant(s) × "
                   f"2 line-up(s) × 15 seeds = 60 matches>; results in {results_file}\n")
    expected = Experiment.from_json(SPEC).run(workers=1, progress=False)
    assert out == str(expected.summary()) + "\n"
    assert out.splitlines()[0] == ("targets (toy): 2 variant(s) × 2 line-up(s) × 15 seeds "
                                   "(2…16) = 60 matches")
    means = out.splitlines().index("Means per match")
    # The game's numbers get means; its true/false and text fields stay in the rows.
    assert out.splitlines()[means + 1].split() == ["variant", "line-up", "matches", "plies",
                                                   "loser_total"]
    assert expected.rows[0].fields["note"] == "toy"
    assert Results.load(results_file) == expected
    before = results_file.read_bytes()
    assert main(["experiment", str(spec), "--workers", "2", "--chunk", "3",
                 "--no-progress"]) == 0  # resumed: nothing left to play
    assert capsys.readouterr().out == out
    assert results_file.read_bytes() == before


def test_experiment_out_and_interrupt(toy, tmp_path, capsys, monkeypatch) -> None:
    spec = write(tmp_path / "s.json", {**SPEC, "variants": [{"name": "five"}],
                                       "lineups": ["fragile"]})
    out = tmp_path / "elsewhere.jsonl"
    monkeypatch.setenv(INTERRUPT_AT, "9")
    code = main(["experiment", str(spec), "--workers", "1", "--chunk", "5", "--out", str(out),
                 "--no-progress"])
    printed, err = capsys.readouterr()
    assert code == 130
    assert err.splitlines()[1] == (f"experiment interrupted: 5 of 15 matches done; saved in "
                                   f"{out}: run again with the same file to resume")
    assert printed.splitlines()[0].endswith("= 15 matches, 5 done")
    assert len(read_results(out)[1]) == 5
    monkeypatch.delenv(INTERRUPT_AT)
    assert main(["experiment", str(spec), "--out", str(out), "--no-progress"]) == 0
    assert len(read_results(out)[1]) == 15


@pytest.mark.parametrize(("change", "message"), [
    ({"variants": [{"name": "a"}, {"name": "b"}, {"options": {"target": "4"}}]},
     "variants[2].options.target: expected a whole number, got '4'"),
    ({"lineups": [["greedy", "greedy", "greedy"]]},
     "lineups[0].agents: 3 agent kinds for the 2 players of variant 'five' (a, b)"),
    ({"seeds": -4}, "seeds.count: expected 1 to 1000000000, got -4"),
])
def test_a_bad_spec_is_one_line_naming_the_field_exit_2(toy, tmp_path, capsys, change,
                                                        message) -> None:
    spec = write(tmp_path / "bad.json", {**SPEC, **change})
    assert main(["experiment", str(spec)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"boardlab experiment: error: {spec}: {message}\n")
    assert not (tmp_path / "bad.results.jsonl").exists()


def test_unreadable_spec_other_experiment_and_conflicting_flags(toy, tmp_path, capsys) -> None:
    assert main(["experiment", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err == (f"boardlab experiment: error: cannot read "
                                       f"{tmp_path / 'none.json'}: No such file or directory\n")
    (tmp_path / "broken.json").write_text("{")
    assert main(["experiment", str(tmp_path / "broken.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    first = write(tmp_path / "a.json", {"game": "toy", "seeds": 3})
    out = tmp_path / "r.jsonl"
    assert main(["experiment", str(first), "--out", str(out), "--workers", "1",
                 "--no-progress"]) == 0
    second = write(tmp_path / "b.json", {"game": "toy", "seeds": 3, "options": {"target": 4}})
    capsys.readouterr()
    assert main(["experiment", str(second), "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[1] == (f"boardlab experiment: error: {out} holds another experiment "
                      "(options.target is null there, 4 here); give another file, or remove "
                      "it to start again")
    with pytest.raises(SystemExit) as stop:
        main(["experiment", str(first), "--workers", "2", "--scheduler", "tcp://x:1"])
    assert stop.value.code == 2
    assert "argument --scheduler: not allowed with argument --workers" in \
        capsys.readouterr().err


HEAVY = {"networkx", "sympy", "matplotlib", "ipywidgets", "pandas", "distributed", "dask"}


def test_python_dash_m_boardlab_experiment_loads_nothing_heavy(tmp_path) -> None:
    game = registry.names()[0]
    spec = write(tmp_path / "s.json", {"game": game, "seeds": 3})
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "boardlab", "experiment",
                           str(spec), "--workers", "1"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    loaded = {line.rsplit("|", 1)[-1].strip().split(".")[0]
              for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "tqdm" in loaded and "boardlab" in loaded  # the probe sees imports
    assert loaded & HEAVY == set()
    assert done.stdout.startswith(f"{game}: 1 variant(s) × 1 line-up(s) × 3 seeds (0…2) = 3 "
                                  "matches\n")
    assert len(read_results(tmp_path / "s.results.jsonl")[1]) == 3
    # The bar goes to stderr (not a terminal here, so tqdm prints its final state).
    assert "3/3" in done.stderr


def test_importing_boardlab_experiment_loads_nothing_heavy() -> None:
    done = subprocess.run([sys.executable, "-X", "importtime", "-c",
                           "import boardlab.experiment"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    loaded = {line.rsplit("|", 1)[-1].strip().split(".")[0]
              for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "boardlab" in loaded and loaded & (HEAVY | {"tqdm"}) == set()


# -- the soak ----------------------------------------------------------------------------
def test_soak_progress_bar_goes_to_stderr_and_leaves_stdout_alone(capsys) -> None:
    reg = registry.registration(registry.names()[0])
    plain = soak.soak(reg, 4, [{}], workers=1, deep_every=0, chunk=2, progress=False)
    plain_out, plain_err = capsys.readouterr()
    barred = soak.soak(reg, 4, [{}], workers=1, deep_every=0, chunk=2, progress=True)
    out, err = capsys.readouterr()
    assert (barred.matches, barred.steps) == (plain.matches, plain.steps) == (4, plain.steps)
    assert plain_err == "" and "soak: 100%" in err and "4/4" in err
    strip = [line.split(", ")[:2] for line in out.splitlines()]  # timings differ
    assert strip == [line.split(", ")[:2] for line in plain_out.splitlines()]
    assert strip[-1] == ["  4/4 matches (100%)", "0 violation(s)"]


def test_soak_ctrl_c_keeps_the_chunks_checked(capsys, monkeypatch) -> None:
    real = soak.run_chunk
    calls = []

    def stop_third(game, plan, start, stop, first_seed, deep_every):
        calls.append(start)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(game, plan, start, stop, first_seed, deep_every)

    monkeypatch.setattr(soak, "run_chunk", stop_third)
    game = registry.names()[0]
    code = soak.main(["--game", game, "--matches", "10", "--workers", "1", "--chunk", "3",
                      "--deep-every", "0", "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 130
    assert err == "soak interrupted: 6 of 10 matches checked\n"
    lines = out.splitlines()
    assert "matches: 6" in lines and lines[-1] == "interrupted: 6 of 10 matches checked"
    assert calls == [0, 3, 6]


def test_soak_interrupted_with_a_violation_exits_1(capsys, monkeypatch) -> None:
    def fake(game, plan, start, stop, first_seed, deep_every):
        if start:
            raise KeyboardInterrupt
        return ConformanceReport(matches=stop - start, violations=["seed=0: broken"])

    monkeypatch.setattr(soak, "run_chunk", fake)
    code = soak.main(["--game", registry.names()[0], "--matches", "4", "--workers", "1",
                      "--chunk", "2", "--no-progress"])
    assert code == 1
    assert capsys.readouterr().out.splitlines()[-1] == "interrupted: 2 of 4 matches checked"
