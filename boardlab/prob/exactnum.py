"""Exact numbers in and out: the one converter to ``Fraction``, sympy's Rational, and
probabilities written for people (split from :mod:`boardlab.prob.dist`, which
re-exports every name).

>>> show_prob(to_fraction(1) / 4, "percent")
'25.00 %'
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.prob.checks import show_number
from boardlab.prob.deprecation import warn_deprecated

if TYPE_CHECKING:
    from sympy import Rational

__all__ = ["ProbFormat", "escape_html", "fraction_latex", "latex_escape", "show_prob",
           "sympy_rational", "to_fraction", "to_rational"]

#: How a probability is written: ``"19/144"``, ``"13.19 %"`` or ``"1 in 7.6"``.
ProbFormat = Literal["fraction", "percent", "one_in"]


def to_fraction(x: Any, *, what: str = "value") -> Fraction:
    """``x`` as an exact Fraction: the one converter boardlab uses for numbers coming in.

    Ints, Fractions and sympy Rationals (or any :class:`numbers.Rational`) are
    accepted. Floats are refused because they are not exact (``0.1`` is not 1/10), and
    so are bools (True is not a count). The refusal is an
    :class:`~boardlab.core.errors.ArgumentTypeError` (a ``TypeError``) naming ``what``.

    >>> to_fraction(3), to_fraction(Fraction(1, 6))
    (Fraction(3, 1), Fraction(1, 6))
    >>> to_fraction(0.5)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: value: a float is not exact; use an int ...
    """
    if type(x) is Fraction:
        return x
    if isinstance(x, float):
        raise ArgumentTypeError(what, x, "a float is not exact; use an int or a Fraction "
                                "(e.g. Fraction(1, 6))")
    if isinstance(x, bool):
        raise ArgumentTypeError(what, x, "a bool is not a number; use 0 or 1")
    if isinstance(x, numbers.Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    raise ArgumentTypeError(what, x, "not an int or a Fraction")


def sympy_rational(x: Fraction | int) -> Rational:
    """The sympy Rational equal to ``x``, for closed forms and derivations (sympy is
    imported here, not at import time)."""
    from sympy import Rational

    return Rational(x.numerator, x.denominator)


def to_rational(x: Fraction | int) -> Rational:
    """Deprecated: results are Fractions now; for sympy work use ``sympy.Rational(x)``."""
    warn_deprecated("boardlab.prob.dist.to_rational()", "the Fraction itself (or "
                    "sympy.Rational(x) for sympy work)")
    return sympy_rational(x)


def fraction_latex(x: Fraction | int) -> str:
    r"""LaTeX for an exact number, as sympy writes it: ``\frac{19}{144}``, ``- \frac{1}{6}``.

    >>> fraction_latex(Fraction(19, 144)), fraction_latex(Fraction(-1, 6)), fraction_latex(3)
    ('\\frac{19}{144}', '- \\frac{1}{6}', '3')
    """
    q = to_fraction(x)
    if q.denominator == 1:
        return str(q.numerator)
    sign = "- " if q < 0 else ""
    return rf"{sign}\frac{{{abs(q.numerator)}}}{{{q.denominator}}}"


def _fixed(x: Fraction, digits: int) -> str:
    """``x`` written with ``digits`` decimals, rounded half up, computed exactly."""
    scaled = (x * 10**digits + Fraction(1, 2)).__floor__()
    whole, part = divmod(scaled, 10**digits)
    return f"{whole}.{part:0{digits}d}" if digits else str(whole)


def show_prob(p: Fraction | int, fmt: ProbFormat = "fraction") -> str:
    """A probability written for people.

    ``"percent"`` keeps two decimals, or two significant digits of what separates the
    probability from 0 % or 100 % when that is under 1 % (0.0021 %, 99.9979 %).
    ``"one_in"`` writes 1/p: exactly when it is a whole number, with one decimal below
    100, else rounded to a whole number.

    >>> p = Fraction(19, 144)
    >>> show_prob(p), show_prob(p, "percent"), show_prob(p, "one_in")
    ('19/144', '13.19 %', '1 in 7.6')
    >>> show_prob(Fraction(1, 1296), "one_in"), show_prob(Fraction(1, 46656), "percent")
    ('1 in 1,296', '0.0021 %')
    >>> show_prob(0, "one_in"), show_prob(1, "one_in")
    ('never', 'certain')
    """
    q = to_fraction(p, what="probability")
    if not 0 <= q <= 1:
        raise QuestionError(f"show_prob: probability {show_number(q)} is outside [0, 1]")
    if fmt == "fraction":
        return str(q)
    if fmt == "percent":
        pct = q * 100
        small = min(pct, 100 - pct)
        digits = 2
        if 0 < small < 1:  # two significant digits for what separates it from 0 or 100 %
            digits = 1
            while small * 10**digits < 1:
                digits += 1
            digits = max(2, digits + 1)
        return f"{_fixed(pct, digits)} %"
    if fmt == "one_in":
        if q == 0:
            return "never"
        if q == 1:
            return "certain"
        n = 1 / q
        if n.denominator == 1:
            return f"1 in {n.numerator:,}"
        if n < 100:
            return f"1 in {_fixed(n, 1)}"
        return f"1 in {round(n):,}"
    raise QuestionError(f"unknown format {show_value(fmt)}: use 'fraction', 'percent' or "
                        "'one_in'")



def _predicate(event: Any) -> Callable[[Any], bool]:
    if callable(event):
        holds: Callable[[Any], bool] = event
        return holds
    return lambda outcome: bool(outcome == event)


def _is_number(x: object) -> bool:
    return isinstance(x, numbers.Rational)


def _check_format(fmt: Any, function: str) -> None:
    if not isinstance(fmt, str) or fmt not in ("fraction", "percent", "one_in"):
        raise QuestionError(f"{function}: unknown format {show_value(fmt)}: use 'fraction', "
                            "'percent' or 'one_in'")


def _event_name(event: Any) -> str:
    if not callable(event):
        return f"X = {event!r}"
    name = getattr(event, "__name__", "")
    return name if name and name != "<lambda>" else "event"


_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape_html(text: str) -> str:
    """``text`` safe inside HTML, as :func:`html.escape` writes it (without importing
    :mod:`html`, whose entity table costs milliseconds at import).

    >>> escape_html('<b>"A & B"</b>')
    '&lt;b&gt;&quot;A &amp; B&quot;&lt;/b&gt;'
    """
    return text.translate(_HTML)


def latex_escape(text: str) -> str:
    r"""``text`` made safe inside LaTeX's ``\text{...}``.

    >>> latex_escape("50% & more_")
    '50\\% \\& more\\_'
    """
    out = []
    special = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
    for ch in text:
        if ch in special:
            out.append(special[ch])
        elif ch in "&%$#_{}":
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)
