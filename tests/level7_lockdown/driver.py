"""Scripted playthroughs: a :class:`~boardlab.core.agents.ScriptedAgent` makes every
decision from a fixed list, and chance outcomes are pushed from the same script.

A script is one list, in the order the match asks: decisions (Move, EndStep, Special
…) go to the scripted agent, outcomes (TileDraw, CardDraw, Roll, ItemDraw) are pushed.
Chance nodes the script does not care about take a fixed default, so that scripts stay
short and readable: an event draw takes the first card of :data:`CALM` still in the
deck (no spawn, no activation), a roll shows no icon (a roll that counts every icon:
the fewest Speed icons alone). A tile draw is never defaulted.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardlab.core.agents import ScriptedAgent
from boardlab.core.engine import CHANCE, Match
from boardlab.level7_lockdown import CardDraw, EndStep, ItemDraw, Roll, TileDraw

OUTCOMES = (TileDraw, CardDraw, Roll, ItemDraw)
#: Event cards with no spawn icon and no activation icon (the invented deck's).
CALM = ("Quiet", "Supply Drop", "Hidden Stash")
#: Then cards with no spawn icon (activations only).
NO_SPAWN = ("Power Surge", "Collapse", "Stumble", "Lights Flicker", "Toxic Leak", "Gas Vent",
            "Echoes", "Barricaded")


def default_outcome(match: Match) -> Any:
    """The outcome a script does not name: the calmest card, a roll of no icons."""
    kind = match.state.pending.kind
    legal = [o for o, _ in match.outcomes()]
    if kind == "event_draw":
        for name in (*CALM, *NO_SPAWN):
            if CardDraw(name) in legal:
                return CardDraw(name)
        return legal[0]
    if kind == "roll":
        if Roll() in legal:
            return Roll()
        # every face shows an icon: the fewest Speed icons and nothing else
        return min((r for r in legal if not r.strength and not r.intelligence),
                   key=lambda r: r.speed)
    raise AssertionError(f"the script must say what the {kind} gives: {legal[:6]} …")


def run(match: Match, script: Iterable[Any], *, until_decision: bool = True) -> Match:
    """Play ``script`` on ``match``: decisions through a ScriptedAgent, outcomes pushed,
    other chance nodes defaulted; then (``until_decision``) default chance nodes until a
    character must decide or the match is over."""
    items = list(script)
    decisions = [x for x in items if not isinstance(x, OUTCOMES)]
    agent = ScriptedAgent(decisions)
    for item in items:
        while match.to_move is CHANCE and not isinstance(item, OUTCOMES):
            match.push(default_outcome(match))
        if isinstance(item, OUTCOMES):
            assert match.to_move is CHANCE, f"{item} scripted where {match.to_move} decides"
            match.push(item)
        else:
            seat = match.to_move
            assert seat is not None, f"the match is over before {item}"
            choice = agent.choose(match.observe(seat), match.legal())
            match.push(choice)
    while until_decision and match.to_move is CHANCE:
        match.push(default_outcome(match))
    return match


def idle(n: int = 1) -> list[Any]:
    """``n`` turns doing nothing: no move, no action (the events default)."""
    return [EndStep(), EndStep()] * n
