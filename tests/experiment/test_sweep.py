"""Exact sweeps: odds over a grid equal brute-force enumeration of the dice, exactly."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from boardlab.experiment import SweepError, sweep
from boardlab.experiment.sweep import exact
from boardlab.mall_of_horror import Config, odds


def brute_break_in(defence: int, dice: int, zombies: int = 0) -> Fraction:
    """P(the Supermarket falls) by listing every ordered roll: at most 4 zombies needed."""
    need = min(defence, 4) - zombies
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(roll.count(6) >= need for roll in rolls), len(rolls))


@pytest.fixture(scope="module")
def grid():
    return sweep(lambda defence, dice: odds.break_in(6, defence=defence,
                                                     config=Config(dice=dice)),
                 defence=range(1, 7), dice=range(1, 6))


def test_break_in_over_defence_and_dice_equals_brute_force(grid) -> None:
    assert grid.names == ("defence", "dice") and grid.is_exact
    assert len(grid.values) == 30
    for (defence, dice), p in grid.values.items():
        assert type(p) is Fraction
        assert p == brute_break_in(defence, dice), (defence, dice)
    assert grid[2, 4] == Fraction(19, 144)
    assert grid[5, 4] == grid[4, 4] == Fraction(1, 1296)  # the Supermarket caps at 4
    assert grid[5, 3] == 0


def test_grid_table_and_text(grid) -> None:
    rows, columns, matrix = grid.grid()
    assert rows == tuple(range(1, 7)) and columns == tuple(range(1, 6))
    assert matrix[1][3] == Fraction(19, 144)
    t_rows, t_columns, t_matrix = grid.grid(rows="dice", columns="defence")
    assert t_rows == columns and t_matrix[3][1] == Fraction(19, 144)
    lines = grid.lines()
    assert lines[0].split() == ["P", "dice=1", "dice=2", "dice=3", "dice=4", "dice=5"]
    assert lines[2].split() == ["defence=2", "0", "1/36", "2/27", "19/144", "763/3888"]
    assert grid.rows()[0] == {"defence": 1, "dice": 1, "P": Fraction(1, 6)}


def test_three_axes_need_one_fixed() -> None:
    s = sweep(lambda defence, dice, zombies: odds.break_in(
        6, defence=defence, zombies=zombies, config=Config(dice=dice)),
        defence=[2, 3], dice=[3, 4], zombies=[0, 1], label="P(break-in)")
    assert s[3, 4, 1] == brute_break_in(3, 4, 1)
    with pytest.raises(SweepError, match="a grid shows two axes: fix zombies with where="):
        s.grid()
    rows, columns, matrix = s.grid(where={"zombies": 1})
    assert matrix == [[brute_break_in(d, n, 1) for n in (3, 4)] for d in (2, 3)]
    assert s.lines()[0] == "defence=2, dice=3, zombies=0: 2/27"
    with pytest.raises(SweepError, match=r"zombies=5 is not on the axis zombies: \[0, 1\]"):
        s.grid(where={"zombies": 5})
    with pytest.raises(SweepError, match="no axis 'hardware'; axes: defence, dice, zombies"):
        s.grid(rows="hardware", where={"zombies": 0})


def test_answers_from_sympy_or_fractions_are_exact_floats_are_marked() -> None:
    sympy = pytest.importorskip("sympy")
    assert exact(sympy.Rational(19, 144)) == Fraction(19, 144)
    assert exact(sympy.Integer(0)) == 0 and type(exact(sympy.Integer(0))) is Fraction
    assert exact(Fraction(2, 3)) == Fraction(2, 3)
    mixed = sweep(lambda x: sympy.Rational(1, x) if x % 2 else 1 / x, x=[1, 2, 3])
    assert mixed.values == {(1,): 1, (2,): 0.5, (3,): Fraction(1, 3)}
    assert not mixed.is_exact
    assert repr(mixed) == "<Sweep P: 3 x (floats)>"
    with pytest.raises(TypeError, match="expected a number, got True"):
        exact(True)


def test_a_failing_point_and_bad_axes_are_named() -> None:
    with pytest.raises(SweepError) as err:
        sweep(lambda dice: odds.break_in(6, defence=2, config=Config(dice=dice)),
              dice=[4, 13])
    assert str(err.value) == "at dice=13: dice must be between 1 and 12, got 13"
    with pytest.raises(SweepError, match="at x=1: the function returned no number"):
        sweep(lambda x: {"p": 1}, x=[1])
    with pytest.raises(SweepError, match=r"axis x repeats a value: \[1, 1\]"):
        sweep(lambda x: x, x=[1, 1])
    with pytest.raises(SweepError, match="give at least one axis"):
        sweep(lambda: 1)


def test_heatmap_draws_the_grid(grid) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = grid.heatmap()
    image = ax.images[0].get_array()
    assert image.shape == (6, 5)
    assert image[1][3] == pytest.approx(19 / 144)
    texts = [t.get_text() for t in ax.texts]
    assert len(texts) == 30 and texts[8] == "13.2%"  # row defence=2, column dice=4
    assert ax.get_xlabel() == "dice" and ax.get_ylabel() == "defence"
    assert ax.images[0].get_clim() == (0.0, 1.0)  # probabilities: one scale for every map
    assert sweep(lambda n: n * n, n=[2, 3]).heatmap().images[0].get_clim() == (4.0, 9.0)
    ax = grid.heatmap(rows="dice", columns="defence", annotate="fraction")
    assert [t.get_text() for t in ax.texts][:3] == ["1/6", "0", "0"]
    with pytest.raises(ValueError, match="annotate must be"):
        grid.heatmap(annotate="pie")
    plt.close("all")


def test_to_pandas_is_the_long_table(grid) -> None:
    pytest.importorskip("pandas")
    frame = grid.to_pandas()
    assert list(frame.columns) == ["defence", "dice", "P"]
    assert len(frame) == 30 and frame.iloc[8]["P"] == Fraction(19, 144)
