"""An odds panel: a table of places → exact probability, as a fraction, a percentage and a bar.

Bars are one colour-blind-safe blue (Okabe–Ito ``#0072B2``) on a grey track: the value
is read from the length and the printed numbers, never from a hue.

>>> from fractions import Fraction
>>> html = odds_table_html({3: Fraction(19, 144), 6: 1}, labels={3: "Shop 3"})
>>> "19/144" in html, "13.2%" in html, "Shop 3" in html, "100.0%" in html
(True, True, True, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import ipywidgets

__all__ = ["BAR_COLOUR", "OddsPanel", "as_fraction", "odds_table_html"]

#: Okabe–Ito blue: distinct for every common colour-vision deficiency.
BAR_COLOUR = "#0072B2"
TRACK_COLOUR = "#e6e6e6"


def as_fraction(p: Any) -> Fraction:
    """An exact probability (``Fraction``, ``int`` or ``sympy.Rational``) as a Fraction.

    >>> as_fraction(Fraction(1, 3)), as_fraction(1)
    (Fraction(1, 3), Fraction(1, 1))
    """
    if isinstance(p, Fraction | int):
        return Fraction(p)
    if hasattr(p, "p") and hasattr(p, "q"):  # sympy.Rational, without importing sympy
        return Fraction(int(p.p), int(p.q))
    return Fraction(str(p))


def odds_table_html(odds: Mapping[Hashable, Any], *, labels: Mapping[Hashable, str] | None = None,
                    title: str = "Odds", empty: str = "No odds at this point.") -> str:
    """An HTML table, one row per key: label, fraction, percentage, bar.

    >>> odds_table_html({}, empty="Nothing to show.").count("Nothing to show.")
    1
    """
    head = (f'<div class="bl-odds" style="font-family:sans-serif;font-size:13px">'
            f'<div class="bl-odds-title" style="font-weight:bold">{escape(title)}</div>')
    if not odds:
        return f'{head}<div class="bl-odds-empty" style="color:#666">{escape(empty)}</div></div>'
    rows = []
    for key, p in odds.items():
        exact = as_fraction(p)
        pct = f"{float(exact) * 100:.1f}%"
        label = (labels or {}).get(key, str(key))
        rows.append(
            f'<tr class="bl-odds-row" data-key="{escape(str(key))}">'
            f'<td style="padding-right:0.6em">{escape(label)}</td>'
            f'<td class="bl-odds-fraction" style="text-align:right;padding-right:0.6em">'
            f"{exact}</td>"
            f'<td class="bl-odds-percent" style="text-align:right;padding-right:0.6em">'
            f"{pct}</td>"
            f'<td><div role="img" aria-label="{escape(label)}: {pct}" style="width:120px;'
            f'height:0.8em;background:{TRACK_COLOUR}"><div style="width:{pct};height:100%;'
            f'background:{BAR_COLOUR}"></div></div></td></tr>')
    return (f'{head}<table class="bl-odds-table" style="border-collapse:collapse">'
            f'<tr><th style="text-align:left">Where</th><th>P</th><th>%</th><th></th></tr>'
            f'{"".join(rows)}</table></div>')


class OddsPanel:
    """An ``ipywidgets.HTML`` showing :func:`odds_table_html` of the latest odds.

    >>> panel = OddsPanel(title="Break-in", labels={1: "Shop 1"})
    >>> panel.update({1: Fraction(1, 2)})
    >>> "50.0%" in panel.html
    True
    """

    def __init__(self, *, title: str = "Odds", labels: Mapping[Hashable, str] | None = None,
                 empty: str = "No odds at this point.") -> None:
        self.title = title
        self.labels = dict(labels or {})
        self.empty = empty
        self.html = odds_table_html({}, title=title, empty=empty)
        self._widget: ipywidgets.HTML | None = None

    def update(self, odds: Mapping[Hashable, Any], *, title: str | None = None) -> None:
        """Show ``odds`` (and a new ``title`` if given)."""
        self.html = odds_table_html(odds, labels=self.labels, title=title or self.title,
                                    empty=self.empty)
        if self._widget is not None:
            self._widget.value = self.html

    @property
    def widget(self) -> ipywidgets.HTML:
        """The ``ipywidgets.HTML`` (built on first use)."""
        if self._widget is None:
            import ipywidgets

            self._widget = ipywidgets.HTML(self.html)
            self._widget.add_class("bl-odds-panel")
        return self._widget

    def __repr__(self) -> str:
        return f"<OddsPanel {self.title!r}>"
