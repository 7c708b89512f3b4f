"""A frozen fingerprint of Level 7's behaviour, one hash per seeded match.

Written from the engine the soak and the scripted playthroughs verified, before the
architecture and speed work of issue 27 touched it. For every scenario (the sandbox and
9–13), every mode a scenario offers and 1–4 players, complete matches are played
(random agents, and the heuristic character for fewer seeds) and everything a user can
observe of each is hashed: each choice and chance outcome, each event's kind, texts,
rule, player, numbers and visibility, the scores, each character's outcome and the final
position as saved JSON. For the first seeds of each setup the hash also covers, at every
ply, the legal choices or the chance table offered (their order included: a random agent
picks by index). ``test_frozen_behaviour.py`` replays the same matches and compares.

A deliberate change of behaviour (a new wording, a fixed ruling) regenerates the
fixture in a commit of its own::

    .venv/bin/python -m tests.level7_lockdown.frozen --write

>>> fingerprint("sandbox-normal-2", 0, "random") == fingerprint("sandbox-normal-2", 0, "random")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests import frozen_fixture
from tests.frozen_fixture import choice_record, digest, event_rows, offer, plain

FIXTURE = Path(__file__).with_name("frozen_behaviour.json")


def _setups() -> dict[str, tuple[str, str, int]]:
    from boardlab.level7_lockdown.scenario import SCENARIOS
    from boardlab.level7_lockdown.state import MODES

    out = {}
    for scenario in SCENARIOS:
        for mode in ("normal",) if scenario == "sandbox" else MODES:
            for players in (1, 2, 3, 4):
                out[f"{scenario}-{mode}-{players}"] = (scenario, mode, players)
    return out


#: Setups by name (``"12-hard-3"``): scenario, mode, players.
SETUPS = _setups()
#: Seeds per setup, by agent kind.
SEEDS = {"random": range(12), "heuristic": range(3)}
#: Seeds (of each setup and agent kind) whose hash also covers every ply's offer.
OFFERS = 2


def match_record(match: Any, offers: bool = False) -> list[Any]:
    """Everything observable of a played match, as plain data."""
    from boardlab.level7_lockdown import outcome, save_position

    out: list[Any] = []
    for record in match.records:
        row = [*choice_record(record.choice), event_rows(record.events)]
        if offers:
            row.append(offer(match.rules, record.before))
        out.append(row)
    out.append(plain(match.scores()))
    out.append(plain(outcome(match.state)))
    out.append(save_position(match.state))
    return out


def fingerprint(setup: str, seed: int, agents: str) -> str:
    """The hash of one complete seeded match."""
    from boardlab import level7_lockdown as l7

    scenario, mode, players = SETUPS[setup]
    if agents == "heuristic":
        match = l7.play(players, scenario=scenario, mode=mode, seed=seed,
                        agents=lambda c: l7.HeuristicAgent(seed=seed * 10 + len(c)))
    else:
        match = l7.play(players, scenario=scenario, mode=mode, seed=seed)
    return digest(match_record(match, offers=seed < OFFERS))


def compute() -> dict[str, dict[str, list[str]]]:
    return {kind: {name: [fingerprint(name, s, kind) for s in seeds] for name in SETUPS}
            for kind, seeds in SEEDS.items()}


if __name__ == "__main__":
    frozen_fixture.main(compute, FIXTURE, __doc__.split("\n")[0])
