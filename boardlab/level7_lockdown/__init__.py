"""Level 7 [Escape]: Lockdown on boardlab's stand-in core (rules/003, rulings L7-R*).

The expansion's core game is not among the rule texts, so boardlab plays it on an
explicit, labelled stand-in (L7-R1): a square-grid tile map with a door graph derived
from it (L7-R5), turns of move, action, trigger-events and enemy activation steps
(L7-R6), icon-dice challenges (L7-R2, L7-R8), enemies and Dr. Cronos as automata (only
characters decide), and a turn limit so every match ends (L7-R23). On top of it run
every general Lockdown rule: barricades, clouds, falling down, ranged attacks, supply
caches, terror, generator / multi-event / war-zone tiles, warrior clones, blaster
hybrids and Dr. Cronos's common rules. Scenarios 9–13 of the text run in easy,
normal and hard modes (their data and hook modules: :mod:`.scenarios`); the invented
``sandbox`` exercises the general rules on one small map.

>>> from boardlab import level7_lockdown as l7
>>> m = l7.play(players=2, seed=1)
>>> m.is_over, sorted(l7.outcome(m.state))
(True, ['Cody', 'Leo'])

The teaching layer: exact odds (``l7.odds``), pictures (``l7.render_svg``, and a state
shows itself as one in a notebook), the board and the turn-step explainer
(``l7.Board``, ``l7.Explainer``, ``l7.explain_phase``). The odds, the board and the
explainer load on first use, so importing the game never imports ipywidgets or sympy.
"""

from boardlab.core.engine import CHANCE
from boardlab.core.errors import ConfigError, IllegalAction
from boardlab.gamekit import module_attributes
from boardlab.level7_lockdown.agents import HeuristicAgent, RandomAgent
from boardlab.level7_lockdown.api import (
    load_match,
    load_position,
    new_match,
    observe,
    outcome,
    parse_choice,
    play,
    render_svg,
    rule,
    save_position,
    scores,
    winners,
)
from boardlab.level7_lockdown.choices import (
    Access,
    Attack,
    CardDraw,
    EndStep,
    Explore,
    Extinguish,
    FallDown,
    ItemDraw,
    LowerTerror,
    Move,
    Peek,
    Place,
    PlaceCronos,
    Roll,
    Search,
    Smash,
    Special,
    StandUp,
    TileDraw,
    Vent,
)
from boardlab.level7_lockdown.config import (
    Character,
    Config,
    EnemyProfile,
    EventCard,
    ItemCard,
    TileSpec,
    config_from_json,
    config_to_json,
)
from boardlab.level7_lockdown.game import GAME
from boardlab.level7_lockdown.geometry import Door, Placement, layout, to_networkx
from boardlab.level7_lockdown.narration import PHASE_TITLES, phase_title
from boardlab.level7_lockdown.observe import View
from boardlab.level7_lockdown.position import position
from boardlab.level7_lockdown.queries import fear_gain, fear_loss, stat, total_fear
from boardlab.level7_lockdown.rulebook import BOOK
from boardlab.level7_lockdown.rules import RULES
from boardlab.level7_lockdown.scenario import SCENARIOS, Scenario, scenario
from boardlab.level7_lockdown.state import Setup, State

__all__ = [
    "BOOK", "CHANCE", "GAME", "ConfigError", "IllegalAction", "PHASE_TITLES", "RULES", "SCENARIOS",
    "Access", "Attack", "CardDraw", "Character", "Config", "Door", "EndStep", "EnemyProfile",
    "EventCard", "Explore", "Extinguish", "FallDown", "HeuristicAgent", "ItemCard", "ItemDraw",
    "LowerTerror", "Move", "Peek", "Place", "PlaceCronos", "Placement", "RandomAgent", "Roll",
    "Scenario", "Search", "Setup", "Smash", "Special", "StandUp", "State", "TileDraw", "TileSpec",
    "Vent", "View", "scenario", "config_from_json", "config_to_json", "layout", "load_match",
    "load_position", "new_match", "observe", "outcome", "phase_title", "play", "position",
    "render_svg", "rule", "save_position", "scores", "fear_gain", "fear_loss", "stat", "total_fear",
    "to_networkx", "winners", "parse_choice",
]

# Board, Explainer, explain_phase, odds, win_odds and compare_win_odds load on first use
# (GAME.lazy; the widgets pull in ipywidgets); explain_step warns (GAME.moved).
__getattr__, __dir__ = module_attributes(globals(), GAME.lazy, GAME.moved,
                                         alias=GAME.alias)
