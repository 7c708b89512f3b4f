"""Setup, the stand-in core's data and the catacomb map (LB-setup-*, LB-R1–R3, R5, R6,
R9, R29, R36)."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.errors import ConfigError, FormatError
from boardlab.lockup_breakout.catacombs import map_to_dict
from boardlab.lockup_breakout.config import config_to_dict
from boardlab.lockup_breakout.draws import count_arrangements

from .conftest import ids


def _after_setup(players: int, seed: int = 0, difficulty: str | None = None):
    match = lb.new_match(players, seed=seed, difficulty=difficulty)
    events = []
    while match.state.round == 0:
        match.roll()
        events.extend(match.last_events)
    return match, events


# -- the text's setup steps -------------------------------------------------------------------
def test_lb_setup_expansion_steps_follow_core_setup_and_decks_hold_every_card() -> None:
    match, events = _after_setup(4)
    assert ids(events)[0] == "LB-setup"
    s = match.state
    # Every card of every deck is somewhere: decks, display, goon spaces, goals, legend.
    assert sum(s.item_deck) + len(s.display) == len(s.config.items) == 12
    assert sum(s.goon_deck) + sum(1 for g in s.goon_spaces if g) == 20
    assert sum(s.tome_deck) == 8 and len(s.goals) == 2 and s.legend
    assert lb.RULES.invariants(s) == []


def test_lb_setup_catacombs_board_is_the_default_map() -> None:
    match, events = _after_setup(3)
    assert "LB-setup-catacombs" in ids(events)
    assert match.state.config.catacombs is lb.DEFAULT_MAP


def test_lb_setup_lanterns_every_lantern_starts_on_entrance() -> None:
    for players in (2, 5):
        match, events = _after_setup(players)
        assert set(match.state.lanterns) == {lb.ENTRANCE}
        assert "LB-setup-lanterns" in ids(events)


def test_lb_setup_loot_stacks_as_tall_as_the_player_count_rest_unseen() -> None:
    for players in (2, 3, 4, 5):
        s = lb.new_match(players).state
        assert s.stacks == (((), players),) * 5
        # The pool still holds all 30 tokens: the stacks are drawn from it lazily.
        assert sum(s.loot_pool) == 30
    # When a stack is first looked at, its contents are one draw of `players` tokens
    # from the 30 (multivariate hypergeometric): e.g. all five of one kind with 5 players.
    s = lb.position(players=5, lanterns={"red": lb.ENTRANCE}, phase="lightsout",
                    tunnels={1: "single"}, crews={1: ["red seeker"]})
    m = lb.new_match(start=s)
    m.push(lb.Decline())                    # the location's reward first …
    m.push(lb.Step("Stair"))                # … then the tunnel
    outs = dict(m.outcomes())
    assert m.state.top.kind == lb.K.LOOT_LOOK
    assert outs[lb.DrawMany(("Bribe",) * 5)] == Fraction(6, 142506)   # C(6,5)/C(30,5)
    assert sum(outs.values()) == 1


def test_lb_setup_tunnels_sets_by_player_count() -> None:
    """Worked example: the three tunnel sets, seven markers, collapsed ones removed."""
    expected = {2: (5, 1, 1), 3: (4, 2, 1), 4: (3, 3, 1), 5: (3, 3, 1)}
    for players, (c, s, d) in expected.items():
        outs = lb.tunnel_outcomes(players)
        assert len(outs) == count_arrangements((c, s, d))
        assert sum(p for _, p in outs) == 1
        for layout, p in outs:
            assert len(layout.layout) == 7 and p == Fraction(1, len(outs))
            assert Counter(layout.layout) == {"collapsed": c, "single": s, "double": d}
    assert [len(lb.tunnel_outcomes(n)) for n in (2, 3, 4)] == [42, 105, 140]
    # P(a tunnel at a given location) = 2/7, 3/7, 4/7; P(the double there) = 1/7.
    for players, p_tunnel in ((2, Fraction(2, 7)), (3, Fraction(3, 7)), (4, Fraction(4, 7))):
        outs = lb.tunnel_outcomes(players)
        for loc in range(7):
            assert sum(p for t, p in outs if t.layout[loc] != "collapsed") == p_tunnel
            assert sum(p for t, p in outs if t.layout[loc] == "double") == Fraction(1, 7)
    match = lb.new_match(3, seed=4)
    layout = match.roll()
    assert match.state.tunnels == tuple("" if k == "collapsed" else k for k in layout.layout)
    assert "LB-setup-tunnels" in ids(match.last_events)


def test_lb_setup_legend_top_card_turned_up_uniformly() -> None:
    match = lb.new_match(4, seed=1)
    match.roll()                                    # tunnels
    outs = match.outcomes()
    assert match.state.top.kind == lb.K.LEGEND_DRAW
    assert len(outs) == 8 and {p for _, p in outs} == {Fraction(1, 8)}
    card = match.roll()
    assert match.state.legend == card.card
    assert "LB-setup-legend" in ids(match.last_events)


def test_lb_setup_seekers_seven_tokens_each_with_a_seeker() -> None:
    s = lb.new_match(4).state
    for hand in s.hands:
        assert hand == ("1", "2", "2", "3", "3", "4", "seeker")


def test_lb_solo_setup_guard_deck_eight_blue_and_six_of_the_difficulty() -> None:
    from boardlab.lockup_breakout.work import tables

    t = tables(lb.Config())
    for colour in ("green", "yellow", "red"):
        deck = dict(zip(t.guard_names, t.guard_deck[colour], strict=True))
        blue = sum(n for name, n in deck.items() if name.startswith("blue"))
        mine = sum(n for name, n in deck.items() if name.startswith(colour))
        assert (blue, mine, sum(deck.values())) == (8, 6, 14)
    match, events = _after_setup(1, difficulty="red")
    assert match.state.sides == ("red", "guards")
    assert match.state.lantern("guards") == lb.ENTRANCE
    assert "LB-solo-setup" in ids(events)


# -- the stand-in core ------------------------------------------------------------------------
def test_lb_objective_six_rounds_most_stars_wins() -> None:
    match = lb.play(players=3, seed=7)
    s = match.state
    assert s.round == 6 and s.is_over
    scores = match.scores()
    best = max(scores.values())
    assert lb.winners(s) == tuple(c for c in s.setup.colours if scores[c] == best)
    rounds = {e.round for e in match.events}
    assert rounds == {0, 1, 2, 3, 4, 5, 6}


def test_lb_R1_core_stand_in_seven_locations_library_and_six_rounds() -> None:
    cfg = lb.Config()
    assert [loc.number for loc in cfg.locations] == [1, 2, 3, 4, 5, 6, 7]
    assert cfg.locations[6].name == "CELL BLOCK"
    match = lb.play(players=2, seed=3)
    library = [e for e in match.events if e.kind == "library"]
    assert library and all(e.rule.id == "LB-R8" for e in library)


def test_lb_R2_map_checks_arrows_ends_and_tomb_and_names_the_bad_field() -> None:
    data = map_to_dict(lb.DEFAULT_MAP)
    assert lb.load_map(json.dumps(data)) == lb.DEFAULT_MAP
    bad = json.loads(json.dumps(data))
    bad["paths"][3]["to"] = "Nowhere"
    with pytest.raises(FormatError, match=r"paths\[3\]\.to: unknown space 'Nowhere'"):
        lb.load_map(bad)
    back = json.loads(json.dumps(data))
    back["paths"].append({"start": "Chapel", "to": "Stair"})
    with pytest.raises(FormatError, match=r"paths\[15\]: depth must grow"):
        lb.load_map(back)
    tomb = json.loads(json.dumps(data))
    tomb["paths"].append({"start": "TOMB", "to": "ESCAPED"})
    with pytest.raises(FormatError, match=r"paths\[15\]\.start: TOMB is an end"):
        lb.load_map(tomb)
    cheap = json.loads(json.dumps(data))
    cheap["spaces"][7]["stars"] = 12
    with pytest.raises(FormatError, match=r"spaces\[7\]\.stars: TOMB is worth 15"):
        lb.load_map(cheap)
    typed = json.loads(json.dumps(data))
    typed["spaces"][1]["depth"] = True
    with pytest.raises(FormatError, match=r"spaces\[1\]\.depth: expected a whole number, not a "
                                          r"bool \(got True\)"):
        lb.load_map(typed)
    dead = json.loads(json.dumps(data))
    dead["paths"] = [p for p in dead["paths"] if p["start"] != "Culvert"]
    with pytest.raises(FormatError, match="Culvert is a dead end"):
        lb.load_map(dead)
    with pytest.raises(FormatError, match=r"catacombs\.paths\[0\]\.cost\[0\]\[0\]"):
        costly = config_to_dict(lb.Config())
        costly["catacombs"]["paths"][0]["cost"] = [["wood", 1]]
        lb.load_config(costly)


def test_lb_R3_decks_are_data_a_custom_legend_deck_is_used() -> None:
    only = (lb.LegendCard("Test Card", lb.Reward("stars", 9)),)
    cfg = lb.Config(legends=only)
    match = lb.play(players=2, seed=1, config=cfg)
    assert match.state.legend == "Test Card"
    assert lb.RULES.invariants(match.state) == []
    # The legend deck of one card cycles: the same card is active every round (LB-patrol).
    assert {e.data.get("card") for e in match.events if e.kind == "legend"} == {"Test Card"}


def test_lb_R5_players_one_to_five_marker_moves_clockwise_fixed_in_solo() -> None:
    for bad in (0, 6, True, 2.0, "3"):
        with pytest.raises(ConfigError, match="LB-R5"):
            lb.Setup(players=bad)
    match = lb.play(players=3, seed=2)
    firsts = [e.data["first"] for e in match.events if e.kind == "round"]
    assert firsts == ["red", "blue", "green", "red", "blue", "green"]
    solo = lb.play(players=1, difficulty="green", seed=2)
    assert {e.data["first"] for e in solo.events if e.kind == "round"} == {"red"}


def test_lb_R6_crew_strengths_configurable_seeker_one() -> None:
    cfg = lb.Config(crew_strengths=(1, 1, 2, 2, 5, 5))
    s = lb.new_match(2, config=cfg).state
    assert s.hands[0] == ("1", "1", "2", "2", "5", "5", "seeker")
    with pytest.raises(ConfigError, match=r"crew_strengths\[2\]: 1 to 1000 \(LIMITS\.number\) "
                                          r"\(got 0\)"):
        lb.Config(crew_strengths=(1, 2, 0, 3, 3, 4))
    with pytest.raises(ConfigError, match="six core crew tokens"):
        lb.Config(crew_strengths=(1, 2, 3))


def test_lb_R9_four_resource_kinds_no_holding_limit() -> None:
    assert lb.Config().resources == ("scrap", "iron", "potion", "gold")
    m = lb.new_match(start=lb.position(players=2, phase="lightsout", resources={
        "red": {"iron": 40}}, crews={1: ["red 4"]}))
    m.push(lb.TakeResources("iron"))
    assert m.state.resources[0][1] == 42


def test_lb_R29_depth_is_separate_from_stars_and_default_map_meets_the_clarifications() -> None:
    m = lb.DEFAULT_MAP
    by = {s.name: s for s in m.spaces}
    thirteen = next(s for s in m.spaces if s.stars == 13)
    nine = next(s for s in m.spaces if s.stars == 9)
    ten = next(s for s in m.spaces if s.stars == 10)
    assert thirteen.depth > by["TOMB"].depth and thirteen.stars < by["TOMB"].stars
    assert nine.depth == ten.depth
    for p in m.paths:
        assert by[p.to].depth > by[p.start].depth
    # Each branch has a costed fork; loot on TOMB.
    assert by["TOMB"].loot
    assert any(p.cost for p in m.exits("Crossroads")) and any(p.cost for p in m.exits("Outflow"))
    g = m.to_networkx()
    import networkx as nx

    assert nx.is_directed_acyclic_graph(g)


def test_lb_R36_solitary_uses_the_two_player_tunnel_set() -> None:
    assert lb.Config().tunnel_set(1) == (5, 1, 1)
    assert len(lb.tunnel_outcomes(1)) == 42
    match, events = _after_setup(1, difficulty="yellow")
    assert sorted(match.state.tunnels) == ["", "", "", "", "", "double", "single"]
    assert "LB-R36" in ids(events)


def test_config_json_round_trip_and_errors_name_the_field() -> None:
    cfg = lb.Config()
    assert lb.load_config(json.dumps(config_to_dict(cfg))) == cfg
    data = config_to_dict(cfg)
    data["items"][2]["cost"][0][0] = "wood"
    with pytest.raises(FormatError, match=r"items\[2\]\.cost\[0\]\[0\]: unknown resource"):
        lb.load_config(data)
    data = config_to_dict(cfg)
    data["goons"][0]["count"] = "3"
    with pytest.raises(FormatError, match=r"goons\[0\]\.count: expected a whole number, got a "
                                          r"str \(got '3'\)"):
        lb.load_config(data)
    data = config_to_dict(cfg)
    data["legends"][0]["reward"]["kind"] = "dance"
    with pytest.raises(FormatError, match=r"legends\[0\]\.reward\.kind: unknown reward"):
        lb.load_config(data)
    with pytest.raises(FormatError, match="colours: unknown field|unknown field"):
        lb.load_config({"colors": []})


def test_lb_setup_tunnels_joint_odds_match_the_hypergeometric() -> None:
    """The engine's tunnel node against closed forms (A5 questions 1–2)."""
    from boardlab.prob.urn import hypergeometric_tail

    for players, tunnels in ((2, 2), (3, 3), (4, 4)):
        outs = lb.tunnel_outcomes(players)
        any_of_three = sum(p for t, p in outs
                           if any(k != "collapsed" for k in t.layout[:3]))
        assert any_of_three == hypergeometric_tail(7, tunnels, 3, 1)
        both = sum(p for t, p in outs if "collapsed" not in t.layout[:2])
        assert both == Fraction(tunnels * (tunnels - 1), 42)
    assert hypergeometric_tail(7, 2, 3, 1) == Fraction(5, 7)
