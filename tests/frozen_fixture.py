"""The command line both frozen-behaviour fixtures share (``tests/<game>/frozen.py``).

A game's ``frozen.py`` computes ``{kind: {setup: [hash per seed]}}`` and hands it here:
``--write`` regenerates the fixture (a deliberate behaviour change, in a commit of its
own), and without it the command says how many matches differ from the stored hashes.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

Hashes = dict[str, dict[str, list[str]]]


def differences(data: Hashes, old: Hashes) -> list[tuple[str, str, int]]:
    """``(kind, setup, index)`` of every seed whose hash is not the stored one.

    >>> differences({"k": {"4": ["a", "b"]}}, {"k": {"4": ["a", "c"]}})
    [('k', '4', 1)]
    """
    return [(k, p, i) for k in data for p in data[k] for i, (a, b)
            in enumerate(zip(data[k][p], old[k][p], strict=True)) if a != b]


def main(compute: Callable[[], Hashes], fixture: Path, description: str) -> None:
    """Regenerate ``fixture`` (``--write``) or compare ``compute()`` with it."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--write", action="store_true", help="regenerate the fixture")
    args = parser.parse_args()
    data = compute()
    if args.write:
        fixture.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
        print(f"wrote {fixture}")
    else:
        bad = differences(data, json.loads(fixture.read_text()))
        print(f"{len(bad)} matches differ" + (f": {bad[:10]}" if bad else ""))
