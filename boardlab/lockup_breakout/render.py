"""A Lockup: Breakout position as SVG: the seven locations with their crews and tunnels,
the legend card, the catacomb map drawn from its graph with lanterns and loot stacks,
and each side's resources and stars.

Per viewer: ``viewer`` (a seat colour) sees their own face-down tokens (dashed) and the
loot stacks they have looked at; another player's face-down token is drawn as a back
(``?``) and an unseen stack shows only its size — a seat's picture never shows another
seat's secret (LB-R37, :func:`~boardlab.lockup_breakout.observe.observe`).
``omniscient=True`` shows everything.
Elements carry classes and ``data-`` attributes (``location``, ``token``, ``space``,
``lantern``, ``loot-stack``, ``guard-card``, ``side``) so tests and pages can read them.
Colours are the Okabe–Ito palette with a letter on every token (colour is never the only
cue). The map's layout is the map's own ``x``/``y`` (the stand-in map's, LB-R2).

>>> from boardlab.lockup_breakout import position
>>> s = position(players=3, tunnels={3: "double"}, crews={3: ["red seeker", "blue 4*"]})
>>> svg = render_svg(s, viewer="red")
>>> svg.startswith("<svg") and 'data-token="hidden"' in svg and 'data-token="4"' not in svg
True
>>> 'data-token="4"' in render_svg(s, viewer="blue")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from boardlab import svg
from boardlab.lockup_breakout.config import GUARDS, LEGEND
from boardlab.lockup_breakout.state import State, require_state

__all__ = ["PALETTE", "render_svg"]

#: Okabe–Ito colours of the seats; the guards are grey.
PALETTE = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442",
           "purple": "#CC79A7", GUARDS: "#666666"}
_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "purple": "P", GUARDS: "X"}
_W = 900
_LOC_W = 380
_ROW = 46
_MAP_X, _MAP_Y, _MAP_W, _MAP_H = 410, 60, 470, 300


# The shared helpers, under the short names this module's drawing code uses. Its own
# ``_text`` below writes the fill before the anchor: kept, so its SVGs stay byte-identical.
_esc, _n = svg.esc, svg.num


def _ink(colour: str) -> str:
    return "#000000" if colour in ("yellow", "green", "purple") else "#FFFFFF"


def _text(x: float, y: float, text: object, *, size: float = 12, anchor: str = "start",
          bold: bool = False, fill: str = "#222222", cls: str = "") -> str:
    attrs = f'x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if bold:
        attrs += ' font-weight="bold"'
    if cls:
        attrs = f'class="{cls}" ' + attrs
    return f"<text {attrs}>{_esc(text)}</text>"


def _token(x: float, y: float, colour: str, label: str, face_down: bool, shown: bool) -> str:
    """A crew token: a coloured disc with the colour letter and its strength; a back
    (grey, ``?``) when the viewer may not see it."""
    if not shown:
        return (f'<g class="token" data-colour="{colour}" data-token="hidden" '
                f'data-face-down="true"><title>{_esc(colour)}: a face-down token</title>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="15" fill="#BBBBBB" '
                f'stroke="{PALETTE.get(colour, "#333333")}" stroke-width="3"/>'
                + _text(x, y + 4, "?", size=13, anchor="middle", bold=True) + "</g>")
    fill = PALETTE.get(colour, "#888888")
    dash = ' stroke-dasharray="3 2"' if face_down else ""
    mark = "S" if label == "seeker" else label
    return (f'<g class="token" data-colour="{colour}" data-token="{_esc(label)}" '
            f'data-face-down="{str(face_down).lower()}">'
            f'<title>{_esc(colour)} {_esc(label)}{" (face down)" if face_down else ""}'
            f'</title><circle cx="{_n(x)}" cy="{_n(y)}" r="15" fill="{fill}" '
            f'stroke="#222222" stroke-width="1.5"{dash}/>'
            + _text(x, y + 4, f"{_LETTER.get(colour, '?')}{mark}", size=11, anchor="middle",
                    bold=True, fill=_ink(colour)) + "</g>")


def _as_seen(crew: Iterable[tuple[str, str, bool]], viewer: str | None,
             everything: bool) -> list[tuple[str, str, bool, bool]]:
    """A location's tokens in the order a viewer may see them, with whether each is shown:
    a token the viewer may not see goes after its colour's shown tokens, so that where it
    stands tells nothing of its label (issue 26; the state keeps them sorted by label).

    >>> _as_seen([("red", "1", True), ("red", "2", False)], "blue", False)
    [('red', '2', False, True), ('red', '1', True, False)]
    """
    rows = [(c, t, fd, everything or not fd or c == viewer) for c, t, fd in crew]
    if all(shown for *_, shown in rows):
        return rows
    first = {c: i for i, (c, *_) in reversed(list(enumerate(rows)))}
    return sorted(rows, key=lambda r: (first[r[0]], not r[3]))


def _locations(state: State, viewer: str | None, everything: bool,
               highlight: set[int], odds: Mapping[str, Fraction]) -> list[str]:
    out = []
    cfg = state.config
    names = ["the legend card" + (f": {state.legend}" if state.legend else "")]
    names += [f"{loc.number} {loc.name}" for loc in cfg.locations]
    for row, loc in enumerate([*range(1, 8), LEGEND]):
        y = 60 + row * _ROW
        tunnel = state.tunnels[loc - 1] if loc and state.tunnels else ""
        stroke = "#E69F00" if loc in highlight else "#444444"
        width = 3 if loc in highlight else 1
        out.append(f'<g class="location" data-location="{loc}" data-tunnel="{tunnel}">'
                   f'<rect x="10" y="{y}" width="{_LOC_W}" height="{_ROW - 6}" rx="5" '
                   f'fill="#F7F7F2" stroke="{stroke}" stroke-width="{width}"/>')
        label = names[loc] if loc else names[0]
        out.append(_text(18, y + 16, label if len(label) <= 21 else label[:20] + "…", size=12,
                         bold=True))
        if tunnel:
            out.append(f'<g class="tunnel" data-kind="{tunnel}">'
                       + _text(18, y + 32, f"{tunnel} tunnel", size=11, fill="#8C510A")
                       + "</g>")
        key = str(loc)
        if key in odds:
            out.append(_text(_LOC_W - 4, y + 32, f"P {odds[key]}", size=11, anchor="end",
                             cls="odds"))
        if state.setup.solo and state.guard_cards and state.guard_cards[loc]:
            card = state.guard_cards[loc]
            out.append(f'<g class="guard-card" data-card="{_esc(card)}">'
                       + _text(_LOC_W - 4, y + 16, f"guards: {card}", size=11, anchor="end",
                               fill=PALETTE[GUARDS]) + "</g>")
        for i, (colour, token, fd, shown) in enumerate(_as_seen(state.at(loc), viewer,
                                                                everything)):
            out.append(_token(175 + i * 34, y + 20, colour, token, fd, shown))
        out.append("</g>")
    return out


def _map(state: State, viewer: str | None, everything: bool) -> list[str]:
    m = state.config.catacombs
    xs = [s.x for s in m.spaces]
    ys = [s.y for s in m.spaces]
    sx = (_MAP_W - 60) / max(max(xs) - min(xs), 1)
    sy = (_MAP_H - 60) / max(max(ys) - min(ys), 1)

    def at(name: str) -> tuple[float, float]:
        s = m.space(name)
        return (_MAP_X + 30 + (s.x - min(xs)) * sx, _MAP_Y + 30 + (s.y - min(ys)) * sy)

    out = [f'<g class="catacombs"><rect x="{_MAP_X}" y="{_MAP_Y}" width="{_MAP_W}" '
           f'height="{_MAP_H}" rx="8" fill="#EEF2F5" stroke="#444444"/>',
           _text(_MAP_X + 8, _MAP_Y - 6, "Catacombs (stand-in map, LB-R2)", size=12,
                 bold=True)]
    for p in m.paths:
        (x1, y1), (x2, y2) = at(p.start), at(p.to)
        cost = ", ".join(f"{n} {r}" for r, n in p.cost)
        out.append(f'<g class="path" data-from="{_esc(p.start)}" data-to="{_esc(p.to)}">'
                   f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                   f'stroke="#555555" stroke-width="1.5"/>')
        if cost:
            out.append(_text((x1 + x2) / 2, (y1 + y2) / 2 - 3, cost, size=9,
                             anchor="middle", fill="#8C510A"))
        out.append("</g>")
    looked = {(i, side) for i, side in state.looked}
    stack_of = {name: i for i, name in enumerate(m.loot_spaces)}
    for s in m.spaces:
        x, y = at(s.name)
        out.append(f'<g class="space" data-space="{_esc(s.name)}" data-stars="{s.stars}">'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="13" fill="#FFFFFF" '
                   f'stroke="#333333"/>'
                   + _text(x, y + 4, s.stars, size=10, anchor="middle")
                   + _text(x, y + 26, s.name, size=9, anchor="middle") + "</g>")
        if s.name in stack_of:
            i = stack_of[s.name]
            known, unknown = state.stacks[i]
            size = len(known) + unknown
            seen = everything or (viewer is not None and (i, viewer) in looked)
            contents = f' data-contents="{_esc(",".join(known))}"' if seen and known else ""
            out.append(f'<g class="loot-stack" data-space="{_esc(s.name)}" '
                       f'data-size="{size}"{contents}><rect x="{_n(x + 10)}" '
                       f'y="{_n(y - 20)}" width="16" height="12" fill="#E69F00" '
                       f'stroke="#333333"/>' + _text(x + 18, y - 11, size, size=9,
                                                     anchor="middle") + "</g>")
    for k, side in enumerate(state.sides):
        x, y = at(state.lanterns[k])
        dx = (k - (len(state.sides) - 1) / 2) * 9
        out.append(f'<g class="lantern" data-colour="{side}" '
                   f'data-space="{_esc(state.lanterns[k])}"><title>{side}\'s lantern</title>'
                   f'<rect x="{_n(x + dx - 4)}" y="{_n(y - 30)}" width="8" height="10" '
                   f'fill="{PALETTE.get(side, "#888888")}" stroke="#000000"/></g>')
    out.append("</g>")
    return out


def _sides(state: State, viewer: str | None) -> list[str]:
    out = []
    cfg = state.config
    for k, side in enumerate(state.sides):
        y = 400 + k * 22
        res = ", ".join(f"{n} {r}" for r, n in zip(cfg.resources, state.resources[k],
                                                    strict=True))
        hand = len(state.hands[k])
        you = " (you)" if side == viewer else ""
        out.append(f'<g class="side" data-colour="{side}" '
                   f'data-stars="{state.total_stars(side)}">'
                   + _text(420, y, f"{side}{you}: {state.total_stars(side)} stars · {res} · "
                           f"{hand} in the holding cell", size=11,
                           fill="#222222") + "</g>")
    return out


def render_svg(state: State, *, viewer: str | None = None, omniscient: bool = False,
               highlight: Any = (), odds: Mapping[str, Fraction] | None = None,
               width: int = _W) -> str:
    """``state`` as an SVG document, as ``viewer`` (a seat colour, or ``None`` for public
    information only) may see it; ``omniscient=True`` shows every secret. ``highlight``
    lists locations to outline; ``odds`` maps a location (as text) to a probability
    shown on its row."""
    state = require_state(state)
    if viewer is not None and viewer not in state.setup.colours:
        raise ValueError(f"unknown viewer {viewer!r}; players are "
                         f"{', '.join(state.setup.colours)}")
    if isinstance(width, bool) or not isinstance(width, int) or width < 100:
        raise ValueError(f"width must be a whole number ≥ 100, not {width!r}")
    marked = {h for h in highlight if isinstance(h, int)}
    height = 410 + 22 * len(state.sides)
    where = "setup" if state.round == 0 else f"Round {state.round} · {state.phase}"
    who = ("everything shown" if omniscient else
           f"as {viewer} sees it" if viewer else "public view")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="lockup-breakout" '
             f'width="{width}" height="{_n(height * width / _W)}" '
             f'viewBox="0 0 {_W} {height}" role="img" '
             f'aria-label="Lockup: Breakout board, {_esc(where)}, {_esc(who)}">',
             f'<rect width="{_W}" height="{height}" fill="#FFFFFF"/>',
             _text(10, 30, f"Lockup: Breakout · {where} · {who}", size=15, bold=True)]
    parts += _locations(state, viewer, omniscient, marked, dict(odds or {}))
    parts += _map(state, viewer, omniscient)
    parts += _sides(state, viewer)
    parts.append("</svg>")
    return "".join(parts)
