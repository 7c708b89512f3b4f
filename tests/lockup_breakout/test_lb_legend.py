"""The legend card and the Patrol phase (LB-legend-*, LB-solo-legend, LB-patrol,
LB-solo-patrol, LB-R16, R31, R40, R45)."""

from __future__ import annotations

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.errors import IllegalAction

from .conftest import drive, greedy, ids, kinds, refuse, start


def _at_legend(**kw):
    """Lights Out with nothing on the board: the legend card resolves at once."""
    events: list = []
    kw.setdefault("players", 3)
    m = start(phase="lightsout", events=events, **kw)
    return m, events


def test_lb_legend_resolves_after_every_location_and_the_library() -> None:
    m = lb.new_match(3, seed=4)
    events = drive(m, greedy, until=lambda m: m.state.phase == "patrol")
    kinds_seq = [e.kind for e in events if e.kind in ("reveal", "library", "legend_reveal")]
    assert kinds_seq.index("legend_reveal") == len(kinds_seq) - 1
    assert "LB-legend" in ids(events)


def test_lb_legend_reveal_tokens_turned_up_ties_by_seat_order() -> None:
    m, events = _at_legend(legend="The Drowned King", first="blue",
                           legend_tokens={"red": "3", "blue": "2", "green": "3"})
    reveal = kinds(events, "legend_reveal")[0]
    assert all(not fd for _, _, fd in reveal.data["crews"])
    rank = [e for e in events if e.kind == "strengths" and e.data["location"] == 0][0]
    assert rank.rule.id == "LB-legend-reveal"
    # Green and red tie on 3: from blue, green sits before red.
    assert [c for c, _ in rank.data["strengths"]] == ["green", "red", "blue"]
    assert m.to_move == "green" and m.state.top.kind == lb.K.REWARD


def test_lb_legend_effect_reward_to_the_strongest_penalty_to_the_weakest() -> None:
    m, events = _at_legend(legend="The Drowned King", stars={"blue": 4},
                           legend_tokens={"red": "4", "blue": "1", "green": "2"})
    m.push(lb.Take())
    assert m.state.total_stars("red") == 3
    assert m.state.total_stars("blue") == 3            # 4 − 1
    assert m.state.stars[1][4] == -1                    # the legend source


def test_lb_legend_tomes_only_tomes_marked_for_the_legend() -> None:
    m, _ = _at_legend(legend="The Drowned King",
                      legend_tokens={"red": "1", "blue": "3", "green": "2"},
                      tomes={"red": ["Tome of Might", "Tome of Legends"],
                             "green": ["Tome of Might"]})
    assert m.state.top.kind == lb.K.TOME and m.to_move == "red"
    assert m.legal() == (lb.PlayTome("Tome of Legends"), lb.Pass())
    with pytest.raises(IllegalAction, match="LB-legend-tomes"):
        m.push(lb.PlayTome("Tome of Might"))
    events = m.push(lb.PlayTome("Tome of Legends"))
    rank = [e for e in events if e.kind == "strengths"][0]
    assert rank.data["strengths"][0] == ("red", 3)      # 1 + 2, ties blue: red sits first
    # Green holds only a location tome: it is never asked.
    assert m.to_move == "red" and m.state.top.kind == lb.K.REWARD


def test_lb_legend_return_every_legend_token_goes_home() -> None:
    m, _ = _at_legend(legend="The Pale Gaoler",
                      legend_tokens={"red": "1", "blue": "3", "green": "2"})
    assert m.state.phase == "patrol" or m.state.round == 1
    assert m.state.crews[0] == ()
    assert all(len(h) == 7 for h in m.state.hands)


def test_lb_solo_legend_guard_rewards_are_two_stars_player_chooses_their_penalty() -> None:
    m, _ = _at_legend(players=1, difficulty="red", legend="The Lamp Keeper",
                      legend_tokens={"red": "1"})
    events = _deal(m, "red 6 seeker")                     # the eighth guard card
    reward = [e for e in events if e.kind == "guard_reward" and e.rule.id == "LB-solo-legend"]
    assert len(reward) == 1 and m.state.stars[1][4] == 2
    assert m.state.lantern("guards") == lb.ENTRANCE      # no advance: 2 stars instead
    m, _ = _at_legend(players=1, difficulty="red", legend="The Miser Ghost",
                      legend_tokens={"red": "4"})
    _deal(m, "red 2")
    m.push(lb.TakeResources("iron"))                    # the player's reward
    # The guards are weakest: the player picks which of their resources they lose.
    assert m.state.top.kind == lb.K.PENALTY and m.to_move == "red"
    assert m.legal() == tuple(lb.Lose(k) for k in lb.Config().resources)
    before = m.state.resources[1]
    events = m.push(lb.Lose("gold"))
    assert ids(kinds(events, "lose_resource")) == ["LB-solo-legend"]
    assert m.state.resources[1] == (*before[:3], before[3] - 1)


def _deal(m, legend_card: str) -> list:
    """Turn up guard cards on locations 1–7 (the deck's first kinds), then ``legend_card``."""
    events: list = []
    for loc in range(1, 8):
        assert m.state.top.kind == lb.K.GUARD_CARD and m.state.top.loc == loc
        choice = next(c for c in m.legal() if c.card != legend_card)
        events += m.push(choice)
        while m.state.top.kind != lb.K.GUARD_CARD:    # the guards' rewards, loot …
            if m.to_move is lb.CHANCE:
                m.roll()
                events += m.last_events
            else:
                events += m.push(m.legal()[0])
    events += m.push(lb.Draw(legend_card))
    return events


def test_lb_patrol_legend_card_to_the_bottom_next_one_up() -> None:
    m = start(players=2, phase="patrol", legend="The Bone Choir",
              goon_spaces={2: "Dwarf"})
    events = drive(m, greedy, until=lambda m: m.state.phase == "rollcall",
                   chance=lambda m: lb.Draw("Imp") if m.state.top.kind == lb.K.GOON_DRAW
                   else None)
    assert m.state.legend_bottom == ("The Bone Choir",)
    assert m.state.legend != "The Bone Choir"
    assert "LB-patrol" in ids(events)
    assert m.state.goon_spaces[:2] == ("Imp", "Dwarf")


def test_lb_solo_patrol_nothing_changes_in_solitary() -> None:
    m = start(players=1, difficulty="green", phase="patrol")
    events = drive(m, greedy, until=lambda m: m.state.phase == "rollcall")
    assert "LB-solo-patrol" in ids(events)
    assert m.state.first == "red"


def test_lb_R16_legend_cards_reward_the_strongest_and_penalise_the_weakest() -> None:
    for card in lb.Config().legends:
        m, events = _at_legend(players=2, legend=card.name,
                               legend_tokens={"red": "4", "blue": "1"})
        events += drive(m, greedy, until=lambda m: m.state.phase == "patrol")
        assert bool(kinds(events, "legend_reward")) == (card.reward is not None)
        assert bool(kinds(events, "legend_penalty")) == (card.penalty is not None)
        if card.reward is not None:
            assert kinds(events, "legend_reward")[0].who == "red"
        if card.penalty is not None:
            assert kinds(events, "legend_penalty")[0].who == "blue"


def test_lb_R31_among_tied_weakest_the_later_seat_takes_the_penalty() -> None:
    m, events = _at_legend(legend="The Pale Gaoler", stars={"red": 5, "blue": 5, "green": 5},
                           legend_tokens={"red": "2", "blue": "2", "green": "4"})
    pen = kinds(events, "legend_penalty")[0]
    assert pen.who == "blue" and pen.rule.id == "LB-R31"
    assert m.state.total_stars("blue") == 3 and m.state.total_stars("red") == 5


def test_lb_R40_round_six_has_no_patrol() -> None:
    m = lb.play(players=2, seed=8)
    patrols = {e.round for e in m.events if e.phase == "patrol"}
    assert patrols == {1, 2, 3, 4, 5}
    assert ids(kinds(m.events, "no_patrol")) == ["LB-R40"]


def test_lb_R45_a_star_penalty_never_goes_below_zero() -> None:
    m, events = _at_legend(legend="The Pale Gaoler", stars={"red": 1},
                           legend_tokens={"red": "2", "blue": "4", "green": "3"})
    lose = kinds(events, "lose_stars")[0]
    assert lose.data["stars"] == 1 and lose.rule.id == "LB-R45"
    assert m.state.total_stars("red") == 0
    drive(m, refuse)
    assert min(m.scores().values()) >= 0
