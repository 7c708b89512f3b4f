"""The classroom tests need the classroom extra (Starlette, uvicorn, websockets): they skip
without it, and fail instead under BOARDLAB_REQUIRE_BROWSER=1 (as CI sets), since
``pip install -e '.[test]'`` installs it."""

from __future__ import annotations

import os

import pytest

from boardlab.classroom.notebook import missing_extra

REQUIRE = os.environ.get("BOARDLAB_REQUIRE_BROWSER", "") == "1"


@pytest.fixture(autouse=True)
def _classroom_extra() -> None:
    problem = missing_extra()
    if problem:
        if REQUIRE:
            pytest.fail(f"{problem} (BOARDLAB_REQUIRE_BROWSER=1)", pytrace=False)
        pytest.skip(problem)
