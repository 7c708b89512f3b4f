"""A frozen fingerprint of Mall of Horror's verified behaviour, one hash per seeded match.

For every seed and player count, a complete match is played (random agents, and the
heuristic player for a smaller range) and everything a user can observe of it is hashed:
each choice and chance outcome, each event's kind, texts, rule, player, numbers and
visibility, and the final scores. ``tests/mall_of_horror/test_frozen_behaviour.py``
replays the same matches and compares the hashes, so any change of behaviour on valid
input — an engine rewrite, a faster data structure — shows up as the seeds it changed.

A deliberate change of behaviour (a new wording, a fixed ruling) regenerates the
fixture in a commit of its own::

    .venv/bin/python -m tests.mall_of_horror.frozen --write

>>> fingerprint(3, 0, "random") == fingerprint(3, 0, "random")
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from boardlab.core.serialize import encode
from tests import frozen_fixture

FIXTURE = Path(__file__).with_name("frozen_behaviour.json")
PLAYERS = (3, 4, 5, 6)
#: Seeds per player count, by agent kind.
SEEDS = {"random": range(1000), "heuristic": range(100)}


def _plain(value: Any) -> Any:
    """JSON-ready data whatever container types the engine uses (tuple, list, mapping)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return encode(value)


def match_record(match: Any) -> list[Any]:
    """Everything observable of a played match, as plain data."""
    out: list[Any] = []
    for record in match.records:
        events = [[e.kind, e.summary, e.detail, e.rule.id, e.who, list(e.visible_to),
                   _plain(e.data), _plain(e.secret), e.round, e.phase]
                  for e in record.events]
        out.append([encode(record.choice), str(record.choice), events])
    out.append(_plain(match.scores()))
    return out


def fingerprint(players: int, seed: int, agents: str) -> str:
    """The hash of one complete seeded match."""
    from boardlab import mall_of_horror as moh

    if agents == "heuristic":
        match = moh.play(players, seed=seed,
                         agents=lambda c: moh.HeuristicAgent(seed=seed * 10 + len(c)))
    else:
        match = moh.play(players, seed=seed)
    text = json.dumps(match_record(match), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def compute() -> dict[str, dict[str, list[str]]]:
    return {kind: {str(p): [fingerprint(p, s, kind) for s in seeds] for p in PLAYERS}
            for kind, seeds in SEEDS.items()}


if __name__ == "__main__":
    frozen_fixture.main(compute, FIXTURE, __doc__.split("\n")[0])
