"""The command line and record helpers of the frozen fixtures (``tests/<game>/frozen.py``).

A game's ``frozen.py`` computes ``{kind: {setup: [hash per seed]}}`` and hands it here:
``--write`` regenerates the fixture (a deliberate behaviour change, in a commit of its
own), and without it the command says how many matches differ from the stored hashes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardlab.core.engine import CHANCE
from boardlab.core.events import FrozenMap
from boardlab.core.serialize import encode

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


# -- what every game's fingerprint reads of a match ----------------------------------------
# Shared by the fingerprints that came after Mall of Horror's (Breakout's, Level 7's); they
# hash exactly these forms, so a change here changes every fixture built on them.

def plain(value: Any) -> Any:
    """JSON-ready data whatever container types the engine uses (tuple, list, mapping).

    >>> plain({"b": (1, 2), "a": None})
    {'a': None, 'b': [1, 2]}
    """
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return encode(value)


def default(value: Any) -> Any:
    """What ``json.dumps`` cannot write itself: mappings as dicts, records encoded."""
    if hasattr(value, "items"):
        return dict(value.items())
    return encode(value)


def offer(rules: Any, state: Any) -> Any:
    """What a ply offered: the legal choices, or the chance outcomes and their odds."""
    mover = rules.to_move(state)
    if mover is CHANCE:
        return ["chance", [[encode(o), str(p)] for o, p in rules.outcomes(state)]]
    return [mover, [encode(c) for c in rules.legal(state)]]


#: The encoded form and text of each choice seen (choices are immutable and hashable;
#: encoding them is the slow part of a fingerprint, and they recur from match to match).
_CHOICES: dict[Any, tuple[Any, str, Any]] = {}


def choice_record(choice: Any) -> tuple[Any, str]:
    """A choice's encoded form and text (cached by value, the type checked too)."""
    hit = _CHOICES.get(choice)
    if hit is None or type(hit[2]) is not type(choice):
        hit = _CHOICES[choice] = (encode(choice), str(choice), choice)
    return hit[0], hit[1]


def mapping(m: Any) -> dict[str, Any]:
    """An event's ``data`` or ``secret`` as a dict (a ``FrozenMap`` read without the
    ``Mapping`` machinery)."""
    if isinstance(m, FrozenMap):
        return dict(zip(m._keys, m._values, strict=True))
    return dict(m.items())


def event_rows(events: Any) -> list[list[Any]]:
    """Every observable field of each event: kind, texts, rule, who, visibility, data."""
    return [[e.kind, e.summary, e.detail, e.rule.id, e.who, list(e.visible_to),
             mapping(e.data), mapping(e.secret), e.round, e.phase] for e in events]


def digest(record: Any) -> str:
    """The short hash a fixture stores for one match record."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), default=default)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
