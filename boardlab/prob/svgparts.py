"""The pieces a :mod:`boardlab.prob.svgplot` chart is drawn from: sizes, colours and
dashes, and the artists an :class:`~boardlab.prob.svgplot.Axes` keeps (bars, lines,
texts, rules, spans) with the format strings it reads."""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Any

#: Pixels per inch (matplotlib's default dpi), and per typographic point.
DPI = 100
PX_PER_PT = DPI / 72
DEFAULT_SIZE = (6.4, 4.8)
#: matplotlib's default colour cycle, for series drawn without a colour.
CYCLE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
DASHES = {"-": "", "--": "6 4", ":": "1.5 3", "-.": "6 3 1.5 3", "": ""}



def _unsupported(what: str) -> NotImplementedError:
    return NotImplementedError(
        f"{what} is not supported by boardlab's SVG charts (used because matplotlib is "
        "not installed, as in the browser edition)")


@dataclass
class Handle:
    """A legend entry: a label and how its key is drawn (``bar``, ``line`` or ``span``)."""

    label: str
    kind: str = "bar"
    color: str = "#000000"
    hatch: str | None = None
    dash: str = ""
    marker: str | None = None
    alpha: float = 1.0

    def get_label(self) -> str:
        return self.label


@dataclass
class Bar:
    """One bar; ``set_hatch`` as on a matplotlib Rectangle."""

    x: float
    width: float
    height: float
    color: str
    edgecolor: str | None
    linewidth: float
    hatch: str | None = None

    def set_hatch(self, hatch: str | None) -> None:
        self.hatch = hatch


@dataclass
class _Line:
    xs: list[float]
    ys: list[float]
    color: str
    width: float
    dash: str
    marker: str | None
    label: str | None
    yerr: list[float] | None = None
    capsize: float = 0.0


@dataclass
class _Text:
    x: float
    y: float
    text: str
    size: float
    ha: str
    offset: tuple[float, float] = (0.0, 0.0)  # pixels, y up
    arrow: bool = False


@dataclass
class _Rule:
    axis: str  # "h" or "v"
    at: float
    color: str
    width: float
    dash: str


@dataclass
class _Span:
    lo: float
    hi: float
    color: str
    alpha: float


def _as_list(values: Any) -> list[float]:
    if hasattr(values, "__iter__") and not isinstance(values, str):
        return [float(v) for v in values]
    return [float(values)]


def _parse_fmt(fmt: str) -> tuple[str | None, str | None, str | None]:
    """(marker, linestyle, colour letter) of a matplotlib format string like ``"o-"``."""
    marker = style = colour = None
    rest = fmt
    for ls in ("--", "-.", "-", ":"):
        if ls in rest:
            style, rest = ls, rest.replace(ls, "", 1)
            break
    for ch in rest:
        if ch in "os^v.x+D*":
            marker = ch
        elif ch in "bgrcmykw":
            colour = ch
        else:
            raise _unsupported(f"the format character {ch!r} in {fmt!r}")
    return marker, style, colour


_LETTERS = {"b": "#1f77b4", "g": "#2ca02c", "r": "#d62728", "c": "#17becf", "m": "#9467bd",
            "y": "#bcbd22", "k": "#000000", "w": "#ffffff"}


# -- drawing helpers: numbers, ticks, text and markers as SVG ---------------------------
def _nice_ticks(lo: float, hi: float, target: int = 6) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten) covering [lo, hi].

    >>> _nice_ticks(0, 0.6)
    [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    >>> _nice_ticks(0.95, 7.05)
    [2.0, 4.0, 6.0]
    """
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / target
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9)
    ticks = []
    k = first
    while k * step <= hi + 1e-9 * step:
        ticks.append(float(round(k * step, 12)))
        k += 1
    return ticks


def _g(x: float) -> str:
    """A number as a chart shows it: short, no trailing zeros.

    >>> _g(0.5), _g(2.0), _g(0.131944444), _g(10000.0)
    ('0.5', '2', '0.1319', '10000')
    """
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.4g}"


def _f(x: float) -> str:
    return f"{x:.1f}"


def _svg_text(x: float, y: float, text: str, size: float, anchor: str, *,
              bold: bool = False, rotate: float = 0.0) -> str:
    weight = ' font-weight="bold"' if bold else ""
    turn = f' transform="rotate({-rotate:g} {_f(x)} {_f(y)})"' if rotate else ""
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size:.1f}" '
            f'text-anchor="{anchor}"{weight}{turn}>{html.escape(text)}</text>')


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind in ("s", "D"):
        return (f'<rect x="{_f(x - 3.5)}" y="{_f(y - 3.5)}" width="7" height="7" '
                f'fill="{colour}"/>')
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="3.5" fill="{colour}"/>'
