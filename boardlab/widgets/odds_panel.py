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
                    title: str = "Odds", empty: str = "No odds at this point.",
                    note: str = "", known: Mapping[Hashable, str] | None = None) -> str:
    """An HTML table, one row per key: label, fraction, percentage, bar.

    ``note`` is a line under the title that says what the numbers assume. A key in
    ``known`` is a question already decided: its row shows that text (the known outcome)
    instead of a probability, since a 0 or a 1 in a column of fractions reads as broken.

    >>> odds_table_html({}, empty="Nothing to show.").count("Nothing to show.")
    1
    >>> html = odds_table_html({1: Fraction(1), 2: Fraction(1, 2)}, note="If nobody moves.",
    ...                        known={1: "breaks in"})
    >>> "bl-odds-note" in html, html.count('class="bl-odds-outcome"'), "50.0%" in html
    (True, 1, True)
    """
    known = known or {}
    head = (f'<div class="bl-odds" style="font-family:sans-serif;font-size:13px">'
            f'<div class="bl-odds-title" style="font-weight:bold">{escape(title)}</div>')
    if note:
        head += (f'<div class="bl-odds-note" style="color:#444;font-size:12px;'
                 f'margin:0.2em 0 0.4em 0;max-width:32em">{escape(note)}</div>')
    if not odds:
        return f'{head}<div class="bl-odds-empty" style="color:#666">{escape(empty)}</div></div>'
    rows = []
    for key, p in odds.items():
        label = (labels or {}).get(key, str(key))
        if key in known:
            rows.append(
                f'<tr class="bl-odds-row bl-odds-known" data-key="{escape(str(key))}">'
                f'<td style="padding-right:0.6em">{escape(label)}</td>'
                f'<td class="bl-odds-outcome" colspan="3">{escape(known[key])}</td></tr>')
            continue
        exact = as_fraction(p)
        pct = f"{float(exact) * 100:.1f}%"
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
    if all(key in known for key in odds):
        header = '<tr><th style="text-align:left">Where</th><th colspan="3" ' \
                 'style="text-align:left">Outcome</th></tr>'
    else:
        header = '<tr><th style="text-align:left">Where</th><th>P</th><th>%</th><th></th></tr>'
    return (f'{head}<table class="bl-odds-table" style="border-collapse:collapse">'
            f'{header}{"".join(rows)}</table></div>')


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
