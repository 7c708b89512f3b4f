"""Summaries: exact counts and means recounted from the rows, Wilson intervals from their
definition, paired differences on common seeds, pandas tables and plots."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import pytest

from boardlab.experiment import Experiment, Results
from boardlab.experiment.stats import Z95, paired_interval, wilson


@pytest.fixture(scope="module")
def results() -> Results:
    exp = Experiment("mall-of-horror", name="dice",
                     variants=[{"name": "printed"}, {"name": "twin"},
                               {"name": "3 dice", "config": {"dice": 3}}],
                     lineups=["random", {"name": "h", "agents": ["heuristic", "random",
                                                                 "random", "random"]}],
                     seeds=40)
    return exp.run(workers=1, progress=False)


@pytest.mark.parametrize(("k", "n"), [(0, 1), (0, 10), (3, 10), (12, 40), (39, 40), (50, 50),
                                      (1234, 5000)])
def test_wilson_endpoints_solve_the_score_equation(k: int, n: int) -> None:
    """The Wilson interval is {p : |k/n − p| ≤ z·√(p(1−p)/n)}: its ends solve equality."""
    low, high = wilson(k, n)
    phat = k / n
    assert 0 <= low <= phat <= high <= 1
    for p in (low, high):
        if 0 < p < 1:
            assert (phat - p) ** 2 == pytest.approx(Z95**2 * p * (1 - p) / n, abs=1e-12)
    # Just inside the interval the score test accepts, just outside it rejects.
    for p, inside in ((low + 1e-6, True), (high - 1e-6, True), (low - 1e-6, False),
                      (high + 1e-6, False)):
        if 0 < p < 1:
            assert ((phat - p) ** 2 <= Z95**2 * p * (1 - p) / n) is inside


@pytest.mark.parametrize("n", [1, 7, 10, 400, 1000, 99_999])
def test_wilson_ends_at_exactly_zero_and_one_for_no_and_all_successes(n: int) -> None:
    # In floats centre − half at k = 0 can come out as 8.7e-19 (n = 400): a true rate of
    # exactly 0 would then fall outside its own interval.
    assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
    assert wilson(0, n)[1] == pytest.approx(Z95**2 / (n + Z95**2), rel=1e-12)


def test_paired_interval_matches_the_textbook_formula() -> None:
    diffs = [3, -1, 0, 2, 2, -4, 1, 0, 5, -2, 1, 1]
    mean, low, high = paired_interval(diffs)
    assert mean == Fraction(sum(diffs), len(diffs)) == Fraction(2, 3)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    assert (low, high) == pytest.approx((2 / 3 - half, 2 / 3 + half), abs=1e-12)
    assert paired_interval([Fraction(1, 2)] * 5) == (Fraction(1, 2), 0.5, 0.5)
    one = paired_interval([4])
    assert one[0] == 4 and math.isnan(one[1]) and math.isnan(one[2])


def test_win_rates_are_exact_counts_of_the_rows(results: Results) -> None:
    seats, agents = results.win_rates()
    assert len(seats) == 3 * 2 * 4 and len(agents) == 3 + 3 * 2
    for rate in seats:
        rows = results.select(rate.variant, rate.lineup)
        wins = sum(rate.seat in r.winners for r in rows)
        shared = sum(rate.seat in r.winners and len(r.winners) > 1 for r in rows)
        assert (rate.matches, rate.wins, rate.shared) == (40, wins, shared)
        assert rate.rate == Fraction(wins, 40)
        assert (rate.low, rate.high) == wilson(wins, 40)
        assert rate.agent == ("heuristic" if rate.lineup == "h" and rate.seat == "yellow"
                              else "random")
    # Every match has a winner: the seats' wins add up to the matches plus extra winners.
    for variant in ("printed", "3 dice"):
        rows = results.select(variant, "random")
        assert sum(r.wins for r in seats if (r.variant, r.lineup) == (variant, "random")) \
            == sum(len(r.winners) for r in rows) >= 40
    random_in_h = next(a for a in agents if (a.variant, a.lineup, a.agent)
                       == ("printed", "h", "random"))
    assert random_in_h.matches == 120
    assert random_in_h.wins == sum(s.wins for s in seats if (s.variant, s.lineup) ==
                                   ("printed", "h") and s.seat != "yellow")


def test_means_are_exact(results: Results) -> None:
    means = {(m.variant, m.lineup, m.measure): m for m in results.means()}
    rows = results.select("3 dice", "h")
    assert means[("3 dice", "h", "plies")].mean == Fraction(sum(r.plies for r in rows), 40)
    assert means[("3 dice", "h", "rounds")].mean == Fraction(
        sum(r.fields["rounds"] for r in rows), 40)
    assert {m.measure for m in results.means()} == {"plies", "rounds", "survivors", "eaten",
                                                    "sealed"}


def test_identical_variants_differ_by_exactly_nothing_on_common_seeds(results) -> None:
    """Same rules, same seeds: the same matches, so every paired difference is 0 ± 0.
    (Independent seeds would give an interval of about ±20 plies here.)"""
    paired = results.compare("printed", "twin")
    assert len(paired) == 2 * (5 + 4)
    for p in paired:
        assert (p.mean, p.low, p.high, p.n) == (0, 0.0, 0.0, 40)
        assert p.baseline_mean == p.other_mean


def test_paired_differences_are_differences_of_exact_means(results) -> None:
    paired = {(p.within, p.measure): p for p in results.compare("printed", "3 dice")}
    for lineup in ("random", "h"):
        a, b = results.select("printed", lineup), results.select("3 dice", lineup)
        p = paired[(lineup, "plies")]
        assert p.baseline_mean == Fraction(sum(r.plies for r in a), 40)
        assert p.other_mean == Fraction(sum(r.plies for r in b), 40)
        assert p.mean == p.other_mean - p.baseline_mean
        d = [y.plies - x.plies for x, y in zip(a, b, strict=True)]
        assert (p.low, p.high) == pytest.approx(paired_interval(d)[1:], abs=1e-12)
        win = paired[(lineup, "win yellow")]
        assert win.mean == Fraction(sum("yellow" in y.winners for y in b)
                                    - sum("yellow" in x.winners for x in a), 40)
    by_lineup = results.compare("random", "h", by="lineup")
    assert {p.within for p in by_lineup} == {"printed", "twin", "3 dice"}
    with pytest.raises(ValueError, match="no variant 'h'; variants: printed, twin, 3 dice"):
        results.compare("printed", "h")


def test_summary_holds_every_part_and_prints_it(results) -> None:
    summary = results.summary()
    assert summary.matches == 240
    assert len(summary.paired) == 2 * 2 * 9 + 3 * 9  # two variants × two line-ups; line-ups
    assert {(p.by, p.baseline) for p in summary.paired} == {("variant", "printed"),
                                                             ("lineup", "random")}
    text = str(summary).splitlines()
    assert text[0] == ("dice (mall-of-horror): 3 variant(s) × 2 line-up(s) × 40 seeds "
                       "(0…39) = 240 matches")
    first = summary.seats[0]
    row = next(line for line in text if line.startswith("printed  random   yellow"))
    assert row.split() == ["printed", "random", "yellow", "random", str(first.wins),
                           str(first.shared), "40", f"{float(first.rate) * 100:.1f}%",
                           f"{first.low * 100:.1f}%–{first.high * 100:.1f}%"]
    assert summary == results.summary("printed")
    assert results.summary("3 dice").paired[0].baseline == "3 dice"


def test_partial_results_summarise_what_finished(results) -> None:
    part = Results(results.experiment, [r for r in results.rows if r.seed < 10])
    assert not part.complete and part.missing == 180
    assert all(r.matches == 10 for r in part.summary().seats)
    assert str(part.summary()).splitlines()[0].endswith("= 240 matches, 60 done")


def test_to_pandas_has_one_row_per_match(results) -> None:
    pd = pytest.importorskip("pandas")
    frame = results.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 240
    first = results.rows[0]
    assert frame.iloc[0]["variant"] == first.variant and frame.iloc[0]["plies"] == first.plies
    assert frame.iloc[0]["score yellow"] == first.scores[0]
    assert bool(frame.iloc[0]["won yellow"]) == ("yellow" in first.winners)
    assert frame["won red"].sum() == sum("red" in r.winners for r in results.rows)
    assert frame.groupby("variant")["rounds"].mean()["3 dice"] == pytest.approx(float(
        sum(r.fields["rounds"] for r in results.select("3 dice")) / 80))
    seats = results.summary().to_pandas("seats")
    assert list(seats.columns)[:5] == ["variant", "lineup", "seat", "agent", "matches"]
    assert seats["wins"].tolist() == [r.wins for r in results.summary().seats]
    with pytest.raises(ValueError, match="part must be one of seats, agents, means, paired"):
        results.summary().to_pandas("rows")


def test_plots_draw_the_rates_and_intervals(results) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summary = results.summary()
    ax = summary.plot_win_rates()
    bars = ax.patches
    assert len(bars) == 24  # 4 seats × 3 variants × 2 line-ups
    assert sorted(round(b.get_height(), 9) for b in bars) == sorted(
        round(float(r.rate), 9) for r in summary.seats)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["yellow", "red", "blue", "green"]
    ax = summary.plot_win_rates(by="agent")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["random", "heuristic"]
    ax = summary.plot_paired(measure="plies")
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == "twin − printed (random): plies"  # the first one, drawn on top
    assert labels[-1] == "h − random (3 dice): plies"
    assert len(labels) == 4 + 3
    with pytest.raises(ValueError, match="no paired difference to draw for measure 'x'"):
        summary.plot_paired(measure="x")
    plt.close("all")
