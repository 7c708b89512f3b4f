"""boardlab.prob: exact probability, integer weights inside, Fractions and sympy at the edge.

Every answer is a :class:`fractions.Fraction` (see :mod:`boardlab.prob.dist` for the one
spelling per question, and :mod:`boardlab.prob.derivation` for ``explain=True``); inside,
a distribution is integer weights over one denominator (:mod:`boardlab.prob.weights`),
so sums of dice and keep-highest questions are integer arithmetic.
Importing it loads neither sympy nor matplotlib; they load when a method needs them. In
an IPython kernel it registers a display formatter so that Fractions show as ``19/144``
(see :mod:`boardlab.prob.display`; ``pretty_fractions(False)`` turns it off).

Bad input is refused at the edge with a boardlab error naming the argument, and every
exact question is measured against the declared :data:`LIMITS` before work starts
(:mod:`boardlab.prob.limits`): a question is answered exactly or refused, never
approximated.

>>> from boardlab.prob import count_face
>>> (count_face(4, 6) >= 2).P()
Fraction(19, 144)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from boardlab.prob.display import pretty_fractions
from boardlab.prob.dist import Dist, show_prob, to_fraction
from boardlab.prob.limits import LIMITS, Limits

if TYPE_CHECKING:
    from boardlab.prob.derivation import Derivation
    from boardlab.prob.dice import (
        IconDie,
        IconRoll,
        Icons,
        at_least_icons,
        challenge,
        count_face,
        die,
        face_counts,
        icon_count,
        icon_pool,
        keep_highest,
        keep_lowest,
    )
    from boardlab.prob.exact import WalkStats, enumerate_game
    from boardlab.prob.markov import AbsorbingChain, LabelledMatrix
    from boardlab.prob.symbolic import (
        at_least_k_of_n,
        binomial_tail_value,
        exactly_k_of_n,
        multinomial_probability,
    )
    from boardlab.prob.urn import (
        arrangements,
        count_arrangements,
        draw,
        draw_one,
        draw_ordered,
        hypergeometric,
        hypergeometric_tail,
    )

# The other names load with their module on first use: a game's odds module imports
# this package on every board, and most of it is not needed there.
_LAZY = {
    "Derivation": "derivation",
    **dict.fromkeys(("IconDie", "IconRoll", "Icons", "at_least_icons", "challenge",
                     "count_face", "die", "face_counts", "icon_count", "icon_pool",
                     "keep_highest", "keep_lowest"), "dice"),
    **dict.fromkeys(("WalkStats", "enumerate_game"), "exact"),
    **dict.fromkeys(("AbsorbingChain", "LabelledMatrix"), "markov"),
    **dict.fromkeys(("at_least_k_of_n", "binomial_tail_value", "exactly_k_of_n",
                     "multinomial_probability"), "symbolic"),
    **dict.fromkeys(("arrangements", "count_arrangements", "draw", "draw_one", "draw_ordered",
                     "hypergeometric", "hypergeometric_tail"), "urn"),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'boardlab.prob' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"boardlab.prob.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "LIMITS",
    "AbsorbingChain",
    "Derivation",
    "Dist",
    "IconDie",
    "IconRoll",
    "Icons",
    "LabelledMatrix",
    "Limits",
    "WalkStats",
    "arrangements",
    "at_least_icons",
    "at_least_k_of_n",
    "binomial_tail_value",
    "challenge",
    "count_arrangements",
    "count_face",
    "die",
    "draw",
    "draw_one",
    "draw_ordered",
    "enumerate_game",
    "exactly_k_of_n",
    "face_counts",
    "hypergeometric",
    "hypergeometric_tail",
    "icon_count",
    "icon_pool",
    "keep_highest",
    "keep_lowest",
    "multinomial_probability",
    "pretty_fractions",
    "show_prob",
    "to_fraction",
]

pretty_fractions()  # a no-op outside IPython; see boardlab.prob.display
