"""The check tables of Lockup: Breakout (issue 27): the invariants and the configuration
check are tables of small checks, each row citing a rule of the rule book."""

from __future__ import annotations

import pytest

from boardlab.lockup_breakout.config_check import CONFIG_CHECKS
from boardlab.lockup_breakout.invariants import CONSERVED, INVARIANTS
from boardlab.lockup_breakout.rulebook import BOOK

_IDS = {r.id for r in BOOK}
# A declared size limit is cited by its name: it is boardlab's, not the text's.
_LIMITS = {"LIMITS.outcomes"}


@pytest.mark.parametrize("table", [INVARIANTS, CONSERVED, CONFIG_CHECKS],
                         ids=["INVARIANTS", "CONSERVED", "CONFIG_CHECKS"])
def test_every_row_cites_a_rule_of_the_book(table: tuple) -> None:
    for rule, check in table:
        assert rule in _IDS or rule in _LIMITS, (rule, check.__name__)
        assert callable(check) and check.__doc__, check.__name__


def test_checks_are_listed_once() -> None:
    for table in (INVARIANTS, CONSERVED, CONFIG_CHECKS):
        checks = [check for _, check in table]
        assert len(checks) == len(set(checks))
