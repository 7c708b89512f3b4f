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

The teaching layer: exact odds (``lb.odds``), a picture of a position (``lb.render_svg``,
and a state's own ``_repr_svg_``), the board and the phase explainer (``lb.Board``,
``lb.Explainer``). The odds, the board and the explainer load on first use, so importing
the game never imports sympy, networkx or ipywidgets.

>>> lb.odds.tunnel_layouts(3)
105
>>> lb.render_svg(lb.position(players=2)).startswith("<svg")
True
"""

from boardlab.core.engine import CHANCE
from boardlab.core.errors import ConfigError, IllegalAction
from boardlab.gamekit import module_attributes
from boardlab.lockup_breakout.agents import HeuristicAgent, RandomAgent
from boardlab.lockup_breakout.api import (
    load_match,
    load_position,
    make_setup,
    new_match,
    observe,
    parse_choice,
    play,
    render_svg,
    rule,
    save_position,
    scores,
    winners,
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
from boardlab.lockup_breakout.game import GAME
from boardlab.lockup_breakout.observe import View
from boardlab.lockup_breakout.position import position
from boardlab.lockup_breakout.rulebook import BOOK
from boardlab.lockup_breakout.rules import PHASE_NAMES, RULES, tunnel_outcomes
from boardlab.lockup_breakout.scoring import final_scores
from boardlab.lockup_breakout.state import Frame, K, State

__all__ = [
    "BOOK", "CHANCE", "GAME", "ConfigError", "IllegalAction", "DEFAULT_MAP", "ENTRANCE", "ESCAPED",
    "GUARDS", "PHASE_NAMES", "RULES", "TOMB", "Assign", "CatacombMap", "Config", "Craft", "Declare",
    "Decline", "Draw", "DrawMany", "Frame", "Goal", "GolemAs", "GoonCard", "GuardCard",
    "GuardLevel", "HeuristicAgent", "Item", "K", "Keep", "LegendCard", "Location", "LootToken",
    "Lose", "Pass", "Path", "Penalty", "PlayTome", "RandomAgent", "Reserve", "Reward", "Setup",
    "Space", "State", "Step", "Stop", "Take", "TakeItem", "TakeLoot", "TakeResources", "Tome",
    "Tunnels", "View", "escape_stars", "final_scores", "load_config", "load_map", "load_match",
    "load_position", "make_setup", "new_match", "observe", "play", "position", "render_svg", "rule",
    "save_position", "scores", "tunnel_outcomes", "winners", "parse_choice",
]

# Board, Explainer, explain_phase, odds, win_odds and compare_win_odds load on first use
# (GAME.lazy): none of them is needed to play.
__getattr__, __dir__ = module_attributes(globals(), GAME.lazy, GAME.moved,
                                         alias=GAME.alias)
