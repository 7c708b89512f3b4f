"""The scenarios by name: the registry the command line and ``new_match`` read."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from boardlab.core.errors import ConfigError
from boardlab.level7_lockdown.scenario.model import SANDBOX, Scenario
from boardlab.level7_lockdown.scenario.reader import scenario_from_data

# -- the registry -------------------------------------------------------------------------
#: Scenario names, in the order the command line lists them.
NAMES: Final = ("sandbox", "9", "10", "11", "12", "13")
SCENARIOS: Final = NAMES


def scenario(name: str, mode: str = "normal") -> Scenario:
    """The scenario called ``name`` in ``mode`` (a :class:`ConfigError` names an unknown
    one; "9–14" in the text is read as 9–13, L7-R65)."""
    if not isinstance(name, str) or name not in NAMES:
        raise ConfigError(f"unknown scenario {name!r}; scenarios: "
                          f"{', '.join(NAMES)} (L7-R65)")
    if not isinstance(mode, str) or mode not in ("easy", "normal", "hard"):
        raise ConfigError(f"mode: expected one of easy, normal, hard, got {mode!r}")
    return _scenario(name, mode)


@lru_cache(maxsize=64)
def _scenario(name: str, mode: str) -> Scenario:
    if name == "sandbox":
        if mode != "normal":
            raise ConfigError(f"mode: the sandbox has only the normal mode, got {mode!r}")
        return SANDBOX
    from boardlab.level7_lockdown.scenarios import data_for

    return scenario_from_data(data_for(name), mode)
