"""The boards of issue 29 in words and sizes: buttons on only when they do something, the
rare choices last, the game's own terms, pictures drawn at their own size.

The browser test (tests/browser/test_board_layout.py) measures the texts on the page;
these check the same boards from Python, without a browser.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from boardlab import level7_lockdown as l7
from boardlab import lockup_breakout as lb
from boardlab import mall_of_horror as moh

SVG = "{http://www.w3.org/2000/svg}"


def test_reroll_is_on_only_while_steps_are_recorded_ahead() -> None:
    board = moh.Board(moh.new_match(players=4, seed=3))
    reroll = board.stepper.buttons["reroll"]
    assert board.match.ply == 0 and reroll.disabled        # nothing drawn ahead yet
    board.play_round()
    assert reroll.disabled                                  # playing on records nothing ahead
    board.back()
    assert board.ahead == 1 and not reroll.disabled         # Back: a recorded step ahead
    board.step()
    assert board.ahead == 0 and reroll.disabled
    board.back()
    board.reroll(seed=5)
    assert board.ahead == 0 and reroll.disabled             # the recorded future is gone


def test_level7_offers_falling_down_last() -> None:
    board = l7.Board(l7.new_match(players=2, seed=1), seat="Leo")
    assert board.choice_labels == ["move to Storage Bay",
                                   "explore through the north door of Hub",
                                   "end this step", "fall down"]
    assert board.status.startswith("Leo to choose: pick one of your choices by the picture")
    # the order is the board's only: the rules list falling down first, and unchanged
    assert type(board.match.legal()[0]).__name__ == "FallDown"
    assert sorted(map(repr, board.offered)) == sorted(map(repr, board.match.legal()))


def test_level7_odds_titles_are_words() -> None:
    board = l7.Board(l7.new_match(players=1, seed=2), seat="Leo")
    title = board.odds_title(board.match.state)
    assert title == ("Chance of getting away from an enemy, or of a peek, from here "
                     "(the die is an invented stand-in, L7-R2)")
    assert "P(" not in title and "/" not in title


def test_breakout_roll_call_reads_in_the_games_terms() -> None:
    board = lb.Board(lb.new_match(players=3, seed=1), seat="red")
    board.play_round()
    assert board.choice_pad.groups[:2] == ["strength 1 token", "strength 2 token"]
    assert "the seeker" in board.choice_pad.groups
    assert all(re.fullmatch(r"your (strength \d token|seeker) to \d [A-Za-z' ]+"
                            r"(, face down)?", label) for label in board.choice_labels)


def test_breakout_draws_the_goons_on_their_locations() -> None:
    match = lb.play(players=3, seed=1)
    match.seek(60)
    state = match.state
    root = ET.fromstring(lb.render_svg(state))
    drawn = {g.get("data-goon") for g in root.iter(f"{SVG}g") if g.get("class") == "goon"}
    assert drawn == {name for name in state.goon_spaces if name}
    assert drawn          # this position has goons to recruit


@pytest.mark.parametrize("board", [
    lambda: moh.Board(moh.new_match(players=4, seed=3)),
    lambda: lb.Board(lb.new_match(players=3, seed=1)),
    lambda: l7.Board(l7.new_match(players=2, seed=1)),
], ids=["mall_of_horror", "breakout", "level7"])
def test_a_boards_picture_is_drawn_at_its_own_size_with_text_of_11_or_more(board) -> None:
    b = board()
    root = ET.fromstring(b.svg)
    _, _, view_w, _ = (float(v) for v in root.get("viewBox").split())
    assert float(root.get("width")) == view_w               # a unit is a CSS pixel
    assert view_w <= b.picture_width or b.picture_scrolls
    sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")
             if t.get("font-size")]
    assert sizes and min(sizes) >= 11
