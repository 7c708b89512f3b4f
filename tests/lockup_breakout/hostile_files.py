"""Hostile saved Lockup: Breakout files, made by walking real saved files field by field.

:func:`documents` gives real saved files (matches with and without a start position,
positions) at several points of play; :func:`mutants` walks each one and puts hostile
values in every count and every list it holds (``10**100``, ``10**6``, ``-1``, lists of
a thousand or of a few million entries, and one file of 16 MiB). Run as a module it
loads every mutant under a 512 MiB address-space limit and prints, as JSON, the slowest
load and every load that raised anything but a boardlab error: the check of
``test_lb_hostile_files.py`` that every saved file of up to 16 MiB is refused or loaded
within 2 s and 512 MiB.

    python -m tests.lockup_breakout.hostile_files [--quick] [--part check|rest]

``--quick`` (``make test``) loads every :data:`QUICK_EVERY`-th mutant and every file of
nearly 16 MiB; the soak (``make soak``) loads all of them. ``--part check`` loads every
:data:`CHECK_EVERY`-th of those files (``make check``'s share), ``--part rest`` the others.
"""

from __future__ import annotations

import copy
import json
import resource
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from itertools import chain
from typing import Any

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE
from boardlab.core.errors import BoardlabError, show_value
from boardlab.core.serialize import MAX_SAVED_BYTES

#: The address space a load may use, and the time it may take (issue 26, "Must hold").
MEMORY = 512 * 2**20
SECONDS = 2.0

Path = tuple[str | int, ...]
#: A hostile file, made when it is loaded (each holds up to 16 MiB).
Make = Callable[[], str]


def played(players: int, plies: int, seed: int, difficulty: str | None = None) -> lb.State:
    """The state ``plies`` plies into a seeded match played by its first legal choices."""
    m = lb.new_match(players=players, seed=seed, difficulty=difficulty)
    while m.ply < plies and not m.is_over:
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(m.legal()[-1])
    return m.state


def documents() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, loader, parsed JSON) of real saved files: a match without a start and one
    played from a start position, and positions in setup, roll call, Lights Out (a
    solitary one with guard cards), Patrol and at the end."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    m = lb.new_match(players=3, seed=1)
    for _ in range(30):
        m.roll() if m.to_move is CHANCE else m.push(m.legal()[0])
    out.append(("match", "match", json.loads(m.to_json())))
    start = played(4, 60, 2)
    m = lb.new_match(start=start, seed=5)
    for _ in range(4):
        m.roll() if m.to_move is CHANCE else m.push(m.legal()[0])
    out.append(("match from a start", "match", json.loads(m.to_json())))
    for name, state in (("setup", played(2, 1, 3)), ("roll call", played(5, 20, 4)),
                        ("lights out, solitary", played(1, 40, 6, "red")),
                        ("patrol", played(3, 150, 7)), ("over", played(2, 10_000, 8))):
        out.append((f"position in {name}", "position", json.loads(lb.save_position(state))))
    return out


def walk(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every field of a parsed JSON document (not the record tags), depth first."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "type":
                yield from walk(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, (*path, i))


def put(data: Any, path: Path, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def where(path: Path) -> str:
    """A path as the loaders name fields: ``start.stacks[0][1]``."""
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


#: What replaces a count, and a list (its first entry repeated a thousand times, and a
#: million times or as often as a 16 MiB file holds; :func:`biggest` adds lists of
#: 4,000-digit numbers up to nearly 16 MiB).
HOSTILE_COUNTS = (10**100, 10**6, -1)
HOSTILE_LENGTHS = (1000, 1_000_000)


def mutants(data: dict[str, Any], *, lists: bool = True) -> Iterator[tuple[str, Make]]:
    """(field, maker of the JSON text) for each hostile value put in each count and list
    of ``data`` (the seed and the header are the core's to check: tests/core). The text
    is made only when asked for: a quick sweep skips most of them."""
    size = len(json.dumps(data))
    for path, value in list(walk(data)):
        if not path or path[0] in ("format", "version", "game", "seed"):
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            for bad in HOSTILE_COUNTS:
                yield f"{where(path)} = {show_value(bad)}", partial(_with, data, path, bad)
        elif isinstance(value, list) and lists:
            item = value[0] if value else 0
            # As many as a 16 MiB file holds at most: a larger file is refused unread.
            room = (MAX_SAVED_BYTES - size) // (len(json.dumps(item)) + 2)
            for n in sorted({min(n, room) for n in HOSTILE_LENGTHS}):
                yield f"{where(path)} × {n:,}", partial(_with, data, path, [item] * n)


def _with(data: dict[str, Any], path: Path, value: Any) -> str:
    """The JSON text of ``data`` with ``value`` at ``path`` (``data`` is left as it was).
    A long list of one repeated entry is spliced in as text: the same text
    ``json.dumps`` writes, without encoding a million entries one by one."""
    copy_ = copy.deepcopy(data)
    if isinstance(value, list) and len(value) > 1 and all(v is value[0] for v in value):
        put(copy_, path, _HOLE)
        entries = ", ".join([json.dumps(value[0])] * len(value))
        return json.dumps(copy_).replace(json.dumps(_HOLE), f"[{entries}]", 1)
    put(copy_, path, value)
    return json.dumps(copy_)


#: Where :func:`_with` splices a long list into the text (no saved file holds it).
_HOLE = "\0hostile list\0"


def sixteen_mib(data: dict[str, Any], path: Path) -> str:
    """``data`` with the list at ``path`` made of 4,000-digit numbers, just under the size
    limit of a saved file (few values, so the value count lets it through to the game)."""
    big = 10**3999
    base = len(json.dumps(data))
    n = (MAX_SAVED_BYTES - base - 1000) // (4000 + 2)
    text = _with(data, path, [big] * n)
    assert MAX_SAVED_BYTES - 10_000 < len(text.encode()) <= MAX_SAVED_BYTES
    return text


def biggest(loader: str, data: dict[str, Any]) -> Iterator[tuple[str, Make]]:
    """Files of nearly 16 MiB: a few of the position's lists made of huge numbers."""
    key = "start" if loader == "match" and "start" in data else "state"
    if key in data:
        for field in ("item_deck", "hands", "stack", "crews"):
            yield f"{key}.{field}: 16 MiB", partial(sixteen_mib, data, (key, field))


def load(loader: str, text: str) -> str:
    """Load ``text``: "loaded", or the boardlab error's class (anything else propagates)."""
    try:
        (lb.load_match if loader == "match" else lb.load_position)(text)
    except BoardlabError as err:
        return type(err).__name__
    return "loaded"


#: A quick sweep loads every this-many-th mutant (a prime, so that every kind of field
#: and every hostile value is among them), and every 16 MiB file.
QUICK_EVERY = 11
#: ``--part check`` loads every this-many-th file of the sweep, ``--part rest`` the others.
CHECK_EVERY = 8


def run(quick: bool = False, part: str | None = None) -> dict[str, Any]:
    """Load every mutant (and the 16 MiB files), timing each; what went wrong, in words.
    ``quick``: every :data:`QUICK_EVERY`-th mutant and every 16 MiB file; ``part``
    (``"check"`` or ``"rest"``, tests/shares.py): a share of those."""
    from tests.shares import mine

    slowest: tuple[float, str] = (0.0, "")
    raw: list[str] = []
    cases = swept = 0
    results: dict[str, int] = {}
    for name, loader, data in documents():
        every = enumerate(mutants(data))
        picked = (m for i, m in every if not quick or i % QUICK_EVERY == 0)
        for field, make in chain(picked, biggest(loader, data)):
            swept += 1
            if part is not None and not mine(swept - 1, part, CHECK_EVERY):
                continue
            cases += 1
            text = make()
            t = time.process_time()  # CPU: on a shared machine the wall clock times the others
            try:
                outcome = load(loader, text)
            except Exception as err:  # noqa: BLE001 - what the check reports (MemoryError too)
                raw.append(f"{name}: {field}: {type(err).__name__}: {show_value(str(err))}")
                continue
            took = time.process_time() - t
            results[outcome] = results.get(outcome, 0) + 1
            if took > slowest[0]:
                slowest = (took, f"{name}: {field}")
    return {"cases": cases, "swept": swept, "slowest": slowest, "raw": raw,
            "results": results}


def main() -> int:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    try:
        args = sys.argv[1:]
        part = args[args.index("--part") + 1] if "--part" in args else None
        report = run(quick="--quick" in args, part=part)
    except MemoryError:
        report = {"memory": f"a load needed more than {MEMORY // 2**20} MiB"}
    json.dump(report, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
