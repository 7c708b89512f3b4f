"""Lights Out: locations in order, ranked rewards, tunnels resolved in place, stragglers,
the LIBRARY and tomes (LB-lightsout, LB-tunnel-*, LB-R4, R8, R13, R19, R28, R41, R44)."""

from __future__ import annotations

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.errors import IllegalAction
from boardlab.lockup_breakout.config import LIBRARY

from .conftest import drive, greedy, ids, kinds, refuse, start


def test_lb_lightsout_locations_one_to_seven_then_library_then_legend() -> None:
    m = lb.new_match(4, seed=9)
    events = drive(m, greedy, until=lambda m: m.state.phase == "patrol")
    seq = [e.data["location"] for e in events if e.kind == "reveal"]
    assert seq == [1, 2, 3, 4, 5, 6, 7]
    kinds_seq = [e.kind for e in events if e.kind in ("reveal", "library", "legend_reveal")]
    assert kinds_seq[-1] == "legend_reveal" and kinds_seq[:7] == ["reveal"] * 7
    assert "LB-lightsout" in ids(events)


def test_lb_tunnel_after_rewards_before_tokens_go_home() -> None:
    events: list = []
    m = start(players=2, phase="lightsout", tunnels={2: "single"},
              crews={2: ["red seeker", "red 4", "blue 2"]}, events=events)
    events += drive(m, greedy, until=lambda m: m.state.lantern("red") != lb.ENTRANCE
                    and m.state.top.kind != lb.K.STEP)
    events += drive(m, greedy, until=lambda m: not m.state.crews[2])
    order = [e.kind for e in events if e.kind in ("resources", "recruit", "tunnel", "step",
                                                   "stragglers")]
    assert order.index("tunnel") > order.index("resources")
    assert order.index("stragglers") > order.index("step")
    assert ids(kinds(events, "stragglers")) == ["LB-tunnel-stragglers"]


def test_lb_tunnel_seekers_strongest_seeker_holder_advances_ties_by_seat() -> None:
    # Several seekers: only their owners are compared; the strongest crew there advances.
    events: list = []
    m = start(players=3, phase="lightsout", tunnels={1: "single"},
              crews={1: ["red seeker", "blue seeker", "blue 2", "green 4"]}, events=events)
    drive(m, refuse, until=lambda m: m.state.top.kind == lb.K.STEP)
    assert m.to_move == "blue"          # blue 3 beats red 1; green has no seeker
    # A tie between seeker holders goes by seat order from the first player (LB-R4).
    m = start(players=3, phase="lightsout", tunnels={1: "single"}, first="blue",
              crews={1: ["red seeker", "red 2", "green seeker", "green 2"]})
    drive(m, refuse, until=lambda m: m.state.top.kind == lb.K.STEP)
    assert m.to_move == "green"         # blue, green, red: green sits before red
    # One seeker alone advances even if its crew is the weakest there.
    m = start(players=2, phase="lightsout", tunnels={1: "double"},
              crews={1: ["red seeker", "blue 4", "blue 3"]})
    drive(m, refuse, until=lambda m: m.state.top.kind == lb.K.STEP)
    assert m.to_move == "red"


def test_lb_tunnel_type_single_one_space_double_two() -> None:
    for kind, steps in (("single", 1), ("double", 2)):
        m = start(players=2, phase="lightsout", tunnels={1: kind},
                  crews={1: ["red seeker"]}, stacks={"Stair": ["Cache", "Cache"]})
        m.push(lb.Decline())
        moved = 0
        while m.state.top.kind in (lb.K.STEP, lb.K.LOOT):
            if m.state.top.kind == lb.K.LOOT:
                m.push(lb.TakeLoot("Cache", star=True))
                continue
            m.push(next(c for c in m.legal() if isinstance(c, lb.Step)))
            moved += 1
        assert moved == steps


def test_lb_tunnel_stragglers_go_to_the_library_winners_go_home() -> None:
    m = start(players=3, phase="lightsout", crews={1: ["red 4", "blue 3", "green 1"]})
    m.push(lb.TakeResources("iron"))                 # red, first
    m.push(lb.TakeResources("gold"))                 # blue, second; green gets nothing
    s = m.state
    assert ("green", "1", False) in s.crews[LIBRARY]
    assert "4" in s.hands[0] and "3" in s.hands[1]


def test_lb_tunnel_reward_advancing_is_a_reward_and_may_be_refused() -> None:
    # Red refuses the location reward but advances: not a straggler.
    m = start(players=2, phase="lightsout", tunnels={1: "single"},
              crews={1: ["red seeker", "blue 4"]}, stacks={"Stair": ["Scroll", "Bribe"]})
    m.push(lb.Decline())                              # blue refuses its reward
    m.push(lb.Decline())                              # red refuses its reward
    m.push(lb.Step("Stair"))
    m.push(lb.TakeLoot("Scroll", star=True))
    assert ("red", "seeker", False) not in m.state.crews[8]
    assert ("blue", "4", False) in m.state.crews[8]
    # Refusing the advance too: red is a straggler.
    m = start(players=2, phase="lightsout", tunnels={1: "single"},
              crews={1: ["red seeker", "blue 4"]})
    m.push(lb.Decline())
    m.push(lb.Decline())
    events = m.push(lb.Stop())
    assert ids(kinds(events, "stop")) == ["LB-tunnel-reward"]
    assert ("red", "seeker", False) in m.state.crews[8]


def test_lb_R4_strength_ties_by_seat_order_from_the_first_player() -> None:
    events: list = []
    start(players=4, phase="lightsout", first="green",
          crews={1: ["red 3", "blue 3", "green 3", "yellow 3"]}, events=events)
    rank = next(e for e in events if e.kind == "strengths")
    assert [c for c, _ in rank.data["strengths"]] == ["green", "yellow", "red", "blue"]
    assert rank.rule.id == "LB-R4"


def test_lb_R8_ranked_rewards_stragglers_and_library_tomes() -> None:
    m = start(players=3, phase="lightsout",
              crews={1: ["red 4", "blue 3", "green 1"], 7: ["green 2"]}, display=())
    assert m.to_move == "red"
    assert m.legal() == (*(lb.TakeResources(k) for k in lb.Config().resources), lb.Decline())
    m.push(lb.TakeResources("iron"))
    assert m.state.top.n == 1 and m.to_move == "blue"       # second place: 1 resource
    events = list(m.push(lb.TakeResources("gold")))
    # Green earned nothing at 1; at 7 (nothing to craft: LB-R41) also nothing.
    events += drive(m, greedy, until=lambda m: m.state.top.kind == lb.K.TOME_DRAW)
    library = kinds(events, "library")
    assert ids(library) == ["LB-R8"] and library[0].data["stragglers"] == ("green",)
    assert m.state.top.who == "green"
    m.push(lb.Draw("Tome of Might"))
    assert m.state.tomes[2] == ("Tome of Might",)
    assert not m.state.crews[8]                                # all went home


def test_lb_R13_tome_adds_two_strength_before_the_comparison() -> None:
    events: list = []
    m = start(players=2, phase="lightsout", crews={1: ["red 2", "blue 3"]},
              tomes={"red": ["Tome of Might"]}, events=events)
    assert m.state.top.kind == lb.K.TOME and m.to_move == "red"
    assert m.legal() == (lb.PlayTome("Tome of Might"), lb.Pass())
    events = m.push(lb.PlayTome("Tome of Might"))
    rank = next(e for e in events if e.kind == "strengths")
    assert rank.data["strengths"] == (("red", 4), ("blue", 3))
    assert m.state.tome_discard == (1, 0) and m.state.tomes[0] == ()


def test_lb_R19_no_pass_down_when_the_named_seeker_cannot_or_will_not_move() -> None:
    # Red (strongest seeker) is on TOMB: blue's seeker may not advance instead.
    events: list = []
    m = start(players=2, phase="lightsout", tunnels={1: "single"},
              lanterns={"red": "TOMB"}, crews={1: ["red seeker", "red 4", "blue seeker"]},
              events=events)
    events += drive(m, refuse, until=lambda m: m.state.phase == "lightsout"
                    and not m.state.crews[1])
    assert m.state.lantern("blue") == lb.ENTRANCE
    assert "LB-finished-seeker" in ids(events)
    # Red cannot pay for any path: blocked, no one advances, and blue is a straggler.
    m = start(players=2, phase="lightsout", tunnels={1: "single"},
              lanterns={"red": "Outflow"}, resources={"red": {"potion": 0}},
              crews={1: ["red seeker", "red 4", "blue seeker"]})
    m.push(lb.Decline())
    m.push(lb.Decline())
    assert m.state.lantern("red") == "Outflow"          # Culvert is free: red may step
    m = start(players=2, phase="lightsout", tunnels={1: "single"},
              lanterns={"red": "Crossroads"},
              resources={"red": {"gold": 0, "scrap": 0}},
              crews={1: ["red seeker", "red 4", "blue seeker"]})
    assert m.legal()[0] == lb.TakeResources("scrap")
    m.push(lb.Decline())
    events = m.push(lb.Decline())
    assert m.state.top.kind == lb.K.STEP                # the free Chapel path remains
    events = m.push(lb.Stop())                          # red refuses: no pass-down
    assert m.state.lantern("blue") == lb.ENTRANCE
    assert ("red", "seeker", False) in m.state.crews[8]   # not moving is no reward
    m = start(players=2, phase="lightsout", tunnels={1: "single"},
              lanterns={"red": "Stair"}, resources={"red": {"iron": 0}},
              crews={1: ["red seeker", "red 4", "blue seeker"]},
              config=lb.Config(catacombs=_blocked_map()))
    m.push(lb.Decline())
    events = m.push(lb.Decline())
    assert "LB-R19" in ids(events)
    assert m.state.lantern("blue") == lb.ENTRANCE


def _blocked_map() -> lb.CatacombMap:
    """The default map with the free path out of Stair made costly (iron)."""
    paths = tuple(lb.Path(p.start, p.to, (("iron", 1),)) if (p.start, p.to) == ("Stair",
                  "Ossuary") else p for p in lb.DEFAULT_MAP.paths)
    return lb.CatacombMap(lb.DEFAULT_MAP.spaces, paths)


def test_lb_R28_tunnels_resolve_location_by_location() -> None:
    # Red wins the tunnel at 1, blue the one at 2: red reaches the shared Stair stack first.
    m = start(players=2, phase="lightsout", tunnels={1: "single", 2: "double"},
              crews={1: ["red seeker"], 2: ["blue seeker"]},
              stacks={"Stair": ["Passage", "Scroll"]})
    m.push(lb.Decline())
    m.push(lb.Step("Stair"))
    assert m.state.top.kind == lb.K.LOOT and m.to_move == "red"
    m.push(lb.TakeLoot("Passage", star=True))
    m.push(lb.Decline())
    m.push(lb.Step("Stair"))
    assert m.legal() == (lb.TakeLoot("Scroll"), lb.TakeLoot("Scroll", star=True))


def test_lb_R44_one_tome_per_player_in_seat_order_played_tomes_discarded() -> None:
    m = start(players=3, phase="lightsout", first="blue",
              crews={1: ["red 3", "blue 1", "green 4"]},
              tomes={"red": ["Tome of Might", "Tome of Might"], "blue": ["Tome of Legends"]})
    assert m.to_move == "blue"                       # seat order from the first player
    m.push(lb.PlayTome("Tome of Legends"))
    assert m.to_move == "red"                        # green is strongest and has no tome
    m.push(lb.PlayTome("Tome of Might"))
    assert m.state.top.kind == lb.K.REWARD           # one tome each: red is not asked again
    assert m.state.tomes[0] == ("Tome of Might",)
    assert m.state.tome_discard == (1, 1)
    with pytest.raises(IllegalAction):
        m.push(lb.PlayTome("Tome of Might"))


def test_lb_R41_steps_with_nothing_to_decide_are_skipped() -> None:
    # No goon on location 2: the recruit reward is skipped with an event, not offered.
    events: list = []
    m = start(players=2, phase="lightsout", crews={2: ["red 3"]}, events=events)
    m.push(lb.TakeResources("iron"))
    skipped = [e for e in m.last_events if e.kind == "skip_reward"]
    assert ids(skipped) == ["LB-R41"]
    # A tome cannot matter to a player alone at a location: no window.
    m = start(players=2, phase="lightsout", crews={1: ["red 1"]}, tomes={"red": ["Tome of Might"]})
    assert m.state.top.kind == lb.K.REWARD
    # Forced pass: no decision is asked of a player with one token (see LB-rollcall-pass).
    m = start(players=2, crews={1: ["red 1", "red 2", "red 2", "red 3", "red 3", "red 4"]},
              turn="red")
    assert m.to_move == "blue" and m.state.crews[0] == (("red", "seeker", True),)
