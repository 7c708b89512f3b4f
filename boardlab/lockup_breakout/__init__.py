"""Lockup: Breakout — the expansion on a small, explicit stand-in core, solitary included.

The expansion text (rules/002) is the specification; its core game is not given, so the
core is invented stand-in data (:mod:`.standin`, labelled as such) under rulings
LB-R1…R45 (:mod:`.rulebook`).

>>> from boardlab import lockup_breakout as lb
>>> m = lb.play(players=4, seed=1)
>>> sorted(m.scores()) == sorted(lb.Config().colours[:4])
True
>>> solo = lb.play(players=1, difficulty="red", seed=3)
>>> sorted(solo.scores())
['guards', 'red']
"""

from boardlab.core.engine import CHANCE
from boardlab.lockup_breakout.agents import HeuristicAgent, RandomAgent
from boardlab.lockup_breakout.api import (
    load_match,
    load_position,
    make_setup,
    new_match,
    play,
    save_position,
)
from boardlab.lockup_breakout.catacombs import (
    DEFAULT_MAP,
    ENTRANCE,
    ESCAPED,
    TOMB,
    CatacombMap,
    Path,
    Space,
    load_map,
)
from boardlab.lockup_breakout.choices import (
    Assign,
    Craft,
    Declare,
    Decline,
    Draw,
    DrawMany,
    GolemAs,
    Keep,
    Lose,
    Pass,
    PlayTome,
    Reserve,
    Step,
    Stop,
    Take,
    TakeItem,
    TakeLoot,
    TakeResources,
    Tunnels,
)
from boardlab.lockup_breakout.config import (
    GUARDS,
    Config,
    Goal,
    GoonCard,
    GuardCard,
    GuardLevel,
    Item,
    LegendCard,
    Location,
    LootToken,
    Penalty,
    Reward,
    Setup,
    Tome,
    escape_stars,
    load_config,
)
from boardlab.lockup_breakout.observe import View, observe
from boardlab.lockup_breakout.position import position
from boardlab.lockup_breakout.rulebook import BOOK, rule
from boardlab.lockup_breakout.rules import PHASE_NAMES, RULES, tunnel_outcomes
from boardlab.lockup_breakout.scoring import final_scores, winners
from boardlab.lockup_breakout.state import Frame, K, State

__all__ = [
    "BOOK", "CHANCE", "DEFAULT_MAP", "ENTRANCE", "ESCAPED", "GUARDS", "PHASE_NAMES", "RULES",
    "TOMB", "Assign", "CatacombMap", "Config", "Craft", "Declare", "Decline", "Draw",
    "DrawMany", "Frame", "Goal", "GolemAs", "GoonCard", "GuardCard", "GuardLevel",
    "HeuristicAgent", "Item", "K", "Keep", "LegendCard", "Location", "LootToken", "Lose",
    "Pass", "Path", "Penalty", "PlayTome", "RandomAgent", "Reserve", "Reward", "Setup",
    "Space", "State", "Step", "Stop", "Take", "TakeItem", "TakeLoot", "TakeResources",
    "Tome", "Tunnels", "View", "escape_stars", "final_scores", "load_config", "load_map",
    "load_match", "load_position", "make_setup", "new_match", "observe", "play", "position",
    "rule", "save_position", "tunnel_outcomes", "winners",
]
