"""Eliminated players, the end of the game, scores, and what each player may see
(MoH-eliminated, MoH-end, R15, R16; MoH-c/R10 for the roll in views)."""

from __future__ import annotations

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.errors import IllegalAction


def _vote(match, ballots):
    for _ in range(len(match.state.pending.order) - match.state.pending.index):
        match.push(moh.Vote(ballots[match.to_move]))


# -- Eliminated players ----------------------------------------------------------------------
def test_moh_eliminated_player_votes_in_second_votes_with_one_vote(start, rule_ids):
    match = start(characters={4: ["red pinup", "blue pinup"], 6: ["yellow pinup",
                                                                  "yellow toughguy"]},
                  eliminated={"green": 1}, phase="a")
    assert match.state.pending.order == ("red", "blue")      # first vote: only those there
    _vote(match, {"red": "red", "blue": "blue"})
    p = match.state.pending
    assert p.second and p.order == ("yellow", "red", "blue", "green")
    assert dict(p.weights)["green"] == 1
    # without green's vote blue would win 2-1; green makes it a tie: no one searches
    _vote(match, {"yellow": "blue", "red": "red", "blue": "blue", "green": "red"})
    assert rule_ids(match.events, "no_result") == ["MoH-R8"]
    tally = [e for e in match.events if e.kind == "tally"][-1]
    assert dict(tally.data["counts"]) == {"red": 2, "blue": 2}


def test_moh_eliminated_when_last_character_eaten_drops_zombie_next_round(start, rule_ids):
    match = start(characters={3: ["green pinup", "red pinup"], 5: ["red toughguy"],
                              6: ["yellow pinup", "yellow toughguy", "blue pinup",
                                  "blue toughguy"]},
                  zombies={3: 2}, phase="f")
    _vote(match, {"red": "green", "green": "green"})
    assert rule_ids(match.events, "eliminated") == ["MoH-eliminated"]
    assert match.state.eliminated == (("green", 1),)
    # round 2: red, alone in the Security Room, is elected; then the roll and destinations
    assert match.state.round == 2 and match.state.chief == "red"
    match.push(moh.Dice((2, 2, 2, 2)))
    assert match.state.pending.order == ("red", "blue", "yellow")   # green has no one
    for dest in (3, 3, 3):
        match.push(moh.Destination(dest))
    p = match.state.pending
    assert (p.kind, p.order) == ("zombie_drop", ("green",))
    assert set(match.legal()) == {moh.PlaceZombie(loc) for loc in (1, 3, 4, 5, 6)}
    events = match.push(moh.PlaceZombie(1))
    assert rule_ids(events, "zombie_drop") == ["MoH-R15"]
    assert match.state.zombies[0] == 1
    assert match.state.pending.kind == "move"


@pytest.mark.parametrize(("eliminated_in", "drops"), [(2, False), (1, True)])
def test_moh_R15_zombie_drop_only_from_the_round_after_elimination(start, eliminated_in,
                                                                  drops):
    match = start(characters={3: ["red pinup"], 5: ["blue pinup"], 6: ["yellow pinup"],
                              1: ["red toughguy"]},
                  eliminated={"green": eliminated_in}, round=2, phase="d",
                  roll=(2, 2, 2, 2))  # dice on the closed 2 (MoH-R3): phase e) needs no draw
    for dest in (3, 6, 6):
        match.push(moh.Destination(dest))
    assert match.state.pending.kind == ("zombie_drop" if drops else "move")


def test_moh_R15_every_eliminated_player_drops_in_turn_order(start):
    match = start(players=5, characters={3: ["red pinup"], 5: ["blue pinup"],
                                         6: ["yellow pinup", "red toughguy"]},
                  eliminated={"green": 1, "brown": 1}, chief="brown", round=3, phase="d")
    assert match.state.pending.order == ("yellow", "red", "blue")
    for dest in (3, 6, 6):
        match.push(moh.Destination(dest))
    assert match.state.pending.order == ("brown", "green")
    match.push(moh.PlaceZombie(2))            # 5 players: location 2 is open
    match.push(moh.PlaceZombie(2))
    assert match.state.zombies[1] == 2


# -- End of Game ----------------------------------------------------------------------------
def test_moh_end_only_four_characters_left(start, rule_ids):
    match = start(characters={3: ["red pinup", "blue pinup"],
                              6: ["yellow pinup", "green toughguy", "green gunman"]},
                  zombies={3: 2}, phase="f")
    _vote(match, {"red": "blue", "blue": "blue"})
    assert match.is_over and match.to_move is None
    assert match.state.phase == "over"
    over = [e for e in match.events if e.kind == "game_over"]
    assert [e.rule.id for e in over] == ["MoH-end"]
    assert dict(over[0].data["scores"]) == {"yellow": 7, "red": 7, "blue": 0, "green": 8}
    assert match.scores() == {"yellow": 7, "red": 7, "blue": 0, "green": 8}
    assert moh.winners(match.state) == ("green",)
    before, ply = match.state, match.ply
    with pytest.raises(IllegalAction, match="MoH-end"):
        match.push(moh.Pass())
    assert match.state is before and match.ply == ply


@pytest.mark.parametrize(("players", "alive", "over"), [(6, 6, True), (6, 7, False),
                                                        (5, 5, False), (5, 4, True)])
def test_moh_end_six_survivors_with_six_players_else_four(players, alive, over):
    pool = ["yellow pinup", "red pinup", "blue pinup", "green pinup", "brown pinup",
            "black pinup", "yellow toughguy"]
    pool = [c for c in pool if c.split()[0] in moh.COLOURS[:players]]
    chars = pool[:alive]
    # spread over two shops so no other end condition applies, no zombies anywhere
    state = moh.position(players=players, characters={3: chars[:3], 6: chars[3:]},
                         phase="f")
    assert state.is_over is over


def test_moh_end_all_survivors_at_one_location_but_not_the_parking_lot(start):
    everyone = ["yellow toughguy", "yellow gunman", "red toughguy", "red gunman",
                "blue gunman", "green gunman"]
    state = moh.position(characters={6: everyone}, phase="f")
    assert state.is_over                     # one extra zombie cannot get in: all at 6
    assert state.zombies[5] == 1
    match = start(characters={4: [*everyone, "blue toughguy"]}, phase="f")
    # all at the Parking Lot: the extra zombie eats one, and the game goes on
    _vote(match, {"yellow": "blue", "red": "blue", "blue": "red", "green": "blue"})
    match.push(moh.Sacrifice("toughguy"))
    assert len(match.state.chars) == 6
    assert not match.is_over and match.state.round == 2


def test_moh_end_tie_on_points_goes_to_most_cards_in_hand():
    chars = {6: ["yellow pinup", "red pinup", "blue toughguy"], 1: ["green gunman"]}
    state = moh.position(characters=chars, hands={"yellow": ["threat"],
                                                  "red": ["sprint", "camera"]}, phase="f")
    assert state.is_over
    assert moh.RULES.scores(state) == {"yellow": 7, "red": 7, "blue": 5, "green": 3}
    assert moh.winners(state) == ("red",)
    # cards only break ties: more points beat more cards
    richer = moh.position(characters={6: ["yellow pinup", "red toughguy", "blue toughguy"],
                                      1: ["green gunman"]},
                          hands={"red": ["sprint", "camera", "threat"]}, phase="f")
    assert richer.is_over and moh.winners(richer) == ("yellow",)


def test_moh_R16_still_tied_is_a_shared_win():
    state = moh.position(characters={6: ["yellow pinup", "red pinup", "blue toughguy"],
                                      1: ["green gunman"]},
                         hands={"yellow": ["threat"], "red": ["sprint"]}, phase="f")
    assert state.is_over and moh.winners(state) == ("yellow", "red")


def test_moh_R16_end_checked_at_the_end_of_the_round(start):
    # the first feast leaves 4 survivors, but Shop 3 is still attacked in the same round
    match = start(characters={1: ["red pinup", "blue pinup"], 3: ["green pinup",
                                                                  "yellow pinup"],
                              6: ["yellow toughguy"]},
                  zombies={1: 2, 3: 2}, phase="f")
    _vote(match, {"red": "blue", "blue": "blue"})
    assert len(match.state.chars) == 4 and not match.is_over
    p = match.state.pending
    assert (p.kind, p.location) == ("ballot", 3)
    _vote(match, {"yellow": "green", "green": "green"})
    assert match.is_over and len(match.state.chars) == 3
    assert match.scores() == {"yellow": 12, "red": 7, "blue": 0, "green": 0}


# -- What a player may see -------------------------------------------------------------------
def test_moh_observe_hides_other_hands_ballots_destinations_and_roll(start):
    match = start(characters={5: ["red pinup", "blue pinup"], 6: ["yellow pinup"],
                              1: ["green pinup"]},
                  hands={"red": ["sprint"], "blue": ["weapon2", "threat"]}, phase="b")
    match.push(moh.Pass())                                   # blue holds a Threat
    match.push(moh.Vote("red"))                              # red's secret ballot
    view = {c: moh.RULES.observe(match.state, c) for c in ("yellow", "red", "blue")}
    assert view["red"].my_ballot == "red" and view["blue"].my_ballot is None
    assert view["yellow"].my_ballot is None
    assert view["blue"].hand == ("threat", "weapon2") and view["red"].hand == ("sprint",)
    assert view["yellow"].hand == () and view["yellow"].hand_sizes == (0, 1, 2, 0)
    assert "sprint" not in repr(view["blue"]) and "weapon2" not in repr(view["red"])
    assert view["yellow"].deck_size == 18
    match.push(moh.Vote("red"))                              # red elected (red 2, blue 0)
    assert match.state.chief == "red" and match.state.chief_elected
    match.push(moh.Dice((1, 3, 6, 6)))
    rolls = {c: moh.RULES.observe(match.state, c).roll for c in moh.COLOURS[:4]}
    assert rolls == {"yellow": None, "red": (1, 3, 6, 6), "blue": None, "green": None}
    match.push(moh.Destination(6))                           # red, announced
    match.push(moh.Destination(3))                           # blue, secret
    green = moh.RULES.observe(match.state, "green")
    assert green.known_destinations == (("red", 6),)
    assert green.destination is None
    blue = moh.RULES.observe(match.state, "blue")
    assert blue.destination == 3 and blue.known_destinations == (("red", 6), ("blue", 3))
    with pytest.raises(ValueError):
        moh.RULES.observe(match.state, "black")              # not a seat in this match
