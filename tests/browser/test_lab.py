"""The board and the explainer in a real JupyterLab, driven by a real Chromium.

board_demo.ipynb is opened, run with *Run All Cells* from the Run menu, and its widgets
are clicked. Each click is mirrored on a shadow Board in the test process (same seeds,
same match) and the page must come to show exactly what the shadow computed: status,
log lines, SVG picture, odds and offered choices (:meth:`BoardPage.expect_like`).

With ``BOARDLAB_SCREENSHOTS=1`` the tests also write docs/_static/screenshots/board.png
and explainer.png (shown in docs/board.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from tests.browser.conftest import Server
from tests.browser.pages import (
    WAIT_MS,
    BoardPage,
    ExplainerPage,
    Picker,
    Shown,
    drive,
    expect,
    run_all,
)

pytestmark = pytest.mark.browser

FRACTION = re.compile(r"^(\d+/\d+|0|1)$")
PERCENT = re.compile(r"^\d{1,3}\.\d%$")


def shadow_board() -> moh.Board:
    """The board of board_demo.ipynb, built in the test process."""
    return moh.Board(moh.new_match(players=4, seed=3), seat="red")


@pytest.fixture(scope="module")
def lab_page(lab_server: Server, page_of: Any) -> Iterator[Any]:
    """board_demo.ipynb open in JupyterLab, all cells run, both widgets on the page."""
    page = page_of
    page.goto(f"{lab_server.url}/lab/tree/board_demo.ipynb?token={lab_server.token}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=WAIT_MS)
    run_all(page)
    BoardPage(page).wait_ready()
    expect(ExplainerPage(page).status).to_have_text(re.compile(r"\S"), timeout=WAIT_MS)
    yield page


@pytest.fixture
def board(lab_page: Any) -> tuple[BoardPage, moh.Board]:
    """A new board on the page (the notebook run again), and a fresh shadow of it.

    Not Reset: Reset keeps the recorded match for Step to replay, and an earlier test may
    have re-rolled it or chosen differently; a fresh shadow must face a fresh board.
    """
    page = BoardPage(lab_page)
    old = page.root.element_handle(timeout=WAIT_MS)
    run_all(lab_page)
    lab_page.wait_for_function("el => !el.isConnected", arg=old, timeout=WAIT_MS)
    page.wait_ready()
    shadow = shadow_board()
    page.expect_like(shadow)
    return page, shadow


def test_step_changes_status_log_and_picture_and_back_restores_them(board) -> None:
    page, shadow = board
    seen: list[Shown] = [page.expect_like(shadow)]
    assert seen[0].status == "Setup · to move: chance"
    assert seen[0].log == ()
    for _ in range(4):
        page.click("step")
        shadow.step()
        now = page.expect_like(shadow)
        before = seen[-1]
        assert now.status != before.status
        assert now.status.startswith("Setup · to move: ") and " · last: " in now.status
        assert len(now.log) > len(before.log)
        assert now.log[: len(before.log)] == before.log  # the log grows, nothing rewritten
        assert now.svg != before.svg and "<svg" in now.svg
        seen.append(now)
    assert seen[-1].log[-1].startswith("green is dealt an action card")

    page.click("back")
    shadow.back()
    assert page.expect_like(shadow) == seen[-2]  # status, log, SVG exactly as before


def test_back_then_step_shows_the_identical_dice_and_log(board) -> None:
    """The issue: after Back, Step must replay "red rolls 4 and 6", not roll again."""
    page, shadow = board
    page.click("phase")  # the setup, up to red's first decision (after red's own roll)
    shadow.play_phase()
    rolled = page.expect_like(shadow)
    assert rolled.log[-1].startswith("red rolls ") and "to place a character" in rolled.log[-1]
    page.click("back")  # before red's roll (and one more: yellow's placement)
    shadow.back()
    page.click("back")
    shadow.back()
    back = page.expect_like(shadow)
    assert rolled.log[-1] not in back.log  # red's roll is undone
    expect(page.root.locator(".bl-replay-note")).to_contain_text(
        "Replaying the recorded match: 2 more steps")
    page.click("step")
    shadow.step()
    page.click("step")
    shadow.step()
    again = page.expect_like(shadow)
    assert again == rolled  # the same dice, log, picture, status, odds and choices
    expect(page.root.locator(".bl-replay-note")).to_have_count(0)
    # "Re-roll from here" on purpose: another future from this point
    page.click("back")
    shadow.back()
    page.click("reroll")
    seed = shadow.reroll()
    rerolled = page.expect_like(shadow)
    assert rerolled.status.startswith(f"re-rolled at step {shadow.match.ply}: other dice "
                                      f"from here on (seed {seed})")
    assert shadow.ahead == 0


def _assert_odds_rows(shown: Shown) -> None:
    assert shown.odds, "the odds panel shows no rows"
    for key, fraction, percent in shown.odds:
        assert key.isdigit() and 1 <= int(key) <= 6, key
        assert FRACTION.match(fraction), fraction
        assert PERCENT.match(percent), percent


def test_seat_choices_and_odds(board, screenshot_dir: Path) -> None:
    page, shadow = board
    # Play phase stops where red must choose: Step is then off and red's choices are offered.
    page.click("phase")
    shadow.play_phase()
    shown = page.expect_like(shadow)
    assert shown.status.startswith("red to choose: pick one of your choices by the picture · "
                                   "Setup · to move: red · last: red rolls")
    assert shown.choices == ("place Pin-Up at 4", "place Pin-Up at 6", "place Tough Guy at 4",
                             "place Tough Guy at 6", "place Gunman at 4", "place Gunman at 6")
    expect(page.pad.locator(".bl-choice-prompt")).to_have_text("red, your choice:")
    expect(page.button("step")).to_be_disabled()
    expect(page.button("phase")).to_be_disabled()

    page.pick("place Pin-Up at 6")
    shadow.choose(shadow.offered[1])
    shown = page.expect_like(shadow)
    assert shown.status == ("Setup · to move: chance · "
                            "last: red places the Pin-Up at 6 Supermarket")
    assert shown.log[-1] == "red places the Pin-Up at 6 Supermarket (MoH-setup-characters)"
    assert shown.choices == ()
    expect(page.button("step")).to_be_enabled()

    pick = Picker()
    # Round 1 begins: the odds panel shows exact break-in odds, before the dice.
    shown = drive(page, shadow, lambda b: b.match.state.round == 1, pick)
    _assert_odds_rows(shown)
    before_dice = {key: frac for key, frac, _ in shown.odds}
    assert any("/" in frac for frac in before_dice.values()), before_dice
    # The docs' picture: red to vote, with the odds, the log and two choices on show.
    assert shown.status.startswith("red to choose: pick one of your choices by the picture · "
                                   "Round 1 · a) Search the Truck · to move: red")
    expect(page.root.locator(".bl-odds-note")).to_contain_text("Assumes nobody moves")
    assert shown.choices == ("vote for red", "vote for green")
    page.root.screenshot(path=str(screenshot_dir / "board.png"))

    # After the dice (phase e): every location either falls for sure or is safe, and the
    # panel says which in words, not as a column of 0 and 0.0%.
    shown = drive(page, shadow, lambda b: b.match.state.phase == "e", pick)
    assert "Round 1 · e) Move Characters" in shown.status
    after_dice = {key: text for key, text, _ in shown.odds}
    assert after_dice and set(after_dice) == {str(k) for k in shadow.odds}
    for key, text in after_dice.items():
        verdict = "breaks in" if shadow.odds[int(key)] == 1 else "holds"
        assert re.fullmatch(rf"{verdict}: (no zombie|\d+ zombies?)(, no defence| vs .+)?", text)
    assert page.root.locator(".bl-odds-panel .bl-odds-fraction").count() == 0
    expect(page.root.locator(".bl-odds-note")).to_contain_text("The arrival dice are on the")
    assert pick.menus >= 1, "no choice came as a dropdown (red searched no truck?)"


def test_explainer_next_shows_the_next_card_with_its_rules(lab_page: Any,
                                                           screenshot_dir: Path) -> None:
    page = ExplainerPage(lab_page)
    shadow = moh.Explainer(moh.play(players=4, seed=3))
    first = page.expect_like(shadow)
    assert shadow.status == "Setup (1 of 26)"

    page.button("next").click()
    shadow.next()
    card = page.expect_like(shadow)
    assert card != first
    assert shadow.position == (1, "a")
    assert card.startswith("Round 1 — a) Search the Truck")
    assert re.search(r"\bMoH-[\w-]+", card) and "MoH-a" in card
    expect(page.card.locator(".bl-card")).to_have_attribute("data-phase", "a")
    expect(page.card.locator(".bl-card-rule").first).to_have_text("MoH-a")
    page.root.screenshot(path=str(screenshot_dir / "explainer.png"))

    page.button("next-round").click()
    assert shadow.next_round() == (2, "a")
    page.expect_like(shadow)
    page.button("back").click()
    shadow.back()
    assert page.expect_like(shadow).startswith("Round 1 — f) Zombie Attack")
