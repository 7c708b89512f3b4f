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

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from itertools import islice
from typing import Any

from boardlab import svg
from boardlab.core import validate
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.lockup_breakout.catacombs import CatacombMap
from boardlab.lockup_breakout.config import GUARDS, LEGEND
from boardlab.lockup_breakout.events import plural
from boardlab.lockup_breakout.rules import PHASE_NAMES
from boardlab.lockup_breakout.state import State, require_state

__all__ = ["PALETTE", "render_svg"]

#: Okabe–Ito colours of the seats; the guards are grey.
PALETTE = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442",
           "purple": "#CC79A7", GUARDS: "#666666"}
_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "purple": "P", GUARDS: "X"}
# One column, 560 wide: drawn at its own size in a notebook of 1024 px with the file
# browser open, every text is at least 11 px there (issue 29).
_W = 560
_TOP = 42
_ROW = 50            # a location row with one line of tokens
_TOKEN_ROW = 34      # each further line of tokens
_PER_ROW = 9         # tokens on one line of a row
_NAME_W = 230        # the name and notes column of a row
_MAP_H = 330
_SIDE_H = 36


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


def _row_height(n_tokens: int) -> int:
    """A location row: two lines of text on the left, tokens in rows of ``_PER_ROW``."""
    rows = max(1, -(-n_tokens // _PER_ROW))
    return _ROW + (rows - 1) * _TOKEN_ROW


def _notes(state: State, loc: int, tunnel: str,
           odds: Mapping[str, Fraction]) -> list[tuple[str, str, str]]:
    """What a location row says under its name: ``(text, colour, class)`` lines."""
    notes: list[tuple[str, str, str]] = []
    if not loc:
        notes.append((state.legend or "none yet", "#444444", "legend"))
    if tunnel:
        notes.append((f"{tunnel} tunnel", "#8C510A", "tunnel"))
    if 2 <= loc <= 6 and state.goon_spaces and state.goon_spaces[loc - 2]:
        notes.append((f"goon: {state.goon_spaces[loc - 2]}", "#3F4F7F", "goon"))
    if state.setup.solo and state.guard_cards and state.guard_cards[loc]:
        notes.append((f"guards: {state.guard_cards[loc]}", PALETTE[GUARDS], "guard-card"))
    if str(loc) in odds:
        notes.append((f"P(advance) = {odds[str(loc)]}", "#222222", "odds"))
    return notes


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
               highlight: set[int], odds: Mapping[str, Fraction]) -> tuple[list[str], float]:
    """The seven locations and the legend card, one row each: the name, then what is
    there (tunnel, the goon to recruit, the guards, the odds), tokens on the right.
    Returns the drawing and the y under it."""
    out = []
    cfg = state.config
    y = _TOP
    for loc in [*range(1, 8), LEGEND]:
        crew = state.at(loc)
        tunnel = state.tunnels[loc - 1] if loc and state.tunnels else ""
        notes = _notes(state, loc, tunnel, odds)
        h = max(_row_height(len(crew)), 34 + 14 * len(notes))
        stroke = "#E69F00" if loc in highlight else "#444444"
        width = 3 if loc in highlight else 1
        out.append(f'<g class="location" data-location="{loc}" data-tunnel="{tunnel}">'
                   f'<rect data-frame="" x="10" y="{y}" width="{_W - 20}" height="{h - 6}" '
                   f'rx="5" fill="#F7F7F2" stroke="{stroke}" stroke-width="{width}"/>')
        name = f"{loc} {cfg.locations[loc - 1].name}" if loc else "Legend card"
        out.append(_text(18, y + 17, svg.fit(name, _NAME_W - 12, 13, True), size=13,
                         bold=True))
        ny = y + 32
        for text, colour, cls in notes:
            label = svg.fit(text, _NAME_W - 12, 11)
            if cls in ("tunnel", "guard-card", "goon"):
                data = {"tunnel": f' data-kind="{tunnel}"',
                        "guard-card": f' data-card="{_esc(text[8:])}"',
                        "goon": f' data-goon="{_esc(text[6:])}"'}[cls]
                out.append(f'<g class="{cls}"{data}>' + _text(18, ny, label, size=11,
                                                             fill=colour) + "</g>")
            else:
                out.append(_text(18, ny, label, size=11, fill=colour, cls=cls))
            ny += 14
        for i, (colour, token, fd, shown) in enumerate(_as_seen(crew, viewer, everything)):
            tx = _NAME_W + 22 + (i % _PER_ROW) * 34
            ty = y + 21 + (i // _PER_ROW) * _TOKEN_ROW
            out.append(_token(tx, ty, colour, token, fd, shown))
        out.append("</g>")
        y += h
    return out, y


def _map(state: State, viewer: str | None, everything: bool, top: float) -> list[str]:
    """The catacombs from the map's own ``x``/``y``: each space a circle holding its stars,
    its name beside it, a path's cost by its middle; labels never overlap."""
    m = state.config.catacombs
    xs = [s.x for s in m.spaces]
    ys = [s.y for s in m.spaces]
    map_y = top + 24
    sx = (_W - 20 - 80) / max(max(xs) - min(xs), 1)
    sy = (_MAP_H - 70) / max(max(ys) - min(ys), 1)
    frame = (10.0, map_y, _W - 10.0, map_y + _MAP_H)

    def at(name: str) -> tuple[float, float]:
        s = m.space(name)
        return (10 + 40 + (s.x - min(xs)) * sx, map_y + 36 + (s.y - min(ys)) * sy)

    out = [_text(10, top + 16, "Catacombs (stand-in map, LB-R2): ★ = stars for reaching "
                 "a space", size=12, bold=True),
           f'<g class="catacombs"><rect data-frame="" x="10" y="{_n(map_y)}" '
           f'width="{_W - 20}" height="{_MAP_H}" rx="8" fill="#EEF2F5" stroke="#444444"/>']
    labels = svg.Labels()
    for s in m.spaces:   # the circles and loot stacks first: no label lands on them
        x, y = at(s.name)
        labels.reserve((x - 15, y - 15, x + 15, y + 15))
        if s.name in m.loot_spaces:
            labels.reserve((x + 9, y - 22, x + 29, y - 8))
    for s in m.spaces:
        x, y = at(s.name)
        labels.reserve((x - 12, y - 30, x + 12, y - 19))   # lanterns above the circle
    for p in m.paths:
        (x1, y1), (x2, y2) = at(p.start), at(p.to)
        out.append(f'<g class="path" data-from="{_esc(p.start)}" data-to="{_esc(p.to)}">'
                   f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                   f'stroke="#555555" stroke-width="1.5"/></g>')
    looked = {(i, side) for i, side in state.looked}
    stack_of = {name: i for i, name in enumerate(m.loot_spaces)}
    inner = (frame[0] + 2, frame[1] + 2, frame[2] - 2, frame[3] - 2)
    for s in m.spaces:
        x, y = at(s.name)
        nx, ny = labels.place(s.name, [(x, y + 28), (x, y - 20), (x + 18, y + 4),
                                       (x - 18, y + 4), (x, y + 42)], size=11, within=inner)
        anchor = "start" if nx > x + 1 else "end" if nx < x - 1 else "middle"
        out.append(f'<g class="space" data-space="{_esc(s.name)}" data-stars="{s.stars}">'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="14" fill="#FFFFFF" '
                   f'stroke="#333333"/>'
                   + _text(x, y + 4, f"{s.stars}★" if s.stars else "–", size=11,
                           anchor="middle")
                   + _text(nx, ny, s.name, size=11, anchor=anchor) + "</g>")
        if s.name in stack_of:
            i = stack_of[s.name]
            seen = everything or (viewer is not None and (i, viewer) in looked)
            out.append(_loot_stack(state, i, s.name, x, y, seen))
    out.extend(_path_costs(m, at, labels, inner))
    out.extend(_lanterns(state, at))
    out.append("</g>")
    return out


def _loot_stack(state: State, i: int, space: str, x: float, y: float, seen: bool) -> str:
    """Loot stack ``i`` on ``space`` (drawn at ``x``, ``y``): its size, and its contents
    as data when the viewer has ``seen`` them (LB-advance-loot)."""
    known, unknown = state.stacks[i]
    size = len(known) + unknown
    contents = f' data-contents="{_esc(",".join(known))}"' if seen and known else ""
    return (f'<g class="loot-stack" data-space="{_esc(space)}" '
            f'data-size="{size}"{contents}><rect x="{_n(x + 10)}" '
            f'y="{_n(y - 22)}" width="19" height="14" fill="#E69F00" '
            f'stroke="#333333"/>' + _text(x + 19.5, y - 11, size, size=11,
                                          anchor="middle") + "</g>")


def _path_costs(m: CatacombMap, at: Callable[[str], tuple[float, float]], labels: svg.Labels,
                inner: tuple[float, float, float, float]) -> list[str]:
    """A costed path's cost by its middle, placed where no label is (LB-advance-cost)."""
    out = []
    for p in m.paths:
        cost = ", ".join(f"{n} {r}" for r, n in p.cost)
        if not cost:
            continue
        (x1, y1), (x2, y2) = at(p.start), at(p.to)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        ring = [(mx + dx * r, my + 4 + dy * r) for r in (0, 10, 20, 30, 40)
                for dx, dy in ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1),
                               (1, 1), (-1, 1))]
        cx, cy = labels.place(cost, ring[7:], size=11, within=inner)
        out.append(_text(cx, cy, cost, size=11, anchor="middle", fill="#8C510A",
                         cls="path-cost"))
    return out


def _lanterns(state: State, at: Callable[[str], tuple[float, float]]) -> list[str]:
    """Each side's lantern above its space, side by side where they share one."""
    out = []
    for k, side in enumerate(state.sides):
        x, y = at(state.lanterns[k])
        dx = (k - (len(state.sides) - 1) / 2) * 9
        out.append(f'<g class="lantern" data-colour="{side}" '
                   f'data-space="{_esc(state.lanterns[k])}"><title>{side}\'s lantern</title>'
                   f'<rect x="{_n(x + dx - 4)}" y="{_n(y - 30)}" width="8" height="10" '
                   f'fill="{PALETTE.get(side, "#888888")}" stroke="#000000"/></g>')
    return out


def _sides(state: State, viewer: str | None, top: float) -> list[str]:
    """Each side in two lines: stars and the holding cell, then its resources."""
    out = []
    cfg = state.config
    for k, side in enumerate(state.sides):
        y = top + 16 + k * _SIDE_H
        res = ", ".join(f"{n} {r}" for r, n in zip(cfg.resources, state.resources[k],
                                                    strict=True))
        hand = len(state.hands[k])
        you = " (you)" if side == viewer else ""
        out.append(f'<g class="side" data-colour="{side}" '
                   f'data-stars="{state.total_stars(side)}">'
                   + _text(10, y, f"{side}{you}: {plural(state.total_stars(side), 'star')} · "
                           f"{hand} in the holding cell", size=12, bold=True)
                   + _text(24, y + 16, svg.fit(res, _W - 34, 12), size=12) + "</g>")
    return out


#: The widest picture drawn, in pixels (wider ones only blow up the numbers in the SVG).
_MAX_WIDTH = 10_000


def _highlight(highlight: Any) -> set[int]:
    """The locations to outline: an iterable of location numbers (others are ignored),
    read up to a few dozen entries so an endless iterator is refused, not followed."""
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise ArgumentTypeError("highlight", highlight, "expected locations to outline "
                                "(a list of numbers 1–7), or ()")
    items = list(islice(highlight, 65))
    if len(items) > 64:
        raise ArgumentError("highlight", highlight, "more locations than a board has")
    return {h for h in items if isinstance(h, int) and not isinstance(h, bool)}


def _odds(odds: Any) -> dict[str, Fraction]:
    """The probabilities to show: ``None`` or a mapping of location text to a probability."""
    if odds is None:
        return {}
    if not isinstance(odds, Mapping):
        raise ArgumentTypeError("odds", odds, "expected a mapping of a location ('3') to "
                                "a probability, or None")
    out: dict[str, Fraction] = {}
    for key, p in islice(odds.items(), 65):
        if not isinstance(key, str) or isinstance(p, bool) \
                or not isinstance(p, (int, Fraction)) or not 0 <= p <= 1:
            raise ArgumentError("odds", {key: p}, "each entry maps a location's number as "
                                "text to an exact probability from 0 to 1")
        out[key] = Fraction(p)
    return out


def render_svg(state: State, *, viewer: str | None = None, omniscient: bool = False,
               highlight: Any = (), odds: Mapping[str, Fraction] | None = None,
               width: int = _W) -> str:
    """``state`` as an SVG document (560 wide, in one column: the locations, the
    catacombs, the sides), as ``viewer`` (a seat colour, or ``None`` for public
    information only) may see it; ``omniscient=True`` shows every secret. ``highlight``
    lists locations to outline; ``odds`` maps a location (as text) to a probability
    shown on its row."""
    state = require_state(state)
    if viewer is not None:
        validate.name(viewer, "viewer", state.setup.colours, what="colour")
    validate.flag(omniscient, "omniscient")
    width = validate.whole(width, "width", low=100, high=_MAX_WIDTH)
    marked = _highlight(highlight)
    odds = _odds(odds)
    locations, bottom = _locations(state, viewer, omniscient, marked, odds)
    sides_top = bottom + 24 + _MAP_H + 8
    height = sides_top + 8 + _SIDE_H * len(state.sides)
    phase = PHASE_NAMES.get(state.phase, state.phase)
    where = "setup" if state.round == 0 else f"Round {state.round} · {phase}"
    who = ("everything shown" if omniscient else
           f"as {viewer} sees it" if viewer else "public view")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="lockup-breakout" '
             f'width="{width}" height="{_n(height * width / _W)}" '
             f'viewBox="0 0 {_W} {height}" role="img" '
             f'aria-label="Lockup: Breakout board, {_esc(where)}, {_esc(who)}">',
             f'<rect width="{_W}" height="{height}" fill="#FFFFFF"/>',
             _text(10, 26, f"Lockup: Breakout · {where} · {who}", size=14, bold=True)]
    parts += locations
    parts += _map(state, viewer, omniscient, bottom)
    parts += _sides(state, viewer, sides_top)
    parts.append("</svg>")
    return "".join(parts)
