"""Mall of Horror odds: exact values, brute force over all 6⁴ rolls, engine simulation.

The brute-force model below is written independently of the engine, straight from
the rulings (MoH-R3, R5, R6, R12, R13): if the engine and this model disagree on any
position, one of them misreads a rule.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
import sympy

from boardlab import mall_of_horror as moh
from boardlab.core.engine import Match
from boardlab.core.errors import ConfigError
from boardlab.mall_of_horror import odds
from boardlab.mall_of_horror.state import State
from boardlab.prob import Derivation, Dist

# -- an independent model of "where do the zombies break in" -----------------------------------


def brute_round(state: State) -> dict[frozenset[int], Fraction]:
    """Distribution of the set of fallen locations over all 6**dice ordered rolls."""
    closed, sealed = set(state.setup.closed), set(state.sealed)
    chars = Counter(loc for _, _, loc in state.chars)
    pinups = Counter(loc for _, k, loc in state.chars if k == "pinup")
    defence = Counter()
    for _, kind, loc in state.chars:
        defence[loc] += 2 if kind == "toughguy" else 1
    dice = state.setup.config.dice
    result: Counter[frozenset[int]] = Counter()
    for roll in itertools.product(range(1, 7), repeat=dice):
        zombies = list(state.zombies)
        for face in roll:
            if face not in closed and face not in sealed:
                zombies[face - 1] += 1
        now_sealed = set(sealed)
        for loc in (1, 2, 3, 5, 6):
            if loc not in closed and loc not in now_sealed and not chars[loc] \
                    and zombies[loc - 1] >= 8:
                now_sealed.add(loc)
                zombies[loc - 1] = 0
        open_locs = [loc for loc in range(1, 7) if loc not in closed | now_sealed]
        for counter in (chars, pinups):
            top = max(counter[loc] for loc in open_locs)
            leaders = [loc for loc in open_locs if counter[loc] == top]
            if top >= 1 and len(leaders) == 1:
                zombies[leaders[0] - 1] += 1
        fallen = set()
        for loc in open_locs:
            if not chars[loc]:
                continue
            z = zombies[loc - 1]
            if loc == 4:
                if z > 0:
                    fallen.add(loc)
            elif z >= (min(defence[loc], 4) if loc == 6 else defence[loc]):
                fallen.add(loc)
        result[frozenset(fallen)] += 1
    total = 6**dice
    return {k: Fraction(v, total) for k, v in result.items()}


POSITIONS = {
    "extra zombies, Tough Guy, Supermarket": dict(
        players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
                               4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
        zombies={6: 1, 3: 1}),
    "tie for most characters and most Pin-Ups": dict(
        players=5, characters={1: ["red pinup", "blue gunman"], 3: ["green pinup", "yellow gunman"],
                               5: ["brown toughguy"], 4: ["red toughguy"]},
        zombies={1: 1, 3: 1, 5: 1, 4: 0, 2: 3}),
    "sealed location and the closed location": dict(
        players=4, characters={1: ["red pinup", "red toughguy"], 4: ["blue pinup", "green pinup"],
                               5: ["yellow pinup"]},
        zombies={3: 7, 5: 1}, sealed=(6,)),
    "a shop about to be sealed": dict(
        players=3, characters={4: ["red girl", "blue girl"], 5: ["yellow toughguy", "red pinup"],
                               6: ["blue pinup", "yellow pinup"]},
        zombies={1: 7, 3: 6, 6: 2}),
    "six players, crowded Parking Lot": dict(
        players=6, characters={4: ["red pinup", "blue pinup", "black gunman"],
                               2: ["green toughguy", "brown pinup"], 6: ["yellow pinup"]},
        zombies={2: 2, 6: 3}),
}


@pytest.fixture(params=sorted(POSITIONS), ids=lambda name: name.replace(" ", "-"))
def state(request: pytest.FixtureRequest) -> State:
    return moh.position(phase="c", **POSITIONS[request.param])


def test_round_odds_equal_brute_force_over_every_roll(state: State) -> None:
    brute = brute_round(state)
    assert dict(odds.round_outcomes(state).probs) == {tuple(sorted(k)): v for k, v in
                                                       brute.items()}
    for loc, p in odds.round_odds(state).items():
        assert p == sum((v for k, v in brute.items() if loc in k), Fraction(0))
        assert type(p) is Fraction
    assert odds.any_break_in(state) == sum((v for k, v in brute.items() if k), Fraction(0))
    assert odds.expected_break_ins(state) == sum((len(k) * v for k, v in brute.items()),
                                                 Fraction(0))


def _simulate_fallen(state: State, seed: int) -> frozenset[int]:
    """Play the engine itself through the roll, phases d–e and the start of f.

    Every player holds a Sprint card and sprints a character back where it stands, so
    the characters stay put ("moves done"); then the attack events say which
    locations the zombies break into before any card.
    """
    hands = tuple(("sprint",) for _ in state.hands)
    deck = list(state.deck)
    deck[2] -= len(hands)  # the Sprint cards come out of the deck
    # Four or more Sprint cards in play, where the box has three: a position the rules
    # cannot reach, which a match refuses to start from (core.soundness). The engine is
    # driven from it on purpose, so the start check is switched off for this one match.
    with mock.patch("boardlab.core.engine.check_start"):
        match = Match(moh.RULES, state.setup, seed=seed,
                      state=state._replace(hands=hands, deck=tuple(deck)))
    match.roll()
    while not match.is_over and match.state.round == state.round:
        legal = match.legal()
        if match.to_move is moh.CHANCE:
            match.roll()
        elif match.state.pending.kind == "move":
            colour = match.to_move
            stay = [m for m in legal if m.sprint and m.to == match.state.where(colour, m.kind)]
            match.push(stay[0])
        else:  # destinations, then no card in the attack windows
            passes = [c for c in legal if isinstance(c, moh.Pass)]
            match.push(passes[0] if passes else legal[0])
    this_round = [e for e in match.events if e.round == state.round]
    assert all(e.data["start"] == e.data["end"] for e in this_round if e.kind == "move")
    # The zombies break in where a threat (or a Parking Lot meal) is announced before
    # any card is played (MoH-f, MoH-parking).
    return frozenset(e.data["location"] for e in this_round
                     if e.phase == "f" and e.kind in ("threat", "parking"))


def test_round_odds_agree_with_a_simulation_of_the_engine(state: State) -> None:
    n = 400
    counts = Counter(_simulate_fallen(state, seed) for seed in range(n))
    exact = odds.round_odds(state)
    for loc, p in exact.items():
        q = p
        hits = sum(c for fallen, c in counts.items() if loc in fallen)
        sigma = math.sqrt(float(q * (1 - q)) / n)
        assert abs(hits / n - float(q)) <= 4 * sigma + 1e-12, (loc, hits, q)


def test_joint_is_not_the_product_of_independent_locations() -> None:
    s = moh.position(phase="c", **POSITIONS["extra zombies, Tough Guy, Supermarket"])
    per = odds.round_odds(s)
    independent = 1 - math.prod([1 - p for p in per.values()])
    assert odds.any_break_in(s) == Fraction(41, 48)
    assert independent != odds.any_break_in(s)
    # The same four dice serve every location: a die that misses one shop lands on
    # another, so break-ins are negatively correlated and the product understates
    # the chance that somewhere falls (about 79.8 % against the true 85.4 %).
    assert independent == Fraction(193036579, 241864704)
    assert independent < odds.any_break_in(s)


# -- known values ------------------------------------------------------------------------------
def test_known_values_from_the_issue() -> None:
    answers = [odds.arrivals_at(6).P(4), odds.arrivals().P(lambda c: c == (0, 0, 0, 0, 0, 4)),
               odds.break_in(6, defence=5, zombies=2), odds.placement_offered(3),
               odds.expected_rounds_to_seal(0)]
    assert answers == [Fraction(1, 1296), Fraction(1, 1296), Fraction(19, 144),
                       Fraction(11, 36),
                       Fraction(508540291962065447298912, 41094165093613911202561)]
    assert all(type(a) is Fraction for a in answers)
    expected = answers[-1]
    assert abs(float(expected) - 12.375) < 1e-6 and expected != Fraction(99, 8)


def test_answers_mix_with_floats_as_python_floats_not_sympy() -> None:
    p = odds.break_in(6, defence=5, zombies=2)
    assert type(p + 0.5) is float and p + 0.5 == 19 / 144 + 0.5
    assert type(odds.threshold(6, defence=5)) is int


def test_arrivals_ignore_the_closed_location() -> None:
    four, five = odds.arrivals(players=4), odds.arrivals(players=5)
    assert four.P(lambda c: c[1] > 0) == 0
    assert five.P(lambda c: c[1] > 0) == 1 - Fraction(5, 6) ** 4
    assert four.P(lambda c: sum(c) == 4) == Fraction(625, 1296)
    # collapsed counts, not 1296 rolls: 126 count vectors either way (with 4 players,
    # counts over 5 open locations adding up to at most 4)
    assert len(five) == 126 and len(four) == 126
    with pytest.raises(ConfigError, match="MoH-R3"):
        odds.arrivals_at(2, players=4)


def _brute_break_in(location: int, defence: int, zombies: int, hardware: int) -> Fraction:
    need = 1 if location == 4 else defence + hardware
    if location == 6:
        need = min(need, 4)
    hits = sum(1 for roll in itertools.product(range(1, 7), repeat=4)
               if zombies + roll.count(location) >= need)
    return Fraction(hits, 1296)


@pytest.mark.parametrize("location", [1, 3, 4, 5, 6])
def test_break_in_equals_brute_force(location: int) -> None:
    for defence in (1, 2, 3, 5, 7):
        for zombies in range(0, 5):
            for hardware in ((0,) if location == 4 else (0, 1, 2)):
                got = odds.break_in(location, defence=defence, zombies=zombies,
                                    hardware=hardware)
                assert got == _brute_break_in(location, defence, zombies, hardware)


def test_break_in_refuses_bad_questions() -> None:
    with pytest.raises(ValueError, match="MoH-R5"):
        odds.break_in(4, defence=2, hardware=1)
    with pytest.raises(ValueError, match="MoH-R3"):
        odds.break_in(2, defence=2, players=4)
    with pytest.raises(ValueError, match="defence"):
        odds.break_in(3, defence=0)


def test_break_in_explains_its_working() -> None:
    working = odds.break_in(6, defence=5, zombies=2, explain=True)
    assert isinstance(working, Derivation)
    assert working.answer == Fraction(19, 144) == odds.break_in(6, defence=5, zombies=2)
    assert (working.favourable, working.total) == (171, 1296)
    assert working.closed_form.doit() == sympy.Rational(19, 144)
    facts = dict(working.facts)
    assert facts["threshold"].startswith("min(5, 4) = 4")
    assert "19/144" in working._repr_html_() or "\\frac{19}{144}" in working._repr_latex_()


def test_round_odds_explain_names_the_rule_facts() -> None:
    s = moh.position(phase="c", **POSITIONS["extra zombies, Tough Guy, Supermarket"])
    working = odds.round_odds(s, explain=True)
    assert working.answer == odds.round_odds(s)
    facts = dict(working[6].facts)
    assert facts["extra zombies (MoH-R13)"] == "1" and facts["defence (MoH-R5)"] == "4"
    assert working[6].favourable == 171


def test_round_odds_refuses_positions_after_the_dice() -> None:
    match = moh.play(players=4, seed=2)
    with pytest.raises(ValueError, match="phases a–d"):
        odds.round_odds(match.state)


# -- sealing chain -----------------------------------------------------------------------------
def test_seal_chain_backsubstitution() -> None:
    """E[rounds] by hand: the chain only moves up, so solve from 7 zombies down."""
    p_count = [Fraction(math.comb(4, k) * 5 ** (4 - k), 1296) for k in range(5)]
    e = [Fraction(0)] * 12
    for z in range(7, -1, -1):
        rest = sum(p_count[k] * e[z + k] for k in range(1, 5) if z + k < 8)
        e[z] = (1 + rest) / (1 - p_count[0])
    for z in range(8):
        assert odds.expected_rounds_to_seal(z) == e[z]
    with pytest.raises(ValueError, match="MoH-e-seal"):
        odds.expected_rounds_to_seal(8)


# -- votes -------------------------------------------------------------------------------------
VOTE_POSITION = dict(players=4, characters={6: ["red pinup", "red gunman", "blue pinup",
                                                 "green toughguy"], 4: ["yellow pinup"]})


def _leaders(voters: list[str], ballots: tuple[str, ...], weights: dict[str, int],
             candidates: list[str]) -> list[str]:
    """The candidates with the most weighted votes (several on a tie)."""
    tally: Counter[str] = Counter()
    for v, c in zip(voters, ballots, strict=True):
        tally[c] += weights[v]
    top = max(tally[c] for c in candidates)
    return [c for c in candidates if tally[c] == top]


def _brute_vote(weights: dict[str, int], candidates: list[str], everyone: list[str],
                second_tie: str) -> dict[str | None, Fraction]:
    """Uniform random ballots, tallied by hand (MoH-R7, MoH-R8)."""
    out: Counter[str | None] = Counter()
    voters = list(weights)
    first_total = len(candidates) ** len(voters)
    for ballots in itertools.product(candidates, repeat=len(voters)):
        tied = _leaders(voters, ballots, weights, candidates)
        if len(tied) == 1:
            out[tied[0]] += Fraction(1, first_total)
            continue
        w2 = {v: weights.get(v, 1) for v in everyone}
        second_total = len(tied) ** len(everyone)
        for ballots2 in itertools.product(tied, repeat=len(everyone)):
            tied2 = _leaders(everyone, ballots2, w2, tied)
            share = Fraction(1, first_total * second_total)
            if len(tied2) == 1:
                out[tied2[0]] += share
            elif second_tie == "random":
                for c in tied2:
                    out[c] += share / len(tied2)
            else:
                out[None] += share
    return dict(out)


@pytest.mark.parametrize(("purpose", "second_tie"), [("sacrifice", "random"), ("chief", "none")])
def test_vote_equals_hand_tally(purpose: str, second_tie: str) -> None:
    s = moh.position(phase="c", **VOTE_POSITION)
    # red: Pin-Up + Gunman = 2 + 1 (Gunman's extra vote); blue 1; green 1 (+1 Threat)
    weights = {"red": 3, "blue": 1, "green": 2}
    brute = _brute_vote(weights, ["red", "blue", "green"],
                        ["red", "blue", "green", "yellow"], second_tie)
    dist = odds.vote(s, 6, purpose=purpose, threats={"green": 1})
    assert isinstance(dist, Dist)
    assert dist.probs == {k: v for k, v in brute.items() if v}
    assert sum(dist.probs.values()) == 1


def test_vote_agrees_with_simulated_random_voters() -> None:
    s = moh.position(phase="c", **VOTE_POSITION)
    exact = odds.vote(s, 6)
    rng = random.Random(3)
    n, counts = 3000, Counter()
    from boardlab.mall_of_horror.rules import open_vote

    for _ in range(n):
        state = open_vote(s, "sacrifice", 6)
        while state.pending.kind in ("ballot", "tiebreak"):
            if state.pending.kind == "tiebreak":
                outs = moh.RULES.outcomes(state)
                choice = outs[rng.randrange(len(outs))][0]
            else:
                legal = moh.RULES.legal(state)
                choice = legal[rng.randrange(len(legal))]
            state, events = moh.RULES.step(state, choice)
        chosen = next(e.who for e in events if e.kind == "chosen")
        counts[chosen] += 1
    for colour, p in exact.probs.items():
        sigma = math.sqrt(float(p * (1 - p)) / n)
        assert abs(counts[colour] / n - float(p)) <= 4 * sigma, colour


def test_vote_refuses_bad_questions() -> None:
    s = moh.position(phase="c", **VOTE_POSITION)
    with pytest.raises(ValueError, match="no one"):
        odds.vote(s, 1)
    with pytest.raises(ValueError, match="MoH-R7"):
        odds.vote(s, 6, threats={"yellow": 1})


def test_live_odds_follow_the_match_through_every_phase() -> None:
    match = moh.play(players=4, seed=6)
    seen = set()
    for record in match.records:
        state = record.before
        live = odds.live_odds(state)
        seen.add(state.phase)
        if state.phase in ("a", "b", "c", "d"):
            assert live == odds.round_odds(state)
        elif state.phase in ("setup", "over"):
            assert live == {}
        else:
            assert set(live.values()) <= {0, 1}
    assert {"setup", "a", "b", "c", "d", "e", "f"} <= seen
    # In phase f, 1 marks exactly the locations whose zombies are at the door.
    spec = dict(POSITIONS["extra zombies, Tough Guy, Supermarket"], zombies={6: 1, 3: 2})
    state = moh.position(phase="f", **spec)
    assert (state.pending.kind, state.pending.location) == ("ballot", 3)
    assert odds.live_odds(state) == {3: 1, 4: 0, 6: 0}


def test_vote_second_tie_at_the_truck_means_no_one_even_if_phase_b_follows() -> None:
    # After the truck's second tie the engine runs straight on into phase b, where a
    # lone character is elected Chief in the same step: that is not the truck's result.
    s = moh.position(players=4, phase="a", characters={
        4: ["red pinup", "blue pinup"], 5: ["yellow pinup"], 6: ["green pinup"]})
    dist = odds.vote(s, 4, purpose="truck")
    brute = _brute_vote({"red": 1, "blue": 1}, ["red", "blue"],
                        ["red", "blue", "green", "yellow"], "none")
    assert dist.probs == brute == {"red": Fraction(13, 32), "blue": Fraction(13, 32),
                                   None: Fraction(3, 16)}


def test_vote_strategies_show_voting_power() -> None:
    s = moh.position(phase="c", **VOTE_POSITION)
    protective = dict.fromkeys(("red", "blue", "green"), "protect")
    dist = odds.vote(s, 6, strategies=protective)
    assert dist.probs == {"blue": Fraction(1, 2), "green": Fraction(1, 2)}
    # blue and green gang up on red (2 votes); red's 3 random votes still decide
    def gang(voter: str, candidates: tuple[str, ...]) -> str:
        return "red"

    ganged = odds.vote(s, 6, strategies={"blue": gang, "green": gang})
    assert ganged.probs == dict.fromkeys(("blue", "green", "red"), Fraction(1, 3))
    ganged = odds.vote(s, 6, strategies={"blue": gang, "green": gang, "red": "protect"})
    assert ganged.probs == {"blue": Fraction(1, 2), "green": Fraction(1, 2)}
    with pytest.raises(ValueError, match="unknown vote strategy"):
        odds.vote(s, 6, strategies={"red": "sneaky"})


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_arrivals_at_equals_the_engines_arrival_node(players: int) -> None:
    state = moh.position(players=players, characters={4: ["red pinup"]}, phase="c")
    node = moh.RULES.outcomes(state)   # the engine's own arrival roll
    for location in (1, 3, 4, 5, 6):
        from_node: Counter[int] = Counter()
        for dice, p in node:
            from_node[dice.faces.count(location)] += p
        assert odds.arrivals_at(location, players=players).probs == dict(from_node)
        assert odds.arrivals(players=players).map(lambda c, i=location: c[i - 1]).probs == \
            dict(from_node)


# -- one convention for explanations ----------------------------------------------------------
def _explained_calls() -> list[tuple[str, Any, Any]]:
    s = moh.position(phase="c", **POSITIONS["extra zombies, Tough Guy, Supermarket"])
    f = moh.position(phase="f", **dict(POSITIONS["extra zombies, Tough Guy, Supermarket"],
                                       zombies={6: 1, 3: 2}))
    vote_at = moh.position(phase="c", **VOTE_POSITION)
    return [
        ("arrivals", odds.arrivals, dict(players=5)),
        ("arrivals_at", odds.arrivals_at, dict(location=6)),
        ("threshold", odds.threshold, dict(location=6, defence=5)),
        ("break_in", odds.break_in, dict(location=6, defence=5, zombies=2)),
        ("round_outcomes", odds.round_outcomes, dict(position=s)),
        ("round_odds", odds.round_odds, dict(position=s)),
        ("live_odds (phase c)", odds.live_odds, dict(state=s)),
        ("live_odds (phase f)", odds.live_odds, dict(state=f)),
        ("any_break_in", odds.any_break_in, dict(position=s)),
        ("expected_break_ins", odds.expected_break_ins, dict(position=s)),
        ("expected_rounds_to_seal", odds.expected_rounds_to_seal, dict(zombies=3)),
        ("placement_offered", odds.placement_offered, dict(location=3)),
        ("vote", odds.vote, dict(position=vote_at, location=6, threats={"green": 1})),
    ]


@pytest.mark.parametrize(("name", "function", "kwargs"), _explained_calls(),
                         ids=[c[0] for c in _explained_calls()])
def test_every_odds_function_explains_itself_the_same_way(name: str, function: Any,
                                                          kwargs: dict[str, Any]) -> None:
    plain = function(**kwargs)
    working = function(**kwargs, explain=True)
    assert isinstance(working, Derivation)
    assert working.answer == plain and type(working.answer) is type(plain)
    text = repr(working)
    assert text == str(working) and not text.startswith("Derivation(")
    assert text.splitlines()[0] == working.question
    assert working.question in working._repr_html_()
    assert working._repr_latex_().startswith("$")
    if isinstance(plain, dict):   # one sub-derivation per location
        assert working.kind == "table"
        assert [k for k, _ in working.parts] == list(plain)
        for loc, p in plain.items():
            assert working[loc].answer == p
    elif isinstance(plain, Fraction):
        assert working.kind in ("probability", "expectation")
    elif isinstance(plain, int):
        assert working.kind == "count"
    else:
        assert isinstance(plain, Dist) and working.kind == "distribution"


def test_explanations_teach_the_joint_question_and_linearity() -> None:
    s = moh.position(phase="c", **POSITIONS["extra zombies, Tough Guy, Supermarket"])
    joint = odds.any_break_in(s, explain=True)
    assert (joint.favourable, joint.total) == (1107, 1296)
    assert any("193036579/241864704" in step for step in joint.steps)
    mean = odds.expected_break_ins(s, explain=True)
    assert mean.kind == "expectation" and mean.closed_form.doit() == sympy.Rational(mean.answer)
    seal = odds.expected_rounds_to_seal(6, explain=True)
    assert any(step.startswith("E(7) = 1 + 625/1296·E(7) = 1296/671") for step in seal.steps)
    assert odds.placement_offered(6, explain=True).favourable == 11
    assert odds.threshold(6, defence=5, explain=True).answer == 4


def test_live_odds_after_the_dice_explain_each_location() -> None:
    spec = dict(POSITIONS["extra zombies, Tough Guy, Supermarket"], zombies={6: 1, 3: 2})
    working = odds.live_odds(moh.position(phase="f", **spec), explain=True)
    assert working.answer == {3: 1, 4: 0, 6: 0}
    assert dict(working[3].facts)["zombies needed"] == "2 (MoH-R5)"
    assert odds.live_odds(moh.play(players=4, seed=1).state, explain=True).answer == {}


# -- bounded, read-only caches ------------------------------------------------------------------
def _cached_functions(module: Any) -> list[Any]:
    """Cached functions defined in ``module`` (not those it imports from the engine)."""
    return [f for f in vars(module).values()
            if hasattr(f, "cache_info") and f.__module__ == module.__name__]


def test_every_cache_in_odds_and_prob_is_bounded() -> None:
    import importlib
    import pkgutil

    import boardlab.prob as prob_pkg

    modules = [odds] + [importlib.import_module(f"boardlab.prob.{m.name}")
                        for m in pkgutil.iter_modules(prob_pkg.__path__)]
    cached = [f for m in modules for f in _cached_functions(m)]
    assert cached, "odds.py caches its work"
    for f in cached:
        assert f.cache_info().maxsize is not None, f"{f.__qualname__} is an unbounded cache"


def test_cached_work_is_handed_out_read_only_or_copied() -> None:
    s = moh.position(phase="c", **POSITIONS["extra zombies, Tough Guy, Supermarket"])
    first = odds.round_odds(s)
    first[6] = Fraction(1)            # the caller's own copy
    assert odds.round_odds(s)[6] == Fraction(19, 144)
    with pytest.raises(TypeError):
        odds._round_weights(s)[()] = Fraction(1)   # the cached table is read-only
    d = odds.arrivals()
    d.probs.clear()                  # Dist.probs is a copy
    assert len(odds.arrivals()) == 126


def test_the_seal_chain_is_solved_once_per_rule_set() -> None:
    odds._seal_steps.cache_clear()
    odds.expected_rounds_to_seal(0)
    before = odds._seal_steps.cache_info()
    for z in range(8):
        odds.expected_rounds_to_seal(z, players=5)
    after = odds._seal_steps.cache_info()
    assert (after.misses, after.hits) == (before.misses, before.hits + 8)
    assert odds.seal_chain() is odds.seal_chain(players=6)
    assert odds.expected_rounds_to_seal(0, config=moh.Config(dice=5)) != \
        odds.expected_rounds_to_seal(0)
    with pytest.raises(ValueError, match="MoH-R3"):
        odds.expected_rounds_to_seal(0, players=7)
