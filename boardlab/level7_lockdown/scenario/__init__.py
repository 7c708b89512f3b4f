"""Scenario definitions: stat blocks, starting maps, stacks, markers and modes as data.

A :class:`Scenario` is the data of one scenario in one mode; the procedures that the
text attaches to a scenario (its lockdown trigger, Dr. Cronos's timing and dice, its
exits and special actions) live in a **hook module** per scenario
(:mod:`boardlab.level7_lockdown.scenarios`), which the rules call at fixed points.

Two kinds of scenario exist:

- the **sandbox**, invented by boardlab (not in the text) so that one small map
  exercises every general Lockdown rule; its record is written here directly;
- scenarios **9 to 13** of the text, each written as JSON-able data (``DATA`` in its
  hook module) and read by :func:`scenario_from_data`, which checks every field and
  names the bad one (``scenario '10': stats.rogues: 0 to 8 (got 9)``).
  Their easy and hard modes are partial data merged over the normal mode.

The "remaining tiles" every scenario shuffles form a **pool**: a stack entry ``"*"``
is one unseen tile of the pool, so drawing from Stack A is drawing uniformly from the
whole pool (the stacks were dealt from one shuffle: their unseen tiles are
exchangeable), and the stacks still run out in the text's sizes.

>>> SANDBOX.secure_number, SANDBOX.pack_limit, SANDBOX.turn_limit
(2, 2, 10)
>>> scenario("sandbox") is SANDBOX
True
>>> s10 = scenario("10")
>>> [(name, len(tiles)) for name, tiles in s10.stacks]
[('A', 6), ('B', 18), ('final', 21)]
>>> scenario("10", "easy").reserves[1:3]
(('rogue', (1, 2, 3, 4, 5, 6)), ('warrior', (1, 2)))
>>> scenario("14")
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: unknown scenario '14'; scenarios: sandbox, 9, 10, 11, 12, ...
"""

from __future__ import annotations

from boardlab.level7_lockdown.scenario.model import (
    MARKERS,
    POOL,
    RULE_NAMES,
    SANDBOX,
    UNSEEN,
    Scenario,
)
from boardlab.level7_lockdown.scenario.named import NAMES, SCENARIOS, scenario
from boardlab.level7_lockdown.scenario.reader import merge, scenario_from_data, scenario_from_json

__all__ = ["MARKERS", "NAMES", "POOL", "RULE_NAMES", "SANDBOX", "SCENARIOS", "UNSEEN", "Scenario",
           "merge", "scenario", "scenario_from_data", "scenario_from_json"]
