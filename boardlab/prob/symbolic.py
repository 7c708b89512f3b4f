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

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.prob.checks import probability, whole
from boardlab.prob.limits import check_limit

if TYPE_CHECKING:
    from sympy import Expr, Sum, Symbol


def _sym(x: Any, name: str = "value", function: str = "symbolic") -> Any:
    """``x`` for sympy: an int or a Fraction becomes a sympy Integer or Rational, a sympy
    expression passes (a symbol, a formula). Floats (not exact), bools (not numbers) and
    strings (sympify would evaluate them as code) are refused."""
    from sympy import Basic, Float, Integer, Rational

    if isinstance(x, bool):
        raise ArgumentTypeError(f"{function}: {name}", x, "a bool is not a number; use 0 "
                                "or 1")
    if isinstance(x, float):
        raise ArgumentTypeError(f"{function}: {name}", x, "a float is not exact; use an int "
                                "or a Fraction")
    if isinstance(x, int):
        return Integer(x)
    if isinstance(x, Fraction):
        return Rational(x.numerator, x.denominator)
    if isinstance(x, Basic):
        if x.has(Float):
            raise ArgumentTypeError(f"{function}: {name}", x, "holds a float, and floats "
                                    "are not exact; use sympy.Rational")
        return x
    raise ArgumentTypeError(f"{function}: {name}", x, "must be an int, a Fraction or a sympy "
                            "expression (a string is not accepted: it would be evaluated)")


def _number(x: Any) -> Any:
    """The Python number a sympy number stands for (an int or a Fraction), or ``None``
    for a symbolic expression."""
    if getattr(x, "is_Integer", False):
        return int(x)
    if getattr(x, "is_Rational", False):
        return Fraction(int(x.p), int(x.q))
    return None


def _count(x: Any, name: str, function: str, limit: str | None = "dice") -> Any:
    """A count argument: a symbol, or a whole number ≥ 0 within ``LIMITS.<limit>``."""
    v = _sym(x, name, function)
    n = _number(v)
    if n is None:
        if getattr(v, "is_number", False):  # a number but not a rational: sqrt(2), pi
            raise QuestionError(f"{function}: {name} must be a whole number ≥ 0, not "
                                f"{show_value(v)}")
        return v
    if isinstance(n, Fraction):
        raise QuestionError(f"{function}: {name} must be a whole number ≥ 0, not "
                            f"{show_value(v)}")
    whole(n, name, function)
    if limit is not None:
        check_limit(function, limit, n)
    return v


def _prob(x: Any, name: str, function: str) -> Any:
    """A probability argument: a symbol, or an exact number in [0, 1]."""
    v = _sym(x, name, function)
    q = _number(v)
    if q is None:
        if getattr(v, "is_number", False):
            raise QuestionError(f"{function}: {name} must be a rational probability in "
                                f"[0, 1], not {show_value(v)}")
        return v
    probability(q, name, function)
    return v


def _sequence(x: Any, name: str, function: str) -> list[Any]:
    from sympy import Basic

    if isinstance(x, (str, bytes, Basic)) or not isinstance(x, (Sequence, tuple)):
        raise ArgumentTypeError(f"{function}: {name}", x, "must be a list (one entry per "
                                "kind)")
    check_limit(function, "faces", len(x), "kinds")
    return list(x)


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

    k_, n_, p_ = _binomial_args(k, n, p, "at_least_k_of_n")
    j = Symbol("j")
    return Sum(binomial(n_, j) * p_**j * (1 - p_) ** (n_ - j), (j, k_, n_))


def exactly_k_of_n(k: Any = None, n: Any = None, p: Any = None) -> Expr:
    """P(exactly ``k`` successes in ``n`` trials): C(n, k) p^k (1 − p)^(n − k).

    >>> exactly_k_of_n(1, 4, Fraction(1, 6))
    125/324
    """
    from sympy import binomial

    k_, n_, p_ = _binomial_args(k, n, p, "exactly_k_of_n")
    return binomial(n_, k_) * p_**k_ * (1 - p_) ** (n_ - k_)


def _binomial_args(k: Any, n: Any, p: Any, function: str) -> tuple[Any, Any, Any]:
    ks, ns, ps = binomial_symbols()
    return (ks if k is None else _count(k, "k", function),
            ns if n is None else _count(n, "n", function),
            ps if p is None else _prob(p, "p", function))


def binomial_tail_value(k: int, n: int, p: Fraction | int) -> Fraction:
    """The exact value of :func:`at_least_k_of_n` as a Fraction, without sympy.

    >>> binomial_tail_value(0, 4, Fraction(1, 6)), binomial_tail_value(5, 4, Fraction(1, 6))
    (Fraction(1, 1), Fraction(0, 1))
    """
    k = whole(k, "k", "binomial_tail_value", low=None)
    n = whole(n, "n", "binomial_tail_value")
    check_limit("binomial_tail_value", "dice", n, "trials")
    q = probability(p, "p", "binomial_tail_value")
    # Over the common denominator b^n (q = a/b): one integer sum and one Fraction, the
    # same value as adding n + 1 Fractions, without a gcd per term.
    a, b = q.numerator, q.denominator
    hits = sum(comb(n, j) * a**j * (b - a) ** (n - j) for j in range(max(k, 0), n + 1))
    return Fraction(hits, b**n)


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

    function = "multinomial_probability"
    counts = _sequence(counts, "counts", function)
    probs = _sequence(probs, "probs", function)
    if len(counts) != len(probs):
        raise QuestionError(f"{function}: {len(counts)} counts but {len(probs)} probabilities")
    cs = [_count(c, f"counts[{i}]", function) for i, c in enumerate(counts)]
    numeric = [_number(c) for c in cs]
    if None not in numeric:
        check_limit(function, "dice", sum(numeric), "trials (the sum of the counts)")
    ps = [_prob(q, f"probs[{i}]", function) for i, q in enumerate(probs)]
    values = [_number(q) for q in ps]
    if None not in values and sum(values) > 1:
        raise QuestionError(f"{function}: the probabilities add up to more than 1 "
                            f"({show_value(str(sum(values)))}); each trial falls in one kind")
    coefficient = factorial(sum(cs)) / Mul(*(factorial(c) for c in cs))
    return coefficient * Mul(*(q**c for q, c in zip(ps, cs, strict=True)))


# -- draws without replacement (boardlab.prob.urn) -----------------------------------------------
def urn_symbols() -> tuple[Symbol, Symbol, Symbol, Symbol]:
    """The symbols ``(N, K, n, k)`` used by the hypergeometric forms when none are given."""
    from sympy import Symbol

    return Symbol("N"), Symbol("K"), Symbol("n"), Symbol("k")


def _urn_args(N: Any, K: Any, n: Any, k: Any, function: str) -> list[Any]:
    args = [s if v is None else _count(v, name, function, "pile")
            for v, s, name in zip((N, K, n, k), urn_symbols(), ("N", "K", "n", "k"),
                                  strict=True)]
    big, succ, drawn, _ = (_number(a) for a in args)
    if big is not None:
        if succ is not None and succ > big:
            raise QuestionError(f"{function}: K = {succ} successes cannot exceed the N = {big} "
                                "items")
        if drawn is not None and drawn > big:
            raise QuestionError(f"{function}: cannot draw n = {drawn} items from N = {big}")
    return args


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

    N_, K_, n_, k_ = _urn_args(N, K, n, k, "hypergeometric_pmf")
    return binomial(K_, k_) * binomial(N_ - K_, n_ - k_) / binomial(N_, n_)


def hypergeometric_at_least(N: Any = None, K: Any = None, n: Any = None,
                            k: Any = None) -> Sum:
    """P(at least ``k`` successes) in the same draw: Σ_{j=k}^{n} of the pmf, unevaluated
    until ``.doit()`` (the twin of :func:`boardlab.prob.urn.hypergeometric_tail`).

    >>> hypergeometric_at_least(7, 3, 2, 1).doit()
    5/7
    """
    from sympy import Sum, Symbol, binomial

    N_, K_, n_, k_ = _urn_args(N, K, n, k, "hypergeometric_at_least")
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

    function = "multivariate_hypergeometric"
    drawn = _sequence(drawn, "drawn", function)
    counts = _sequence(counts, "counts", function)
    if len(drawn) != len(counts):
        raise QuestionError(f"{function}: {len(drawn)} drawn counts but {len(counts)} kinds "
                            "in the pile")
    xs = [_count(x, f"drawn[{i}]", function, None) for i, x in enumerate(drawn)]
    cs = [_count(c, f"counts[{i}]", function, None) for i, c in enumerate(counts)]
    _check_pile(cs, function)
    taken, pile = (_number(Add(*v)) for v in (xs, cs))
    if taken is not None and pile is not None and taken > pile:
        raise QuestionError(f"{function}: cannot draw {taken} items from a pile of {pile}")
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

    function = "multiset_arrangements"
    cs = [_count(c, f"counts[{i}]", function, None)
          for i, c in enumerate(_sequence(counts, "counts", function))]
    _check_pile(cs, function)
    return factorial(Add(*cs)) / Mul(*(factorial(c) for c in cs))


def _check_pile(counts: list[Any], function: str) -> None:
    """The numbers among ``counts`` add up to at most ``LIMITS.pile`` items."""
    check_limit(function, "pile", sum(n for n in map(_number, counts) if n is not None))
