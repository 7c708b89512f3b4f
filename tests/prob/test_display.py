"""Fractions displayed as fractions in IPython, and nowhere else touched."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest
from IPython.core.formatters import DisplayFormatter

from boardlab.prob import display


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    fake = SimpleNamespace(display_formatter=DisplayFormatter())
    monkeypatch.setattr(display, "_shell", lambda: fake)
    monkeypatch.setattr(display, "_saved", None)
    return fake


def _show(shell: SimpleNamespace, obj: object) -> dict[str, str]:
    data, _ = shell.display_formatter.format(obj)
    return data


def test_fractions_show_as_fractions_and_switch_off_cleanly(shell: SimpleNamespace) -> None:
    before = _show(shell, Fraction(19, 144))
    assert before == {"text/plain": "Fraction(19, 144)"}
    assert display.pretty_fractions() is True and display.fraction_display_active()
    assert display.pretty_fractions() is True   # idempotent
    shown = _show(shell, Fraction(19, 144))
    assert shown == {"text/plain": "19/144", "text/latex": r"$\displaystyle \frac{19}{144}$"}
    assert _show(shell, {3: Fraction(671, 1296), 6: Fraction(19, 144)})["text/plain"] == \
        "{3: 671/1296, 6: 19/144}"
    assert _show(shell, Fraction(-1, 6))["text/latex"] == r"$\displaystyle - \frac{1}{6}$"
    assert _show(shell, Fraction(3))["text/plain"] == "3"
    assert repr(Fraction(19, 144)) == "Fraction(19, 144)"   # repr, str, print: untouched
    assert display.pretty_fractions(False) is False and not display.fraction_display_active()
    assert _show(shell, Fraction(19, 144)) == before


def test_a_printer_registered_before_is_put_back(shell: SimpleNamespace) -> None:
    plain = shell.display_formatter.formatters["text/plain"]
    mine = lambda obj, p, cycle: p.text("mine")  # noqa: E731
    plain.for_type(Fraction, mine)
    display.pretty_fractions()
    assert _show(shell, Fraction(1, 2))["text/plain"] == "1/2"
    display.pretty_fractions(False)
    assert plain.type_printers[Fraction] is mine


def test_outside_ipython_nothing_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(display, "_shell", lambda: None)
    assert display.pretty_fractions() is False and display.pretty_fractions(False) is False
