"""Hostile saved files for Level 7: every count and list field of saved matches,
positions, a configuration and scenario data, mutated to huge, negative and empty
values, each load timed.

Run as a module (``python -m tests.level7_lockdown.hostile_files [--quick]``) in a process whose
address space is limited, it prints one JSON line per mutation class: how many loads
were refused with a boardlab error, how many loaded, the slowest load, and any load
that raised something else (the test of ``test_l7_hostile_files.py`` asserts there is
none, that every load took under 2 s, and that the process stayed within its memory).

A field is named by its path with list indices replaced by ``*``, so that each kind of
field is mutated once per file (the third tile's ``x`` is the first tile's ``x``).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

#: The mutations of a whole number field and of a list field.
NUMBERS = (10 ** 100, 10 ** 6, -1)
#: About this many bytes of JSON a huge list takes (under the 16 MiB a file may hold).
HUGE_BYTES = 15 * 2 ** 20
#: At most this many entries in a huge list.
HUGE_ITEMS = 10 ** 6

Path = tuple[Any, ...]


def saved_files() -> Iterator[tuple[str, Any, Callable[[Any], Any]]]:
    """``(label, JSON data, loader)`` for each file kind the sweep mutates."""
    from boardlab import level7_lockdown as l7
    from boardlab.level7_lockdown.config import Config, config_from_json, config_to_json
    from boardlab.level7_lockdown.scenario import scenario_from_json
    from boardlab.level7_lockdown.scenarios import data_for

    for scen in ("sandbox", "9", "12", "13"):
        played = l7.play(players=2, seed=3, scenario=scen, turn_limit=4)
        seen: dict[str, Any] = {}
        for record in played.records:
            key = record.before.pending.kind + record.before.pending.purpose
            seen.setdefault(key, record.before)
        for key, state in seen.items():
            yield (f"position {scen} {key}", json.loads(l7.save_position(state)),
                   l7.load_position)
        start = next(iter(seen.values()))
        mid = played.records[len(played.records) // 2].before
        m = l7.new_match(start=mid, seed=5)
        for _ in range(6):
            if m.is_over:
                break
            m.push(m.legal()[0]) if m.to_move is not l7.CHANCE else m.roll()
        yield f"match {scen}", json.loads(m.to_json()), l7.load_match
        del start
    custom = l7.play(players=2, seed=1, config=Config(moves=3), turn_limit=2)
    yield "match with a configuration", json.loads(custom.to_json()), l7.load_match
    yield "configuration", json.loads(config_to_json(Config())), config_from_json
    for name in ("9", "12"):
        yield (f"scenario data {name}", json.loads(json.dumps(data_for(name))),
               scenario_from_json)


def fields(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every path to a whole number or a list in ``data`` (the first item of each list
    stands for all of them)."""
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield path, data
    elif isinstance(data, list):
        yield path, data
        if data:
            yield from fields(data[0], (*path, 0))
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from fields(value, (*path, key))


def shape_of(path: Path) -> str:
    return ".".join("*" if isinstance(p, int) else str(p) for p in path)


def replaced(text: str, path: Path, value: Any) -> Any:
    out = json.loads(text)
    node = out
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return out


def huge(items: list[Any]) -> list[Any]:
    """A list as long as a saved file may hold: copies of its first item (or zeros)."""
    item = items[0] if items else 0
    size = len(json.dumps(item)) + 2
    return [item] * min(HUGE_ITEMS, HUGE_BYTES // size)


def mutations(data: Any) -> Iterator[tuple[str, Callable[[], str]]]:
    """``(what, make)`` of each mutation of ``data``: ``make()`` writes its JSON text
    (only when called: a quick sweep skips most, and a huge list takes time to write)."""
    text = json.dumps(data)
    done: set[tuple[str, str]] = set()
    for path, value in fields(data):
        if not path:
            continue
        kind = "list" if isinstance(value, list) else "number"
        key = (shape_of(path), kind)
        if key in done:
            continue
        done.add(key)
        if kind == "number":
            for n in NUMBERS:
                yield (f"{key[0]}={n if n < 10 ** 9 else '10**100'}",
                       lambda p=path, n=n: json.dumps(replaced(text, p, n)))
        else:
            yield f"{key[0]}=[]", lambda p=path: json.dumps(replaced(text, p, []))
            yield (f"{key[0]}=huge",
                   lambda p=path, v=value: json.dumps(replaced(text, p, huge(v))))


#: The files a quick sweep mutates (``make test``; the soak mutates all of them): the
#: kinds the core's size test (tests/test_hostile_sizes.py) does not load, and one
#: position and one match of a scenario with data of its own.
QUICK = ("configuration", "scenario data 9", "match with a configuration",
         "position 9 placeexplore", "match 9")


#: A quick sweep loads every this-many-th mutation of each of its files (565 in all).
QUICK_EVERY = 5


def sweep(quick: bool = False) -> dict[str, Any]:
    """Load every mutation of every file (6,179; ``quick``: every :data:`QUICK_EVERY`-th
    of the :data:`QUICK` files'), timing each load in CPU seconds (the machine is
    shared: wall time measures the others)."""
    from boardlab.core.errors import BoardlabError

    report: dict[str, Any] = {"refused": 0, "loaded": 0, "slowest": [0.0, ""],
                              "raw": [], "files": 0}
    for label, data, load in saved_files():
        if quick and label not in QUICK:
            continue
        report["files"] += 1
        for n, (what, make) in enumerate(mutations(data)):
            if quick and n % QUICK_EVERY:
                continue
            bad = make()
            start = time.process_time()
            try:
                load(bad)
            except BoardlabError:
                report["refused"] += 1
            except Exception as err:  # noqa: BLE001 - the point: reported, not raised
                report["raw"].append(f"{label} {what}: {type(err).__name__}: {err}"[:300])
            else:
                report["loaded"] += 1
            took = time.process_time() - start
            if took > report["slowest"][0]:
                report["slowest"] = [took, f"{label} {what}"]
            del bad
    return report


if __name__ == "__main__":
    json.dump(sweep(quick="--quick" in sys.argv), sys.stdout)
