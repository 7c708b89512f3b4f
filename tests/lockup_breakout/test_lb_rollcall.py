"""Roll Call: the seeker, the limit of six, the forced pass onto the legend card and the
face-down allowance (LB-rollcall-*, LB-solo-rollcall, LB-R7, LB-R30)."""

from __future__ import annotations

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.errors import ConfigError, IllegalAction

from .conftest import drive, greedy, ids, start


def test_lb_flow_a_round_is_roll_call_lights_out_patrol() -> None:
    match = lb.play(players=3, seed=11)
    order = []
    for e in match.events:
        key = (e.round, e.phase)
        if e.round and (not order or order[-1] != key):
            order.append(key)
    expected = []
    for r in range(1, 7):
        expected += [(r, "rollcall"), (r, "lightsout")]
        expected.append((r, "patrol") if r < 6 else (6, "final"))
    assert order == expected
    assert ids([e for e in match.events if e.kind == "round"]) == ["LB-flow"] * 6


def test_lb_rollcall_seeker_is_a_seventh_token_of_strength_one_earning_rewards() -> None:
    events: list = []
    m = start(players=2, phase="lightsout", crews={1: ["red seeker"], 2: ["blue 1"]},
              events=events)
    # Alone at location 1, the seeker (strength 1) wins its reward.
    strengths = [e for e in events if e.kind == "strengths"]
    assert strengths[0].data["strengths"] == (("red", 1),)
    assert m.state.top.kind == lb.K.REWARD and m.to_move == "red"
    m.push(lb.TakeResources("gold"))
    assert m.state.resources[0][3] == 1 + 2          # the starting gold and the reward
    assert lb.Assign("seeker", 3) in lb.RULES.legal(lb.position(players=2))


def test_lb_rollcall_limit_six_on_the_board_one_stays_back() -> None:
    m = lb.new_match(4, seed=3)
    drive(m, greedy, until=lambda m: m.state.phase == "lightsout")
    s = m.state
    for colour in s.setup.colours:
        board = sum(1 for loc in range(1, 8) for c, _, _ in s.crews[loc] if c == colour)
        legend = [c for c, _, _ in s.crews[0]].count(colour)
        assert (board, legend) in ((6, 1), (0, 1)) or board <= 6
    with pytest.raises(ConfigError, match="LB-rollcall-limit"):
        lb.position(players=2, crews={1: ["red 1", "red 2", "red 2", "red 3", "red 3", "red 4",
                                          "red seeker"]})


def test_lb_rollcall_pass_last_token_goes_face_down_on_the_legend() -> None:
    m = start(players=2, crews={1: ["red 1", "red 2", "red 2", "red 3", "red 3"]}, turn="red")
    assert m.state.hands[0] == ("4", "seeker")
    events = m.push(lb.Assign("4", 2))
    passed = [e for e in events if e.kind == "legend_token"]
    # Red has one token left: at red's next turn it passes (blue plays in between).
    assert not passed and m.to_move == "blue"
    events = m.push(lb.Assign("1", 3))
    passed = [e for e in events if e.kind == "legend_token"]
    assert len(passed) == 1 and passed[0].who == "red"
    assert passed[0].rule.id == "LB-rollcall-pass"
    assert m.state.crews[0] == (("red", "seeker", True),)
    assert m.state.hands[0] == ()
    # The legend token is secret: blue reads no identity, red does.
    assert "seeker" not in passed[0].text_for("blue")
    assert "seeker" in passed[0].text_for("red")
    assert m.to_move == "blue"


def test_lb_rollcall_facedown_legend_token_not_counted() -> None:
    """Worked example: 3–5 players: a third face-down board token is illegal while the
    legend token is accepted; 2 players: the fourth."""
    for players, allowance in ((3, 2), (4, 2), (5, 2), (2, 3)):
        down = [f"red {t}*" for t in ("1", "2", "3")[:allowance]]
        up = [f"red {t}" for t in ("2", "3", "4")[: 5 - allowance]]
        m = start(players=players, crews={1: down, 2: up}, turn="red")
        assert m.state.face_down[0] == allowance
        legal = m.legal()
        assert legal and not any(c.face_down for c in legal)
        token = legal[0].token
        with pytest.raises(IllegalAction, match="LB-R7"):
            m.push(lb.Assign(token, 3, face_down=True))
        m.push(lb.Assign(token, 3))
        while m.state.hands[0]:
            m.push(m.legal()[0])
        mine = [(loc, fd) for loc, entries in enumerate(m.state.crews)
                for c, _, fd in entries if c == "red"]
        assert sum(fd for loc, fd in mine if loc) == allowance      # board
        assert (0, True) in mine                                    # + the legend token
        assert lb.RULES.invariants(m.state) == []


def test_lb_rollcall_legend_only_by_the_forced_pass() -> None:
    m = lb.new_match(3, seed=2)
    drive(m, greedy, until=lambda m: m.state.phase == "rollcall")
    assert all(c.location in range(1, 8) for c in m.legal())
    with pytest.raises(IllegalAction):
        m.push(lb.Assign("2", 0))
    with pytest.raises(IllegalAction):
        m.push(lb.Assign("2", 8))


def test_lb_solo_rollcall_an_eighth_guard_card_goes_on_the_legend() -> None:
    m = lb.new_match(1, seed=5, difficulty="yellow")
    events = drive(m, greedy, until=lambda m: m.state.phase == "lightsout")
    deal = [e for e in events if e.kind == "guards_deal"]
    assert ids(deal) == ["LB-solo-rollcall"]
    # Dealt face down: no guard card is known until Lights Out turns it up.
    assert m.state.guard_cards == ("",) * 8
    events = drive(m, greedy, until=lambda m: m.state.phase == "patrol")
    revealed = [e.data["location"] for e in events if e.kind == "guard_card"]
    assert revealed == [1, 2, 3, 4, 5, 6, 7, 0]       # the legend card's last


def test_lb_R7_one_token_per_turn_clockwise_sharing_allowed_no_voluntary_pass() -> None:
    m = lb.new_match(3, seed=1)
    drive(m, greedy, until=lambda m: m.state.phase == "rollcall")
    movers = []
    for _ in range(6):
        movers.append(m.to_move)
        m.push(lb.Assign(m.legal()[0].token, 5))     # everyone to location 5
    assert movers == ["red", "blue", "green"] * 2
    assert len(m.state.crews[5]) == 6
    assert not any(isinstance(c, lb.Pass) for c in m.legal())
    with pytest.raises(IllegalAction):
        m.push(lb.Pass())
    solo = start(players=1, difficulty="green", crews={1: ["red 1*", "red 2*"]})
    assert any(c.face_down for c in solo.legal())         # a third is allowed in solitary
    solo.push(lb.Assign("3", 2, True))
    assert not any(c.face_down for c in solo.legal())


def test_lb_R30_seeker_on_the_legend_counts_one_and_nothing_more() -> None:
    m = start(players=2, phase="lightsout", legend="The Drowned King",
              legend_tokens={"red": "seeker", "blue": "1"}, crews={7: ["blue 4"]})
    more = drive(m, greedy, until=lambda m: m.state.phase == "patrol")
    assert "LB-R30" in ids(more)
    strengths = next(e for e in more if e.kind == "strengths" and e.data["location"] == 0)
    assert strengths.data["strengths"] == (("red", 1), ("blue", 1))
    # Tie 1–1: red sits first, so red is strongest (LB-R4) and blue takes the penalty.
    assert m.state.lantern("red") == lb.ENTRANCE
    assert m.state.total_stars("red") == 3
