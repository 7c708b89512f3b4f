"""Fixtures of the experiment tests: the toy game (with its fragile agent) registered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardlab import registry
from boardlab.registry import Game


@pytest.fixture
def toy() -> Iterator[Game]:
    """The toy game of tests/core/toy.py, with the fragile agent of fragile_toy.py."""
    registry.register("toy", "tests.core.toy", module="tests.experiment.fragile_toy")
    yield registry.get("toy")
    registry.unregister("toy")
