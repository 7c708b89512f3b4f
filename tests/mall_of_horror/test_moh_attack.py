"""f) Zombie Attack and the Parking Lot (MoH-f … MoH-parking-discard, R5, R6, R13, R14).

Positions built with ``phase="f"`` run the extra-zombie rule and the attacks inside
``moh.position``, so their events are not recorded. Where a test needs the events of a
later location it puts a *trigger* at Shop 1: yellow's lone Gunman facing 1 zombie with
a Weapon in hand. Yellow's Weapon call-off is the first recorded ply, and everything
checked after Shop 1 is in ``match.events``. (With a lone character and no Pin-Up, the
trigger never decides an extra zombie in these positions.)
"""

from __future__ import annotations

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.errors import IllegalAction


def _discarded(state):
    return {card: n for card, n in zip(moh.CARDS, state.discard, strict=True) if n}


def _vote(match, ballots):
    for _ in range(len(match.state.pending.order) - match.state.pending.index):
        match.push(moh.Vote(ballots[match.to_move]))


def _pull_trigger(match):
    """Yellow kills the zombie at Shop 1 (see the module docstring)."""
    assert match.state.pending.location == 1 and match.to_move == "yellow"
    match.push(moh.PlayCard("weapon1", 1))


# -- f) Zombie Attack: order, break-in, meals, leftovers -----------------------------------
def test_moh_f_locations_one_to_six_feast_then_zombies_leave(start, rule_ids):
    match = start(characters={1: ["red pinup", "blue pinup"],
                              3: ["yellow pinup", "yellow toughguy", "green gunman"],
                              5: ["green pinup", "red gunman"]},
                  zombies={1: 2, 3: 4, 5: 1, 6: 2}, phase="f")
    # 3 has the most characters, 1 the most Pin-Ups: one extra zombie each
    assert match.state.zombies == (3, 0, 5, 0, 1, 2)
    p = match.state.pending
    assert (p.kind, p.location, p.candidates) == ("ballot", 1, ("red", "blue"))
    _vote(match, {"red": "blue", "blue": "blue"})
    assert match.state.where("blue", "pinup") is None
    assert match.state.zombies[0] == 0                # after the feast they leave
    p = match.state.pending
    assert (p.kind, p.location, p.candidates) == ("ballot", 3, ("yellow", "green"))
    _vote(match, {"yellow": "green", "green": "green"})
    assert match.state.where("green", "gunman") is None
    located = [(e.kind, e.data["location"]) for e in match.events
               if e.kind in ("eaten", "threat", "holds", "waiting")]
    assert located == [("eaten", 1), ("threat", 3), ("eaten", 3), ("holds", 5),
                       ("waiting", 6)]
    assert rule_ids(match.events, "eaten") == ["MoH-f", "MoH-f"]
    assert rule_ids(match.events, "feast_over") == ["MoH-R14", "MoH-R14"]
    assert rule_ids(match.events, "waiting") == ["MoH-f"]
    # failed attackers (5) and zombies at an empty location (6) stay for the next round
    assert match.state.round == 2
    assert match.state.zombies == (0, 0, 0, 0, 1, 2)
    assert match.state.eaten[-2:] == (("blue", "pinup"), ("green", "gunman"))


# -- Tough Guy -------------------------------------------------------------------------
@pytest.mark.parametrize(("zombies", "breaks_in"), [(3, False), (4, True)])
def test_moh_f_toughguy_two_pinups_and_a_tough_guy_hold_three_not_four(
        start, rule_ids, zombies, breaks_in):
    match = start(characters={1: ["yellow gunman"],
                              3: ["red pinup", "blue pinup", "green toughguy"],
                              6: ["yellow pinup", "green pinup", "yellow toughguy"]},
                  zombies={1: 1, 3: zombies}, hands={"yellow": ["weapon1"]}, phase="f")
    assert match.state.zombies[2] == zombies           # ties: no extra zombie anywhere
    _pull_trigger(match)
    shop3 = [e for e in match.events if e.data.get("location") == 3
             and e.kind in ("threat", "holds")]
    assert [(e.kind, e.rule.id, e.data["defence"]) for e in shop3] == \
        [("threat" if breaks_in else "holds", "MoH-f-toughguy", 4)]
    if breaks_in:
        assert match.state.pending.kind == "ballot"
        assert match.state.pending.candidates == ("red", "blue", "green")
    else:
        assert match.state.round == 2 and match.state.zombies[2] == 3
        assert len(match.state.chars) == 7


# -- Supermarket ----------------------------------------------------------------------------
def test_moh_f_supermarket_four_zombies_enter_whatever_the_defence(start, rule_ids):
    match = start(characters={1: ["yellow gunman"],
                              6: ["yellow pinup", "yellow toughguy", "red toughguy",
                                  "blue toughguy", "green toughguy", "red gunman"],
                              3: ["red pinup"], 5: ["blue pinup", "green pinup"]},
                  zombies={1: 1, 6: 3}, hands={"yellow": ["weapon1"], "red": ["hardware"]},
                  phase="f")
    # six characters in the Supermarket draw the extra zombie; 5 has the most Pin-Ups
    assert match.state.zombies == (1, 0, 0, 0, 1, 4)
    _pull_trigger(match)
    threat = [e for e in match.events if e.kind == "threat"][0]
    assert threat.rule.id == "MoH-f-supermarket"
    assert (threat.data["defence"], threat.data["threshold"]) == (10, 4)
    # Hardware cannot stop four zombies at the Supermarket
    assert match.state.pending.kind == "window" and match.to_move == "red"
    match.push(moh.PlayCard("hardware", 6))
    assert match.state.hardware[5] == 1
    p = match.state.pending
    assert (p.kind, p.location) == ("ballot", 6)
    assert p.candidates == ("yellow", "red", "blue", "green")
    assert _discarded(match.state) == {"weapon1": 1, "hardware": 1}


def test_moh_f_supermarket_three_zombies_held_by_four_or_more(start, rule_ids):
    match = start(characters={1: ["yellow gunman"],
                              6: ["yellow pinup", "yellow toughguy", "red toughguy",
                                  "blue toughguy", "green toughguy", "red gunman"],
                              3: ["red pinup"], 5: ["blue pinup", "green pinup"]},
                  zombies={1: 1, 6: 2}, hands={"yellow": ["weapon1"]}, phase="f")
    _pull_trigger(match)
    held = [e for e in match.events if e.kind == "holds" and e.data["location"] == 6]
    assert [(e.rule.id, e.data["zombies"], e.data["threshold"]) for e in held] == \
        [("MoH-f-supermarket", 3, 4)]
    assert match.state.round == 2 and match.state.zombies[5] == 3


# -- Cards in the attack -------------------------------------------------------------------
def test_moh_f_cards_three_pinups_and_hardware_hold_three(start):
    match = start(characters={3: ["red pinup", "blue pinup", "green pinup"],
                              6: ["yellow pinup", "yellow toughguy", "yellow gunman"]},
                  zombies={3: 2}, hands={"red": ["hardware"]}, phase="f")
    assert match.state.zombies[2] == 3                 # 2 + 1 for the most Pin-Ups
    p = match.state.pending
    assert (p.kind, p.location, p.order) == ("window", 3, ("red",))
    match.push(moh.PlayCard("hardware", 3))
    events = match.events
    assert [(e.kind, e.rule.id) for e in events[:2]] == [("card", "MoH-f-cards"),
                                                          ("repelled", "MoH-f-cards")]
    state = match.state
    assert state.round == 2 and state.zombies[2] == 3 and len(state.chars) == 6
    assert state.hand("red") == () and _discarded(state) == {"hardware": 1}
    assert state.hardware == (0,) * 6                   # the bonus lasted one round


def test_moh_f_cards_without_hardware_three_pinups_fall_to_three(start):
    match = start(characters={3: ["red pinup", "blue pinup", "green pinup"],
                              6: ["yellow pinup", "yellow toughguy", "yellow gunman"]},
                  zombies={3: 2}, phase="f")
    assert match.state.pending.kind == "ballot" and match.state.pending.location == 3


def test_moh_f_cards_hardware_not_at_the_parking_lot(start):
    match = start(characters={4: ["red pinup", "blue pinup"],
                              6: ["yellow pinup", "green pinup"]},
                  zombies={4: 1}, hands={"red": ["hardware", "weapon1"]}, phase="f")
    assert match.state.pending.kind == "window" and match.to_move == "red"
    assert set(match.legal()) == {moh.PlayCard("weapon1", 4), moh.Pass()}
    before, ply = match.state, match.ply
    with pytest.raises(IllegalAction, match="MoH-f-cards") as err:
        match.push(moh.PlayCard("hardware", 4))
    assert isinstance(err.value, ValueError)
    assert match.state is before and match.ply == ply


@pytest.mark.parametrize(("weapon", "left"), [("weapon1", 4), ("weapon2", 3)])
def test_moh_f_cards_weapon_kills_one_or_two_zombies(start, weapon, left):
    match = start(characters={3: ["red pinup", "blue pinup"],
                              6: ["yellow pinup", "green pinup"]},
                  zombies={3: 5}, hands={"blue": [weapon]}, phase="f")
    events = match.push(moh.PlayCard(weapon, 3))
    card = [e for e in events if e.kind == "card"][0]
    assert (card.rule.id, card.data["killed"]) == ("MoH-f-cards", 5 - left)
    assert match.state.zombies[2] == left
    assert match.state.pending.kind == "ballot"          # still enough to break in


def test_moh_f_cards_hidden_character_defends_but_neither_votes_nor_is_chosen(start):
    # Shop 3: red Pin-Up + Tough Guy, blue Pin-Up: defence 4 against 4 zombies
    match = start(characters={3: ["red pinup", "red toughguy", "blue pinup"],
                              6: ["yellow pinup", "yellow toughguy", "green pinup"]},
                  zombies={3: 4}, hands={"red": ["hidden"], "blue": ["weapon1"]},
                  phase="f")
    match.push(moh.PlayCard("hidden", 3, "pinup"))
    assert match.state.hidden == (("red", "pinup"),)
    match.push(moh.Pass())
    p = match.state.pending
    assert dict(p.weights) == {"red": 1, "blue": 1}      # the hidden Pin-Up does not vote
    _vote(match, {"red": "red", "blue": "red"})
    # red is chosen: only the Tough Guy can be eaten, so no choice is asked
    assert match.state.eaten[-1] == ("red", "toughguy")
    assert match.state.where("red", "pinup") == 3


def test_moh_f_cards_hidden_still_counts_for_the_defence(start):
    # after the Hidden, a Weapon leaves 3 zombies against defence 4 (hidden Pin-Up included)
    match = start(characters={3: ["red pinup", "red toughguy", "blue pinup"],
                              6: ["yellow pinup", "yellow toughguy", "green pinup"]},
                  zombies={3: 4}, hands={"red": ["hidden"], "blue": ["weapon1"]},
                  phase="f")
    match.push(moh.PlayCard("hidden", 3, "pinup"))
    match.push(moh.PlayCard("weapon1", 3))
    repelled = [e for e in match.events if e.kind == "repelled"]
    assert [e.data["location"] for e in repelled] == [3]
    assert match.state.round == 2 and match.state.zombies[2] == 3


def test_moh_f_cards_chief_plays_first_then_clockwise(start):
    match = start(characters={3: ["yellow pinup", "red pinup", "green pinup"],
                              6: ["yellow toughguy", "red toughguy", "blue pinup"]},
                  zombies={3: 5}, chief="green",
                  hands={"yellow": ["weapon1"], "red": ["weapon1"], "green": ["weapon1"]},
                  phase="f")
    assert match.state.pending.order == ("green", "yellow", "red")
    assert match.to_move == "green"


# -- The Parking Lot -------------------------------------------------------------------------
def test_moh_parking_one_character_per_zombie_one_vote_at_a_time(start, rule_ids):
    match = start(characters={4: ["yellow pinup", "red pinup", "red toughguy", "blue gunman"],
                              6: ["green pinup", "green toughguy", "blue pinup",
                                  "yellow toughguy"]},
                  zombies={4: 3}, phase="f")
    assert match.state.zombies[3] == 3                  # ties: no extra zombie
    p = match.state.pending
    assert (p.kind, p.purpose, p.location) == ("ballot", "meal", 4)
    assert dict(p.weights) == {"yellow": 1, "red": 2, "blue": 2}
    _vote(match, {"yellow": "blue", "red": "blue", "blue": "red"})     # meal 1: blue 3
    assert match.state.where("blue", "gunman") is None
    assert match.state.zombies[3] == 2
    p = match.state.pending
    # the eaten Gunman takes no part in the next vote
    assert (p.order, dict(p.weights)) == (("yellow", "red"), {"yellow": 1, "red": 2})
    _vote(match, {"yellow": "red", "red": "yellow"})                   # meal 2: yellow 2
    assert match.state.where("yellow", "pinup") is None
    # meal 3: only red is left: no vote, red picks
    assert match.state.pending.kind == "pick_victim" and match.to_move == "red"
    match.push(moh.Sacrifice("toughguy"))
    state = match.state
    assert state.eaten[-3:] == (("blue", "gunman"), ("yellow", "pinup"), ("red", "toughguy"))
    assert state.at(4) == [("red", "pinup")]
    assert state.zombies[3] == 0
    meals = [e for e in match.events if e.round == 1]
    assert sum(e.kind == "ballot" for e in meals) == 5
    assert sum(e.kind == "tally" for e in meals) == 2
    assert rule_ids(meals, "eaten") == ["MoH-parking"] * 3
    assert rule_ids(meals, "forced_vote") == ["MoH-R19"]


def test_moh_parking_leftover_zombies_removed(start, rule_ids):
    match = start(characters={4: ["red pinup", "blue gunman"],
                              6: ["yellow pinup", "green toughguy"]},
                  zombies={4: 4}, phase="f")
    _vote(match, {"red": "blue", "blue": "red"})     # blue 2 (Gunman) vs red 1: red eaten
    assert match.state.where("red", "pinup") is None
    events = match.events
    assert match.state.where("blue", "gunman") is None      # meal 2: forced
    leftovers = [e for e in events if e.kind == "leftovers"]
    assert [(e.rule.id, e.data["zombies"]) for e in leftovers] == [("MoH-parking", 2)]
    assert match.state.zombies[3] == 0
    assert match.state.is_over                       # two survivors: the rescue comes


def test_moh_parking_hidden_lasts_for_every_meal_of_the_round(start):
    match = start(characters={4: ["red pinup", "red toughguy", "blue pinup"],
                              6: ["yellow pinup", "yellow toughguy", "green pinup"]},
                  zombies={4: 2}, hands={"red": ["hidden"]}, phase="f")
    match.push(moh.PlayCard("hidden", 4, "pinup"))
    _vote(match, {"red": "blue", "blue": "blue"})
    assert match.state.where("blue", "pinup") is None
    # meal 2: the Pin-Up is still hidden, so the Tough Guy is eaten without a choice
    assert match.state.eaten[-1] == ("red", "toughguy")
    assert match.state.where("red", "pinup") == 4
    assert match.state.zombies[3] == 0


def test_moh_parking_discard_hidden_card_played_before_weapon_call_off_still_discarded(start):
    match = start(characters={3: ["red pinup", "blue pinup", "green pinup"],
                              6: ["yellow pinup", "yellow toughguy", "yellow gunman"]},
                  zombies={3: 2}, hands={"red": ["hidden"], "blue": ["weapon2"]},
                  phase="f")
    assert match.state.zombies[2] == 3
    assert match.state.pending.order == ("red", "blue")
    match.push(moh.PlayCard("hidden", 3, "pinup"))
    match.push(moh.PlayCard("weapon2", 3))
    repelled = [e for e in match.events if e.kind == "repelled"]
    assert [(e.rule.id, e.data["location"]) for e in repelled] == [("MoH-f-cards", 3)]
    state = match.state
    assert state.zombies[2] == 1 and len(state.chars) == 6          # no attack
    assert state.hand("red") == () and state.hand("blue") == ()
    assert _discarded(state) == {"hidden": 1, "weapon2": 1}
    assert "hidden" not in (c for hand in state.hands for c in hand)


# -- Rulings -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("zombies", "breaks_in"), [(2, False), (3, True)])
def test_moh_R5_defence_equal_zombies_break_in(start, zombies, breaks_in):
    match = start(characters={1: ["yellow gunman"], 3: ["red pinup", "blue toughguy"],
                              6: ["yellow pinup", "green toughguy"]},
                  zombies={1: 1, 3: zombies}, hands={"yellow": ["weapon1"]}, phase="f")
    _pull_trigger(match)
    shop3 = [e for e in match.events if e.data.get("location") == 3
             and e.kind in ("threat", "holds")][0]
    assert (shop3.kind, shop3.data["defence"]) == ("threat" if breaks_in else "holds", 3)


def test_moh_R5_hardware_lifts_supermarket_defence_up_to_four(start):
    # three Pin-Ups in the Supermarket + Hardware hold 3 zombies (defence 4 = the cap)
    match = start(characters={6: ["red pinup", "blue pinup", "green pinup"],
                              3: ["yellow pinup", "yellow toughguy", "yellow gunman"]},
                  zombies={6: 2}, hands={"red": ["hardware"]}, phase="f")
    assert match.state.zombies[5] == 3
    match.push(moh.PlayCard("hardware", 6))
    assert match.state.round == 2 and len(match.state.chars) == 6


def test_moh_R6_weapon_at_parking_lot_removes_zombies_before_the_next_meal(start, rule_ids):
    match = start(characters={4: ["red pinup", "blue pinup", "green pinup"],
                              6: ["yellow pinup", "yellow toughguy", "red toughguy"]},
                  zombies={4: 1}, hands={"red": ["weapon2"]}, phase="f")
    # 3 Pin-Ups at the Parking Lot draw one more zombie: 2 meals unless a Weapon acts
    assert match.state.zombies[3] == 2
    match.push(moh.Pass())
    _vote(match, {"red": "blue", "blue": "green", "green": "blue"})
    assert match.state.where("blue", "pinup") is None
    # before meal 2 red's Weapon (2) kills the one zombie left: no second meal
    assert match.state.pending.kind == "window" and match.to_move == "red"
    events = match.push(moh.PlayCard("weapon2", 4))
    card = [e for e in events if e.kind == "card"][0]
    assert card.data["killed"] == 1
    assert rule_ids(events, "repelled") == ["MoH-R6"]
    assert match.state.where("red", "pinup") == 4 and match.state.where("green", "pinup") == 4
    assert match.state.zombies[3] == 0


def test_moh_R13_extra_zombies_count_tokens_tough_guy_as_one(start):
    # Shop 1: two Tough Guys (2 tokens); Shop 3: three Gunmen (3 tokens); no Pin-Up anywhere
    state = moh.position(characters={1: ["yellow toughguy", "red toughguy"],
                                      3: ["blue gunman", "green gunman", "yellow gunman"]},
                         phase="f")
    assert state.round == 2
    assert state.zombies == (0, 0, 1, 0, 0, 0)


def test_moh_R13_parking_lot_can_draw_the_extra_zombie(start):
    match = start(characters={4: ["yellow gunman", "red gunman", "blue gunman"],
                              3: ["red pinup", "yellow pinup"]}, phase="f")
    assert match.state.zombies == (0, 0, 1, 1, 0, 0)
    p = match.state.pending
    assert (p.kind, p.purpose, p.location) == ("ballot", "meal", 4)


def test_moh_R13_ties_draw_nothing(start):
    state = moh.position(characters={1: ["yellow gunman"], 3: ["red gunman"],
                                      5: ["blue toughguy"]}, phase="f")
    assert state.zombies == (0,) * 6                 # three-way ties for both rules


def test_moh_R13_loudest_needs_at_least_one_pin_up(start):
    # only the Parking Lot is open: it has the most characters, but no Pin-Up at all
    match = start(characters={4: ["yellow gunman", "red gunman", "blue toughguy"]},
                  sealed=(1, 3, 5, 6), phase="f")
    assert match.state.zombies[3] == 1
    p = match.state.pending
    assert (p.kind, p.purpose, p.location) == ("ballot", "meal", 4)


def test_moh_f_extra_most_characters_and_most_pinups_one_zombie_each(start, drive, rule_ids):
    match = start(characters={1: ["yellow gunman", "blue pinup"], 5: ["red pinup",
                                                                      "red toughguy"],
                              4: ["green pinup"],
                              6: ["yellow pinup", "yellow toughguy", "green toughguy"]},
                  phase="c")
    match.push(moh.Dice((2, 2, 2, 2)))
    drive(match, {"yellow": moh.Move("gunman", 6), "red": moh.Move("pinup", 3),
                  "blue": moh.Move("pinup", 3), "green": moh.Move("pinup", 3)})
    extra = [e for e in match.events if e.kind == "extra_zombie"]
    assert [(e.rule.id, e.data["what"], e.data.get("location")) for e in extra] == \
        [("MoH-f-extra", "characters", 6), ("MoH-f-extra", "Pin-Ups", 3)]
    assert match.state.zombies == (0, 0, 1, 0, 0, 1)


def test_moh_f_extra_ties_draw_no_zombie(start, drive):
    match = start(characters={1: ["red pinup", "green pinup"], 5: ["blue pinup"],
                              4: ["yellow pinup"]}, phase="c")
    match.push(moh.Dice((2, 2, 2, 2)))
    drive(match, {"yellow": moh.Move("pinup", 6), "red": moh.Move("pinup", 3),
                  "blue": moh.Move("pinup", 3), "green": moh.Move("pinup", 6)})
    extra = [e for e in match.events if e.kind == "extra_zombie"]
    assert [(e.rule.id, e.data["what"], e.data["tied"]) for e in extra] == \
        [("MoH-R13", "characters", (3, 6)), ("MoH-R13", "Pin-Ups", (3, 6))]
    assert match.state.zombies == (0,) * 6


def test_moh_R14_every_character_hidden_no_one_eaten(start, rule_ids):
    match = start(characters={3: ["red pinup", "red toughguy"],
                              6: ["yellow pinup", "blue toughguy", "green gunman"]},
                  zombies={3: 4}, hands={"red": ["hidden", "hidden"]}, phase="f")
    match.push(moh.PlayCard("hidden", 3, "pinup"))
    match.push(moh.PlayCard("hidden", 3, "toughguy"))
    assert rule_ids(match.events, "all_hidden") == ["MoH-R14"]
    assert len(match.state.chars) == 5
    assert match.state.zombies[2] == 0
    assert match.state.round == 2 and match.state.hidden == ()
