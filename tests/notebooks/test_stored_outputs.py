"""The notebooks are checked in executed, and their stored outputs are worth comparing.

Strict nbval (`make notebooks`) compares each cell's fresh output with its stored one,
but passes vacuously a cell stored without output. So here every notebook must have
been run top to bottom (execution counts 1, 2, 3, ...), every code cell must carry an
output unless tagged ``no-output`` (pure imports and setup), no output may be an error
or show a memory address, and each notebook opens with a title and its goal. Widgets
must not print into an Output widget while the notebook runs (``interact``,
``interactive`` with ``print``, ``with out:``): JupyterLab and nbconvert put that text
inside the widget, nbval puts it in the cell, so strict nbval can never pass such a
cell. Show a widget's result by setting an ``HTML``/``Label`` value instead.
Re-execute with ``make notebooks-run`` (scripts/execute_notebooks.py).

The markdown cells must also not repeat the rule texts (the shared folder's ``rules/``,
found by tests/shared_texts.py: ``$BOARDLAB_SHARED``, ``../shared`` or, in a git
worktree, beside the main checkout) word for word: they explain the rules in their own
words and cite the section. Without the shared folder that check skips and says why;
under ``BOARDLAB_REQUIRE_SHARED=1`` it fails instead.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.shared_texts import require_shared

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*.ipynb"))

# "<Foo object at 0x7f3a...>", "id=0x55d1...": a memory address changes on every run.
MEMORY_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+|0x[0-9a-fA-F]{8,}")
# Outputs that are text (images are base64 and may contain anything).
TEXT_MIME = ("text/plain", "text/html", "text/markdown", "text/latex", "image/svg+xml",
             "application/json")
OVERLAP_WORDS = 12
WORD = re.compile(r"[a-z0-9]+")


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _texts(output: dict) -> list[str]:
    """The text of one stored output, for the memory address check."""
    if output.get("output_type") == "stream":
        return [_source({"source": output.get("text", "")})]
    data = output.get("data", {})
    return [_source({"source": data[mime]}) if not isinstance(data[mime], dict)
            else json.dumps(data[mime]) for mime in TEXT_MIME if mime in data]


def _label(index: int, cell: dict) -> str:
    lines = _source(cell).strip().splitlines()
    return f"cell {index} ({lines[0][:50] if lines else 'empty'!r})"


def problems(nb: dict) -> list[str]:
    """Everything wrong with one notebook's stored state, as readable lines."""
    found = []
    kernel = nb.get("metadata", {}).get("kernelspec", {}).get("name")
    if kernel != "python3":
        found.append(f"kernelspec name is {kernel!r}, not 'python3'")
    cells = nb.get("cells", [])
    first = cells[0] if cells else {}
    head = _source(first)
    if first.get("cell_type") != "markdown" or not head.startswith("# "):
        found.append("the first cell must be markdown starting with a '# ' title")
    elif not re.search(r"\bGoal\b", head):
        found.append("the first cell must state the notebook's Goal (a 'Goal' sentence)")
    widgets = nb.get("metadata", {}).get("widgets", {})
    state = widgets.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in state.values():
        if model.get("model_name") == "OutputModel" and model.get("state", {}).get("outputs"):
            text = json.dumps(model["state"]["outputs"])[:80]
            found.append(f"an Output widget captured output while the notebook ran ({text} ...): "
                         "nbval sees it in the cell instead, so strict nbval fails; set an "
                         "HTML/Label widget's value instead of printing")
    code = [(i, c) for i, c in enumerate(cells) if c.get("cell_type") == "code"]
    never: list[int] = []
    for n, (i, cell) in enumerate(code, start=1):
        where = _label(i, cell)
        count = cell.get("execution_count")
        if count is None:
            never.append(i)
        elif count != n:
            found.append(f"{where}: execution_count {count}, expected {n} "
                         "(run the notebook top to bottom: make notebooks-run)")
        outputs = cell.get("outputs", [])
        tags = cell.get("metadata", {}).get("tags", [])
        if not outputs and "no-output" not in tags and count is not None:
            found.append(f"{where}: no stored output (nbval would compare nothing); "
                         "show a result or tag the cell 'no-output'")
        for out in outputs:
            if out.get("output_type") == "error":
                found.append(f"{where}: stored error {out.get('ename')}: {out.get('evalue')}")
            for text in _texts(out):
                m = MEMORY_ADDRESS.search(text)
                if m:
                    found.append(f"{where}: output shows a memory address {m.group(0)!r}")
    if never:
        found.insert(0, f"code cell(s) {never} never executed: run the notebook top to bottom "
                        "(make notebooks-run); an empty code cell stays unexecuted, remove it")
    return found


@pytest.mark.parametrize(
    "path", NOTEBOOKS or [None], ids=[p.name for p in NOTEBOOKS] or ["no-notebooks-yet"]
)
def test_notebook_stored_outputs(path: Path | None) -> None:
    if path is None:
        # Nothing to check yet; this passes only while the folder really has none.
        assert not list(NOTEBOOKS_DIR.glob("*.ipynb"))
        return
    found = problems(_load(path))
    assert not found, f"{path.name}:\n  " + "\n  ".join(found)


def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def test_notebook_markdown_does_not_repeat_the_rule_texts() -> None:
    rules_dir = require_shared("the notebooks' rule-text check") / "rules"
    rule_files = sorted(rules_dir.glob("*.txt"))
    assert rule_files, f"no rule texts (*.txt) in {rules_dir}"
    n = OVERLAP_WORDS
    grams = set()
    for rule in rule_files:
        w = _words(rule.read_text(encoding="utf-8", errors="replace"))
        grams.update(tuple(w[i:i + n]) for i in range(len(w) - n + 1))
    shared = []
    for path in NOTEBOOKS:
        for i, cell in enumerate(_load(path).get("cells", [])):
            if cell.get("cell_type") != "markdown":
                continue
            w = _words(_source(cell))
            hits = [i_ for i_ in range(len(w) - n + 1) if tuple(w[i_:i_ + n]) in grams]
            if hits:
                shared.append(f"{path.name} cell {i}: \"{' '.join(w[hits[0]:hits[0] + n])} ...\"")
    assert not shared, (f"{len(shared)} markdown cell(s) repeat {n}+ words of a rule text; "
                        "paraphrase and cite the section:\n  " + "\n  ".join(shared))


def _nb(*cells: dict, kernel: str = "python3") -> dict:
    return {"metadata": {"kernelspec": {"name": kernel}}, "cells": list(cells)}


def _md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def _code(count, *outputs: dict, tags: tuple[str, ...] = ()) -> dict:
    return {"cell_type": "code", "execution_count": count, "metadata": {"tags": list(tags)},
            "source": "x = 1", "outputs": list(outputs)}


def _text(text: str) -> dict:
    return {"output_type": "execute_result", "data": {"text/plain": text}}


TITLE = _md("# Title\n\nGoal: see the checks work.")


def test_the_checks_themselves() -> None:
    ok = _nb(TITLE, _code(1, tags=("no-output",)), _code(2, _text("3")))
    assert problems(ok) == []
    assert problems(_nb(TITLE, _code(1, _text("3")), kernel="other"))
    assert problems(_nb(_md("Title without hash\nGoal"), _code(1, _text("3"))))
    assert problems(_nb(_md("# Title, no goal"), _code(1, _text("3"))))
    assert problems(_nb(TITLE, _code(None, _text("3"))))                  # not run
    assert problems(_nb(TITLE, _code(2, _text("3")), _code(1, _text("3"))))  # out of order
    assert problems(_nb(TITLE, _code(1, _text("3")), _code(3, _text("3"))))  # a gap
    assert problems(_nb(TITLE, _code(1)))                                   # stripped
    assert problems(_nb(TITLE, _code(1, {"output_type": "error", "ename": "E", "evalue": ""})))
    assert problems(_nb(TITLE, _code(1, _text("<Foo object at 0x7f3a2b1c4d50>"))))
    stream = {"output_type": "stream", "name": "stdout", "text": ["id 0x55d1c0ffee00\n"]}
    assert problems(_nb(TITLE, _code(1, stream)))
    printed = _nb(TITLE, _code(1, _text("3")))
    printed["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {
        "m1": {"model_name": "OutputModel", "state": {"outputs": [stream]}}}}}
    assert problems(printed)
