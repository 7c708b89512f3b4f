"""Sphinx configuration of boardlab's manual: ``make docs`` (or ``make test``) builds it.

Markdown pages and the notebooks in ``notebooks/`` are read by myst-nb; the API pages
come from the package's docstrings through autodoc. Notebooks are never executed here:
``make notebooks`` (nbval) checks that their stored outputs are what the code gives, and
the manual shows those stored outputs. See about-docs.md.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# autodoc imports the package from this checkout, installed or not.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_tools"))

import boardlab  # noqa: E402

project = "boardlab"
author = "the boardlab developers"
copyright = "the boardlab developers"
release = version = boardlab.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "boardlab_docs",  # docs/_tools/boardlab_docs.py: widgets, optional blocks
]

root_doc = "index"
# notebooks/student is the student edition (outputs cleared, made by `make student`): the
# manual shows the teacher edition, with its outputs.
exclude_patterns = ["_build", "_tools", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store",
                    "notebooks/student"]

# --- MyST and notebooks -------------------------------------------------------------
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath", "amsmath"]
# The notebooks are executed by scripts/execute_notebooks.py and checked by nbval
# (make notebooks); the manual renders their stored outputs as they are.
nb_execution_mode = "off"
# Widgets: drawn from the saved widget state when the notebook has it, else their text.
nb_custom_formats = {".ipynb": ["boardlab_docs.read_notebook", {}, False]}

# docs/notebooks is a symlink to ../notebooks (so they stay where JupyterLab opens them).
# index.md's "Notebooks" toctree is left out while there is no notebook (see _tools).

# --- autodoc ----------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# --- HTML -------------------------------------------------------------------------
html_theme = "furo" if importlib.util.find_spec("furo") else "alabaster"
html_title = f"boardlab {release}"
html_static_path: list[str] = []
