"""What a :class:`~boardlab.prob.dist.Dist` is made from, checked: weights, samples and
``(outcome, probability)`` pairs (split from :mod:`boardlab.prob.dist`, whose
constructors call these).

>>> scaled_weights({"a": 1, "b": Fraction(1, 2)})
{'a': 2, 'b': 1}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction
from math import lcm
from typing import TypeVar

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.prob.checks import hashable, show_number
from boardlab.prob.exactnum import to_fraction
from boardlab.prob.limits import LIMITS, check_limit

T = TypeVar("T", bound=Hashable)


def scaled_weights(weights: Mapping[T, int | Fraction]) -> dict[T, int]:
    """``Dist(weights)``'s weights, checked, as integers over their common denominator
    (zero weights dropped): the probabilities are these over their total.

    >>> scaled_weights({0: Fraction(1, 3), 1: 0, 2: Fraction(1, 6)})
    {0: 2, 2: 1}
    """
    if not isinstance(weights, Mapping):
        raise ArgumentTypeError("Dist(weights)", weights, "Dist() takes a mapping outcome "
                                "-> weight; for a list of outcomes use Dist.uniform(...) "
                                "or Dist.from_samples(...), for (outcome, probability) "
                                "pairs Dist.from_pairs(...)")
    check_limit("Dist", "outcomes", len(weights))
    clean: dict[T, Fraction | int] = {}
    for outcome, weight in weights.items():
        kind = type(weight)
        # ints and Fractions (nearly every weight) skip the converter and its message
        w = weight if kind is int or kind is Fraction else \
            to_fraction(weight, what=f"weight of outcome {show_value(outcome)}")
        if w < 0:
            raise QuestionError(f"weight of outcome {show_value(outcome)} is negative "
                                f"({show_number(w)}); weights must be counts or "
                                "probabilities ≥ 0")
        if w:
            clean[outcome] = w
    if not clean:
        why = "every weight is 0" if weights else "no outcomes were given"
        raise QuestionError(f"a Dist needs at least one outcome with a positive weight: "
                            f"{why}")
    # Kept as integer weights over a common denominator (their total); the
    # Fractions are made when first asked for (see boardlab.prob.weights).
    den = lcm(*(w.denominator for w in clean.values()))
    scaled = {o: w.numerator * (den // w.denominator) for o, w in clean.items()}
    return scaled


def sample_counts(samples: Iterable[T]) -> dict[T, int]:
    """How often each outcome occurs in ``samples`` (for ``Dist.from_samples``).

    >>> sample_counts("abca")
    {'a': 2, 'b': 1, 'c': 1}
    """
    if not isinstance(samples, Iterable):
        raise ArgumentTypeError("Dist.from_samples: samples", samples,
                                "give a list (or other iterable) of outcomes")
    counts: dict[T, int] = {}
    limit = LIMITS.outcomes
    for x in samples:
        try:
            seen = x in counts
        except TypeError:
            hashable(x, "a sample", "Dist.from_samples")
            raise
        if seen:
            counts[x] += 1
        else:
            if len(counts) >= limit:  # more distinct outcomes than a Dist may list
                check_limit("Dist.from_samples", "outcomes", limit + 1,
                            "distinct outcomes (at least)")
            counts[x] = 1
    if not counts:
        raise QuestionError("no samples: a Dist needs at least one outcome")
    return counts


def pair_probs(pairs: Iterable[tuple[T, int | Fraction]]) -> dict[T, Fraction]:
    """``(outcome, probability)`` pairs merged by outcome, checked to sum to exactly 1
    (for ``Dist.from_pairs``).

    >>> pair_probs([("a", Fraction(1, 2)), ("a", Fraction(1, 2))])
    {'a': Fraction(1, 1)}
    """
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
        raise ArgumentTypeError("Dist.from_pairs: pairs", pairs,
                                "give (outcome, probability) pairs")
    merged: dict[T, Fraction] = {}
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise ArgumentTypeError("Dist.from_pairs: pairs", pair,
                                    "each pair is a tuple (outcome, probability)")
        outcome, prob = pair
        hashable(outcome, "an outcome", "Dist.from_pairs")
        q = to_fraction(prob, what=f"probability of outcome {show_value(outcome)}")
        if outcome not in merged:
            check_limit("Dist.from_pairs", "outcomes", len(merged) + 1)
        merged[outcome] = merged.get(outcome, Fraction(0)) + q
    total = sum(merged.values(), Fraction(0))
    if merged and total != 1:
        raise QuestionError(f"the probabilities sum to {show_number(total)}, not 1; for "
                            "weights that need normalising use "
                            "Dist({outcome: weight, ...})")
    return merged
