"""The positions the layout test measures cover what a board can show (no browser needed).

``layout_demo.ipynb`` shows :func:`board_positions.positions` of every game; the layout
test is only as good as that spread. Here it is checked in Python: every game has boards
at the start and at the end of a match, seated boards with their choices on show (a
grouped pad opened at a group among them), boards with odds, an unseated board, the
solo and the multi-player setups, a long list of choices (grouped, or in a dropdown),
and one explainer; and :func:`count` is what the
notebook shows. The boards with the Advice panel on (:func:`board_positions.advised`)
show a computed panel: exact rows, then estimated rows with the chance to win.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser import board_positions as bp


@pytest.mark.parametrize("game", bp.GAMES)
def test_the_positions_cover_what_a_board_shows(game: str) -> None:
    shown = list(bp.positions(game))
    assert len(shown) == bp.count(game)
    boards = [w for kind, w in shown if kind == "board"]
    assert [kind for kind, _ in shown].count("explainer") == 1
    assert any(b.match.ply == 0 for b in boards)
    assert any(b.match.to_move is None for b in boards)                 # over
    seated = [b for b in boards if b.seat is not None]
    assert seated and all(b.offered for b in seated)
    # a long list: a grouped pad opened at a group, or a dropdown
    assert any(b.choice_pad.group is not None or b.choice_pad.dropdown is not None
               for b in seated)
    assert any(b.choice_pad.buttons for b in seated)
    assert any(b.seat is None for b in boards)
    assert any(b.odds for b in boards)
    players = {len(b.players(b.match.state)) for b in boards}
    assert len(players) >= 2                                            # setups differ
    for b in boards:
        b.close()


@pytest.mark.parametrize("game", bp.GAMES)
def test_the_advised_boards_show_computed_panels(game: str) -> None:
    boards = list(bp.advised(game))
    assert len(boards) == len(bp.ADVICE_KEYWORDS) == bp.advised_count() // len(bp.GAMES)
    for board, keywords in zip(boards, bp.ADVICE_KEYWORDS, strict=True):
        assert board.advice.on and board.seat == board.match.to_move
        panel = board.advice.panel
        assert panel is not None and panel.status.value == ""
        html, rows = panel.html.value, len(board.match.legal())
        assert rows >= 2 and html.count("<tr>") == 1 + rows and html.count("★") == 1
        exact = keywords["budget"].get("nodes") != 0   # the second has no exact node
        assert html.count(">exact<") == (rows if exact else 0)
        assert html.count(">estimated<") == (0 if exact else rows)
        assert html.count("%</td>") == (0 if exact else rows)   # the chance to win
        board.close()


def test_the_layout_notebook_is_layout_cells() -> None:
    # The layout test runs the notebook's cells one at a time, waiting after each for the
    # boards layout_cells says it shows: the two must not drift apart.
    nb = json.loads((Path(bp.__file__).parent / "layout_demo.ipynb").read_text())
    code = [c["source"] for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0] == "from tests.browser import board_positions as bp"
    assert code[1:] == [source for source, _ in bp.layout_cells()]
    shown = [n for _, n in bp.layout_cells()]
    assert sum(shown) == sum(bp.count(g) for g in bp.GAMES) + bp.advised_count() == 57
    assert max(shown) == bp.PER_CELL


def test_show_with_a_count_goes_on_where_the_last_call_stopped(monkeypatch: Any) -> None:
    import IPython.display

    seen: list[Any] = []
    monkeypatch.setattr(IPython.display, "display", seen.append)
    monkeypatch.setattr(bp, "_LEFT", {})
    monkeypatch.setattr(bp, "positions", lambda game: iter([("board", i) for i in range(5)]))
    assert [bp.show("breakout", 2), bp.show("breakout", 2), bp.show("breakout", 2)] == [2, 2, 1]
    assert seen == [0, 1, 2, 3, 4]
