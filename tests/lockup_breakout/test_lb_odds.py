"""Lockup: Breakout odds (issue 15), each answer checked three ways: the exact value, a
brute force over labelled cards or tiles (itertools, independent of the engine) and a
seeded simulation of the engine itself (inside a 4σ band).

Rule text: rules/002 (LB-setup-tunnels, LB-tunnel-seekers, LB-goon-shapeshifter,
LB-solo-tunnel-*); the crew strengths, loot pool, goon deck, guard cards and map are
stand-in data (LB-R1).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, permutations
from math import comb, sqrt
from typing import Any

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE, Match
from boardlab.lockup_breakout import odds, standin
from boardlab.lockup_breakout.config import TUNNEL_SETS, GoonCard
from boardlab.lockup_breakout.rules import run_auto
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import Work, tables
from boardlab.prob.derivation import Derivation
from tests.odds_checklist import missing_tests


def within_4_sigma(hits: int, n: int, p: Fraction) -> bool:
    if p in (0, 1):
        return hits == n * p
    return abs(hits / n - float(p)) <= 4 * sqrt(float(p * (1 - p)) / n)


# -- tunnels -------------------------------------------------------------------------------
def brute_layouts(players: int) -> set[tuple[str, ...]]:
    """Distinct orders of the seven labelled tiles (5040 permutations, fewer layouts)."""
    blank, single, double = TUNNEL_SETS[players]
    tiles = [""] * blank + ["single"] * single + ["double"] * double
    return set(permutations(tiles))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_layouts_counts_and_locations_agree_with_brute_force(players: int) -> None:
    layouts = brute_layouts(players)
    assert odds.tunnel_layouts(players) == len(layouts) == {1: 42, 2: 42, 3: 105, 4: 140,
                                                             5: 140}[players]
    for kind, test in (("any", lambda t: t != ""), ("double", lambda t: t == "double"),
                       ("single", lambda t: t == "single"), ("none", lambda t: t == "")):
        table = odds.tunnel_at(players, kind=kind)
        for loc in range(1, 8):
            assert table[loc] == Fraction(sum(test(lay[loc - 1]) for lay in layouts),
                                          len(layouts))
    assert set(odds.tunnel_at(players, kind="double").values()) == {Fraction(1, 7)}
    for k in (1, 2, 3):
        for locs in combinations(range(1, 8), k):
            for every in (False, True):
                test_all = all if every else any
                hits = sum(test_all(lay[i - 1] != "" for i in locs) for lay in layouts)
                assert odds.tunnel_among(locs, players, every=every) == Fraction(
                    hits, len(layouts))


def test_tunnel_numbers_of_the_plan() -> None:
    """A5.1–2: 2/7, 3/7, 4/7; 5/7 for {1,2,3} with 2 players; 1/21, 1/7, 2/7 for two
    given locations both holding a tunnel."""
    assert [odds.tunnel_at(n)[1] for n in (2, 3, 4)] == [Fraction(2, 7), Fraction(3, 7),
                                                        Fraction(4, 7)]
    assert odds.tunnel_among([3, 1, 2, 2], players=2) == Fraction(5, 7)
    assert [odds.tunnel_among([2, 6], n, every=True) for n in (2, 3, 4)] == [
        Fraction(1, 21), Fraction(1, 7), Fraction(2, 7)]


def test_tunnel_derivations_show_the_closed_forms() -> None:
    d = odds.tunnel_among([1, 2, 3], players=2, explain=True)
    assert isinstance(d, Derivation) and d.answer == Fraction(5, 7)
    assert (d.favourable, d.total) == (30, 42)
    assert str(d.closed_form) == "5/7"
    assert odds.tunnel_layouts(5, explain=True).closed_form == 140
    table = odds.tunnel_at(4, kind="double", explain=True)
    assert table[3].answer == Fraction(1, 7) and table[3].total == 140


def test_tunnel_among_simulated_from_the_engine_setup() -> None:
    n, hits = 1500, 0
    for seed in range(n):
        m = lb.new_match(players=2, seed=seed)
        m.roll()                                   # the setup's tunnel node
        hits += any(m.state.tunnels[i] for i in (0, 1, 2))
    assert within_4_sigma(hits, n, odds.tunnel_among([1, 2, 3], players=2))


def test_tunnel_layouts_and_tunnel_at_simulated_from_the_engine_setup() -> None:
    """The engine's setup deals every one of the 140 brute-force layouts (4 players) and
    no other, and each location's double tunnel comes up at tunnel_at's rate (4σ)."""
    n, seen, doubles = 2500, set(), Counter()
    for seed in range(n):
        m = lb.new_match(players=4, seed=seed)
        m.roll()                                   # the setup's tunnel node
        layout = tuple(m.state.tunnels)
        seen.add(layout)
        doubles.update(loc for loc in range(1, 8) if layout[loc - 1] == "double")
    # Missing one of 140 equally likely layouts in 2500 deals: probability below 10⁻⁶.
    assert seen == brute_layouts(4) and len(seen) == odds.tunnel_layouts(4)
    exact = odds.tunnel_at(4, kind="double")
    assert all(within_4_sigma(doubles[loc], n, exact[loc]) for loc in range(1, 8))


# -- seeker contest ------------------------------------------------------------------------
SPEC: dict[str, Any] = dict(
    players=3, tunnels={3: "double", 5: "single"}, round=2, legend_tokens={"blue": "2"},
    crews={3: ["red seeker", "red 2", "blue seeker", "blue 3*", "green seeker",
               "green 2*"], 5: ["blue 1*", "green 4*"]})
STRENGTH = {"seeker": 1, "1": 1, "2": 2, "3": 3, "4": 4}
SEATS = ("red", "blue", "green")


def brute_contest(viewer: str, loc: int = 3) -> dict[str, Fraction]:
    """Winner of the seeker contest at ``loc``, over every permutation of each other
    player's labelled face-down tokens (strengths added up by hand, LB-R4 ties)."""
    placed = [(loc_, spec.split()[0], spec.split()[1].rstrip("*"), spec.endswith("*"))
              for loc_, specs in SPEC["crews"].items() for spec in specs]
    placed += [(0, c, tok, True) for c, tok in SPEC["legend_tokens"].items()]
    fixed = [(lo, c, t) for lo, c, t, fd in placed if not fd or c == viewer]
    hidden: dict[str, list[tuple[int, str]]] = {}
    for lo, c, t, fd in placed:
        if fd and c != viewer:
            hidden.setdefault(c, []).append((lo, t))
    wins: Counter[str] = Counter()
    total = 0

    def worlds(sides: list[str]) -> Iterable[list[tuple[int, str, str]]]:
        if not sides:
            yield []
            return
        c = sides[0]
        slots = [lo for lo, _ in hidden[c]]
        for perm in permutations([t for _, t in hidden[c]]):
            for rest in worlds(sides[1:]):
                yield [(lo, c, t) for lo, t in zip(slots, perm, strict=True)] + rest

    for world in worlds(sorted(hidden)):
        here = [(c, t) for lo, c, t in fixed + world if lo == loc]
        power = {c: sum(STRENGTH[t] for cc, t in here if cc == c) for c, _ in here}
        rank = sorted(power, key=lambda c: (-power[c], SEATS.index(c)))
        seekers = [c for c in rank if (c, "seeker") in here]
        total += 1
        if seekers:
            wins[seekers[0]] += 1
    return {c: Fraction(wins[c], total) for c in SEATS}


@pytest.mark.parametrize("viewer", SEATS)
def test_seeker_contest_from_each_seat_agrees_with_brute_force(viewer: str) -> None:
    s = lb.position(**SPEC)
    expected = brute_contest(viewer)
    assert odds.seeker_contest(s, 3, viewer) == expected[viewer]
    assert {"red": Fraction(1, 3), "blue": Fraction(1, 2), "green": Fraction(0)}[viewer] \
        == expected[viewer]


ADVANCE_RULES = ("LB-tunnel-seekers", "LB-solo-tunnel-guards", "LB-solo-tunnel-player")


def quiet(m: Match) -> Any:
    """Decline every reward, play no tome, stop every advance."""
    legal = m.legal()
    return next((c for c in legal if isinstance(c, (lb.Pass, lb.Decline, lb.Stop))), legal[0])


def advancers(events: Iterable[Any], loc: int) -> set[str] | None:
    events = list(events)
    if not any(e.kind == "tunnel" and e.data.get("location") == loc for e in events):
        return None
    return {e.who for e in events if e.kind == "tunnel" and e.who
            and e.rule.id in ADVANCE_RULES and "outmatches" not in e.summary}


def resolve_tunnel(spec: dict[str, Any], loc: int, seed: int) -> set[str]:
    """Play the engine from a Lights Out position (rewards declined, no tome) until the
    tunnel at ``loc`` has spoken; who may advance."""
    events: list[Any] = []
    m = lb.new_match(start=lb.position(phase="lightsout", events=events, **spec), seed=seed)
    while True:
        found = advancers(events, loc)
        if found is not None:
            return found
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(quiet(m))
        events = list(m.last_events)


def test_seeker_contest_simulated_by_the_engine_with_hidden_tokens_shuffled() -> None:
    """Red's view: blue's face-down 3, 1 and legend 2 and green's 2 and 4 are shuffled over
    their places at random, then the engine resolves location 3."""
    exact = odds.seeker_contest(lb.position(**SPEC), 3, "red")
    rng = random.Random(15)
    n, hits = 400, 0
    for seed in range(n):
        blue, green = ["3", "1", "2"], ["2", "4"]
        rng.shuffle(blue)
        rng.shuffle(green)
        spec = dict(SPEC, legend_tokens={"blue": blue[2]}, crews={
            3: ["red seeker", "red 2", "blue seeker", f"blue {blue[0]}*", "green seeker",
                f"green {green[0]}*"], 5: [f"blue {blue[1]}*", f"green {green[1]}*"]})
        hits += "red" in resolve_tunnel(spec, 3, seed)
    assert within_4_sigma(hits, n, exact)


SOLO: dict[str, Any] = dict(players=1, difficulty="green", round=3,
                            tunnels={2: "double"}, crews={2: ["red seeker", "red 1"]})


@pytest.mark.slow
def test_solitary_seeker_contest_over_the_unseen_guard_card() -> None:
    """Red (seeker + 1 = 2) advances unless the guard card there is a seeker stronger than
    2 (LB-solo-tunnel-player, LB-R25); location 1's card is still unseen too, so at the
    start of Lights Out every card of the 14 is alike (exchangeability)."""
    s = lb.position(**SOLO)
    deck = [g for g in (*standin.GUARD_BLUE, *standin.GUARD_LEVELS[0].cards)
            for _ in range(g.count)]
    assert len(deck) == 14
    blocked = sum(g.seeker and g.strength > 2 for g in deck)
    expected = 1 - Fraction(blocked, len(deck))
    assert odds.seeker_contest(s, 2, "red") == expected == Fraction(13, 14)
    n = 500
    hits = sum("red" in resolve_tunnel(SOLO, 2, seed) for seed in range(n))
    assert within_4_sigma(hits, n, expected)


def test_solitary_seeker_contest_with_the_guard_card_already_turned_up() -> None:
    """Once location 2's card is on the table the contest is decided: no redraw."""
    s = lb.position(**SOLO)
    for card, red_wins in (("green 2 seeker", True), ("blue 3 seeker", False),
                           ("blue 4", True)):
        cards = list(s.guard_cards)
        cards[2] = card
        shown = s._replace(guard_cards=tuple(cards))
        assert odds.seeker_contest(shown, 2, "red") == int(red_wins), card


# -- loot ----------------------------------------------------------------------------------
def test_loot_look_agrees_with_ordered_draws_of_labelled_tokens() -> None:
    s = lb.position(players=2)
    pool = [t.name for t in standin.LOOT for _ in range(t.count)]
    height = s.stacks[0][1]
    counts: Counter[tuple[str, ...]] = Counter(
        tuple(sorted(pool[i] for i in draw)) for draw in permutations(range(len(pool)), height))
    total = sum(counts.values())
    expected = {k: Fraction(v, total) for k, v in counts.items()}
    assert odds.loot_look(s, "TOMB").probs == expected
    assert odds.loot_has(s, "TOMB", "Passage") == 1 - Fraction(comb(24, height),
                                                               comb(30, height))
    d = odds.loot_has(s, "TOMB", "Passage", explain=True)
    assert d.answer == Fraction(53, 145) and d.closed_form is not None


def test_loot_look_simulated_at_the_engine_node() -> None:
    s = lb.position(players=2)
    exact = odds.loot_has(s, "Stair", "Cache")
    # Red wins location 1 alone, declines its resources and takes the tunnel's step onto
    # Stair: the engine's own look at the Stair stack (LB-advance-loot).
    node = lb.position(players=2, phase="lightsout", tunnels={1: "single"},
                       crews={1: ["red seeker"]})
    walk = lb.new_match(start=node, seed=0)
    walk.push(lb.Decline())
    walk.push(lb.Step("Stair"))
    node = walk.state
    assert node.top == Frame(K.LOOT_LOOK, who="red", loc=0)
    assert (node.loot_pool, node.stacks) == (s.loot_pool, s.stacks)
    n, hits = 3000, 0
    for seed in range(n):        # one match per seed: a match's chance stream is fixed
        m = lb.new_match(start=node, seed=seed)
        m.roll()
        hits += "Cache" in m.state.stacks[0][0]
    assert within_4_sigma(hits, n, exact)


def test_a_seat_that_has_not_looked_does_not_learn_the_stack() -> None:
    """Blue looked at the TOMB stack (two Caches); red's odds are the unconditional ones,
    blue's are the certain contents (LB-R37)."""
    s = lb.position(players=2)
    i = s.config.catacombs.loot_spaces.index("TOMB")
    pool = list(s.loot_pool)
    pool[0] -= 2
    stacks = list(s.stacks)
    stacks[i] = (("Cache", "Cache"), 0)
    seen = s._replace(loot_pool=tuple(pool), stacks=tuple(stacks), looked=((i, "blue"),))
    assert odds.loot_look(seen, "TOMB", player="red") == odds.loot_look(s, "TOMB")
    assert odds.loot_look(seen, "TOMB", player="blue").probs == {("Cache", "Cache"): 1}
    assert odds.loot_has(seen, "TOMB", "Cache", player="red") == odds.loot_has(
        s, "TOMB", "Cache")


# -- the Shapeshifter chain ------------------------------------------------------------------
def many_shapeshifters() -> lb.Config:
    goons = tuple(GoonCard(g.name, g.kind, count=6 if g.kind == "shapeshifter" else g.count,
                           remove=g.remove) for g in standin.GOONS)
    return lb.Config(goons=goons)


def brute_first_keep(deck: list[GoonCard]) -> dict[str, Fraction]:
    """Kept goon after one draw of three labelled cards (keep the first non-Shapeshifter
    in goon-list order); "again" when all three are Shapeshifters."""
    order = [g.name for g in standin.GOONS]
    out: Counter[str] = Counter()
    triples = list(combinations(range(len(deck)), 3))
    for t in triples:
        names = [deck[i].name for i in t if deck[i].kind != "shapeshifter"]
        out[min(names, key=order.index) if names else "again"] += 1
    return {k: Fraction(v, len(triples)) for k, v in out.items()}


@pytest.mark.parametrize("config", [None, "many"])
def test_shapeshifter_chain_agrees_with_brute_force(config: str | None) -> None:
    cfg = many_shapeshifters() if config else lb.Config()
    s = lb.position(players=2, config=cfg)
    deck = [g for g in cfg.goons for _ in range(g.count)]
    first = brute_first_keep(deck)
    d = odds.shapeshifter_chain(s, "red")
    for name, p in first.items():
        if name != "again":
            assert d.P(lambda o, name=name: o == (1, name)) == p
    again = first.get("again", Fraction(0))
    assert d.map(lambda o: o[0]).at_least(2) == again
    shapes = sum(g.count for g in cfg.goons if g.kind == "shapeshifter")
    assert again == Fraction(comb(shapes, 3), comb(len(deck), 3))
    # A second draw of three Shapeshifters from the 21 cards left: the chain goes on.
    if config:
        assert d.map(lambda o: o[0]).at_least(3) == again * Fraction(comb(3, 3), comb(21, 3))


def test_shapeshifter_chain_simulated_by_the_engine() -> None:
    cfg = many_shapeshifters()
    # Red recruits the Shapeshifter on location 2 (LB-goon-shapeshifter): the chain
    # starts at the engine's own node, with the deck of the position asked about.
    s = lb.position(players=2, config=cfg, phase="lightsout", crews={2: ["red 4"]},
                    goon_spaces={2: "Shapeshifter"})
    d = odds.shapeshifter_chain(s, "red").map(lambda o: o[1])
    walk = lb.new_match(start=s, seed=0)
    walk.push(lb.Decline())                 # the resources of the first rank
    walk.push(lb.Take())                    # recruiting the goon there
    start = walk.state
    assert start.top.kind == K.SHAPE_DRAW and start.goon_deck == s.goon_deck
    n, dwarves = 1500, 0
    for seed in range(n):
        m = lb.new_match(start=start, seed=seed)
        while len(m.state.stack) > len(s.stack):
            if m.to_move is CHANCE:
                m.roll()
            else:
                keep = [c for c in m.legal() if "Shapeshifter" not in c.goon]
                order = [g.name for g in cfg.goons]
                m.push(min(keep, key=lambda c: order.index(c.goon)) if keep else m.legal()[0])
        dwarves += "Dwarf" in m.state.goons[0]
    assert within_4_sigma(dwarves, n, d.P("Dwarf"))


# -- reachable spaces ------------------------------------------------------------------------
def brute_reach(start: str, k: int, have: dict[str, int] | None) -> dict[str, dict[str, int]]:
    paths = lb.DEFAULT_MAP.paths
    best: dict[str, dict[str, int]] = {}

    def walk(here: str, steps: int, cost: Counter[str]) -> None:
        for p in paths:
            if p.start != here:
                continue
            c = cost + Counter(dict(p.cost))
            if have is not None and any(have[r] < n for r, n in c.items()):
                continue
            if p.to not in best or sum(c.values()) < sum(best[p.to].values()):
                best[p.to] = dict(sorted(c.items()))
            if steps > 1:
                walk(p.to, steps - 1, c)

    walk(start, k, Counter())
    return best


@pytest.mark.parametrize(("where", "k"), [("ENTRANCE", 1), ("ENTRANCE", 4), ("Stair", 3),
                                          ("Crossroads", 3), ("Crossroads", 9)])
def test_reachable_agrees_with_a_walk_over_the_map(where: str, k: int) -> None:
    s = lb.position(players=2, lanterns={"red": where}, resources={"red": {"iron": 0}})
    assert odds.reachable(s, "red", k) == brute_reach(where, k, None)
    have = dict(zip(s.config.resources, s.resources[0], strict=True))
    assert odds.reachable(s, "red", k, affordable=True) == brute_reach(where, k, have)
    assert odds.reachable(s, "red", k, explain=True).answer == brute_reach(where, k, None)


def engine_reach(state: lb.State, side: str, k: int) -> dict[str, int]:
    """Every space the engine's own advance lets ``side`` reach in up to ``k`` steps
    (each Step choice of ``RULES.legal`` followed), with the fewest resources spent on the
    way. Loot stacks are empty in ``state``, so only the paths move the lantern."""
    w = Work(state)
    w.stack = (*w.stack, Frame(K.ADVANCE, who=side, n=k, src="LB-advance"))
    run_auto(w)
    start, i = w.freeze(), state.side(side)
    purse = sum(start.resources[i])
    best: dict[str, int] = {}

    def walk(st: lb.State) -> None:
        top = st.stack[-1]
        if top.kind != K.STEP or top.who != side:
            return                                    # the advance is over
        for choice in lb.RULES.legal(st):
            nxt, _ = lb.RULES.step(st, choice)
            if choice.__class__.__name__ == "Step":
                spent = purse - sum(nxt.resources[i])
                here = nxt.lanterns[i]
                best[here] = min(best.get(here, spent), spent)
                walk(nxt)

    walk(start)
    return dict(sorted(best.items()))


@pytest.mark.parametrize("purse", [(0, 0, 0, 0), (1, 1, 1, 1), (0, 2, 0, 0), (3, 3, 3, 3)])
@pytest.mark.parametrize("where", ["ENTRANCE", "Stair", "Crossroads", "Flooded Hall"])
def test_reachable_agrees_with_the_engines_own_advances(purse: tuple[int, ...],
                                                        where: str) -> None:
    """``reachable(..., affordable=True)`` against the rules themselves: every space the
    engine's Step choices reach in up to k steps, and the cheapest total paid."""
    cfg = lb.Config()
    empty = {space: [] for space in tables(cfg).loot_spaces}
    s = lb.position(players=2, lanterns={"red": where}, stacks=empty,
                    resources={"red": dict(zip(cfg.resources, purse, strict=True))})
    for k in (1, 2, 3, 4):
        exact = odds.reachable(s, "red", k, affordable=True)
        assert {space: sum(cost.values()) for space, cost in exact.items()} == \
            engine_reach(s, "red", k)


# -- solitary: the race ------------------------------------------------------------------------
RACE: dict[str, Any] = dict(players=1, difficulty="green", round=6, phase="lightsout",
                            tunnels={6: "double", 7: "single"},
                            crews={6: ["red seeker"], 7: ["red 2"]},
                            lanterns={"red": "Crossroads", "guards": "Chapel"})


def race_match(seed: int) -> Match:
    m = lb.new_match(start=lb.position(**RACE), seed=seed)
    while m.state.top.kind != "guard_card" or m.state.top.loc != 6:
        if m.to_move is CHANCE:
            m.roll()
        else:
            m.push(m.legal()[0])
    return m


def test_guards_first_agrees_with_the_unseen_guard_cards() -> None:
    """Red's lone seeker (strength 1) at the double tunnel is blocked by a guard seeker of
    strength ≥ 2, and the guards, stronger, step onto TOMB (LB-solo-tunnel-*); any other
    card lets red, who moves first (LB-R25), reach TOMB."""
    m = race_match(1)
    seen = Counter(c for c in m.state.guard_cards if c)
    cards = {g.name: g for g in (*standin.GUARD_BLUE, *standin.GUARD_LEVELS[0].cards)}
    unseen = [name for g in cards.values() for name in [g.name] * g.count]
    for name, k in seen.items():
        for _ in range(k):
            unseen.remove(name)
    blocked = sum(cards[c].seeker and cards[c].strength >= 2 for c in unseen)
    assert odds.guards_first(m.state) == Fraction(blocked, len(unseen)) == Fraction(2, 9)
    d = odds.guards_first(m.state, explain=True)
    assert d.answer == Fraction(2, 9) and "stand-in" in str(d)


def test_guards_first_simulated_by_the_engine() -> None:
    m = race_match(1)
    exact = odds.guards_first(m.state)
    n, hits = 600, 0
    for seed in range(n):
        b = m.branch(seed=seed)
        while True:
            ends = {side for side, where in zip(b.state.sides, b.state.lanterns, strict=True)
                    if where in (lb.TOMB, lb.ESCAPED)}
            if ends or b.is_over:
                break
            if b.to_move is CHANCE:
                b.roll()
            else:
                b.push(b.legal()[0])
        hits += ends == {"guards"}
    assert within_4_sigma(hits, n, exact)


def test_every_derivation_labels_stand_in_data() -> None:
    s = lb.position(**SPEC)
    for d in (odds.seeker_contest(s, 3, "red", explain=True),
              odds.loot_look(s, "TOMB", explain=True),
              odds.shapeshifter_chain(s, "red", explain=True),
              odds.reachable(s, "red", 2, explain=True)):
        assert "stand-in" in str(d), d.question
    assert "stand-in" not in str(odds.tunnel_among([1], 3, explain=True))


# -- rush or loot: expected escape stars ---------------------------------------------------------
RUSH: dict[str, Any] = dict(players=2, round=6, phase="lightsout", tunnels={6: "double"},
                            crews={6: ["red seeker"]}, lanterns={"red": "Sewer"})


def passage_first(state: Any, player: str, legal: Any) -> Any:
    """Keep a Passage (to use it) whenever one is offered, else the first legal choice."""
    return next((c for c in legal if isinstance(c, lb.TakeLoot) and c.token == "Passage"
                 and not c.star), legal[0])


def test_escape_score_agrees_with_brute_force_over_labelled_loot_tokens() -> None:
    """Red's double tunnel steps Sewer → Outflow → Deep Gate; Outflow's unseen stack of
    two tokens comes from the whole stand-in pool, and a Passage in it is the third step
    onto ESCAPED in round 6 (17 + 3 × 0 stars, LB-escape)."""
    pool = [t.name for t in standin.LOOT for _ in range(t.count)]
    pairs = list(combinations(range(len(pool)), 2))
    hits = sum("Passage" in (pool[i], pool[j]) for i, j in pairs)
    p = Fraction(hits, len(pairs))
    assert p == Fraction(53, 145) == 1 - Fraction(comb(24, 2), comb(30, 2))
    s = lb.position(**RUSH)
    assert odds.escape_score(s, "red", policy=passage_first) == 17 * p == Fraction(901, 145)
    d = odds.escape_score(s, "red", policy=passage_first, explain=True)
    assert d.answer == 17 * p and d.kind == "expectation"
    assert f"P(R = 6) = {p} × 17 stars" in str(d) and "stand-in" in str(d)
    assert odds.escape_score(s, "blue") == 0     # blue has no seeker anywhere


@pytest.mark.parametrize("r", [1, 2, 3, 4, 5])
def test_escape_score_of_an_escape_already_made_is_its_rounds_stars(r: int) -> None:
    s = lb.position(players=2, round=6, lanterns={"red": "ESCAPED"}, escaped={"red": r})
    assert odds.escape_score(s, "red") == 17 + 3 * (6 - r) == lb.escape_stars(r)


@pytest.mark.parametrize("policy", [None, passage_first])
def test_escape_score_simulated_by_the_engine(policy: Any) -> None:
    """Seeded matches from the position, the same policy for every decision: the mean
    escape score lies within 4σ of the exact expectation (only round 6 can pay, 17)."""
    exact = odds.escape_score(lb.position(**RUSH), "red", policy=policy)
    chooser = policy or (lambda state, player, legal: legal[0])
    n, hits = 400, 0
    for seed in range(n):
        m = lb.new_match(start=lb.position(**RUSH), seed=seed)
        while not m.is_over and "red" not in dict(m.state.escaped):
            if m.to_move is CHANCE:
                m.roll()
            else:
                m.push(chooser(m.state, m.to_move, m.legal()))
        hits += dict(m.state.escaped).get("red") == 6
    assert 0 < hits < n
    assert within_4_sigma(hits, n, exact / 17)


# -- the checklist: each question of this file has its exact check and its engine check -------
#: For each odds function of this file: the tests against brute force (itertools over
#: labelled tiles, tokens or cards, or a walk over the map) and against the engine itself
#: (a seeded simulation within 4σ, or the rules' own choices followed exhaustively).
#: The deck questions have their own list in test_lb_odds_decks.py.
CHECKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "tunnel_layouts": (("test_layouts_counts_and_locations_agree_with_brute_force",),
                       ("test_tunnel_layouts_and_tunnel_at_simulated_from_the_engine_setup",)),
    "tunnel_at": (("test_layouts_counts_and_locations_agree_with_brute_force",),
                  ("test_tunnel_layouts_and_tunnel_at_simulated_from_the_engine_setup",)),
    "tunnel_among": (("test_layouts_counts_and_locations_agree_with_brute_force",),
                     ("test_tunnel_among_simulated_from_the_engine_setup",)),
    "seeker_contest": (("test_seeker_contest_from_each_seat_agrees_with_brute_force",),
                       ("test_seeker_contest_simulated_by_the_engine_with_hidden_tokens_"
                        "shuffled",)),
    "loot_look": (("test_loot_look_agrees_with_ordered_draws_of_labelled_tokens",),
                  ("test_loot_look_simulated_at_the_engine_node",)),
    "loot_has": (("test_loot_look_agrees_with_ordered_draws_of_labelled_tokens",),
                 ("test_loot_look_simulated_at_the_engine_node",)),
    "shapeshifter_chain": (("test_shapeshifter_chain_agrees_with_brute_force",),
                           ("test_shapeshifter_chain_simulated_by_the_engine",)),
    "reachable": (("test_reachable_agrees_with_a_walk_over_the_map",),
                  ("test_reachable_agrees_with_the_engines_own_advances",)),
    "guards_first": (("test_guards_first_agrees_with_the_unseen_guard_cards",),
                     ("test_guards_first_simulated_by_the_engine",)),
    "escape_score": (("test_escape_score_agrees_with_brute_force_over_labelled_loot_tokens",),
                     ("test_escape_score_simulated_by_the_engine",)),
    "live_odds": (("test_live_odds_are_the_contests_and_the_engines_own_tables",),
                  ("test_live_odds_of_a_draw_simulated_by_the_engine",)),
}


def test_every_question_has_its_exact_check_and_its_engine_check() -> None:
    from tests.lockup_breakout import test_lb_odds_decks

    assert set(CHECKS) | set(test_lb_odds_decks.CHECKS) == set(odds.__all__)
    assert missing_tests(CHECKS, globals()) == []


# -- what a board shows (odds.live_odds) ---------------------------------------------------
def _tome_draw_as_seen_by(state: Any, viewer: str) -> dict[str, Fraction]:
    """A tome draw averaged over every way the tomes ``viewer`` has not seen could lie in
    the deck and the other hands (each ordering of those tomes over the deck and the
    hidden hand slots equally likely), by brute force."""
    colours = state.setup.colours
    names = [t.name for t in state.setup.config.tomes]
    hidden = [h for c, h in zip(colours, state.tomes, strict=True) if c != viewer]
    deck = [n for n, k in zip(names, state.tome_deck, strict=True) for _ in range(k)]
    unseen = deck + [t for h in hidden for t in h]
    orders = set(permutations(unseen))
    table: Counter[str] = Counter()
    for order in orders:
        top = order[:len(deck)]  # the deck's slots; the rest fill the hidden hands
        for name in top:
            table[f"draw {name}"] += Fraction(1, len(deck) * len(orders))
    return dict(table)


@pytest.mark.slow
def test_live_odds_are_the_contests_and_the_engines_own_tables() -> None:
    """At a chance node: the engine's outcome table summed by what each outcome reads as,
    for the narrator; a seat's tome draw averaged over where its unseen tomes may lie
    (LB-R13); at roll call: seeker_contest at each tunnel location where the viewer has
    a token; otherwise nothing."""
    seen = Counter()
    for seed in range(6):
        match = lb.play(players=2 + seed % 4, seed=seed)
        for record in match.records[::3]:
            state = record.before
            if lb.RULES.to_move(state) is CHANCE:
                table: dict[str, Fraction] = {}
                for outcome, p in lb.RULES.outcomes(state):
                    table[str(outcome)] = table.get(str(outcome), Fraction(0)) + p
                want = table if state.top.kind != K.TUNNELS and len(table) <= 24 else {}
                assert odds.live_odds(state) == want
                for viewer in ("public", *state.setup.colours):
                    if state.top.kind == K.TOME_DRAW:
                        assert odds.live_odds(state, viewer=viewer) == \
                            _tome_draw_as_seen_by(state, viewer)
                        seen["tome"] += 1
                    else:
                        assert odds.live_odds(state, viewer=viewer) == want
                seen["chance"] += bool(want)
            elif state.phase == "rollcall":
                for colour in state.setup.colours:
                    want = {str(loc): odds.seeker_contest(state, loc, colour)
                            for loc in range(1, 8) if state.tunnels and state.tunnels[loc - 1]
                            and any(c == colour for c, _, _ in state.at(loc))}
                    assert odds.live_odds(state, viewer=colour) == want
                    seen["contest"] += bool(want)
                assert odds.live_odds(state) == {}
    assert seen["chance"] > 20 and seen["contest"] > 20 and seen["tome"] > 5


def test_live_odds_of_a_draw_simulated_by_the_engine() -> None:
    """The panel's table at a draw against the engine's own sampled draws (4σ)."""
    match = lb.new_match(players=3, seed=5)
    while not (match.to_move is CHANCE and len(odds.live_odds(match.state)) > 2):
        match.roll() if match.to_move is CHANCE else match.push(match.legal()[0])
    table = odds.live_odds(match.state)
    n, hits = 4000, Counter()
    rng = random.Random(1)
    from boardlab.core.engine import sample_outcome

    for _ in range(n):
        hits[str(sample_outcome(lb.RULES.outcomes(match.state), rng))] += 1
    assert set(hits) <= set(table)
    assert all(within_4_sigma(hits[key], n, p) for key, p in table.items())
