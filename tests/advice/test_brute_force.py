"""Exact advice equals a brute force through the public Match API (issue 30, must hold 1).

On at least 30 decision points per game (every few decisions of seeded random matches),
each legal choice's exact expected score and measures from :func:`boardlab.advice.advise`
equal :mod:`tests.advice.brute`'s push/pop enumeration, under random opponents, and on
some of them under the heuristic agent's mixture and to the end of the phase.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import islice
from typing import Any

import pytest

from boardlab import registry
from boardlab.advice import advise
from boardlab.gamekit.spec import GameSpec
from tests.advice import brute
from tests.shares import CHECK, PARTS, first_or_rest, share

#: Plies of the horizon per game: Breakout's roll call offers some 60 choices a ply.
PLIES = {"mall-of-horror": 4, "lockup-breakout": 2, "level7-lockdown": 4}
GAMES = list(PLIES)

#: A time budget no loaded machine reaches: exactness here must not depend on the load.
SLOW = 3600


def _rows(match: Any, **kw: Any) -> list[tuple[Fraction, ...]]:
    a = advise(match, budget={"seconds": SLOW, "matches": 0}, omniscient=True, **kw)
    assert all(r.exact for r in a.rows)
    assert [r.choice for r in a.rows] == list(match.legal())
    return [(r.score, *r.values.values()) for r in a.rows]


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("game_name", GAMES)
def test_exact_values_equal_the_brute_force_on_30_positions(game_name: str, part: str) -> None:
    # make check: every eighth position (4 of 32), make test the other 28 too.
    game = registry.get(game_name)
    plies = PLIES[game_name]
    points = list(islice(brute.decision_points(game, range(12), 5), 32))
    assert len(points) >= 30
    differ = 0
    for match in share(points, part, 8):
        before = match.to_json()
        expected = brute.choice_values(game, match, plies)
        assert _rows(match, horizon=plies) == expected, (game_name, match.ply)
        assert match.to_json() == before
        differ += len(set(expected)) > 1
    # The check can fail: on some positions the choices' values differ.
    assert differ > 0 or part == CHECK


@pytest.mark.parametrize("game_name", GAMES)
def test_heuristic_opponents_are_the_agents_exact_mixture(game_name: str) -> None:
    game = registry.get(game_name)
    plies = min(PLIES[game_name], 3)
    for match in islice(brute.decision_points(game, range(20, 23), 6), 5):
        expected = brute.choice_values(game, match, plies, kind="heuristic")
        assert _rows(match, horizon=plies, opponents="heuristic") == expected


def _small_phase(game: Any, match: Any, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether the plain enumeration (no parts, no vote plans) values ``match``'s phase
    exactly within 400 positions, and needs at least 5."""
    with monkeypatch.context() as m:
        for hook in ("advice_parts", "advice_leap"):
            m.setattr(type(game), hook, getattr(GameSpec, hook))
        a = advise(match, horizon="phase", budget={"seconds": SLOW, "matches": 0, "nodes": 400},
                   omniscient=True)
    return a.exact and a.nodes >= 5


@pytest.mark.parametrize("part", PARTS)
def test_to_the_end_of_the_phase_in_mall_of_horror(part: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("mall-of-horror")
    wanted = first_or_rest(part, 6)  # make check: the first position, make test the others

    def mark(state: Any) -> Any:
        return game.advice_mark(state, "phase")
    checked = 0
    for match in brute.decision_points(game, range(30, 40), 4, players=3):
        # Phases whose tree is small (a few hundred positions): the brute force pushes
        # and pops every one of them. The size is asked of the plain enumeration (the
        # game's parts and vote plans off): with them a much bigger phase fits 400 nodes,
        # and its brute force took 353 s.
        if not _small_phase(game, match, monkeypatch):
            continue
        if checked in wanted:
            a = advise(match, horizon="phase", budget={"seconds": SLOW, "matches": 0},
                       omniscient=True)
            assert a.exact
            expected = brute.choice_values(game, match, 0, mark=mark)
            assert [(r.score, *r.values.values()) for r in a.rows] == expected
        checked += 1
        if checked == wanted.stop:
            break
    assert checked == wanted.stop


@pytest.mark.parametrize("part", PARTS)
def test_the_seats_view_is_the_weighted_sum_of_its_worlds(part: str) -> None:
    # Without omniscient=True a row is the chance-weighted mean over the worlds the seat
    # cannot tell apart, each valued on its own (the seat's later choices per world).
    from boardlab.core.engine import Match

    game = registry.get("mall-of-horror")
    wanted = first_or_rest(part, 4)  # make check: the first position, make test the others
    checked = 0
    for match in brute.decision_points(game, range(50, 60), 5, players=3):
        seat = match.to_move
        worlds, exact, _ = game.advice_worlds(match.state, seat, limit=10**6, seed=0)
        assert exact and sum(p for _, p in worlds) == 1
        view = game.rules.observe(match.state, seat)
        assert match.state in dict(worlds)
        assert all(game.rules.observe(w, seat) == view and not game.rules.invariants(w)
                   for w, _ in worlds)
        if not 1 < len(worlds) <= 12:
            continue
        if checked not in wanted:
            checked += 1
            continue
        mine = advise(match, horizon=3, budget={"seconds": SLOW, "matches": 0})
        total = [Fraction(0)] * len(mine.rows)
        for world, p in worlds:
            m = Match(game.rules, world.setup, state=world)
            for i, row in enumerate(advise(m, horizon=3, budget={"seconds": SLOW, "matches": 0},
                                           omniscient=True).rows):
                total[i] += p * row.score
        assert [r.score for r in mine.rows] == total
        checked += 1
        if checked == wanted.stop:
            break
    assert checked == wanted.stop
