"""Small SVG-writing helpers every game's ``render`` module shares.

Each game draws its own board, but they all write text the same way: escaped, with
coordinates printed identically every time (so an SVG is byte-for-byte reproducible and
nbval can compare it), and cut to the room a box leaves. These lived as private copies in
each ``render.py``; a fourth game imports them from here.

>>> esc('red\\'s "Pin-Up" & <b>')
"red's &quot;Pin-Up&quot; &amp; &lt;b&gt;"
>>> num(12.0), num(3.14159), num(2.96)
('12', '3.1', '3')
>>> text(10, 20.25, "Parking Lot", size=12, bold=True)
'<text x="10" y="20.2" font-size="12" font-weight="bold" fill="#222222">Parking Lot</text>'
>>> fit("Supermarket", room=40, size=10)
'Super…'
"""

from __future__ import annotations

from collections.abc import Callable

# html.escape, unlike xml.sax.saxutils, costs no import of urllib, email and ssl
# (the import-time budget of issue 9).
from html import escape
from typing import Any

from boardlab.core.errors import a_type

__all__ = ["Labels", "document", "esc", "fill_lines", "fit", "num", "picture",
           "register_picture", "text", "width_of"]


def fill_lines(pieces: list[str], most: int) -> list[str]:
    """``pieces`` joined by spaces into lines of at most ``most`` characters, greedily
    (a piece longer than a line gets a line of its own).

    >>> fill_lines(["the", "tile", "stack", "is", "empty"], 9)
    ['the tile', 'stack is', 'empty']
    """
    lines, line = [], ""
    for piece in pieces:
        if line and len(line) + 1 + len(piece) > most:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    if line:
        lines.append(line)
    return lines


def esc(value: object) -> str:
    """``value`` as SVG text or attribute content: ``&``, ``<``, ``>`` and ``"`` escaped.

    The apostrophe stays as it is ("red's Pin-Up"): attributes are double-quoted.

    >>> esc(3)
    '3'
    """
    return escape(str(value), quote=False).replace('"', "&quot;")


def num(value: float) -> str:
    """A coordinate, rounded to a tenth and printed the same way every time.

    >>> num(7), num(7.04), num(-0.25)
    ('7', '7', '-0.2')
    """
    value = round(value, 1)
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def text(x: float, y: float, content: object, *, size: float, bold: bool = False,
         anchor: str = "start", fill: str = "#222222", cls: str = "",
         data: str = "") -> str:
    """A ``<text>`` element at (``x``, ``y``); ``data`` is extra attributes, written as given.

    Attributes come in one fixed order (class, position, size, weight, anchor, fill), and
    defaults are left out, so equal drawings are equal strings.

    >>> text(0, 0, "a<b", size=11, cls="note", data=' data-loc="3"')
    '<text class="note" x="0" y="0" font-size="11" fill="#222222" data-loc="3">a&lt;b</text>'
    """
    attrs = f'x="{num(x)}" y="{num(y)}" font-size="{num(size)}"'
    if bold:
        attrs += ' font-weight="bold"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    attrs += f' fill="{fill}"'
    if cls:
        attrs = f'class="{cls}" {attrs}'
    return f"<text {attrs}{data}>{esc(content)}</text>"


def fit(content: str, room: float, size: float, bold: bool = False) -> str:
    """``content`` cut with an ellipsis to about ``room`` units wide.

    An estimate from the font size (no font metrics in a notebook): a character is about
    0.62 of the size wide, 0.72 in bold.

    >>> fit("Restrooms", room=200, size=12)
    'Restrooms'
    """
    per = size * (0.72 if bold else 0.62)
    most = max(1, int(room // per))
    return content if len(content) <= most else content[: most - 1].rstrip() + "…"


def width_of(content: object, size: float, bold: bool = False) -> float:
    """About how wide ``content`` is at ``size`` (the estimate :func:`fit` uses).

    >>> width_of("Crossroads", 11)
    68.2
    """
    return round(len(str(content)) * size * (0.72 if bold else 0.62), 1)


class Labels:
    """Places short labels on a drawing without letting two of them overlap.

    Each label is tried at its candidate anchor points in turn and put at the first
    whose box (estimated by :func:`width_of`) meets no box placed before (shapes such
    as circles can be reserved too); when none is free, the last candidate is used and
    the label counted in :attr:`crowded`. Boxes are ``(left, top, right, bottom)``.

    >>> labels = Labels()
    >>> labels.reserve((0, 0, 20, 20))
    >>> labels.place("Stair", [(10, 15), (10, 40)], size=11)
    (10, 40)
    >>> labels.crowded
    0
    """

    def __init__(self, pad: float = 1.5) -> None:
        self.boxes: list[tuple[float, float, float, float]] = []
        self.pad = pad
        self.crowded = 0

    def reserve(self, box: tuple[float, float, float, float]) -> None:
        """Keep ``box`` free of labels."""
        self.boxes.append(box)

    def box(self, content: object, x: float, y: float, size: float, anchor: str = "middle",
            bold: bool = False) -> tuple[float, float, float, float]:
        """The box of a label whose baseline starts (or is centred, or ends) at ``x, y``."""
        w = width_of(content, size, bold)
        left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        return (left, y - size * 0.9, left + w, y + size * 0.25)

    def free(self, box: tuple[float, float, float, float]) -> bool:
        """Whether ``box`` meets none of the boxes placed or reserved."""
        p = self.pad
        return all(box[2] + p <= b[0] or b[2] + p <= box[0] or box[3] + p <= b[1]
                   or b[3] + p <= box[1] for b in self.boxes)

    def place(self, content: object, candidates: list[tuple[float, float]], *, size: float,
              anchor: str = "middle", bold: bool = False,
              within: tuple[float, float, float, float] | None = None) -> tuple[float, float]:
        """The first free candidate point for ``content`` (kept inside ``within``)."""
        for x, y in candidates:
            box = self.box(content, x, y, size, anchor, bold)
            if within is not None and not (within[0] <= box[0] and box[2] <= within[2]
                                           and within[1] <= box[1] and box[3] <= within[3]):
                continue
            if self.free(box):
                self.boxes.append(box)
                return (x, y)
        self.crowded += 1
        x, y = candidates[-1]
        self.boxes.append(self.box(content, x, y, size, anchor, bold))
        return (x, y)


def document(body: str, *, width: int, view_w: float, view_h: float, label: str,
             title: str, font: str) -> str:
    """A whole SVG image: ``width`` pixels wide (height to scale), a ``view_w`` × ``view_h``
    drawing on white, ``label`` for screen readers and ``title`` as its tooltip.

    >>> image = document("<g/>", width=450, view_w=900, view_h=301, label="a board",
    ...                  title="Round 1", font="Verdana")
    >>> image[40:86], image[-10:]
    ('width="450" height="150" viewBox="0 0 900 301"', '<g/></svg>')
    """
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{round(width * view_h / view_w)}" viewBox="0 0 {num(view_w)} '
            f'{num(view_h)}" role="img" aria-label="{esc(label)}" font-family="{font}">'
            f"<title>{esc(title)}</title>"
            f'<rect width="{num(view_w)}" height="{num(view_h)}" fill="#FFFFFF"/>'
            f"{body}</svg>")


# -- a position's own picture ---------------------------------------------------------------
#: The drawing of each kind of position, by its type: handed in by the game's front door
#: (boardlab.gamekit.FrontDoor, built in the game's api module), so that a state module
#: shows itself in a notebook without importing the game's render module, which imports
#: the state (the arrows point from the pictures to the state, never back).
_PICTURES: dict[type, Callable[[Any], str]] = {}


def register_picture(state_type: type, render: Callable[[Any], str]) -> None:
    """Draw positions of ``state_type`` with ``render`` (``render(state) -> svg``).

    >>> class Dot(tuple):
    ...     def _repr_svg_(self) -> str:
    ...         return picture(self)
    >>> register_picture(Dot, lambda s: f"<svg>{len(s)}</svg>")
    >>> Dot((1, 2))._repr_svg_()
    '<svg>2</svg>'
    """
    _PICTURES[state_type] = render


def picture(state: Any) -> str:
    """The SVG picture of ``state``, drawn by the renderer its game handed in (what a
    state's ``_repr_svg_`` returns: the board, public information only).

    >>> picture(42)
    Traceback (most recent call last):
    ...
    LookupError: no picture for an int: its game's front door registers one (register_picture)
    """
    render = _PICTURES.get(type(state))
    if render is None:
        raise LookupError(f"no picture for {a_type(state)}: its game's front door "
                          "registers one (register_picture)")
    return render(state)
