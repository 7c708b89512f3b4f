"""Shared fixtures of the Mall of Horror rule tests.

Rule text: /work/shared/rules/000_deed6b5c8203530e.txt (cited by section, never quoted);
rulings: RULINGS.md (MoH-R1…R16) and boardlab's own MoH-R17…R19 (rulebook.py).
"""

from __future__ import annotations

import pytest

from boardlab import mall_of_horror as moh


def _start(**kwargs):
    """A match from a described position (``moh.position`` keywords, 4 players by default)."""
    return moh.new_match(start=moh.position(**kwargs))


def _drive(match, moves, drops=None):
    """Play phases d) and e) to the end.

    ``moves`` maps each colour to a :class:`moh.Move`, or to ``(destination, Move)`` when
    the move differs from the secret destination (a Sprint). ``drops`` maps eliminated
    colours to the location of their zombie (MoH-R15).
    """
    while match.state.pending.kind in ("destination", "zombie_drop", "move"):
        colour = match.to_move
        plan = moves.get(colour)
        kind = match.state.pending.kind
        if kind == "destination":
            dest = plan[0] if isinstance(plan, tuple) else plan.to
            match.push(moh.Destination(dest))
        elif kind == "zombie_drop":
            match.push(moh.PlaceZombie(drops[colour]))
        else:
            match.push(plan[1] if isinstance(plan, tuple) else plan)
    return match


@pytest.fixture
def start():
    return _start


@pytest.fixture
def drive():
    return _drive


@pytest.fixture
def rule_ids():
    """``rule_ids(events, kind)``: the rule ids of the events of that kind, in order."""
    def ids(events, kind):
        return [e.rule.id for e in events if e.kind == kind]
    return ids
