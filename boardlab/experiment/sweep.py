"""Exact sweeps: an odds function over a grid of parameters, as a table and a heatmap.

Where a question is exact ("how likely do the zombies break in, for each defence and
number of arrival dice?"), no simulation is needed: :func:`sweep` calls the function at
every point of the grid and keeps each answer as an exact :class:`~fractions.Fraction`
(a ``sympy.Rational`` or any exact number is converted through its text, so odds
functions may return either; a float stays a float and is marked as not exact).

>>> from fractions import Fraction
>>> from boardlab.mall_of_horror import Config, odds
>>> s = sweep(lambda defence, dice: odds.break_in(6, defence=defence,
...                                               config=Config(dice=dice)),
...           defence=[2, 3], dice=[3, 4])
>>> s[2, 4]
Fraction(19, 144)
>>> print(s)
P          dice=3  dice=4
defence=2  2/27    19/144
defence=3  1/216   7/432
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any

from boardlab.core.errors import BoardlabError

if TYPE_CHECKING:
    import pandas
    from matplotlib.axes import Axes

__all__ = ["Sweep", "SweepError", "exact", "sweep"]


class SweepError(BoardlabError):
    """A sweep that cannot be made: a bad grid, or a point where the function failed."""


def exact(value: Any) -> Fraction | float:
    """``value`` as an exact Fraction (int, Fraction, ``sympy.Rational``, …), a float as
    it is; anything else is a TypeError.

    >>> exact(3), exact(Fraction(1, 6)), exact(0.5)
    (Fraction(3, 1), Fraction(1, 6), 0.5)
    """
    if isinstance(value, bool):
        raise TypeError(f"expected a number, got {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return value
    try:  # sympy.Rational / Integer, numbers that print as 'p/q'
        return Fraction(str(value))
    except (ValueError, TypeError):
        raise TypeError(f"expected a number, got {type(value).__name__} {value!r}") from None


def _point(names: tuple[str, ...], key: tuple[Any, ...]) -> str:
    return ", ".join(f"{n}={v}" for n, v in zip(names, key, strict=True))


class Sweep:
    """The answers of a function at every point of a grid (see :func:`sweep`).

    ``s[a, b]`` is the answer at ``a`` on the first axis and ``b`` on the second;
    :meth:`rows` is the long table, :meth:`grid` two axes as a matrix, :meth:`heatmap`
    draws it and :meth:`to_pandas` gives the long table as a DataFrame.
    """

    def __init__(self, names: tuple[str, ...], axes: Mapping[str, tuple[Any, ...]],
                 values: Mapping[tuple[Any, ...], Fraction | float], label: str = "P") -> None:
        self.names = names
        self.axes = dict(axes)
        self.values = dict(values)
        self.label = label

    @property
    def is_exact(self) -> bool:
        """Every answer is an exact Fraction (no float among them)."""
        return all(isinstance(v, Fraction) for v in self.values.values())

    def __getitem__(self, key: Any) -> Fraction | float:
        key = key if isinstance(key, tuple) else (key,)
        try:
            return self.values[key]
        except KeyError:
            raise KeyError(f"no point {_point(self.names, key)} in the sweep") from None

    def rows(self) -> list[dict[str, Any]]:
        """One dict per point: the parameters, then the answer under :attr:`label`."""
        return [{**dict(zip(self.names, key, strict=True)), self.label: value}
                for key, value in self.values.items()]

    def _pick(self, rows: str | None, columns: str | None,
              where: Mapping[str, Any] | None) -> tuple[str, str | None, dict[str, Any]]:
        where = dict(where or {})
        free = [n for n in self.names if n not in where]
        rows = rows or free[0]
        if columns is None:
            rest = [n for n in free if n != rows]
            columns = rest[0] if rest else None
        for name in (rows, columns, *where):
            if name is not None and name not in self.names:
                raise SweepError(f"no axis {name!r}; axes: {', '.join(self.names)}")
        fixed = [n for n in self.names if n not in (rows, columns)]
        unfixed = [n for n in fixed if n not in where]
        if unfixed:
            raise SweepError(f"a grid shows two axes: fix {', '.join(unfixed)} with where=")
        for name, value in where.items():
            if value not in self.axes[name]:
                raise SweepError(f"{name}={value!r} is not on the axis {name}: "
                                 f"{list(self.axes[name])}")
        return rows, columns, where

    def grid(self, rows: str | None = None, columns: str | None = None,
             where: Mapping[str, Any] | None = None
             ) -> tuple[tuple[Any, ...], tuple[Any, ...], list[list[Fraction | float]]]:
        """``(row values, column values, matrix)`` for two axes (the others fixed by
        ``where``); default rows the first axis, columns the second.

        >>> s = sweep(lambda a, b: Fraction(a, b), a=[1, 2], b=[3, 4])
        >>> s.grid(rows="b")
        ((3, 4), (1, 2), [[Fraction(1, 3), Fraction(2, 3)], [Fraction(1, 4), Fraction(1, 2)]])
        """
        rows, columns, where = self._pick(rows, columns, where)
        col_values = self.axes[columns] if columns else (None,)

        def at(r: Any, c: Any) -> Fraction | float:
            point = {**where, rows: r}
            if columns:
                point[columns] = c
            return self.values[tuple(point[n] for n in self.names)]

        matrix = [[at(r, c) for c in col_values] for r in self.axes[rows]]
        return self.axes[rows], col_values if columns else (), matrix

    def lines(self, rows: str | None = None, columns: str | None = None,
              where: Mapping[str, Any] | None = None) -> list[str]:
        """The grid as text lines of exact fractions (the long table for one axis)."""
        if len(self.names) > 2 and where is None:
            return [f"{_point(self.names, k)}: {v}" for k, v in self.values.items()]
        row_name, col_name, _ = self._pick(rows, columns, where)
        r_values, c_values, matrix = self.grid(rows, columns, where)
        header = [self.label] + ([f"{col_name}={c}" for c in c_values] if col_name
                                 else [self.label])
        body = [[f"{row_name}={r}", *map(str, line)]
                for r, line in zip(r_values, matrix, strict=True)]
        widths = [max(len(x[i]) for x in (header, *body)) for i in range(len(header))]
        return ["  ".join(c.ljust(w) for c, w in zip(x, widths, strict=True)).rstrip()
                for x in (header, *body)]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        shape = " × ".join(f"{len(self.axes[n])} {n}" for n in self.names)
        return f"<Sweep {self.label}: {shape} ({'exact' if self.is_exact else 'floats'})>"

    def to_pandas(self) -> pandas.DataFrame:
        """The long table as a DataFrame (answers as Fractions; ``.astype(float)`` to plot)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas") from None
        return pd.DataFrame.from_records(self.rows())

    def heatmap(self, rows: str | None = None, columns: str | None = None, *,
                where: Mapping[str, Any] | None = None, ax: Axes | None = None,
                annotate: str | None = "percent", cmap: str = "viridis",
                vmin: float | None = None, vmax: float | None = None) -> Axes:
        """Draw two axes as a heatmap, each cell annotated (``"percent"``,
        ``"fraction"`` or ``None``); returns the matplotlib Axes.

        The colour scale runs from ``vmin`` to ``vmax``: by default 0 to 1 when every
        answer is a probability (so two heatmaps side by side compare), else the
        answers' own range.
        """
        if annotate not in ("percent", "fraction", None):
            raise ValueError(f"annotate must be 'percent', 'fraction' or None, got {annotate!r}")
        row_name, col_name, fixed = self._pick(rows, columns, where)
        r_values, c_values, matrix = self.grid(rows, columns, where)
        if not col_name:
            c_values = ("",)
        numbers = [[float(v) for v in line] for line in matrix]
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(1.0 + 0.9 * len(c_values), 0.8 + 0.5 * len(r_values)))
        if vmin is None and vmax is None and all(0 <= float(v) <= 1
                                                  for v in self.values.values()):
            vmin, vmax = 0.0, 1.0
        image = ax.imshow(numbers, cmap=cmap, aspect="auto", origin="lower", vmin=vmin,
                          vmax=vmax)
        ax.figure.colorbar(image, ax=ax, label=self.label)
        ax.set_xticks(range(len(c_values)), [str(c) for c in c_values])
        ax.set_yticks(range(len(r_values)), [str(r) for r in r_values])
        ax.set_xlabel(col_name or "")
        ax.set_ylabel(row_name)
        if fixed:
            ax.set_title(", ".join(f"{k}={v}" for k, v in fixed.items()))
        if annotate:
            high = max(max(line) for line in numbers) if vmax is None else vmax
            for i, line in enumerate(matrix):
                for j, value in enumerate(line):
                    text = (f"{float(value) * 100:.1f}%" if annotate == "percent"
                            else str(value))
                    ax.text(j, i, text, ha="center", va="center", fontsize="small",
                            color="black" if float(value) > 0.6 * high else "white")
        return ax


def sweep(function: Callable[..., Any], *, label: str = "P", **axes: Iterable[Any]) -> Sweep:
    """Call ``function(**point)`` at every point of the grid ``axes`` (name → values).

    Answers become exact Fractions (see :func:`exact`). A point where the function
    raises a boardlab error is a :class:`SweepError` naming the point.

    >>> sweep(lambda n: Fraction(1, n), n=range(1, 4)).values
    {(1,): Fraction(1, 1), (2,): Fraction(1, 2), (3,): Fraction(1, 3)}
    >>> sweep(lambda dice: Fraction(1, 6) ** dice, dice=[])
    Traceback (most recent call last):
    ...
    boardlab.experiment.sweep.SweepError: axis dice has no values
    """
    if not axes:
        raise SweepError("give at least one axis: sweep(f, name=[values], ...)")
    names = tuple(axes)
    values_of = {n: tuple(v) for n, v in axes.items()}
    for name, values in values_of.items():
        if not values:
            raise SweepError(f"axis {name} has no values")
        if len(set(map(repr, values))) != len(values):
            raise SweepError(f"axis {name} repeats a value: {list(values)}")
    answers: dict[tuple[Any, ...], Fraction | float] = {}
    for key in product(*values_of.values()):
        point = dict(zip(names, key, strict=True))
        try:
            answer = function(**point)
        except BoardlabError as err:
            raise SweepError(f"at {_point(names, key)}: {err}") from None
        try:
            answers[key] = exact(answer)
        except TypeError as err:
            raise SweepError(f"at {_point(names, key)}: the function returned no number "
                             f"({err})") from None
    return Sweep(names, values_of, answers, label)
