"""A seat's board shows only what that seat may know, in every game (issue 26).

Pairs of matches are built from the game's own rules and ``observe``: the same history
up to a ply, then two different choices or chance outcomes at that ply — another seat's
secret vote, a card dealt face down, a roll only some may look at — whose resulting
states a seat ``v`` observes as equal (``observe(a, v) == observe(b, v)``) although the
states differ. Everything ``v``'s board shows (the picture, the odds panel, the log,
the status line, the choice pad: the whole widget tree's state) must then be the same
on both. Up to 500 such pairs per game (half of them after a chance outcome, half after a
decision), from at least 1,000 states looked at from a seat, over the setups of the
game's soak plan.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from boardlab import registry
from boardlab.core.engine import CHANCE, Match
from tests.widgets.widget_state import tree_state

GAMES = [r.name for r in registry.BUILTIN]
PAIRS = 500
#: Alternatives tried at one ply (the first few that differ from the choice made).
TRIES = 4


def _matches(game: Any, rng: random.Random) -> Iterator[Match[Any, Any]]:
    module = __import__(game.package, fromlist=["play"])
    plan = game.soak_plan({o.name: o.soak_values for o in game.options})
    seed = 0
    while True:
        options = {k: v for k, v in plan[seed % len(plan)].items() if v is not None}
        yield module.play(seed=seed, **options)
        seed += 1


def hidden_pairs(game: Any, n: int, stats: dict[str, int] | None = None, *,
                 matches: int = 400, states: int | None = None,
                 seed: int = 0) -> Iterator[tuple[Any, Any, str]]:
    """``(match_a, match_b, seat)``: equal histories but for one ply, whose outcomes the
    seat cannot tell apart (its views of both states are equal; the states are not).

    Up to half of the ``n`` pairs come from chance outcomes and half from decisions (a
    decision tries every other legal choice: the secret ones are few among them); stops
    at ``n`` pairs or after ``matches`` matches (with ``states``: or after the match in
    which that many triples were looked at). ``stats["examined"]`` counts the (state,
    other outcome, seat) triples looked at, ``stats["pairs"]`` the pairs."""
    rules, rng = game.rules, random.Random(seed)
    stats = {} if stats is None else stats
    stats.update(examined=0, pairs=0, chance=0, decision=0)
    quota = n // 2
    for count, match in enumerate(_matches(game, rng)):
        if count >= matches or (states is not None and stats["examined"] >= states):
            return
        plies = range(len(match.records))
        for k in sorted(rng.sample(plies, min(len(plies), 40))):
            record = match.records[k]
            before, mover = record.before, rules.to_move(record.before)
            options = ([o for o, _ in rules.outcomes(before)] if mover is CHANCE
                       else list(rules.legal(before)))
            kind = "chance" if mover is CHANCE else "decision"
            if stats[kind] >= quota:
                continue
            others = [o for o in options if o != record.choice]
            rng.shuffle(others)
            # The seats' views of the state reached are the same for every other outcome
            # tried at this ply: computed once (observing is most of this loop's work).
            seen: dict[str, Any] = {}
            for other in others[:TRIES] if mover is CHANCE else others:
                after = rules.step(before, other)[0]
                if after == record.after:
                    continue
                for seat in game.seats(before):
                    if seat == mover:
                        continue
                    stats["examined"] += 1
                    if seat not in seen:
                        seen[seat] = rules.observe(record.after, seat)
                    if rules.observe(after, seat) != seen[seat]:
                        continue
                    a = match.branch(k + 1)
                    b = match.branch(k)
                    b.push(other)
                    stats["pairs"] += 1
                    stats[kind] += 1
                    yield a, b, seat
                    if stats["pairs"] >= 2 * quota:
                        return
                    break
                if stats[kind] >= quota:
                    break


def _board(game: Any, match: Match[Any, Any], seat: str) -> Any:
    module = __import__(game.package, fromlist=["Board"])
    return module.Board(match, seat=seat)


#: Games whose seats keep secrets from each other: every one must yield PAIRS pairs. Level
#: 7 keeps none (hands are open, L7-R21; the piles' make-up is public and their order is
#: not modelled: draws are uniform over what a pile holds), so no two of its states differ
#: only in what a seat cannot see — the test still looks at as many states.
SECRETS = {"mall-of-horror": True, "lockup-breakout": True, "level7-lockdown": False}


#: A game without secrets yields no pair, so its loop would play every one of its matches:
#: it stops after the match in which this many states were looked at from a seat (Mall
#: of Horror looks at about 3,000 for its 500 pairs; issue 26 asks for 1,000).
STATES = 10 * PAIRS


def _same_boards(game: Any, pairs: Iterator[tuple[Any, Any, str]]) -> dict[str, int]:
    """Compare the seat's two boards of every pair; the pairs checked after a chance
    outcome and after a decision."""
    kinds = {"chance": 0, "decision": 0}
    for a, b, seat in pairs:
        mover = game.rules.to_move(a.records[-1].before)
        kinds["chance" if mover is CHANCE else "decision"] += 1
        left, right = _board(game, a, seat), _board(game, b, seat)
        same = tree_state(left.widget) == tree_state(right.widget)
        assert same, (f"{game.name}: {seat}'s board differs after ply {a.ply} "
                      f"({a.records[-1].choice!r} vs {b.records[-1].choice!r})")
        assert left.match.state != right.match.state
    return kinds


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_a_seats_board_shows_only_what_the_seat_may_know(name: str) -> None:
    game = registry.get(name)
    stats: dict[str, int] = {}
    kinds = _same_boards(game, hidden_pairs(
        game, PAIRS, stats, states=None if SECRETS[name] else STATES))
    assert stats["examined"] >= 2 * PAIRS  # at least 1,000 states looked at from a seat
    if SECRETS[name]:
        # Up to half after a chance outcome, half after a decision; Breakout's secret
        # decisions are rare (a token's label is hidden, but the holding cell is public).
        assert stats["pairs"] >= PAIRS // 2 and kinds["chance"] == PAIRS // 2
        assert kinds["decision"] >= 10
    else:
        assert stats["pairs"] == 0


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_board_in_the_first_matches_shows_only_what_it_may_know(name: str) -> None:
    # make check's share of the test above: up to 20 pairs from at most 20 matches (Level
    # 7: until 1,000 states were looked at).
    game = registry.get(name)
    stats: dict[str, int] = {}
    kinds = _same_boards(game, hidden_pairs(game, 20, stats, matches=20,
                                            states=None if SECRETS[name] else 2 * PAIRS))
    assert stats["examined"] >= 80
    if SECRETS[name]:
        assert kinds["chance"] == 10 and stats["pairs"] == sum(kinds.values()) >= 10
    else:
        assert stats["pairs"] == 0
