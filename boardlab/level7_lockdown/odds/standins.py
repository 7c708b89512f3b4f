"""Which numbers the odds use that are invented stand-ins (L7-R1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.level7_lockdown.config import (
    DEFAULT,
    DIE_FACES,
    ENEMY_KINDS,
    Config,
)

if TYPE_CHECKING:
    pass
from boardlab.level7_lockdown.odds.characters import _config
from boardlab.level7_lockdown.odds.dice import _die_facts
from boardlab.level7_lockdown.odds.enemies import _profile_facts

__all__ = ["stand_ins"]


def stand_ins(config: Config | None = None) -> dict[str, str]:
    """Which numbers the odds use that are invented stand-ins (L7-R1), in words.

    >>> sorted(stand_ins())
    ['characters', 'die', 'enemies']
    """
    cfg = _config(config)
    out: dict[str, str] = {}
    if cfg.die == DIE_FACES:
        out["die"] = _die_facts(cfg.die)[1]
    if cfg.characters == DEFAULT.characters:
        c = cfg.characters[0]
        out["characters"] = (f"Strength {c.strength}, Speed {c.speed}, Intelligence "
                             f"{c.intelligence}, Toughness {c.toughness} — invented (L7-R9)")
    if cfg.enemies == DEFAULT.enemies:
        out["enemies"] = "; ".join(_profile_facts(cfg, k)[1].split(" — ")[0]
                                   for k in ENEMY_KINDS) + " — invented (L7-R10)"
    return out
