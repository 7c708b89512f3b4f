"""Every saved file of up to 16 MiB is refused or loaded within 2 s and 512 MiB, in every
game (issue 26): each load in a child process limited to 512 MiB of address space, its
CPU time measured, a child that hangs killed (see :mod:`tests.hostile_sizes`).

The files: real saved matches (one started from a position, so its ``start`` is in the
file) and a saved position of each game, with every integer field set to 10**100 in
turn, every list repeated a thousand times, and every list repeated up to a million
times within the 16 MiB limit; and for
Breakout the issue's reproducers (``setup.config.tomes[0].count`` and
``start.item_deck[0]`` = 10**100, which ran without end). ``make test`` loads an evenly
spread sample of the variants (``make check`` a sixth of it: the ``check`` cases, the
``rest`` are slow); ``make soak`` loads all of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.hostile_games import GAMES, KNOWN_FAULTS, saved_matches, saved_positions
from tests.hostile_sizes import CPU_SECONDS, Outcome, _label, run_batch, variants
from tests.prob.hostile import SOAK
from tests.shares import PARTS, REST, share

#: About this many variants of each kind per file under ``make test`` (all in the soak).
SAMPLE = 16
#: make check loads every this-many-th of them (tests/shares.py), make test the rest too.
CHECK_EVERY = 6

#: Breakout's reproducers of the issue: a count of 10**100 in a small saved file.
BREAKOUT_ISSUE = (("setup", "config", "tomes", 0, "count"), ("start", "item_deck", 0))


def _cases() -> list[Any]:
    out = []
    for game in GAMES:
        for group in ("integers", "lists", "lists1000",
                      *(("issue",) if game == "lockup-breakout" else ())):
            reason = KNOWN_FAULTS.get((f"sizes_{group}", game))
            marks = [pytest.mark.xfail(strict=not SOAK, reason=reason)] if reason else []
            for part in PARTS:
                slow = [pytest.mark.slow] if part.values[0] == REST else []
                out.append(pytest.param(game, group, part.values[0], marks=[*marks, *slow],
                                        id=f"{game}-{group}-{part.id}"))
    return out


def _bases(game: str) -> tuple[list[str], list[str]]:
    """Saved matches (one with a ``start``, one plain, cut mid-game) and a position."""
    matches = saved_matches(game)
    started = next(t for t in matches if "start" in json.loads(t))
    plain = max((t for t in matches if "start" not in json.loads(t)), key=len)
    return [started, plain], [saved_positions(game)[1]]


@pytest.mark.parametrize(("game", "group", "part"), _cases())
def test_every_saved_file_is_refused_or_loaded_within_bounds(game: str, group: str, part: str,
                                                             tmp_path: Path) -> None:
    match_bases, position_bases = _bases(game)
    outcomes: list[Outcome] = []
    for loader, bases in (("match", match_bases), ("position", position_bases)):
        jobs = []
        for b, base in enumerate(bases):
            if group == "issue":
                if loader == "match":
                    jobs += [(f"{_label(p)} = 10**100", b, "int", p)
                             for p in BREAKOUT_ISSUE if _has(base, p)]
                continue
            kind = {"integers": "int", "lists": "list", "lists1000": "list1000"}[group]
            every = 1 if SOAK else max(1, len(variants(base, kind)) // SAMPLE)
            jobs += [(label, b, kind, path) for label, kind, path in
                     variants(base, kind, every=every)]
        jobs = share(jobs, part, CHECK_EVERY)
        if jobs:
            outcomes += run_batch(game, bases, loader, jobs, tmp_path)
    assert outcomes, "no variant was made"
    bad = [o for o in outcomes if not o.ok]
    slowest = max(outcomes, key=lambda o: o.cpu)
    assert not bad, (f"{len(bad)} of {len(outcomes)} files break the bounds ({CPU_SECONDS} s "
                     "CPU, 512 MiB): " + "; ".join(f"{o.label}: {o.status}, {o.cpu:.2f} s"
                                                   for o in bad[:8]))
    assert slowest.cpu <= CPU_SECONDS


def _has(base: str, path: tuple[Any, ...]) -> bool:
    data: Any = json.loads(base)
    try:
        for key in path:
            data = data[key]
    except (KeyError, IndexError, TypeError):
        return False
    return type(data) is int
