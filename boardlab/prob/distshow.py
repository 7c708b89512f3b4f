"""What a :class:`~boardlab.prob.dist.Dist` shows and draws: samples, tables, text,
HTML, LaTeX and the bar chart (split from :mod:`boardlab.prob.dist`; ``Dist`` binds
these functions as its methods, so ``d.table()`` calls :func:`table` directly).

>>> from boardlab.prob.dist import Dist
>>> table(Dist({0: 1, 1: 1}))
[(0, '1/2', '1/2', '1'), (1, '1/2', '1', '1/2')]
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from fractions import Fraction
from itertools import accumulate
from math import lcm
from typing import TYPE_CHECKING, Any, TypeVar, cast

from boardlab.core.errors import ArgumentTypeError
from boardlab.prob.checks import whole
from boardlab.prob.exactnum import (
    ProbFormat,
    _check_format,
    _event_name,
    _is_number,
    _predicate,
    escape_html,
    fraction_latex,
    latex_escape,
    show_prob,
)
from boardlab.prob.limits import check_limit

if TYPE_CHECKING:
    from collections.abc import Hashable

    from matplotlib.axes import Axes

    from boardlab.prob.dist import Dist
    from boardlab.prob.svgplot import Axes as SvgAxes

T = TypeVar("T", bound="Hashable")

# Okabe–Ito colours: distinguishable with every common colour-vision deficiency.
HIGHLIGHT = "#D55E00"  # vermilion: outcomes where the event holds
BASE = "#0072B2"  # blue: the other outcomes
MEAN = "#000000"
BAND = "#999999"


def sample(d: Dist[T], n: int, *, seed: int | random.Random | None = None) -> list[T]:
    """``n`` independent draws, exact: an integer below the common denominator is
    drawn with ``random.Random(seed)`` (or the given ``Random``), no floats.

    >>> from boardlab.prob.dist import Dist
    >>> Dist({"a": 1, "b": 3}).sample(5, seed=1) == Dist({"a": 1, "b": 3}).sample(5, seed=1)
    True
    """
    n = whole(n, "n", "Dist.sample")
    check_limit("Dist.sample", "work", n, "samples")
    if not (seed is None or isinstance(seed, random.Random)):
        whole(seed, "seed", "Dist.sample", low=None)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    denominator = lcm(*(q.denominator for q in d._probs.values()))
    cumulative = list(accumulate(q.numerator * (denominator // q.denominator)
                                 for q in d._probs.values()))
    outcomes = tuple(d._probs)
    return [outcomes[bisect_right(cumulative, rng.randrange(denominator))]
            for _ in range(n)]


def table(d: Dist[T], *, fmt: ProbFormat = "fraction"
          ) -> list[tuple[T, str, str | None, str | None]]:
    """Rows ``(outcome, P(=x), P(≤x), P(≥x))`` with probabilities written by
    :func:`show_prob`; the last two are ``None`` unless outcomes are numbers.

    >>> from boardlab.prob.dist import Dist
    >>> Dist({0: 5, 1: 1}).table()
    [(0, '5/6', '5/6', '1'), (1, '1/6', '1', '1/6')]
    """
    _check_format(fmt, "Dist.table")
    rows: list[tuple[T, str, str | None, str | None]] = []
    below = Fraction(0)
    for o, q in d._probs.items():
        if d._numeric:
            rows.append((o, show_prob(q, fmt), show_prob(below + q, fmt),
                         show_prob(1 - below, fmt)))
        else:
            rows.append((o, show_prob(q, fmt), None, None))
        below += q
    return rows


def header_of(d: Dist[Any]) -> tuple[str, ...]:
    """The column heads of ``d``'s table (the cumulative ones for numeric outcomes).

    >>> from boardlab.prob.dist import Dist
    >>> header_of(Dist({"a": 1}))
    ('outcome', 'P(=x)')
    """
    if d._numeric:
        return ("outcome", "P(=x)", "P(≤x)", "P(≥x)")
    return ("outcome", "P(=x)")


def summary_of(d: Dist[Any]) -> str:
    """One line under the table: how many outcomes (and the mean and variance).

    >>> from boardlab.prob.dist import Dist
    >>> summary_of(Dist({0: 1, 2: 1}))
    '2 outcomes, mean 1, variance 1'
    """
    if not d._numeric:
        return f"{len(d)} outcomes"
    return f"{len(d)} outcomes, mean {d.E()}, variance {d.var()}"


def as_text(d: Dist[Any]) -> str:
    """``str(d)``: the table as aligned text, then the summary line.

    >>> from boardlab.prob.dist import Dist
    >>> print(as_text(Dist({"a": 1})).splitlines()[-1])
    1 outcomes
    """
    header = header_of(d)
    body = [tuple(str(c) for c in row[:len(header)]) for row in d.table()]
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True))
             for r in [header, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append(summary_of(d))
    return "\n".join(lines)


def as_html(d: Dist[Any]) -> str:
    """``d._repr_html_()``: the table in HTML, fraction and percent in each cell.

    >>> from boardlab.prob.dist import Dist
    >>> as_html(Dist({"a": 1})).startswith('<table class="boardlab-dist">')
    True
    """
    header = header_of(d)
    head = "".join(f"<th>{escape_html(h)}</th>" for h in header)
    rows = []
    fractions = d.table()
    percents = d.table(fmt="percent")
    for frac_row, pct_row in zip(fractions, percents, strict=True):
        cells = [f"<td>{escape_html(str(frac_row[0]))}</td>"]
        for f, pc in zip(frac_row[1:len(header)], pct_row[1:len(header)], strict=True):
            cells.append(f'<td title="{pc}">{f} <small style="opacity:0.6">{pc}</small>'
                         "</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (f'<table class="boardlab-dist"><caption>{escape_html(summary_of(d))}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}"
            "</tbody></table>")


def as_latex(d: Dist[Any]) -> str:
    r"""``d._repr_latex_()``: the table as a LaTeX array.

    >>> from boardlab.prob.dist import Dist
    >>> as_latex(Dist({0: 1}))[:34]
    '$\\displaystyle \\begin{array}{r|lll'
    """
    def tex(x: Any) -> str:
        if _is_number(x) and not isinstance(x, bool):
            return fraction_latex(x)
        return r"\text{" + latex_escape(str(x)) + "}"

    header = [r"x", r"P(X = x)", r"P(X \le x)", r"P(X \ge x)"][:len(header_of(d))]
    lines = []
    below = Fraction(0)
    for o, q in d._probs.items():
        cells = [tex(o), tex(q)]
        if d._numeric:
            cells += [tex(below + q), tex(1 - below)]
        below += q
        lines.append(" & ".join(cells))
    cols = "r|" + "l" * (len(header) - 1)
    body = r" \\ ".join(lines)
    return (rf"$\displaystyle \begin{{array}}{{{cols}}} {' & '.join(header)} \\ \hline "
            rf"{body} \end{{array}}$")


def plot(d: Dist[Any], event: Any = None, *, ax: Axes | SvgAxes | None = None,
         fmt: ProbFormat = "fraction", label: str | None = None) -> Axes | SvgAxes:
    """A bar chart of the distribution; returns the matplotlib Axes.

    Bars where ``event`` holds are vermilion and hatched (not colour alone), the
    others blue (Okabe–Ito colours). For numeric outcomes a black line marks the
    mean and a grey band spans mean ± 1 sd. The title gives P(event) as a fraction
    (and in ``fmt`` too when that is not ``"fraction"``); ``label`` names the event.
    Without matplotlib (the browser edition) the same chart is drawn as SVG.
    """
    _check_format(fmt, "Dist.plot")
    if label is not None and not isinstance(label, str):
        raise ArgumentTypeError("Dist.plot: label", label, "must be a string or None")
    from boardlab.prob import charts

    if charts.svg_wanted(ax):
        return charts.plot_dist(d, event, ax=cast("SvgAxes | None", ax), fmt=fmt,
                                label=label)
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots()
    holds = _predicate(event) if event is not None else (lambda _o: False)
    outcomes = d.outcomes
    xs: list[Any] = list(outcomes) if d._numeric else list(range(len(outcomes)))
    heights = [float(q) for q in d._probs.values()]
    marked = [bool(holds(o)) for o in outcomes]
    bars = ax.bar(xs, heights, color=[HIGHLIGHT if m else BASE for m in marked],
                  edgecolor="black", linewidth=0.5)
    for bar, m in zip(bars, marked, strict=True):
        if m:
            bar.set_hatch("//")
    if not d._numeric:
        ax.set_xticks(xs, [str(o) for o in outcomes], rotation=45 if len(xs) > 8 else 0)
    else:
        mu = d.E()
        sigma = math.sqrt(d.var())
        ax.axvspan(float(mu) - sigma, float(mu) + sigma, color=BAND, alpha=0.25, zorder=0,
                   label=f"mean ± 1 sd ({sigma:.3g})")
        ax.axvline(float(mu), color=MEAN, linestyle="--", label=f"mean = {mu}")
    ax.set_xlabel("outcome")
    ax.set_ylabel("probability")
    handles: list[Any] = list(ax.get_legend_handles_labels()[0])
    if event is None:
        ax.set_title(summary_of(d))
    else:
        from matplotlib.patches import Patch

        name = label or _event_name(event)
        p = d.P(event)
        extra = "" if fmt == "fraction" else f" ({show_prob(p, fmt)})"
        ax.set_title(f"P({name}) = {show_prob(p)}{extra}")
        handles.insert(0, Patch(facecolor=HIGHLIGHT, hatch="//", edgecolor="black",
                                label=name))
    if handles:
        ax.legend(handles=handles)
    return ax
