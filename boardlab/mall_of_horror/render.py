"""A Mall of Horror position as a standalone SVG picture, safe to show to one player.

:func:`render_svg` draws the six locations (number, name, capacity pins), every living
character as a token that carries its colour *and* its kind's letter (P, T, G, L) over a
three-letter colour code (``yel``, ``red``, ``blu``, ``grn``, ``brn``, ``blk``: never a
single letter, so a code is never mistaken for a kind; the board reads without colour
vision), a key to these marks under the seats, the zombies in front of each location, the closed
and sealed markers, Hardware played this round, hidden characters (faded, marked "H"),
and a strip of the seats in turn order with the Chief badge, cards in hand, points,
destinations and eliminations. Secrets come from the viewer's own view
(:func:`~boardlab.mall_of_horror.observe.observe`, or
:func:`~boardlab.mall_of_horror.observe.public_view` without a viewer): a ``viewer``
sees their own hand and destination, the hidden roll only if they may look at it, and
nothing of anyone else's; ``omniscient=True`` shows everything.

The output is deterministic (no random ids, no clock), so notebooks that show it stay
byte-for-byte reproducible.

>>> from boardlab.mall_of_horror import new_match
>>> svg = render_svg(new_match(players=4, seed=1).state)
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import partial
from numbers import Rational, Real
from typing import Any

from boardlab import svg
from boardlab.core.errors import ArgumentError, ArgumentTypeError, show_value
from boardlab.mall_of_horror.config import (
    CARD_NAMES,
    KIND_NAMES,
    KINDS,
    LOCATIONS,
    PARKING,
)
from boardlab.mall_of_horror.drawing import (
    _hatch,
    _rational,
    _star,
    _wrap,
    contrast,
    ink,
)
from boardlab.mall_of_horror.invariants import sound_state
from boardlab.mall_of_horror.observe import View, observe, public_view
from boardlab.mall_of_horror.queries import break_in_threshold, defence, scores
from boardlab.mall_of_horror.rules import PHASE_NAMES, RULES
from boardlab.mall_of_horror.state import State
from boardlab.mall_of_horror.winners import winners
from boardlab.narrate import plural

__all__ = ["CARD_LABELS", "COLOUR_CODES", "KIND_LETTERS", "PALETTE", "contrast", "ink",
           "render_svg"]

#: Fill of each seat colour: the Okabe–Ito palette where it has the colour, a dark
#: brown and a near-black otherwise. Every fill is paired with black or white text of
#: contrast ratio 4.5 or more (see :func:`ink`).
PALETTE = {"yellow": "#F0E442", "red": "#D55E00", "blue": "#0072B2", "green": "#009E73",
           "brown": "#8C510A", "black": "#111111"}
#: The code every token and swatch of a colour carries, under the kind's letter: three
#: lower-case letters, so no code reads as a kind's capital letter (green is not "G").
COLOUR_CODES = {"yellow": "yel", "red": "red", "blue": "blu", "green": "grn",
                "brown": "brn", "black": "blk"}
#: The glyph of each character kind.
KIND_LETTERS = {"pinup": "P", "toughguy": "T", "gunman": "G", "girl": "L"}
#: How a card is named in a hand: "Hidden" alone would read as "the hand is hidden".
CARD_LABELS = {**CARD_NAMES, "hidden": "Hidden card"}

# 560 units across in two columns of locations: drawn at its own size in a notebook of
# 1024 px with the file browser open, so every text is at least 11 px (issue 29);
# ``width`` scales the whole picture.
_W = 560
_MARGIN = 12
_GAP = 12
_BOX_W = (_W - 2 * _MARGIN - _GAP) // 2
_TOKEN_W, _TOKEN_H, _TOKEN_STEP = 32, 34, 40
_PER_ROW = (_BOX_W - 20 + _TOKEN_STEP - _TOKEN_W) // _TOKEN_STEP
_HEAD_H, _BAND_H, _LINE_H = 30, 30, 17
_ZOMBIE_ICONS = 8           # icons drawn per location; more are written as "+n"
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_HIGHLIGHT = "#7B2D8E"
_PURPOSES = {"truck": "who searches the truck", "chief": "the Chief election",
             "sacrifice": "who is eaten", "meal": "who is eaten at the Parking Lot"}


def render_svg(state: State, *, viewer: str | None = None, omniscient: bool = False,
               highlight: Iterable[int] = (), odds: Mapping[int, Any] | None = None,
               outcomes: Mapping[int, str] | None = None, width: int = _W) -> str:
    """``state`` as an SVG document (a string), as ``viewer`` may see it.

    ``viewer`` is a seat colour (that player's secrets are shown) or ``None`` (public
    information only); ``omniscient=True`` shows every secret: hands, destinations, the
    hidden roll and truck cards. ``highlight`` outlines locations with a thick dashed
    line; ``odds`` maps locations to a probability (a ``Fraction``, a sympy ``Rational``
    or a float) printed as "P(break-in) = 19/144" in that location's box; ``outcomes``
    maps locations whose fate is already decided to a short text printed there instead
    ("Now: breaks in"). ``width`` is the picture's width in pixels; the height follows
    from the content.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(characters={6: ["red pinup"], 4: ["blue gunman"]}, zombies={6: 2})
    >>> svg = render_svg(s, viewer="red", highlight=[6])
    >>> svg.count('class="character'), 'data-location="6" data-count="2"' in svg
    (2, True)
    """
    sound_state(state, facts=False)  # a hand-made what-if may be drawn too
    seats = state.setup.colours
    if viewer is not None and (not isinstance(viewer, str) or viewer not in seats):
        raise ArgumentError("viewer", viewer, f"unknown viewer; players are {seats}")
    marked = _locations("highlight", highlight)
    if odds is not None and not isinstance(odds, Mapping):
        raise ArgumentTypeError("odds", odds, "expected a mapping location → probability")
    odds = dict(odds or {})
    _locations("odds", odds)
    if outcomes is not None and not isinstance(outcomes, Mapping):
        raise ArgumentTypeError("outcomes", outcomes, "expected a mapping location → text")
    outcomes = dict(outcomes or {})
    _locations("outcomes", outcomes)
    for loc, text in outcomes.items():
        if not isinstance(text, str):
            raise ArgumentTypeError(f"outcomes[{loc}]", text, "expected a short text")
    for loc, p in odds.items():
        if isinstance(p, (bool, str, bytes)) or not isinstance(p, Real | Rational) and \
                not hasattr(p, "is_Rational"):
            raise ArgumentTypeError(f"odds[{loc}]", p, "expected a probability")
    if isinstance(width, bool) or not isinstance(width, int) or not 0 < width <= 10_000:
        raise ArgumentError("width", width, "width must be a positive integer (at most "
                                            "10000 pixels)")
    if omniscient:
        view = None
    else:  # what the picture may show of secrets comes from the viewer's own view
        view = observe(state, viewer) if viewer is not None else public_view(state)
    return _Picture(state, view, viewer, marked, odds, outcomes).draw(width)


# -- colours --------------------------------------------------------------------------------


def _locations(argument: str, values: Any) -> frozenset[int]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ArgumentTypeError(argument, values, "expected locations 1–6")
    found = []
    for loc in values:
        if isinstance(loc, bool) or not isinstance(loc, int) or loc not in LOCATIONS:
            raise ArgumentError(argument, loc, f"unknown location {show_value(loc)}: "
                                               "locations are 1–6")
        found.append(loc)
    return frozenset(found)


# -- SVG helpers ----------------------------------------------------------------------------


# The shared helpers, under the short names this module's drawing code uses.
_esc, _n, _fit = svg.esc, svg.num, svg.fit
_text = partial(svg.text, size=12)


# -- the picture ----------------------------------------------------------------------------


class _Picture:
    """The drawing of ``state``: public facts from the state, secrets from ``view``.

    ``view`` is the viewer's (or the public) view; ``None`` shows every secret.
    """

    def __init__(self, state: State, view: View | None, viewer: str | None,
                 highlight: frozenset[int], odds: dict[int, Any],
                 outcomes: dict[int, str]) -> None:
        self.s = state
        self.viewer = viewer
        self.all = view is None
        self.highlight = highlight
        self.odds = odds
        self.outcomes = outcomes
        self.cfg = state.config
        self.seats = state.setup.colours
        self.out: list[str] = []
        # The secrets the picture may show, read from the view and nowhere else.
        if view is None:
            self.hands = dict(zip(self.seats, state.hands, strict=True))
            self.roll: tuple[int, ...] = state.roll
            self.known = dict(state.destinations)
            self.drawn = state.pending.drawn
        else:
            self.hands = {view.player: view.hand} if view.player is not None else {}
            self.roll = view.roll or ()
            self.known = dict(view.known_destinations)
            self.drawn = view.drawn

    # -- layout -----------------------------------------------------------------------
    def draw(self, width: int) -> str:
        s = self.s
        y: float = self.header()
        for row in ((1, 2), (3, 4), (5, 6)):
            y = self.board_row(row, y) + _GAP
        y = self.seat_strip(y + 4)
        height = self.key(y + 4) + _MARGIN
        title = f"Mall of Horror, round {s.round}: {self.phase_name()}"
        return svg.document("".join(self.out), width=width, view_w=_W, view_h=height,
                            label=self.summary(), title=title, font=_FONT)

    def phase_name(self) -> str:
        return PHASE_NAMES.get(self.s.phase, self.s.phase)

    def header(self) -> int:
        s, out = self.s, self.out
        title = "Setup" if s.phase == "setup" else f"Round {s.round} · {self.phase_name()}"
        if s.phase == "over":
            title = f"End of Game after round {s.round}"
        out.append(_text(_MARGIN, 32, title, size=20, bold=True, cls="phase"))
        if self.all:
            who = "All secrets shown"
        elif self.viewer:
            who = f"As {self.viewer} sees it"
        else:
            who = "Public view"
        out.append(_text(_W - _MARGIN, 30, who, size=12, anchor="end", fill="#555555",
                         cls="view"))
        out.append(_text(_MARGIN, 54, self.next_line(), size=13, cls="next"))
        out.append(_text(_W - _MARGIN, 54, f"Deck: {plural(s.deck_size, 'card')}", size=12,
                         anchor="end", fill="#555555", cls="deck"))
        out.append(self.secret_line(62))    # a line kept even when empty: no jumps
        return 62 + 26 + 6

    def next_line(self) -> str:
        p = self.s.pending
        if p.kind == "over":
            won = winners(self.s)
            label = "Winner" if len(won) == 1 else "Shared win"
            return f"{label}: {', '.join(won)}"
        mover = RULES.to_move(self.s)
        where = f" at {p.location} {self.cfg.name(p.location)}" if p.location else ""
        what = {
            "deal": "the action cards are dealt",
            "place_roll": "the placement dice are rolled",
            "zombies0": "the first zombies are rolled",
            "truck_draw": "the searcher draws from the truck",
            "arrival_roll": "the Chief rolls the zombie dice under the box",
            "unseen_roll": "the zombie dice no one has seen are uncovered",
            "tiebreak": "a random draw breaks the tie",
            "place": f"{mover} places a character (dice {' and '.join(map(str, p.dice))})",
            "truck_split": f"{mover} shares out the truck cards",
            "ballot": f"{mover} votes on {_PURPOSES.get(p.purpose, p.purpose)}{where}",
            "camera": f"{mover} may play a card to look at the roll",
            "destination": f"{mover} chooses a destination",
            "zombie_drop": f"{mover}, eliminated, places a zombie",
            "move": f"{mover} moves a character",
            "window": f"{mover} may play cards before the vote{where}",
            "pick_victim": f"{mover} picks who is eaten{where}",
        }.get(p.kind, f"{mover}: {p.kind}")
        return f"Next: {what}"

    def secret_line(self, y: float) -> str:
        """The hidden roll or the truck cards, when there are any (shown if allowed)."""
        s, p = self.s, self.s.pending
        if s.roll:
            seen = ", ".join(s.lookers) if s.lookers else "no one"
            if not self.roll:
                return _text(_MARGIN, y + 17, f"Arrival roll: hidden under the box "
                             f"(seen by {seen})", size=13, cls="roll-hidden")
            parts = [_text(_MARGIN, y + 17, "Arrival roll:", size=13, bold=True)]
            x = _MARGIN + 96
            parts.append('<g class="roll">')
            for face in self.roll:
                parts.append(f'<rect x="{x}" y="{_n(y + 2)}" width="20" height="20" rx="4" '
                             'fill="#FFFFFF" stroke="#222222" stroke-width="1.5"/>')
                parts.append(_text(x + 10, y + 17, str(face), size=13, bold=True,
                                   anchor="middle", cls="die"))
                x += 26
            parts.append("</g>")
            parts.append(_text(x + 6, y + 17, f"secret (seen by {seen})", size=12,
                               fill="#555555"))
            return "".join(parts)
        if p.drawn:
            if self.drawn:
                names = ", ".join(CARD_LABELS[c] for c in self.drawn)
                return _text(_MARGIN, y + 17, f"Truck cards drawn by {p.chosen}: {names}",
                             size=13, cls="truck")
            return _text(_MARGIN, y + 17, f"{p.chosen} holds {plural(len(p.drawn), 'card')} drawn "
                         "from the truck", size=13, cls="truck-hidden")
        return ""

    def box_rows(self, row: tuple[int, ...]) -> int:
        counts = [len(self.s.at(loc)) + bool(self.s.hardware[loc - 1]) for loc in row]
        caps = [self.cfg.capacity(loc) or 0 for loc in row]
        need = max(math.ceil(n / _PER_ROW) for n in (*counts, *caps))
        return max(1, need)

    def board_row(self, row: tuple[int, ...], y: float) -> float:
        rows = self.box_rows(row)
        lines = 1 + bool(self.odds or self.outcomes)
        h = _HEAD_H + 6 + rows * _TOKEN_STEP + lines * _LINE_H + 6 + _BAND_H
        for i, loc in enumerate(row):
            self.location(loc, _MARGIN + i * (_BOX_W + _GAP), y, h, rows)
        return y + h

    def location(self, loc: int, x: float, y: float, h: float, rows: int) -> None:
        s, cfg, out = self.s, self.cfg, self.out
        w = _BOX_W
        closed = loc in s.setup.closed
        sealed = loc in s.sealed
        here = sorted(s.at(loc), key=lambda ck: (self.seats.index(ck[0]), KINDS.index(ck[1])))
        name = cfg.name(loc)
        out.append(f'<g class="location" data-location="{loc}">'
                   f"<title>{_esc(f'{loc} {name}')}</title>")
        fill = "#FAFAF7" if not (closed or sealed) else ("#EDEDED" if closed else "#7A7A7A")
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{_n(h)}" rx="8" '
                   f'fill="{fill}"/>')
        if closed or sealed:
            out.append(_hatch(x, y + _HEAD_H, w, h - _HEAD_H - _BAND_H, 12,
                              "#C4C4C4" if closed else "#5E5E5E"))
        self.location_head(loc, x, y, len(here))
        self.location_tokens(loc, x, y, here)
        self.location_lines(loc, x, y + _HEAD_H + 6 + rows * _TOKEN_STEP + 12, here,
                            closed, sealed)
        # zombies, in a band in front of the location
        self.zombies(loc, x, y + h - _BAND_H, w)
        if closed or sealed:
            self.location_marker(x, y + _HEAD_H + 6 + rows * _TOKEN_STEP / 2, closed)
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{_n(h)}" rx="8" '
                   'fill="none" stroke="#444444" stroke-width="1.5"/>')
        if loc in self.highlight:
            out.append(f'<rect class="highlight" x="{_n(x - 4)}" y="{_n(y - 4)}" '
                       f'width="{w + 8}" height="{_n(h + 8)}" rx="11" fill="none" '
                       f'stroke="{_HIGHLIGHT}" stroke-width="4" stroke-dasharray="10 6"/>')
        out.append("</g>")

    def location_head(self, loc: int, x: float, y: float, standing: int) -> None:
        """The header of a location box: number badge, name, capacity pins."""
        out, cfg, w = self.out, self.cfg, _BOX_W
        name = cfg.name(loc)
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{_HEAD_H}" rx="8" '
                   'fill="#E6E9EF"/>')
        out.append(f'<rect x="{_n(x)}" y="{_n(y + _HEAD_H - 8)}" width="{w}" height="8" '
                   'fill="#E6E9EF"/>')
        out.append(f'<circle cx="{_n(x + 17)}" cy="{_n(y + 15)}" r="11" fill="#333333"/>')
        out.append(_text(x + 17, y + 20, str(loc), size=13, bold=True, anchor="middle",
                         fill="#FFFFFF", cls="number"))
        cap = cfg.capacity(loc)
        pins_w = self.pins(x + w - 10, y + 15, cap, standing)
        out.append(_text(x + 34, y + 20, _fit(name, w - 34 - 14 - pins_w, 13, True),
                         size=13, bold=True, cls="name"))

    def location_tokens(self, loc: int, x: float, y: float,
                        here: list[tuple[str, str]]) -> None:
        """The characters standing at ``loc``, then its Hardware token."""
        s = self.s
        for i, (colour, kind) in enumerate(here):
            tx = x + 10 + (i % _PER_ROW) * _TOKEN_STEP
            ty = y + _HEAD_H + 6 + (i // _PER_ROW) * _TOKEN_STEP
            self.token(tx, ty, colour, kind, (colour, kind) in s.hidden)
        hardware = s.hardware[loc - 1]
        if hardware:
            i = len(here)
            self.hardware(x + 10 + (i % _PER_ROW) * _TOKEN_STEP,
                          y + _HEAD_H + 6 + (i // _PER_ROW) * _TOKEN_STEP, hardware)

    def location_lines(self, loc: int, x: float, ly: float, here: list[tuple[str, str]],
                       closed: bool, sealed: bool) -> None:
        """The information lines under the characters, from baseline ``ly``."""
        out, w = self.out, _BOX_W
        info = self.info(loc, here, closed, sealed)
        if info:
            out.append(_text(x + 10, ly, info, size=12, fill="#333333", cls="info"))
        if loc in self.odds:
            out.append(_text(x + 10, ly + _LINE_H,
                             f"P(break-in) = {_rational(self.odds[loc])}", size=12.5,
                             bold=True, cls="odds"))
        elif loc in self.outcomes:
            out.append(_text(x + 10, ly + _LINE_H, _fit(self.outcomes[loc], w - 20, 12.5, True),
                             size=12.5, bold=True, cls="outcome"))

    def location_marker(self, x: float, cy: float, closed: bool) -> None:
        """The closed (3–4 players) or sealed (overrun) marker, centred at ``cy``."""
        out, w = self.out, _BOX_W
        word, why = ("closed", "3–4 players") if closed else ("sealed", "overrun")
        bg, fg = ("#FFFFFF", "#333333") if closed else ("#222222", "#FFFFFF")
        out.append(f'<g class="marker-{word}">'
                   f'<rect x="{_n(x + w / 2 - 56)}" y="{_n(cy - 24)}" width="112" '
                   f'height="48" rx="6" fill="{bg}" stroke="#333333" stroke-width="1.5"/>'
                   + _text(x + w / 2, cy + 1, word, size=17, bold=True, anchor="middle",
                           fill=fg)
                   + _text(x + w / 2, cy + 17, why, size=11, anchor="middle", fill=fg)
                   + "</g>")

    def pins(self, right: float, cy: float, cap: int | None, filled: int) -> float:
        """Capacity pins, right-aligned at ``right``; returns the width used."""
        if cap is None:
            self.out.append(_text(right, cy + 7, "∞", size=20, bold=True, anchor="end",
                                  cls="capacity"))
            return 18
        if cap > 8:
            self.out.append(_text(right, cy + 5, f"{filled}/{cap}", size=12, anchor="end",
                                  cls="capacity"))
            return 34
        parts = [f'<g class="capacity" data-capacity="{cap}" data-filled="{filled}">']
        for i in range(cap):
            cx = right - 4.5 - (cap - 1 - i) * 12
            fill = "#333333" if i < filled else "#FFFFFF"
            parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="4.5" fill="{fill}" '
                         'stroke="#333333" stroke-width="1.2"/>')
        parts.append("</g>")
        self.out.append("".join(parts))
        return cap * 12

    def info(self, loc: int, here: list[tuple[str, str]], closed: bool, sealed: bool) -> str:
        if closed or sealed:
            return ""
        if loc == PARKING:
            return "no defence: each zombie eats one" if here else "empty"
        if not here:
            return "empty"
        hardware = self.s.hardware[loc - 1]
        total = defence(self.s, loc)
        parts = [f"defence {total}"]
        if hardware:
            parts.append(f"Hardware +{hardware}")
        limit = break_in_threshold(self.s, loc)
        if limit < total:  # the Supermarket falls to 4 whatever its defence
            parts.append(f"breaks in at {limit}")
            if hardware:    # too long for one line: the Hardware mark still shows it
                del parts[1]
        return " · ".join(parts)

    def token(self, x: float, y: float, colour: str, kind: str, hidden: bool) -> None:
        fill = PALETTE[colour]
        fg = ink(fill)
        label = f"{colour} {KIND_NAMES[kind]}" + (" (hidden)" if hidden else "")
        cls = "character hidden" if hidden else "character"
        out = [f'<g class="{cls}" data-colour="{colour}" data-kind="{kind}">'
               f"<title>{_esc(label)}</title>"]
        out.append('<g opacity="0.4">' if hidden else "<g>")
        dash = ' stroke-dasharray="3 2"' if hidden else ""
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_TOKEN_W}" height="{_TOKEN_H}" '
                   f'rx="7" fill="{fill}" stroke="#222222" stroke-width="1.5"{dash}/>')
        out.append(_text(x + _TOKEN_W / 2, y + 16, KIND_LETTERS[kind], size=16, bold=True,
                         anchor="middle", fill=fg))
        out.append(_text(x + _TOKEN_W / 2, y + 31, COLOUR_CODES[colour], size=11,
                         bold=True, anchor="middle", fill=fg))
        out.append("</g>")
        if hidden:
            out.append(f'<circle cx="{_n(x + _TOKEN_W - 1)}" cy="{_n(y + 3)}" r="8" '
                       'fill="#FFFFFF" stroke="#222222" stroke-width="1.5"/>')
            out.append(_text(x + _TOKEN_W - 1, y + 7, "H", size=11, bold=True,
                             anchor="middle", cls="hidden-mark"))
        out.append("</g>")
        self.out.append("".join(out))

    def hardware(self, x: float, y: float, n: int) -> None:
        """The Hardware cards played at a location this round, as one card-shaped mark."""
        self.out.append(f'<g class="hardware" data-count="{n}"><title>Hardware +{n}</title>'
                        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_TOKEN_W}" height="{_TOKEN_H}" '
                        'rx="3" fill="#FFFFFF" stroke="#555555" stroke-width="1.5"/>'
                        + _text(x + _TOKEN_W / 2, y + 14, "HW", size=11, bold=True,
                                anchor="middle", fill="#333333")
                        + _text(x + _TOKEN_W / 2, y + 28, f"+{n}", size=12, bold=True,
                                anchor="middle", fill="#333333") + "</g>")

    def zombies(self, loc: int, x: float, y: float, w: float) -> None:
        n = self.s.zombies[loc - 1]
        r = 8
        parts = [f'<g class="zombies" data-location="{loc}" data-count="{n}">',
                 f'<path d="M{_n(x)} {_n(y)}H{_n(x + w)}V{_n(y + _BAND_H - r)}'
                 f"A{r} {r} 0 0 1 {_n(x + w - r)} {_n(y + _BAND_H)}H{_n(x + r)}"
                 f'A{r} {r} 0 0 1 {_n(x)} {_n(y + _BAND_H - r)}Z" fill="#DCE3D3"/>']
        for i in range(min(n, _ZOMBIE_ICONS)):
            cx = x + 14 + i * 12
            parts.append(f'<circle cx="{_n(cx)}" cy="{_n(y + 9)}" r="3.6" fill="#3F4F2F"/>'
                         f'<rect x="{_n(cx - 4)}" y="{_n(y + 13.5)}" width="8" height="11" '
                         'rx="2.5" fill="#3F4F2F"/>')
        if n > _ZOMBIE_ICONS:
            parts.append(_text(x + 14 + _ZOMBIE_ICONS * 12 - 4, y + 20, f"+{n - _ZOMBIE_ICONS}",
                               size=11, fill="#3F4F2F"))
        parts.append(_text(x + w - 10, y + 20, plural(n, "zombie"), size=12.5, bold=True,
                           anchor="end", fill="#2B3520", cls="zombie-count"))
        parts.append("</g>")
        self.out.append("".join(parts))

    def seat_strip(self, y: float) -> float:
        """One row per seat, clockwise from the first player; returns the bottom."""
        self.out.append(_text(_MARGIN, y + 12, "Seats, clockwise from the first player",
                              size=12, bold=True, fill="#555555"))
        y += 20
        elim = dict(self.s.eliminated)
        points = scores(self.s)
        for seat, colour in enumerate(self.seats):
            y += self.seat(seat, colour, y, elim, points[colour]) + 4
        return y

    def seat(self, seat: int, colour: str, y: float, elim: dict[str, int], pts: int) -> float:
        """The row of one seat at ``y``; returns its height."""
        s, out, dests = self.s, self.out, self.known
        hand = self.hands.get(colour, ())
        lines = (_wrap([CARD_LABELS[c] for c in hand], _W - 2 * _MARGIN - 90, 12)
                 if hand else [])
        # the second line: where the seat goes, or that it was eliminated; what it lost
        going = ""
        if colour in elim:
            going = f"eliminated in round {elim[colour]}"
        elif colour in dests:
            going = f"→ {dests[colour]} {self.cfg.name(dests[colour])}"
        lost = [KIND_LETTERS[k] for c, k in s.eaten if c == colour]
        second = bool(going or lost)
        h = 30 + 16 * (len(lines) + second)
        you = colour == self.viewer
        stroke = ' stroke="#222222" stroke-width="1.5"' if you else ""
        out.append(f'<g class="seat" data-colour="{colour}">'
                   f'<rect x="{_MARGIN}" y="{_n(y)}" width="{_W - 2 * _MARGIN}" '
                   f'height="{h}" rx="6" fill="#F3F4F6"{stroke}/>')
        fill = PALETTE[colour]
        out.append(f'<rect x="{_MARGIN + 4}" y="{_n(y + 4)}" width="28" height="22" '
                   f'rx="5" fill="{fill}" stroke="#222222"/>')
        out.append(_text(_MARGIN + 18, y + 19, COLOUR_CODES[colour], size=11,
                         bold=True, anchor="middle", fill=ink(fill)))
        name = colour.capitalize() + (" (you)" if you else "")
        out.append(_text(_MARGIN + 38, y + 20, name, size=13, bold=True, cls="colour"))
        base = y + 20
        if colour == s.chief:
            out.append('<g class="chief">' + _star(_MARGIN + 152, y + 14.5, 9))
            how = self.chief_status()
            out.append(_text(_MARGIN + 165, base, f"Chief ({how})", size=12) + "</g>")
        n = len(s.hands[seat])  # how many cards each holds is public
        right = _W - _MARGIN - 8
        out.append(_text(right, base, plural(pts, "pt"), size=12, anchor="end",
                         cls="points"))
        out.append(_text(right - 56, base, plural(n, "card"), size=12, anchor="end",
                         cls="card-count", data=f' data-count="{n}"'))
        self.seat_lines(colour, base, going, lost, lines, elim)
        out.append("</g>")
        return h

    def seat_lines(self, colour: str, base: float, going: str, lost: list[str],
                   lines: list[str], elim: dict[str, int]) -> None:
        """The lines under a seat's name: its destination or elimination, what it lost,
        then its hand."""
        out, dests, right = self.out, self.known, _W - _MARGIN - 8
        second = bool(going or lost)
        line = base + 16
        if colour in elim:
            out.append(_text(_MARGIN + 38, line, going, size=12, bold=True,
                             fill="#A0321E", cls="eliminated"))
        elif colour in dests:
            out.append(_text(_MARGIN + 38, line, _fit(going, 300, 12), size=12,
                             cls="destination", data=f' data-location="{dests[colour]}"'))
        if lost:
            out.append(_text(right, line, "eaten: " + " ".join(lost),
                             size=12, anchor="end", fill="#555555", cls="eaten"))
        for i, hand_line in enumerate(lines):
            prefix = "Hand: " if i == 0 else ""
            out.append(_text(_MARGIN + 38, base + 16 * (i + 1 + second),
                             prefix + hand_line, size=12, fill="#333333", cls="hand"))

    def key(self, y: float) -> float:
        """A key to the picture's marks, for the colours of this match; returns the bottom."""
        colours = " · ".join(code if code == colour else f"{code} {colour}"
                             for colour, code in ((c, COLOUR_CODES[c]) for c in self.seats))
        kinds = " · ".join(f"{KIND_LETTERS[k]} {KIND_NAMES[k]}" for k in KINDS)
        lines = [f"Key: big letter, the character: {kinds}.",
                 f"Small word under it, the colour: {colours}.",
                 "H: a hidden character · HW +n: Hardware played here · dashed outline: "
                 "touched by the last step."]
        parts = ['<g class="key">']
        rows = [part for line in lines for part in _wrap(line.split(" · "), _W - 2 * _MARGIN,
                                                         11.5, sep=" ·")]
        for i, line in enumerate(rows):
            parts.append(_text(_MARGIN, y + 13 + 15 * i, line, size=11.5, fill="#444444"))
        parts.append("</g>")
        self.out.append("".join(parts))
        return y + 15 * len(rows) + 2

    def chief_status(self) -> str:
        if self.s.chief_elected:
            return "elected"
        return "first player" if self.s.phase == "setup" else "carried over"

    def summary(self) -> str:
        """A one-paragraph text for screen readers (public information only)."""
        s = self.s
        where = []
        for loc in LOCATIONS:
            name = f"{loc} {self.cfg.name(loc)}"
            if loc in s.setup.closed:
                where.append(f"{name} closed")
            elif loc in s.sealed:
                where.append(f"{name} sealed")
            else:
                n, z = len(s.at(loc)), s.zombies[loc - 1]
                where.append(f"{name}: {plural(n, 'character')}, {plural(z, 'zombie')}")
        how = self.chief_status()
        return (f"Mall of Horror board, round {s.round}, {self.phase_name()}. "
                f"{'; '.join(where)}. Chief: {s.chief} ({how}).")
