"""Running experiments: the same seeds give the same table on every executor and chunk
size, a stopped run resumes to the table of an uninterrupted one, nothing is played twice.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import pytest

from boardlab import registry
from boardlab.core.agents import RandomAgent
from boardlab.core.engine import Match
from boardlab.core.simulate import play_out
from boardlab.experiment import Experiment, Results, ResultsFileError, run
from boardlab.experiment.play import MatchError
from boardlab.experiment.store import read_results
from boardlab.mall_of_horror import Config, HeuristicAgent, Setup
from tests.experiment.fragile_toy import DIE_AT, INTERRUPT_AT

MOH = registry.get("mall-of-horror")


@pytest.fixture(scope="module")
def moh_experiment() -> Experiment:
    return Experiment("mall-of-horror", options={"players": 4},
                      variants=[{"name": "printed"}, {"name": "3 dice", "config": {"dice": 3}}],
                      lineups=["random", {"name": "heuristic first",
                                          "agents": ["heuristic", "random", "random",
                                                     "random"]}],
                      seeds={"first": 3, "count": 9})


@pytest.fixture(scope="module")
def serial(moh_experiment: Experiment) -> Results:
    return moh_experiment.run(workers=1, progress=False)


def test_rows_are_the_matches_the_game_itself_plays(moh_experiment, serial) -> None:
    """Cross-check every row against matches played here with the public API."""
    assert serial.complete and len(serial.rows) == 4 * 9
    assert [(r.variant, r.lineup) for r in serial.rows[::9]] == [
        ("printed", "random"), ("printed", "heuristic first"), ("3 dice", "random"),
        ("3 dice", "heuristic first")]
    for row in serial.rows:
        config = Config(dice=3) if row.variant == "3 dice" else Config()
        match = Match(MOH.rules, Setup(players=4, config=config), seed=row.seed)
        agents = {p: RandomAgent(seed=row.seed * 1000 + i)
                  for i, p in enumerate(MOH.players(match))}
        if row.lineup == "heuristic first":
            agents["yellow"] = HeuristicAgent(seed=row.seed)
        play_out(match, agents)
        assert row.players == ("yellow", "red", "blue", "green")
        assert row.agents == (("heuristic" if row.lineup != "random" else "random"),
                              "random", "random", "random")
        assert row.scores == tuple(match.scores().values())
        assert row.winners == MOH.winners(match)
        assert row.plies == match.ply
        assert row.fields == {"rounds": match.state.round, "survivors": len(match.state.chars),
                              "eaten": len(match.state.eaten), "sealed": len(match.state.sealed)}
    printed = [r for r in serial.rows if (r.variant, r.lineup) == ("printed", "random")]
    assert [r.scores for r in printed] == [
        tuple(MOH.play(seed=s, players=4).scores().values()) for s in range(3, 12)]
    # The rule change really changes matches (one of nine seeds at least).
    dice3 = [r for r in serial.rows if (r.variant, r.lineup) == ("3 dice", "random")]
    assert [r.plies for r in dice3] != [r.plies for r in printed]


def test_same_table_in_a_process_pool_whatever_the_chunk_size(moh_experiment, serial) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        for chunk in (1, 50):
            pooled = moh_experiment.run(pool, chunk=chunk, progress=False)
            assert pooled.rows == serial.rows, chunk
    assert moh_experiment.run(workers=2, chunk=4, progress=False).rows == serial.rows


@pytest.mark.slow  # a cluster of two worker processes starts up: make check has the pool
def test_same_table_on_a_dask_local_cluster(moh_experiment, serial, tmp_path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        assert moh_experiment.run(client, chunk=2, progress=False).rows == serial.rows
        out = tmp_path / "dask.jsonl"
        by_address = run(moh_experiment, scheduler=cluster.scheduler_address, chunk=5, out=out,
                         progress=False)
    assert by_address.rows == serial.rows
    assert Results.load(out) == by_address


def test_a_killed_worker_pool_resumes_to_the_uninterrupted_table(toy, tmp_path,
                                                                 monkeypatch) -> None:
    exp = Experiment("toy", variants=[{"options": {"target": 5}}, {"options": {"target": 9}}],
                     lineups=["fragile", ["greedy", "fragile"]], seeds=60)
    whole = exp.run(workers=1, progress=False)
    out = tmp_path / "r.jsonl"
    monkeypatch.setenv(DIE_AT, "40")  # a worker dies in the middle of a chunk of seed 40
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.raises(BrokenProcessPool) as err:
        exp.run(pool, chunk=5, out=out, progress=False)
    assert "run again with the same file to resume" in "".join(err.value.__notes__)
    head, kept, _ = read_results(out)
    assert head["spec"] == exp.to_json()
    assert 40 <= len(kept) < exp.matches
    assert not any(r["seed"] in range(40, 45) and r["lineup"] == "fragile"
                   and r["variant"] == "target=5" for r in kept)
    monkeypatch.delenv(DIE_AT)
    resumed = exp.run(workers=2, chunk=7, out=out, progress=False)
    assert resumed.rows == whole.rows
    head, rows, _ = read_results(out)
    assert len(rows) == exp.matches  # nothing twice
    assert rows[:len(kept)] == kept  # nothing rewritten
    assert Results(exp, rows) == whole


def test_ctrl_c_stops_cleanly_keeps_what_finished_and_resumes(toy, tmp_path, monkeypatch,
                                                               capsys) -> None:
    exp = Experiment("toy", lineups=["fragile"], seeds=30)
    whole = exp.run(workers=1, progress=False)
    out = tmp_path / "r.jsonl"
    monkeypatch.setenv(INTERRUPT_AT, "17")
    partial = exp.run(workers=1, chunk=5, out=out, progress=False)
    assert not partial.complete and partial.missing == 15
    assert partial.rows == whole.rows[:15]  # chunks 0–4 … 10–14 finished; 15–19 did not
    assert capsys.readouterr().err == (
        f"experiment interrupted: 15 of 30 matches done; saved in {out}: run again with the "
        "same file to resume\n")
    monkeypatch.delenv(INTERRUPT_AT)
    assert exp.run(workers=1, chunk=4, out=out, progress=False) == whole
    assert len(read_results(out)[1]) == 30


def test_a_line_cut_short_is_dropped_and_replayed(toy, tmp_path) -> None:
    exp = Experiment("toy", seeds=12)
    out = tmp_path / "r.jsonl"
    whole = exp.run(workers=1, chunk=5, out=out, progress=False)
    text = out.read_text()
    lines = text.splitlines(keepends=True)
    out.write_text("".join(lines[:8]) + lines[8][:20])  # 7 rows, then half a row
    assert len(read_results(out)[1]) == 7
    assert exp.run(workers=1, out=out, progress=False) == whole
    assert out.read_text().count("\n") == 13
    assert sorted(out.read_text().splitlines()[1:]) == sorted(text.splitlines()[1:])


def test_a_file_of_another_experiment_or_a_damaged_one_is_refused(toy, tmp_path) -> None:
    out = tmp_path / "r.jsonl"
    Experiment("toy", seeds=4).run(workers=1, out=out, progress=False)
    with pytest.raises(ResultsFileError) as err:
        Experiment("toy", seeds=4, options={"target": 6}).run(workers=1, out=out,
                                                               progress=False)
    assert str(err.value) == (f"{out} holds another experiment (options.target is null there, "
                              "6 here); give another file, or remove it to start again")
    with pytest.raises(ResultsFileError, match=r"\(lineups\[0\]\.name is \"random\" there, "
                                               r"\"greedy\" here\)"):
        Experiment("toy", seeds=4, lineups=["greedy"]).run(workers=1, out=out, progress=False)
    lines = out.read_text().splitlines()
    out.write_text("\n".join([lines[0], lines[1], lines[1], *lines[2:]]) + "\n")
    with pytest.raises(ResultsFileError, match=r"line 3: match \('default', 'random', 0\) "
                                               r"is there twice"):
        Experiment("toy", seeds=4).run(workers=1, out=out, progress=False)
    out.write_text("\n".join([lines[0], "{oops", *lines[2:]]) + "\n")
    with pytest.raises(ResultsFileError, match=r"line 2 is damaged \(not JSON\)"):
        Experiment("toy", seeds=4).run(workers=1, out=out, progress=False)
    head = json.loads(lines[0])
    out.write_text(json.dumps({**head, "version": "0.0.1"}) + "\n")
    with pytest.raises(ResultsFileError, match=r"written by boardlab 0\.0\.1, this is"):
        Experiment("toy", seeds=4).run(workers=1, out=out, progress=False)
    out.write_text("seed,winner\n0,a\n")
    with pytest.raises(ResultsFileError, match="not a boardlab experiment results file"):
        Experiment("toy", seeds=4).run(workers=1, out=out, progress=False)


def test_a_crashing_match_is_named_and_finished_chunks_are_kept(toy, tmp_path,
                                                                 monkeypatch) -> None:
    exp = Experiment("toy", lineups=["random", "fragile"], seeds=10)
    out = tmp_path / "r.jsonl"

    def broken(self, match):
        if match.seed == 6:
            raise ZeroDivisionError("no")
        return {}

    monkeypatch.setattr(type(registry.get("toy")), "match_fields", broken)
    with pytest.raises(MatchError) as err:
        exp.run(workers=1, chunk=3, out=out, progress=False)
    assert str(err.value) == ("variant 'default', line-up 'random', seed 6: "
                              "ZeroDivisionError: no")
    assert err.value.__notes__ == [f"experiment stopped by this error: 12 of 20 matches done; "
                                   f"saved in {out}: run again with the same file to resume"]
    assert sorted((r["lineup"], r["seed"]) for r in read_results(out)[1]) == sorted(
        [(lu, s) for lu in ("random", "fragile") for s in range(6)])


def test_progress_bar_counts_matches_including_those_resumed(toy, tmp_path, capsys) -> None:
    exp = Experiment("toy", seeds=10)
    out = tmp_path / "r.jsonl"
    lines = out.parent / "part.jsonl"
    exp.run(workers=1, chunk=4, out=out, progress=True)
    err = capsys.readouterr().err
    assert "toy: 100%" in err and "10/10" in err
    lines.write_text("".join(out.read_text().splitlines(keepends=True)[:5]))  # 4 rows kept
    exp.run(workers=1, chunk=4, out=lines, progress=True)
    err = capsys.readouterr().err
    assert " 4/10 " in err.split("\r")[1] and "10/10" in err
    exp.run(workers=1, out=lines, progress=True)  # nothing left to play: no bar
    assert capsys.readouterr().err == ""


def test_run_refuses_bad_arguments(toy) -> None:
    exp = Experiment("toy", seeds=2)
    with pytest.raises(ValueError, match="workers: expected a whole number of at least 1, "
                                         "got 0"):
        exp.run(workers=0)
    with pytest.raises(ValueError, match="chunk: expected a whole number of at least 1, "
                                         "got True"):
        exp.run(chunk=True)
    with ProcessPoolExecutor(1) as pool, pytest.raises(
            ValueError, match="give at most one of executor, workers and scheduler"):
        exp.run(pool, workers=2)


def test_worker_processes_need_not_know_a_game_registered_in_the_parent(toy) -> None:
    # The task carries the registration: a fresh worker imports the game from its module.
    exp = Experiment("toy", lineups=["greedy"], seeds=6)
    with ProcessPoolExecutor(max_workers=1, mp_context=__import__(
            "multiprocessing").get_context("spawn")) as pool:
        assert exp.run(pool, chunk=2, progress=False) == exp.run(workers=1, progress=False)
    assert os.environ.get(DIE_AT) is None
