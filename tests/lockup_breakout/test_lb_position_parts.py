"""Every part of a Breakout state can be set through ``position()``: here the discard
piles (LB-R11 goons, LB-tomes), which earlier could only be reached by editing a saved
position."""

from __future__ import annotations

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.errors import ConfigError


def test_position_sets_the_discard_piles_and_the_decks_hold_the_rest() -> None:
    cfg = lb.Config()
    dwarf, imp = cfg.goons[0], next(g for g in cfg.goons if g.name == "Imp")
    tome = cfg.tomes[0]
    s = lb.position(players=3, goon_discard=[dwarf.name, imp.name, imp.name],
                    tome_discard=[tome.name])
    base = lb.position(players=3)
    names = [g.name for g in cfg.goons]
    assert s.goon_discard[names.index("Imp")] == 2 and s.goon_discard[0] == 1
    assert sum(s.goon_discard) == 3 and sum(base.goon_discard) == 0
    assert [a + b for a, b in zip(s.goon_deck, s.goon_discard, strict=True)] == \
        list(base.goon_deck)
    assert s.tome_discard[0] == 1 and s.tome_deck[0] == base.tome_deck[0] - 1
    assert lb.load_position(lb.save_position(s)) == s
    match = lb.play(start=s, seed=4)
    assert match.is_over and match.root is s
    for record in match.records:
        assert lb.RULES.invariants(record.after) == []


def test_position_refuses_more_discards_than_the_deck_has() -> None:
    cfg = lb.Config()
    dwarf = cfg.goons[0]
    with pytest.raises(ConfigError, match="goons: .* in play or discarded, the deck has"):
        lb.position(players=2, goon_discard=[dwarf.name] * (dwarf.count + 1))
    with pytest.raises(ConfigError, match="goon_discard: unknown name 'Troll'"):
        lb.position(players=2, goon_discard=["Troll"])
    with pytest.raises(ConfigError, match="tome_discard: expected a list of names"):
        lb.position(players=2, tome_discard="Tome of Might")
