"""``serve(match)``: a classroom server for a notebook's match, in the kernel's background.

>>> from boardlab import mall_of_horror as moh
>>> from boardlab.classroom import serve
>>> handle = serve(moh.new_match(players=4, seed=1), pace=0)   # doctest: +SKIP
>>> handle.links["teacher"]                                      # doctest: +SKIP
'http://127.0.0.1:8765/#…'
>>> handle.board                                                 # doctest: +SKIP
>>> handle.stop()                                                # doctest: +SKIP

The handle's :attr:`~Handle.board` is a widget that follows the live match (the teacher's
view: everything); :attr:`~Handle.match` is the match itself, which only the server
changes while it runs.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from boardlab.classroom.lesson import DEFAULT_PACE, DEFAULT_TIMEOUT, Lesson, Table
from boardlab.classroom.tokens import Keys
from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentTypeError, ConfigError

__all__ = ["Handle", "missing_extra", "serve"]


def missing_extra() -> str | None:
    """Why a server cannot start here (the classroom extra is not installed), or None."""
    for module in ("starlette", "uvicorn", "websockets"):
        if importlib.util.find_spec(module) is None:
            return (f"the classroom server needs {module!r}: pip install 'boardlab[classroom]'")
    return None


class Handle:
    """A running classroom server: its links, a teacher board, ``stop()``."""

    def __init__(self, lesson: Lesson, server: Any, thread: Any, base: str) -> None:
        self.lesson, self._server, self._thread = lesson, server, thread
        self.url = base
        self.links: dict[str, str] = lesson.links(base)
        self._board: Any = None

    @property
    def match(self) -> Match[Any, Any]:
        """The live match (the first table's)."""
        return self.lesson.tables[0].match

    @property
    def running(self) -> bool:
        return bool(self._thread.is_alive())

    def start(self) -> None:
        """Start the match now (as the teacher page's Start button does)."""
        classroom = self._server.classroom
        loop = classroom.loop
        if loop is None:
            raise ConfigError("the server is not running")
        loop.call_soon_threadsafe(classroom._start)

    @property
    def board(self) -> Any:
        """A widget showing the narrator's view of the live match, updated every ply."""
        if self._board is None:
            self._board = TeacherBoard(self.lesson)
        return self._board.widget

    def stop(self) -> None:
        """Stop the server (the lesson file, if any, keeps the match and the links)."""
        self._server.should_exit = True
        self._thread.join(10)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.board)

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<classroom {state} at {self.url}: {len(self.links)} links>"


class TeacherBoard:
    """An ipywidgets view of table 0 for the teacher's notebook (picture, status, log)."""

    def __init__(self, lesson: Lesson) -> None:
        import ipywidgets

        self.lesson = lesson
        self.widget = ipywidgets.HTML()
        self.widget.add_class("bl-classroom-teacher")
        lesson.listeners.append(self._follow)
        self._follow(lesson.tables[0])

    def _follow(self, table: Table) -> None:
        if table.index != 0:
            return
        from html import escape

        from boardlab.classroom.messages import teacher_message

        msg = teacher_message(table.match, table.seat_rows(), {}, started=self.lesson.started,
                              timeout=self.lesson.timeout)
        log = "<br>".join(escape(line) for line in msg["log"][-12:])
        self.widget.value = (f"<div><b>{escape(msg['status'])}</b> (ply {msg['ply']})</div>"
                             f"{msg['svg']}<div style='font-size:90%'>{log}</div>")


def serve(match: Match[Any, Any], *, host: str = "127.0.0.1", port: int | None = None,
          timeout: float = DEFAULT_TIMEOUT, pace: float = DEFAULT_PACE,
          agents: str | None = None, file: str | Path | None = None,
          start: bool = False) -> Handle:
    """Serve ``match`` to a class from this kernel; returns a :class:`Handle`.

    ``port`` ``None`` picks a free one; ``file`` keeps the lesson (match and links) after
    every ply; ``start=True`` starts the match at once (else the teacher page's button).
    """
    problem = missing_extra()
    if problem:
        raise ConfigError(problem)
    if not isinstance(match, Match):
        raise ArgumentTypeError("match", match, "expected a boardlab Match (game.new_match())")
    if not isinstance(host, str):
        raise ArgumentTypeError("host", host, "an address such as '127.0.0.1'")
    from boardlab.classroom.messages import game_of_match
    from boardlab.classroom.server import free_port, start_background

    game = game_of_match(match)
    keys = Keys.fresh([list(game.players(match))], tables=1)
    path = None if file is None else Path(file)
    lesson = Lesson([match], keys, path=path, timeout=timeout, pace=pace, agent_kind=agents)
    lesson.save()
    if start:
        lesson.start()
    chosen = free_port(host if host != "0.0.0.0" else "127.0.0.1") if port is None else port
    server, thread = start_background(lesson, host, chosen)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return Handle(lesson, server, thread, f"http://{shown}:{chosen}")
