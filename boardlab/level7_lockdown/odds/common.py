"""What the Level 7 questions share: the die types, the chase's absorbing state and quiet map,
the cache sizes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final, TypeAlias

from boardlab.level7_lockdown.config import (
    DEFAULT,
    Config,
    EventCard,
)

if TYPE_CHECKING:
    from boardlab.prob.dice import IconDie

__all__ = ["CAUGHT", "QUIET"]


Faces = tuple[tuple[str, ...], ...]
#: A die: ``None`` (the invented default, L7-R2), a Config, an IconDie, or faces.
DieSpec: TypeAlias = "Config | IconDie | Sequence[Sequence[str]] | None"
#: The absorbing state of :func:`chase_chain`: Dr. Cronos stands on the character's tile.
CAUGHT: Final = "caught"
#: The one event card of :data:`QUIET`: no spawn, no activation, no tile section.
QUIET_CARD: Final = EventCard("Quiet Corridors")
#: The default configuration with a single empty event card: the chase questions are
#: asked of a map where nothing but Dr. Cronos moves (see :func:`chase_chain`).
QUIET: Final = replace(DEFAULT, events=(QUIET_CARD,))
#: Speed icons Dr. Cronos needs is the distance in moves (L7-R37: open doors cost 1).
_CACHE = 256
_SPEC_CACHE = 64
