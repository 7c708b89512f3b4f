"""What the browser edition serves: which notebooks, in which form, and the app pages.

Pure functions of the notebooks' JSON and the build config (no files written here):

- :func:`site_notebooks` picks the notebooks of one audience's site. The **teacher**
  site has every ``notebooks/*.ipynb`` (the teacher edition, with solutions) except those
  the config excludes, and every ``notebooks/student/*.ipynb`` when that folder exists
  (the student edition); the **student** site has the student edition only, so nothing
  in it holds a solution or a teacher note;
- :func:`for_the_browser` prepares one: outputs and execution counts cleared (they are
  the desktop kernel's, with matplotlib PNGs the browser would not make), the saved
  widget state dropped, and the kernel set to the Pyodide kernel (``python``);
- :func:`app_notebook` makes a game's app page: one code cell, its code hidden;
- :func:`landing_page` writes the site's front page: the lessons and walkthroughs with
  their one-line goals (``metadata.boardlab.goal`` of each notebook), and the app pages.

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
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

#: The Pyodide kernel of jupyterlite-pyodide-kernel.
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}

#: What the first cell of a notebook left out of the browser edition must say.
NOT_IN_BROWSER = "not in the browser edition"

#: Tag of the code cell an app page runs (the board); the page hides every input.
APP_TAG = "boardlab-app"
#: The sites the build writes, one per audience.
AUDIENCES = ("teacher", "student")


def site_notebooks(notebooks: Path, exclude: Iterable[str] = (),
                   audience: str = "teacher") -> list[tuple[Path, str]]:
    """``(source, path in the site)`` of every notebook the site serves, sorted.

    ``exclude`` lists paths relative to ``notebooks`` (``"06_what_if.ipynb"``); an entry
    that names no notebook is an error, so a renamed notebook cannot slip back in. The
    student site (``audience="student"``) serves the student edition alone.
    """
    if audience not in AUDIENCES:
        raise ValueError(f"audience must be one of {AUDIENCES}, not {audience!r}")
    excluded = set(exclude)
    teacher = sorted(notebooks.glob("*.ipynb"))
    known = {p.name for p in teacher}
    unknown = sorted(excluded - known)
    if unknown:
        raise ValueError(f"[site] exclude names no notebook in {notebooks}: {', '.join(unknown)}")
    out = ([(p, f"teacher/{p.name}") for p in teacher if p.name not in excluded]
           if audience == "teacher" else [])
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
             "source": f"## {title}"},
            {"cell_type": "code", "id": "board", "execution_count": None, "outputs": [],
             "metadata": {"tags": [APP_TAG], "jupyter": {"source_hidden": True}},
             "source": code.strip() + "\n"},
        ],
        "metadata": {"kernelspec": dict(KERNELSPEC),
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@dataclass(frozen=True)
class Entry:
    """One notebook on the landing page: its site paths (per edition), title and goal."""

    number: str
    title: str
    goal: str
    links: tuple[tuple[str, str], ...]    # (label, path in the site)


def entry(nb: Mapping[str, Any], links: Sequence[tuple[str, str]]) -> Entry:
    """The landing-page entry of a notebook: the ``# `` title of its first cell (without
    "Lesson: "), its one-line goal (``metadata.boardlab.goal``: a ValueError without one),
    and its links.

    >>> nb = {"cells": [{"cell_type": "markdown", "source": "# Lesson: four dice\\n\\nx"}],
    ...       "metadata": {"boardlab": {"goal": "The chance, three ways."}}}
    >>> entry(nb, [("student", "student/02_four.ipynb")])
    Entry(number='02', title='Four dice', goal='The chance, three ways.', \
links=(('student', 'student/02_four.ipynb'),))
    """
    cells = nb.get("cells") or [{}]
    source = cells[0].get("source", "")
    text = "".join(source) if isinstance(source, list) else str(source)
    title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), "")
    title = re.sub(r"^(Lesson|Walkthrough):\s*", "", title)
    title = title[:1].upper() + title[1:]
    goal = nb.get("metadata", {}).get("boardlab", {}).get("goal", "")
    name = PurePosixPath(links[0][1]).name if links else ""
    if not title or not isinstance(goal, str) or not goal.strip() or "\n" in goal:
        raise ValueError(f"{name}: a notebook of the site needs a '# ' title and a one-line "
                         "metadata.boardlab.goal")
    return Entry(name[:2], title, goal.strip(), tuple(links))


def landing_page(entries: Sequence[Entry], apps: Sequence[tuple[str, str]],
                 audience: str) -> str:
    """The site's front page (``index.html``): every notebook with its goal, then the app
    pages (``(title, path)``), then the file browser. Plain HTML and CSS, nothing fetched
    from elsewhere.

    >>> page = landing_page([Entry("02", "four dice", "The chance.", (("open", "s/02.ipynb"),))],
    ...                     [("Mall of Horror", "apps/mall-of-horror.html")], "student")
    >>> 'href="notebooks/index.html?path=s/02.ipynb"' in page, "apps/mall-of-horror.html" in page
    (True, True)
    """
    if audience not in AUDIENCES:
        raise ValueError(f"audience must be one of {AUDIENCES}, not {audience!r}")
    esc = html.escape
    rows = []
    for e in entries:
        links = " · ".join(f'<a href="notebooks/index.html?path={esc(path)}">{esc(label)}</a>'
                           for label, path in e.links)
        rows.append(f'<tr><td class="n">{esc(e.number)}</td><td><b>{esc(e.title)}</b><br>'
                    f'<span class="goal">{esc(e.goal)}</span></td><td class="open">{links}'
                    "</td></tr>")
    boards = "".join(f'<li><a href="{esc(path)}">{esc(title)}</a>: the board alone, to play '
                     "</li>" for title, path in apps)
    who = ("Teacher site: every notebook in two editions. The <b>teacher edition</b> holds "
           "the answers to the exercises; the <b>student edition</b> has no answers and "
           "folds each explanation until it is opened. Publish the student site "
           "(<code>build/lite-student/</code>) for your class."
           if audience == "teacher" else
           "Run the cells one at a time (<i>Shift+Enter</i>) and make each prediction "
           "before its answer is on screen. Your changes stay in this browser.")
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>boardlab · lessons in your browser</title>
<style>
  body {{ font-family: system-ui, sans-serif; max-width: 60em; margin: 2em auto;
         padding: 0 1em; line-height: 1.45; color: #1a1a1a; }}
  h1 {{ font-size: 1.6em; margin-bottom: 0.2em; }}
  table {{ border-collapse: collapse; width: 100%; }}
  td {{ border-top: 1px solid #ddd; padding: 0.5em 0.6em; vertical-align: top; }}
  td.n {{ color: #555; width: 2em; }}
  td.open {{ white-space: nowrap; }}
  .goal {{ color: #333; }}
  a {{ color: #0b5394; }}
  .note {{ background: #f4f6f8; border-left: 4px solid #0072B2; padding: 0.6em 0.9em; }}
</style>
</head>
<body data-bl-site="{audience}">
<h1>boardlab · lessons in your browser</h1>
<p>Exact probability with three board games, in notebooks that run here, in this browser,
with nothing installed. The first cell of a notebook takes tens of seconds (Python starts
inside the page); then cells run as usual.</p>
<p class="note">{who}</p>
<h2>Lessons and walkthroughs</h2>
<table id="bl-notebooks">
{chr(10).join(rows)}
</table>
<h2>Boards</h2>
<ul id="bl-apps">{boards}</ul>
<p>All files: <a href="tree/index.html">the file browser</a> ·
<a href="lab/index.html">JupyterLab</a>.</p>
</body>
</html>
"""


def site_path(*parts: str) -> str:
    """A path inside the site's contents, with forward slashes.

    >>> site_path("apps", "mall-of-horror.ipynb")
    'apps/mall-of-horror.ipynb'
    """
    return str(PurePosixPath(*parts))
