"""The phase explainer: a Lockup: Breakout match told one card per phase.

A round has three phases — Roll Call, Lights Out, Patrol (LB-flow) — after the setup,
and the match ends with final scoring. Each card says what the phase is for, in
boardlab's own words citing the rules (never the rule text), gives a one-line tally and
then what happened in that phase of this match, each event with the rule that caused
it. The walking (Next / Back / Next round / a phase menu) is
:class:`~boardlab.widgets.explainer.PhaseExplainer`'s; ``viewer`` tells a card as one
seat may know it (other seats' face-down tokens stay hidden until they are revealed).

>>> from boardlab import lockup_breakout as lb
>>> ex = Explainer(lb.play(players=3, seed=2))
>>> ex.positions[:4]
[(0, 'setup'), (1, 'rollcall'), (1, 'lightsout'), (1, 'patrol')]
>>> lines = ex.explain(1, "lightsout")
>>> lines[0]
'Round 1 — Lights Out'
>>> ex.positions[-2:]
[(6, 'final'), (6, 'over')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from boardlab.core.events import Event
from boardlab.lockup_breakout.rules import PHASE_NAMES, RULES
from boardlab.lockup_breakout.state import State
from boardlab.widgets.explainer import PhaseExplainer

__all__ = ["PHASE_GUIDE", "Explainer", "explain_phase", "in_short"]

#: What each phase does, in boardlab's own words, and the rule ids it follows.
PHASE_GUIDE: Final[Mapping[str, tuple[str, tuple[str, ...]]]] = {
    "setup": (
        "The tunnel tiles are shuffled onto the seven locations (one layout of 42, 105 or "
        "140, by player count), loot stacks wait face down on the catacomb spaces, every "
        "lantern starts at the entrance and each player gains a seeker.",
        ("LB-setup", "LB-setup-tunnels", "LB-setup-loot", "LB-setup-lanterns",
         "LB-setup-seekers", "LB-setup-legend")),
    "rollcall": (
        "In turn, players put crew tokens on the locations, some face down (a limited "
        "number). The seeker is a weak token whose job is the tunnel. A player with one "
        "token left passes it face down to the legend card.",
        ("LB-rollcall-seeker", "LB-rollcall-limit", "LB-rollcall-pass",
         "LB-rollcall-facedown", "LB-rollcall-legend-only")),
    "lightsout": (
        "Locations resolve in order: tokens are revealed, the strongest crews take the "
        "rewards, and at a tunnel the strongest crew that has a seeker may move its "
        "lantern forward through the catacombs, paying each path's cost and looking at "
        "loot on the way. The legend card resolves last.",
        ("LB-lightsout", "LB-tunnel-seekers", "LB-tunnel-type", "LB-advance",
         "LB-advance-loot", "LB-legend")),
    "patrol": (
        "The active legend card goes back under its deck, a new one turns up, and goons "
        "move along their spaces with a fresh one arriving.",
        ("LB-patrol", "LB-R11")),
    "final": (
        "After the sixth round: lanterns score their space (or the escape bonus), goons "
        "score by type, goals and sets are counted.",
        ("LB-end", "LB-end-lantern", "LB-end-goons", "LB-R14")),
    "over": (
        "The match is over; the scores are final.",
        ("LB-end",)),
}


def in_short(events: Sequence[Event], viewer: str | None = None) -> str:
    """A one-line tally of a phase: tokens placed, tunnels used, lantern steps, loot.

    >>> from boardlab import lockup_breakout as lb
    >>> m = lb.play(players=3, seed=2)
    >>> in_short([e for e in m.events if (e.round, e.phase) == (1, "rollcall")])
    '18 tokens placed'
    """
    counts = {"assign": 0, "tunnel": 0, "step": 0, "loot": 0}
    for e in events:
        if e.kind in counts:
            counts[e.kind] += 1
    parts = []
    if counts["assign"]:
        parts.append(f"{counts['assign']} token{'s' * (counts['assign'] != 1)} placed")
    if counts["tunnel"]:
        parts.append(f"{counts['tunnel']} tunnel{'s' * (counts['tunnel'] != 1)} resolved")
    if counts["step"]:
        parts.append(f"{counts['step']} lantern step{'s' * (counts['step'] != 1)}")
    if counts["loot"]:
        parts.append(f"{counts['loot']} loot event{'s' * (counts['loot'] != 1)}")
    return "; ".join(parts)


class Explainer(PhaseExplainer):
    """The phase explainer of a Lockup: Breakout match; see the module docstring."""

    phases: ClassVar[tuple[str, ...]] = ("rollcall", "lightsout", "patrol")
    opening: ClassVar[tuple[str, ...]] = ("setup",)
    closing: ClassVar[tuple[str, ...]] = ("final", "over")
    phase_titles: ClassVar[Mapping[str, str]] = PHASE_NAMES
    phase_guide: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = PHASE_GUIDE
    rules = RULES
    game = "Lockup: Breakout"

    def players(self, state: State) -> tuple[str, ...]:
        return state.setup.colours

    def in_short(self, events: Sequence[Event], viewer: str | None) -> str:
        return in_short(events, viewer)

    def phase_positions(self) -> list[tuple[int, str]]:
        """The generic cards, with final scoring's card before the game-over card (the
        match passes through "final" without stopping there)."""
        out = super().phase_positions()
        if out and out[-1][1] == "over" and (out[-1][0], "final") not in out:
            out.insert(len(out) - 1, (out[-1][0], "final"))
        return out




#: One card as plain lines: title, what the phase does, rules, tally, what happened.
explain_phase = Explainer.card
