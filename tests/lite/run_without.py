"""Run a notebook's code cells in a fresh IPython with some packages made unimportable.

    python -m tests.lite.run_without NOTEBOOK [--block matplotlib,numpy]

The blocked packages cannot be imported at all (as in the browser edition, where
matplotlib and numpy do not exist). Prints one JSON object: per code cell, its printed
text and the MIME types it displayed, and the error if one stopped it. Used by
tests/lite/test_without_matplotlib.py in a subprocess (the test's own interpreter has
matplotlib loaded already).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.abc
import io
import json
import sys
from typing import Any


class Blocker(importlib.abc.MetaPathFinder):
    """Makes ``import NAME`` (and its submodules) fail for every blocked name."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.tried: list[str] = []

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname.split(".")[0] in self.names:
            self.tried.append(fullname)
            raise ImportError(f"{fullname} is blocked (as in the browser edition)",
                              name=fullname)
        return None


def install_blocker(names: set[str]) -> Blocker:
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in names)
    if loaded:
        raise RuntimeError(f"already imported, cannot block: {', '.join(loaded)}")
    blocker = Blocker(names)
    sys.meta_path.insert(0, blocker)
    return blocker


#: The MIME type that stands for a display, most specific first.
KINDS = ("application/vnd.jupyter.widget-view+json", "image/svg+xml", "image/png",
         "text/html", "text/latex", "text/plain")


def kind(data: Any) -> str:
    """The most specific known MIME type of a display's data (``none`` when empty)."""
    return next((m for m in KINDS if m in data), "none")


def run(path: str, blocked: set[str]) -> dict[str, Any]:
    blocker = install_blocker(blocked)
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shown: list[list[str]] = []
    # A cell's result is recorded, not printed as "Out[n]:" lines.
    shell.displayhook.write_output_prompt = lambda: None  # type: ignore[method-assign]
    shell.displayhook.write_format_data = (  # type: ignore[method-assign]
        lambda data, *_a, **_k: shown[-1].append(kind(data)))
    # Every MIME type a notebook front end would ask for (a bare shell asks for text only).
    shell.display_formatter.active_types = list(shell.display_formatter.format_types)

    def capture(obj: Any, *_args: Any, **_kwargs: Any) -> None:
        data, _meta = shell.display_formatter.format(obj)
        shown[-1].append(kind(data))

    import IPython.display

    IPython.display.display = capture  # the cells' own `display(...)` calls
    with open(path, encoding="utf-8") as f:
        nb = json.load(f)
    cells = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        shown.append([])
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            result = shell.run_cell(source, store_history=False)
        error = result.error_in_exec or result.error_before_exec
        shown[-1] = [k for k in shown[-1] if k != "none"]
        cells.append({"text": out.getvalue(), "shown": shown[-1],
                      "error": None if error is None else f"{type(error).__name__}: {error}"})
        if error is not None:
            break
    return {"cells": cells, "blocked_imports": blocker.tried,
            "loaded": sorted({m.split(".")[0] for m in sys.modules} & blocked)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("notebook")
    parser.add_argument("--block", default="matplotlib,numpy")
    args = parser.parse_args()
    print(json.dumps(run(args.notebook, set(args.block.split(",")))))


if __name__ == "__main__":
    main()
