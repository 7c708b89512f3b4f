"""Box contents, objective, setup, initial placement, the round (MoH-box … MoH-round, R1–R4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.errors import ConfigError, IllegalAction

ALL_CARDS = {"threat": 3, "camera": 3, "sprint": 3, "hardware": 3, "weapon1": 3,
             "weapon2": 3, "hidden": 3}


def _dealt(players, cards=None):
    """A new match after the deal (MoH Setup): one card per seat, in seat order."""
    match = moh.new_match(players=players, seed=0)
    for card in cards or moh.CARDS[:players]:
        match.push(moh.Draw(card))
    return match


def _placed(players):
    """A new match after the deal and every initial placement (all at the Parking Lot)."""
    match = _dealt(players)
    while match.state.pending.kind == "place_roll":
        match.push(moh.Dice((4, 6)))
        match.push(next(c for c in match.legal() if c.location == 4))
    return match


# -- Box Contents -----------------------------------------------------------------------
def test_moh_box_contents_locations_cards_characters_dice():
    cfg = moh.Config()
    # six locations, the Parking Lot (4) without a limit
    assert [cfg.capacity(loc) for loc in range(1, 7)] == [3, 4, 4, None, 3, 6]
    # 21 action cards: 3 of each kind, 6 Weapons
    assert dict(zip(moh.CARDS, cfg.deck(), strict=True)) == ALL_CARDS
    assert sum(cfg.deck()) == 21
    # character values: Pin-Up 7, Tough Guy 5, Gunman 3, Little Girl 1
    assert moh.POINTS == {"pinup": 7, "toughguy": 5, "gunman": 3, "girl": 1}
    # 21 character tokens: 6 colours x 3, plus 3 Little Girls in the 3-player game
    assert len(moh.COLOURS) == 6
    assert 6 * len(moh.Setup(6).kinds) + 3 == 21
    assert len(moh.Setup(3).kinds) == 4
    # 4 dice: arrivals roll four dice (126 sorted outcomes of 1296)
    assert cfg.dice == 4
    outcomes = moh.dice_outcomes(4)
    assert len(outcomes) == 126
    assert sum(p for _, p in outcomes) == 1
    state = moh.new_match(players=4, seed=0).state
    assert state.deck_size == 21 and state.zombies == (0,) * 6
    # the Parking Lot holds any number of characters
    everyone = [f"{c} {k}" for c in moh.COLOURS[:4] for k in ("pinup", "toughguy", "gunman")]
    crowded = moh.position(players=4, characters={4: everyone}, phase="c")
    assert len(crowded.at(4)) == 12


# -- Objective of the Game --------------------------------------------------------------
def test_moh_objective_survivors_points_decide_the_winner():
    state = moh.position(players=4, characters={
        6: ["yellow pinup", "red toughguy", "red gunman"],
        5: ["blue gunman"],
        1: ["green toughguy"]}, phase="c")
    # only living characters score: yellow 7, red 5+3, blue 3, green 5
    assert moh.RULES.scores(state) == {"yellow": 7, "red": 8, "blue": 3, "green": 5}
    assert moh.winners(state) == ("red",)


# -- Setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "colours", "closed", "kinds"), [
    (3, ("yellow", "red", "blue"), (2,), ("pinup", "toughguy", "gunman", "girl")),
    (4, ("yellow", "red", "blue", "green"), (2,), ("pinup", "toughguy", "gunman")),
    (5, ("yellow", "red", "blue", "green", "brown"), (), ("pinup", "toughguy", "gunman")),
    (6, moh.COLOURS, (), ("pinup", "toughguy", "gunman")),
])
def test_moh_setup_closed_location_and_little_girl(players, colours, closed, kinds):
    setup = moh.Setup(players=players)
    assert setup.colours == colours
    assert setup.closed == closed
    assert setup.kinds == kinds
    # the closed location is never offered for placement, even when a die shows it
    match = _dealt(players)
    match.push(moh.Dice((2, 3)))
    offered = {c.location for c in match.legal()}
    assert offered == ({3} if closed else {2, 3})


def test_moh_setup_first_player_holds_badge_and_deals_one_card_each():
    match = moh.new_match(players=4, seed=0)
    assert match.state.chief == "yellow"
    assert match.state.pending.kind == "deal" and match.to_move is moh.CHANCE
    # a shuffled deck: each kind 3/21
    assert dict(match.outcomes()) == {moh.Draw(c): Fraction(1, 7) for c in moh.CARDS}
    for card in ("threat", "camera", "threat", "weapon2"):
        events = match.push(moh.Draw(card))
        assert [e.rule.id for e in events] == ["MoH-setup"]
    state = match.state
    assert state.hands == (("threat",), ("camera",), ("threat",), ("weapon2",))
    assert state.deck_size == 17
    assert dict(zip(moh.CARDS, state.deck, strict=True))["threat"] == 1
    assert state.pending.kind == "place_roll"
    # each deal is a secret: only the receiver reads the card
    deal = match.events[1]
    assert deal.visible_to == ("red",) and "Security Camera" in deal.text_for("red")
    assert "Security Camera" not in deal.text_for("yellow")


# -- Initial Placement of Characters -------------------------------------------------------
def test_moh_setup_characters_two_dice_one_character_each_clockwise():
    match = _dealt(4)
    outcomes = dict(match.outcomes())
    assert len(outcomes) == 21
    assert outcomes[moh.Dice((1, 1))] == Fraction(1, 36)
    assert outcomes[moh.Dice((1, 3))] == Fraction(1, 18)
    match.push(moh.Dice((1, 3)))
    assert match.to_move == "yellow"
    assert set(match.legal()) == {moh.Place(k, loc) for k in ("pinup", "toughguy", "gunman")
                                  for loc in (1, 3)}
    with pytest.raises(IllegalAction, match="MoH-setup-characters"):
        match.push(moh.Place("pinup", 5))
    events = match.push(moh.Place("gunman", 3))
    assert [(e.kind, e.rule.id) for e in events] == [("place", "MoH-setup-characters")]
    placers = []
    for _ in range(4):
        match.push(moh.Dice((5, 6)))
        placers.append(match.to_move)
        match.push(moh.Place("pinup", 6))
    assert placers == ["red", "blue", "green", "yellow"]
    assert match.state.where("yellow", "gunman") == 3
    assert match.state.where("yellow", "pinup") == 6


def test_moh_R4_full_or_closed_die_counts_as_full():
    match = _dealt(4)
    for die in (3, 5, 6):            # yellow, red, blue fill Shop 1 (3 places)
        match.push(moh.Dice((1, die)))
        match.push(moh.Place("pinup", 1))
    assert len(match.state.at(1)) == 3
    match.push(moh.Dice((1, 3)))     # green: 1 is full, only 3 remains
    assert {c.location for c in match.legal()} == {3}
    match.push(moh.Place("pinup", 3))
    match.push(moh.Dice((1, 2)))     # yellow: 1 full, 2 closed -> any location with room
    assert {c.location for c in match.legal()} == {3, 4, 5, 6}
    events = match.push(moh.Place("toughguy", 5))
    assert [e.rule.id for e in events] == ["MoH-R4"]
    assert match.state.where("yellow", "toughguy") == 5


# -- Initial Placement of Zombies ---------------------------------------------------------
def test_moh_setup_zombies_four_dice_one_zombie_each():
    match = _placed(4)
    assert len(match.state.chars) == 12
    assert match.state.pending.kind == "zombies0"
    assert len(match.outcomes()) == 126
    events = match.push(moh.Dice((1, 4, 6, 6)))
    assert match.state.zombies == (1, 0, 0, 1, 0, 2)
    assert [e.rule.id for e in events if e.kind == "initial_zombies"] == ["MoH-setup-zombies"]
    assert match.state.round == 1


@pytest.mark.parametrize(("players", "zombies"), [(4, (0, 0, 1, 1, 0, 0)),
                                                  (5, (0, 2, 1, 1, 0, 0))])
def test_moh_R3_die_on_closed_location_ignored_for_initial_zombies(players, zombies):
    match = _placed(players)
    events = match.push(moh.Dice((2, 2, 3, 4)))
    assert match.state.zombies == zombies
    ignored = [e for e in events if e.kind == "die_ignored"]
    assert [(e.rule.id, e.data["location"]) for e in ignored] == \
        ([("MoH-R3", 2)] * 2 if players == 4 else [])


def test_moh_R3_three_to_six_players_with_fixed_colours():
    for bad in (2, 7):
        with pytest.raises(ConfigError, match="MoH-R3"):
            moh.new_match(players=bad)
    assert moh.Setup(3).colours == ("yellow", "red", "blue")
    assert moh.Setup(6).colours == ("yellow", "red", "blue", "green", "brown", "black")
    with pytest.raises(ConfigError, match="MoH-R3"):
        moh.position(players=3, characters={1: ["green pinup"]})
    # a Little Girl (1 point) each with three players only
    three = moh.position(players=3, characters={1: ["red girl"], 3: ["yellow pinup"],
                                                6: ["blue girl"]}, phase="c")
    assert moh.RULES.scores(three) == {"yellow": 7, "red": 1, "blue": 1}
    with pytest.raises(ConfigError):
        moh.position(players=4, characters={1: ["red girl"]})


# -- Gameplay: the round ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
def test_moh_round_six_phases_a_to_f_in_order(seed):
    match = moh.play(players=4, seed=seed)
    order = "abcdef"
    by_round = {}
    for event in match.events:
        if event.round >= 1 and event.phase in order:
            phases = by_round.setdefault(event.round, [])
            if not phases or phases[-1] != event.phase:
                phases.append(event.phase)
    last = max(by_round)
    assert last >= 2
    for rnd, phases in by_round.items():
        # every round runs a) … f) once each, in order (the last may stop the game in f)
        assert phases == list(order), (rnd, phases)
    rounds = [e for e in match.events if e.kind == "round"]
    assert [e.round for e in rounds] == list(range(1, last + 1))
    assert {e.rule.id for e in rounds} == {"MoH-round"}


# -- Rulings on the board data ----------------------------------------------------------------
def test_moh_R1_default_capacities_and_names_are_configuration():
    cfg = moh.Config()
    assert cfg.capacities == (3, 4, 4, None, 3, 6)
    assert cfg.name(4) == "Parking Lot" and cfg.name(5) == "Security Room"
    assert cfg.name(6) == "Supermarket"
    assert [cfg.name(loc) for loc in (1, 2, 3)] == ["Shop 1", "Shop 2", "Shop 3"]
    three = ["yellow pinup", "red pinup", "blue pinup"]
    assert len(moh.position(characters={1: three}, phase="c").at(1)) == 3
    with pytest.raises(ConfigError, match="capacity 3"):
        moh.position(characters={1: [*three, "green pinup"]})
    small = moh.Config(capacities=(2, 4, 4, None, 3, 6))
    with pytest.raises(ConfigError, match="capacity 2"):
        moh.position(characters={1: three}, config=small)
    with pytest.raises(ConfigError):
        moh.Config(capacities=(3, 4, 4, 9, 3, 6))   # the Parking Lot has no limit


def test_moh_R2_three_weapons_kill_one_and_three_kill_two():
    assert moh.Config().weapon_strengths == (1, 1, 1, 2, 2, 2)
    deck = dict(zip(moh.CARDS, moh.Config().deck(), strict=True))
    assert (deck["weapon1"], deck["weapon2"]) == (3, 3)
    fewer = moh.Config(weapon_strengths=(1, 1, 1, 1, 2, 2))
    other = dict(zip(moh.CARDS, fewer.deck(), strict=True))
    assert (other["weapon1"], other["weapon2"]) == (4, 2)
    with pytest.raises(ConfigError, match="MoH-R2"):
        moh.Config(weapon_strengths=(1, 1, 1, 2, 2, 3))
