"""The Level 7 state: immutable records of tuples (hashable, JSON-encodable).

The map is a tuple of :class:`~.geometry.Placement` (index = placement order, the tie
order of L7-R24); the door graph is derived from it (:mod:`.geometry`), never stored.
``Pending`` says what the match waits for; ``queue`` holds the automatic steps still to
run in this turn (enemy activations, the hybrids' dice, Dr. Cronos, the end of the
turn), so a roll in the middle of the enemy step is an ordinary chance node.

>>> from boardlab.level7_lockdown.state import Setup
>>> Setup(players=2).characters
('Leo', 'Cody')
>>> Setup(players=True)
Traceback (most recent call last):
...
boardlab.core.errors.ConfigTypeError: players: expected a whole number, not a bool (got True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from boardlab import svg
from boardlab.core.errors import ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.core.records import equal_only_to_itself
from boardlab.core.validate import whole
from boardlab.level7_lockdown.choices import Explore, Move, Vent
from boardlab.level7_lockdown.config import DEFAULT, Config
from boardlab.level7_lockdown.geometry import Door, Placement

if TYPE_CHECKING:
    from boardlab.level7_lockdown.scenario import Scenario

#: A character's standing (L7-R23, L7-R22, L7-terror-heart).
INSIDE: Final = "inside"
INFIRMARY: Final = "infirmary"
ESCAPED: Final = "escaped"
DEAD: Final = "dead"
HEART_ATTACK: Final = "heart attack"
#: Still in play when a scenario declares the characters' win (scenario 13, L7-R63).
WON: Final = "won"
STATUSES: Final = (INSIDE, INFIRMARY, ESCAPED, DEAD, HEART_ATTACK, WON)
SOLO: Final = "solo"
#: The difficulty modes a scenario may offer (every scenario 9–13 offers all three).
MODES: Final = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything needed to start a match.

    ``players`` seats (1–4). Each seat plays one character, named by ``characters``
    (default: the first characters of the configuration); a single seat may play
    several characters (the single-player version, L7-R33) and is then called
    ``"solo"``. ``turn_limit`` (rounds, L7-R23) overrides the scenario's when > 0;
    ``config`` (``None``: the default data) holds every stand-in number; ``mode`` is
    the scenario's difficulty (``"easy"``, ``"normal"`` or ``"hard"``; the sandbox has
    only ``"normal"``).
    """

    players: int = 2
    scenario: str = "sandbox"
    characters: tuple[str, ...] = ()
    turn_limit: int = 0
    config: Config | None = None
    mode: str = "normal"

    def __post_init__(self) -> None:
        from boardlab.level7_lockdown.scenario import scenario

        whole(self.players, "players", low=1, high=4, rule="L7-R33", error=ConfigError)
        if not isinstance(self.scenario, str):
            raise ConfigError(f"scenario: expected a name such as '12' or 'sandbox', got "
                              f"{show_value(self.scenario)}")
        if not isinstance(self.mode, str) or self.mode not in MODES:
            raise ConfigError(f"mode: expected one of {', '.join(MODES)}, got "
                              f"{show_value(self.mode)}")
        scen = scenario(self.scenario, self.mode)
        if self.config is not None and not isinstance(self.config, Config):
            raise ConfigError(f"config: expected a Config, got {type(self.config).__name__}")
        cfg = self.cfg
        if not isinstance(self.characters, tuple):
            raise ConfigError(f"characters: expected a tuple of names, got "
                              f"{type(self.characters).__name__}")
        chars = self.characters or tuple(c.name for c in cfg.characters[: self.players])
        if not 1 <= len(chars) <= 4:
            raise ConfigError(f"characters: 1–4 characters, got {len(chars)}")
        for i, name in enumerate(chars):
            if not isinstance(name, str):
                raise ConfigError(f"characters[{i}]: expected a name, got {show_value(name)}")
            cfg.character(name)
        if len(set(chars)) != len(chars):
            raise ConfigError("characters: a character is listed twice")
        if self.players > 1 and len(chars) != self.players:
            raise ConfigError(f"characters: {self.players} players play one character each, "
                              f"got {len(chars)} (L7-R33)")
        if len(chars) > len(cfg.characters):
            raise ConfigError("characters: more than the configuration has")
        object.__setattr__(self, "characters", chars)
        if isinstance(self.turn_limit, bool) or not isinstance(self.turn_limit, int) \
                or not 0 <= self.turn_limit <= 500:
            raise ConfigError(f"turn_limit: expected rounds 0–500 (0: the scenario's), got "
                              f"{show_value(self.turn_limit)} (L7-R23)")
        scen.check(cfg)

    @classmethod
    def check_saved(cls, value: Any, path: str) -> None:
        """Bound the sizes of a saved setup before it is decoded (:mod:`.limits`)."""
        from boardlab.level7_lockdown.limits import check_saved_setup

        check_saved_setup(value, path)

    @property
    def cfg(self) -> Config:
        return DEFAULT if self.config is None else self.config

    @property
    def scen(self) -> Scenario:
        from boardlab.level7_lockdown.scenario import scenario

        return scenario(self.scenario, self.mode)

    @property
    def solo(self) -> bool:
        """The single-player version (L7-R33): one seat."""
        return self.players == 1

    @property
    def seats(self) -> tuple[str, ...]:
        """Seat names: the characters', or ``("solo",)`` for one seat with several."""
        if self.players == 1 and len(self.characters) > 1:
            return (SOLO,)
        return self.characters

    def seat_of(self, character: str) -> str:
        return SOLO if self.players == 1 and len(self.characters) > 1 else character

    @property
    def rounds(self) -> int:
        """The turn limit in rounds (L7-R23)."""
        return self.turn_limit or self.scen.turn_limit


class Char(NamedTuple):
    """A character in play: where, how hurt, how frightened, what they carry."""

    name: str
    tile: int
    vitality: int
    fear: int
    terror: int
    threat: int
    adrenaline: int
    items: tuple[str, ...] = ()
    down: bool = False
    status: str = INSIDE


class Enemy(NamedTuple):
    """An enemy figure on the map; ``door`` is a locked door a hybrid has reached and
    will cross on its next activation (L7-R70); ``spent`` marks an enemy that counts as
    having activated this turn (L7-barricade-enemy)."""

    kind: str
    number: int
    tile: int
    power: int = 0
    door: Door | None = None
    spent: bool = False

    @property
    def id(self) -> str:
        return f"{self.kind}#{self.number}"


class Task(NamedTuple):
    """An automatic step still to run this turn (see :mod:`.enemies`)."""

    kind: str
    actor: str = ""


class Pending(NamedTuple):
    """What the match waits for, with the bookkeeping of the procedure in progress."""

    kind: str
    purpose: str = ""        # what a roll is for
    actor: str = ""          # the character or enemy id acting
    target: str = ""         # the target (character name or enemy id)
    door: Door | None = None
    dice: int = 0
    icon: str = ""           # the icon that counts ("" = every icon)
    difficulty: int = 0
    tile: str = ""           # a drawn tile waiting to be placed
    stack: str = ""          # the stack it came from
    index: int = -1  # type: ignore[assignment]  # the face-down tile being flipped
    lock: bool = False       # Access: lock (True) or unlock
    then: Move | Vent | Explore | None = None   # the move a bull rush/outwit is for
    left: int = 0            # Dr. Cronos's moves still to walk after this chance node


class Scn(NamedTuple):
    """A scenario's own progress (scenarios 9–13; the sandbox leaves it at rest).

    ``locked_down``: lockdown has started; ``trigger``: it starts at the end of this
    turn; ``exit_open``: a conditional exit is open (scenario 10, 13 hard);
    ``swarms``: tiles with a swarm marker or token; ``accessed``: tiles with an
    accessed control panel marker (scenario 9); ``boxed``: enemy figures in the box;
    ``items_out``: item cards out of the game; ``surged``: scenario 9's guard surge is
    done; ``killed``: Dr. Cronos died this turn (1) or before (2); ``result``: the
    scenario's verdict (``"win"``, ``"defeat"``) once it ends the match.
    """

    locked_down: bool = False
    trigger: bool = False
    exit_open: bool = False
    swarms: tuple[int, ...] = ()
    accessed: tuple[int, ...] = ()
    boxed: tuple[tuple[str, int], ...] = ()
    items_out: tuple[str, ...] = ()
    surged: bool = False
    killed: int = 0
    result: str = ""


class State(NamedTuple):
    """A complete Level 7 position (see the module docstring)."""

    setup: Setup
    round: int
    active: int                                  # index into chars
    step: str                                    # move, action, events, enemies, over
    moves: int
    tiles: tuple[Placement, ...]
    links: tuple[tuple[int, int], ...]
    explored: tuple[int, ...]                    # tiles explored this turn
    locked: tuple[Door, ...]
    barricades: tuple[tuple[Door, int], ...]
    clouds: tuple[tuple[int, str], ...]
    caches: tuple[int, ...]
    chars: tuple[Char, ...]
    enemies: tuple[Enemy, ...]
    reserves: tuple[tuple[str, tuple[int, ...]], ...]
    stacks: tuple[tuple[str, tuple[str, ...]], ...]   # unseen tiles per stack, sorted
    events_deck: tuple[int, ...]
    events_discard: tuple[int, ...]
    event: int                                   # this turn's event card, -1
    items_deck: tuple[int, ...]
    items_discard: tuple[int, ...]
    threat_pool: int
    lockdown: int                                # LOCKDOWN tokens (L7-R26)
    cronos: int                                  # Dr. Cronos's tile, -1: not in play
    queue: tuple[Task, ...]
    pending: Pending
    scn: Scn = Scn()

    @classmethod
    def check_saved(cls, value: Any, path: str) -> None:
        """Bound the sizes of a saved state before it is decoded (:mod:`.limits`)."""
        from boardlab.level7_lockdown.limits import check_saved_state

        check_saved_state(value, path)

    def __repr__(self) -> str:
        who = self.chars[self.active].name if self.chars else "-"
        return (f"<Level 7 state: {self.setup.scenario}, round {self.round}, {who}'s "
                f"{self.step} step, waiting for {self.pending.kind}>")

    @property
    def cfg(self) -> Config:
        return self.setup.cfg

    @property
    def is_over(self) -> bool:
        return self.pending.kind == "over"

    def char(self, name: str) -> Char:
        for c in self.chars:
            if c.name == name:
                return c
        raise ConfigError(f"no character {name!r} in this match")

    def tile_index(self, name: str) -> int:
        """The index of the placed tile called ``name``."""
        for i, p in enumerate(self.tiles):
            if p.tile == name:
                return i
        raise ConfigError(f"tile {name!r} is not on the map")

    def stack(self, name: str) -> tuple[str, ...]:
        for n, tiles in self.stacks:
            if n == name:
                return tiles
        return ()

    def reserve(self, kind: str) -> tuple[int, ...]:
        for k, numbers in self.reserves:
            if k == kind:
                return numbers
        return ()

    # Added for the teaching layer (issue 17, render.py): a notebook shows a position as
    # its picture. Additive only; render.py is not imported here (it imports the state).
    def _repr_svg_(self) -> str:
        return svg.picture(self)   # drawn by render.render_svg, handed in by api.py


# A state equals only a state (docs/api.md, "state equality"); the hash stays the tuple's.
equal_only_to_itself(State)
