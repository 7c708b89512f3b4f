"""boardlab.prob: exact probability with Fractions inside and sympy at the edge.

Importing it loads neither sympy nor matplotlib; they load when a method needs them.

>>> from boardlab.prob import count_face
>>> count_face(4, 6).P(lambda k: k >= 2)
19/144
"""

from __future__ import annotations

from boardlab.prob.derivation import Derivation
from boardlab.prob.dice import IconDie, Icons, count_face, die, face_counts, icon_count, icon_pool
from boardlab.prob.dist import Dist, show_prob
from boardlab.prob.markov import AbsorbingChain, LabelledMatrix
from boardlab.prob.symbolic import (
    at_least_k_of_n,
    binomial_tail_value,
    exactly_k_of_n,
    multinomial_probability,
)

__all__ = [
    "AbsorbingChain",
    "Derivation",
    "Dist",
    "IconDie",
    "Icons",
    "LabelledMatrix",
    "at_least_k_of_n",
    "binomial_tail_value",
    "count_face",
    "die",
    "exactly_k_of_n",
    "face_counts",
    "icon_count",
    "icon_pool",
    "multinomial_probability",
    "show_prob",
]
