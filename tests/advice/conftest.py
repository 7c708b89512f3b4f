from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardlab import registry


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy game registered, as the front-door tests do (a new game gets advice)."""
    registry.register("toy", "tests.toygame", module="tests.core.toy_game")
    yield
    registry.unregister("toy")
