"""Solitary mode: the guards as an automaton inside ``step`` (LB-solo-tunnel-*, LB-R23,
R24, R25, R34, R39). The guards never appear in ``to_move``."""

from __future__ import annotations

from fractions import Fraction

from boardlab import lockup_breakout as lb

from .conftest import drive, greedy, ids, kinds, start


def _solo(**kw):
    kw.setdefault("difficulty", "red")
    return start(players=1, phase="lightsout", **kw)


def test_lb_solo_tunnel_guards_strongest_advance_one_space_without_a_seeker() -> None:
    m = _solo(tunnels={1: "double"}, stacks={"Stair": ["Cache", "Scroll"]})
    assert m.state.top.kind == lb.K.GUARD_CARD and m.state.top.loc == 1
    events = list(m.push(lb.Draw("red 4")))             # no seeker icon on it
    events += m.push(lb.Draw("Scroll"))                 # their blind loot pick
    tunnel = kinds(events, "tunnel")[0]
    assert tunnel.rule.id == "LB-solo-tunnel-guards"
    assert m.state.lantern("guards") == "Stair"         # one space, though the tunnel is double
    assert len(kinds(events, "step")) == 1


def test_lb_solo_tunnel_path_costed_branch_when_affordable_else_the_other() -> None:
    for iron, expected in ((1, "Flooded Hall"), (0, "Ossuary")):
        m = _solo(tunnels={1: "single"}, lanterns={"guards": "Stair"},
                  resources={"guards": {"iron": iron}})
        events = m.push(lb.Draw("red 4"))
        step = kinds(events, "step")[0]
        assert m.state.lantern("guards") == expected
        assert step.rule.id == "LB-solo-tunnel-path"
    assert m.state.resources[1][1] == 0


def test_lb_solo_tunnel_loot_top_token_unseen_used_never_the_star() -> None:
    m = _solo(tunnels={1: "single"}, stacks={"Stair": ["Cache", "Scroll"]})
    m.push(lb.Draw("red 4"))
    assert m.state.top.kind == lb.K.GUARD_LOOT and m.to_move is lb.CHANCE
    assert dict(m.outcomes()) == {lb.Draw("Cache"): Fraction(1, 2),
                                  lb.Draw("Scroll"): Fraction(1, 2)}
    before = m.state.resources[1][0]
    events = m.push(lb.Draw("Cache"))
    assert ids(kinds(events, "guard_loot")) == ["LB-solo-tunnel-loot"]
    assert m.state.resources[1][0] == before + 2        # the first listed kind (LB-R24)
    assert m.state.kept_loot[1] == ("Cache",) and m.state.stars[1][2] == 0
    # From a stack no one has looked at, the pick is drawn from the unseen pool.
    m = _solo(tunnels={1: "single"})
    m.push(lb.Draw("red 4"))
    assert sum(p for _, p in m.outcomes()) == 1 and len(m.outcomes()) == 5


def test_lb_solo_tunnel_player_lone_seeker_or_stronger_than_the_guards_seeker() -> None:
    cases = [  # (player crew at 1, guard card, player advances, guards advance)
        (["red seeker", "red 3"], "red 4", True, False),          # lone seeker
        (["red seeker", "red 3"], "red 5 seeker", False, True),   # out-matched
        (["red seeker", "red 3"], "blue 3 seeker", True, False),  # stronger
        (["red seeker", "red 2"], "blue 3 seeker", True, False),  # tie: the player
    ]
    for crew, card, player, guards in cases:
        m = _solo(tunnels={1: "single"}, crews={1: crew})
        events = list(m.push(lb.Draw(card)))
        events += drive(m, greedy, until=lambda m: m.state.top.kind == lb.K.STEP
                        or not m.state.crews[1], chance=lambda m: m.legal()[0])
        assert (m.state.top.kind == lb.K.STEP) == player, (crew, card)
        assert any(e.who == "guards" for e in kinds(events, "step")) == guards, (crew, card)
        rules = ids(kinds(events, "tunnel"))
        if player:
            assert "LB-solo-tunnel-player" in rules


def test_lb_R23_guard_deck_reshuffled_every_roll_call_seven_plus_the_legend() -> None:
    m = lb.new_match(1, seed=3, difficulty="yellow")
    drive(m, greedy, until=lambda m: m.state.top.kind == lb.K.GUARD_CARD)
    assert sum(p for _, p in m.outcomes()) == 1
    assert sum(1 for _ in m.outcomes()) == 12          # 14 cards of 12 kinds
    seen = 0
    while m.state.round == 1:
        if m.state.top.kind == lb.K.GUARD_CARD:
            seen += 1
            assert len([c for c in m.state.guard_cards if c]) == seen - 1
        if m.to_move is lb.CHANCE:
            m.roll()
        else:
            m.push(greedy(m))
    assert seen == 8
    drive(m, greedy, until=lambda m: m.state.top.kind == lb.K.GUARD_CARD)
    assert m.state.guard_cards == ("",) * 8 and m.state.round == 2
    # The whole deck is back: P(a given card on location 1) is its share of 14.
    outs = dict(m.outcomes())
    assert outs[lb.Draw("yellow 2")] == Fraction(2, 14)


def test_lb_R24_guards_keep_resources_and_stars_other_rewards_become_two_stars() -> None:
    m = _solo(goon_spaces={4: "Imp", 6: "Dwarf"}, display=["Crowbar", "Lockpick", "Coin Purse"])
    events = list(m.push(lb.Draw("red 2")))            # 1 Mess Hall: 2 resources
    for card in ("blue 1", "blue 2", "red 3", "blue 0", "red 4", "blue 3"):
        while m.state.top.kind != lb.K.GUARD_CARD:
            m.roll()
        events += m.push(lb.Draw(card))
    rewards = [(e.data.get("location"), e.data.get("kind"), e.data.get("stars"))
               for e in kinds(events, "guard_reward")]
    assert (1, "scrap", None) in rewards                # resources: the first listed kind
    assert (4, None, 2) in rewards                      # craft → 2 stars
    assert (6, None, 3) in rewards                      # stars kept
    assert rewards.count((6, None, 2)) == 1             # recruit → 2 stars
    assert m.state.goons[1] == () and m.state.items[1] == ()
    assert all(e.rule.id == "LB-R24" for e in kinds(events, "guard_reward"))


def test_lb_R25_both_may_advance_player_first_guards_need_strictly_more() -> None:
    m = _solo(tunnels={1: "single"}, crews={1: ["red seeker"]},
              stacks={"Stair": ["Scroll", "Scroll"]})
    m.push(lb.Draw("red 4"))
    m.push(lb.TakeResources("iron"))                    # the player is second: 1 resource
    assert m.state.top.kind == lb.K.STEP and m.to_move == "red"      # the player first
    m.push(lb.Step("Stair"))
    m.push(lb.TakeLoot("Scroll", star=True))
    assert m.state.top.kind == lb.K.GUARD_LOOT           # then the guards' step
    m.push(lb.Draw("Scroll"))
    assert m.state.lantern("red") == m.state.lantern("guards") == "Stair"
    # Guards with 1 against the player's 1: not strictly more, no advance.
    m = _solo(tunnels={1: "single"}, crews={1: ["red 1"]})
    m.push(lb.Draw("blue 1"))
    events = m.push(lb.TakeResources("gold"))           # the tie goes to the player
    assert m.state.lantern("guards") == lb.ENTRANCE
    assert "LB-R25" in ids(kinds(events, "tunnel"))


def test_lb_R34_guards_escape_like_a_player_unusable_loot_is_two_stars() -> None:
    m = _solo(tunnels={1: "single"}, lanterns={"guards": "Culvert"}, round=5)
    events = m.push(lb.Draw("red 4"))
    escape = kinds(events, "escape")[0]
    assert escape.rule.id == "LB-R34" and escape.data["stars"] == 20
    m = _solo(tunnels={1: "single"}, stacks={"Stair": ["Claim", "Claim"]})
    m.push(lb.Draw("red 4"))
    events = m.push(lb.Draw("Claim"))
    odd = kinds(events, "loot_effect")[0]
    assert odd.rule.id == "LB-R34" and m.state.stars[1][2] == 2


def test_lb_R39_a_strength_zero_guard_card_means_no_guards_there() -> None:
    m = _solo(difficulty="green", tunnels={1: "single"}, crews={1: ["red 1"]})
    events = m.push(lb.Draw("green 0"))
    assert ids(kinds(events, "guard_card")) == ["LB-R39"]
    rank = kinds(events, "strengths")[0]
    assert rank.data["strengths"] == (("red", 1),)
    assert m.state.top.kind == lb.K.REWARD and m.state.top.n == 2   # first place


def test_guards_never_move_in_to_move() -> None:
    for seed in range(15):
        m = lb.new_match(1, seed=seed, difficulty=("green", "yellow", "red")[seed % 3])
        while not m.is_over:
            assert m.to_move in ("red", lb.CHANCE)
            if m.to_move is lb.CHANCE:
                m.roll()
            else:
                m.push(m.legal()[seed % len(m.legal())])
