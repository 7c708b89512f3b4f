"""Soak test: the conformance check over many seeded random matches of any registered game.

Usage::

    python -m boardlab.soak --game GAME [--matches 100000] [--workers N]
                            [--deep-every 1000] [--first-seed 0] [--chunk N]
                            [game options, each a comma-separated list]

A game's options (see :mod:`boardlab.registry`) take lists here: ``--players 3,5``.
Options not given take the game's soak values (every player count, say). The game's
:meth:`~boardlab.registry.Game.soak_plan` turns the lists into a plan of option
combinations; match ``i`` (``0 <= i < matches``) uses seed ``first_seed + i`` and
combination ``plan[i % len(plan)]``, so every combination gets the same share and any
violation can be replayed from its seed and options alone. Every ``deep_every``-th
match also gets the deep checks (JSON round trips, undo, replay, and the game's
illegal choices when it declares them). Seeds run in chunks on a
:class:`~concurrent.futures.ProcessPoolExecutor` (``--workers 1`` runs in this process,
handy under a debugger). A crash inside a match is counted as a violation, not a stop.

Progress: a line about every 10 %, and a ``tqdm`` progress bar on stderr when it is a
terminal (or a widget in a Jupyter kernel; ``--no-progress`` turns it off). Ctrl-C
stops at once and cleanly: the worker processes stop, and the report covers the chunks
checked so far (exit code 130, or 1 if a violation was found).

>>> from boardlab.registry import names
>>> main(["--game", names()[0], "--matches", "2", "--workers", "1", "--deep-every", "2"])
... # doctest: +ELLIPSIS
soak: 2 ... matches, ..., seeds 0…1, deep checks on 1 match in 2, 1 worker(s)
...
invariant violations: 0
0
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any

from boardlab import registry
from boardlab.core.conformance import ConformanceReport, check_match
from boardlab.core.errors import BoardlabError
from boardlab.registry import Game, Registration

__all__ = ["chunks", "main", "plan_text", "run_chunk", "soak"]

#: Violations printed at the end (all of them are counted).
SHOWN = 20

Plan = Sequence[Mapping[str, Any]]


def _label(options: Mapping[str, Any]) -> str:
    """``players=4 mode=hard``: how a violation names its options (None ones left out)."""
    return " ".join(f"{k}={v}" for k, v in options.items() if v is not None)


def run_chunk(game: Registration, plan: Plan, start: int, stop: int, first_seed: int,
              deep_every: int) -> ConformanceReport:
    """Check matches ``start``…``stop - 1`` (see the module docstring for the plan).

    ``game`` is a registration, not a loaded game, so that a worker process imports
    the game itself.

    >>> reg = registry.registration(registry.names()[0])
    >>> run_chunk(reg, [{}], 0, 2, 0, 0).matches
    2
    """
    description = game.load()
    rules = description.rules
    setups: dict[int, Any] = {}
    report = ConformanceReport()
    for i in range(start, stop):
        seed = first_seed + i
        k = i % len(plan)
        options = description.option_values(plan[k])
        deep = bool(deep_every) and i % deep_every == 0
        try:
            if k not in setups:
                setups[k] = description.setup(**options)
            one = check_match(rules, setups[k], seed, deep=deep, illegal=description.illegal)
        except Exception as err:  # a crash is a finding: keep it and go on
            one = ConformanceReport(matches=1, deep_matches=int(deep), violations=[
                f"{rules.name} seed={seed}: crashed with {type(err).__name__}: {err}"])
        label = _label(plan[k])
        if label:
            one.violations = [f"{label} {v}" for v in one.violations]
        report.merge(one)
    return report


def chunks(matches: int, size: int) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges of at most ``size`` covering ``0…matches - 1``.

    >>> chunks(5, 2)
    [(0, 2), (2, 4), (4, 5)]
    """
    return [(a, min(a + size, matches)) for a in range(0, matches, size)]


def _progress(done: int, total: int, report: ConformanceReport, started: float) -> str:
    elapsed = time.perf_counter() - started
    rate = done / elapsed if elapsed else 0.0
    return (f"  {done:>{len(str(total))}}/{total} matches ({100 * done // total}%), "
            f"{len(report.violations)} violation(s), {elapsed:.1f} s, {rate:.0f} matches/s")


def _show_bar() -> bool:
    """A progress bar by default where someone watches: a terminal or a Jupyter kernel."""
    if "ipykernel" in sys.modules:
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent process, which stops the soak cleanly.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def soak(game: Registration, matches: int, plan: Plan, *, workers: int, deep_every: int,
         first_seed: int = 0, chunk: int | None = None,
         progress: bool | None = None) -> ConformanceReport:
    """Run the plan, printing progress about every 10%; return the merged report.

    Violations come back in seed order whatever order the workers finish in.
    ``progress``: a tqdm bar as well (default: when stderr is a terminal or in Jupyter).
    Interrupted (Ctrl-C), it returns the report of the chunks that finished, so
    ``report.matches < matches``.

    >>> reg = registry.registration(registry.names()[0])
    >>> soak(reg, 3, [{}], workers=1, deep_every=0, chunk=3).matches  # doctest: +ELLIPSIS
      3/3 matches (100%), ...
    3
    """
    if not plan:
        raise ValueError("the soak plan is empty")
    if chunk is None:  # about 20 chunks per worker: even load, frequent progress
        chunk = max(1, min(1000, -(-matches // (20 * workers))))
    plan = [dict(entry) for entry in plan]
    ranges = chunks(matches, chunk)
    tally = _Tally(matches, _show_bar() if progress is None else progress)
    try:
        if workers == 1:
            for index, (a, b) in enumerate(ranges):
                tally.add(index, run_chunk(game, plan, a, b, first_seed, deep_every))
        else:
            _run_in_pool(tally, workers, [(game, plan, a, b, first_seed, deep_every)
                                          for a, b in ranges])
    except KeyboardInterrupt:
        tally.close()
        print(f"soak interrupted: {tally.running.matches} of {matches} matches checked",
              file=sys.stderr, flush=True)
    finally:
        tally.close()  # closing twice is harmless
    report = ConformanceReport()
    for index in sorted(tally.parts):
        report.merge(tally.parts[index])
    return report


class _Tally:
    """The chunks finished so far, by index, and the progress lines (about every 10 %,
    and a tqdm bar when ``bar``)."""

    def __init__(self, matches: int, bar: bool) -> None:
        self.matches = matches
        self.parts: dict[int, ConformanceReport] = {}
        self.running = ConformanceReport()
        self.started = time.perf_counter()
        self.step = max(1, matches // 10)
        self.next_report = self.step
        self.bar: Any = None
        if bar:
            from tqdm.auto import tqdm  # a widget in JupyterLab, text on stderr elsewhere

            self.bar = tqdm(total=matches, unit="match", desc="soak", dynamic_ncols=True)

    def add(self, index: int, part: ConformanceReport) -> None:
        self.parts[index] = part
        running = self.running
        running.matches += part.matches
        running.violations.extend(part.violations)
        if self.bar is not None:
            self.bar.update(part.matches)
        if running.matches >= self.next_report or running.matches == self.matches:
            line = _progress(running.matches, self.matches, running, self.started)
            if self.bar is not None:
                self.bar.write(line, file=sys.stdout)
            else:
                print(line, flush=True)
            while self.next_report <= running.matches:
                self.next_report += self.step

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _run_in_pool(tally: _Tally, workers: int, tasks: list[tuple[Any, ...]]) -> None:
    """Run the chunks ``tasks`` (``run_chunk``'s arguments) on ``workers`` processes,
    adding each report to ``tally`` as it finishes; on Ctrl-C keep what finished."""
    with ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint) as pool:
        futures: dict[Future[ConformanceReport], int] = {
            pool.submit(run_chunk, *task): index for index, task in enumerate(tasks)}
        try:
            for future in as_completed(futures):
                tally.add(futures[future], future.result())
        except KeyboardInterrupt:
            for future, index in futures.items():  # finished meanwhile: keep
                if index not in tally.parts and future.done() \
                        and future.exception() is None:
                    tally.add(index, future.result())
            _stop_pool(pool)  # a stop means stop: running chunks are dropped
            raise


def plan_text(game: Game, values: Mapping[str, Sequence[Any]]) -> str:
    """The options of the plan as the first line shows them: ``players 3,4,5,6``.

    >>> plan_text(registry.get(registry.names()[0]), {})
    ''
    """
    return ", ".join(f"{o.name} {','.join(map(str, values[o.name]))}" for o in game.options
                     if o.name in values and values[o.name] != (None,))


def _natural(text: str, least: int = 0) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < least:
        raise argparse.ArgumentTypeError(f"expected at least {least}, got {n}")
    return n


def _positive(text: str) -> int:
    return _natural(text, 1)


def _list_of(option: registry.Option) -> Any:
    def parse(text: str) -> tuple[Any, ...]:
        try:
            return option.parse_list(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse


def _parser(game: Game | None) -> argparse.ArgumentParser:
    """The soak's arguments, with ``game``'s options as lists (None: before it is known)."""
    parser = argparse.ArgumentParser(
        prog="python -m boardlab.soak",
        description="Check a game's rules over many seeded random matches.",
        epilog="A game's own options (each a comma-separated list, used in turn): "
               "python -m boardlab.soak --game GAME --help.")
    parser.add_argument("--game", required=True, choices=registry.names(),
                        help="the game: %(choices)s")
    parser.add_argument("--matches", type=_positive, default=100_000,
                        help="matches to play (default 100000)")
    parser.add_argument("--workers", type=_positive, default=os.cpu_count() or 1,
                        help="worker processes (default: CPU count; 1 runs in this process)")
    parser.add_argument("--deep-every", type=_natural, default=1000, metavar="N",
                        help="deep-check every N-th match (0: never; default 1000)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="seed of the first match (default 0)")
    parser.add_argument("--chunk", type=_positive, default=None,
                        help="matches per task (default: about 20 tasks per worker)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", default=None,
                        help="no progress bar (default: one on stderr when it is a terminal)")
    if game is not None:
        for option in game.options:
            default = ",".join(map(str, option.soak_values))
            parser.add_argument(option.flag, dest=option.name, type=_list_of(option),
                                default=option.soak_values, metavar=option.metavar,
                                help=f"{option.help}; the soak takes a comma-separated list, "
                                     f"used in turn, default {default}".replace("%", "%%"))
    return parser


def _parse(argv: Sequence[str]) -> tuple[argparse.Namespace, Game]:
    """Two steps, as in the CLI: find ``--game``, then parse with that game's options."""
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--game", nargs="?")  # checked by the second parser
    found, _ = first.parse_known_args(argv)
    game = registry.get(found.game) if found.game in registry.names() else None
    parser = _parser(game)
    args = parser.parse_args(argv)
    assert game is not None  # --game is required: the parser stopped otherwise
    values = {o.name: getattr(args, o.name) for o in game.options}
    args.plan = game.soak_plan(values)
    args.values = values
    for entry in args.plan:
        try:
            game.setup(**game.option_values(entry))
        except BoardlabError as err:
            parser.error(f"{_label(entry) or 'default options'}: {err}")
    if not args.plan:
        parser.error("the game's soak plan for these options is empty")
    return args, game


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak test; exit code 1 if any invariant was violated, else 0.

    >>> from boardlab.registry import names
    >>> main(["--game", names()[0], "--matches", "4", "--workers", "1", "--deep-every", "0"])
    ... # doctest: +ELLIPSIS
    soak: 4 ... matches, ..., seeds 0…3, no deep checks, 1 worker(s)
    ...
    invariant violations: 0
    0
    """
    args, game = _parse(list(sys.argv[1:] if argv is None else argv))
    deep = (f"deep checks on 1 match in {args.deep_every}" if args.deep_every
            else "no deep checks")
    options = plan_text(game, args.values)
    print(f"soak: {args.matches} {game.book.name} matches, {options + ', ' if options else ''}"
          f"seeds {args.first_seed}…{args.first_seed + args.matches - 1}, {deep}, "
          f"{args.workers} worker(s)", flush=True)
    started = time.perf_counter()
    report = soak(registry.registration(game.name), args.matches, args.plan,
                  workers=args.workers, deep_every=args.deep_every,
                  first_seed=args.first_seed, chunk=args.chunk, progress=args.progress)
    elapsed = time.perf_counter() - started
    print(f"matches: {report.matches}")
    print(f"steps: {report.steps} ({report.chance_nodes} chance nodes)")
    print(f"deep matches: {report.deep_matches}")
    if game.illegal is not None:
        print(f"illegal choices refused: {report.illegal_tried}")
    print(f"time: {elapsed:.1f} s ({report.matches / max(elapsed, 1e-9):.0f} matches/s)")
    n = len(report.violations)
    print(f"invariant violations: {n}")
    for v in report.violations[:SHOWN]:
        print(f"  {v}")
    if n > SHOWN:
        print(f"  … and {n - SHOWN} more")
    if report.matches < args.matches:
        print(f"interrupted: {report.matches} of {args.matches} matches checked")
        return 1 if n else 130
    return 1 if n else 0


if __name__ == "__main__":
    raise SystemExit(main())
