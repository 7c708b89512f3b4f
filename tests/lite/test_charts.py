"""boardlab's own SVG charts (used where matplotlib is missing) show the same data."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as mpl  # noqa: E402
import pytest  # noqa: E402

from boardlab.prob import Dist, charts, count_face, svgplot  # noqa: E402


@pytest.fixture(autouse=True)
def _close() -> None:
    yield
    svgplot.close()
    mpl.close("all")


@pytest.mark.parametrize("dist, event, label", [
    (count_face(4, 6), lambda k: k >= 2, "at least 2 sixes"),
    (Dist({"hit": 1, "miss": 2, "jam": 3}), "hit", None),
    (count_face(3, 6), None, None),
])
def test_dist_chart_has_matplotlibs_bars_colours_title_and_legend(dist, event, label) -> None:
    _, real = mpl.subplots()
    dist.plot(event, ax=real, label=label)
    _, ours = svgplot.subplots()
    assert dist.plot(event, ax=ours, label=label) is ours      # the hook draws SVG here
    rects = list(real.containers[0])      # the bars (the mean ± sd band is a patch too)
    assert [b.height for b in ours.bars] == pytest.approx([r.get_height() for r in rects])
    assert [b.x for b in ours.bars] == pytest.approx([r.get_x() + r.get_width() / 2
                                                      for r in rects])
    assert [bool(b.hatch) for b in ours.bars] == [bool(r.get_hatch()) for r in rects]
    assert [b.color.lower() for b in ours.bars] == [
        matplotlib.colors.to_hex(r.get_facecolor()) for r in rects]
    assert ours.title == real.get_title()
    assert [h.label for h in ours.legend_handles or []] == [
        t.get_text() for t in (real.get_legend().get_texts() if real.get_legend() else [])]
    if ours.xticklabels is not None:       # outcomes that are not numbers label the bars
        assert ours.xticklabels == [t.get_text() for t in real.get_xticklabels()]


def test_dist_plot_without_matplotlib_returns_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(charts, "have_matplotlib", lambda: False)
    ax = count_face(4, 6).plot(lambda k: k >= 2, label="at least 2 sixes")
    svg = ax._repr_svg_()
    assert isinstance(ax, svgplot.Axes)
    assert ">P(at least 2 sixes) = 19/144</title>" in svg
    assert "bar at 2: 0.1157" in svg and "legend: mean = 2/3" in svg
    assert svg == ax.figure.to_svg()                     # deterministic


def test_pyplot_is_matplotlib_here() -> None:
    assert charts.pyplot() is mpl


def test_line_chart_with_log_axis_annotation_and_errorbars() -> None:
    fig, (left, right) = svgplot.subplots(1, 2, figsize=(9, 3.6))
    left.plot([1, 10, 100, 1000], [0.0, 0.2, 0.14, 0.132], color="#0072B2", label="share")
    left.axhline(0.1319, color="#D55E00", linestyle="--", label="exact")
    left.annotate("100 rounds: 0.140", (100, 0.14), textcoords="offset points",
                  xytext=(-40, 45), arrowprops={"arrowstyle": "-"})
    left.set_xscale("log")
    left.set_ylim(-0.02, 0.6)
    left.legend(loc="upper right")
    right.errorbar([2, 3, 4], [6.5, 5.3, 4.7], yerr=[0.3, 0.2, 0.2], fmt="s--", capsize=4)
    right.set_xticks([2, 3, 4])
    fig.tight_layout()
    svg = fig.to_svg()
    assert svg.count('class="bl-axes"') == 2
    assert ">1,000</text>" in svg and ">10</text>" in svg          # log ticks
    assert "note: 100 rounds: 0.140" in svg and "legend: exact" in svg
    assert 'stroke-dasharray="6 4"' in svg                         # dashed lines
    assert svg.count("<rect x=") >= 3                               # square markers


def test_unsupported_calls_say_so() -> None:
    _, ax = svgplot.subplots()
    with pytest.raises(NotImplementedError, match="Axes.pie is not supported by boardlab"):
        ax.pie([1, 2])
    with pytest.raises(NotImplementedError, match=r"Axes.bar\(bottom=...\)"):
        ax.bar([0], [1], bottom=0.5)
    with pytest.raises(NotImplementedError, match=r"subplots\(2, 1\)"):
        svgplot.subplots(2, 1)
    with pytest.raises(NotImplementedError, match=r"legend\(loc='outside'\)"):
        ax.legend(loc="outside")
    with pytest.raises(ValueError, match="2 positions but 1 heights"):
        ax.bar([0, 1], [1])


def test_legend_goes_where_loc_says() -> None:
    fig, ax = svgplot.subplots(figsize=(4, 3))
    ax.plot([0, 1], [0, 1], label="rising")
    ax.legend(loc="upper left")
    upper_left = fig.to_svg()
    ax.legend(loc="lower right")
    lower_right = fig.to_svg()
    # The legend box: 8 px inside the plot area's left/top, or its right/bottom.
    assert 'x="70.0" y="20.0"' in upper_left and 'x="70.0" y="20.0"' not in lower_right


def test_show_displays_every_open_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    fig1, _ = svgplot.subplots()
    fig2, _ = svgplot.subplots()
    svgplot.show()
    assert shown == [fig1, fig2]
    svgplot.show()
    assert shown == [fig1, fig2]                           # show() closed them
