"""The ``boardlab`` command line: play, replay and list the rules of any registered game.

Usage::

    python -m boardlab play GAME [game options] [--seed N] [--agents KIND]
                                 [--json FILE] [--viewer PLAYER]
    python -m boardlab replay FILE [--viewer PLAYER] [--push TEXT ...] [--json FILE]
    python -m boardlab rules GAME
    python -m boardlab experiment SPEC.json [--workers N | --scheduler ADDRESS]
                                            [--out FILE] [--chunk N] [--no-progress]

The games and their options come from :mod:`boardlab.registry`: ``play GAME --help``
lists that game's own options (``--players``, ``--scenario``, …) and agent kinds. Game
options follow ``GAME`` on the line. A match is told phase by phase from its events
(see :mod:`boardlab.narrate`, in its command-line style: each rule id in a column at
the right, dimmed on a terminal unless ``NO_COLOR`` is set; repeated lines merged),
with a compact snapshot of the board before each round and at the end when the game
draws one, and ends with the game's result lines (scores and winners). ``replay``
reads the game from the saved file and tells the match the same way (``--json`` files
are unchanged by how a match is told). ``experiment`` runs the
experiment a spec file describes (see :mod:`boardlab.experiment` and
docs/experiments.md), streams its results to ``--out`` (default: beside the spec,
``NAME.results.jsonl``; run again to resume) and prints its summary.

``replay --push TEXT`` plays on from the saved match: each ``TEXT`` is a choice as a
player says it (``"red votes blue"``, read by the game's ``parse_choice``), or ``roll``,
which lets chance play until someone must decide; ``--json`` saves the result. A match
left unfinished ends with who is to move and the legal choices.

Bad input of any kind (arguments, a saved file, a spec, a choice) exits with code 2 and
exactly one line on stderr, ``boardlab COMMAND: error: ...``, that names the problem
(for a saved file or a spec, the path of the bad field) and shows at most about 200
characters of a bad value; never a traceback. Saved files are read within the limits
of :mod:`boardlab.core.serialize` (16 MiB, nesting 64 deep), so ``replay /dev/zero``
is refused at once. An unexpected failure (a bug) is one line too, with exit code 1;
``BOARDLAB_TRACEBACK=1`` shows its traceback.

>>> import contextlib, io
>>> from boardlab.registry import names
>>> with contextlib.redirect_stdout(io.StringIO()) as out:
...     code = main(["rules", names()[0]])
>>> code, out.getvalue().splitlines()[0].endswith(" boardlab rulings)")
(0, True)
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from boardlab import registry
from boardlab.core.chance import CHANCE
from boardlab.core.engine import Match
from boardlab.core.errors import BoardlabError, FormatError, list_choices, show_value
from boardlab.narrate import CLI_STYLE, narrate
from boardlab.registry import Game

__all__ = ["board_snapshots", "dim_rule_ids", "main", "match_lines", "rules_lines"]

PROG = "boardlab"
VIEWER_HELP = "narrate only what this player may know (default: everything)"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``boardlab play: error: ...``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {_one_line(message)}\n")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def match_lines(game: Game, match: Match[Any, Any], viewer: str | None = None) -> list[str]:
    """The whole story of ``match``: a title, the narration with a snapshot of the board
    before each round (if the game draws one), the board at the end, the result lines.

    >>> g = registry.get(registry.names()[0])
    >>> m = g.play(seed=1)
    >>> lines = match_lines(g, m)
    >>> lines[0] == g.title(m) and lines[-len(g.result_lines(m)):] == g.result_lines(m)
    True
    """
    title = game.title(match)
    if viewer is not None:
        title += f", as {viewer} sees it"
    style = CLI_STYLE._replace(once=game.narrate_once)
    lines = [title, *narrate(match.events, viewer=viewer, phase_titles=game.phase_titles,
                             style=style, boards=board_snapshots(game, match))]
    end = game.board_lines(match.state)
    if end:
        lines += ["Board at the end" if match.is_over else f"Board at ply {match.ply}", *end]
    return [*lines, *game.result_lines(match)]


def board_snapshots(game: Game, match: Match[Any, Any]) -> dict[int, list[str]]:
    """``{round: lines}``: the board as each round begins, headed, for :func:`narrate`.

    A round begins in the ply whose events first carry its number; the snapshot is the
    state after that ply (nothing on the board moves between a round's first event and
    its first decision). Empty when the game draws no board (``Game.board_lines``).

    >>> g = registry.get(registry.names()[0])
    >>> boards = board_snapshots(g, g.play(seed=1))
    >>> all(lines[0] == f"Board as round {r} begins" for r, lines in boards.items())
    True
    """
    boards: dict[int, list[str]] = {}
    round_ = 0
    for record in match.records:
        for event in record.events:
            if event.round > round_:
                round_ = event.round
                snapshot = game.board_lines(record.after)
                if snapshot:
                    boards[round_] = [f"Board as round {round_} begins", *snapshot]
    return boards


#: The rule column of a told event line (``narrate.CLI_STYLE``).
_RULE_COLUMN = re.compile(r"(  )(\[[^\]\s]+\])$")


def dim_rule_ids(line: str) -> str:
    """``line`` with its rule id (``[D-7]`` at the end) dimmed for a terminal.

    >>> dim_rule_ids("  red votes for blue   [D-7]")
    '  red votes for blue   \\x1b[2m[D-7]\\x1b[0m'
    >>> dim_rule_ids("Round 1 — a) Search the Truck")
    'Round 1 — a) Search the Truck'
    """
    return _RULE_COLUMN.sub(lambda m: f"{m[1]}\x1b[2m{m[2]}\x1b[0m", line)


def _emit(lines: list[str]) -> None:
    """Print the narration; a reader that stops early (``| head``) is not an error."""
    try:
        print("\n".join(lines), flush=True)
    except BrokenPipeError:
        # Python's recipe: point stdout at devnull, so the interpreter's own last flush
        # at exit does not fail on the closed pipe again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _dims(stream: Any) -> bool:
    """Dim the rule ids: only on a terminal, and not when ``NO_COLOR`` is set."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR")


def rules_lines(game: Game) -> list[str]:
    """Every rule id of ``game`` with its section and one-line summary.

    >>> lines = rules_lines(registry.get(registry.names()[0]))
    >>> lines[0].rsplit(": ", 1)[1].split()[1]
    'rules'
    """
    refs = list(game.book)
    width = max(len(r.id) for r in refs)
    rulings = sum(1 for r in refs if r.kind == "ruling")
    lines = [f"{game.book.name}: {len(refs)} rules ({len(refs) - rulings} from the rule "
             f"text, {rulings} boardlab rulings)"]
    lines += [f"{r.id:<{width}}  {r.section}: {' '.join(r.summary.split())}" for r in refs]
    return lines


# -- arguments ------------------------------------------------------------------------
def _add_common_play(parser: argparse.ArgumentParser, game: Game | None) -> None:
    """The options every game's ``play`` takes (after the game's own)."""
    parser.add_argument("--seed", type=int, default=0, help="seed of chance and agents "
                        "(default 0)")
    kinds = tuple(game.agents) if game is not None else None
    parser.add_argument("--agents", choices=kinds, default="random",
                        metavar=None if kinds else "KIND",
                        help="who plays every seat (default random)")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also save the match as JSON")
    parser.add_argument("--viewer", metavar="PLAYER", help=VIEWER_HELP)


def _play_parser(game: Game | None) -> argparse.ArgumentParser:
    """``boardlab play`` with ``game``'s own options (``None``: the options of every game)."""
    generic = None if game is not None else (
        "%(prog)s [-h] GAME [game options] [--seed SEED] [--agents KIND] [--json FILE] "
        "[--viewer PLAYER]")
    parser = _Parser(
        prog=f"{PROG} play", usage=generic,
        description="Play a whole match between agents and narrate it.",
        epilog=None if game is not None else
        f"A game's own options and agent kinds: {PROG} play GAME --help.")
    if game is not None:
        for option in game.options:
            parser.add_argument(option.flag, dest=option.name, type=option.type,
                                choices=option.choices, default=option.default,
                                metavar=option.metavar, help=option.help)
    _add_common_play(parser, game)
    parser.add_argument("game", choices=registry.names(), help="the game: %(choices)s")
    return parser


#: The sub-command table argparse hands out (what ``add_subparsers`` returns).
_Sub = argparse._SubParsersAction  # noqa: SLF001  (argparse names no public type for it)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG, description="Play, replay and read board-game rules with boardlab.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)
    # In this order in the help.
    _add_play(sub)
    _add_replay(sub)
    _add_advise(sub)
    _add_serve_and_rules(sub)
    _add_experiment(sub)
    return parser


def _add_play(sub: _Sub) -> None:
    """``play``: only finds the game here; its options are known once it is loaded."""
    play = sub.add_parser("play", help="play a whole match between agents and narrate it",
                          add_help=False)
    play.add_argument("-h", "--help", action="store_true")
    for flag in ("--seed", "--agents", "--json", "--viewer"):
        play.add_argument(flag, nargs="?")  # checked by the second parser
    play.add_argument("game", nargs="?")


def _add_replay(sub: _Sub) -> None:
    """``replay FILE``: narrate a saved match, then play choices on."""
    replay = sub.add_parser("replay", help="narrate a match saved with play --json")
    replay.add_argument("file", metavar="FILE", type=Path)
    replay.add_argument("--viewer", metavar="PLAYER", help=VIEWER_HELP)
    replay.add_argument("--push", metavar="TEXT", action="append", default=[],
                        help="then play this choice, as a player says it ('red votes "
                             "blue'), or 'roll': chance plays until someone must decide "
                             "(repeatable)")
    replay.add_argument("--json", metavar="FILE", type=Path,
                        help="save the match (after --push) as JSON")


def _add_advise(sub: _Sub) -> None:
    """``advise SAVED.json``: value every legal choice at one ply (issue 30)."""
    adv = sub.add_parser(
        "advise", help="value every legal choice of a saved match at one ply (issue 30)",
        description="Value each legal choice of the seat to move at ply N of a saved "
                    "match: exact expected score at the horizon, and the chance to win.")
    adv.add_argument("file", metavar="SAVED.json", type=Path, help="a match saved with "
                     "play --json")
    adv.add_argument("--ply", metavar="N", type=_whole, help="the ply to advise (default: "
                     "the last)")
    adv.add_argument("--seat", metavar="SEAT", help="the seat to advise (default: the one "
                     "to move; another is refused)")
    adv.add_argument("--horizon", metavar="H", default="round", type=_horizon,
                     help="round (default), phase, or a number of plies")
    adv.add_argument("--opponents", metavar="KIND", default="random",
                     help="the other seats' model: random (default) or an agent kind")
    adv.add_argument("--nodes", metavar="N", type=_whole, help="the exact enumeration's "
                     "budget of positions (default 200000)")
    adv.add_argument("--seconds", metavar="S", type=float, help="its budget of time (default 5)")
    adv.add_argument("--matches", metavar="N", type=_whole, help="simulated matches per "
                     "choice for the chance to win (default 200; 0: none)")
    adv.add_argument("--seed", metavar="N", type=int, default=0, help="seed of the samples")
    adv.add_argument("--explain", action="store_true", help="say why the best is best")
    adv.add_argument("--omniscient", action="store_true", help="use the true state, "
                     "hidden information included (a narrator's analysis)")


def _add_serve_and_rules(sub: _Sub) -> None:
    """``serve`` (read by boardlab.classroom.command) and ``rules GAME``."""
    # Read by boardlab.classroom.command (the game's options, as for play).
    sub.add_parser("serve", add_help=False,
                   help="serve a match to a class: a secret link per seat, a projector "
                        "and a teacher link (needs boardlab[classroom])")

    rules = sub.add_parser("rules", help="list every rule id with its section and summary")
    rules.add_argument("game", choices=registry.names(), help="the game: %(choices)s")


def _add_experiment(sub: _Sub) -> None:
    """``experiment SPEC.json``: run an experiment spec."""
    exp = sub.add_parser(
        "experiment", help="run an experiment spec: rule variants × agent line-ups × seeds",
        description="Run the experiment a JSON spec describes, stream its results to a file "
                    "(run again with the same file to resume) and print its summary.")
    exp.add_argument("spec", metavar="SPEC.json", type=Path, help="the experiment's spec file")
    where = exp.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive, metavar="N",
                       help="local worker processes (default: one per CPU; 1 runs here)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask cluster of this scheduler (tcp://host:8786); "
                            "needs boardlab[dask] here and on the workers")
    exp.add_argument("--out", metavar="FILE", type=Path,
                     help="results file, JSON lines (default: SPEC.results.jsonl beside the "
                          "spec)")
    exp.add_argument("--chunk", type=_positive, metavar="N",
                     help="seeds per task (default: about 20 tasks per worker, at most 250)")
    exp.add_argument("--no-progress", dest="progress", action="store_false",
                     help="no progress bar")


def _whole(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {n}")
    return n


def _horizon(text: str) -> str | int:
    if text in ("round", "phase"):
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected round, phase or a number of plies, got "
                                         f"{text!r}") from None


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {n}")
    return n


def _parse(argv: list[str]) -> tuple[argparse.Namespace, Game | None]:
    """Parse in two steps: the command and game first, then ``play`` with the game's options.

    Only the game named is imported (``rules`` and ``replay`` import theirs later).
    """
    top = _parser()
    args, extra = top.parse_known_args(argv)
    if args.command != "play":
        if extra:
            top.error(f"unrecognized arguments: {' '.join(extra)}")
        return args, None
    game = registry.get(args.game) if args.game in registry.names() else None
    rest = argv[argv.index("play") + 1:]
    args = _play_parser(game).parse_args(rest)
    args.command = "play"
    return args, game


def _fail(command: str, message: str, code: int = 2) -> int:
    prefix = f"{PROG} {command}" if command else PROG
    print(f"{prefix}: error: {_one_line(message)}", file=sys.stderr)
    return code


def _check_viewer(game: Game, match: Match[Any, Any], viewer: str | None) -> str | None:
    """A problem with ``viewer`` (not one of the match's players), or ``None``."""
    players = game.players(match)
    if viewer is None or viewer in players:
        return None
    return (f"--viewer {show_value(viewer)} is not a player of this match; players: "
            f"{', '.join(players)}")


def _load(path: Path) -> tuple[Game, Match[Any, Any]]:
    """Read a saved match; the file's ``game`` field picks the game."""
    from boardlab.core.serialize import load_json_object, read_saved_text

    # Said here, not by a game's loader: with several games none is picked.
    data = load_json_object(read_saved_text(path))
    name = data.get("game")
    games = registry.names()
    if not isinstance(name, str) or name not in games:
        if len(games) != 1:
            raise FormatError("game", f"expected one of {games}, got {show_value(name)}")
        name = games[0]  # its loader names the problem precisely
    game = registry.get(name)
    return game, game.load(data)


def _push_all(match: Match[Any, Any], texts: list[str]) -> None:
    """Play each text on ``match`` (``roll``: chance until a decision or the end)."""
    for text in texts:
        if " ".join(text.casefold().split()) == "roll":
            if match.to_move is not CHANCE:
                raise BoardlabError(f"--push roll: it is {match.to_move or 'nobody'}'s turn, "
                                    "not chance's")
            while match.to_move is CHANCE:
                match.roll()
            continue
        try:
            match.push(text)
        except BoardlabError as err:
            raise BoardlabError(f"--push {show_value(text)}: {err}") from None


def _next_lines(match: Match[Any, Any]) -> list[str]:
    """Who is to move in an unfinished match, and the legal choices."""
    if match.is_over:
        return []
    mover = match.to_move
    return [f"Next: {mover} to move (ply {match.ply}); legal: {list_choices(match.legal())}"]


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code.

    >>> import contextlib, io
    >>> game = registry.get(registry.names()[0])
    >>> with contextlib.redirect_stdout(io.StringIO()) as out:
    ...     code = main(["play", game.name, "--seed", "1"])
    >>> code, out.getvalue().splitlines() == match_lines(game, game.play(seed=1))
    (0, True)
    """
    try:
        return _main(sys.argv[1:] if argv is None else list(argv))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BoardlabError as err:  # a bad input no command caught itself
        return _fail("", str(err))
    except Exception as err:  # noqa: BLE001 - a bug: one line, not a traceback
        if os.environ.get("BOARDLAB_TRACEBACK"):
            raise
        return _fail("", f"unexpected {type(err).__name__}: {show_value(str(err))} (a bug "
                         "in boardlab; BOARDLAB_TRACEBACK=1 shows where)", code=1)


def _main(argv: list[str]) -> int:
    if argv[:1] == ["serve"]:
        from boardlab.classroom.command import main as serve

        return serve(argv[1:])
    args, game = _parse(argv)
    if args.command == "experiment":
        return _experiment(args)
    if args.command == "advise":
        return _advise(args)
    if args.command == "rules":
        print("\n".join(rules_lines(registry.get(args.game))))
        return 0
    started = _start(args, game)
    if isinstance(started, int):
        return started
    return _narrate(args, *started)


def _start(args: argparse.Namespace,
           game: Game | None) -> tuple[Game, Match[Any, Any]] | int:
    """The match ``play`` plays or ``replay`` reads, or the exit code of its refusal."""
    if args.command == "play":
        if game is None:  # cannot happen: _parse refuses an unknown game
            return _fail("play", f"no game {args.game!r}")
        options = {o.name: getattr(args, o.name) for o in game.options}
        try:
            match = game.play(seed=args.seed, agents=args.agents, **options)
        except BoardlabError as err:
            return _fail("play", str(err))
        return game, match
    try:
        return _load(args.file)
    except OSError as err:
        return _fail("replay", f"cannot read {args.file}: {err.strerror or err}")
    except FormatError as err:
        return _fail("replay", f"{args.file} is not a valid saved match: {err}")


def _narrate(args: argparse.Namespace, game: Game, match: Match[Any, Any]) -> int:
    """Check the viewer, play the ``--push`` choices, print the story, save ``--json``."""
    problem = _check_viewer(game, match, args.viewer)
    if problem:
        return _fail(args.command, problem)
    pushes = getattr(args, "push", [])
    if pushes:
        try:
            _push_all(match, pushes)
        except BoardlabError as err:
            return _fail("replay", str(err))
    lines = match_lines(game, match, args.viewer)
    if pushes:
        lines += _next_lines(match)
    if _dims(sys.stdout):
        lines = [dim_rule_ids(line) for line in lines]
    _emit(lines)
    if args.json is not None:
        try:
            args.json.write_text(match.to_json(indent=2) + "\n", encoding="utf-8")
        except OSError as err:
            return _fail(args.command, f"cannot write {args.json}: {err.strerror or err}")
        print(f"{PROG} {args.command}: saved the match to {args.json}", file=sys.stderr)
    return 0


def _advise(args: argparse.Namespace) -> int:
    """``boardlab advise``: the advice at ``--ply`` of a saved match, as text."""
    from boardlab.advice import advise

    command = "advise"
    try:
        game, match = _load(args.file)
    except OSError as err:
        return _fail(command, f"cannot read {args.file}: {err.strerror or err}")
    except FormatError as err:
        return _fail(command, f"{args.file} is not a valid saved match: {err}")
    budget = {k: v for k, v in (("nodes", args.nodes), ("seconds", args.seconds),
                                ("matches", args.matches)) if v is not None}
    try:
        if args.ply is not None:
            match.seek(args.ply)
        advice = advise(match, args.seat, opponents=args.opponents, horizon=args.horizon,
                        budget=budget, seed=args.seed, explain=args.explain,
                        omniscient=args.omniscient)
    except BoardlabError as err:
        return _fail(command, str(err))
    _emit(advice.lines())
    return 0


def _experiment(args: argparse.Namespace) -> int:
    """``boardlab experiment``: run the spec, print the summary (130 when interrupted)."""
    from boardlab.core.serialize import load_json_object, read_saved_text
    from boardlab.experiment import ResultsFileError, SpecError, load_spec

    command = "experiment"
    try:  # the saved-file limits first: size, UTF-8, nesting (load_spec reads it again)
        load_json_object(read_saved_text(args.spec))
    except OSError as err:
        return _fail(command, f"cannot read {args.spec}: {err.strerror or err}")
    except FormatError as err:
        if err.problem.startswith("not valid JSON"):
            pass  # load_spec says where, in its own words
        else:
            return _fail(command, f"{args.spec}: {err}")
    try:
        experiment = load_spec(args.spec)
    except SpecError as err:
        where = f"{args.spec}: " if err.path else ""
        return _fail(command, f"{where}{err}")
    out = args.out or args.spec.with_name(args.spec.stem + ".results.jsonl")
    print(f"{PROG} {command}: {experiment!r}; results in {out}", file=sys.stderr, flush=True)
    try:
        results = experiment.run(workers=args.workers, scheduler=args.scheduler,
                                 chunk=args.chunk, out=out, progress=args.progress)
    except (ResultsFileError, ImportError) as err:
        return _fail(command, str(err))
    except OSError as err:  # a scheduler that cannot be reached, a file that cannot be written
        return _fail(command, f"{type(err).__name__}: {err}")
    print(results.summary())
    return 0 if results.complete else 130
