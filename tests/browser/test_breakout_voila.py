"""The Lockup: Breakout board served by Voilà in a real Chromium (issue 15): Step and the
explainer's Next, each mirrored on a shadow in the test process. A module of its own: the
server port is per module, and the JupyterLab test holds its module's port.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardlab import lockup_breakout as lb
from tests.browser.conftest import Blocked, Server, serving, start_voila
from tests.browser.pages import WAIT_MS, BoardPage, ExplainerPage
from tests.browser.test_breakout import NOTEBOOK, shadow_board

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def breakout_voila(chromium_path: str, port: int,
                   tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(start_voila(NOTEBOOK, port, tmp_path_factory.mktemp("voila-breakout")))


def test_voila_step_and_the_explainer(breakout_voila: Server, page_of: Any,
                                      blocked: Blocked) -> None:
    page = page_of
    page.goto(f"{breakout_voila.url}/?token={breakout_voila.token}", timeout=WAIT_MS)
    board = BoardPage(page)
    shadow = shadow_board()
    start = board.expect_like(shadow)
    board.click("step")
    shadow.step()
    after = board.expect_like(shadow)
    assert after.status != start.status and "<svg" in after.svg
    from boardlab.lockup_breakout.explainer import Explainer

    explainer = ExplainerPage(page)
    ex = Explainer(lb.play(players=3, seed=2))
    explainer.expect_like(ex)
    explainer.button("next").click()
    ex.next()
    assert "Roll Call" in explainer.expect_like(ex)
    assert all("127.0.0.1" not in url for url in blocked.urls)
