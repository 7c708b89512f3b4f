"""Exact Lockup: Breakout odds, answered from the engine's own chance nodes.

Breakout has no dice: its chance is shuffled piles (the tunnel tiles, loot tokens, goon
and guard cards) and hidden information (face-down crew tokens). Every answer here is
exact — a :class:`fractions.Fraction` for a probability, an ``int`` for a count, a
:class:`~boardlab.prob.dist.Dist` for a distribution, a ``dict`` for an answer per
location or per space — and comes from the engine itself: the outcome tables of its
chance nodes (``RULES.outcomes``) and its own steps (``RULES.step``), never from a
parallel model of the rules. With ``explain=True`` every function returns a
:class:`~boardlab.prob.derivation.Derivation` whose ``.answer`` is that same value and
which shows the working (outcomes counted, a closed form where one teaches something,
the rule facts used).

Facts from the rule text: the tunnel sets per player count (LB-setup-tunnels), what a
seeker does (LB-tunnel-*), the Shapeshifter chain (LB-goon-shapeshifter, LB-R22), the
guards' tunnel rules in solitary (LB-solo-tunnel-*), how the legend deck turns
(LB-setup-legend, LB-patrol). **Stand-in** (invented, labelled in every derivation that
uses it): crew strengths, the loot pool, the goon deck, the guard cards, the legend
cards, the goals and the catacomb map (:mod:`.standin`, :mod:`.catacombs`).

Questions of the decks at setup (plan A5.4, 12, 13: :func:`legend_active`,
:func:`legend_comes_up`, :func:`fungoids_expected`, :func:`fungoid_offered`,
:func:`goal_public`) and of the solitary guard deck (A5.7, 8: :func:`guards_win_both`,
:func:`legend_guard_beats`) take a ``config`` (default: the stand-in data) rather than a
position: they are asked before the cards are dealt (the legend's guard card also
after the location cards, named in ``seen``).

>>> from boardlab.lockup_breakout import odds
>>> [odds.tunnel_layouts(n) for n in (2, 3, 4)]
[42, 105, 140]
>>> odds.tunnel_at(3)[5]
Fraction(3, 7)
>>> odds.tunnel_among([1, 2, 3], players=2)
Fraction(5, 7)
>>> odds.tunnel_layouts(4, explain=True).answer
140
"""

from __future__ import annotations

from boardlab.lockup_breakout.odds.decks import (
    fungoid_offered,
    fungoids_expected,
    goal_public,
    legend_active,
    legend_comes_up,
    legend_sources,
)
from boardlab.lockup_breakout.odds.edge import (
    STAND_IN as STAND_IN,
)
from boardlab.lockup_breakout.odds.escape import (
    escape_score,
    guards_first,
    reachable,
)
from boardlab.lockup_breakout.odds.guards import (
    guards_win_both,
    legend_guard_beats,
)
from boardlab.lockup_breakout.odds.loot import (
    loot_has,
    loot_look,
)
from boardlab.lockup_breakout.odds.seekers import (
    seeker_contest,
)
from boardlab.lockup_breakout.odds.shapeshifters import (
    shapeshifter_chain,
)
from boardlab.lockup_breakout.odds.tunnels import (
    tunnel_among,
    tunnel_at,
    tunnel_layouts,
)

__all__ = [
    "escape_score", "fungoid_offered", "fungoids_expected", "goal_public", "guards_first",
    "guards_win_both", "legend_active", "legend_comes_up", "legend_guard_beats",
    "legend_sources", "live_odds", "loot_has", "loot_look", "reachable", "seeker_contest",
    "shapeshifter_chain", "tunnel_among", "tunnel_at", "tunnel_layouts",
]


# What a board's odds panel shows (its own module, read with the others as odds.live_odds).
from boardlab.lockup_breakout.live import live_odds  # noqa: E402
