"""Lockup: Breakout odds of the decks (plan A5.4, 7, 8, 12, 13), each answer checked
three ways like ``test_lb_odds.py``: the exact value, a brute force over labelled cards
(itertools, independent of the engine) and a seeded simulation of the engine itself
(inside a 4σ band).

Rule text: rules/002 (LB-setup-legend, LB-patrol, LB-solo-rollcall,
LB-solo-tunnel-guards); rulings LB-R4, LB-R25, LB-R39, LB-R40. The legend cards, goals,
goon deck and guard cards are stand-in data (LB-R1).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations
from math import comb, sqrt
from typing import Any

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE, Match
from boardlab.lockup_breakout import odds, standin
from boardlab.lockup_breakout.config import GoonCard
from boardlab.lockup_breakout.state import K
from boardlab.prob.derivation import Derivation
from tests.odds_checklist import missing_tests


def within_4_sigma(hits: int, n: int, p: Fraction) -> bool:
    if p in (0, 1):
        return hits == n * p
    return abs(hits / n - float(p)) <= 4 * sqrt(float(p * (1 - p)) / n)


def quiet(m: Match) -> Any:
    """Decline every reward, play no tome, stop every advance (so no goon is recruited
    and no Shapeshifter chain draws from the goon deck)."""
    legal = m.legal()
    return next((c for c in legal if isinstance(c, (lb.Pass, lb.Decline, lb.Stop))), legal[0])


FOUR_LEGENDS = lb.Config(legends=standin.LEGENDS[:4])
LEGEND_NAMES = [c.name for c in standin.LEGENDS]


# -- seeded whole matches of the engine, shared by the simulation tests -------------------------
@lru_cache(maxsize=4)
def played(config: lb.Config | None, n: int) -> tuple[tuple[tuple[str, ...], int, tuple[str, ...]],
                                                      ...]:
    """For each seed: the active legend in rounds 1–6, the Fungoids turned up onto the goon
    spaces, and the public goals — every decision quiet (no recruits, no chains)."""
    out = []
    for seed in range(n):
        m = lb.new_match(players=2, seed=seed, config=config)
        legends: dict[int, str] = {}
        fungoids = 0
        while not m.is_over:
            if m.state.phase == "rollcall":
                legends.setdefault(m.state.round, m.state.legend)
            if m.to_move is CHANCE:
                top = m.state.top
                m.roll()
                if top.kind == K.GOON_DRAW:
                    fungoids += m.state.goon_spaces[top.loc - 2] == "Fungoid"
            else:
                m.push(quiet(m))
        out.append((tuple(legends[r] for r in range(1, 7)), fungoids, m.state.goals))
    return tuple(out)


# -- A5.4 the legend cards ---------------------------------------------------------------------
def brute_legends(names: list[str]) -> tuple[dict[tuple[str, int], Fraction],
                                              dict[str, Fraction]]:
    """Every order of the labelled legend deck, played by hand: the top card at setup; at
    each Patrol (rounds 1–5) the active card goes under the deck, the next is turned up."""
    per_round: Counter[tuple[str, int]] = Counter()
    at_all: Counter[str] = Counter()
    orders = list(permutations(names))
    for order in orders:
        deck = deque(order)
        active = deck.popleft()
        seen = [active]
        for _ in range(5):
            deck.append(active)
            active = deck.popleft()
            seen.append(active)
        for r, card in enumerate(seen, start=1):
            per_round[card, r] += 1
        for card in set(seen):
            at_all[card] += 1
    total = len(orders)
    return ({(c, r): Fraction(per_round[c, r], total) for c in names for r in range(1, 7)},
            {c: Fraction(at_all[c], total) for c in names})


@pytest.mark.parametrize("config", [None, FOUR_LEGENDS,
                                    lb.Config(legends=standin.LEGENDS[:1]),
                                    lb.Config(legends=standin.LEGENDS[:6])])
def test_legend_odds_agree_with_every_order_of_the_labelled_deck(
        config: lb.Config | None) -> None:
    names = [c.name for c in (config or lb.Config()).legends]
    per_round, at_all = brute_legends(names)
    for card in names:
        for r in range(1, 7):
            assert odds.legend_active(card, r, config=config) == per_round[card, r] \
                == Fraction(1, len(names))
        assert odds.legend_comes_up(card, config=config) == at_all[card] \
            == min(Fraction(6, len(names)), 1)


def test_legend_numbers_and_the_cycle() -> None:
    """Eight stand-in cards: 1/8 a round, 6/8 at all; four cards: rounds 5 and 6 bring back
    rounds 1 and 2 (the deck has gone round), so every card comes up."""
    assert odds.legend_active("The Pale Gaoler", 1) == Fraction(1, 8)
    assert odds.legend_comes_up("The Pale Gaoler") == Fraction(3, 4)
    assert odds.legend_sources(8) == (1, 2, 3, 4, 5, 6)
    assert odds.legend_sources(4) == (1, 2, 3, 4, 1, 2)
    assert odds.legend_sources(5) == (1, 2, 3, 4, 5, 1)
    assert odds.legend_sources(2) == (1, 2, 1, 2, 1, 2)
    card = LEGEND_NAMES[0]
    assert odds.legend_active(card, 5, config=FOUR_LEGENDS) == Fraction(1, 4)
    assert odds.legend_comes_up(card, config=FOUR_LEGENDS) == 1
    d = odds.legend_active(card, 5, config=FOUR_LEGENDS, explain=True)
    assert isinstance(d, Derivation) and d.answer == Fraction(1, 4)
    assert "gone round" in str(d) and "stand-in" in str(d)
    d = odds.legend_comes_up("The Pale Gaoler", explain=True)
    assert d.answer == Fraction(3, 4) and "6 × 1/8" in str(d)


@pytest.mark.slow
def test_legend_odds_simulated_by_the_engine() -> None:
    n = 500
    matches = played(None, n)
    card = "The Bone Choir"
    for r in (1, 3, 6):
        hits = sum(legends[r - 1] == card for legends, _, _ in matches)
        assert within_4_sigma(hits, n, odds.legend_active(card, r))
    hits = sum(card in legends for legends, _, _ in matches)
    assert within_4_sigma(hits, n, odds.legend_comes_up(card))
    assert all(len(set(legends)) == 6 for legends, _, _ in matches)   # no repeat with 8


@pytest.mark.slow
def test_a_short_legend_deck_goes_round_in_the_engine() -> None:
    n = 300
    matches = played(FOUR_LEGENDS, n)
    assert all(legends[4:] == legends[:2] and len(set(legends[:4])) == 4
               for legends, _, _ in matches)
    card = LEGEND_NAMES[2]
    hits = sum(legends[4] == card for legends, _, _ in matches)
    assert within_4_sigma(hits, n, odds.legend_active(card, 5, config=FOUR_LEGENDS))


# -- A5.12 Fungoids ----------------------------------------------------------------------------
def brute_fungoids(goons: tuple[GoonCard, ...], draws: int = 10) -> tuple[Fraction, Fraction]:
    """E[Fungoids] and P(at least one) among the first ``draws`` cards of the labelled
    deck: every set of positions is equally likely."""
    deck = [g.kind for g in goons for _ in range(g.count)]
    total = hits = at_least = 0
    for first in combinations(range(len(deck)), draws):
        k = sum(deck[i] == "fungoid" for i in first)
        total += 1
        hits += k
        at_least += k > 0
    return Fraction(hits, total), Fraction(at_least, total)


SMALL_GOONS = lb.Config(goons=(GoonCard("Dwarf", "dwarf", count=6),
                               GoonCard("Fungoid", "fungoid", count=3),
                               GoonCard("Imp", "imp", count=3)))


@pytest.mark.parametrize("config", [None, SMALL_GOONS])
def test_fungoid_odds_agree_with_brute_force(config: lb.Config | None) -> None:
    mean, at_least = brute_fungoids((config or lb.Config()).goons)
    assert odds.fungoids_expected(config=config) == mean
    assert odds.fungoid_offered(config=config) == at_least
    if config is None:
        assert (mean, at_least) == (1, Fraction(29, 38))
        assert at_least == 1 - Fraction(comb(18, 10), comb(20, 10))
    else:
        assert (mean, at_least) == (Fraction(5, 2), 1)      # 12 cards, 10 drawn, 3 Fungoids
    d = odds.fungoids_expected(config=config, explain=True)
    assert d.kind == "expectation" and d.answer == mean and "stand-in" in str(d)
    assert odds.fungoid_offered(config=config, explain=True).closed_form == at_least


def test_fungoid_odds_simulated_by_the_engine() -> None:
    n = 500
    counts = [f for _, f, _ in played(None, n)]
    mean = Fraction(sum(counts), n)
    # the exact variance of a hypergeometric count: 10 draws from 20 cards, 2 Fungoids
    var = 10 * Fraction(2, 20) * Fraction(18, 20) * Fraction(10, 19)
    assert abs(float(mean - odds.fungoids_expected())) <= 4 * sqrt(float(var) / n)
    assert within_4_sigma(sum(f > 0 for f in counts), n, odds.fungoid_offered())


# -- A5.13 the public goals --------------------------------------------------------------------
@pytest.mark.parametrize("drawn", [0, 1, 2, 3, 5])
def test_goal_public_agrees_with_brute_force(drawn: int) -> None:
    cfg = lb.Config(goals_drawn=drawn)
    names = [g.name for g in cfg.goals]
    sets = list(combinations(names, drawn))
    for goal in names:
        expected = Fraction(sum(goal in s for s in sets), len(sets))
        assert odds.goal_public(goal, config=cfg) == expected == Fraction(drawn, 5)
    assert odds.goal_public() == Fraction(2, 5)
    assert odds.goal_public(explain=True).closed_form == Fraction(2, 5)
    if drawn:
        d = odds.goal_public(names[0], config=cfg, explain=True)
        hits = sum(names[0] in s for s in sets)
        assert (d.favourable, d.total) == (hits, len(sets))
        assert f"{hits} of {len(sets)} equally likely sets of {drawn} goals" in str(d)


def test_goal_public_counts_sets_not_orders() -> None:
    """C(4, 1) = 4 of the C(5, 2) = 10 sets of two goals hold Explorer (not 8 of 20
    ordered draws): the derivation names its outcome space."""
    d = odds.goal_public(explain=True)
    assert (d.favourable, d.total, d.space) == (4, 10, "sets of 2 goals")
    assert "outcomes: 4 of 10 equally likely sets of 2 goals" in str(d)
    assert "4/10 (4 of 10 equally likely sets of 2 goals)" in d._repr_html_()


def test_goal_public_simulated_by_the_engine_setup() -> None:
    n, hits = 1500, 0
    for seed in range(n):
        m = lb.new_match(players=2, seed=seed)
        while not m.state.goals:
            m.roll()
        hits += "Explorer" in m.state.goals
    assert within_4_sigma(hits, n, odds.goal_public("Explorer"))


# -- A5.7 the guards win both tunnel locations --------------------------------------------
def guard_deck(difficulty: str) -> list[int]:
    level = next(lv for lv in standin.GUARD_LEVELS if lv.colour == difficulty)
    return [g.strength for g in (*standin.GUARD_BLUE, *level.cards) for _ in range(g.count)]


@pytest.mark.parametrize("difficulty", ["green", "yellow", "red"])
def test_guards_win_both_agrees_with_ordered_deals_of_two_labelled_cards(
        difficulty: str) -> None:
    deck = guard_deck(difficulty)
    pairs = list(permutations(range(len(deck)), 2))
    for mine in [(1, 2), (2, 2), (3, 1), (0, 4), (5, 6)]:
        both = sum(deck[i] > mine[0] and deck[j] > mine[1] for i, j in pairs)
        expected = Fraction(both, len(pairs))
        assert odds.guards_win_both(mine, difficulty) == expected, mine
        marginal = [Fraction(sum(g > s for g in deck), len(deck)) for s in mine]
        d = odds.guards_win_both(list(mine), difficulty, explain=True)
        assert d.answer == expected and d.closed_form == expected
        assert f"product {marginal[0] * marginal[1]}" in str(d) and "stand-in" in str(d)


def test_guards_win_both_is_not_the_product_of_the_marginals() -> None:
    """Green, crews of 2 at both: 4 of 14 cards beat a 2; dealt without replacement the
    joint is 4·3/(14·13) = 6/91, below (4/14)² = 4/49."""
    assert odds.guards_win_both((2, 2), "green") == Fraction(6, 91) < Fraction(4, 49)
    assert odds.guards_win_both((1, 2), "green") == Fraction(12, 91)
    assert odds.guards_win_both((2, 2), "easy") == Fraction(6, 91)


WIN_BOTH: dict[str, Any] = dict(players=1, difficulty="green", round=3, phase="lightsout",
                                tunnels={2: "double", 5: "single"},
                                crews={2: ["red seeker"], 5: ["red 2"]})


def guards_advanced(seed: int) -> set[int]:
    """Play the engine from Lights Out until location 5's tunnel has spoken: the tunnel
    locations where the guards advanced (LB-solo-tunnel-guards)."""
    events: list[Any] = []
    m = lb.new_match(start=lb.position(events=events, **WIN_BOTH), seed=seed)
    won: set[int] = set()
    while True:
        for e in events:
            if e.kind == "tunnel" and e.rule.id == "LB-solo-tunnel-guards":
                won.add(e.data["location"])
        if any(e.kind == "tunnel" and e.data.get("location") == 5 for e in events):
            return won
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(quiet(m))
        events = list(m.last_events)


@pytest.mark.slow
def test_guards_win_both_simulated_by_the_engine() -> None:
    """Red's crews of 1 (location 2) and 2 (location 5); the engine deals locations 1–7
    in order, so these are the second and fifth cards: exchangeable, the same joint."""
    exact = odds.guards_win_both((1, 2), "green")
    n = 600
    results = [guards_advanced(seed) for seed in range(n)]
    assert within_4_sigma(sum(won == {2, 5} for won in results), n, exact)
    assert within_4_sigma(sum(2 in won for won in results), n, Fraction(7, 14))


# -- A5.8 the legend's guard card before and after the locations -------------------------
def brute_legend_guard(difficulty: str, mine: int, seen: tuple[int, ...] | None
                       ) -> Fraction:
    """The eighth card of a deal of the labelled deck, given the seven before it hold the
    strengths ``seen`` (``None``: any); over every set of seven labelled cards."""
    deck = guard_deck(difficulty)
    beat = total = 0
    for first in combinations(range(len(deck)), 7):
        if seen is not None and sorted(deck[i] for i in first) != sorted(seen):
            continue
        rest = [deck[i] for i in range(len(deck)) if i not in first]
        beat += sum(g > mine for g in rest)
        total += len(rest)
    return Fraction(beat, total)


SEEN = ["blue 3", "blue 4", "blue 3 seeker", "blue 1", "blue 1", "green 0", "green 0"]


@pytest.mark.parametrize("mine", [1, 2, 3])
def test_legend_guard_beats_agrees_with_brute_force(mine: int) -> None:
    before = brute_legend_guard("green", mine, None)
    assert odds.legend_guard_beats(mine, "green") == before
    strengths = {g.name: g.strength for g in (*standin.GUARD_BLUE,
                                                *standin.GUARD_LEVELS[0].cards)}
    after = brute_legend_guard("green", mine, tuple(strengths[c] for c in SEEN))
    assert odds.legend_guard_beats(mine, "green", seen=SEEN) == after
    d = odds.legend_guard_beats(mine, "green", seen=SEEN, explain=True)
    assert d.answer == after and f"P = {before}" in str(d) and "stand-in" in str(d)


def test_legend_guard_beats_numbers() -> None:
    assert odds.legend_guard_beats(2, "green") == Fraction(2, 7)         # 4 of 14
    assert odds.legend_guard_beats(2, "green", seen=SEEN) == Fraction(1, 7)   # 1 of 7
    assert odds.legend_guard_beats(2, "red") == Fraction(4, 7)           # 8 of 14
    assert odds.legend_guard_beats(9, "red") == 0


LEGEND_SOLO: dict[str, Any] = dict(players=1, difficulty="green", round=3,
                                   phase="lightsout", legend="The Drowned King",
                                   legend_tokens={"red": "2"})


def guards_best_at_legend(m: Match) -> bool:
    """Play on until the legend's strengths are announced; whether the guards lead."""
    while True:
        for e in m.last_events:
            if e.rule.id == "LB-legend-reveal" and e.kind != "legend_reveal":
                return bool(e.data["strengths"][0][0] == "guards")
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(quiet(m))


def test_legend_guard_beats_simulated_by_the_engine_before_and_after() -> None:
    n = 500
    before = sum(guards_best_at_legend(lb.new_match(start=lb.position(**LEGEND_SOLO),
                                                    seed=seed)) for seed in range(n))
    assert within_4_sigma(before, n, odds.legend_guard_beats(2, "green"))
    # one match up to the legend's own card: seven location cards on the table
    m = lb.new_match(start=lb.position(**LEGEND_SOLO), seed=3)
    while m.state.top.kind != K.GUARD_CARD or m.state.top.loc != 0:
        m.roll() if m.to_move is CHANCE else m.push(quiet(m))
    seen = [c for c in m.state.guard_cards[1:] if c]
    assert len(seen) == 7
    exact = odds.legend_guard_beats(2, "green", seen=seen)
    assert exact != odds.legend_guard_beats(2, "green")
    rng = random.Random(8)
    after = sum(guards_best_at_legend(m.branch(seed=rng.randrange(10**9)))
                for _ in range(n))
    assert within_4_sigma(after, n, exact)


# -- the checklist: each function of this file has its brute force and its simulation -------------
#: For each deck question: the tests against brute force over labelled cards and against
#: seeded simulations of the engine (4σ). ``legend_sources`` is the engine's cycle itself,
#: checked structurally in the engine (a short deck repeats rounds 1–2 in rounds 5–6).
CHECKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "legend_active": (("test_legend_odds_agree_with_every_order_of_the_labelled_deck",),
                      ("test_legend_odds_simulated_by_the_engine",
                       "test_a_short_legend_deck_goes_round_in_the_engine")),
    "legend_comes_up": (("test_legend_odds_agree_with_every_order_of_the_labelled_deck",),
                        ("test_legend_odds_simulated_by_the_engine",)),
    "legend_sources": (("test_legend_numbers_and_the_cycle",
                        "test_legend_odds_agree_with_every_order_of_the_labelled_deck"),
                       ("test_a_short_legend_deck_goes_round_in_the_engine",)),
    "fungoids_expected": (("test_fungoid_odds_agree_with_brute_force",),
                          ("test_fungoid_odds_simulated_by_the_engine",)),
    "fungoid_offered": (("test_fungoid_odds_agree_with_brute_force",),
                        ("test_fungoid_odds_simulated_by_the_engine",)),
    "goal_public": (("test_goal_public_agrees_with_brute_force",),
                    ("test_goal_public_simulated_by_the_engine_setup",)),
    "guards_win_both": (("test_guards_win_both_agrees_with_ordered_deals_of_two_labelled_cards",),
                        ("test_guards_win_both_simulated_by_the_engine",)),
    "legend_guard_beats": (("test_legend_guard_beats_agrees_with_brute_force",),
                           ("test_legend_guard_beats_simulated_by_the_engine_before_and_after",)),
}


def test_every_deck_question_has_its_brute_force_and_its_simulation() -> None:
    assert set(CHECKS) <= set(odds.__all__)
    assert missing_tests(CHECKS, globals()) == []
