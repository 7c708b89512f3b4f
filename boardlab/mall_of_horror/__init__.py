"""Mall of Horror: the complete base game, with boardlab's rulings as defaults.

>>> from boardlab import mall_of_horror as moh
>>> m = moh.play(players=4, seed=1)
>>> sorted(m.scores()) == sorted(moh.COLOURS[:4])
True

The board and the phase explainer (``moh.Board``, ``moh.Explainer``, ``moh.explain_phase``)
load on first use, so importing the game never imports ipywidgets; so do the what-ifs
``moh.win_odds`` and ``moh.compare_win_odds`` (docs/what-ifs.md).
"""

from boardlab.core.engine import CHANCE
from boardlab.core.errors import ConfigError, IllegalAction
from boardlab.gamekit import module_attributes
from boardlab.mall_of_horror.agents import HeuristicAgent, RandomAgent
from boardlab.mall_of_horror.api import (
    dice_outcomes,
    load_match,
    load_position,
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
from boardlab.mall_of_horror.choices import (
    Destination,
    Dice,
    Draw,
    Move,
    Pass,
    Place,
    PlaceZombie,
    PlayCard,
    Sacrifice,
    TieBreak,
    TruckSplit,
    Vote,
)
from boardlab.mall_of_horror.config import (
    CARD_NAMES,
    CARDS,
    COLOURS,
    KIND_NAMES,
    KINDS,
    LOCATIONS,
    POINTS,
    Config,
    Setup,
)
from boardlab.mall_of_horror.facts import (  # the queries, arguments checked
    break_in_threshold,
    characters_at,
    defence,
    destination_options,
    eligible_colours,
    end_reason,
    extra_zombies,
    is_open,
    location_label,
    turn_order,
    under_attack,
    vote_weights,
)
from boardlab.mall_of_horror.game import GAME
from boardlab.mall_of_horror.observe import View, public_view
from boardlab.mall_of_horror.position import position
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.mall_of_horror.rules import RULES
from boardlab.mall_of_horror.state import State

__all__ = [
    # the errors a what-if meets: a refused position or configuration, a refused choice
    "ConfigError", "IllegalAction",
    "BOOK", "CARDS", "CARD_NAMES", "CHANCE", "COLOURS", "KINDS", "KIND_NAMES", "LOCATIONS",
    "GAME", "POINTS", "RULES", "Config", "Destination", "Dice", "Draw", "HeuristicAgent", "Move",
    "Pass", "Place", "PlaceZombie", "PlayCard", "RandomAgent", "Sacrifice", "Setup", "State",
    "TieBreak", "TruckSplit", "View", "Vote", "dice_outcomes", "load_match", "load_position",
    "new_match", "observe", "parse_choice", "play", "position", "render_svg", "rule",
    "save_position", "winners",
    # queries: facts about a position (boardlab.mall_of_horror.queries, with the
    # arguments checked by boardlab.mall_of_horror.facts)
    "break_in_threshold", "characters_at", "defence", "destination_options",
    "eligible_colours", "end_reason", "extra_zombies", "is_open", "location_label",
    "public_view", "scores", "turn_order", "under_attack", "vote_weights",
]

# Board, Explainer, explain_phase, odds, win_odds and compare_win_odds load on first use
# (GAME.lazy); old names warn for one release (GAME.moved).
__getattr__, __dir__ = module_attributes(globals(), GAME.lazy, GAME.moved,
                                         alias=GAME.alias)
