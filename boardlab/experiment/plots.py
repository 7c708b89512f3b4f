"""Pictures of an experiment's summary (matplotlib, imported only here).

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from boardlab.experiment import Experiment
>>> s = Experiment("mall-of-horror", variants=[{}, {"config": {"dice": 3}}],
...                seeds=4).run(workers=1, progress=False).summary()
>>> ax = plot_win_rates(s)
>>> len(ax.patches)  # 4 seats × 2 variants
8
>>> len(plot_paired(s, measure="win").get_yticklabels())
4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from boardlab.experiment.results import Summary

__all__ = ["plot_paired", "plot_win_rates"]


def _axes(ax: Axes | None, size: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=size)
    return ax


def plot_win_rates(summary: Summary, by: str = "seat", ax: Axes | None = None) -> Axes:
    """Grouped bars: one group per seat (or agent kind), one bar per variant × line-up,
    error bars the 95 % Wilson interval."""
    if by not in ("seat", "agent"):
        raise ValueError(f"by must be 'seat' or 'agent', got {by!r}")
    rates = summary.seats if by == "seat" else summary.agents
    groups = list(dict.fromkeys((r.seat if by == "seat" else r.agent) or "" for r in rates))
    series = list(dict.fromkeys((r.variant, r.lineup) for r in rates))
    multi_lineup = len({lu for _, lu in series}) > 1
    multi_variant = len({v for v, _ in series}) > 1
    ax = _axes(ax, (max(5.0, 1.2 * len(groups) * max(1, len(series)) / 2), 3.6))
    width = 0.8 / max(1, len(series))
    for k, (variant, lineup) in enumerate(series):
        xs, heights, low, high = [], [], [], []
        for r in rates:
            if (r.variant, r.lineup) != (variant, lineup):
                continue
            name = (r.seat if by == "seat" else r.agent) or ""
            rate = float(r.rate)
            xs.append(groups.index(name) + (k - (len(series) - 1) / 2) * width)
            heights.append(rate)
            low.append(rate - r.low)
            high.append(r.high - rate)
        label = " / ".join(x for x, show in ((variant, multi_variant or not multi_lineup),
                                             (lineup, multi_lineup)) if show)
        ax.bar(xs, heights, width=width * 0.95, yerr=[low, high], capsize=3, label=label)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title(f"{summary.experiment.name}: win rate per {by} (95% Wilson interval)")
    if len(series) > 1:
        ax.legend(fontsize="small")
    return ax


def plot_paired(summary: Summary, measure: str | None = None, ax: Axes | None = None) -> Axes:
    """Each paired difference (other − baseline, same seeds) as a point with its 95 %
    interval; a line at 0 (no difference)."""
    shown = [p for p in summary.paired if measure is None or p.measure.startswith(measure)]
    if not shown:
        raise ValueError("no paired difference to draw"
                         + (f" for measure {measure!r}" if measure else "")
                         + ": an experiment needs two variants or two line-ups")
    ax = _axes(ax, (6.4, 0.45 * len(shown) + 1.2))
    ys = list(range(len(shown)))[::-1]
    means = [float(p.mean) for p in shown]
    errors: list[list[Any]] = [[m - p.low for m, p in zip(means, shown, strict=True)],
                               [p.high - m for m, p in zip(means, shown, strict=True)]]
    ax.errorbar(means, ys, xerr=errors, fmt="o", capsize=3)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(ys, [f"{p.other} − {p.baseline} ({p.within}): {p.measure}" for p in shown])
    ax.set_xlabel("mean difference on the same seeds (95% interval)")
    ax.set_title(f"{summary.experiment.name}: paired differences")
    return ax
