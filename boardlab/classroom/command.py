"""``boardlab serve GAME [the game's options] [--seed N] [--port P] [--host 127.0.0.1]``.

Starts a lesson (or resumes the one in ``--file``, with the same links), prints its links
on standard output — the teacher's terminal, not a log — and serves until Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from boardlab import registry
from boardlab.core.errors import BoardlabError

__all__ = ["main", "parser"]

PROG = "boardlab serve"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"expected 0 to 3600 seconds, got {text!r}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 32:
        raise argparse.ArgumentTypeError(f"expected 1 to 32, got {text!r}")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port 1 to 65535, got {text!r}")
    return value


def parser(game: Any | None) -> argparse.ArgumentParser:
    """The parser of ``boardlab serve`` with ``game``'s own options."""
    from boardlab.classroom.lesson import DEFAULT_PACE, DEFAULT_TIMEOUT
    from boardlab.classroom.server import DEFAULT_PORT

    p = _Parser(prog=PROG, description="Serve a match to a class: one secret link per "
                "seat, a projector link and a teacher link (docs/classroom.md).")
    p.add_argument("game", choices=registry.names(), help="the game: %(choices)s")
    if game is not None:
        for option in game.options:
            p.add_argument(option.flag, dest=option.name, type=option.type,
                           choices=option.choices, default=option.default,
                           metavar=option.metavar, help=option.help)
    p.add_argument("--seed", type=int, default=None, help="seed of chance (default: fresh)")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, help="port (%(default)s)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (%(default)s: this machine only; 0.0.0.0: "
                        "every network interface, with a warning)")
    p.add_argument("--link-host", default=None, metavar="NAME",
                   help="the address the printed links use (default: --host, or 127.0.0.1 "
                        "for 0.0.0.0): this laptop's address on the school network")
    p.add_argument("--file", type=Path, default=None,
                   help="the lesson file, saved after every ply; an existing one is resumed "
                        "with the same links (default: classroom-GAME.json)")
    p.add_argument("--new", action="store_true", help="start over even if the file exists")
    p.add_argument("--tables", type=_count, default=1, help="matches at once (%(default)s)")
    p.add_argument("--timeout", type=_seconds, default=None,
                   help=f"seconds a student's decision waits before an agent plays it "
                        f"(default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--pace", type=_seconds, default=None,
                   help=f"seconds between automatic plies (default {DEFAULT_PACE:g})")
    kinds = list(game.agents) if game is not None else None
    p.add_argument("--agents", choices=kinds, default=None,
                   help="the agents of unclaimed seats (default: heuristic)")
    p.add_argument("--start", action="store_true",
                   help="start at once (default: the teacher page's Start button)")
    return p


def main(argv: list[str]) -> int:
    """Run ``boardlab serve`` with ``argv`` (after the word ``serve``)."""
    from boardlab.classroom.notebook import missing_extra

    name = next((a for a in argv if a in registry.names()), None)
    game = registry.get(name) if name is not None else None
    args = parser(game).parse_args(argv)
    game = registry.get(args.game)
    problem = missing_extra()
    if problem:
        print(f"{PROG}: error: {problem}", file=sys.stderr)
        return 2
    from boardlab.classroom.lesson import Lesson
    from boardlab.classroom.server import run

    path = args.file if args.file is not None else Path(f"classroom-{game.name}.json")
    settings = {k: v for k, v in (("timeout", args.timeout), ("pace", args.pace))
                if v is not None}
    try:
        if path.exists() and not args.new:
            lesson = Lesson.load(path, **settings)
            if lesson.game.name != game.name:
                print(f"{PROG}: error: {path} holds a {lesson.game.name} lesson, not "
                      f"{game.name} (use another --file, or --new)", file=sys.stderr)
                return 2
            plies = ", ".join(str(t.match.ply) for t in lesson.tables)
            print(f"Resuming the lesson in {path} (ply {plies}); the links are the same.")
        else:
            options = {o.name: getattr(args, o.name) for o in game.options}
            lesson = Lesson.create(game.name, options=options, seed=args.seed,
                                   tables=args.tables, path=path,
                                   agent_kind=args.agents, **settings)
            print(f"A new lesson, saved after every ply in {path}.")
    except (BoardlabError, OSError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    if args.start:
        lesson.start()
    shown = args.link_host or ("127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host)

    def tell_links() -> None:
        print("Links (each secret: give each seat's link to its student only):")
        for label, link in lesson.links(f"http://{shown}:{args.port}").items():
            print(f"  {label:>22}  {link}")
        sys.stdout.flush()

    try:
        run(lesson, args.host, args.port, on_listen=tell_links)
    except KeyboardInterrupt:
        pass
    except OSError as err:
        print(f"{PROG}: error: cannot listen on {args.host}:{args.port}: "
              f"{err.strerror or err}", file=sys.stderr)
        return 2
    return 0
