"""Solitary: the guard deck (A5.7, A5.8)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import islice
from typing import Any, Literal, overload

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.lockup_breakout.config import (
    LEGEND,
    Config,
    default_config,
)
from boardlab.lockup_breakout.odds.edge import STAND_IN, _explain
from boardlab.lockup_breakout.odds.setups import _ALIASES, _at, _config, _key, _start
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import Frame, K, State
from boardlab.lockup_breakout.work import tables
from boardlab.prob.checks import whole
from boardlab.prob.derivation import Derivation

__all__ = ["guards_win_both", "legend_guard_beats"]


# -- solitary: the guard deck (A5.7, A5.8) -----------------------------------------------------
def _difficulty(config: Config, difficulty: Any, function: str) -> str:
    colours = [lv.colour for lv in config.guard_levels]
    colour = _ALIASES.get(difficulty, difficulty) if isinstance(difficulty, str) else difficulty
    if not isinstance(colour, str) or colour not in colours:
        raise QuestionError(f"{function}: unknown difficulty {show_value(difficulty)}; one "
                            f"of {', '.join(colours)} (LB-solo-setup)")
    return colour


def _strength(value: Any, name: str, function: str) -> int:
    return whole(value, name, function, low=0, high=None)


def _guard_facts(config: Config, difficulty: str) -> list[tuple[str, str]]:
    return [("guard deck", f"8 blue and 6 {difficulty} cards, shuffled each Roll Call: one "
                           "face down on each of locations 1–7 and an eighth on the legend "
                           "card (LB-solo-setup, LB-solo-rollcall)"),
            ("guard cards", STAND_IN)]


def _guard_strengths(state: State) -> dict[str, int]:
    return {name: card.strength for name, card in tables(state.config).guard_cards.items()}


def _guards_take_tunnel(card: int, mine: int) -> bool:
    """The guards are strongest at a tunnel location and advance: a card of strength ≥ 1
    above the player's crew (LB-solo-tunnel-guards; a tie goes to the player, LB-R25)."""
    return card >= 1 and card > mine


@overload
def guards_win_both(strengths: Sequence[int], difficulty: str = ..., *,
                    config: Config | None = ..., explain: Literal[False] = ...) -> Fraction: ...
@overload
def guards_win_both(strengths: Sequence[int], difficulty: str = ..., *,
                    config: Config | None = ...,
                    explain: Literal[True]) -> Derivation[Fraction]: ...
def guards_win_both(strengths: Sequence[int], difficulty: str = "yellow", *,
                    config: Config | None = None, explain: bool = False) -> Any:
    """Solitary: P(the guards win both of my two tunnel locations), my crew strengths
    there being ``strengths`` = (s₁, s₂): the guards win a tunnel location when its guard
    card is stronger (LB-solo-tunnel-guards; a tie is mine, LB-R25). The two cards come
    from one shuffled deck (the engine deals each location's card from the cards left),
    so the joint is not the product of the marginals; ``explain=True`` shows both. Any
    two locations give the same answer (exchangeability). Stand-in guard cards:

    >>> guards_win_both((2, 2), "green")      # 4/14 each, 4·3/(14·13) together
    Fraction(6, 91)
    >>> d = guards_win_both((2, 2), "green", explain=True)
    >>> d.answer, "against the product 4/49" in d.steps[-1]
    (Fraction(6, 91), True)
    """
    if isinstance(strengths, (str, bytes)) or not isinstance(strengths, Sequence) \
            or len(strengths) != 2:
        raise ArgumentTypeError("guards_win_both: strengths", strengths,
                                "must be two crew strengths (s1, s2), one per tunnel location")
    mine = tuple(_strength(s, "strengths", "guards_win_both") for s in strengths)
    cfg = _config(config, "guards_win_both")
    colour = _difficulty(cfg, difficulty, "guards_win_both")
    explain = _explain(explain, "guards_win_both")
    answer, marginals = _guards_both(_key(cfg), colour, mine)
    if not explain:
        return answer
    start = _start(cfg, colour)
    power = _guard_strengths(start)
    deck = sum(_guard_deck(start).values())
    a, b = (m * deck for m in marginals)
    both = sum(n for name, n in _guard_deck(start).items()
               if _guards_take_tunnel(power[name], max(mine)))
    from sympy import Rational

    product_ = marginals[0] * marginals[1]
    return Derivation(f"P(the guards win both tunnel locations, my crews {mine[0]} and "
                      f"{mine[1]})", answer,
                      closed_form=Rational(int(a) * int(b) - both, deck * (deck - 1)),
                      facts=[*_guard_facts(cfg, colour),
                             ("guards win", "a card stronger than my crew there "
                                            "(LB-solo-tunnel-guards, LB-R25)")],
                      steps=(f"Marginals: {a} of the {deck} cards beat {mine[0]}, {b} beat "
                             f"{mine[1]} ({marginals[0]} and {marginals[1]}); {both} beat "
                             "both.",
                             f"Joint, dealing without replacement: ({a}·{b} − {both}) / "
                             f"({deck}·{deck - 1}) = {answer}.",
                             f"Joint {answer} against the product {product_} of the "
                             f"marginals: the second card is dealt from the {deck - 1} "
                             "left, so knowing the first changes it."))


@lru_cache(maxsize=256)
def _guards_both(key: Config | None, colour: str, mine: tuple[int, ...]
                 ) -> tuple[Fraction, tuple[Fraction, ...]]:
    """:func:`guards_win_both` for checked arguments: the joint and the two marginals."""
    start = _start(default_config() if key is None else key, colour)
    power = _guard_strengths(start)
    # Locations 1 and 2: the engine deals location 1's card, then location 2's from the rest.
    first = RULES.outcomes(_at(start, Frame(K.GUARD_CARD, loc=1)))
    marginals = tuple(sum((p for c, p in first if _guards_take_tunnel(power[c.card], s)),
                          Fraction(0)) for s in mine)
    answer = Fraction(0)
    for c1, p1 in first:
        if not _guards_take_tunnel(power[c1.card], mine[0]):
            continue
        cards = ("", c1.card, *start.guard_cards[2:])
        second = RULES.outcomes(_at(start, Frame(K.GUARD_CARD, loc=2), guard_cards=cards))
        answer += p1 * sum((p for c, p in second
                            if _guards_take_tunnel(power[c.card], mine[1])), Fraction(0))
    return answer, marginals


def _guard_deck(state: State) -> dict[str, int]:
    """The solitary guard deck of ``state``'s difficulty: name → copies."""
    t = tables(state.config)
    return {name: n for name, n in zip(t.guard_names, t.guard_deck[state.setup.difficulty],
                                       strict=True) if n}


def _seen_cards(state: State, seen: Any, function: str) -> tuple[str, ...]:
    if isinstance(seen, (str, bytes)) or not isinstance(seen, Iterable):
        raise ArgumentTypeError(f"{function}: seen", seen,
                                "must be a list of guard card names already turned up")
    cards = tuple(islice(seen, 8))
    if len(cards) > 7:
        raise QuestionError(f"{function}: seen: at most the 7 location cards are turned up "
                            "before the legend card's (LB-solo-rollcall)")
    deck = _guard_deck(state)
    left = dict(deck)
    for card in cards:
        if not isinstance(card, str) or card not in deck:
            raise QuestionError(f"{function}: seen: {show_value(card)} is not a card of the "
                                f"{state.setup.difficulty} guard deck ({', '.join(deck)}; "
                                "LB-solo-setup)")
        if not left[card]:
            raise QuestionError(f"{function}: seen: {card} is listed more times than the "
                                f"deck holds it ({deck[card]})")
        left[card] -= 1
    return cards


def _legend_beats(state: State, seen: tuple[str, ...], mine: int) -> tuple[Fraction, int, int]:
    """P(the legend card's guard card is stronger than ``mine``) after ``seen``, from the
    engine's guard-card node at the legend; with the beating and unseen card counts."""
    cards = (*("",), *seen, *("",) * (7 - len(seen)))
    table = RULES.outcomes(_at(state, Frame(K.GUARD_CARD, loc=LEGEND), guard_cards=cards))
    power = _guard_strengths(state)
    p = sum((q for c, q in table if power[c.card] > mine), Fraction(0))
    left = sum(_guard_deck(state).values()) - len(seen)
    return p, int(p * left), left


@lru_cache(maxsize=256)
def _legend_beats_of(key: Config | None, colour: str, seen: tuple[str, ...],
                     mine: int) -> tuple[Fraction, int, int]:
    """:func:`_legend_beats` of checked arguments, once per question."""
    return _legend_beats(_start(default_config() if key is None else key, colour), seen, mine)


@overload
def legend_guard_beats(strength: int, difficulty: str = ..., *, seen: Iterable[str] = ...,
                       config: Config | None = ...,
                       explain: Literal[False] = ...) -> Fraction: ...
@overload
def legend_guard_beats(strength: int, difficulty: str = ..., *, seen: Iterable[str] = ...,
                       config: Config | None = ...,
                       explain: Literal[True]) -> Derivation[Fraction]: ...
def legend_guard_beats(strength: int, difficulty: str = "yellow", *,
                       seen: Iterable[str] = (), config: Config | None = None,
                       explain: bool = False) -> Any:
    """Solitary: P(the hidden eighth guard card, on the legend card, beats my legend token
    of ``strength``) — the guards are strongest there (they always take part at the
    legend, LB-R39; a tie ranks them last, LB-R4; a seeker counts 1 there, LB-R30).

    With ``seen`` empty it is the chance before Lights Out, (# cards > s)/14; ``seen``
    lists the location cards already turned up (up to seven: the engine deals the
    legend's card last, LB-solo-rollcall) and the answer is conditional on them,
    (# unseen cards > s)/(14 − k). ``explain=True`` shows both. Stand-in guard cards:

    >>> legend_guard_beats(2, "green")                 # 4 of the 14 cards beat a 2
    Fraction(2, 7)
    >>> legend_guard_beats(2, "green", seen=["blue 3", "blue 4", "blue 3 seeker",
    ...     "blue 1", "blue 1", "green 0", "green 0"])  # three of the four beaters seen
    Fraction(1, 7)
    """
    mine = _strength(strength, "strength", "legend_guard_beats")
    cfg = _config(config, "legend_guard_beats")
    colour = _difficulty(cfg, difficulty, "legend_guard_beats")
    state = _start(cfg, colour)
    cards = _seen_cards(state, seen, "legend_guard_beats")
    explain = _explain(explain, "legend_guard_beats")
    answer, beat, left = _legend_beats_of(_key(cfg), colour, cards, mine)
    if not explain:
        return answer
    before, beat0, deck = _legend_beats(state, (), mine)
    steps = [f"Before any card is seen: {beat0} of the {deck} cards are stronger than "
             f"{mine}, P = {before}."]
    if cards:
        steps += [f"Seen on the locations: {', '.join(cards)}.",
                  f"After them: {beat} of the {left} unseen cards are stronger, P = "
                  f"{answer} — the same card, updated on evidence."]
    return Derivation(f"P(the guard card on the legend beats my legend token of {mine})",
                      answer,
                      facts=[*_guard_facts(cfg, colour),
                             ("legend", "the guards always take part at the legend "
                                        "(LB-R39) and are strongest with a card stronger "
                                        "than my token: a tie ranks them last (LB-R4); "
                                        "their reward becomes stars (LB-solo-legend)")],
                      steps=steps)
