"""Heavy libraries load only where they are used (the convention in docs/about-docs.md).

networkx, sympy, matplotlib and ipywidgets take 100–600 ms each to import; the engine,
the command line, the soak and every game's rules never need them. Each module below is
imported in a fresh interpreter under ``python -X importtime``, which lists every module
the import loaded; none of the heavy ones may be among them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardlab import registry

ROOT = Path(__file__).resolve().parent.parent
HEAVY = frozenset({"networkx", "sympy", "matplotlib", "ipywidgets"})

#: Imports that must stay light: the package, its generic parts, every game and its entry.
LIGHT = ["boardlab", "boardlab.cli", "boardlab.soak", "boardlab.registry", "boardlab.narrate",
         "boardlab.advice",
         "boardlab.core", "boardlab.prob",
         *(r.package for r in registry.BUILTIN), *(r.entry for r in registry.BUILTIN)]


def imported(*args: str) -> set[str]:
    """Top-level names of every module ``python -X importtime ARGS`` loaded."""
    done = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    return {line.rsplit("|", 1)[-1].strip().split(".")[0]
            for line in done.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("module", LIGHT)
def test_import_loads_no_heavy_library(module: str) -> None:
    loaded = imported("-c", f"import {module}")
    assert "boardlab" in loaded
    assert loaded & HEAVY == set()


@pytest.mark.parametrize("command", [["rules"], ["play", "--seed", "2"]])
def test_the_command_line_loads_no_heavy_library(command: list[str]) -> None:
    for name in registry.names():
        argv = [command[0], name, *command[1:]]
        assert imported("-m", "boardlab", *argv) & HEAVY == set(), argv


def test_the_probe_sees_a_heavy_import() -> None:
    # The check can fail: importing sympy the probe does see it.
    assert imported("-c", "import boardlab, sympy") & HEAVY == {"sympy"}


#: A first board (issue 28): ``import boardlab.<game>``, ``new_match()`` and ``Board(match)``
#: in a fresh interpreter, as benchmarks/bench_board.py --games times it. Each game's
#: setup is the benchmark's; its first position shows no odds, so none of these load.
FIRST_BOARDS = {"mall_of_horror": "players=4, seed=3", "lockup_breakout": "players=3, seed=1",
                "level7_lockdown": "players=2, seed=1"}
NOT_FOR_A_FIRST_BOARD = ("sympy", "networkx", "matplotlib", "boardlab.prob", "boardlab.advice",
                         "boardlab.experiment", "boardlab.classroom", "boardlab.soak",
                         "boardlab.widgets.explainer", "boardlab.{game}.odds",
                         "boardlab.{game}.explainer", "boardlab.{game}.whatif")


def imported_modules(code: str) -> set[str]:
    """Full names of every module loaded once ``code`` ran in a fresh interpreter."""
    code += "\nimport sys; print(' '.join(sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True, timeout=120)
    return set(done.stdout.split())


@pytest.mark.parametrize("game", sorted(FIRST_BOARDS))
def test_a_first_board_loads_only_what_it_shows(game: str) -> None:
    loaded = imported_modules(f"import IPython; import boardlab.{game} as g; "
                              f"board = g.Board(g.new_match({FIRST_BOARDS[game]})); "
                              "assert board.odds == {}")
    assert "ipywidgets" in loaded and f"boardlab.{game}.board" in loaded
    banned = [name.format(game=game) for name in NOT_FOR_A_FIRST_BOARD]
    assert sorted(m for m in loaded if any(m == b or m.startswith(b + ".")
                                           for b in banned)) == []


def test_the_first_board_probe_sees_the_odds() -> None:
    # The check can fail: a board on a position with odds loads the odds and boardlab.prob.
    loaded = imported_modules("import boardlab.mall_of_horror as g; m = g.new_match(players=4, "
                              "seed=3)\nwhile m.state.phase == 'setup':\n    m.roll() if "
                              "m.to_move is g.CHANCE else m.push(m.legal()[0])\n"
                              "assert g.Board(m).odds")
    assert {"boardlab.prob", "boardlab.mall_of_horror.odds"} <= loaded
