"""The statistics of an experiment: exact counts and rates, and 95 % intervals.

- A **win rate** is ``wins / matches`` as an exact :class:`~fractions.Fraction`; a shared
  win (several top players) counts as a win for each of them, and ``shared`` counts
  those. Its interval is the **Wilson score interval** at 95 % (z = 1.959964…), which
  stays inside [0, 1] and behaves at rates near 0 or 1 and for small samples, where the
  textbook ±1.96·√(p(1−p)/n) does not. Endpoints are floats.
- A **mean** (match length in plies, a game's numeric fields) is an exact Fraction.
- A **paired difference** compares two variants (or two line-ups) match by match on
  the same seeds — common random numbers: chance starts from the same seed in both, so
  much of the luck cancels and the interval is narrower than comparing two independent
  samples. For each seed d = value(other) − value(baseline); the mean of d is exact, its
  interval is mean ± 1.96·s/√n with s the sample standard deviation of d (a normal
  approximation: good for n of about 30 or more; floats).

>>> wilson(12, 40)  # doctest: +ELLIPSIS
(0.1807..., 0.4543...)
>>> paired_interval([1, 0, 0, 1, -1, 0, 1, 0])  # doctest: +ELLIPSIS
(Fraction(1, 4), -0.2399..., 0.7399...)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["Z95", "paired_interval", "wilson"]

#: The 97.5 % quantile of the standard normal: two-sided 95 % intervals.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials`` (95 % by default).

    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> wilson(0, 400)[0], wilson(400, 400)[1]
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At no successes (or all) the end is exactly 0 (or 1): centre and half are equal in
    # exact arithmetic, but their floats may differ in the last bit (0.0 < 8.7e-19).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def paired_interval(differences: Sequence[int | Fraction],
                    z: float = Z95) -> tuple[Fraction, float, float]:
    """``(mean, low, high)`` of per-seed differences: exact mean, normal 95 % interval.

    With fewer than two differences the interval is unknown (``nan``).

    >>> paired_interval([2, 2, 2])
    (Fraction(2, 1), 2.0, 2.0)
    """
    n = len(differences)
    if n == 0:
        return Fraction(0), math.nan, math.nan
    total = sum(differences, Fraction(0))
    mean = Fraction(total) / n
    if n < 2:
        return mean, math.nan, math.nan
    squares = sum((Fraction(d) * d for d in differences), Fraction(0))
    variance = (n * squares - total * total) / (n * (n - 1))  # exact: no cancellation error
    half = z * math.sqrt(variance / n)
    return mean, float(mean) - half, float(mean) + half
