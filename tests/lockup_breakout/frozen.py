"""A frozen fingerprint of Lockup: Breakout's behaviour, one hash per seeded match.

For every seed and setup (solitary at each difficulty, 2–5 players) a complete match is
played (random agents, and the heuristic player for a smaller range) and everything a
user can observe of it is hashed: each choice and chance outcome, each event's kind,
texts, rule, player, numbers and visibility, the final scores with their per-source
breakdown, and the final position as saved JSON. For the first seeds of each setup the
hash also covers, at every ply, the legal choices or the chance table offered (their
order included: a random agent picks by index). ``test_frozen_behaviour.py`` replays the
same matches and compares the hashes, so any change of behaviour on valid input — an
engine rewrite, a faster data structure — shows up as the seeds it changed.

A deliberate change of behaviour (a new wording, a fixed ruling) regenerates the
fixture in a commit of its own::

    .venv/bin/python -m tests.lockup_breakout.frozen --write

>>> fingerprint("2", 0, "random") == fingerprint("2", 0, "random")
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from boardlab.core.engine import CHANCE
from boardlab.core.events import FrozenMap
from boardlab.core.serialize import encode
from tests import frozen_fixture

FIXTURE = Path(__file__).with_name("frozen_behaviour.json")
#: Setups by name: solitary at each difficulty, then 2–5 players.
SETUPS = {"1-green": (1, "green"), "1-yellow": (1, "yellow"), "1-red": (1, "red"),
          "2": (2, None), "3": (3, None), "4": (4, None), "5": (5, None)}
#: Seeds per setup, by agent kind.
SEEDS = {"random": range(150), "heuristic": range(10)}
#: Seeds (of each setup and agent kind) whose hash also covers every ply's offer.
OFFERS = 8


def _plain(value: Any) -> Any:
    """JSON-ready data whatever container types the engine uses (tuple, list, mapping)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return encode(value)


def _default(value: Any) -> Any:
    """What ``json.dumps`` cannot write itself: mappings as dicts, records encoded."""
    if hasattr(value, "items"):
        return dict(value.items())
    return encode(value)


def _offer(rules: Any, state: Any) -> Any:
    """What the ply offered: the legal choices, or the chance outcomes and their odds."""
    mover = rules.to_move(state)
    if mover is CHANCE:
        return ["chance", [[encode(o), str(p)] for o, p in rules.outcomes(state)]]
    return [mover, [encode(c) for c in rules.legal(state)]]


#: The encoded form and text of each choice seen (choices are immutable and hashable;
#: encoding them is the slow part of a fingerprint, and they recur from match to match).
_CHOICES: dict[Any, tuple[Any, str, Any]] = {}


def _choice(choice: Any) -> tuple[Any, str]:
    # Keyed by value; the type is checked too (equal values of two types stay apart).
    hit = _CHOICES.get(choice)
    if hit is None or type(hit[2]) is not type(choice):
        hit = _CHOICES[choice] = (encode(choice), str(choice), choice)
    return hit[0], hit[1]


def _mapping(m: Any) -> dict[str, Any]:
    """An event's ``data`` or ``secret`` as a dict (a ``FrozenMap`` read without the
    ``Mapping`` machinery)."""
    if isinstance(m, FrozenMap):
        return dict(zip(m._keys, m._values, strict=True))
    return dict(m.items())


def match_record(match: Any, offers: bool = False) -> list[Any]:
    """Everything observable of a played match, as plain data."""
    from boardlab.lockup_breakout import final_scores, save_position

    rules = match.rules
    out: list[Any] = []
    for record in match.records:
        events = [[e.kind, e.summary, e.detail, e.rule.id, e.who, list(e.visible_to),
                   _mapping(e.data), _mapping(e.secret), e.round, e.phase]
                  for e in record.events]
        row = [*_choice(record.choice), events]
        if offers:
            row.append(_offer(rules, record.before))
        out.append(row)
    state = match.state
    out.append(_plain(match.scores()))
    out.append(_plain(final_scores(state)))
    out.append(save_position(state))
    return out


def fingerprint(setup: str, seed: int, agents: str) -> str:
    """The hash of one complete seeded match."""
    from boardlab import lockup_breakout as lb

    players, difficulty = SETUPS[setup]
    if agents == "heuristic":
        match = lb.play(players, seed=seed, difficulty=difficulty,
                        agents=lambda c: lb.HeuristicAgent(seed=seed * 10 + len(c)))
    else:
        match = lb.play(players, seed=seed, difficulty=difficulty)
    record = match_record(match, offers=seed < OFFERS)
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), default=_default)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def compute() -> dict[str, dict[str, list[str]]]:
    return {kind: {name: [fingerprint(name, s, kind) for s in seeds] for name in SETUPS}
            for kind, seeds in SEEDS.items()}


if __name__ == "__main__":
    frozen_fixture.main(compute, FIXTURE, __doc__.split("\n")[0])
