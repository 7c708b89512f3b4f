"""Sphinx helpers for boardlab's manual (loaded by docs/conf.py; not part of the package).

Three jobs:

- ``read_notebook``: the notebook reader myst-nb uses for ``.ipynb`` files. A widget
  output can only be drawn from the widget state saved in the notebook's metadata
  (``scripts/execute_notebooks.py`` saves it; JupyterLab does only with "Save Widget
  State Automatically"). When a notebook carries no saved state, its widget views are
  dropped from the outputs so the page shows each widget's text fallback instead of an
  empty box.
- ``optional_blocks``: a page may wrap part of its text in
  ``<!-- optional: module NAME -->`` … ``<!-- end-optional -->`` (kept only once module
  NAME exists: API entries for modules still being written) or in
  ``<!-- optional: files GLOB -->`` … ``<!-- end-optional -->`` (kept only while GLOB,
  relative to docs/, matches a file: the notebooks' toctree before the first notebook
  lands). So the build neither fails nor warns about what is not there yet.
- ``jupyter_links``: pages are written to be read in JupyterLab too (the teacher notes
  are opened from the lessons there), so their links are plain Markdown links relative to
  the file in the repository: ``../../notebooks/02_lesson_four_dice.ipynb`` from
  ``docs/teacher/``. In the manual the notebooks are pages under ``docs/notebooks`` (a
  symlink), so such a link becomes a reference to that page when the manual reads it;
  a link into ``notebooks/student/`` (not in the manual) keeps only its text.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
OPTIONAL = re.compile(
    r"<!-- optional: (?P<what>module|files) (?P<name>\S+) -->\n"
    r"(?P<body>.*?)<!-- end-optional -->\n?",
    re.S,
)


NOTEBOOK_HREF = re.compile(r'href="(\d\d_[\w-]+)\.ipynb"')


def read_notebook(text: str) -> nbformat.NotebookNode:
    """Read a notebook; without saved widget state, keep only widgets' text fallbacks.

    Links between notebooks (``<a href="01_x.ipynb">``, which JupyterLab follows) point
    at the built page (``01_x.html``) in the manual.
    """
    nb = nbformat.reads(text, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = NOTEBOOK_HREF.sub(r'href="\1.html"', cell.source)
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state")
    if not state:
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                data = output.get("data")
                if data and WIDGET_VIEW in data and len(data) > 1:
                    del data[WIDGET_VIEW]
    return nb


def jupyter_links(docname: str, text: str) -> str:
    """A page's repository-relative links to ``notebooks/`` as the manual resolves them.

    A relative link would be resolved through the ``docs/notebooks`` symlink to the
    real ``notebooks/`` folder, outside the manual's sources, so it becomes the
    ``{doc}`` reference the manual needs (only here, never in the file).

    >>> jupyter_links("teacher/02", "[02 · Four dice](../../notebooks/02_x.ipynb), "
    ...               "[`s`](../../notebooks/student/02_x.ipynb), [r](../rulings.md)")
    '{doc}`02 · Four dice </notebooks/02_x>`, `s`, [r](../rulings.md)'
    >>> jupyter_links("level7", "[09](../notebooks/09_y.ipynb)")
    '{doc}`09 </notebooks/09_y>`'
    """
    out_of_docs = re.escape("../" * (docname.count("/") + 1)) + "notebooks/"
    text = re.sub(r"\[([^\]]*)\]\(" + out_of_docs + r"student/[^)\s]*\)", r"\1", text)
    return re.sub(r"\[([^\]`<]*)\]\(" + out_of_docs + r"([\w-]+)\.ipynb\)",
                  r"{doc}`\1 </notebooks/\2>`", text)


def rewrite_jupyter_links(app, docname: str, source: list[str]) -> None:
    """``source-read`` handler for :func:`jupyter_links` (Markdown pages only)."""
    if app.env.doc2path(docname).suffix == ".md":
        source[0] = jupyter_links(docname, source[0])


def module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def optional_blocks(app, docname: str, source: list[str]) -> None:
    """``source-read`` handler: drop the optional blocks whose module or files are missing."""

    def keep_or_drop(m: re.Match) -> str:
        if m.group("what") == "module":
            present = module_exists(m.group("name"))
        else:
            present = any(Path(app.srcdir).glob(m.group("name")))
        return m.group("body") if present else ""

    source[0] = OPTIONAL.sub(keep_or_drop, source[0])


def reread_optional_pages(app, env, added, changed, removed) -> list[str]:
    """``env-get-outdated`` handler: pages with optional blocks are read on every build,
    so a module or notebook that appears since the last build shows up (or is dropped)."""
    return [path.stem for path in Path(app.srcdir).glob("*.md")
            if "<!-- optional: " in path.read_text(encoding="utf-8")]


def setup(app):
    app.connect("source-read", optional_blocks)
    app.connect("source-read", rewrite_jupyter_links)
    app.connect("env-get-outdated", reread_optional_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
