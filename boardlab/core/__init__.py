"""Game-agnostic machinery: rules, events, the engine, files, agents, simulation.

No game is named here; every game package builds on these pieces.

>>> from boardlab.core import CHANCE, Match, IllegalAction
"""

from boardlab.core.agents import Agent, RandomAgent, ScriptedAgent
from boardlab.core.chance import CHANCE, Chance
from boardlab.core.engine import (
    Match,
    OutcomeTable,
    ParsesChoices,
    Record,
    Rules,
    ToMove,
    chance_table,
    position_from_json,
    position_to_json,
    sample_outcome,
)
from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoardlabError,
    ChoiceTextError,
    ConfigError,
    FormatError,
    IllegalAction,
    LimitError,
    PlyError,
    QuestionError,
    UnknownRule,
)
from boardlab.core.events import Event, EventTemplate, FrozenMap
from boardlab.core.rules import RuleBook, RuleRef

__all__ = [
    "CHANCE", "Agent", "ArgumentError", "ArgumentTypeError", "BoardlabError", "Chance",
    "ChoiceTextError", "ConfigError", "Event", "EventTemplate", "FormatError", "FrozenMap",
    "IllegalAction", "LimitError", "Match", "OutcomeTable", "ParsesChoices", "PlyError",
    "QuestionError",
    "RandomAgent", "Record", "RuleBook", "RuleRef", "Rules", "ScriptedAgent", "ToMove",
    "UnknownRule", "chance_table", "position_from_json", "position_to_json", "sample_outcome",
]
