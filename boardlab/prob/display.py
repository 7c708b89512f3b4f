"""Fractions shown as fractions in a notebook: ``19/144``, not ``Fraction(19, 144)``.

boardlab's answers are plain :class:`fractions.Fraction` objects, whose ``repr`` is
``Fraction(19, 144)``. In an IPython kernel (Jupyter, IPython) importing
:mod:`boardlab.prob` registers a display formatter for ``Fraction``: a cell that ends
in a Fraction shows it as ``19/144`` (text) and as a typeset fraction (LaTeX), and
Fractions inside lists and dicts print as ``19/144`` too.

What it touches, so that nothing is a surprise:

* only IPython's *display* of a Fraction in that kernel: ``repr()``, ``str()``,
  ``print``, doctests and scripts are unchanged (``repr(x)`` is still
  ``Fraction(19, 144)``);
* only kernels that import boardlab: nothing is registered for anyone else, and IPython
  itself is never imported by boardlab;
* ``pretty_fractions(False)`` puts back whatever was registered before.

>>> pretty_fractions()   # outside IPython: nothing to do, and it says so
False
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from boardlab.prob.dist import fraction_latex

# The printers replaced by ours, to put back on pretty_fractions(False); None = not ours.
_saved: dict[str, Any] | None = None
_MISSING = object()


def _plain(value: Fraction, printer: Any, cycle: bool) -> None:
    printer.text(str(value))


def _latex(value: Fraction) -> str:
    return rf"$\displaystyle {fraction_latex(value)}$"


def _shell() -> Any:
    """The running IPython shell, without importing IPython when it is not loaded."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return None
    get = getattr(ipython, "get_ipython", None)
    return get() if get is not None else None


def pretty_fractions(enable: bool = True) -> bool:
    """Show Fractions as ``19/144`` (text) and typeset (LaTeX) in this IPython kernel.

    Called on ``import boardlab.prob``; call ``pretty_fractions(False)`` to restore
    IPython's default (or whatever printers were there before). Returns whether the
    boardlab formatter is now active (False outside IPython).
    """
    global _saved
    if not isinstance(enable, bool):
        from boardlab.core.errors import ArgumentTypeError

        raise ArgumentTypeError("pretty_fractions: enable", enable, "must be True or False")
    shell = _shell()
    if shell is None:
        return False
    formatters = shell.display_formatter.formatters
    if enable:
        if _saved is None:
            saved: dict[str, Any] = {}
            for mime, printer in (("text/plain", _plain), ("text/latex", _latex)):
                # Only a printer registered for Fraction itself is ours to put back.
                saved[mime] = formatters[mime].type_printers.get(Fraction, _MISSING)
                formatters[mime].for_type(Fraction, printer)
            _saved = saved
        return True
    if _saved is not None:
        for mime, old in _saved.items():
            formatters[mime].pop(Fraction, None)
            if old is not _MISSING:
                formatters[mime].for_type(Fraction, old)
        _saved = None
    return False


def fraction_display_active() -> bool:
    """Whether :func:`pretty_fractions` is in force in this kernel."""
    return _saved is not None
