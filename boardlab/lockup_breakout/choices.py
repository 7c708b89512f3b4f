"""Choices players make and chance outcomes, as small readable records.

>>> str(Assign("seeker", 3, face_down=True))
'assign the seeker to 3 face down'
>>> str(Step("Chapel")), str(TakeLoot("Cache", kind="iron")), str(TakeLoot("Scroll", star=True))
('step to Chapel', 'keep a Cache and use it for iron', 'keep a Scroll and score 1 star')
"""

from __future__ import annotations

from boardlab.core.frozen import dataclass
from boardlab.lockup_breakout.config import SEEKER


@dataclass(frozen=True, slots=True)
class Assign:
    """Roll call: put a crew token from the holding cell on location 1–7 (LB-rollcall-...)."""

    token: str
    location: int
    face_down: bool = False

    def __str__(self) -> str:
        what = "the seeker" if self.token == SEEKER else f"a {self.token}"
        return f"assign {what} to {self.location}" + (" face down" if self.face_down else "")


@dataclass(frozen=True, slots=True)
class PlayTome:
    """Play a tome from hand before the comparison (LB-R13, LB-R44)."""

    tome: str

    def __str__(self) -> str:
        return f"play {self.tome}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Play no tome now."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the reward on offer (stars, recruit, tome, advance, an improvement)."""

    def __str__(self) -> str:
        return "take it"


@dataclass(frozen=True, slots=True)
class Decline:
    """Refuse the reward or icon effect on offer (LB-tunnel-reward: any reward may be refused)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class TakeResources:
    """Take a resources reward in the named kind."""

    kind: str

    def __str__(self) -> str:
        return f"take {self.kind}"


@dataclass(frozen=True, slots=True)
class Craft:
    """Craft an item from the display, or a reserved one at the CELL BLOCK (LB-icon-reserve)."""

    item: str
    reserved: bool = False

    def __str__(self) -> str:
        return f"craft {self.item}" + (" (reserved)" if self.reserved else "")


@dataclass(frozen=True, slots=True)
class TakeItem:
    """Take a display item without crafting it (a legend reward, LB-R43)."""

    item: str

    def __str__(self) -> str:
        return f"take {self.item}"


@dataclass(frozen=True, slots=True)
class Reserve:
    """Reserve a display item face down, free (LB-icon-reserve)."""

    item: str

    def __str__(self) -> str:
        return f"reserve {self.item}"


@dataclass(frozen=True, slots=True)
class Step:
    """Move the lantern one space along a path (LB-advance-forward, LB-advance-cost)."""

    to: str

    def __str__(self) -> str:
        return f"step to {self.to}"


@dataclass(frozen=True, slots=True)
class Stop:
    """Move no further now (refuse the advance, or stop early: LB-R20)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class TakeLoot:
    """Keep one token of the stack and score it as a star or use it (LB-advance-loot).

    ``kind`` is the resource kind when a resources token is used.
    """

    token: str
    star: bool = False
    kind: str = ""

    def __str__(self) -> str:
        if self.star:
            return f"keep a {self.token} and score 1 star"
        return f"keep a {self.token} and use it" + (f" for {self.kind}" if self.kind else "")


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep this goon of a Shapeshifter's three (LB-goon-shapeshifter)."""

    goon: str

    def __str__(self) -> str:
        return f"keep {self.goon}"


@dataclass(frozen=True, slots=True)
class Lose:
    """Lose one resource of this kind to a legend penalty (LB-legend-effect)."""

    kind: str

    def __str__(self) -> str:
        return f"lose {self.kind}"


@dataclass(frozen=True, slots=True)
class GolemAs:
    """Count a Golem as a Dwarf or a Ratman at final scoring (LB-goon-golem, LB-R21)."""

    kind: str

    def __str__(self) -> str:
        return f"count the Golem as a {self.kind}"


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare the kind of a wild valuable at final scoring (LB-icon-wild-valuable)."""

    kind: str

    def __str__(self) -> str:
        return f"declare it a {self.kind}"


# -- chance outcomes -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tunnels:
    """The tunnel markers of locations 1–7, in order (LB-setup-tunnels)."""

    layout: tuple[str, ...]

    def __str__(self) -> str:
        return "tunnels " + ", ".join(f"{i}:{t}" for i, t in enumerate(self.layout, 1))


@dataclass(frozen=True, slots=True)
class Draw:
    """The top card of a pile turns out to be ``card``."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class DrawMany:
    """Several cards drawn at once, sorted by name (their order carries no information)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "draw " + ", ".join(self.cards) if self.cards else "draw nothing"


DECISION_TYPES = (Assign, PlayTome, Pass, Take, Decline, TakeResources, Craft, TakeItem,
                  Reserve, Step, Stop, TakeLoot, Keep, Lose, GolemAs, Declare)
OUTCOME_TYPES = (Tunnels, Draw, DrawMany)
CHOICE_TYPES = DECISION_TYPES + OUTCOME_TYPES
