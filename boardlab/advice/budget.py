"""How much an advice may cost: nodes, seconds and memory, checked as it goes.

A :class:`Budget` bounds the exact enumeration three ways: the number of distinct
positions it expands (``nodes``), the wall time (``seconds``) and the memory the process
may grow by (``memory_mb``, read from the operating system every few thousand nodes
where it tells, else estimated from the positions kept). When any bound is reached the
enumeration stops and the choices not yet valued are *estimated* from ``samples``
sampled lines of play, with a 95 % interval, and labelled so. ``matches`` is the
number of matches per choice the win chances are simulated from (0: none), and
``workers`` how many local processes the sampled part runs on (1: this process; the
answer is the same, see :mod:`boardlab.advice.parallel`).

>>> Budget().nodes, Budget(nodes=10).nodes
(200000, 10)
>>> Budget(nodes=-1)
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentError: budget.nodes: a budget is not negative (got -1)
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

from boardlab.core.errors import ArgumentError, ArgumentTypeError

__all__ = ["Budget", "Meter", "OverBudget", "as_budget", "clock"]

#: The largest values a budget takes: a typo (``nodes=10**12``) is refused at once.
_LIMITS = {"nodes": 50_000_000, "seconds": 86_400.0, "memory_mb": 65_536.0,
           "samples": 1_000_000, "matches": 1_000_000, "worlds": 1_000_000, "workers": 1024}
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
#: A rough size of one kept position with its value, for systems that do not tell RSS.
_BYTES_PER_NODE = 2_000


def clock() -> float:
    """The clock ``Budget.seconds`` is measured on: wall time (``time.perf_counter``).
    Read through this module at every look, so a benchmark may measure on the process's
    CPU time (``budget.CLOCK = time.process_time``) and a test on a clock of its own.

    >>> clock() <= clock()
    True
    """
    return CLOCK()


#: What :func:`clock` reads (see there).
CLOCK = time.perf_counter


@dataclass(frozen=True)
class Budget:
    """Bounds on one call of :func:`~boardlab.advice.advise` (see the module notes).

    ``nodes``: distinct positions the exact enumeration may expand; ``seconds``: the
    wall time of the whole advice (the enumeration stops there; the sampled lines and
    matches stop there too, after the first two per choice, and the advice says how
    many were drawn); ``memory_mb``: how far the process may grow while it runs; ``samples``:
    sampled lines per estimated choice (at least 2); ``matches``: simulated matches
    per choice to the end (0: no simulation); ``worlds``: the most hidden-information
    worlds weighed exactly (more are sampled, ``samples`` of them); ``workers``: local
    processes for the sampled lines and matches (1: in this process).
    """

    nodes: int = 200_000
    seconds: float = 5.0
    memory_mb: float = 512.0
    samples: int = 400
    matches: int = 200
    worlds: int = 4096
    workers: int = 1

    def __post_init__(self) -> None:
        for name in ("nodes", "samples", "matches", "worlds", "workers"):
            _check(name, getattr(self, name), whole=True)
        if self.workers < 1:
            raise ArgumentError("budget.workers", self.workers, "at least 1 (1: this "
                                "process)")
        for name in ("seconds", "memory_mb"):
            _check(name, getattr(self, name), whole=False)


def _check(name: str, value: Any, *, whole: bool) -> None:
    path = f"budget.{name}"
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        raise ArgumentTypeError(path, value, "expected a whole number" if whole
                                else "expected a number")
    if value != value or value < 0:  # NaN is not a bound either
        raise ArgumentError(path, value, "a budget is not negative")
    if value > _LIMITS[name]:
        raise ArgumentError(path, value, f"at most {_LIMITS[name]:g}")


def as_budget(value: Any) -> Budget:
    """``value`` as a :class:`Budget`: a Budget, ``None`` (the default), a whole number of
    nodes, or a mapping of the fields.

    >>> as_budget(1000).nodes, as_budget({"seconds": 1}).seconds
    (1000, 1)
    >>> as_budget("lots")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: budget: expected a Budget, a number of nodes, ...
    """
    if value is None:
        return Budget()
    if isinstance(value, Budget):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise ArgumentError("budget", value, "a budget is not negative")
        return Budget(nodes=value)
    if isinstance(value, dict):
        unknown = sorted(set(map(str, value)) - set(Budget.__dataclass_fields__))
        if unknown:
            raise ArgumentTypeError("budget", value, f"Budget has no field {unknown[0]!r} "
                                    "(fields: nodes, seconds, memory_mb, samples, matches, worlds, "
                                    "workers)")
        return Budget(**value)
    raise ArgumentTypeError("budget", value, "expected a Budget, a number of nodes, a "
                            "mapping of Budget fields or None")


class OverBudget(Exception):  # noqa: N818 - a signal inside the enumeration, never shown
    """Raised inside the enumeration when a bound is reached; ``why`` says which."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _rss() -> int | None:
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


class Meter:
    """Counts the nodes of one enumeration against a :class:`Budget`.

    ``tick()`` is called once per expanded position and ``leaf()`` once per position
    valued at the horizon; every 64 of either it looks at the clock, and every 8192
    expansions at the memory. ``nodes`` is how many were expanded. (The clock is read
    that often because one expansion can hold many leaves: a Breakout roll call expands
    a thousand positions in ten seconds, so a clock read every 1024 expansions let a
    tenth of a second's budget run for seconds.)

    >>> m = Meter(Budget(nodes=2))
    >>> m.tick(); m.tick(); m.tick()
    Traceback (most recent call last):
    ...
    boardlab.advice.budget.OverBudget: more than 2 positions
    """

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes = 0
        self._leaves = 0
        self.start = clock()
        #: When the time of the whole advice is up: the enumeration stops there, the
        #: sampled part after its first lines (see ``advise``).
        self.deadline = self.start + budget.seconds
        self._rss0 = _rss()
        self._bytes = budget.memory_mb * 1024 * 1024

    def tick(self) -> None:
        self.nodes += 1
        n = self.nodes
        if n > self.budget.nodes:
            raise OverBudget(f"more than {self.budget.nodes} positions")
        if not n & 63:
            self._clock()
            if not n & 8191:
                self._memory()

    def leaf(self) -> None:
        """A position valued at the horizon (not expanded): only the clock is looked at."""
        self._leaves += 1
        if not self._leaves & 63:
            self._clock()

    def _clock(self) -> None:
        if clock() > self.deadline:
            raise OverBudget(f"more than {self.budget.seconds:g} s")

    def _memory(self) -> None:
        now = _rss()
        grown = (now - self._rss0) if now is not None and self._rss0 is not None \
            else self.nodes * _BYTES_PER_NODE
        if grown > self._bytes:
            raise OverBudget(f"more than {self.budget.memory_mb:g} MB")

    @property
    def seconds(self) -> float:
        return clock() - self.start
