"""Declared limits for exact questions, checked before any work starts.

An exact answer is only as fast as the question is small: 4 dice have 126 count
vectors, 30 dice have 324,632, and a million dice would never finish. Every function of
:mod:`boardlab.prob` and of a game's ``odds`` module measures its question first (dice,
faces, outcomes to list, items in a pile, states of a chain, arithmetic to do) and
refuses one over a limit with a :class:`~boardlab.core.errors.LimitError` that names the
limit and says how to raise it. Nothing falls back to floats or to sampling: a question
is answered exactly or refused.

The limits live in one object, :data:`LIMITS`. The defaults keep every question under
about two seconds on a laptop (measured in ``docs/api.md``, *Bad input*). To ask a
bigger question, raise a limit for the whole session (``LIMITS.dice = 5000``) or for a
block (``with LIMITS.using(dice=5000): ...``, which puts the old value back afterwards).

>>> from boardlab.prob import LIMITS, count_face
>>> LIMITS.dice
1000
>>> count_face(2000, 6)
Traceback (most recent call last):
...
boardlab.core.errors.LimitError: count_face: 2000 dice is over the limit of 1000 dice ...
>>> with LIMITS.using(dice=2000):
...     print(count_face(2000, 6).P(0) < 10**-100)
True
>>> LIMITS.dice
1000
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any

from boardlab.core.errors import ArgumentTypeError, LimitError, QuestionError, show_value

#: What each limit counts, for messages and the docs: (unit, what it bounds).
LIMIT_UNITS: dict[str, tuple[str, str]] = {
    "dice": ("dice", "dice in one pool or trials in one binomial or multinomial question "
                     "(count_face, face_counts, binomial_tail_value, Dist.repeat, icon pools, "
                     "keep_highest, keep_lowest, the symbolic forms with numbers put in)"),
    "faces": ("faces", "faces of one die (die, face_counts, count_face, keep_highest, "
                       "keep_lowest)"),
    "outcomes": ("outcomes", "distinct outcomes one answer may list, counted before they are "
                             "enumerated (face_counts, draw, draw_ordered, icon pools, "
                             "the totals of keep_highest/keep_lowest, Dist built from "
                             "samples or combined with +, -, joint)"),
    "pile": ("items", "items in one pile, deck or urn (draw, draw_ordered, draw_one, "
                      "hypergeometric, count_arrangements, arrangements)"),
    "states": ("states", "states of one Markov chain (AbsorbingChain, its from_transition "
                         "exploration)"),
    "work": ("operations", "exact multiply-adds one computation on small fractions needs, "
                           "predicted before it starts (combining two Dists, a sum of icon "
                           "dice, keeping several of a pool of dice, samples drawn, "
                           "counting a draw's outcomes)"),
    "chain_work": ("operations", "exact multiply-adds one Markov chain computation needs (a "
                                 "solve, the fundamental matrix, step-by-step distributions), "
                                 "predicted from its pattern of nonzeros before any "
                                 "arithmetic; smaller than work because the fractions of a "
                                 "solve grow as it goes"),
    "seal_at": ("zombies", "the sealing count of a sealing chain solved exactly (Mall of "
                           "Horror's expected_rounds_to_seal and seal_chain)"),
}


@dataclass
class Limits:
    """The size limits in force (one instance: :data:`LIMITS`).

    Every field is a whole number ≥ 1; setting one checks it. See :data:`LIMIT_UNITS`
    for what each bounds.
    """

    dice: int = 1000
    faces: int = 10_000
    outcomes: int = 100_000
    pile: int = 2_000
    states: int = 10_000
    work: int = 1_000_000
    chain_work: int = 100_000
    seal_at: int = 250

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in LIMIT_UNITS:
            raise QuestionError(f"LIMITS has no limit {show_value(name)}; its limits are "
                                f"{', '.join(LIMIT_UNITS)}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ArgumentTypeError(f"LIMITS.{name}", value, "a limit is a whole number")
        if value < 1:
            raise QuestionError(f"LIMITS.{name} must be at least 1, not {show_value(value)}")
        object.__setattr__(self, name, value)

    def as_dict(self) -> dict[str, int]:
        """The limits in force, by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @contextmanager
    def using(self, **sizes: int) -> Iterator[Limits]:
        """Set some limits for the duration of a ``with`` block, then put the old ones back.

        Raising a limit is for a question known to be large; lowering one is handy in
        tests. Not thread-safe: the limits are one setting of the process.

        >>> with LIMITS.using(outcomes=10) as in_force:
        ...     in_force.outcomes
        10
        """
        before = self.as_dict()
        try:
            for name, value in sizes.items():
                setattr(self, name, value)
            yield self
        finally:
            for name, value in before.items():
                object.__setattr__(self, name, value)


#: The limits in force for every exact question in this process.
LIMITS = Limits()


def check_limit(function: str, limit: str, size: int, what: str | None = None, *,
                more_than: bool = False) -> None:
    """Refuse ``size`` over ``LIMITS.<limit>`` with a :class:`LimitError` that says how to
    raise it. ``what`` words the size when it is not counted in the limit's own unit
    (``"possible totals"``); ``more_than`` says that counting stopped past the limit, so
    the size is only known to be larger."""
    allowed: int = getattr(LIMITS, limit)
    if size <= allowed:
        return
    unit = LIMIT_UNITS[limit][0]
    shown = f"more than {allowed}" if more_than else show_value(size)
    suggestion = str(size) if size < 10**12 and not more_than else "a larger number"
    raise LimitError(
        f"{function}: {shown} {what or unit} is over the limit of {allowed} "
        f"{unit} (boardlab.prob.LIMITS.{limit}). To ask anyway, raise it: "
        f"boardlab.prob.LIMITS.{limit} = {suggestion}, or for one block "
        f"`with boardlab.prob.LIMITS.using({limit}=...): ...`",
        limit=limit, value=size, allowed=allowed)
