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
