"""``moh.position`` in phase e) and with the facts of a round in progress (issue 11).

The strongest check: positions described from the public and private facts of real
seeded matches (at the start of phase d) and e)) equal the states the engine reached
itself. Then each in-round fact on its own, with exact consequences, and its refusals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE
from boardlab.core.errors import ConfigError
from boardlab.mall_of_horror.config import CARDS


def _facts(state: moh.State) -> dict[str, Any]:
    """The keyword arguments of ``moh.position`` that describe ``state``'s facts."""
    characters: dict[int, list[tuple[str, str]]] = {}
    for c, k, loc in state.chars:
        characters.setdefault(loc, []).append((c, k))
    return dict(players=state.setup.players, config=state.config, characters=characters,
                zombies={loc: n for loc, n in enumerate(state.zombies, 1) if n},
                hands={c: list(h) for c, h in zip(state.seats, state.hands, strict=True)},
                discard={card: n for card, n in zip(CARDS, state.discard, strict=True) if n},
                chief=state.chief, chief_elected=state.chief_elected, round=state.round,
                sealed=state.sealed, eliminated=dict(state.eliminated),
                bottom=state.bottom)


def _same(built: moh.State, reached: moh.State) -> None:
    """Equal states, except that the eaten characters are listed in the order eaten."""
    assert sorted(built.eaten) == sorted(reached.eaten)
    assert built._replace(eaten=()) == reached._replace(eaten=())


def _phase_d_and_e(players: int, seed: int) -> Iterator[tuple[moh.State, moh.State]]:
    """(start of phase d, start of phase e) pairs of one seeded heuristic match, for the
    rounds in which no eliminated player drops a zombie (that happens in between)."""
    match = moh.new_match(players=players, seed=seed)
    agent = moh.HeuristicAgent(seed)
    start_d = None
    dropped = False
    while not match.is_over:
        s = match.state
        if s.pending.kind == "destination" and s.pending.index == 0 and not s.destinations:
            start_d, dropped = s, False
        if s.pending.kind == "zombie_drop":
            dropped = True
        if s.pending.kind == "move" and s.pending.index == 0 and start_d is not None:
            if not dropped and s.round == start_d.round:
                yield start_d, s
            start_d = None
        if match.to_move is CHANCE:
            match.roll()
        else:
            match.push(agent.choose(match.observe(match.to_move), match.legal()))


def test_positions_in_phases_d_and_e_equal_the_engines_own_states() -> None:
    checked_d = checked_e = 0
    for players in (3, 4, 5, 6):
        for seed in range(3):
            for d, e in _phase_d_and_e(players, seed):
                facts = _facts(d)
                built_d = moh.position(**facts, phase="d", roll=d.roll, lookers=d.lookers)
                _same(built_d, d)
                built_e = moh.position(**facts, phase="e", roll=d.roll,
                                       destinations=dict(e.destinations))
                _same(built_e, e)
                checked_d += 1
                checked_e += 1
    assert checked_e > 30  # many rounds of 12 matches, every player count


def test_phase_e_places_the_given_roll_and_seals() -> None:
    """The roll arrives at the start of phase e): an empty location with enough zombies
    is sealed (MoH-e-seal) before anyone moves."""
    s = moh.position(characters={6: ["red pinup", "blue pinup"], 4: ["yellow pinup"],
                                 1: ["green pinup"], 3: ["red toughguy"]},
                     zombies={5: 7}, destinations={"yellow": 6, "red": 4, "blue": 3,
                                                   "green": 6},
                     roll=(5, 5, 6, 6), phase="e")
    assert s.sealed == (5,) and s.zombies == (0, 0, 0, 0, 0, 2)
    assert s.roll == () and s.lookers == ()
    assert s.destinations == (("yellow", 6), ("red", 4), ("blue", 3), ("green", 6))
    assert s.pending.kind == "move" and s.pending.order == ("yellow", "red", "blue", "green")


_E = dict(characters={6: ["red pinup", "blue pinup"], 4: ["yellow pinup"],
                      1: ["green pinup"]}, phase="e")


@pytest.mark.parametrize(("kwargs", "words"), [
    (dict(destinations={"yellow": 6, "red": 3, "blue": 3, "green": 6}),
     "roll: phase e) starts with the arrival roll"),
    (dict(roll=(1, 2, 3), destinations={"yellow": 6, "red": 3, "blue": 3, "green": 6}),
     "roll: the arrival roll has 4 dice"),
    (dict(roll=(1, 2, 3, 7), destinations={"yellow": 6, "red": 3, "blue": 3, "green": 6}),
     "roll (a die face): 1 to 6 (MoH-c) (got 7)"),
    (dict(roll=(1, 2, 3, 4), destinations={"yellow": 6, "red": 3, "blue": 3}),
     "destinations: green chose a destination in phase d)"),
    (dict(roll=(1, 2, 3, 4), destinations={"yellow": 6, "red": 6, "blue": 3, "green": 6}),
     "destinations['red']: red cannot choose 6"),
    (dict(roll=(1, 2, 3, 4), destinations={"yellow": 6, "red": 2, "blue": 3, "green": 6}),
     "destinations['red']: red cannot choose 2"),
    (dict(roll=(1, 2, 3, 4), destinations={"yellow": 6, "red": 3, "blue": 3, "green": 6,
                                           "purple": 1}),
     "destinations: 'purple' has no character left"),
    (dict(roll=(1, 2, 3, 4), destinations={"yellow": True, "red": 3, "blue": 3,
                                           "green": 6}),
     "destinations['yellow']: expected a whole number, not a bool (got True)"),
    (dict(roll=(1, 2, 3, 4), destinations=[6, 3, 3, 6]), "destinations: expected a mapping"),
    (dict(roll=(1, 2, 3, 4), lookers=["red"],
          destinations={"yellow": 6, "red": 3, "blue": 3, "green": 6}), None),
])
def test_phase_e_refusals_name_the_argument(kwargs: dict[str, Any], words: str | None
                                            ) -> None:
    if words is None:  # lookers in phase e are forgotten: the roll is on the table now
        assert moh.position(**_E, **kwargs).lookers == ()
        return
    with pytest.raises(ConfigError) as caught:
        moh.position(**_E, **kwargs)
    assert words in str(caught.value), str(caught.value)


_D = dict(characters={6: ["red pinup", "blue pinup"], 4: ["yellow pinup"],
                      1: ["green pinup"]}, phase="d")


def test_phase_d_roll_and_who_saw_it() -> None:
    plain = moh.position(**_D, roll=(6, 1, 4, 1))
    assert plain.roll == (1, 1, 4, 6) and plain.lookers == ()
    elected = moh.position(**_D, roll=(1, 1, 4, 6), chief="red", chief_elected=True)
    assert elected.lookers == ("red",)
    camera = moh.position(**_D, roll=(1, 1, 4, 6), lookers=["green", "blue"])
    assert camera.lookers == ("green", "blue")
    # What the players see: the lookers see the roll, the others do not.
    assert moh.observe(camera, "green").roll == (1, 1, 4, 6)
    assert moh.observe(camera, "red").roll in ((), None)
    with pytest.raises(ConfigError, match="lookers: unknown colour 'purple'"):
        moh.position(**_D, roll=(1, 1, 4, 6), lookers=["purple"])
    with pytest.raises(ConfigError, match="lookers: without a roll"):
        moh.position(**_D, lookers=["red"])
    with pytest.raises(ConfigError, match=r"roll: the arrival roll is given only .* phase c"):
        moh.position(**{**_D, "phase": "c"}, roll=(1, 1, 4, 6))


def test_bottom_cards_are_drawn_when_the_deck_is_empty() -> None:
    """Known cards under the deck (MoH-R9): out of the unseen deck, drawn last."""
    hands = {"yellow": ["threat", "threat", "threat", "camera", "camera", "camera"],
             "red": ["sprint", "sprint", "sprint", "hardware", "hardware", "hardware"],
             "blue": ["weapon1", "weapon1", "weapon1", "weapon2", "weapon2"],
             "green": ["hidden", "hidden"]}
    s = moh.position(characters={4: ["red pinup"], 6: ["yellow pinup"]}, hands=hands,
                     bottom=["hidden", "weapon2"], phase="c")
    assert s.deck == (0,) * 7 and s.bottom == ("hidden", "weapon2") and s.deck_size == 2
    # Red alone at the Parking Lot searches (forced) and draws the two known cards.
    s = moh.position(characters={4: ["red pinup"], 6: ["yellow pinup"]}, hands=hands,
                     bottom=["hidden", "weapon2"], phase="a")
    assert s.pending.kind == "truck_split" and s.pending.chosen == "red"
    assert s.pending.drawn == ("hidden", "weapon2") and s.bottom == ()
    with pytest.raises(ConfigError, match="4 hidden cards in play, but the box has 3"):
        moh.position(characters={4: ["red pinup"], 6: ["yellow pinup"]}, hands=hands,
                     bottom=["hidden", "hidden"], phase="a")
    with pytest.raises(ConfigError, match="bottom: unknown card 'nuke'"):
        moh.position(characters={4: ["red pinup"]}, bottom=["nuke"], phase="a")


_F = dict(characters={6: ["red pinup", "blue pinup"], 3: ["yellow pinup", "green pinup"]},
          zombies={3: 2}, phase="f")


def test_hardware_already_played_counts_in_the_defence() -> None:
    """Two Pin-Ups at 3 hold off 1 zombie; 2 zombies break in (MoH-R5) unless a Hardware
    played this round adds 1 to the defence (MoH-f-cards)."""
    attacked = moh.position(**{**_F, "zombies": {3: 2}})
    assert attacked.pending.location == 3  # the sacrifice at 3 is under way
    held = moh.position(**{**_F, "zombies": {3: 2}}, hardware={3: 1})
    assert held.hardware == (0, 0, 1, 0, 0, 0) and held.discard[CARDS.index("hardware")] == 1
    assert held.pending.location != 3
    with pytest.raises(ConfigError, match="hardware: no Hardware can be played at 4"):
        moh.position(**_F, hardware={4: 1})
    with pytest.raises(ConfigError, match=r"hardware\[3\]: expected a whole number, got a float"):
        moh.position(**_F, hardware={3: 0.5})


def test_hidden_characters_do_not_vote_and_cannot_be_chosen() -> None:
    """The sacrifice at 3: with yellow's Pin-Up hidden, green is the only candidate and
    is chosen without a vote, so green's Pin-Up is eaten (MoH-R7, MoH-f-cards)."""
    open_vote = moh.position(**_F)
    assert open_vote.pending.kind == "ballot" and open_vote.pending.location == 3
    assert open_vote.pending.candidates == ("yellow", "green")
    hidden = moh.position(**_F, hidden=["yellow pinup"])
    assert hidden.hidden == (("yellow", "pinup"),)
    assert hidden.discard[CARDS.index("hidden")] == 1
    assert set(hidden.eaten) - set(open_vote.eaten) == {("green", "pinup")}
    assert hidden.where("yellow", "pinup") == 3
    with pytest.raises(ConfigError, match="hidden: 'red' 'toughguy' is not standing"):
        moh.position(**_F, hidden=["red toughguy"])


def test_threats_already_played_count_in_the_vote() -> None:
    """A Threat played before the Chief vote adds one vote (MoH-voting-threat)."""
    chars = {5: ["red pinup", "blue pinup"], 6: ["yellow pinup"], 4: ["green pinup"]}
    ballots = moh.position(characters=chars, threats={"blue": 1}, phase="b")
    assert ballots.pending.kind == "ballot"
    assert dict(ballots.pending.weights) == {"red": 1, "blue": 2}
    assert ballots.pending.threats == (("blue", 1),)
    # The same vote reached by play: blue plays its Threat, red passes.
    played = moh.new_match(start=moh.position(characters=chars, phase="b",
                                              hands={"blue": ["threat"], "red": ["threat"]}))
    assert played.state.pending.order == ("red", "blue")
    played.push(moh.Pass())
    played.push(moh.PlayCard("threat", 5))
    given = moh.new_match(start=moh.position(characters=chars, phase="b",
                                             hands={"red": ["threat"]}, threats={"blue": 1}))
    given.push(moh.Pass())
    _same(given.state, played.state)


@pytest.mark.parametrize(("kwargs", "words"), [
    (dict(threats={"blue": 1}, phase="c"), "threats: Threat cards are played before"),
    (dict(threats={"yellow": 1}, phase="b"), "threats: yellow has no character voting at 5"),
    (dict(threats={"purple": 1}, phase="b"), "threats: unknown colour 'purple'"),
    (dict(threats={"blue": 4}, phase="b"), "4 threat cards in play, but the box has 3"),
    (dict(threats={"blue": "1"}, phase="b"), "threats['blue']: expected a whole number, got a "
                                             "str (got '1')"),
])
def test_threat_refusals(kwargs: dict[str, Any], words: str) -> None:
    chars = {5: ["red pinup", "blue pinup"], 6: ["yellow pinup"], 4: ["green pinup"]}
    with pytest.raises(ConfigError) as caught:
        moh.position(characters=chars, **kwargs)
    assert words in str(caught.value), str(caught.value)


def test_threats_need_a_vote_to_be_played_in() -> None:
    with pytest.raises(ConfigError, match=r"threats: no vote opens phase b\)"):
        moh.position(characters={5: ["red pinup"], 6: ["blue pinup"]}, threats={"red": 1},
                     phase="b")
