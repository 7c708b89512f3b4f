"""A compact text snapshot of the board: what the command line prints between rounds.

One line per location: the zombies in front and the characters inside, by colour in
seat order, or that it is closed or sealed. (Who holds the Chief badge is the line
"Round N begins; … holds the Chief badge" right below it.) Everything in it is public:
between rounds no character is hidden and no destination is secret, so every viewer
gets the same snapshot.

>>> from boardlab.mall_of_horror import position
>>> s = position(players=4, characters={6: ["red pinup", "blue toughguy", "red gunman"],
...                                     4: ["yellow gunman"]}, zombies={6: 2, 1: 1})
>>> print("\\n".join(board_lines(s)))
  1 Shop 1          1 zombie    empty
  2 Shop 2          closed (3 or 4 players)
  3 Shop 3          0 zombies   empty
  4 Parking Lot     0 zombies   yellow Gunman
  5 Security Room   0 zombies   empty
  6 Supermarket     2 zombies   red Pin-Up, Gunman; blue Tough Guy
"""

from __future__ import annotations

from boardlab.mall_of_horror.config import KIND_NAMES, KINDS, LOCATIONS
from boardlab.mall_of_horror.state import State

__all__ = ["board_lines"]

INDENT = "  "


def _zombies(n: int) -> str:
    return f"{n} zombie" if n == 1 else f"{n} zombies"


def _people(state: State, location: int) -> str:
    """``red Pin-Up, Gunman; blue Tough Guy``: colours in seat order, kinds in box order."""
    groups = []
    for colour in state.setup.colours:
        kinds = [KIND_NAMES[k] for k in KINDS if (colour, k, location) in state.chars]
        if kinds:
            groups.append(f"{colour} {', '.join(kinds)}")
    return "; ".join(groups) or "empty"


def board_lines(state: State) -> list[str]:
    """The snapshot of ``state``'s board, one line per location (see above)."""
    cfg = state.config
    lines = []
    for loc in LOCATIONS:
        name = f"{loc} {cfg.name(loc)}"
        if loc in state.setup.closed:
            what = "closed (3 or 4 players)"    # MoH-R3
        elif loc in state.sealed:
            what = "sealed"                     # MoH-e-seal
        else:
            what = f"{_zombies(state.zombies[loc - 1]):<11} {_people(state, loc)}"
        lines.append(f"{INDENT}{name:<16}  {what}")
    return lines
