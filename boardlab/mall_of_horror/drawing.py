"""Drawing helpers of the Mall of Horror picture: colour contrast, wrapped lines, hatching,
the Chief's star, probabilities as text (kept apart from :mod:`render`, which draws).

>>> _wrap(["Threat", "Hidden card", "Weapon (1 zombie)"], room=160, size=12)
['Threat, Hidden card,', 'Weapon (1 zombie)']
"""

from __future__ import annotations

import math
from typing import Any

from boardlab import svg

__all__ = ["contrast", "ink"]

_n = svg.num


def _luminance(fill: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(fill[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#RRGGBB`` colours (1 to 21).

    >>> round(contrast("#000000", "#FFFFFF"), 1)
    21.0
    """
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``.

    >>> ink("#F0E442"), ink("#0072B2")   # the yellow and the blue of the palette
    ('#000000', '#FFFFFF')
    """
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#FFFFFF") else "#FFFFFF"


def _wrap(items: list[str], room: float, size: float, sep: str = ",") -> list[str]:
    """``items`` joined by ``sep`` (commas) into lines of about ``room`` units."""
    most = max(8, int(room // (size * 0.6)))
    last = len(items) - 1
    return svg.fill_lines([item + (sep if i < last else "") for i, item in enumerate(items)],
                          most)


def _hatch(x: float, y: float, w: float, h: float, step: float, colour: str) -> str:
    """Diagonal lines filling a rectangle, computed (no pattern ids to collide)."""
    segs = []
    c = step
    while c < w + h:
        # the line x' - x + (y' - y) = c, clipped to the rectangle
        x0, y0 = (x + c, y) if c <= w else (x + w, y + c - w)
        x1, y1 = (x, y + c) if c <= h else (x + c - h, y + h)
        segs.append(f"M{_n(x0)} {_n(y0)}L{_n(x1)} {_n(y1)}")
        c += step
    return f'<path d="{"".join(segs)}" stroke="{colour}" stroke-width="1.5" fill="none"/>'


def _star(cx: float, cy: float, r: float) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.pi / 2 + i * math.pi / 5
        pts.append(f"{_n(cx + rad * math.cos(a))},{_n(cy - rad * math.sin(a))}")
    return f'<polygon points="{" ".join(pts)}" fill="#E69F00" stroke="#222222"/>'


def _rational(p: Any) -> str:
    """``19/144`` for a Fraction or sympy Rational; three decimals for a float."""
    if isinstance(p, float):
        return f"{p:.3f}"
    return str(p)
