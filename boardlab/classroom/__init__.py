"""Play together in class: each student's browser is one seat of a live match.

``boardlab serve GAME`` on the command line, or :func:`serve` from a notebook, starts a
small web server (Starlette on uvicorn, the optional extra ``boardlab[classroom]``) with
one secret link per seat, a projector link (the public table, the log, the odds) and a
teacher link (everything, the controls). The server is the only authority: every choice
goes through ``Match.push``, each page gets only what its viewer may know, and the
lesson is saved atomically after every ply, so a restarted server goes on with the same
links. See docs/classroom.md.

Nothing here is imported by ``import boardlab``; Starlette and uvicorn are imported only
when a server starts.

>>> from boardlab.classroom import Lesson
>>> Lesson.create("level7-lockdown", seed=1).tables[0].seats
('Leo', 'Cody')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.classroom.lesson import Lesson
    from boardlab.classroom.notebook import Handle, serve

__all__ = ["Handle", "Lesson", "serve"]

_NAMES = {"Lesson": "boardlab.classroom.lesson", "serve": "boardlab.classroom.notebook",
          "Handle": "boardlab.classroom.notebook"}


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        import importlib

        return getattr(importlib.import_module(_NAMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
