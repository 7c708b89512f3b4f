"""A Level 7 [Escape]: Lockdown position as a standalone SVG picture.

:func:`render_svg` draws every floor's grid side by side (L7-R5): each placed tile on
its cells with its name and its printed features as words (``SECURITY``, ``DARK`` …),
face-down tiles as grey cells marked "?", and the doors on the cell edges — open
(white), locked (red with "L"), barricaded (amber, "B2" at full strength, "B1"
battered), and explorable doors with nothing behind them (a dashed stub). Markers are
words too (``GAS``, ``EXT`` for clouds, ``CACHE``); figures are tokens that carry
letters as well as colours: characters by their initials, enemies by kind and number
(``G1`` guard 1, ``R2`` rogue clone 2, ``W1`` warrior clone, ``H1`` fear hunter,
``B1`` blaster with its power tokens as ``B1+2``), Dr. Cronos as ``DC``. Below the map
a strip lists every character (vitality, fear, terror, threat, adrenaline, items,
status), the pools and the stacks; a legend spells out the abbreviations. Colour is
never the only cue.

Nearly everything in Level 7 is public (hands are open, L7-R21): a ``viewer`` sees
the same map, marked "(you)" in the strip; only the contents of the stacks are
secret, shown with ``omniscient=True``. The output is deterministic (no random ids, no
clock). Accessible: ``role="img"``, an ``aria-label`` summary, a ``<title>`` on the
picture, on every tile and on every token.

>>> from boardlab.level7_lockdown.api import new_match
>>> svg = render_svg(new_match(players=2, seed=1).state)
>>> svg.startswith("<svg") and svg.endswith("</svg>"), svg.count('class="character')
(True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import partial
from typing import Any, Final

from boardlab import svg
from boardlab.level7_lockdown.config import ENEMY_NAMES, FEATURES
from boardlab.level7_lockdown.geometry import (
    DELTA,
    Cell,
    Door,
    cells_of,
    door_at,
    doors_of,
    layout,
)
from boardlab.level7_lockdown.narration import STEP_NAMES
from boardlab.level7_lockdown.render_text import (  # touched_tiles: the board's import
    TILE_FIELDS,
    _upright,
    _wrap,
    touched_tiles,
)
from boardlab.level7_lockdown.state import INSIDE, State
from boardlab.level7_lockdown.work import enemy_name

__all__ = ["CHARACTER_COLOURS", "FEATURE_WORDS", "TILE_FIELDS", "board_svg", "render_svg",
           "touched_tiles"]

#: Okabe–Ito colours for the characters, each paired with black text (contrast ≥ 4.5).
CHARACTER_COLOURS: Final = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
#: The word printed for each tile feature (the legend repeats them).
FEATURE_WORDS: Final = {"security": "SEC", "fear": "FEAR", "warzone": "WAR",
                        "guard_post": "POST", "clone_nest": "NEST", "control_panel": "PANEL",
                        "vent": "VENT", "dark": "DARK", "exit": "EXIT", "lift": "LIFT",
                        "lab": "LAB", "generator": "GEN"}
_ENEMY_LETTERS: Final = {"guard": "G", "rogue": "R", "warrior": "W", "hunter": "H",
                         "blaster": "B"}
_ENEMY_FILL: Final = {"guard": "#D9E6F2", "rogue": "#F2D9D9", "warrior": "#F2C9C9",
                      "hunter": "#E3D4F0", "blaster": "#F0E3C4"}
_C = 112                 # a grid cell, in drawing units
_PAD = 18                # around a floor's cells (room for door stubs)
_MARGIN = 12
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_HIGHLIGHT = "#7B2D8E"
_TOKEN = 22              # a figure's height
_TOKEN_W = 31            # and width: room for "B1+3" at 11


# The shared helpers, under the short names this module's drawing code uses.
_esc, _n, _fit = svg.esc, svg.num, svg.fit
_text = partial(svg.text, size=11)


def render_svg(state: State, *, viewer: str | None = None, omniscient: bool = False,
               highlight: Iterable[int] = (), odds: Mapping[str, Any] | None = None,
               width: int = 760) -> str:
    """``state`` as an SVG document (a string), as ``viewer`` may see it.

    ``viewer`` is a seat (a character's name, or ``"solo"``) or ``None`` (the public
    view); ``omniscient=True`` also lists the unseen tiles of every stack.
    ``highlight`` outlines tiles (indices) with a thick dashed line; ``odds`` maps a
    label to an exact probability, listed under the map. ``width`` is the picture's
    width in pixels; the height follows.

    >>> from boardlab.level7_lockdown.position import position
    >>> s = position(players=2, characters={"Leo": {"tile": "Lair", "terror": 2, "fear": 3}})
    >>> svg = render_svg(s, viewer="Cody", highlight=[2])
    >>> 'data-tile="2"' in svg, "Cody (you)" in svg, 'class="highlight"' in svg
    (True, True, True)
    """
    if not isinstance(state, State):
        raise TypeError(f"render_svg draws a Level 7 State, not {type(state).__name__}")
    seats = state.setup.seats
    if viewer is not None and viewer not in seats:
        raise ValueError(f"unknown viewer {viewer!r}; players are {', '.join(seats)}")
    marked = frozenset(highlight)
    for t in marked:
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < len(state.tiles):
            raise ValueError(f"highlight: {t!r} is not a tile index (0…{len(state.tiles) - 1})")
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise ValueError(f"width must be a positive integer, got {width!r}")
    return _Picture(state, viewer, omniscient, marked, dict(odds or {})).draw(width)


def board_svg(state: State, *, viewer: str | None, omniscient: bool,
              highlight: frozenset[int], odds: Mapping[str, Any]) -> str:
    """The board's picture: :func:`render_svg` drawn at its own size (a unit a CSS
    pixel), so every text keeps the size it is drawn at, 11 or more (issue 29); a map
    wider than the notebook scrolls sideways on the board instead of shrinking. The
    arguments are the board's own, already checked.

    >>> from boardlab.level7_lockdown.position import position
    >>> s = position(players=1)
    >>> board_svg(s, viewer=None, omniscient=True, highlight=frozenset(), odds={})[:70]
    '<svg xmlns="http://www.w3.org/2000/svg" width="560" height="...'
    """
    return _Picture(state, viewer, omniscient, highlight, dict(odds)).draw(None)


class _Picture:
    def __init__(self, state: State, viewer: str | None, omniscient: bool,
                 highlight: frozenset[int], odds: dict[str, Any]) -> None:
        self.s = state
        self.viewer = viewer
        self.all = omniscient
        self.highlight = highlight
        self.odds = odds
        self.cfg = state.setup.cfg
        self.lay = layout(state.tiles, state.links, self.cfg)
        self.out: list[str] = []
        self.colour = {c.name: CHARACTER_COLOURS[i % len(CHARACTER_COLOURS)]
                       for i, c in enumerate(state.chars)}

    # -- the whole picture ---------------------------------------------------------------
    def draw(self, width: int | None) -> str:
        """The whole picture, ``width`` pixels wide (``None``: at its own size)."""
        s = self.s
        floors = sorted({p.floor for p in s.tiles})
        y = self.header()
        widest: float = 0
        # Floors one under the other: the picture is as wide as the widest floor, not
        # all of them, so it fits a narrow notebook at its own size more often.
        for floor in floors:
            w, h = self.floor(floor, _MARGIN, y)
            widest = max(widest, w)
            y += h + _MARGIN
        total_w = max(widest + 2 * _MARGIN, 560)
        y = self.strip(y, total_w)
        y = self.odds_box(y, total_w)
        y = self.legend(y, total_w)
        height = y + _MARGIN
        title = f"Level 7 [Escape]: Lockdown — {self.where()}"
        if width is None:
            width = round(total_w)
        return svg.document("".join(self.out), width=width, view_w=total_w, view_h=height,
                            label=self.summary(), title=title, font=_FONT)

    def where(self) -> str:
        s = self.s
        if s.is_over:
            return f"{s.setup.scenario} scenario, the match is over"
        who = s.chars[s.active].name
        return (f"{s.setup.scenario} scenario, round {s.round}, {who}'s "
                f"{STEP_NAMES.get(s.step, s.step)}")

    def header(self) -> float:
        s, out = self.s, self.out
        out.append(_text(_MARGIN, 24, self.where()[0].upper() + self.where()[1:], size=16,
                         bold=True, cls="phase"))
        view = ("All secrets shown" if self.all else
                f"As {self.viewer} sees it" if self.viewer else "Public view")
        out.append(_text(_MARGIN, 42, f"{view} · Next: {self.next_line()}", size=11.5,
                         fill="#444444", cls="next"))
        pools = [f"LOCKDOWN pool: {s.lockdown}", f"threat pool: {s.threat_pool}"]
        if s.cronos >= 0:
            pools.append(f"Dr. Cronos on {self.tname(s.cronos)}")
        out.append(_text(_MARGIN, 58, " · ".join(pools), size=11.5, fill="#444444",
                         cls="pools"))
        return 68

    def next_line(self) -> str:
        p = self.s.pending
        who = self.s.chars[self.s.active].name
        if p.kind == "over":
            return "nothing: the match is over"
        if p.kind == "move":
            return f"{who} moves ({self.s.moves} move{'s' * (self.s.moves != 1)} left)"
        if p.kind == "action":
            return f"{who} takes an action"
        if p.kind == "place":
            return f"{who} places {p.tile}"
        if p.kind == "tile_draw":
            return f"a tile is drawn from stack {p.stack}"
        if p.kind == "event_draw":
            return "an event card is drawn"
        if p.kind == "item_draw":
            return "an item card is drawn"
        actor = enemy_name(p.actor) if "#" in p.actor else (
            "Dr. Cronos" if p.purpose == "cronos" else p.actor or "the dice")
        return f"a roll of {p.dice} dice ({p.purpose.replace('_', ' ')}: {actor})"

    def tname(self, t: int) -> str:
        p = self.s.tiles[t]
        return "a face-down tile" if p.face_down else p.tile

    # -- a floor ---------------------------------------------------------------------------
    def floor(self, floor: int, x0: float, y0: float) -> tuple[float, float]:
        s = self.s
        cells = {c: t for c, t in self.lay.owner.items() if c[0] == floor}
        xs = [c[1] for c in cells]
        ys = [c[2] for c in cells]
        minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
        w = (maxx - minx + 1) * _C + 2 * _PAD
        h = (maxy - miny + 1) * _C + 2 * _PAD + 16
        out = self.out
        out.append(f'<g class="floor" data-floor="{floor}">')
        out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" '
                   'rx="6" fill="#F4F5F7" stroke="#C8CCD2"/>')
        out.append(_text(x0 + 8, y0 + 13, f"Floor {floor}", size=11, bold=True,
                         fill="#555555", cls="floor-label"))

        def at(cell: Cell) -> tuple[float, float]:
            return (x0 + _PAD + (cell[1] - minx) * _C,
                    y0 + 16 + _PAD + (maxy - cell[2]) * _C)

        for t, p in enumerate(s.tiles):
            if p.floor == floor:
                self.tile(t, at)
        self.doors(floor, at)
        for t, p in enumerate(s.tiles):
            if p.floor == floor and t in self.highlight:
                for cell in self.tile_cells(t):
                    cx, cy = at(cell)
                    out.append(f'<rect class="highlight" data-tile="{t}" x="{_n(cx + 2)}" '
                               f'y="{_n(cy + 2)}" width="{_C - 4}" height="{_C - 4}" rx="5" '
                               f'fill="none" stroke="{_HIGHLIGHT}" stroke-width="4" '
                               'stroke-dasharray="10 6"/>')
        out.append("</g>")
        return w, h

    def tile_cells(self, t: int) -> tuple[Cell, ...]:
        p = self.s.tiles[t]
        spec = None if p.face_down else self.cfg.tile(p.tile)
        return cells_of(spec, p)

    def tile(self, t: int, at: Any) -> None:
        s, out = self.s, self.out
        p = s.tiles[t]
        cells = self.tile_cells(t)
        if p.face_down:
            self.face_down(t, at(cells[0]))
            return
        spec = self.cfg.tile(p.tile)
        dark = "dark" in spec.features
        fill = "#D5D8DE" if dark else "#FFFFFF"
        words = [FEATURE_WORDS[f] for f in spec.features
                 if f in FEATURE_WORDS and not (f == "lift" and self.linked(t))]
        for one, two in self.s.links:
            if t in (one, two):
                other = two if t == one else one
                words.append(f"LIFT→F{s.tiles[other].floor}")
        markers = [("GAS" if kind == "gas" else "EXT") for tile, kind in s.clouds if tile == t]
        if t in s.caches:
            markers.append("CACHE")
        figures = self.figures_on(t)
        label = self.tile_label(t, spec.features, markers, figures)
        out.append(f'<g class="tile" data-tile="{t}" data-name="{_esc(p.tile)}">'
                   f"<title>{_esc(label)}</title>")
        for k, cell in enumerate(cells):
            cx, cy = at(cell)
            frame = ' data-frame=""' if k == 0 else ""   # the tile's texts stay inside it
            out.append(f'<rect{frame} x="{_n(cx + 4)}" y="{_n(cy + 4)}" width="{_C - 8}" '
                       f'height="{_C - 8}" fill="{fill}" stroke="#3A3F47" stroke-width="2"/>')
        # rooms of one tile are joined: paint over the wall between them
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                self.join(a, b, at, fill)
        self.tile_texts(p.tile, words, markers, at(cells[0]))
        self.tokens(figures, cells, at)
        out.append("</g>")

    def face_down(self, t: int, corner: tuple[float, float]) -> None:
        """A face-down tile: a grey square with a question mark."""
        cx, cy = corner
        stack = self.s.tiles[t].stack
        self.out.append(f'<g class="tile face-down" data-tile="{t}"><title>'
                        f'{_esc(f"tile {t}: a face-down tile (stack {stack})")}</title>'
                        f'<rect x="{_n(cx + 4)}" y="{_n(cy + 4)}" width="{_C - 8}" '
                        f'height="{_C - 8}" rx="4" fill="#8A8F98" stroke="#3A3F47" '
                        'stroke-width="1.5"/>'
                        + _text(cx + _C / 2, cy + _C / 2 + 8, "?", size=28, bold=True,
                                anchor="middle", fill="#FFFFFF")
                        + _text(cx + _C / 2, cy + _C - 12, "face-down", size=11,
                                anchor="middle", fill="#FFFFFF") + "</g>")

    def tile_texts(self, name: str, words: list[str], markers: list[str],
                   corner: tuple[float, float]) -> None:
        """The tile's name, its features and its markers, in its first cell."""
        out = self.out
        cx, cy = corner
        out.append(_text(cx + 9, cy + 19, _fit(name, _C - 20, 11, True), size=11,
                         bold=True, cls="name"))
        # Features and markers in two lines of 11 at most, wrapped for capitals (wider
        # than the average letter): the tile's edge is never reached (issue 29).
        lines = _wrap(" ".join(words), _C - 20, 11, capitals=True)
        marks = " ".join(markers)
        room = 2 - (1 if marks else 0)
        shown = lines[:room]
        if len(lines) > room and shown:
            shown[-1] = _fit(shown[-1] + " …", _C - 20, 11 * 1.15)
        for i, line in enumerate(shown):
            out.append(_text(cx + 9, cy + 33 + 13 * i, line, size=11, fill="#333333",
                             cls="features"))
        if marks:
            out.append(_text(cx + 9, cy + 33 + 13 * len(shown), _fit(marks, _C - 20, 11 * 1.15,
                                                                     True),
                             size=11, bold=True, fill="#7A4A00", cls="markers"))

    def join(self, a: Cell, b: Cell, at: Any, fill: str) -> None:
        if a[0] != b[0] or abs(a[1] - b[1]) + abs(a[2] - b[2]) != 1:
            return
        (ax, ay), (bx, by) = at(a), at(b)
        x, y = min(ax, bx), min(ay, by)
        if ay == by:   # side by side: the shared vertical wall
            self.out.append(f'<rect x="{_n(x + _C - 6)}" y="{_n(y + 6)}" width="12" '
                            f'height="{_C - 12}" fill="{fill}"/>')
        else:
            self.out.append(f'<rect x="{_n(x + 6)}" y="{_n(y + _C - 6)}" width="{_C - 12}" '
                            f'height="12" fill="{fill}"/>')

    def linked(self, t: int) -> bool:
        return any(t in link for link in self.s.links)

    def figures_on(self, t: int) -> list[tuple[str, str, str, str]]:
        """(class, text, fill, title) of each figure on tile ``t``, characters first."""
        s = self.s
        figs: list[tuple[str, str, str, str]] = []
        for c in s.chars:
            if c.status == INSIDE and c.tile == t:
                you = " (you)" if self.viewer is not None and s.setup.seat_of(c.name) == \
                    self.viewer else ""
                down = ", down" if c.down else ""
                figs.append(("character" + (" down" if c.down else ""),
                             c.name[:2] + ("↓" if c.down else ""), self.colour[c.name],
                             f"{c.name}{you}{down}"))
        if s.cronos == t:
            figs.append(("cronos", "DC", "#222222", "Dr. Cronos"))
        for e in s.enemies:
            if e.tile == t:
                text = f"{_ENEMY_LETTERS[e.kind]}{e.number}" + (f"+{e.power}" if e.power
                                                                 else "")
                power = f", {e.power} power tokens" if e.power else ""
                figs.append((f"enemy {e.kind}", text, _ENEMY_FILL[e.kind],
                             f"{enemy_name(e.id)}{power}"))
        return figs

    def tile_label(self, t: int, features: tuple[str, ...], markers: list[str],
                   figures: list[tuple[str, str, str, str]]) -> str:
        p = self.s.tiles[t]
        spec = self.cfg.tile(p.tile)
        doors = " ".join(side for _, side in doors_of(spec, p))
        parts = [f"tile {t}: {p.tile}", f"doors {doors}"]
        if features:
            parts.append("features: " + ", ".join(f.replace("_", " ") for f in features))
        if markers:
            parts.append("markers: " + ", ".join(markers))
        if figures:
            parts.append("here: " + ", ".join(f[3] for f in figures))
        return "; ".join(parts)

    def tokens(self, figures: list[tuple[str, str, str, str]], cells: tuple[Cell, ...],
               at: Any) -> None:
        per_row, rows = 3, 2
        slots = [(cell, r, k) for cell in cells for r in range(rows) for k in range(per_row)]
        shown = figures if len(figures) <= len(slots) else figures[: len(slots) - 1]
        for (cell, r, k), (cls, text, fill, title) in zip(slots, shown, strict=False):
            cx, cy = at(cell)
            x = cx + 10 + k * (_TOKEN_W + 1)   # clear of the doors in the walls
            y = cy + 60 + r * (_TOKEN + 2)
            ink = "#FFFFFF" if cls == "cronos" else "#000000"
            mid = x + _TOKEN_W / 2
            if cls.startswith("character"):
                shape = (f'<rect data-frame="" x="{_n(x)}" y="{_n(y)}" width="{_TOKEN_W}" '
                         f'height="{_TOKEN}" rx="{_TOKEN / 2}" fill="{fill}" '
                         'stroke="#222222" stroke-width="1.5"/>')
            elif cls == "cronos":
                h = _TOKEN / 2
                shape = (f'<polygon data-frame="" points="{_n(x)},{_n(y + h)} '
                         f'{_n(x + 5)},{_n(y)} {_n(x + _TOKEN_W - 5)},{_n(y)} '
                         f'{_n(x + _TOKEN_W)},{_n(y + h)} {_n(x + _TOKEN_W - 5)},'
                         f'{_n(y + _TOKEN)} {_n(x + 5)},{_n(y + _TOKEN)}" fill="{fill}"/>')
            else:
                shape = (f'<rect data-frame="" x="{_n(x)}" y="{_n(y)}" width="{_TOKEN_W}" '
                         f'height="{_TOKEN}" rx="3" fill="{fill}" stroke="#222222" '
                         'stroke-width="1.2"/>')
            self.out.append(f'<g class="{cls}"><title>{_esc(title)}</title>{shape}'
                            + _text(mid, y + _TOKEN / 2 + 4, text, size=11,
                                    bold=len(text) <= 3, anchor="middle", fill=ink) + "</g>")
        if len(shown) < len(figures):
            cell, r, k = slots[-1]
            cx, cy = at(cell)
            rest = figures[len(shown):]
            self.out.append(f'<g class="more"><title>{_esc(", ".join(f[3] for f in rest))}'
                            "</title>" + _text(cx + 10 + k * (_TOKEN_W + 1) + 2,
                                               cy + 60 + r * (_TOKEN + 2) + 15,
                                               f"+{len(rest)}", size=11, bold=True)
                            + "</g>")

    # -- doors -------------------------------------------------------------------------------
    def doors(self, floor: int, at: Any) -> None:
        s = self.s
        seen: set[Door] = set()
        locked = set(s.locked)
        barricade = dict(s.barricades)
        for p in s.tiles:
            if p.face_down or p.floor != floor:
                continue
            spec = self.cfg.tile(p.tile)
            for cell, side in doors_of(spec, p):
                door = door_at(cell, side)
                if door in seen:
                    continue
                seen.add(door)
                dx, dy = DELTA[side]
                far = (cell[0], cell[1] + dx, cell[2] + dy)
                other = self.lay.owner.get(far)
                if door in self.lay.doors:
                    kind = ("locked" if door in locked else
                            "barricade" if door in barricade else "open")
                elif other is None:
                    kind = "unexplored"
                elif s.tiles[other].face_down:
                    kind = "to-face-down"
                else:
                    kind = "wall"
                self.door(door, cell, side, kind, barricade.get(door, 0), at)

    def door(self, door: Door, cell: Cell, side: str, kind: str, strength: int,
             at: Any) -> None:
        cx, cy = at(cell)
        mid_x, mid_y = cx + _C / 2, cy + _C / 2
        # the door's centre on the cell edge (SVG y grows downward)
        ex = {"E": cx + _C - 4, "W": cx + 4}.get(side, mid_x)
        ey = {"N": cy + 4, "S": cy + _C - 4}.get(side, mid_y)
        across = side in ("N", "S")
        long_, short = 30, 13
        w, h = (long_, short) if across else (short, long_)
        if kind == "unexplored" or kind == "to-face-down":
            ox, oy = {"N": (0, -7), "S": (0, 7), "E": (7, 0), "W": (-7, 0)}[side]
            title = ("door with nothing behind it: explore here" if kind == "unexplored"
                     else "door facing a face-down tile: exploring flips it")
            self.out.append(f'<g class="door {kind}" data-door="{_esc(door)}"><title>'
                            f"{_esc(title)}</title>"
                            f'<rect x="{_n(ex + ox - w / 2)}" y="{_n(ey + oy - h / 2)}" '
                            f'width="{w}" height="{h}" fill="#FFFFFF" stroke="#555555" '
                            'stroke-width="1.2" stroke-dasharray="3 2"/></g>')
            return
        if kind == "wall":
            self.out.append(f'<g class="door wall" data-door="{_esc(door)}"><title>a door '
                            "facing a wall</title>"
                            f'<rect x="{_n(ex - w / 2)}" y="{_n(ey - h / 2)}" width="{w}" '
                            f'height="{h}" fill="#BBBBBB" stroke="#555555"/></g>')
            return
        # a joined door: drawn once, centred on the shared edge
        ox, oy = {"N": (0, -4), "S": (0, 4), "E": (4, 0), "W": (-4, 0)}[side]
        x, y = ex + ox - w / 2, ey + oy - h / 2
        if kind == "open":
            body = (f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" fill="#FFFFFF" '
                    'stroke="#3A3F47" stroke-width="1.2"/>')
            title = "open door"
        elif kind == "locked":
            body = (f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" fill="#B2182B" '
                    'stroke="#3A3F47" stroke-width="1.2"/>'
                    + _text(x + w / 2, y + h / 2 + 4, "L", size=11, bold=True,
                            anchor="middle", fill="#FFFFFF"))
            title = "locked door"
        else:
            body = (f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" fill="#F2B33D" '
                    'stroke="#3A3F47" stroke-width="1.2"/>'
                    + _upright(_text(x + w / 2, y + h / 2 + 4, f"B{strength}", size=11,
                                     bold=True, anchor="middle", fill="#000000"),
                               x + w / 2, y + h / 2, turn=not across))
            title = ("barricade, full strength" if strength >= 2 else "barricade, battered")
        self.out.append(f'<g class="door {kind}" data-door="{_esc(door)}"><title>'
                        f"{_esc(title)}</title>{body}</g>")

    # -- below the map -------------------------------------------------------------------------
    def strip(self, y: float, total_w: float) -> float:
        s, out = self.s, self.out
        out.append(_text(_MARGIN, y + 12, "Characters, in turn order", size=11.5, bold=True,
                         fill="#555555"))
        y += 18
        for i, c in enumerate(s.chars):
            you = self.viewer is not None and s.setup.seat_of(c.name) == self.viewer
            active = i == s.active and not s.is_over
            stroke = ' stroke="#222222" stroke-width="1.5"' if you else ""
            out.append(f'<g class="seat" data-name="{_esc(c.name)}">'
                       f'<rect x="{_MARGIN}" y="{_n(y)}" width="{_n(total_w - 2 * _MARGIN)}" '
                       f'height="36" rx="4" fill="#F3F4F6"{stroke}/>')
            out.append(f'<circle cx="{_MARGIN + 13}" cy="{_n(y + 12)}" r="8" '
                       f'fill="{self.colour[c.name]}" stroke="#222222"/>')
            name = c.name + (" (you)" if you else "") + (" ▶ to play" if active else "")
            out.append(_text(_MARGIN + 27, y + 15, name, size=11.5, bold=True, cls="who"))
            where = f"on {self.tname(c.tile)}" if c.status == INSIDE else c.status
            down = ", down" if c.down else ""
            out.append(_text(_MARGIN + 170, y + 15, _fit(where + down, total_w - 200, 11),
                             size=11, cls="where"))
            terror = f" · terror {c.terror}" if c.terror else ""
            items = ", ".join(c.items) or "no items"
            facts = (f"vitality {c.vitality} · fear {c.fear}{terror} · threat {c.threat} · "
                     f"adrenaline {c.adrenaline} · {items}")
            out.append(_text(_MARGIN + 27, y + 30, _fit(facts, total_w - 60, 11), size=11,
                             cls="facts"))
            out.append("</g>")
            y += 40
        stacks = " · ".join(f"{name} {len(tiles)}" for name, tiles in s.stacks)
        out.append(_text(_MARGIN, y + 13, f"Stacks (tiles left): {stacks} · events left "
                         f"{sum(s.events_deck)} · items left {sum(s.items_deck)}", size=11,
                         fill="#444444", cls="stacks"))
        y += 18
        if self.all:
            for name, tiles in s.stacks:
                if tiles:
                    out.append(_text(_MARGIN, y + 13, _fit(f"Stack {name}: "
                                                           + ", ".join(tiles),
                                                           total_w - 2 * _MARGIN, 11),
                                     size=11, fill="#444444", cls="stack-contents"))
                    y += 15
        return y + 4

    def odds_box(self, y: float, total_w: float) -> float:
        if not self.odds:
            return y
        self.out.append(_text(_MARGIN, y + 13, "Odds (exact; die faces invented, L7-R2)",
                              size=11.5, bold=True, fill="#555555"))
        y += 17
        for label, p in self.odds.items():
            q = p if isinstance(p, Fraction) else Fraction(str(p))
            self.out.append(_text(_MARGIN + 8, y + 13, f"P({label}) = {q} ≈ "
                                  f"{float(q) * 100:.1f}%", size=11, cls="odds"))
            y += 15
        return y + 4

    def legend(self, y: float, total_w: float) -> float:
        words = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in FEATURE_WORDS.items()
                          if k in FEATURES)
        lines = [f"Features: {words}.",
                 "Doors: white open, red L locked, amber B2/B1 barricade (full/battered), "
                 "dashed nothing behind (explore). GAS/EXT clouds, CACHE supply cache.",
                 "Figures: circles characters (initials, ↓ down), DC Dr. Cronos, squares G "
                 "guard, R rogue, W warrior, H fear hunter, B blaster (+power tokens)."]
        for line in lines:
            for part in _wrap(line, total_w - 2 * _MARGIN, 11):
                self.out.append(_text(_MARGIN, y + 12, part, size=11, fill="#555555",
                                      cls="legend"))
                y += 15
        return y

    def summary(self) -> str:
        """A text for screen readers: where everyone and everything is."""
        s = self.s
        parts = [f"Level 7 Lockdown board: {self.where()}."]
        for c in s.chars:
            where = f"on {self.tname(c.tile)}" if c.status == INSIDE else c.status
            parts.append(f"{c.name} {where}, vitality {c.vitality}, fear {c.fear}"
                         + (f", terror {c.terror}" if c.terror else "") + ".")
        if s.cronos >= 0:
            parts.append(f"Dr. Cronos on {self.tname(s.cronos)}; LOCKDOWN pool {s.lockdown}.")
        by_tile: dict[int, list[str]] = {}
        for e in s.enemies:
            by_tile.setdefault(e.tile, []).append(ENEMY_NAMES[e.kind])
        for t, names in sorted(by_tile.items()):
            parts.append(f"On {self.tname(t)}: {', '.join(names)}.")
        return " ".join(parts)
