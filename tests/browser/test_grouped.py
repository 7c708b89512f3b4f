"""The grouped choice pad in a real Chromium (Voilà): pick a group, then a choice in it.

grouped_demo.ipynb shows red's seat with ``group_above=0``, so red's placements come
grouped by character. A shadow board in the test process makes the same moves, and the
page must show exactly its groups, its selected group and that group's choices.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from tests.browser.conftest import Blocked, Server
from tests.browser.pages import WAIT_MS, BoardPage, expect

pytestmark = pytest.mark.browser


def test_voila_pick_a_group_then_a_choice(grouped_voila_server: Server, page_of: Any,
                                          blocked: Blocked) -> None:
    page = page_of
    page.goto(f"{grouped_voila_server.url}/?token={grouped_voila_server.token}",
              timeout=WAIT_MS)
    board = BoardPage(page)
    shadow = moh.Board(moh.new_match(players=4, seed=3), seat="red", group_above=0)
    board.expect_like(shadow)

    board.click("phase")
    shadow.play_phase()
    shown = board.expect_like(shadow)  # the groups, none selected, no choice buttons yet
    assert shadow.choice_pad.groups == ["Pin-Up", "Tough Guy", "Gunman"]
    assert shown.choices == () and board.group_buttons.count() == 3

    board.pick_group("Gunman")
    shadow.choice_pad.select("Gunman")
    shown = board.expect_like(shadow)
    assert shown.choices == ("place Gunman at 4", "place Gunman at 6")

    board.pick_group("Pin-Up")  # another group replaces the buttons
    shadow.choice_pad.select("Pin-Up")
    shown = board.expect_like(shadow)
    assert shown.choices == ("place Pin-Up at 4", "place Pin-Up at 6")

    board.pick("place Pin-Up at 6")
    index = shadow.choice_labels.index("place Pin-Up at 6")
    shadow.choose(shadow.offered[index])
    shown = board.expect_like(shadow)
    assert shown.status == ("Setup · to move: chance · "
                            "last: red places the Pin-Up at 6 Supermarket")
    assert shadow.match.records[-1].choice == moh.Place("pinup", 6)
    expect(board.group_buttons).to_have_count(0)
    assert all("127.0.0.1" not in url for url in blocked.urls)
