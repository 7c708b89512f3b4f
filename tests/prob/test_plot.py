"""Dist.plot: highlighted bars, mean line, sd band and a title with the exact P."""

from __future__ import annotations

from collections.abc import Iterator

import matplotlib
import pytest

matplotlib.use("Agg", force=True)

import matplotlib.pyplot as plt
from matplotlib.colors import to_hex
from matplotlib.lines import Line2D

from boardlab.prob import Dist, count_face
from boardlab.prob.dist import BASE, HIGHLIGHT


@pytest.fixture(autouse=True)
def _close() -> Iterator[None]:
    yield
    plt.close("all")


def bars(ax: plt.Axes) -> list:
    return [p for c in ax.containers for p in c]


def test_highlighted_bars_mean_line_and_title() -> None:
    d = count_face(4, 6)
    ax = d.plot(lambda k: k >= 2, label="at least two 6s")
    drawn = bars(ax)
    assert len(drawn) == 5
    hot = [b for b in drawn if to_hex(b.get_facecolor()) == HIGHLIGHT.lower()]
    assert len(hot) == 3 and all(b.get_hatch() == "//" for b in hot)
    cold = [b for b in drawn if to_hex(b.get_facecolor()) == BASE.lower()]
    assert len(cold) == 2 and not any(b.get_hatch() for b in cold)
    assert [b.get_height() for b in drawn][4] == pytest.approx(1 / 1296)
    assert ax.get_title() == "P(at least two 6s) = 19/144"
    means = [ln for ln in ax.lines if isinstance(ln, Line2D) and "mean" in ln.get_label()]
    assert len(means) == 1 and means[0].get_xdata()[0] == pytest.approx(2 / 3)
    labels = ax.get_legend_handles_labels()[1]
    assert any("sd" in lab for lab in labels)


def test_value_event_percent_title_and_given_axes() -> None:
    fig, ax = plt.subplots()
    out = (Dist.uniform(range(1, 7)).repeat(2)).plot(7, ax=ax, fmt="percent")
    assert out is ax
    assert ax.get_title() == "P(X = 7) = 1/6 (16.67 %)"
    hot = [b for b in bars(ax) if b.get_hatch() == "//"]
    assert len(hot) == 1 and hot[0].get_x() + hot[0].get_width() / 2 == pytest.approx(7)


def test_categorical_outcomes_have_no_mean_line() -> None:
    ax = Dist({"hit": 1, "miss": 2}).plot("hit")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["hit", "miss"]
    assert not ax.lines
    assert len([b for b in bars(ax) if b.get_hatch() == "//"]) == 1
    assert ax.get_title() == "P(X = 'hit') = 1/3"


def test_no_event_highlights_nothing() -> None:
    ax = Dist.uniform(range(1, 7)).plot()
    assert not any(b.get_hatch() for b in bars(ax))
    assert "mean 7/2" in ax.get_title()
