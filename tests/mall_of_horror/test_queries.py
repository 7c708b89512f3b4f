"""The queries: one definition per fact, exact on described positions, and the engine's
fast paths agree with them on every state of many random matches."""

from __future__ import annotations

import pytest

from boardlab import mall_of_horror as moh
from boardlab.mall_of_horror import facts
from boardlab.mall_of_horror import queries as q
from boardlab.mall_of_horror.config import LOCATIONS, PARKING
from boardlab.mall_of_horror.observe import observe, public_view
from boardlab.mall_of_horror.rules.worker import Work


@pytest.fixture
def board():
    return moh.position(players=4, characters={
        1: ["red pinup", "yellow toughguy"], 3: ["blue pinup", "green gunman", "red toughguy"],
        4: ["yellow pinup", "blue gunman"], 6: ["green toughguy", "red gunman",
                                                   "blue toughguy", "yellow gunman"]},
        zombies={1: 3, 3: 2, 4: 1, 6: 4}, chief="blue", phase="c")


def test_defence_counts_a_tough_guy_twice_and_hardware(board) -> None:
    assert [q.defence(board, loc) for loc in LOCATIONS] == [3, 0, 4, 2, 0, 6]
    with_hardware = board._replace(hardware=(0, 0, 2, 0, 0, 0))
    assert q.defence(with_hardware, 3) == 6


def test_break_in_threshold_supermarket_capped_parking_one(board) -> None:
    assert q.break_in_threshold(board, 6) == 4          # defence 6, at most 4
    assert q.break_in_threshold(board, 3) == 4
    assert q.break_in_threshold(board, PARKING) == 1    # any zombie eats
    assert q.break_in_threshold(board, 1, arriving=2) == 5
    assert q.break_in_threshold(board, 6, arriving=2) == 4


def test_turn_order_eligible_and_vote_weights(board) -> None:
    assert q.turn_order(board) == ("blue", "green", "yellow", "red")
    assert q.eligible_colours(board, 6) == ("blue", "green", "yellow", "red")
    assert q.vote_weights(board, 6) == (("blue", 1), ("green", 1), ("yellow", 2), ("red", 2))
    hidden = board._replace(hidden=(("red", "gunman"),))
    assert q.eligible_colours(hidden, 6) == ("blue", "green", "yellow")
    assert q.vote_weights(hidden, 6, threats=[("green", 2)]) == (
        ("blue", 1), ("green", 3), ("yellow", 2))
    assert q.eligible_colours(board, 2) == ()


def test_destination_options_scores_and_the_end(board) -> None:
    assert q.destination_options(board, "red") == (1, 3, 4, 5, 6)      # spread out: all
    assert q.destination_options(board, "green") == (1, 3, 4, 5, 6)
    alone = moh.position(players=4, characters={6: ["red pinup", "red gunman"],
                                                1: ["blue pinup"]}, sealed=[3])
    assert q.destination_options(alone, "red") == (1, 4, 5)
    assert q.destination_options(alone, "green") == ()
    assert q.scores(board) == {"yellow": 15, "red": 15, "blue": 15, "green": 8}
    assert q.end_reason(board) is None
    assert q.end_reason(alone) == "3 characters alive, at most 4"


def test_extra_zombies_and_under_attack(board) -> None:
    # most characters: 6 (four); most Pin-Ups: a three-way tie of one each, none.
    assert q.extra_zombies(board) == {6: 1}
    # 1: 3 zombies against defence 3; 3: 2 against 4 holds; 4: any zombie eats; 6: 4 of 4
    assert q.under_attack(board) == (1, 4, 6)
    fewer = board._replace(zombies=(3, 0, 2, 1, 0, 3))
    assert q.under_attack(fewer) == (1, 4)
    assert q.under_attack(fewer, with_extra_zombies=True) == (1, 4, 6)


def test_queries_read_a_players_view_the_same_as_the_state(board) -> None:
    for view in (observe(board, "red"), public_view(board)):
        assert q.defence(view, 6) == q.defence(board, 6)
        assert q.scores(view) == q.scores(board)
        assert q.eligible_colours(view, 3) == q.eligible_colours(board, 3)


def test_every_query_is_exported_from_the_game(board) -> None:
    # moh exports each query with its arguments checked (boardlab.mall_of_horror.facts,
    # for hostile input: test_moh_hostile_props.py); the answers are the query's own.
    # ``scores`` is the front door's (every game has it), which asks facts.scores.
    for name in ("break_in_threshold", "characters_at", "defence", "destination_options",
                 "eligible_colours", "end_reason", "extra_zombies", "is_open",
                 "location_label", "turn_order", "under_attack", "vote_weights"):
        assert getattr(moh, name) is getattr(facts, name), name
        assert name in moh.__all__
    assert "scores" in moh.__all__ and moh.scores is moh.api.scores
    assert moh.scores(board) == facts.scores(board)
    for view in (board, observe(board, "red"), public_view(board)):
        for loc in range(1, 7):
            for name in ("characters_at", "is_open", "defence", "break_in_threshold",
                         "eligible_colours", "vote_weights"):
                assert getattr(moh, name)(view, loc) == getattr(q, name)(view, loc), name
        for name in ("turn_order", "scores", "end_reason", "extra_zombies", "under_attack"):
            assert getattr(moh, name)(view) == getattr(q, name)(view), name
        for colour in board.setup.colours:
            assert moh.destination_options(view, colour) == q.destination_options(view,
                                                                                   colour)
    assert moh.vote_weights(board, 6, [("blue", 1)]) == q.vote_weights(board, 6,
                                                                       [("blue", 1)])
    assert moh.location_label(board.setup.config, 6) == "6 Supermarket"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_engine_agrees_with_the_queries_on_every_state(players: int) -> None:
    # The rules answer these questions from indexes on their hot path; the answers must be
    # the queries' answers, state after state.
    checked = {"ballot": 0, "destination": 0, "end": 0, "work": 0}
    for seed in range(25):
        match = moh.play(players, seed=seed)
        for record in match.records:
            state = record.after
            p = state.pending
            if p.kind == "ballot" and not p.second and p.index == 0:
                assert p.candidates == q.eligible_colours(state, p.location)
                assert p.weights == q.vote_weights(state, p.location, p.threats)
                checked["ballot"] += 1
            if p.kind == "destination":
                colour = p.order[p.index]
                assert tuple(d.location for d in moh.RULES.legal(state)) == \
                    q.destination_options(state, colour)
                checked["destination"] += 1
            if state.phase in ("c", "f"):
                w = Work(state)
                for loc in LOCATIONS:
                    assert w.defence(loc) == q.defence(state, loc)
                    if loc != PARKING:
                        assert w.threshold(loc) == q.break_in_threshold(state, loc)
                    assert w.eligible(loc) == q.eligible_colours(state, loc)
                    assert w.count(loc) == len(q.characters_at(state, loc))
                checked["work"] += 1
        final = match.state
        (over,) = [e for e in match.records[-1].events if e.kind == "game_over"]
        assert dict(over.data["scores"]) == q.scores(final) == moh.RULES.scores(final)
        assert over.summary.startswith(f"The rescue arrives: {q.end_reason(final)}. ")
        checked["end"] += 1
    assert min(checked.values()) >= 25, checked
