"""Where the project's shared material is: ``../shared`` (rule texts, tools, rulings).

The rule texts are not part of the repository (they are the specification, never
copied), so tests that need them look for the folder beside the clone:

1. ``$BOARDLAB_SHARED`` when set (it must then exist);
2. ``../shared`` beside the repository;
3. for a ``git worktree``, ``../shared`` beside the main checkout (a worktree's ``.git``
   file points into the main checkout's ``.git/worktrees/``).

Without it such a test skips with the reason, visible in pytest's summary (``-ra``);
with ``BOARDLAB_REQUIRE_SHARED=1`` (set by ``.ci/run``) it fails instead, so CI cannot
pass without having run it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _worktree_main(root: Path) -> Path | None:
    """The main checkout of a git worktree at ``root`` (None for an ordinary clone)."""
    git = root / ".git"
    if not git.is_file():
        return None
    text = git.read_text(encoding="utf-8").strip()
    if not text.startswith("gitdir:"):
        return None
    gitdir = Path(text.removeprefix("gitdir:").strip())
    if not gitdir.is_absolute():
        gitdir = (root / gitdir).resolve()
    # <main>/.git/worktrees/<name> → <main>
    if gitdir.parent.name == "worktrees" and gitdir.parent.parent.name == ".git":
        return gitdir.parent.parent.parent
    return None


def shared_dir(root: Path = ROOT) -> Path | None:
    """The shared folder (it holds ``rules/`` and ``tools/``), or None when absent.

    >>> shared_dir(Path("/nonexistent/clone")) is None or "BOARDLAB_SHARED" in os.environ
    True
    """
    explicit = os.environ.get("BOARDLAB_SHARED")
    if explicit:
        path = Path(explicit)
        if not (path / "rules").is_dir():
            raise FileNotFoundError(f"BOARDLAB_SHARED={explicit} has no rules/ folder")
        return path
    candidates = [root.parent / "shared"]
    main = _worktree_main(root)
    if main is not None:
        candidates.append(main.parent / "shared")
    return next((c for c in candidates if (c / "rules").is_dir()), None)


def require_shared(what: str) -> Path:
    """The shared folder; else skip (or fail under BOARDLAB_REQUIRE_SHARED=1) naming ``what``."""
    found = shared_dir()
    if found is not None:
        return found
    reason = (f"{what} did not run: no shared folder (rule texts, tools) at "
              f"{ROOT.parent / 'shared'}; set BOARDLAB_SHARED=/path/to/shared")
    if os.environ.get("BOARDLAB_REQUIRE_SHARED") == "1":
        pytest.fail(reason + " (BOARDLAB_REQUIRE_SHARED=1)")
    pytest.skip(reason)
