"""What an advice answers: one :class:`AdviceRow` per legal choice, in an :class:`Advice`.

The contract other code relies on (issue 30): ``advice.rows`` has one row per legal
choice in the order of ``match.legal()``; each row has ``.choice``, ``.exact`` (bool),
``.score`` — the expected value of the seat's score at the horizon, a ``Fraction`` when
exact — and the game's own measures in ``.values`` (name → expected value). An
estimated row has ``.low``/``.high``, a 95 % interval on ``.score``; an exact row has
them equal to the score. ``.win``/``.final`` are the simulated chance to win and mean
final score (with intervals), and ``.win_diff``/``.final_diff`` their paired
differences from the recommended choice (common random numbers).

>>> from fractions import Fraction
>>> row = AdviceRow(choice="stay", exact=True, score=Fraction(7, 2),
...                 values={"points": Fraction(7, 2)})
>>> row.low == row.score, row.interval
(True, (Fraction(7, 2), Fraction(7, 2)))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

__all__ = ["Advice", "AdviceRow", "Simulated"]


@dataclass(frozen=True)
class Simulated:
    """A simulated mean (exact over the matches played) with its 95 % interval."""

    mean: Fraction
    low: float
    high: float
    matches: int

    def __str__(self) -> str:
        return f"{float(self.mean):.3f} [{self.low:.3f}, {self.high:.3f}]"


@dataclass(frozen=True)
class AdviceRow:
    """One legal choice and what it is worth (see the module notes)."""

    choice: Any
    exact: bool
    score: Fraction
    values: Mapping[str, Fraction] = field(default_factory=dict)
    low: Fraction | float | None = None
    high: Fraction | float | None = None
    win: Simulated | None = None
    final: Simulated | None = None
    win_diff: Simulated | None = None
    final_diff: Simulated | None = None
    samples: int = 0

    def __post_init__(self) -> None:
        if self.low is None:
            object.__setattr__(self, "low", self.score)
        if self.high is None:
            object.__setattr__(self, "high", self.score)

    @property
    def interval(self) -> tuple[Any, Any]:
        """``(low, high)``: the score itself when exact, a 95 % interval otherwise."""
        return self.low, self.high

    @property
    def label(self) -> str:
        return "exact" if self.exact else f"estimated ({self.samples} samples, 95 % interval)"


def _num(x: Any) -> str:
    if isinstance(x, Fraction) and x.denominator == 1:
        return str(x.numerator)
    if isinstance(x, Fraction) and x.denominator <= 1000:
        return f"{x} ≈ {float(x):.3f}"
    return f"{float(x):.3f}"


@dataclass(frozen=True)
class Advice:
    """The answer of :func:`~boardlab.advice.advise` (see the module notes).

    ``best`` is the recommended row (greatest expected score, the first such in
    ``legal`` order); ``margin`` how far it is ahead of the next best (a Fraction when
    both are exact; ``None`` with a single choice). ``assumes`` lists, in words, what
    the numbers assume; ``reasons`` (with ``explain=True``) why the best is best.
    """

    seat: str
    horizon: Any
    rows: tuple[AdviceRow, ...]
    best_index: int
    margin: Fraction | float | None
    assumes: tuple[str, ...]
    reasons: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    where: str = ""

    @property
    def best(self) -> AdviceRow:
        return self.rows[self.best_index]

    @property
    def choice(self) -> Any:
        """The recommended choice."""
        return self.best.choice

    @property
    def exact(self) -> bool:
        """Whether every row is exact."""
        return all(r.exact for r in self.rows)

    def __getitem__(self, choice: Any) -> AdviceRow:
        for row in self.rows:
            if row.choice == choice or str(row.choice) == choice:
                return row
        from boardlab.core.errors import ArgumentError

        raise ArgumentError("choice", choice, "not one of the advised choices")

    def __iter__(self) -> Any:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def lines(self) -> list[str]:
        """The advice as text lines (what ``str()`` and the command line show)."""
        out = [f"Advice for {self.seat} at {self.where}, to the end of the "
               f"{self.horizon if isinstance(self.horizon, str) else f'{self.horizon} plies'}:"]
        width = max(len(str(r.choice)) for r in self.rows)
        for i, r in enumerate(self.rows):
            mark = "*" if i == self.best_index else " "
            value = _num(r.score) if r.exact else (
                f"{float(r.score):.3f} [{float(r.low):.3f}, {float(r.high):.3f}]")  # type: ignore[arg-type]
            sim = f"  win {r.win}" if r.win is not None else ""
            out.append(f" {mark} {str(r.choice):<{width}}  {'exact' if r.exact else 'est. '} "
                       f"score {value}{sim}")
        if self.margin is not None:
            out.append(f"Best: {self.choice} by {_num(self.margin)} "
                       f"({'exact' if self.best.exact else 'estimated'}).")
        out.append("Assumes: " + "; ".join(self.assumes) + ".")
        out.extend(f"Why: {r}" for r in self.reasons)
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return (f"<Advice for {self.seat}: {len(self.rows)} choices, best {self.choice} "
                f"({'exact' if self.exact else 'estimated'})>")

    def _repr_html_(self) -> str:
        top = max((float(r.score) for r in self.rows), default=1.0) or 1.0
        bars = "".join(
            f"<tr><td>{'★' if i == self.best_index else ''}</td><td>{escape(str(r.choice))}"
            f"</td><td><div style='background:#4a7;height:0.8em;width:"
            f"{max(0.0, float(r.score)) / top * 12:.2f}em'></div></td>"
            f"<td>{escape(_num(r.score))}</td><td>{'exact' if r.exact else 'estimated'}</td>"
            "</tr>" for i, r in enumerate(self.rows))
        notes = "".join(f"<li>{escape(a)}</li>" for a in self.assumes)
        return (f"<div class='bl-advice'><p>{escape(self.lines()[0])}</p><table>{bars}"
                f"</table><ul>{notes}</ul></div>")
