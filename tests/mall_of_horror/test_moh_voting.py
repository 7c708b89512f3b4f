"""Voting: weights, ties, Threat cards, the Gunman (MoH-voting*, R7, R8, R17, R19)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.errors import IllegalAction


def _vote(match, ballots):
    """Cast the ballots in the order the match asks for them."""
    for _ in range(len(match.state.pending.order) - match.state.pending.index):
        match.push(moh.Vote(ballots[match.to_move]))


# -- Voting ----------------------------------------------------------------------------------
def test_moh_voting_one_vote_per_character_most_votes_chosen(start, rule_ids):
    match = start(characters={4: ["yellow pinup", "red pinup", "red toughguy", "blue pinup",
                                  "green pinup"]}, phase="a")
    p = match.state.pending
    assert (p.kind, p.purpose, p.location) == ("ballot", "truck", 4)
    # the players with a character at the Parking Lot vote, Chief first
    assert p.order == ("yellow", "red", "blue", "green")
    assert dict(p.weights) == {"yellow": 1, "red": 2, "blue": 1, "green": 1}
    # red's two characters make two votes; blue votes for herself
    _vote(match, {"yellow": "blue", "red": "yellow", "blue": "blue", "green": "yellow"})
    assert rule_ids(match.events, "tally") == ["MoH-R7"]
    tally = [e for e in match.events if e.kind == "tally"][0]
    assert dict(tally.data["counts"]) == {"yellow": 3, "red": 0, "blue": 2, "green": 0}
    assert match.state.pending.kind == "truck_draw"
    assert match.state.pending.chosen == "yellow"


def test_moh_voting_chosen_owner_picks_which_character(start):
    # Shop 3: red Pin-Up and Gunman (3 votes), blue Pin-Up (1); 4 zombies vs defence 3
    match = start(characters={3: ["red pinup", "red gunman", "blue pinup"],
                              6: ["yellow pinup", "yellow toughguy", "green pinup"]},
                  zombies={3: 4}, phase="f")
    assert match.state.zombies[2] == 4      # ties for most characters / Pin-Ups: no extra
    _vote(match, {"red": "red", "blue": "red"})
    assert match.state.pending.kind == "pick_victim"
    assert match.to_move == "red"
    assert set(match.legal()) == {moh.Sacrifice("pinup"), moh.Sacrifice("gunman")}
    with pytest.raises(IllegalAction):
        match.push(moh.Sacrifice("toughguy"))
    match.push(moh.Sacrifice("gunman"))
    assert match.state.where("red", "gunman") is None
    assert match.state.where("red", "pinup") == 3
    assert ("red", "gunman") in match.state.eaten


# -- Voting: ties --------------------------------------------------------------------------
def test_moh_voting_tie_second_vote_everyone_tied_colours_only(start, rule_ids):
    match = start(characters={4: ["red pinup", "blue pinup"], 6: ["yellow pinup"],
                              5: ["green gunman"]}, phase="a")
    _vote(match, {"red": "red", "blue": "blue"})
    p = match.state.pending
    assert (p.kind, p.second, p.candidates) == ("ballot", True, ("red", "blue"))
    # every player takes part; players with no character at the Parking Lot have 1 vote
    assert p.order == ("yellow", "red", "blue", "green")
    assert dict(p.weights) == {"yellow": 1, "red": 1, "blue": 1, "green": 1}
    assert rule_ids(match.events, "second_vote") == ["MoH-voting-tie"]
    with pytest.raises(IllegalAction, match="MoH-R8"):
        match.push(moh.Vote("yellow"))         # only tied colours may be voted for
    _vote(match, {"yellow": "blue", "red": "red", "blue": "blue", "green": "blue"})
    assert match.state.pending.kind == "truck_draw"
    assert match.state.pending.chosen == "blue"


def test_moh_R8_second_tie_at_the_truck_no_one_searches(start, rule_ids):
    match = start(characters={4: ["red pinup", "blue pinup"], 6: ["yellow pinup"],
                              1: ["green gunman"]}, phase="a")
    before = match.state
    _vote(match, {"red": "red", "blue": "blue"})
    _vote(match, {"yellow": "red", "red": "red", "blue": "blue", "green": "blue"})
    assert rule_ids(match.events, "no_result") == ["MoH-R8"]
    state = match.state
    assert state.phase == "c" and state.pending.kind == "arrival_roll"
    assert state.hands == before.hands and state.deck == before.deck
    assert not any(e.kind in ("searcher", "truck") for e in match.events)


def test_moh_R8_second_tie_for_chief_no_one_elected_previous_chief_stays(start, rule_ids):
    match = start(characters={5: ["red pinup", "blue pinup"], 6: ["yellow pinup"],
                              1: ["green gunman"]}, chief="green", phase="b")
    _vote(match, {"red": "red", "blue": "blue"})
    assert match.state.pending.order == ("green", "yellow", "red", "blue")
    _vote(match, {"green": "red", "yellow": "blue", "red": "red", "blue": "blue"})
    assert rule_ids(match.events, "no_result") == ["MoH-R8"]
    assert (match.state.chief, match.state.chief_elected) == ("green", False)
    match.push(moh.Dice((1, 3, 5, 6)))
    # the carried-over Chief may not look at the roll
    assert match.state.lookers == ()
    assert moh.RULES.observe(match.state, "green").roll is None


def test_moh_R8_second_tie_at_a_sacrifice_is_chance_among_tied(start, rule_ids):
    # three players, three lone Pin-Ups at Shop 3; 2 zombies + 1 for the most Pin-Ups
    match = start(players=3, characters={3: ["yellow pinup", "red pinup", "blue pinup"],
                                         6: ["yellow girl", "red girl", "blue girl"]},
                  zombies={3: 2}, phase="f")
    assert match.state.zombies[2] == 3
    _vote(match, {"yellow": "yellow", "red": "red", "blue": "blue"})
    assert match.state.pending.second
    _vote(match, {"yellow": "yellow", "red": "red", "blue": "blue"})
    assert match.state.pending.kind == "tiebreak"
    assert match.to_move is moh.CHANCE
    third = Fraction(1, 3)
    assert match.outcomes() == ((moh.TieBreak("yellow"), third), (moh.TieBreak("red"), third),
                                (moh.TieBreak("blue"), third))
    with pytest.raises(IllegalAction, match="MoH-R8"):
        match.push(moh.TieBreak("green"))
    events = match.push(moh.TieBreak("red"))
    assert [(e.kind, e.rule.id) for e in events][:2] == [("tiebreak", "MoH-R8"),
                                                          ("chosen", "MoH-f")]
    assert match.state.eaten[-1] == ("red", "pinup")
    assert match.state.zombies[2] == 0


def test_moh_R8_tie_break_two_way_is_one_half(start):
    match = start(characters={3: ["red pinup", "blue pinup"],
                              6: ["yellow pinup", "green pinup"]},
                  zombies={3: 2}, phase="f")
    _vote(match, {"red": "red", "blue": "blue"})
    _vote(match, {"yellow": "red", "red": "red", "blue": "blue", "green": "blue"})
    assert match.outcomes() == ((moh.TieBreak("red"), Fraction(1, 2)),
                                (moh.TieBreak("blue"), Fraction(1, 2)))


def test_moh_R8_second_vote_keeps_first_vote_weights_others_one(start):
    match = start(characters={4: ["red pinup", "red gunman", "blue pinup", "blue toughguy",
                                  "blue gunman"], 6: ["yellow pinup"], 1: ["green pinup"]},
                  phase="a")
    assert dict(match.state.pending.weights) == {"red": 3, "blue": 4}
    _vote(match, {"red": "blue", "blue": "red"})
    # blue's 4 votes went to red, red's 3 to blue: red is chosen at once
    assert match.state.pending.chosen == "red"
    match = start(characters={4: ["red pinup", "red gunman", "blue pinup", "blue gunman"],
                              6: ["yellow pinup"], 1: ["green pinup"]}, phase="a")
    _vote(match, {"red": "red", "blue": "blue"})
    assert dict(match.state.pending.weights) == {"yellow": 1, "red": 3, "blue": 3, "green": 1}


# -- Threat cards ------------------------------------------------------------------------------
def test_moh_voting_threat_cards_in_turn_order_one_vote_each(start, rule_ids):
    match = start(characters={4: ["red pinup", "blue pinup", "blue toughguy"],
                              6: ["yellow pinup"], 1: ["green pinup"]},
                  hands={"red": ["threat", "threat"], "blue": ["threat"],
                         "green": ["camera"]}, chief="blue", phase="a")
    p = match.state.pending
    # turn order from the Chief (blue); only voters at the Parking Lot are asked
    assert (p.kind, p.order) == ("window", ("blue", "red"))
    assert set(match.legal()) == {moh.PlayCard("threat", 4), moh.Pass()}
    match.push(moh.Pass())
    assert match.to_move == "red"
    match.push(moh.PlayCard("threat", 4))
    assert match.to_move == "red"                       # several Threats in one vote
    match.push(moh.PlayCard("threat", 4))
    p = match.state.pending
    assert p.kind == "ballot" and dict(p.weights) == {"blue": 2, "red": 3}
    assert rule_ids(match.events, "card") == ["MoH-voting-threat"] * 2
    assert match.state.hand("red") == ()
    assert match.state.hand("blue") == ("threat",)
    assert dict(zip(moh.CARDS, match.state.discard, strict=True))["threat"] == 2
    _vote(match, {"blue": "blue", "red": "red"})
    assert match.state.pending.chosen == "red"


def test_moh_voting_threat_only_offered_to_the_voters(start):
    match = start(characters={4: ["red pinup", "blue pinup"], 6: ["green pinup"],
                              1: ["yellow pinup"]},
                  hands={"red": ["threat"], "green": ["threat", "threat"]}, phase="a")
    p = match.state.pending
    assert (p.kind, p.order) == ("window", ("red",))      # green is not at the Parking Lot
    match.push(moh.Pass())
    assert match.state.pending.kind == "ballot"
    assert dict(match.state.pending.weights) == {"red": 1, "blue": 1}
    assert match.state.hand("red") == ("threat",)


# -- The Gunman --------------------------------------------------------------------------------
def test_moh_voting_gunman_extra_vote(start):
    match = start(characters={4: ["red gunman", "blue pinup"], 6: ["yellow pinup"],
                              1: ["green pinup"]}, phase="a")
    assert dict(match.state.pending.weights) == {"red": 2, "blue": 1}
    _vote(match, {"red": "red", "blue": "blue"})
    assert match.state.pending.chosen == "red"          # 2 to 1, no tie
    match = start(characters={5: ["red gunman", "red pinup", "blue pinup"],
                              6: ["yellow pinup"], 1: ["green pinup"]}, phase="b")
    assert dict(match.state.pending.weights) == {"red": 3, "blue": 1}


def test_moh_R7_weights_hidden_gunman_threats_and_eligible_colours(start):
    # Shop 3: red Gunman + Pin-Up, blue Pin-Up + Tough Guy; 6 zombies vs defence 5
    match = start(characters={3: ["red gunman", "red pinup", "blue pinup", "blue toughguy"],
                              6: ["yellow pinup", "yellow gunman", "green pinup",
                                  "green toughguy"]},
                  zombies={3: 6}, hands={"red": ["hidden", "threat"], "blue": ["hidden"]},
                  phase="f")
    assert match.state.pending.order == ("red", "blue")
    match.push(moh.PlayCard("hidden", 3, "gunman"))
    match.push(moh.PlayCard("threat", 3))
    match.push(moh.PlayCard("hidden", 3, "pinup"))
    p = match.state.pending
    assert p.kind == "ballot"
    # red: Pin-Up 1 + Threat 1 (the hidden Gunman gives neither his vote nor his bonus);
    # blue: Tough Guy 1
    assert dict(p.weights) == {"red": 2, "blue": 1}
    assert p.candidates == ("red", "blue")
    match.push(moh.Vote("blue"))
    match.push(moh.Vote("blue"))
    # blue is chosen: only the visible Tough Guy can be eaten, so no choice is asked
    assert ("blue", "toughguy") in match.state.eaten
    assert match.state.where("blue", "pinup") == 3


def test_moh_R7_a_colour_with_only_hidden_characters_cannot_be_voted_for(start):
    match = start(characters={3: ["red pinup", "blue pinup", "green pinup"],
                              6: ["yellow pinup", "yellow toughguy", "red toughguy"]},
                  zombies={3: 3}, hands={"red": ["hidden"]}, phase="f")
    match.push(moh.PlayCard("hidden", 3, "pinup"))
    assert match.state.pending.candidates == ("blue", "green")
    with pytest.raises(IllegalAction, match="MoH-R7"):
        match.push(moh.Vote("red"))


# -- Rulings R17 and R19 ------------------------------------------------------------------
def test_moh_R17_all_hidden_player_skips_the_second_vote(start):
    match = start(characters={3: ["yellow pinup", "red pinup", "blue pinup"],
                              6: ["yellow toughguy", "red toughguy", "green pinup"]},
                  zombies={3: 2}, hands={"red": ["hidden"]}, phase="f")
    assert match.state.zombies[2] == 3
    match.push(moh.PlayCard("hidden", 3, "pinup"))
    _vote(match, {"yellow": "yellow", "blue": "blue"})
    p = match.state.pending
    assert p.second and p.candidates == ("yellow", "blue")
    assert p.order == ("yellow", "blue", "green")        # red hides: no vote
    assert dict(p.weights) == {"yellow": 1, "blue": 1, "green": 1}


def test_moh_R19_single_colour_vote_is_forced_without_a_threat_window(start):
    # only red stands at the Parking Lot: red searches, no ballot and no Threat window
    match = start(characters={4: ["red pinup", "red toughguy"], 6: ["yellow pinup"],
                              1: ["green pinup", "blue pinup"]},
                  hands={"red": ["threat"]}, phase="a")
    p = match.state.pending
    assert (p.kind, p.chosen, p.n) == ("truck_draw", "red", 3)
    assert match.state.hand("red") == ("threat",)


def test_moh_R19_forced_vote_event_and_no_card_window(start, rule_ids):
    # phase f): only red at Shop 3 with nothing to play: red is chosen without a vote
    state = moh.position(characters={1: ["yellow gunman"], 3: ["red pinup", "red gunman"],
                                      6: ["yellow pinup", "blue pinup", "green toughguy"]},
                         zombies={1: 1, 3: 2}, hands={"yellow": ["weapon1"]}, phase="f")
    match = moh.new_match(start=state)
    assert match.state.pending.order == ("yellow",)       # only yellow has a card to play
    match.push(moh.PlayCard("weapon1", 1))
    assert rule_ids(match.events, "forced_vote") == ["MoH-R19"]
    assert match.state.pending.kind == "pick_victim" and match.to_move == "red"
    assert not any(e.kind == "ballot" for e in match.events)
