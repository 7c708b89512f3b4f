"""boardlab and its lessons without matplotlib and numpy, as in the browser edition.

Each check runs in a fresh interpreter where importing matplotlib or numpy fails
(tests/lite/run_without.py). There:

- ``import boardlab``, every game, its odds and its board load, and nothing tries to
  import a compiled package;
- every notebook of the browser edition runs top to bottom, prints exactly the text its
  stored (desktop) outputs hold, and shows its charts as SVG where the desktop shows
  PNG: the same data and the same text versions, drawn by boardlab's own charts.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from boardlab import registry
from scripts.lite import build, contents
from tests.lite.run_without import kind

ROOT = Path(__file__).resolve().parents[2]
BLOCK = "matplotlib,numpy"
SANITIZE = [(re.compile(r"0x[0-9a-fA-F]+"), "0xADDRESS"),
            (re.compile(r"\b[0-9a-f]{32}\b"), "MODEL_ID")]


#: Too slow for every `make test` (its simulations take ~30 s); its one chart uses the
#: calls lesson 04's does, plus errorbar (tests/lite/test_charts.py).
SLOW = {"06_what_if.ipynb"}


def lite_notebooks() -> list[Path]:
    """The teacher edition's notebooks the site serves. The student edition (site path
    ``student/…``) stores no output to compare with; it is the same code minus the
    solution cells, and tests/notebooks/test_student_edition.py runs it top to bottom."""
    config = build.load_config()
    return [source for source, path in
            contents.site_notebooks(ROOT / "notebooks", config.exclude_notebooks)
            if source.name not in SLOW and not path.startswith("student/")]


def run_without(*args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "tests.lite.run_without", *args,
                           "--block", BLOCK], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=_env())
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _env() -> dict[str, str]:
    import os

    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env["PYTHONHASHSEED"] = "0"  # as `make notebooks` runs them
    return env


@cache
def runs() -> dict[Path, dict[str, Any]]:
    """Every lite notebook run without matplotlib (two at a time: a 2-core machine)."""
    notebooks = lite_notebooks()
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = pool.map(lambda nb: run_without(str(nb)), notebooks)
        return dict(zip(notebooks, results, strict=True))


def stored(nb: Path) -> list[dict[str, Any]]:
    """Per code cell: its stored printed text and the MIME types it displayed."""
    cells = []
    for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = "".join("".join(o["text"]) for o in cell["outputs"]
                       if o["output_type"] == "stream" and o["name"] == "stdout")
        shown = [kind(o["data"]) for o in cell["outputs"] if o["output_type"] in ("display_data",
                                                                   "execute_result")]
        cells.append({"text": text, "shown": shown})
    return cells


def clean(text: str) -> str:
    for pattern, replacement in SANITIZE:
        text = pattern.sub(replacement, text)
    return text


def test_import_boardlab_and_every_game_without_compiled_packages() -> None:
    modules = ["boardlab", "boardlab.prob", "boardlab.prob.charts", "boardlab.widgets"]
    for r in registry.BUILTIN:
        modules += [r.package, r.entry]
        modules += [f"{r.package}.{part}" for part in ("odds", "board", "render")
                    if importlib.util.find_spec(f"{r.package}.{part}") is not None]
    code = "; ".join(f"import {m}" for m in modules)
    probe = ROOT / "build" / "lite-probe.ipynb"
    probe.parent.mkdir(exist_ok=True)
    probe.write_text(json.dumps({"cells": [
        {"cell_type": "code", "source": code, "outputs": []},
        {"cell_type": "code", "outputs": [],
         "source": "from boardlab import mall_of_horror as moh\n"
                   "b = moh.Board(moh.new_match(players=4, seed=1), seat='red')\n"
                   "b.step(); print(b.status)"},
    ]}))
    out = run_without(str(probe))
    assert [c["error"] for c in out["cells"]] == [None, None]
    assert out["cells"][1]["text"] == \
        "Setup · to move: chance · last: yellow is dealt an action card\n"
    # Nothing even tried to import them, and nothing of them is loaded.
    assert out["blocked_imports"] == [] and out["loaded"] == []


def test_the_blocker_blocks() -> None:
    # The check can fail: a cell importing matplotlib fails there.
    probe = ROOT / "build" / "lite-probe-mpl.ipynb"
    probe.parent.mkdir(exist_ok=True)
    probe.write_text(json.dumps({"cells": [
        {"cell_type": "code", "source": "import matplotlib.pyplot", "outputs": []}]}))
    out = run_without(str(probe))
    assert out["cells"][0]["error"].startswith("ModuleNotFoundError") or \
        out["cells"][0]["error"].startswith("ImportError")
    assert out["blocked_imports"] == ["matplotlib"]


@pytest.mark.slow
@pytest.mark.parametrize("nb", lite_notebooks(), ids=lambda p: p.stem)
def test_lite_notebook_runs_without_matplotlib_with_the_same_text(nb: Path) -> None:
    got = runs()[nb]["cells"]
    want = stored(nb)
    errors = [c["error"] for c in got if c["error"]]
    assert errors == [], f"{nb.name}: {errors}"
    assert len(got) == len(want)
    for k, (g, w) in enumerate(zip(got, want, strict=True)):
        assert clean(g["text"]) == clean(w["text"]), f"{nb.name}, code cell {k}"
        # Each desktop PNG chart is an SVG chart here; every other display is the same kind.
        assert g["shown"] == [m if m != "image/png" else "image/svg+xml" for m in w["shown"]], \
            f"{nb.name}, code cell {k}"
