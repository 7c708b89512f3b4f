"""A small stand-in for ``matplotlib.pyplot`` that draws boardlab's own SVG charts.

The browser edition of boardlab (JupyterLite, Pyodide) has no matplotlib: it is compiled
code. The lessons draw their charts with a handful of pyplot calls; this module answers
the same calls with plain, deterministic SVG, so a lesson runs unchanged in the browser.
:func:`boardlab.prob.charts.pyplot` returns matplotlib's pyplot when it is installed
and this module otherwise, so the desktop charts stay exactly as they were.

Supported: ``subplots(nrows, ncols, figsize)``, ``show()``, ``close()``; on a figure
``tight_layout()`` and ``savefig(path)``; on an axes ``bar``, ``plot`` (format strings
such as ``"o-"``, ``"s--"``, ``":"``), ``errorbar``, ``axhline``, ``axvline``, ``axvspan``,
``text``, ``annotate`` (offset points), ``set_xlabel``, ``set_ylabel``, ``set_title``,
``set_xticks``, ``set_xlim``, ``set_ylim``, ``set_xscale("log")``, ``legend`` and
``get_legend_handles_labels``. Anything else raises :class:`NotImplementedError` naming
the call. Every chart carries a ``<title>`` and a ``<desc>`` that lists its data, a text
alternative for screen readers; the lessons print their own text versions as well.

>>> fig, ax = subplots(figsize=(4, 3))
>>> bars = ax.bar([0, 1], [0.25, 0.75], color="#0072B2", label="share")
>>> ax.set_title("Two bars")
>>> svg = fig.to_svg()
>>> svg.startswith("<svg") and ">Two bars</title>" in svg and "bar at 1: 0.75" in svg
True
>>> fig.to_svg() == svg   # the same chart is the same text
True
>>> close()
"""

from __future__ import annotations

import hashlib
import html
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from boardlab.prob.svgparts import (
    _LETTERS,
    _as_list,
    _f,
    _g,
    _Line,
    _marker,
    _nice_ticks,
    _parse_fmt,
    _Rule,
    _Span,
    _svg_text,
    _Text,
    _unsupported,
)
from boardlab.prob.svgparts import CYCLE as CYCLE
from boardlab.prob.svgparts import DASHES as DASHES
from boardlab.prob.svgparts import DEFAULT_SIZE as DEFAULT_SIZE
from boardlab.prob.svgparts import DPI as DPI
from boardlab.prob.svgparts import PX_PER_PT as PX_PER_PT
from boardlab.prob.svgparts import Bar as Bar
from boardlab.prob.svgparts import Handle as Handle

_open: list[Figure] = []


class Axes:
    """One chart area; the subset of matplotlib's Axes the lessons use."""

    def __init__(self, figure: Figure) -> None:
        self.figure = figure
        self.bars: list[Bar] = []
        self.lines: list[_Line] = []
        self.texts: list[_Text] = []
        self.rules: list[_Rule] = []
        self.spans: list[_Span] = []
        self.handles: list[Handle] = []
        self.title = self.xlabel = self.ylabel = ""
        self.xticks: list[float] | None = None
        self.xticklabels: list[str] | None = None
        self.tick_rotation = 0.0
        self.xlim: tuple[float, float] | None = None
        self.ylim: tuple[float, float] | None = None
        self.xscale = "linear"
        self.legend_handles: list[Handle] | None = None
        self.legend_loc = "upper right"
        self._cycle = 0

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # IPython probes _repr_*_ and friends: a plain miss
            raise AttributeError(name)
        raise _unsupported(f"Axes.{name}")

    def _repr_svg_(self) -> str:
        return self.figure.to_svg()

    def _next_colour(self) -> str:
        colour = CYCLE[self._cycle % len(CYCLE)]
        self._cycle += 1
        return colour

    # -- drawing ----------------------------------------------------------------------------
    def bar(self, x: Any, height: Any, width: float = 0.8, *, color: Any = None,
            edgecolor: str | None = None, linewidth: float = 1.0, hatch: str | None = None,
            label: str | None = None, **kwargs: Any) -> list[Bar]:
        _refuse(kwargs, "Axes.bar")
        xs, hs = _as_list(x), _as_list(height)
        if len(xs) != len(hs):
            raise ValueError(f"bar: {len(xs)} positions but {len(hs)} heights")
        colours = ([str(c) for c in color] if isinstance(color, (list, tuple))
                   else [color or self._next_colour()] * len(xs))
        made = [Bar(x0, float(width), h, c, edgecolor, float(linewidth), hatch)
                for x0, h, c in zip(xs, hs, colours, strict=True)]
        self.bars.extend(made)
        if label:
            self.handles.append(Handle(label, "bar", colours[0], hatch))
        return made

    def plot(self, x: Any, y: Any, fmt: str = "", *, color: str | None = None,
             linewidth: float = 1.5, linestyle: str | None = None, marker: str | None = None,
             label: str | None = None, **kwargs: Any) -> list[_Line]:
        _refuse(kwargs, "Axes.plot")
        mk, ls, letter = _parse_fmt(fmt)
        marker = marker or mk
        if linestyle is not None:
            style = linestyle
        elif ls is not None:
            style = ls
        else:  # "o" alone draws markers only, as in matplotlib
            style = "none" if mk is not None else "-"
        if style != "none" and style not in DASHES:
            raise _unsupported(f"the line style {style!r}")
        colour = color or (_LETTERS[letter] if letter else self._next_colour())
        line = _Line(_as_list(x), _as_list(y), colour, float(linewidth), style, marker, label)
        if len(line.xs) != len(line.ys):
            raise ValueError(f"plot: {len(line.xs)} x values but {len(line.ys)} y values")
        self.lines.append(line)
        if label:
            self.handles.append(Handle(label, "line", colour,
                                       dash="" if style == "none" else DASHES[style],
                                       marker=marker))
        return [line]

    def errorbar(self, x: Any, y: Any, yerr: Any = None, fmt: str = "", *,
                 color: str | None = None, capsize: float = 0.0, linewidth: float = 1.5,
                 label: str | None = None, **kwargs: Any) -> list[_Line]:
        _refuse(kwargs, "Axes.errorbar")
        [line] = self.plot(x, y, fmt, color=color, linewidth=linewidth, label=label)
        if yerr is not None:
            errs = _as_list(yerr)
            line.yerr = errs * len(line.xs) if len(errs) == 1 else errs
        line.capsize = float(capsize)
        return [line]

    def axhline(self, y: float = 0, *, color: str = "#000000", linestyle: str = "-",
                linewidth: float = 1.0, label: str | None = None, **kwargs: Any) -> None:
        self._rule("h", y, color, linestyle, linewidth, label, kwargs)

    def axvline(self, x: float = 0, *, color: str = "#000000", linestyle: str = "-",
                linewidth: float = 1.0, label: str | None = None, **kwargs: Any) -> None:
        self._rule("v", x, color, linestyle, linewidth, label, kwargs)

    def _rule(self, axis: str, at: float, color: str, linestyle: str, linewidth: float,
              label: str | None, kwargs: dict[str, Any]) -> None:
        _refuse(kwargs, f"Axes.ax{axis}line", allowed=("zorder",))
        self.rules.append(_Rule(axis, float(at), color, float(linewidth),
                                DASHES.get(linestyle, "")))
        if label:
            self.handles.append(Handle(label, "line", color, dash=DASHES.get(linestyle, "")))

    def axvspan(self, xmin: float, xmax: float, *, color: str = "#999999", alpha: float = 0.25,
                label: str | None = None, **kwargs: Any) -> None:
        _refuse(kwargs, "Axes.axvspan", allowed=("zorder",))
        self.spans.append(_Span(float(xmin), float(xmax), color, float(alpha)))
        if label:
            self.handles.append(Handle(label, "span", color, alpha=float(alpha)))

    def text(self, x: float, y: float, s: str, *, ha: str = "left", fontsize: float = 10,
             **kwargs: Any) -> None:
        _refuse(kwargs, "Axes.text")
        self.texts.append(_Text(float(x), float(y), str(s), float(fontsize), ha))

    def annotate(self, text: str, xy: tuple[float, float], *, textcoords: str = "data",
                 xytext: tuple[float, float] | None = None, fontsize: float = 10,
                 arrowprops: dict[str, Any] | None = None, **kwargs: Any) -> None:
        _refuse(kwargs, "Axes.annotate", allowed=("ha",))
        if textcoords != "offset points" and xytext is not None:
            raise _unsupported(f"annotate(textcoords={textcoords!r})")
        dx, dy = xytext or (0.0, 0.0)
        self.texts.append(_Text(float(xy[0]), float(xy[1]), str(text), float(fontsize),
                                kwargs.get("ha", "left"), (dx * PX_PER_PT, dy * PX_PER_PT),
                                arrow=arrowprops is not None))

    # -- labels and scales ------------------------------------------------------------------
    def set_title(self, title: str, **_style: Any) -> None:
        self.title = str(title)

    def set_xlabel(self, label: str, **_style: Any) -> None:
        self.xlabel = str(label)

    def set_ylabel(self, label: str, **_style: Any) -> None:
        self.ylabel = str(label)

    def set_xticks(self, ticks: Iterable[float], labels: Iterable[Any] | None = None, *,
                   rotation: float = 0, **_style: Any) -> None:
        self.xticks = _as_list(list(ticks))
        self.xticklabels = None if labels is None else [str(t) for t in labels]
        if self.xticklabels is not None and len(self.xticklabels) != len(self.xticks):
            raise ValueError("set_xticks: as many labels as ticks are needed")
        self.tick_rotation = float(rotation)

    def set_xlim(self, left: float, right: float) -> None:
        self.xlim = (float(left), float(right))

    def set_ylim(self, bottom: float, top: float) -> None:
        self.ylim = (float(bottom), float(top))

    def set_xscale(self, scale: str) -> None:
        if scale not in ("linear", "log"):
            raise _unsupported(f"set_xscale({scale!r})")
        self.xscale = scale

    def get_legend_handles_labels(self) -> tuple[list[Handle], list[str]]:
        return list(self.handles), [h.label for h in self.handles]

    def legend(self, handles: Sequence[Handle] | None = None, *, loc: str = "best",
               **_style: Any) -> None:
        """Show a legend; ``loc`` as in matplotlib ("best" is the upper right corner here)."""
        vertical, _, horizontal = ("upper right" if loc == "best" else loc).partition(" ")
        if loc in ("center", "right"):
            vertical, horizontal = "upper", "right"
        if vertical not in ("upper", "lower", "center") or horizontal not in (
                "left", "right", "center"):
            raise _unsupported(f"legend(loc={loc!r})")
        self.legend_loc = f"{vertical} {horizontal}"
        self.legend_handles = list(self.handles if handles is None else handles)

    # -- rendering --------------------------------------------------------------------------
    def _fx(self, x: float) -> float:
        if self.xscale == "log":
            if x <= 0:
                raise ValueError(f"a log-scale x axis cannot show x = {x}")
            return math.log10(x)
        return x

    def _limits(self) -> tuple[float, float, float, float]:
        xs: list[float] = []
        ys: list[float] = []
        for b in self.bars:
            xs += [b.x - b.width / 2, b.x + b.width / 2]
            ys += [0.0, b.height]
        for ln in self.lines:
            xs += ln.xs
            ys += ln.ys
            if ln.yerr:
                ys += [y + e for y, e in zip(ln.ys, ln.yerr, strict=False)]
                ys += [y - e for y, e in zip(ln.ys, ln.yerr, strict=False)]
        for s in self.spans:
            xs += [s.lo, s.hi]
        for r in self.rules:
            (ys if r.axis == "h" else xs).append(r.at)
        xs = xs or [0.0, 1.0]
        ys = ys or [0.0, 1.0]
        x0, x1 = self._fx(min(xs)), self._fx(max(xs))
        y0, y1 = min(ys), max(ys)
        if self.bars:  # bars stand on 0, with no margin below it (as matplotlib does)
            y0 = min(y0, 0.0)
        x0, x1 = _margin(x0, x1)
        y0m, y1 = _margin(y0, y1)
        y0 = y0 if self.bars and y0 == 0 else y0m
        if self.xlim:
            x0, x1 = self._fx(self.xlim[0]), self._fx(self.xlim[1])
        if self.ylim:
            y0, y1 = self.ylim
        return x0, x1, y0, y1

    def describe(self) -> str:
        """The chart's data as text (its ``<desc>``)."""
        parts = []
        for h in self.handles:
            parts.append(f"legend: {h.label}")
        if self.bars:
            names = self.xticklabels
            ticks = self.xticks or []
            for b in self.bars:
                name = _g(b.x)
                if names:
                    near = min(range(len(ticks)), key=lambda i: abs(ticks[i] - b.x))
                    if abs(ticks[near] - b.x) <= b.width:
                        name = names[near].replace("\n", " ")
                parts.append(f"bar at {name}: {_g(b.height)}")
        for ln in self.lines:
            pts = ", ".join(f"({_g(x)}, {_g(y)})" for x, y in _sample(ln.xs, ln.ys))
            parts.append(f"line {ln.label or ''}: {pts}".replace("line :", "line:"))
        for r in self.rules:
            parts.append(f"{'horizontal' if r.axis == 'h' else 'vertical'} line at {_g(r.at)}")
        for t in self.texts:
            parts.append(f"note: {t.text}")
        return "; ".join(parts)

    def render(self, left: float, top: float, width: float, height: float, uid: str) -> str:
        """SVG of this axes inside the box (left, top, width, height) of its figure."""
        x0, x1, y0, y1 = self._limits()
        pad_l, pad_r, pad_t, pad_b = 62.0, 14.0, 30.0 if self.title else 12.0, 48.0
        if self.tick_rotation:
            pad_b += 24
        px0, py0 = left + pad_l, top + pad_t
        pw, ph = max(width - pad_l - pad_r, 10.0), max(height - pad_t - pad_b, 10.0)
        box = _Box(px0, py0, pw, ph, x0, x1, y0, y1, self._fx)
        out = ['<g class="bl-axes">',
               f'<clipPath id="{uid}-clip"><rect x="{_f(px0)}" y="{_f(py0)}" '
               f'width="{_f(pw)}" height="{_f(ph)}"/></clipPath>']
        for t in _nice_ticks(y0, y1):  # y grid and ticks
            y = box.sy(t)
            out.append(f'<line x1="{_f(px0)}" x2="{_f(px0 + pw)}" y1="{_f(y)}" y2="{_f(y)}" '
                       'stroke="#e6e6e6" stroke-width="1"/>')
            out.append(_svg_text(px0 - 6, y + 4, _g(t), 10, "end"))
        out.append(f'<g clip-path="url(#{uid}-clip)">')
        out += self._spans_and_bars(box, uid)
        out += self._rule_lines(box)
        for ln in self.lines:
            out += _series(ln, box)
        out.append("</g>")
        out += self._notes(box)
        out += self._frame(box, left, top, height, uid)
        out.append("</g>")
        return "\n".join(out)

    def _spans_and_bars(self, box: _Box, uid: str) -> list[str]:
        sx, sy, py0, ph = box.sx, box.sy, box.py0, box.ph
        body = [f'<rect x="{_f(sx(s.lo))}" y="{_f(py0)}" width="{_f(sx(s.hi) - sx(s.lo))}" '
                f'height="{_f(ph)}" fill="{s.color}" fill-opacity="{s.alpha}"/>'
                for s in self.spans]
        for b in self.bars:
            bx, bw = sx(b.x - b.width / 2), sx(b.x + b.width / 2) - sx(b.x - b.width / 2)
            top_y, base = sy(max(b.height, 0.0)), sy(min(b.height, 0.0))
            stroke = (f' stroke="{b.edgecolor}" stroke-width="{b.linewidth}"'
                      if b.edgecolor else "")
            body.append(f'<rect x="{_f(bx)}" y="{_f(top_y)}" width="{_f(bw)}" '
                        f'height="{_f(base - top_y)}" fill="{b.color}"{stroke}/>')
            if b.hatch:
                body.append(f'<rect x="{_f(bx)}" y="{_f(top_y)}" width="{_f(bw)}" '
                            f'height="{_f(base - top_y)}" fill="url(#{uid}-hatch)"/>')
        return body

    def _rule_lines(self, box: _Box) -> list[str]:
        px0, py0, pw, ph = box.px0, box.py0, box.pw, box.ph
        body = []
        for r in self.rules:
            dash = f' stroke-dasharray="{r.dash}"' if r.dash else ""
            if r.axis == "h":
                y = _f(box.sy(r.at))
                body.append(f'<line x1="{_f(px0)}" x2="{_f(px0 + pw)}" y1="{y}" '
                            f'y2="{y}" stroke="{r.color}" '
                            f'stroke-width="{r.width}"{dash}/>')
            else:
                x = _f(box.sx(r.at))
                body.append(f'<line x1="{x}" x2="{x}" y1="{_f(py0)}" '
                            f'y2="{_f(py0 + ph)}" stroke="{r.color}" '
                            f'stroke-width="{r.width}"{dash}/>')
        return body

    def _notes(self, box: _Box) -> list[str]:
        out = []
        for note in self.texts:
            x, y = box.sx(note.x) + note.offset[0], box.sy(note.y) - note.offset[1]
            if note.arrow and note.offset != (0.0, 0.0):
                out.append(f'<line x1="{_f(box.sx(note.x))}" y1="{_f(box.sy(note.y))}" '
                           f'x2="{_f(x)}" y2="{_f(y)}" stroke="#000000" stroke-width="0.6"/>')
            anchor = {"center": "middle", "left": "start", "right": "end"}.get(note.ha, "start")
            out.append(_svg_text(x, y, note.text, note.size * PX_PER_PT * 0.9, anchor))
        return out

    def _frame(self, box: _Box, left: float, top: float, height: float, uid: str) -> list[str]:
        """The frame, the x ticks, the axis labels, the title and the legend."""
        px0, py0, pw, ph = box.px0, box.py0, box.pw, box.ph
        out = [f'<rect x="{_f(px0)}" y="{_f(py0)}" width="{_f(pw)}" height="{_f(ph)}" '
               'fill="none" stroke="#000000" stroke-width="0.8"/>']
        for xv, lab in self._xtick_marks(box.x0, box.x1):
            x = box.sx(xv)
            out.append(f'<line x1="{_f(x)}" x2="{_f(x)}" y1="{_f(py0 + ph)}" '
                       f'y2="{_f(py0 + ph + 4)}" stroke="#000000" stroke-width="0.8"/>')
            for k, part in enumerate(lab.split("\n")):
                out.append(_svg_text(x, py0 + ph + 16 + 12 * k, part, 10, "middle",
                                     rotate=self.tick_rotation))
        if self.xlabel:
            out.append(_svg_text(px0 + pw / 2, top + height - 8, self.xlabel, 11, "middle"))
        if self.ylabel:
            cx, cy = left + 14, py0 + ph / 2
            out.append(f'<text x="{_f(cx)}" y="{_f(cy)}" font-size="11" text-anchor="middle" '
                       f'transform="rotate(-90 {_f(cx)} {_f(cy)})">{html.escape(self.ylabel)}'
                       "</text>")
        if self.title:
            out.append(_svg_text(px0 + pw / 2, top + 20, self.title, 12, "middle",
                                 bold=True))
        if self.legend_handles:
            out.append(self._legend(px0, py0, pw, ph, uid))
        return out

    def _xtick_marks(self, x0: float, x1: float) -> list[tuple[float, str]]:
        if self.xticks is not None:
            labels = self.xticklabels or [_g(t) for t in self.xticks]
            return list(zip(self.xticks, labels, strict=True))
        if self.xscale == "log":
            lo, hi = math.ceil(x0 - 1e-9), math.floor(x1 + 1e-9)
            return [(10.0 ** k, f"{10 ** k:,}" if k >= 0 else _g(10.0 ** k))
                    for k in range(lo, hi + 1)]
        return [(t, _g(t)) for t in _nice_ticks(x0, x1)]

    def _legend(self, px0: float, py0: float, pw: float, ph: float, uid: str) -> str:
        handles = self.legend_handles or []
        width = 34 + 6.2 * max(len(h.label) for h in handles)
        height = 8 + 18 * len(handles)
        vertical, horizontal = self.legend_loc.split(" ")
        left = {"left": px0 + 8, "right": px0 + pw - 8 - width,
                "center": px0 + (pw - width) / 2}[horizontal]
        top = {"upper": py0 + 8, "lower": py0 + ph - 8 - height,
               "center": py0 + (ph - height) / 2}[vertical]
        rows = [f'<rect x="{_f(left)}" y="{_f(top)}" width="{_f(width)}" '
                f'height="{_f(height)}" fill="#ffffff" fill-opacity="0.85" '
                'stroke="#cccccc"/>']
        for k, h in enumerate(handles):
            y = top + 6 + 18 * k
            if h.kind == "line":
                dash = f' stroke-dasharray="{h.dash}"' if h.dash else ""
                rows.append(f'<line x1="{_f(left + 6)}" x2="{_f(left + 26)}" y1="{_f(y + 7)}" '
                            f'y2="{_f(y + 7)}" stroke="{h.color}" stroke-width="2"{dash}/>')
                if h.marker:
                    rows.append(_marker(h.marker, left + 16, y + 7, h.color))
            else:
                opacity = f' fill-opacity="{h.alpha}"' if h.alpha != 1.0 else ""
                rows.append(f'<rect x="{_f(left + 6)}" y="{_f(y + 1)}" width="20" height="12" '
                            f'fill="{h.color}"{opacity} stroke="#000000" stroke-width="0.5"/>')
                if h.hatch:
                    rows.append(f'<rect x="{_f(left + 6)}" y="{_f(y + 1)}" width="20" '
                                f'height="12" fill="url(#{uid}-hatch)"/>')
            rows.append(_svg_text(left + 30, y + 11, h.label, 10, "start"))
        return "\n".join(rows)


class _Box(NamedTuple):
    """Where an axes draws: its plot area in the figure and the data limits it maps."""

    px0: float
    py0: float
    pw: float
    ph: float
    x0: float
    x1: float
    y0: float
    y1: float
    fx: Callable[[float], float]

    def sx(self, x: float) -> float:
        return self.px0 + (self.fx(x) - self.x0) / ((self.x1 - self.x0) or 1.0) * self.pw

    def sy(self, y: float) -> float:
        return self.py0 + self.ph - (y - self.y0) / ((self.y1 - self.y0) or 1.0) * self.ph


def _series(ln: _Line, box: _Box) -> list[str]:
    """One plotted series: its polyline, error bars and markers."""
    body = []
    pts = [(box.sx(x), box.sy(y)) for x, y in zip(ln.xs, ln.ys, strict=True)]
    if ln.dash != "none" and len(pts) > 1:
        dash = f' stroke-dasharray="{DASHES[ln.dash]}"' if DASHES[ln.dash] else ""
        path = " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)
        body.append(f'<polyline points="{path}" fill="none" stroke="{ln.color}" '
                    f'stroke-width="{ln.width}"{dash}/>')
    if ln.yerr:
        for (x, _), yv, e in zip(pts, ln.ys, ln.yerr, strict=False):
            lo, hi = box.sy(yv - e), box.sy(yv + e)
            body.append(f'<line x1="{_f(x)}" x2="{_f(x)}" y1="{_f(lo)}" y2="{_f(hi)}" '
                        f'stroke="{ln.color}" stroke-width="1.2"/>')
            for yy in (lo, hi):
                body.append(f'<line x1="{_f(x - ln.capsize)}" x2="{_f(x + ln.capsize)}" '
                            f'y1="{_f(yy)}" y2="{_f(yy)}" stroke="{ln.color}" '
                            'stroke-width="1.2"/>')
    if ln.marker:
        body += [_marker(ln.marker, x, y, ln.color) for x, y in pts]
    return body


def _refuse(kwargs: dict[str, Any], where: str, allowed: tuple[str, ...] = ()) -> None:
    extra = sorted(k for k in kwargs if k not in allowed)
    if extra:
        raise _unsupported(f"{where}({', '.join(f'{k}=...' for k in extra)})")


def _margin(lo: float, hi: float) -> tuple[float, float]:
    if hi == lo:
        return lo - 0.5, hi + 0.5
    pad = 0.05 * (hi - lo)
    return lo - pad, hi + pad


def _sample(xs: list[float], ys: list[float], most: int = 12) -> list[tuple[float, float]]:
    """At most ``most`` points of a long series for the text description (ends kept)."""
    pts = list(zip(xs, ys, strict=True))
    if len(pts) <= most:
        return pts
    step = (len(pts) - 1) / (most - 1)
    return [pts[round(i * step)] for i in range(most)]


@dataclass
class Figure:
    """A figure of one or more axes side by side; shows itself as SVG in Jupyter."""

    size: tuple[float, float] = DEFAULT_SIZE
    axes: list[Axes] = field(default_factory=list)

    def tight_layout(self) -> None:
        """Nothing to do: the layout always leaves room for labels."""

    def to_svg(self) -> str:
        """The figure as an SVG document (deterministic: same chart, same text)."""
        width, height = self.size[0] * DPI, self.size[1] * DPI
        title = " / ".join(a.title for a in self.axes if a.title) or "chart"
        desc = " | ".join(a.describe() for a in self.axes)
        uid = "bl-chart-" + hashlib.sha1((title + desc).encode()).hexdigest()[:10]
        cell = width / max(len(self.axes), 1)
        parts = [a.render(k * cell, 0.0, cell, height, f"{uid}-{k}")
                 for k, a in enumerate(self.axes)]
        hatches = "".join(
            f'<pattern id="{uid}-{k}-hatch" patternUnits="userSpaceOnUse" width="8" '
            'height="8"><path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke="#000000" '
            'stroke-width="1"/></pattern>' for k in range(len(self.axes)))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width:.0f}" '
                f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
                f'aria-labelledby="{uid}-title {uid}-desc" font-family="sans-serif">\n'
                f'<title id="{uid}-title">{html.escape(title)}</title>\n'
                f'<desc id="{uid}-desc">{html.escape(desc)}</desc>\n'
                f"<defs>{hatches}</defs>\n"
                f'<rect width="100%" height="100%" fill="#ffffff"/>\n'
                + "\n".join(parts) + "\n</svg>")

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def savefig(self, path: Any, **_options: Any) -> None:
        """Write the SVG to ``path`` (the format is always SVG)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_svg())


def figure(figsize: tuple[float, float] = DEFAULT_SIZE) -> Figure:
    """A new empty figure (``add_subplot`` is not supported: use :func:`subplots`)."""
    fig = Figure(tuple(figsize))  # type: ignore[arg-type]
    _open.append(fig)
    return fig


def subplots(nrows: int = 1, ncols: int = 1, *,
             figsize: tuple[float, float] = DEFAULT_SIZE) -> tuple[Figure, Any]:
    """``(figure, axes)``; ``axes`` is one Axes, or a tuple for a row of several."""
    if nrows != 1 or not isinstance(ncols, int) or isinstance(ncols, bool) or ncols < 1:
        raise _unsupported(f"subplots({nrows}, {ncols}) (one row of axes only)")
    fig = figure(figsize)
    fig.axes = [Axes(fig) for _ in range(ncols)]
    return fig, fig.axes[0] if ncols == 1 else tuple(fig.axes)


def show() -> None:
    """Display every open figure (in Jupyter) and close them, as ``pyplot.show`` does."""
    figures = list(_open)
    _open.clear()
    try:
        from IPython.display import display
    except ImportError:  # outside IPython there is nowhere to show a figure
        return
    for fig in figures:
        display(fig)


def close(fig: Figure | str | None = None) -> None:
    """Forget ``fig`` (by default every open figure) without showing it."""
    if fig is None or fig == "all":
        _open.clear()
    elif fig in _open:
        _open.remove(fig)


def gcf() -> Figure:
    """The most recent open figure (a new one when none is open)."""
    return _open[-1] if _open else figure()
