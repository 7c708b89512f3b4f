"""Charts with matplotlib when it is installed, and boardlab's own SVG when it is not.

The normal install has matplotlib and every chart is matplotlib's, exactly as before.
The browser edition (JupyterLite, Pyodide) has no matplotlib (compiled code): there
the same calls draw plain SVG (:mod:`boardlab.prob.svgplot`) from the same data, with
the same text alternatives.

- :func:`pyplot` is what a lesson imports as ``plt``: ``matplotlib.pyplot``, or the SVG
  stand-in when matplotlib cannot be imported;
- :func:`svg_wanted` and :func:`plot_dist` are :meth:`Dist.plot`'s fallback.

>>> from boardlab.prob import count_face
>>> from boardlab.prob import svgplot
>>> _, ax = svgplot.subplots()
>>> ax = plot_dist(count_face(4, 6), lambda k: k >= 2, ax=ax, label="at least 2 sixes")
>>> ax.title
'P(at least 2 sixes) = 19/144'
>>> [round(b.height, 4) for b in ax.bars], [b.hatch for b in ax.bars]
([0.4823, 0.3858, 0.1157, 0.0154, 0.0008], [None, None, '//', '//', '//'])
>>> svgplot.close()
"""

from __future__ import annotations

import math
import numbers
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.prob.dist import Dist, ProbFormat
    from boardlab.prob.svgplot import Axes


def have_matplotlib() -> bool:
    """Whether matplotlib can be imported here (it is imported, once, to find out)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def pyplot() -> ModuleType:
    """``matplotlib.pyplot``, or :mod:`boardlab.prob.svgplot` where matplotlib is missing.

    A lesson writes ``plt = charts.pyplot()`` and then draws as usual.
    """
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        from boardlab.prob import svgplot

        return svgplot
    return plt


def svg_wanted(ax: Any) -> bool:
    """Whether :meth:`Dist.plot` must draw SVG: an SVG axes given, or none and no matplotlib."""
    from boardlab.prob import svgplot

    return isinstance(ax, svgplot.Axes) or (ax is None and not have_matplotlib())


def plot_dist(dist: Dist[Any], event: Any = None, *, ax: Axes | None = None,
              fmt: ProbFormat = "fraction", label: str | None = None) -> Axes:
    """:meth:`Dist.plot` drawn as SVG: the same bars, colours, hatching, mean, band and title.

    Returns the SVG axes; as the last line of a cell it shows the chart.
    """
    from boardlab.prob import svgplot
    from boardlab.prob.distshow import BAND, BASE, HIGHLIGHT, MEAN
    from boardlab.prob.exactnum import _event_name, show_prob

    if ax is None:
        _, ax = svgplot.subplots()
    probs = dict(dist.probs)
    outcomes = list(probs)
    holds = _holds(event)
    numeric = all(isinstance(o, numbers.Rational) for o in outcomes)
    xs = [float(o) for o in outcomes] if numeric else list(range(len(outcomes)))
    marked = [bool(holds(o)) for o in outcomes]
    bars = ax.bar(xs, [float(q) for q in probs.values()],
                  color=[HIGHLIGHT if m else BASE for m in marked], edgecolor="black",
                  linewidth=0.5)
    for bar, m in zip(bars, marked, strict=True):
        if m:
            bar.set_hatch("//")
    if not numeric:
        ax.set_xticks(xs, [str(o) for o in outcomes], rotation=45 if len(xs) > 8 else 0)
    else:
        mu = sum((o * q for o, q in probs.items()), 0)
        variance = sum(((o - mu) ** 2 * q for o, q in probs.items()), 0)
        sigma = math.sqrt(variance)
        ax.axvspan(float(mu) - sigma, float(mu) + sigma, color=BAND, alpha=0.25,
                   label=f"mean ± 1 sd ({sigma:.3g})")
        ax.axvline(float(mu), color=MEAN, linestyle="--", label=f"mean = {mu}")
    ax.set_xlabel("outcome")
    ax.set_ylabel("probability")
    handles, _ = ax.get_legend_handles_labels()
    if event is None:
        ax.set_title(dist._summary())
    else:
        name = label or _event_name(event)
        p = sum((q for o, q in probs.items() if holds(o)), 0)
        extra = "" if fmt == "fraction" else f" ({show_prob(p, fmt)})"
        ax.set_title(f"P({name}) = {show_prob(p)}{extra}")
        handles.insert(0, svgplot.Handle(name, "bar", HIGHLIGHT, "//"))
    if handles:
        ax.legend(handles=handles)
    return ax


def _holds(event: Any) -> Any:
    if event is None:
        return lambda _o: False
    if callable(event):
        return event
    return lambda outcome: outcome == event
