"""The Level 7 board and explainer in a real JupyterLab, driven by a real Chromium.

l7_demo.ipynb is opened and run (Run All Cells); each click is mirrored on a shadow
board in the test process (same seed, same match) and the page must come to show
exactly what the shadow computed (:meth:`BoardPage.expect_like`): status, log, SVG,
odds panel and the offered choices with their groups.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from boardlab import level7_lockdown as l7
from tests.browser.conftest import Server
from tests.browser.pages import WAIT_MS, BoardPage, ExplainerPage, expect

pytestmark = pytest.mark.browser

ARMORY_90 = "Armory at (2,0), turned 90°: doors south, west, north"


def shadow_board() -> Any:
    return l7.Board(l7.new_match(players=1, seed=2), seat="Leo", group_above=0)


@pytest.fixture(scope="module")
def lab_page(l7_lab_server: Server, page_of: Any) -> Iterator[Any]:
    page = page_of
    server = l7_lab_server
    page.goto(f"{server.url}/lab/tree/l7_demo.ipynb?token={server.token}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
           ).to_be_visible(timeout=WAIT_MS)
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-item", has_text=re.compile(r"^Run All Cells$")).click()
    BoardPage(page).wait_ready()
    expect(ExplainerPage(page).status).to_have_text(re.compile(r"\S"), timeout=WAIT_MS)
    yield page


def test_move_explore_rotate_step_back_and_odds(lab_page: Any) -> None:
    page, shadow = BoardPage(lab_page), shadow_board()
    start = page.expect_like(shadow)
    assert start.status == ("Leo to choose: pick one of your choices by the picture · "
                            "Round 1 · Leo's move step (2 moves left) · to move: Leo")
    assert start.odds == ()                       # a decision with no chance in it
    expect(page.group_buttons).to_have_count(3)   # move, explore, other
    expect(page.button("step")).to_be_disabled()  # Leo must choose

    # a move, picked through the grouped pad
    page.pick_group("move")
    shadow.choice_pad.select("move")
    page.expect_like(shadow)
    page.pick("move to Storage Bay")
    shadow.choose(shadow.offered[shadow.choice_labels.index("move to Storage Bay")])
    moved = page.expect_like(shadow)
    assert moved.status.endswith("last: Leo walks into the gas cloud and discards an "
                                 "adrenaline card")
    assert moved.svg != start.svg

    # explore: the odds panel now shows the tile draw, exactly
    label = "explore through the east door of Storage Bay"
    page.pick_group("explore")
    shadow.choice_pad.select("explore")
    page.expect_like(shadow)
    page.pick(label)
    shadow.choose(shadow.offered[shadow.choice_labels.index(label)])
    drawing = page.expect_like(shadow)
    assert dict((k, f) for k, f, _ in drawing.odds) == {
        f"draw {t}": "1/4" for t in ("Armory", "Corridor A1", "Security Post",
                                     "War Zone North")}
    assert shadow.odds["draw Armory"] == Fraction(1, 4)

    # Step: chance draws the Armory; its placements come grouped by rotation
    page.click("step")
    shadow.step()
    placing = page.expect_like(shadow)
    assert shadow.choice_pad.groups == ["turned 0°", "turned 90°", "turned 180°"]
    assert placing.odds == ()
    page.pick_group("turned 90°")
    shadow.choice_pad.select("turned 90°")
    assert page.expect_like(shadow).choices == (ARMORY_90,)
    page.pick(ARMORY_90)
    shadow.choose(shadow.offered[shadow.choice_labels.index(ARMORY_90)])
    placed = page.expect_like(shadow)
    assert placed.status.endswith("last: Leo steps onto Armory; exploring ends the move step")
    assert 'data-name="Armory"' in placed.svg

    # Back: the placement is undone; status, log and picture exactly as before
    page.click("back")
    shadow.back()
    again = page.expect_like(shadow)
    assert again.status == placing.status and again.log == placing.log
    assert again.svg == placing.svg


def test_explainer_next_and_back(lab_page: Any) -> None:
    card = ExplainerPage(lab_page)
    shadow = l7.Explainer(l7.play(players=2, seed=1))
    card.expect_like(shadow)
    card.button("next").click()
    shadow.next()
    text = card.expect_like(shadow)
    assert shadow.card_lines[0] == "Round 1 — Leo's turn — action step"
    assert "What it does:" in text
    card.button("next-round").click()
    shadow.next_round()
    card.expect_like(shadow)
    card.button("back").click()
    shadow.back()
    assert "enemy activation step" in card.expect_like(shadow)
