"""Phases a) to e): truck, Chief, arrival roll, destinations, moves (MoH-a … MoH-e-full,
rulings R9–R12, R18, R19)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.errors import IllegalAction

#: Every card out of the deck but these (counts per kind), for small-deck positions.
FULL = {"threat": 3, "camera": 3, "sprint": 3, "hardware": 3, "weapon1": 3, "weapon2": 3,
        "hidden": 3}


def _discard_all_but(**left):
    return {card: n - left.get(card, 0) for card, n in FULL.items()}


def _deck(state):
    return dict(zip(moh.CARDS, state.deck, strict=True))


QUIET = {4: ["red pinup"], 6: ["yellow pinup"], 1: ["green pinup", "blue pinup"]}
#: An arrival roll on the closed location 2 (4 players): every die is ignored (MoH-R3).
#: Tests of the moves give it so phase e) starts at once; without a roll the dice would be
#: drawn as a chance node first (MoH-R20).
NOWHERE = (2, 2, 2, 2)


# -- a) Search the Truck ---------------------------------------------------------------
def test_moh_a_truck_searcher_draws_three_keeps_one_gives_one_bottoms_one(start, rule_ids):
    match = start(characters=QUIET, phase="a")
    p = match.state.pending
    assert (p.kind, p.chosen, p.n) == ("truck_draw", "red", 3)
    assert match.to_move is moh.CHANCE
    assert dict(match.outcomes()) == {moh.Draw(c): Fraction(1, 7) for c in moh.CARDS}
    match.push(moh.Draw("weapon2"))
    assert dict(match.outcomes())[moh.Draw("weapon2")] == Fraction(2, 20)
    match.push(moh.Draw("hidden"))
    match.push(moh.Draw("sprint"))
    p = match.state.pending
    assert (p.kind, p.drawn) == ("truck_split", ("weapon2", "hidden", "sprint"))
    assert match.to_move == "red"
    legal = set(match.legal())
    assert len(legal) == 3 * 2 * 3          # keep, give, to any other player
    assert moh.TruckSplit("weapon2", "hidden", "green") in legal   # green is not at 4
    assert moh.TruckSplit("weapon2", "hidden", "red") not in legal
    assert moh.TruckSplit("weapon2") not in legal
    # only the searcher sees the drawn cards
    assert moh.RULES.observe(match.state, "red").drawn == ("weapon2", "hidden", "sprint")
    assert moh.RULES.observe(match.state, "blue").drawn == ()
    events = match.push(moh.TruckSplit("weapon2", "hidden", "green"))
    state = match.state
    assert state.hand("red") == ("weapon2",) and state.hand("green") == ("hidden",)
    assert state.bottom == ("sprint",)
    assert _deck(state) == {**FULL, "weapon2": 2, "hidden": 2, "sprint": 2}
    assert state.deck_size == 19
    # the searcher's choice and the gift are secrets of the players concerned
    secret = {e.kind: e for e in events if e.kind in ("truck", "gift")}
    assert {k: (e.rule.id, e.visible_to) for k, e in secret.items()} == \
        {"truck": ("MoH-R9", ("red",)), "gift": ("MoH-R9", ("green", "red"))}
    assert "Hidden" in secret["gift"].text_for("green")
    assert "Hidden" not in secret["gift"].text_for("blue")
    assert state.phase in ("b", "c")


def test_moh_a_empty_truck_skips_the_phase_for_the_rest_of_the_game(start, drive, rule_ids):
    match = start(characters={4: ["red pinup", "red gunman"], 6: ["yellow pinup"],
                              1: ["blue pinup", "green pinup"]},
                  discard=FULL, phase="c")
    assert match.state.deck_size == 0
    match.push(moh.Dice((2, 2, 2, 2)))
    drive(match, {"red": moh.Move("gunman", 5), "yellow": moh.Move("pinup", 3),
                  "blue": moh.Move("pinup", 6), "green": moh.Move("pinup", 5)})
    # round 2: red still at the Parking Lot, but the truck is empty
    assert match.state.round == 2
    assert rule_ids(match.events, "skip")[0] == "MoH-R9"
    assert not any(e.kind == "searcher" for e in match.events)
    assert match.state.hand("red") == ()


def test_moh_R9_two_cards_left_keep_one_give_one(start):
    match = start(characters=QUIET, discard=_discard_all_but(threat=1, camera=1), phase="a")
    assert match.state.pending.n == 2
    match.push(moh.Draw("threat"))
    match.push(moh.Draw("camera"))
    assert set(match.legal()) == {moh.TruckSplit(k, g, to) for k, g in
                                  (("threat", "camera"), ("camera", "threat"))
                                  for to in ("yellow", "blue", "green")}
    match.push(moh.TruckSplit("camera", "threat", "blue"))
    state = match.state
    assert state.hand("red") == ("camera",) and state.hand("blue") == ("threat",)
    assert state.bottom == () and state.deck_size == 0


def test_moh_R19_truck_draw_of_one_card_is_kept(start, rule_ids):
    match = start(characters=QUIET, discard=_discard_all_but(hidden=1), phase="a")
    assert match.outcomes() == ((moh.Draw("hidden"), Fraction(1)),)
    events = match.push(moh.Draw("hidden"))
    assert match.state.hand("red") == ("hidden",)
    assert match.state.deck_size == 0
    assert rule_ids(events, "truck") == ["MoH-R9"]
    assert match.state.pending.kind != "truck_split"


def test_moh_R9_card_under_the_deck_is_drawn_when_the_unseen_cards_run_out(start, drive):
    match = start(characters={4: ["red pinup", "red gunman"],
                              6: ["yellow pinup", "yellow toughguy"],
                              1: ["blue pinup", "blue toughguy"],
                              3: ["green pinup", "green toughguy"]},
                  discard=_discard_all_but(threat=1, hardware=1, weapon1=1), phase="a")
    for card in ("threat", "hardware", "weapon1"):
        match.push(moh.Draw(card))
    match.push(moh.TruckSplit("threat", "weapon1", "blue"))
    assert match.state.bottom == ("hardware",) and sum(match.state.deck) == 0
    assert match.state.deck_size == 1
    match.push(moh.Dice((2, 2, 2, 2)))
    drive(match, {"red": moh.Move("gunman", 5), "yellow": moh.Move("toughguy", 5),
                  "blue": moh.Move("toughguy", 3), "green": moh.Move("toughguy", 1)})
    # round 2: red searches again; the known card under the deck comes up, no chance node
    state = match.state
    assert state.round == 2
    assert state.hand("red") == ("hardware", "threat")
    assert state.deck_size == 0 and state.bottom == ()


# -- b) Elect the Chief of Security ----------------------------------------------------------
def test_moh_b_security_room_elects_chief_who_acts_first(start, rule_ids):
    match = start(characters={5: ["red pinup", "red toughguy", "blue pinup"],
                              6: ["yellow pinup"], 1: ["green pinup"]}, phase="b")
    assert match.state.pending.purpose == "chief"
    match.push(moh.Vote("red"))
    match.push(moh.Vote("blue"))
    assert rule_ids(match.events, "chief") == ["MoH-b"]
    assert (match.state.chief, match.state.chief_elected) == ("red", True)
    match.push(moh.Dice((1, 3, 4, 6)))
    assert match.state.pending.kind == "destination"
    assert match.state.pending.order == ("red", "blue", "green", "yellow")


def test_moh_b_empty_security_room_previous_chief_stays(start):
    state = moh.position(characters=QUIET, chief="blue", phase="b")
    assert state.pending.kind == "arrival_roll"
    assert (state.chief, state.chief_elected) == ("blue", False)


# -- c) Arrival of the Zombies -----------------------------------------------------------
def test_moh_c_elected_chief_and_camera_players_see_the_roll(start, rule_ids):
    match = start(characters={5: ["red pinup"], 6: ["yellow pinup"], 1: ["green pinup"],
                              3: ["blue pinup"]},
                  hands={"red": ["camera"], "blue": ["camera"], "green": ["camera"]},
                  chief="red", chief_elected=True, phase="c")
    match.push(moh.Dice((1, 3, 3, 6)))
    assert rule_ids(match.events, "arrival_roll") == ["MoH-c"]
    p = match.state.pending
    assert (p.kind, p.order) == ("camera", ("blue", "green"))   # turn order from red
    assert moh.RULES.observe(match.state, "red").roll == (1, 3, 3, 6)
    assert moh.RULES.observe(match.state, "blue").roll is None
    match.push(moh.PlayCard("camera"))
    match.push(moh.Pass())
    assert match.state.lookers == ("red", "blue")
    views = {c: moh.RULES.observe(match.state, c).roll for c in moh.COLOURS[:4]}
    assert views == {"yellow": None, "red": (1, 3, 3, 6), "blue": (1, 3, 3, 6),
                     "green": None}
    assert match.state.hand("blue") == () and match.state.hand("green") == ("camera",)
    assert _deck(match.state)["camera"] == 0
    assert dict(zip(moh.CARDS, match.state.discard, strict=True))["camera"] == 1
    assert rule_ids(match.events, "camera") == ["MoH-c"]


def test_moh_R10_carried_over_chief_may_not_look(start, rule_ids):
    match = start(characters={6: ["yellow pinup"], 1: ["green pinup"], 3: ["blue pinup"],
                              4: ["red pinup"]}, hands={"green": ["camera"]},
                  chief="red", chief_elected=False, phase="c")
    match.push(moh.Dice((1, 1, 3, 6)))
    assert rule_ids(match.events, "arrival_roll") == ["MoH-R10"]
    assert match.state.lookers == ()
    assert moh.RULES.observe(match.state, "red").roll is None
    match.push(moh.PlayCard("camera"))
    assert match.state.lookers == ("green",)
    assert moh.RULES.observe(match.state, "green").roll == (1, 1, 3, 6)
    assert moh.RULES.observe(match.state, "red").roll is None


def test_moh_R10_turn_order_starts_with_the_chief_clockwise(start):
    state = moh.position(characters={5: ["blue pinup"], 6: ["yellow pinup"],
                                      1: ["green pinup"], 3: ["red pinup"]},
                         chief="blue", chief_elected=True, phase="d")
    assert state.pending.order == ("blue", "green", "yellow", "red")
    state = moh.position(characters={5: ["blue pinup"], 6: ["yellow pinup"],
                                      1: ["green pinup"], 3: ["red pinup"]},
                         chief="green", phase="d")
    assert state.pending.order == ("green", "yellow", "red", "blue")


# -- d) Choose Destinations ---------------------------------------------------------------
def test_moh_d_destination_never_where_all_ones_characters_stand(start):
    match = start(characters={6: ["yellow pinup", "yellow toughguy", "yellow gunman"],
                              3: ["red pinup", "red toughguy"], 5: ["red gunman"],
                              4: ["blue pinup"], 1: ["green pinup"]}, phase="d")
    assert match.to_move == "yellow"
    assert set(match.legal()) == {moh.Destination(loc) for loc in (1, 3, 4, 5)}
    with pytest.raises(IllegalAction, match="MoH-R11"):
        match.push(moh.Destination(6))
    match.push(moh.Destination(1))
    assert set(match.legal()) == {moh.Destination(loc) for loc in (1, 3, 4, 5, 6)}


def test_moh_d_elected_chief_chooses_first_and_announces(start):
    match = start(characters={5: ["blue pinup"], 6: ["yellow pinup"], 1: ["green pinup"],
                              3: ["red pinup"]}, chief="blue", chief_elected=True, phase="d")
    chief = match.push(moh.Destination(4))[0]
    assert chief.visible_to == () and "4 Parking Lot" in chief.summary
    secret = match.push(moh.Destination(6))[0]          # green, in secret
    assert secret.visible_to == ("green",)
    assert "6" not in secret.summary and "6 Supermarket" in secret.detail
    yellow = moh.RULES.observe(match.state, "yellow")
    assert yellow.known_destinations == (("blue", 4),)
    assert moh.RULES.observe(match.state, "green").known_destinations == \
        (("blue", 4), ("green", 6))
    # a carried-over Chief's choice is secret too
    match = start(characters={5: ["blue pinup"], 6: ["yellow pinup"], 1: ["green pinup"],
                              3: ["red pinup"]}, chief="blue", phase="d")
    event = match.push(moh.Destination(4))[0]
    assert event.visible_to == ("blue",)
    assert moh.RULES.observe(match.state, "yellow").known_destinations == ()


# -- e) Move Characters -------------------------------------------------------------------
def test_moh_e_reveal_then_dice_then_moves_in_turn_order(start, drive, rule_ids):
    match = start(characters={1: ["red toughguy", "green toughguy"], 3: ["red pinup"],
                              5: ["blue pinup", "blue gunman"],
                              6: ["yellow pinup", "yellow toughguy", "green pinup"],
                              4: ["yellow gunman"]}, phase="c")
    match.push(moh.Dice((2, 3, 3, 6)))
    for dest in (4, 3, 6):
        match.push(moh.Destination(dest))
    events = match.push(moh.Destination(5))
    kinds = [(e.kind, e.rule.id) for e in events]
    assert kinds.index(("reveal_destinations", "MoH-e")) < kinds.index(("arrivals", "MoH-e"))
    assert [e.data["location"] for e in events if e.kind == "die_ignored"] == [2]
    assert ("die_ignored", "MoH-R3") in kinds
    # zombies are placed before anyone moves; the die on the closed location 2 is ignored
    assert match.state.zombies == (0, 0, 2, 0, 0, 1)
    assert match.state.pending.kind == "move"
    assert match.state.pending.order == ("yellow", "red", "blue", "green")
    assert set(match.legal()) == {moh.Move("pinup", 4), moh.Move("toughguy", 4)}
    with pytest.raises(IllegalAction, match="MoH-e"):
        match.push(moh.Move("gunman", 4))                 # already there
    match.push(moh.Move("toughguy", 4))
    assert set(match.legal()) == {moh.Move("toughguy", 3)}
    drive(match, {"red": moh.Move("toughguy", 3), "blue": moh.Move("gunman", 6),
                  "green": moh.Move("pinup", 5)})
    assert [e.rule.id for e in match.events if e.kind == "move"] == ["MoH-e"] * 4
    assert match.state.where("green", "pinup") == 5
    # phase f: 5 has the most Pin-Ups (2) and gets one more zombie; every door holds
    assert match.state.zombies == (0, 0, 2, 0, 1, 1)
    assert match.state.round == 2


def test_moh_e_seal_empty_location_with_eight_zombies(start, rule_ids):
    match = start(characters={3: ["red pinup", "red toughguy"], 5: ["blue pinup"],
                              6: ["yellow pinup", "green pinup"]},
                  zombies={1: 7, 3: 7, 4: 8, 5: 5}, phase="c")
    match.push(moh.Dice((1, 3, 4, 5)))
    match.push(moh.Destination(1))                           # yellow: legal, still open
    for dest in (6, 6, 5):
        match.push(moh.Destination(dest))
    state = match.state
    assert state.sealed == (1,)
    # 1 sealed and emptied; 3 has characters; the Parking Lot is never sealed; 5 has 6
    assert state.zombies == (0, 0, 8, 9, 6, 0)
    sealed = [e for e in match.events if e.kind == "sealed"]
    assert [(e.rule.id, e.data["zombies"]) for e in sealed] == [("MoH-e-seal", 8)]
    events = match.push(moh.Move("pinup", 1))                # yellow's move
    assert [(e.rule.id, e.data["end"]) for e in events if e.kind == "move"] == \
        [("MoH-R12", 4)]
    assert match.state.where("yellow", "pinup") == 4


def test_moh_e_seal_not_below_eight(start):
    match = start(characters={3: ["red pinup"], 5: ["blue pinup"], 6: ["yellow pinup"],
                              4: ["green pinup"]}, zombies={1: 6}, phase="c")
    match.push(moh.Dice((1, 3, 3, 3)))
    for dest in (5, 6, 6, 6):
        match.push(moh.Destination(dest))
    assert match.state.sealed == () and match.state.zombies[0] == 7


def test_moh_R12_sealed_location_takes_no_dice_no_destination_no_drop(start, rule_ids):
    match = start(characters={3: ["red pinup", "red toughguy"], 5: ["blue pinup"],
                              6: ["yellow pinup", "yellow toughguy"]},
                  sealed=(1,), eliminated={"green": 1}, round=2, phase="c")
    match.push(moh.Dice((1, 1, 3, 6)))
    assert moh.Destination(1) not in match.legal()
    for dest in (3, 6, 6):
        match.push(moh.Destination(dest))
    assert match.state.pending.kind == "zombie_drop"
    assert moh.PlaceZombie(1) not in match.legal()
    assert moh.PlaceZombie(2) not in match.legal()
    events = match.push(moh.PlaceZombie(5))
    assert [e.data["location"] for e in events if e.kind == "die_ignored"] == [1, 1]
    assert rule_ids(events, "die_ignored") == ["MoH-R12"] * 2
    assert match.state.zombies == (0, 0, 1, 0, 1, 1)


def test_moh_R12_sealed_destination_parking_lot_character_stays(start):
    match = start(characters={4: ["yellow pinup"], 6: ["yellow toughguy", "red pinup"],
                              3: ["blue pinup"], 5: ["green pinup"]},
                  zombies={1: 7}, phase="c")
    match.push(moh.Dice((1, 3, 5, 6)))
    for dest in (1, 3, 6, 6):
        match.push(moh.Destination(dest))
    assert match.state.sealed == (1,)
    events = match.push(moh.Move("pinup", 1))               # from the Parking Lot
    move = [e for e in events if e.kind == "move"][0]
    assert (move.rule.id, move.data["start"], move.data["end"]) == ("MoH-R12", 4, 4)
    assert match.state.where("yellow", "pinup") == 4


def test_moh_R12_zombie_drops_count_for_sealing(start):
    match = start(characters={3: ["red pinup", "red toughguy"], 5: ["blue pinup"],
                              6: ["yellow pinup", "yellow toughguy"]},
                  zombies={1: 7}, eliminated={"green": 1}, round=2, phase="c")
    match.push(moh.Dice((3, 3, 5, 6)))
    for dest in (3, 6, 6):
        match.push(moh.Destination(dest))
    match.push(moh.PlaceZombie(1))
    assert match.state.sealed == (1,)
    assert match.state.zombies == (0, 0, 2, 0, 1, 1)


def test_moh_e_sprint_changes_destination_even_back_home(start, rule_ids):
    match = start(characters={1: ["red pinup"], 3: ["red toughguy"], 6: ["yellow pinup"],
                              5: ["blue pinup"], 4: ["green pinup"]},
                  hands={"red": ["sprint"], "yellow": ["sprint"]}, phase="d", roll=NOWHERE)
    for dest in (5, 3, 6, 6):
        match.push(moh.Destination(dest))
    # yellow (destination 5) may sprint anywhere open but 5 and 2
    legal = set(match.legal())
    assert moh.Move("pinup", 5) in legal
    assert {m.to for m in legal if m.sprint} == {1, 3, 4, 6}
    events = match.push(moh.Move("pinup", 3, sprint=True))
    assert rule_ids(events, "sprint") == ["MoH-e-sprint"]
    assert match.state.where("yellow", "pinup") == 3
    assert match.state.hand("yellow") == ()
    # red (destination 3) sprints the Pin-Up back where it stands: it stays at 1
    events = match.push(moh.Move("pinup", 1, sprint=True))
    assert rule_ids(events, "move") == ["MoH-e-sprint"]
    assert match.state.where("red", "pinup") == 1
    assert dict(zip(moh.CARDS, match.state.discard, strict=True))["sprint"] == 2
    with pytest.raises(IllegalAction):
        match.push(moh.Move("pinup", 1, sprint=True))       # blue has no Sprint


def test_moh_e_full_destination_sends_mover_to_parking_lot(start, rule_ids):
    match = start(characters={5: ["blue pinup", "green pinup"], 1: ["yellow pinup"],
                              3: ["red pinup"], 4: ["red toughguy"],
                              6: ["blue toughguy", "green toughguy"]}, phase="d",
                  roll=NOWHERE)
    for dest in (5, 5, 1, 1):
        match.push(moh.Destination(dest))
    match.push(moh.Move("pinup", 5))                        # yellow fills the room (3)
    events = match.push(moh.Move("pinup", 5))               # red: full -> Parking Lot
    assert [(e.rule.id, e.data["end"]) for e in events if e.kind == "move"] == \
        [("MoH-e-full", 4)]
    assert match.state.where("red", "pinup") == 4
    assert len(match.state.at(5)) == 3


def test_moh_e_full_parking_lot_character_stays(start, rule_ids):
    match = start(characters={5: ["blue pinup", "green pinup", "yellow toughguy"],
                              4: ["red pinup"], 3: ["red toughguy"], 1: ["yellow pinup"],
                              6: ["blue toughguy", "green toughguy"]}, phase="d",
                  roll=NOWHERE)
    for dest in (3, 5, 3, 3):
        match.push(moh.Destination(dest))
    match.push(moh.Move("pinup", 3))
    assert set(match.legal()) == {moh.Move("pinup", 5), moh.Move("toughguy", 5)}
    events = match.push(moh.Move("pinup", 5))               # red: 5 is full
    move = [e for e in events if e.kind == "move"][0]
    assert (move.rule.id, move.data["start"], move.data["end"]) == ("MoH-e-full", 4, 4)
    assert match.state.where("red", "pinup") == 4


def test_moh_R11_capacity_is_not_checked_when_choosing(start):
    match = start(characters={5: ["blue pinup", "green pinup", "yellow toughguy"],
                              6: ["red pinup", "yellow pinup"], 3: ["blue toughguy"],
                              1: ["green toughguy"]}, phase="d", roll=NOWHERE)
    match.push(moh.Destination(3))
    assert match.to_move == "red"
    assert moh.Destination(5) in match.legal()                # 5 is full: still legal
    for dest in (5, 6, 6):
        match.push(moh.Destination(dest))
    match.push(moh.Move("pinup", 3))
    match.push(moh.Move("pinup", 5))
    assert match.state.where("red", "pinup") == 4


def test_moh_R18_no_open_location_to_go_to_moves_no_one(start, rule_ids):
    # every location but the Parking Lot is sealed or closed and everyone stands there
    match = start(characters={4: ["yellow pinup", "yellow toughguy", "red pinup",
                                  "blue pinup", "green pinup"]},
                  sealed=(1, 3, 5, 6), phase="c")
    events = match.push(moh.Dice((2, 2, 2, 2)))
    assert rule_ids(events, "no_destination") == ["MoH-R18"] * 4
    assert [e.who for e in events if e.kind == "no_destination"] == \
        ["yellow", "red", "blue", "green"]
    assert not any(e.kind in ("destination", "move") for e in events)
    assert {loc for _, _, loc in match.state.chars} == {4}
    assert match.state.phase == "f"


def test_moh_R11_characters_spread_over_every_open_location_still_choose(start):
    # yellow stands at 4, 5 and 6, the only open locations: any of them is a location
    # where one of yellow's characters is not, so yellow must still move (MoH d, R11)
    match = start(characters={4: ["yellow pinup", "red pinup"],
                              5: ["yellow toughguy", "blue pinup"],
                              6: ["yellow gunman", "green pinup"]},
                  sealed=(1, 3), phase="c")
    events = match.push(moh.Dice((2, 2, 2, 2)))
    assert not any(e.kind == "no_destination" for e in events)
    assert match.to_move == "yellow"
    assert set(match.legal()) == {moh.Destination(loc) for loc in (4, 5, 6)}
    match.push(moh.Destination(4))
    for dest in (5, 6, 4):
        match.push(moh.Destination(dest))
    assert set(match.legal()) == {moh.Move("toughguy", 4), moh.Move("gunman", 4)}
