"""Exact Mall of Horror odds, answered from the engine's own chance nodes.

Every answer is exact: a :class:`fractions.Fraction` for a probability or a mean, an
``int`` for a count (:func:`threshold`), a :class:`~boardlab.prob.dist.Dist` for a
distribution, a ``dict`` location → Fraction for an answer per location. With
``explain=True`` every function returns a :class:`~boardlab.prob.derivation.Derivation`
instead, whose ``.answer`` is that same value and which shows the working: the
outcomes that count over all outcomes, the closed form where there is one, the rule
facts used (one sub-derivation per location for answers per location).

Nothing here imports sympy unless a closed form is shown (``explain=True``), so the
board's odds panel (:func:`live_odds`, at every step) stays light. Cached work is
bounded (``lru_cache(maxsize=...)``) and read-only.

>>> from boardlab.mall_of_horror import odds
>>> print(odds.break_in(6, defence=5, zombies=2))
19/144
>>> odds.placement_offered(3)
Fraction(11, 36)
>>> odds.placement_offered(3, explain=True).total
36
"""

from __future__ import annotations

from boardlab.mall_of_horror.odds.arrivals import (
    _arrival_weights as _arrival_weights,
)
from boardlab.mall_of_horror.odds.arrivals import (
    _at_least as _at_least,
)
from boardlab.mall_of_horror.odds.arrivals import (
    _count_weights as _count_weights,
)
from boardlab.mall_of_horror.odds.arrivals import (
    arrivals,
    arrivals_at,
)
from boardlab.mall_of_horror.odds.edge import (
    FACES as FACES,
)
from boardlab.mall_of_horror.odds.location import (
    break_in,
    threshold,
)
from boardlab.mall_of_horror.odds.round import (
    _round_weights as _round_weights,
)
from boardlab.mall_of_horror.odds.round import (
    any_break_in,
    expected_break_ins,
    live_odds,
    round_odds,
    round_outcomes,
)
from boardlab.mall_of_horror.odds.sealing import (
    _seal_chain as _seal_chain,
)
from boardlab.mall_of_horror.odds.sealing import (
    _seal_steps as _seal_steps,
)
from boardlab.mall_of_horror.odds.sealing import (
    expected_rounds_to_seal,
    seal_chain,
)
from boardlab.mall_of_horror.odds.votes import (
    VoteStrategy as VoteStrategy,
)
from boardlab.mall_of_horror.odds.votes import (
    placement_offered,
    vote,
)

__all__ = [
    "any_break_in", "arrivals", "arrivals_at", "break_in", "expected_break_ins",
    "expected_rounds_to_seal", "live_odds", "placement_offered", "round_odds",
    "round_outcomes", "seal_chain", "threshold", "vote",
]
