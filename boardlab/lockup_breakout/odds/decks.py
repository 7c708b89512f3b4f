"""The decks at setup: legend cards, goals, Fungoids (A5.4, A5.12, A5.13)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Literal, overload

from boardlab.core.errors import QuestionError, show_value
from boardlab.lockup_breakout.config import (
    GOON_LOCATIONS,
    ROUNDS,
    Config,
)
from boardlab.lockup_breakout.odds.edge import STAND_IN, _explain
from boardlab.lockup_breakout.odds.setups import _at, _config, _lumped_walk, _start
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import tables
from boardlab.prob.checks import whole
from boardlab.prob.derivation import Derivation
from boardlab.prob.limits import check_limit

__all__ = [
    "fungoid_offered", "fungoids_expected", "goal_public", "legend_active", "legend_comes_up",
    "legend_sources"
]


def _legend_card(config: Config, card: Any, function: str) -> str:
    names = tables(config).legend_names
    if not isinstance(card, str) or card not in names:
        raise QuestionError(f"{function}: unknown legend card {show_value(card)}; the legend "
                            f"deck holds {', '.join(names)} (LB-R16)")
    return card


def legend_sources(cards: int) -> tuple[int, ...]:
    """Which turn-up of a shuffled legend deck of ``cards`` cards is active in rounds 1–6,
    as the engine plays it: the top card at setup (LB-setup-legend), then at each Patrol
    the active card goes under the deck and the next is turned up (LB-patrol; none after
    round 6, LB-R40). With fewer than six cards the deck goes round and the first cards
    come back in the same order.

    >>> legend_sources(8), legend_sources(4), legend_sources(1)
    ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 1, 2), (1, 1, 1, 1, 1, 1))
    """
    n = whole(cards, "cards", "legend_sources", low=1, high=None)
    deck, under, active, out = n, [], 0, []
    for r in range(1, ROUNDS + 1):
        if r > 1:
            under.append(active)            # Patrol: the active card goes under the deck
        if deck:                            # flow.reveal_legend: a draw while cards remain
            active, deck = n - deck + 1, deck - 1
        else:                               # … else the card under the deck comes back
            active = under.pop(0)
        out.append(active)
    return tuple(out)


@lru_cache(maxsize=64)
def _legend_turn(config: Config, card: str) -> dict[int, Fraction]:
    """P(``card`` is the k-th legend card turned up), k = 1 … min(L, 6) (the rounds see
    no later turn-up), through the engine's legend node."""
    walk = _lumped_walk(_start(config), Frame(K.LEGEND_DRAW, src="LB-patrol"), "legend_deck",
                        lambda name: name == card, min(len(config.legends), ROUNDS))
    before = Fraction(0)
    out = {}
    for k, step in enumerate(walk, start=1):
        now = step.get(1, Fraction(0))
        out[k] = now - before
        before = now
    return out


def _legend_facts(config: Config) -> list[tuple[str, str]]:
    n = len(config.legends)
    return [("legend deck", f"{n} cards, shuffled; the top card is active in round 1 "
                            "(LB-setup-legend)"),
            ("Patrol", "the active card goes under the deck, the next is turned up "
                       "(LB-patrol); no Patrol after round 6 (LB-R40)"),
            ("legend cards", STAND_IN)]


@overload
def legend_active(card: str, round: int, *, config: Config | None = ...,
                  explain: Literal[False] = ...) -> Fraction: ...
@overload
def legend_active(card: str, round: int, *, config: Config | None = ...,
                  explain: Literal[True]) -> Derivation[Fraction]: ...
def legend_active(card: str, round: int, *, config: Config | None = None,  # noqa: A002
                  explain: bool = False) -> Any:
    """P(the legend card ``card`` is the active legend in round ``round``) (1–6), seen
    from the setup: 1/L for a deck of L cards, in every round.

    The engine turns up one card at setup and one at each Patrol (LB-setup-legend,
    LB-patrol); with L < 6 cards the deck goes round — the active card went under the
    deck, so round L + 1 brings back round 1's card (:func:`legend_sources`): still 1/L
    each round, but no longer a fresh chance. The legend cards are stand-in data.

    >>> legend_active("The Bone Choir", 3)          # eight stand-in cards
    Fraction(1, 8)
    """
    cfg = _config(config, "legend_active")
    name = _legend_card(cfg, card, "legend_active")
    r = whole(round, "round", "legend_active", low=1, high=ROUNDS)
    explain = _explain(explain, "legend_active")
    turn = legend_sources(len(cfg.legends))[r - 1]
    answer = _legend_turn(cfg, name)[turn]
    if not explain:
        return answer
    n = len(cfg.legends)
    how = (f"Round {r}'s card is turn-up {turn}" if turn == r else
           f"The deck of {n} has gone round: round {r}'s card is turn-up {turn} again "
           f"(round {turn}'s card)")
    return Derivation(f"P({name} is the active legend in round {r})", answer,
                      closed_form=answer, facts=_legend_facts(cfg),
                      steps=(how + ".",
                             f"Each turn-up is a draw from the cards not yet turned: "
                             f"P(turn-up {turn} is {name}) = Π(1 − 1/(L − i)) · 1/(L − "
                             f"{turn - 1}) = 1/{n}, walked through the engine's legend "
                             "node."))


@overload
def legend_comes_up(card: str, *, config: Config | None = ...,
                    explain: Literal[False] = ...) -> Fraction: ...
@overload
def legend_comes_up(card: str, *, config: Config | None = ...,
                    explain: Literal[True]) -> Derivation[Fraction]: ...
def legend_comes_up(card: str, *, config: Config | None = None,
                    explain: bool = False) -> Any:
    """P(the legend card ``card`` is active in at least one of the six rounds): 6/L for
    a deck of L ≥ 6 cards (the events "active in round r" are disjoint), 1 for L ≤ 6
    (the deck goes round, :func:`legend_sources`). Stand-in legend cards.

    >>> legend_comes_up("The Bone Choir")
    Fraction(3, 4)
    """
    cfg = _config(config, "legend_comes_up")
    name = _legend_card(cfg, card, "legend_comes_up")
    explain = _explain(explain, "legend_comes_up")
    turns = sorted(set(legend_sources(len(cfg.legends))))
    table = _legend_turn(cfg, name)
    answer = sum((table[k] for k in turns), Fraction(0))
    if not explain:
        return answer
    n = len(cfg.legends)
    return Derivation(f"P({name} is active in at least one of the {ROUNDS} rounds)", answer,
                      closed_form=answer, facts=_legend_facts(cfg),
                      steps=(f"The six rounds show turn-ups {', '.join(map(str, turns))} "
                             f"of the {n} cards (the deck goes round when L < 6).",
                             "A card is one turn-up at most, so these events are disjoint: "
                             f"{len(turns)} × 1/{n} = {answer}."))


def _goon_draws() -> int:
    """Goon cards turned up onto the goon spaces in a match: one per space at setup, one
    per Patrol (rounds 1–5; LB-R11, LB-patrol, LB-R40)."""
    return len(GOON_LOCATIONS) + ROUNDS - 1


def _is_fungoid(config: Config) -> Callable[[str], bool]:
    goons = tables(config).goons
    return lambda name: goons[name].kind == "fungoid"


@lru_cache(maxsize=16)
def _fungoid_walk(config: Config) -> list[dict[int, Fraction]]:
    return _lumped_walk(_start(config), Frame(K.GOON_DRAW, loc=GOON_LOCATIONS[0]),
                        "goon_deck", _is_fungoid(config), _goon_draws())


def _fungoid_question(config: Any, function: str) -> tuple[Config, int, int]:
    cfg = _config(config, function)
    deck = sum(g.count for g in cfg.goons)
    draws = _goon_draws()
    if deck < draws:
        raise QuestionError(f"{function}: the goon deck of this config has {deck} cards, "
                            f"fewer than the {draws} goons turned up in a match: it would "
                            "run out and take back its discards (LB-R42), which this "
                            "question does not follow")
    fungoids = sum(g.count for g in cfg.goons if g.kind == "fungoid")
    return cfg, deck, fungoids


def _fungoid_facts(deck: int, fungoids: int) -> list[tuple[str, str]]:
    return [("goon deck", f"{deck} cards, {fungoids} Fungoid(s) (LB-goon-fungoid)"),
            ("goons turned up", f"{len(GOON_LOCATIONS)} at setup, 1 at each Patrol of rounds "
                                f"1–{ROUNDS - 1}: {_goon_draws()} (LB-R11, LB-patrol, LB-R40)"),
            ("model", "no Shapeshifter chain draws from the deck (LB-goon-shapeshifter)"),
            ("goons", STAND_IN)]


@overload
def fungoids_expected(*, config: Config | None = ...,
                      explain: Literal[False] = ...) -> Fraction: ...
@overload
def fungoids_expected(*, config: Config | None = ...,
                      explain: Literal[True]) -> Derivation[Fraction]: ...
def fungoids_expected(*, config: Config | None = None, explain: bool = False) -> Any:
    """The expected number of Fungoids offered on the goon spaces over the six rounds,
    seen from the setup: the engine turns up one goon per goon space at setup and one at
    each Patrol of rounds 1–5 (no Patrol after round 6, LB-R40), ten draws from the goon
    deck; a Fungoid is discarded at the next Patrol (LB-goon-fungoid), so each drawn is
    offered in one round only. (The plan sketches the Patrol refills alone; the engine's
    five setup draws are offered in round 1 and count too.)

    By linearity, E = Σ P(draw i is a Fungoid) = 10 · f/N — although the draws are not
    independent. Counts goons drawn onto the spaces with no Shapeshifter chain drawing
    from the deck meanwhile; a chain would leave this expectation unchanged (each card
    drawn is still a Fungoid with chance f/N while the deck lasts) but not
    :func:`fungoid_offered`. Stand-in goon deck (20 cards, 2 Fungoids):

    >>> fungoids_expected()
    Fraction(1, 1)
    """
    cfg, deck, fungoids = _fungoid_question(config, "fungoids_expected")
    explain = _explain(explain, "fungoids_expected")
    walk = _fungoid_walk(cfg)
    # P(draw i is a Fungoid) = E[hits after i] − E[hits after i − 1], draw by draw.
    means = [sum((k * p for k, p in step.items()), Fraction(0)) for step in walk]
    marginals = [b - a for a, b in zip([Fraction(0), *means], means, strict=False)]
    answer = sum(marginals, Fraction(0))
    if not explain:
        return answer
    from sympy import Rational

    return Derivation("Expected number of Fungoids offered over the six rounds", answer,
                      kind="expectation",
                      closed_form=_goon_draws() * Rational(fungoids, deck),
                      facts=_fungoid_facts(deck, fungoids),
                      steps=("Draw by draw, through the engine's goon node: P(a Fungoid) = "
                             + ", ".join(str(p) for p in marginals) + ".",
                             "Each draw is a Fungoid with the same chance f/N "
                             f"= {fungoids}/{deck} (exchangeability), though the draws are "
                             "dependent; linearity of expectation needs no independence: "
                             f"E = {_goon_draws()} × {fungoids}/{deck} = {answer}."))


@overload
def fungoid_offered(*, config: Config | None = ...,
                    explain: Literal[False] = ...) -> Fraction: ...
@overload
def fungoid_offered(*, config: Config | None = ...,
                    explain: Literal[True]) -> Derivation[Fraction]: ...
def fungoid_offered(*, config: Config | None = None, explain: bool = False) -> Any:
    """P(at least one Fungoid is offered on the goon spaces over the six rounds), the
    same ten draws as :func:`fungoids_expected`: the complement of "none among them",
    1 − C(N − f, 10)/C(N, 10). Stand-in goon deck:

    >>> fungoid_offered()               # 1 − C(18, 10)/C(20, 10)
    Fraction(29, 38)
    """
    cfg, deck, fungoids = _fungoid_question(config, "fungoid_offered")
    explain = _explain(explain, "fungoid_offered")
    none = _fungoid_walk(cfg)[-1].get(0, Fraction(0))
    answer = 1 - none
    if not explain:
        return answer
    from sympy import binomial

    k = _goon_draws()
    return Derivation("P(at least one Fungoid is offered over the six rounds)", answer,
                      closed_form=1 - binomial(deck - fungoids, k) / binomial(deck, k),
                      facts=_fungoid_facts(deck, fungoids),
                      steps=(f"Complement: none of the {k} goons turned up is a Fungoid, "
                             f"C({deck - fungoids}, {k}) / C({deck}, {k}) = {none} "
                             "(drawn without replacement, walked through the engine's "
                             "goon node).",
                             f"P(at least one) = 1 − {none} = {answer}."))


@overload
def goal_public(goal: str = ..., *, config: Config | None = ...,
                explain: Literal[False] = ...) -> Fraction: ...
@overload
def goal_public(goal: str = ..., *, config: Config | None = ...,
                explain: Literal[True]) -> Derivation[Fraction]: ...
def goal_public(goal: str = "Explorer", *, config: Config | None = None,
                explain: bool = False) -> Any:
    """P(the goal card ``goal`` is among the public goals drawn at setup): k/G for k
    goals drawn (two, LB-R14) from a deck of G (the engine's goal node). Stand-in goals:

    >>> goal_public()                  # 2 of the 5 stand-in goals
    Fraction(2, 5)
    """
    cfg = _config(config, "goal_public")
    names = tables(cfg).goal_names
    if not isinstance(goal, str) or goal not in names:
        raise QuestionError(f"goal_public: unknown goal {show_value(goal)}; the goal deck "
                            f"holds {', '.join(names)} (LB-R14)")
    explain = _explain(explain, "goal_public")
    deck, k = len(names), cfg.goals_drawn
    if k:
        check_limit("goal_public", "outcomes", comb(deck, k), "possible sets of goals")
        table = RULES.outcomes(_at(_start(cfg), Frame(K.GOALS_DRAW, n=k)))
        hits = [choice for choice, _ in table if goal in choice.cards]
        answer = sum((p for choice, p in table if goal in choice.cards), Fraction(0))
        total = len(table)
    else:                       # the engine pushes no goal node: no public goal
        hits, answer, total = [], Fraction(0), 1
    if not explain:
        return answer
    from sympy import Rational

    # Every set of k distinct goals is equally likely (one card of each), so the count is
    # over sets, not ordered draws: the derivation says so in its outcome space.
    counted: dict[str, Any] = dict(favourable=len(hits), total=total,
                                   space=f"sets of {k} goals") if k else {}
    return Derivation(f"P({goal} is among the {k} public goals)", answer,
                      closed_form=Rational(k, deck), **counted,
                      facts=(("goal deck", f"{deck} goal cards, {k} drawn at setup (LB-R14)"),
                             ("goals", STAND_IN)),
                      steps=(f"The engine's goal node lists the C({deck}, {k}) = {total} "
                             f"equally likely sets of {k} goals; {len(hits)} hold {goal}.",
                             f"C({deck - 1}, {k - 1}) / C({deck}, {k}) = {k}/{deck}: a "
                             "hypergeometric warm-up." if k else
                             "This config draws no public goal."))
