"""What the browser edition serves: which notebooks, in which form, and the app pages.

Pure functions of the notebooks' JSON and the build config (no files written here):

- :func:`site_notebooks` picks the notebooks: every ``notebooks/*.ipynb`` (the teacher
  edition, with solutions) except those the config excludes, and every
  ``notebooks/student/*.ipynb`` when that folder exists (the student edition);
- :func:`for_the_browser` prepares one: outputs and execution counts cleared (they are
  the desktop kernel's, with matplotlib PNGs the browser would not make), the saved
  widget state dropped, and the kernel set to the Pyodide kernel (``python``);
- :func:`app_notebook` makes a game's app page: one code cell, its code hidden.

>>> nb = {"cells": [{"cell_type": "code", "source": "1", "outputs": [{"x": 1}],
...        "execution_count": 3, "metadata": {}}], "metadata": {"widgets": {}}, "nbformat": 4}
>>> out = for_the_browser(nb)
>>> out["cells"][0]["outputs"], out["cells"][0]["execution_count"], "widgets" in out["metadata"]
([], None, False)
>>> out["metadata"]["kernelspec"]["name"]
'python'
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

#: The Pyodide kernel of jupyterlite-pyodide-kernel.
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}

#: What the first cell of a notebook left out of the browser edition must say.
NOT_IN_BROWSER = "not in the browser edition"

#: Tag of the code cell an app page runs (the board); the page hides every input.
APP_TAG = "boardlab-app"


def site_notebooks(notebooks: Path, exclude: Iterable[str] = ()) -> list[tuple[Path, str]]:
    """``(source, path in the site)`` of every notebook the site serves, sorted.

    ``exclude`` lists paths relative to ``notebooks`` (``"06_what_if.ipynb"``); an entry
    that names no notebook is an error, so a renamed notebook cannot slip back in.
    """
    excluded = set(exclude)
    teacher = sorted(notebooks.glob("*.ipynb"))
    known = {p.name for p in teacher}
    unknown = sorted(excluded - known)
    if unknown:
        raise ValueError(f"[site] exclude names no notebook in {notebooks}: {', '.join(unknown)}")
    out = [(p, f"teacher/{p.name}") for p in teacher if p.name not in excluded]
    student = notebooks / "student"
    if student.is_dir():
        out += [(p, f"student/{p.name}") for p in sorted(student.glob("*.ipynb"))
                if f"student/{p.name}" not in excluded and p.name not in excluded]
    return out


def for_the_browser(nb: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of notebook ``nb`` as the browser edition serves it (see the module doc)."""
    out = copy.deepcopy(dict(nb))
    for cell in out.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    meta = dict(out.get("metadata", {}))
    meta.pop("widgets", None)
    meta["kernelspec"] = dict(KERNELSPEC)
    out["metadata"] = meta
    return out


def says_not_in_browser(nb: Mapping[str, Any]) -> bool:
    """Whether the notebook's first cell says it is left out of the browser edition."""
    cells = nb.get("cells") or [{}]
    source = cells[0].get("source", "")
    text = "".join(source) if isinstance(source, list) else str(source)
    return cells[0].get("cell_type") == "markdown" and NOT_IN_BROWSER in text.lower()


def app_notebook(title: str, code: str) -> dict[str, Any]:
    """The notebook behind a game's app page: a title and the board's code, hidden.

    >>> nb = app_notebook("Mall of Horror", "board")
    >>> [c["cell_type"] for c in nb["cells"]], nb["cells"][1]["metadata"]["tags"]
    (['markdown', 'code'], ['boardlab-app'])
    """
    if not title.strip() or not code.strip():
        raise ValueError("an app needs a title and code")
    return {
        "cells": [
            {"cell_type": "markdown", "id": "title", "metadata": {},
             "source": f"# {title}\n\nThe board loads in a few seconds (the first time in a "
                       "browser, up to a minute)."},
            {"cell_type": "code", "id": "board", "execution_count": None, "outputs": [],
             "metadata": {"tags": [APP_TAG], "jupyter": {"source_hidden": True}},
             "source": code.strip() + "\n"},
        ],
        "metadata": {"kernelspec": dict(KERNELSPEC),
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def site_path(*parts: str) -> str:
    """A path inside the site's contents, with forward slashes.

    >>> site_path("apps", "mall-of-horror.ipynb")
    'apps/mall-of-horror.ipynb'
    """
    return str(PurePosixPath(*parts))
