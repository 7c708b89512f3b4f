"""Closed forms that teach: binomial tails, multinomials and draws without replacement
(hypergeometric, multivariate hypergeometric, multiset arrangements) as sympy expressions.

Each closed form comes with a fast exact twin on Fractions (here, in
:mod:`boardlab.prob.dice` or :mod:`boardlab.prob.urn`), and the tests check both against
brute-force enumeration of the dice or of the pile. sympy is imported inside the
functions, so importing this module stays cheap.

The symbols are plain ``Symbol("k")``, ``Symbol("n")``, ``Symbol("p")`` (no
assumptions), so ``.subs`` works with the names as strings too.

>>> from fractions import Fraction
>>> from boardlab.prob.symbolic import at_least_k_of_n, binomial_tail_value
>>> tail = at_least_k_of_n()
>>> tail
Sum(p**j*(1 - p)**(-j + n)*binomial(n, j), (j, k, n))
>>> tail.subs({"k": 2, "n": 4, "p": Fraction(1, 6)}).doit()
19/144
>>> binomial_tail_value(2, 4, Fraction(1, 6))
Fraction(19, 144)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from boardlab.prob.dist import to_fraction

if TYPE_CHECKING:
    from sympy import Expr, Sum, Symbol


def _sym(x: Any) -> Any:
    """Fractions become sympy Rationals; ints and sympy objects pass through sympify."""
    from sympy import Rational, sympify

    if isinstance(x, Fraction):
        return Rational(x.numerator, x.denominator)
    if isinstance(x, float):
        raise TypeError(f"{x!r} is a float and floats are not exact; use a Fraction")
    return sympify(x)


def binomial_symbols() -> tuple[Symbol, Symbol, Symbol]:
    """The symbols ``(k, n, p)`` used by :func:`at_least_k_of_n` when none are given."""
    from sympy import Symbol

    return Symbol("k"), Symbol("n"), Symbol("p")


def at_least_k_of_n(k: Any = None, n: Any = None, p: Any = None) -> Sum:
    """P(at least ``k`` successes in ``n`` independent trials of probability ``p``).

    The unevaluated sum Σ_{j=k}^{n} C(n, j) p^j (1 − p)^(n − j). Any argument left out
    is the symbol of that name; numbers (ints, Fractions) are put in but the sum stays
    unevaluated, so it shows its working until ``.doit()``.

    >>> at_least_k_of_n(4, 4, Fraction(1, 6)).doit()
    1/1296
    """
    from sympy import Sum, Symbol, binomial

    ks, ns, ps = binomial_symbols()
    k_, n_, p_ = (_sym(v) if v is not None else s for v, s in ((k, ks), (n, ns), (p, ps)))
    j = Symbol("j")
    return Sum(binomial(n_, j) * p_**j * (1 - p_) ** (n_ - j), (j, k_, n_))


def exactly_k_of_n(k: Any = None, n: Any = None, p: Any = None) -> Expr:
    """P(exactly ``k`` successes in ``n`` trials): C(n, k) p^k (1 − p)^(n − k).

    >>> exactly_k_of_n(1, 4, Fraction(1, 6))
    125/324
    """
    from sympy import binomial

    ks, ns, ps = binomial_symbols()
    k_, n_, p_ = (_sym(v) if v is not None else s for v, s in ((k, ks), (n, ns), (p, ps)))
    return binomial(n_, k_) * p_**k_ * (1 - p_) ** (n_ - k_)


def binomial_tail_value(k: int, n: int, p: Fraction | int) -> Fraction:
    """The exact value of :func:`at_least_k_of_n` as a Fraction, without sympy.

    >>> binomial_tail_value(0, 4, Fraction(1, 6)), binomial_tail_value(5, 4, Fraction(1, 6))
    (Fraction(1, 1), Fraction(0, 1))
    """
    q = to_fraction(p, what="p")
    if not 0 <= q <= 1:
        raise ValueError(f"p = {q} is not a probability")
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number ≥ 0, not {n!r}")
    return sum((comb(n, j) * q**j * (1 - q) ** (n - j) for j in range(max(k, 0), n + 1)),
               Fraction(0))


def multinomial_probability(counts: Sequence[Any], probs: Sequence[Any]) -> Expr:
    """P(exactly ``counts[i]`` outcomes of kind ``i``) in Σ counts trials:
    (Σc)! / Π cᵢ! · Π pᵢ^cᵢ.

    Counts and probabilities may be numbers (the result is then a Rational) or sympy
    symbols (the result is the formula).

    >>> multinomial_probability([1, 1, 1, 1, 0, 0], [Fraction(1, 6)] * 6)
    1/54
    >>> from sympy import symbols
    >>> multinomial_probability(symbols("a b"), symbols("p q"))
    p**a*q**b*factorial(a + b)/(factorial(a)*factorial(b))
    """
    from sympy import Mul, factorial

    if len(counts) != len(probs):
        raise ValueError(f"{len(counts)} counts but {len(probs)} probabilities")
    cs = [_sym(c) for c in counts]
    ps = [_sym(q) for q in probs]
    coefficient = factorial(sum(cs)) / Mul(*(factorial(c) for c in cs))
    return coefficient * Mul(*(q**c for q, c in zip(ps, cs, strict=True)))


# -- draws without replacement (boardlab.prob.urn) -----------------------------------------------
def urn_symbols() -> tuple[Symbol, Symbol, Symbol, Symbol]:
    """The symbols ``(N, K, n, k)`` used by the hypergeometric forms when none are given."""
    from sympy import Symbol

    return Symbol("N"), Symbol("K"), Symbol("n"), Symbol("k")


def _urn_args(N: Any, K: Any, n: Any, k: Any) -> list[Any]:
    return [_sym(v) if v is not None else s
            for v, s in zip((N, K, n, k), urn_symbols(), strict=True)]


def hypergeometric_pmf(N: Any = None, K: Any = None, n: Any = None, k: Any = None) -> Expr:
    """P(exactly ``k`` successes in ``n`` draws without replacement from ``N`` items of
    which ``K`` are successes): C(K, k) C(N − K, n − k) / C(N, n).

    The twin of :func:`boardlab.prob.urn.hypergeometric` (same argument order); any
    argument left out is the symbol of that name.

    >>> hypergeometric_pmf()
    binomial(K, k)*binomial(-K + N, -k + n)/binomial(N, n)
    >>> hypergeometric_pmf(7, 2, 2, 2)
    1/21
    """
    from sympy import binomial

    N_, K_, n_, k_ = _urn_args(N, K, n, k)
    return binomial(K_, k_) * binomial(N_ - K_, n_ - k_) / binomial(N_, n_)


def hypergeometric_at_least(N: Any = None, K: Any = None, n: Any = None,
                            k: Any = None) -> Sum:
    """P(at least ``k`` successes) in the same draw: Σ_{j=k}^{n} of the pmf, unevaluated
    until ``.doit()`` (the twin of :func:`boardlab.prob.urn.hypergeometric_tail`).

    >>> hypergeometric_at_least(7, 3, 2, 1).doit()
    5/7
    """
    from sympy import Sum, Symbol, binomial

    N_, K_, n_, k_ = _urn_args(N, K, n, k)
    j = Symbol("j")
    return Sum(binomial(K_, j) * binomial(N_ - K_, n_ - j) / binomial(N_, n_), (j, k_, n_))


def multivariate_hypergeometric(drawn: Sequence[Any], counts: Sequence[Any]) -> Expr:
    """P(drawing exactly ``drawn[i]`` of each kind ``i`` from a pile of ``counts``):
    Π C(cᵢ, xᵢ) / C(Σc, Σx) (the twin of :func:`boardlab.prob.urn.draw`).

    >>> multivariate_hypergeometric([1, 1], [3, 1])
    1/2
    >>> from sympy import symbols
    >>> multivariate_hypergeometric(symbols("x y"), symbols("a b"))
    binomial(a, x)*binomial(b, y)/binomial(a + b, x + y)
    """
    from sympy import Add, Mul, binomial

    if len(drawn) != len(counts):
        raise ValueError(f"{len(drawn)} drawn counts but {len(counts)} kinds in the pile")
    xs = [_sym(x) for x in drawn]
    cs = [_sym(c) for c in counts]
    return Mul(*(binomial(c, x) for c, x in zip(cs, xs, strict=True))) / binomial(
        Add(*cs), Add(*xs))


def multiset_arrangements(counts: Sequence[Any]) -> Expr:
    """How many distinct orders a pile of ``counts`` has: (Σc)! / Π cᵢ! (the twin of
    :func:`boardlab.prob.urn.count_arrangements`).

    >>> multiset_arrangements([5, 1, 1])
    42
    >>> from sympy import symbols
    >>> multiset_arrangements(symbols("a b"))
    factorial(a + b)/(factorial(a)*factorial(b))
    """
    from sympy import Add, Mul, factorial

    cs = [_sym(c) for c in counts]
    return factorial(Add(*cs)) / Mul(*(factorial(c) for c in cs))
