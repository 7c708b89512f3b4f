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

from pathlib import Path
from typing import Any

from tests import frozen_fixture
from tests.frozen_fixture import choice_record, digest, event_rows, offer, plain

FIXTURE = Path(__file__).with_name("frozen_behaviour.json")
#: Setups by name: solitary at each difficulty, then 2–5 players.
SETUPS = {"1-green": (1, "green"), "1-yellow": (1, "yellow"), "1-red": (1, "red"),
          "2": (2, None), "3": (3, None), "4": (4, None), "5": (5, None)}
#: Seeds per setup, by agent kind.
SEEDS = {"random": range(150), "heuristic": range(10)}
#: Seeds (of each setup and agent kind) whose hash also covers every ply's offer.
OFFERS = 8


def match_record(match: Any, offers: bool = False) -> list[Any]:
    """Everything observable of a played match, as plain data."""
    from boardlab.lockup_breakout import final_scores, save_position

    out: list[Any] = []
    for record in match.records:
        row = [*choice_record(record.choice), event_rows(record.events)]
        if offers:
            row.append(offer(match.rules, record.before))
        out.append(row)
    state = match.state
    out.append(plain(match.scores()))
    out.append(plain(final_scores(state)))
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
    return digest(match_record(match, offers=seed < OFFERS))


def compute() -> dict[str, dict[str, list[str]]]:
    return {kind: {name: [fingerprint(name, s, kind) for s in seeds] for name in SETUPS}
            for kind, seeds in SEEDS.items()}


if __name__ == "__main__":
    frozen_fixture.main(compute, FIXTURE, __doc__.split("\n")[0])
