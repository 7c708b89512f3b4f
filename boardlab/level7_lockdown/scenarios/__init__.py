"""One hook module per scenario: its data (``DATA``, JSON-able) and its procedures.

The text gives every scenario a stat block and a setup — data, read by
:func:`boardlab.level7_lockdown.scenario.scenario_from_data` — and rules that are
procedures: what starts lockdown, when and how Dr. Cronos acts, what the exit is,
the scenario's own challenge actions. Those are methods of a :class:`~.base.Hooks`
subclass, which the rules call at fixed points of a turn (see :mod:`.base`). The
sandbox uses the defaults.

>>> hooks_for("12").name, hooks_for("sandbox").name
('12', 'sandbox')
>>> data_for("13")["title"]
'Desperate Times, Desperate Measures'
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from boardlab.core.errors import ConfigError, show_value
from boardlab.level7_lockdown.scenarios.base import Hooks

MODULES = {"9": "s09", "10": "s10", "11": "s11", "12": "s12", "13": "s13"}


@cache
def hooks_for(name: str) -> Hooks:
    """The hooks of scenario ``name`` (the defaults for the sandbox)."""
    if name == "sandbox":
        return Hooks()
    if name not in MODULES:
        raise ConfigError(f"unknown scenario {show_value(name)}")
    return import_module(f"{__name__}.{MODULES[name]}").HOOKS


def data_for(name: str) -> dict[str, Any]:
    """The JSON-able data of scenario ``name`` (9–13)."""
    if name not in MODULES:
        raise ConfigError(f"unknown scenario {show_value(name)}; scenarios with data: "
                          f"{', '.join(MODULES)}")
    return import_module(f"{__name__}.{MODULES[name]}").DATA
