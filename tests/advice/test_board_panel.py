"""The Advice toggle of every game's board: off by default, on shows ``advise``'s rows."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from boardlab.advice import advise
from boardlab.advice.panel import advice_table_html
from boardlab.advice.record import _num
from boardlab.core.chance import CHANCE

#: A small exact horizon, a time budget no loaded machine reaches: exactness here must not
#: depend on the load.
KEYWORDS: dict[str, Any] = {"horizon": 2, "budget": {"seconds": 3600, "matches": 0}}
#: Level 7 is advised by the narrator test below; its seated case (Back to an earlier
#: decision of the same seat, computed at 2 plies) ran past 5 minutes on the loaded
#: machine and is left for a position chosen with a smaller tree.
GAMES = ("mall_of_horror", "lockup_breakout")


def _decision(name: str) -> Any:
    """A match of ``name`` at a decision with a few choices (after at least one ply)."""
    game = importlib.import_module(f"boardlab.{name}")
    match = game.new_match(seed=4)
    while match.to_move is CHANCE or match.ply == 0 or len(match.legal()) > 8:
        match.roll() if match.to_move is CHANCE else match.push(match.legal()[0])
    return game, match


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_the_board_shows_the_seats_own_advice_and_follows_back_and_step(name: str) -> None:
    game, match = _decision(name)
    seat = match.to_move
    board = game.Board(match, seat=seat)
    assert not board.advice.on and board.advice.panel is None  # off: nothing built
    board.advice.keywords = dict(KEYWORDS)
    board.advice.set(True)
    panel = board.advice.panel
    assert panel is not None
    panel.wait(120)
    expected = advise(match.branch(), seat=seat, **KEYWORDS)
    assert len(expected.rows) == len(match.legal())
    assert panel.html.value == advice_table_html(expected)
    for row in expected.rows:  # the exact values shown are advise's rows
        assert row.exact and f"<td>{_num(row.score)}</td>" in panel.html.value
    shown, target = panel.html.value, match.ply
    calls: list[Any] = []
    real = panel._advise
    panel._advise = lambda m, **kw: calls.append(m.ply) or real(m, **kw)
    board.back()  # the position before: its own advice (computing), or none if not the seat's
    assert shown != panel.html.value and panel.html.value.count("★") == 0
    while board.match.ply < target:
        board.step()
    panel.wait(120)
    assert panel.html.value == shown and set(calls) <= {target - 1}  # from the cache
    board.advice.set(False)
    assert board.advice.panel is panel and not board.advice.on
    calls.clear()
    board.back()
    board.step()
    assert calls == []  # off: nothing computed


def test_a_spectator_sees_no_advice_and_a_player_only_their_own() -> None:
    game, match = _decision("mall_of_horror")
    mover = match.to_move
    other = next(p for p in ("red", "blue", "yellow", "green") if p != mover)
    for viewer, words in (("public", "spectator"), (other, f"it is {mover}&#x27;s decision")):
        board = game.Board(match.branch(), viewer=viewer, advice=True)
        assert board.advice.panel is not None and words in board.advice.panel.html.value


def test_the_narrator_board_advises_the_player_to_move() -> None:
    game, match = _decision("level7_lockdown")
    board = game.Board(match.branch())
    board.advice.keywords = dict(KEYWORDS)
    board.advice.set(True)
    assert board.advice.panel is not None
    board.advice.panel.wait(120)
    html = board.advice.panel.html.value
    assert html == advice_table_html(advise(match.branch(), seat=match.to_move, **KEYWORDS))


def test_a_failure_shows_one_line() -> None:
    game, match = _decision("mall_of_horror")
    board = game.Board(match, seat=match.to_move)
    board.advice.keywords = {"horizon": 0}
    board.advice.set(True)
    assert board.advice.panel is not None
    board.advice.panel.wait(60)
    html = board.advice.panel.html.value
    assert html.startswith("<i>No advice: horizon") and html.count("<") == 2
