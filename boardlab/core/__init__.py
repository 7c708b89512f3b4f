"""Game-agnostic machinery: rules, events, the engine, files, agents, simulation.

No game is named here; every game package builds on these pieces.

>>> from boardlab.core import CHANCE, Match, IllegalAction
"""

from boardlab.core.agents import Agent, RandomAgent, ScriptedAgent
from boardlab.core.engine import (
    CHANCE,
    Match,
    OutcomeTable,
    Record,
    Rules,
    chance_table,
    position_from_json,
    position_to_json,
    sample_outcome,
)
from boardlab.core.errors import BoardlabError, ConfigError, FormatError, IllegalAction
from boardlab.core.events import Event, EventTemplate, FrozenMap
from boardlab.core.rules import RuleBook, RuleRef

__all__ = [
    "CHANCE", "Agent", "BoardlabError", "ConfigError", "Event", "EventTemplate",
    "FormatError", "FrozenMap", "IllegalAction", "Match", "OutcomeTable", "RandomAgent",
    "Record", "RuleBook", "RuleRef", "Rules", "ScriptedAgent", "chance_table",
    "position_from_json", "position_to_json", "sample_outcome",
]
