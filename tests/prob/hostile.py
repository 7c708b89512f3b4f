"""Shared pieces of the hostile-input property tests (``test_hostile*.py``).

A hostile call either succeeds with a valid answer or raises a boardlab error
(:class:`~boardlab.core.errors.BoardlabError`: a ``ValueError``, some also a
``TypeError``, ``KeyError`` or ``RuntimeError``); any other exception, a wrong answer or
an example over the deadline fails the test.

Two profiles, chosen by the environment variable ``BOARDLAB_HYPOTHESIS``:

* ``default`` (``make test``): a fixed seed (derandomized, so CI is repeatable), a few
  dozen examples per function, and lowered :data:`~boardlab.prob.LIMITS` so that the
  largest question still allowed is quick; hostile sizes far above them are still
  drawn and must be refused.
* ``check`` (``make check``): the same with a third of the examples (the inner loop).
* ``soak`` (``make soak``): random seeds, many more examples, the default limits in
  force, and a longer deadline (every question the defaults allow must still finish).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import timedelta
from fractions import Fraction
from itertools import islice
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from boardlab.core.errors import BoardlabError
from boardlab.prob import LIMITS, Derivation, Dist

PROFILE = os.environ.get("BOARDLAB_HYPOTHESIS", "default")
SOAK = PROFILE == "soak"
#: make check's profile: the default one with a third of the examples.
QUICK = PROFILE == "check"
#: make check draws one example in this many (at least 5 per test).
QUICK_SHARE = 3


def examples(default: int) -> int:
    """A test's number of examples under the profile in force: ``default`` in make test,
    a third of it (at least 5) in make check; the soak sets its own.

    >>> examples(60) in (60, 20)
    True
    """
    return max(5, default // QUICK_SHARE) if QUICK else default

#: The limits in force during the default profile's examples (the soak uses the defaults).
TEST_LIMITS = dict(dice=40, faces=60, outcomes=2_000, pile=40, states=200, work=40_000,
                   chain_work=10_000, seal_at=30)


def hostile_settings() -> Any:
    """The hypothesis settings of the profile in force (see the module docstring)."""
    return settings(
        max_examples=600 if SOAK else examples(25),
        deadline=timedelta(seconds=20 if SOAK else 5),
        derandomize=not SOAK,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much],
    )


@contextmanager
def limits_for_tests() -> Iterator[None]:
    """The lowered limits of the default profile, or the defaults in the soak."""
    if SOAK:
        yield
        return
    with LIMITS.using(**TEST_LIMITS):
        yield


# -- values ---------------------------------------------------------------------------------
def junk() -> st.SearchStrategy[Any]:
    """Values of every wrong kind: None, bools, floats (nan, inf), strings, bytes, lists,
    dicts, huge and negative ints, Fractions out of range, objects."""
    return st.one_of(
        st.none(), st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=4), st.binary(max_size=3),
        st.lists(st.integers(-3, 9), max_size=3),
        st.dictionaries(st.text(max_size=2), st.integers(-2, 4), max_size=2),
        st.integers(-10**40, 10**40), st.sampled_from([10**6, 10**9, 10**100, -1]),
        st.fractions(min_value=-3, max_value=3, max_denominator=12),
        st.builds(object),
    )


def count(hi: int = 8, lo: int = -2) -> st.SearchStrategy[Any]:
    """Mostly a plausible whole number, sometimes anything at all."""
    return st.one_of(st.integers(lo, hi), st.integers(lo, hi), junk())


def prob() -> st.SearchStrategy[Any]:
    """Mostly a probability (a Fraction in [0, 1]), sometimes anything at all."""
    return st.one_of(st.fractions(min_value=0, max_value=1, max_denominator=30),
                     st.sampled_from([0, 1, Fraction(1, 6)]), junk())


def maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """The strategy, or anything at all."""
    return st.one_of(strategy, strategy, strategy, junk())


# -- checking answers -----------------------------------------------------------------------
def is_probability(x: Any) -> bool:
    return type(x) is Fraction and 0 <= x <= 1


def check_dist(d: Any) -> None:
    assert isinstance(d, Dist), d
    probs = d.probs
    assert probs, "a Dist lists at least one outcome"
    assert all(type(q) is Fraction and 0 < q <= 1 for q in probs.values()), probs
    assert sum(probs.values()) == 1


def check_answer(kind: str, answer: Any) -> None:
    """``answer`` is a valid answer of ``kind``; a Derivation is unwrapped and checked too."""
    if isinstance(answer, Derivation):
        answer = answer.answer
    if kind == "probability":
        assert is_probability(answer), answer
    elif kind == "expectation":
        assert type(answer) is Fraction, answer
    elif kind == "count":
        assert type(answer) is int and answer >= 0, answer
    elif kind == "distribution":
        check_dist(answer)
    elif kind == "table":
        assert isinstance(answer, dict), answer
        assert all(is_probability(q) for q in answer.values()), answer
    elif kind == "any":
        pass
    else:  # pragma: no cover - a typo in a registry
        raise AssertionError(f"unknown answer kind {kind}")


def outcome_of(thunk: Callable[[], Any]) -> tuple[bool, Any]:
    """``(True, value)`` or ``(False, error)`` for a boardlab error; any other exception
    fails the test, naming its type (the point of these tests)."""
    try:
        return True, thunk()
    except BoardlabError as err:
        assert str(err), "a boardlab error says what is wrong"
        assert len(str(err)) < 2_000, "a message shows at most ~200 characters of a value"
        return False, err
    except Exception as err:  # noqa: BLE001 - reported as the failure
        raise AssertionError(f"raw {type(err).__name__} instead of a boardlab error: "
                             f"{str(err)[:300]}") from err


def take(items: Any, n: int = 5) -> list[Any]:
    """The first ``n`` items of an iterator (an arrangement generator, say)."""
    return list(islice(items, n))


def public_names(module: Any) -> set[str]:
    return set(module.__all__)


__all__ = ["Mapping", "check_answer", "check_dist", "count", "hostile_settings", "junk",
           "maybe", "outcome_of", "prob", "public_names", "take", "limits_for_tests"]
