"""Advancing in the catacombs: steps, costs, loot, TOMB and ESCAPED (LB-advance-*, LB-tomb,
LB-escape, LB-finished-seeker, LB-icon-advance, LB-R17, R18, R20, R33)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.errors import IllegalAction

from .conftest import drive, ids, kinds, refuse, start


def _tunnel(kind: str = "single", **kw):
    """Red alone with its seeker at the tunnel on location 1; red refuses the resources."""
    kw.setdefault("players", 2)
    m = start(phase="lightsout", tunnels={1: kind}, crews={1: ["red seeker"]}, **kw)
    m.push(lb.Decline())
    return m


def test_lb_advance_the_lantern_moves_only_when_an_advance_is_granted() -> None:
    m = lb.play(players=4, seed=21)
    steps = kinds(m.events, "step")
    assert steps
    sources = {e.data["source"] for e in steps}
    assert sources <= {"LB-tunnel-type", "LB-icon-advance", "LB-legend-effect", "LB-R33",
                       "LB-advance", "LB-R17", "LB-solo-tunnel-guards"}
    # Every step starts where the previous one of that lantern ended.
    where = {c: lb.ENTRANCE for c in m.state.sides}
    for e in steps:
        assert e.data["start"] == where[e.who]
        where[e.who] = e.data["to"]
    assert where == dict(zip(m.state.sides, m.state.lanterns, strict=True))


def test_lb_advance_forward_the_player_picks_the_branch_at_a_fork() -> None:
    m = _tunnel(lanterns={"red": "Stair"})
    assert m.legal() == (lb.Step("Flooded Hall"), lb.Step("Ossuary"), lb.Stop())
    events = m.push(lb.Step("Ossuary"))
    assert m.state.lantern("red") == "Ossuary"
    assert ids(kinds(events, "step")) == ["LB-advance-forward"]


def test_lb_advance_cost_a_costed_path_only_by_paying() -> None:
    m = _tunnel(lanterns={"red": "Stair"}, resources={"red": {"iron": 0}})
    assert m.legal() == (lb.Step("Ossuary"), lb.Stop())
    with pytest.raises(IllegalAction, match="LB-advance-forward"):
        m.push(lb.Step("Flooded Hall"))
    m = _tunnel(lanterns={"red": "Stair"}, resources={"red": {"iron": 2}})
    events = m.push(lb.Step("Flooded Hall"))
    assert m.state.resources[0][1] == 1
    assert ids(kinds(events, "step")) == ["LB-advance-cost"]


def test_lb_advance_arrows_never_backwards() -> None:
    m = _tunnel(kind="double", lanterns={"red": "Chapel"})
    assert m.legal() == (lb.Step("TOMB"), lb.Stop())
    for back in ("Crossroads", "Stair", lb.ENTRANCE, "Reliquary"):
        with pytest.raises(IllegalAction):
            m.push(lb.Step(back))


def test_lb_advance_loot_look_keep_one_return_the_rest_use_or_star() -> None:
    m = _tunnel(stacks={"Stair": ["Cache", "Scroll"]})
    events = m.push(lb.Step("Stair"))
    look = kinds(events, "loot_look")[0]
    assert look.rule.id == "LB-advance-loot"
    assert "Cache" in look.text_for("red") and "Cache" not in look.text_for("blue")
    assert m.legal() == (*(lb.TakeLoot("Cache", kind=k) for k in lb.Config().resources),
                         lb.TakeLoot("Cache", star=True), lb.TakeLoot("Scroll"),
                         lb.TakeLoot("Scroll", star=True))
    m.push(lb.TakeLoot("Cache", kind="potion"))
    assert m.state.stacks[0] == (("Scroll",), 0)          # the other returned
    assert m.state.resources[0][2] == 3
    m = _tunnel(stacks={"Stair": ["Cache", "Scroll"]})
    m.push(lb.Step("Stair"))
    m.push(lb.TakeLoot("Scroll", star=True))
    assert m.state.stars[0][2] == 1                       # the loot source


def test_lb_advance_keep_loot_tokens_stay_after_use_or_star() -> None:
    m = _tunnel(stacks={"Stair": ["Cache", "Scroll"]})
    m.push(lb.Step("Stair"))
    m.push(lb.TakeLoot("Cache", kind="gold"))
    assert m.state.kept_loot[0] == ("Cache",)
    m = _tunnel(stacks={"Stair": ["Cache", "Scroll"]})
    m.push(lb.Step("Stair"))
    m.push(lb.TakeLoot("Scroll", star=True))
    assert m.state.kept_loot[0] == ("Scroll",)


def test_lb_tomb_loot_there_then_no_further_move_and_15_at_the_end() -> None:
    m = _tunnel(kind="double", lanterns={"red": "Chapel"}, stacks={"TOMB": ["Passage",
                                                                           "Scroll"]})
    events = list(m.push(lb.Step("TOMB")))
    assert "LB-tomb" in ids(events)
    assert m.state.top.kind == lb.K.LOOT
    # The advance token is no use on TOMB: only its star is offered (LB-R41).
    assert lb.TakeLoot("Passage") not in m.legal()
    m.push(lb.TakeLoot("Passage", star=True))
    assert m.state.top.kind != lb.K.STEP                  # the second space is lost
    assert m.state.lantern("red") == "TOMB"
    final = start(players=2, phase="final", lanterns={"red": "TOMB"})
    assert lb.final_scores(final.state)["red"]["lantern"] == 15


@pytest.mark.parametrize("round_, stars", [(1, 32), (2, 29), (3, 26), (4, 23), (5, 20),
                                           (6, 17)])
def test_lb_escape_round_four_scores_23(round_: int, stars: int) -> None:
    """Worked example: escaping in round 4 scores 23; 17 + 3 per round still to come."""
    m = _tunnel(lanterns={"red": "Deep Gate"}, round=round_)
    events = m.push(lb.Step(lb.ESCAPED))
    escape = kinds(events, "escape")[0]
    assert escape.rule.id == "LB-escape" and escape.data["stars"] == stars
    assert m.state.stars[0][3] == stars and m.state.escaped == (("red", round_),)
    assert lb.escape_stars(round_) == stars
    # At final scoring an escaped lantern scores nothing more (LB-end-lantern).
    drive(m, refuse)
    assert lb.final_scores(m.state)["red"]["lantern"] == 0


def test_lb_finished_seeker_still_earns_rewards_and_blocks() -> None:
    events: list = []
    m = start(players=2, phase="lightsout", tunnels={1: "single"}, escaped={"red": 2},
              round=3, crews={1: ["red seeker", "red 3", "blue seeker"]}, events=events)
    assert m.to_move == "red" and m.state.top.kind == lb.K.REWARD     # rewards as usual
    m.push(lb.TakeResources("gold"))
    events = list(m.push(lb.TakeResources("gold")))
    assert "LB-finished-seeker" in ids(events)
    assert m.state.lantern("blue") == lb.ENTRANCE                     # blocked


def test_lb_icon_advance_a_crafted_item_moves_the_lantern_one_space() -> None:
    m = start(players=2, phase="lightsout", crews={4: ["red 2"]},
              display=["Lockpick", "Crowbar", "Coin Purse"], goon_spaces={4: "Imp"},
              stacks={"Stair": ["Bribe", "Bribe"]})
    assert lb.Craft("Lockpick") in m.legal()
    m.push(lb.Craft("Lockpick"))
    assert m.state.top.kind == lb.K.STEP
    assert m.state.top.src == "LB-icon-advance"
    m.push(lb.Step("Stair"))
    assert m.state.lantern("red") == "Stair" and m.state.top.kind == lb.K.LOOT


def test_lb_R17_returned_stack_is_shuffled_and_the_looker_remembers() -> None:
    m = _tunnel(stacks={"Stair": ["Cache", "Scroll"]})
    m.push(lb.Step("Stair"))
    m.push(lb.TakeLoot("Cache", kind="iron"))
    assert lb.observe(m.state, "red").stacks[0] == ("Scroll",)
    assert lb.observe(m.state, "blue").stacks[0] is None
    # A blind draw from a returned stack is uniform over what is left (solitary guards).
    s = lb.position(players=1, difficulty="red", stacks={"Stair": ["Cache", "Scroll"]},
                    phase="lightsout", tunnels={1: "single"}, crews={})
    m = lb.new_match(start=s)
    m.push(lb.Draw("red 4"))                                # guards strongest at 1
    assert m.state.top.kind == lb.K.GUARD_LOOT
    assert dict(m.outcomes()) == {lb.Draw("Cache"): Fraction(1, 2),
                                  lb.Draw("Scroll"): Fraction(1, 2)}


def test_lb_R18_solitary_stacks_hold_two_tokens() -> None:
    s = lb.new_match(1, difficulty="green").state
    assert s.stacks == (((), 2),) * 5
    assert lb.Setup(players=1, difficulty="green").stack_height == 2


def test_lb_R20_each_step_chosen_intermediate_loot_taken_stop_early_allowed() -> None:
    m = _tunnel(kind="double", stacks={"Stair": ["Cache", "Cache"]})
    m.push(lb.Step("Stair"))
    assert m.state.top.kind == lb.K.LOOT                  # the space entered counts
    m.push(lb.TakeLoot("Cache", kind="iron"))
    assert m.legal() == (lb.Step("Flooded Hall"), lb.Step("Ossuary"), lb.Stop())
    events = m.push(lb.Stop())
    assert ids(kinds(events, "stop")) == ["LB-R20"]
    assert m.state.lantern("red") == "Stair"


def test_lb_R33_a_loot_advance_comes_after_the_move_ends() -> None:
    m = _tunnel(kind="double", stacks={"Stair": ["Passage", "Passage"]})
    m.push(lb.Step("Stair"))
    events = m.push(lb.TakeLoot("Passage"))
    assert ids(kinds(events, "loot_effect")) == ["LB-R33"]
    m.push(lb.Step("Ossuary"))                            # the tunnel's second space
    assert m.state.top.kind == lb.K.STEP and m.state.top.src == "LB-R33"
    m.push(lb.Step("Crossroads"))                         # then the loot's advance
    assert m.state.lantern("red") == "Crossroads"
