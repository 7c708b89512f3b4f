"""What a match decides once: per setup, per map, per enemy id (read-only tables).

:class:`SetupTable` holds what a setup decides for a whole match (its configuration,
scenario, hooks and turn limit, phase names, seats, which hooks keep the defaults, the
decks' chance tables), found by the setup's identity (:func:`setup_info`); ``MAPS``
keeps, per map, what the map alone decides (see ``Work.map_memo``); :func:`id_key`
reads an enemy id once. Every cache here is bounded and hands out immutable values.

>>> from boardlab.level7_lockdown.state import Setup
>>> t = setup_info(Setup(players=2))
>>> t.phases["move"], t.seats, "inactive" in t.plain
(('move:Leo', 'move:Cody'), ('Leo', 'Cody'), True)
"""

from __future__ import annotations

from typing import Any, Final

from boardlab.core.piles import Pile
from boardlab.level7_lockdown.choices import CardDraw, ItemDraw
from boardlab.level7_lockdown.config import Config
from boardlab.level7_lockdown.events import phase_name
from boardlab.level7_lockdown.geometry import Layout
from boardlab.level7_lockdown.kinds import STEPS
from boardlab.level7_lockdown.scenario import Scenario
from boardlab.level7_lockdown.scenarios import hooks_for
from boardlab.level7_lockdown.scenarios.base import Hooks
from boardlab.level7_lockdown.state import Setup

__all__ = ["ID_KEYS", "LAST_SETUP", "MAPS", "SetupTable", "deck_pile", "id_key", "setup_info"]


class SetupTable:
    """What a setup decides once for a whole match (read-only): its configuration,
    scenario, scenario hooks and turn limit, the name of each phase
    (``phases[step][character index]``), each character's seat, and which hooks keep
    the defaults (the rules may then remember their answers per map)."""

    __slots__ = ("cfg", "default_features", "default_markers", "die", "events", "explore",
                 "features", "hooks", "items", "phases", "plain", "rolls", "rounds", "scen",
                 "seats", "toughness")

    def __init__(self, setup: Setup) -> None:
        scen = setup.scen
        names = setup.characters
        self.cfg: Config = setup.cfg
        self.scen: Scenario = scen
        self.hooks: Hooks = hooks_for(scen.name)
        self.rounds: int = setup.rounds
        #: The exploring stacks, in the order they are drawn from.
        self.explore: tuple[str, ...] = scen.explore
        self.phases = {step: tuple(phase_name(step, name) for name in names)
                       for step in STEPS}
        self.seats = tuple(setup.seat_of(name) for name in names)
        kind = type(self.hooks)
        #: Spawning sees the map's features as they are (no scenario marker counts).
        self.default_features = kind.feature is Hooks.feature
        #: The guards target no scenario marker.
        self.default_markers = kind.marker_targets is Hooks.marker_targets
        #: The hooks the scenario leaves as they are (the rules skip calling those that
        #: do nothing by default): names of :class:`~.scenarios.base.Hooks`.
        self.plain = frozenset(name for name in _SKIPPABLE
                               if getattr(kind, name) is getattr(Hooks, name))
        #: Each character's toughness, by name.
        self.toughness = {c.name: c.toughness for c in self.cfg.characters}
        #: Each tile's printed features, by name.
        self.features = {t.name: t.features for t in self.cfg.tiles}
        #: The challenge die, and its outcome tables by (dice, counted icon), filled on
        #: first use (``rules``).
        self.die = self.cfg.die
        self.rolls: dict[tuple[int, str], Any] = {}
        #: The event and item decks' chance tables (shared by every setup of the
        #: configuration: :func:`deck_pile`).
        self.events = deck_pile(self.cfg.event_names, CardDraw)
        self.items = deck_pile(self.cfg.item_names, ItemDraw)


def deck_pile(names: tuple[str, ...], kind: type) -> Pile:
    """The :class:`~boardlab.core.piles.Pile` of a deck of these card names, its outcomes
    ``kind(name)`` (one shared per card)."""
    key = (kind, names)
    pile = _PILES.get(key)
    if pile is None:
        if len(_PILES) > 64:
            _PILES.clear()
        outcomes = {name: kind(name) for name in names}
        pile = _PILES[key] = Pile(names, outcomes.__getitem__, tuple)
    return pile


_PILES: dict[tuple[type, tuple[str, ...]], Pile] = {}


#: Hooks that do nothing by default: where a scenario keeps them, they are not called.
_SKIPPABLE: Final = ("inactive", "guard_marker", "enemy_entered", "to_box", "can_move",
                     "end_of_turn", "sealed", "specials")


_SETUPS: dict[int, tuple[Setup, SetupTable]] = {}


def setup_info(setup: Setup) -> SetupTable:
    """The :class:`SetupTable` of ``setup`` (found by identity: every state of a match
    shares its setup object)."""
    last = LAST_SETUP[0]
    if last[0] is setup:
        return last[1]
    hit = _SETUPS.get(id(setup))
    if hit is not None and hit[0] is setup:
        info = hit[1]
    else:
        info = _same_setup(setup)
        if len(_SETUPS) > 256:
            _SETUPS.clear()
        _SETUPS[id(setup)] = (setup, info)   # keeps the setup alive: its id stays its own
    LAST_SETUP[0] = (setup, info)           # one tuple, replaced whole: no torn reads
    return info


def _same_setup(setup: Setup) -> SetupTable:
    """The table of a setup equal to ``setup`` made before, else a new one: every match
    makes its own setup object, but a table depends only on the setup's fields (with
    the configuration found by identity), and its roll tables are then made once per
    process, not per match."""
    cfg = setup.cfg
    key = (setup.players, setup.scenario, setup.characters, setup.turn_limit, setup.mode,
           id(cfg))
    hit = _BY_VALUE.get(key)
    if hit is not None and hit[0] is cfg:
        return hit[1]
    info = SetupTable(setup)
    if len(_BY_VALUE) > 256:
        _BY_VALUE.clear()
    _BY_VALUE[key] = (cfg, info)   # keeps the configuration alive: its id stays its own
    return info


_BY_VALUE: dict[tuple[Any, ...], tuple[Config, SetupTable]] = {}


#: The setup asked about last and its info: a match asks about one setup step after step.
LAST_SETUP: list[tuple[Any, Any]] = [(None, None)]

#: Per map (a Layout, found by identity and kept alive so that its id stays its own):
#: what the map alone decides — the crossing costs from a tile, by what the cost of a
#: door depends on (``variant``), the doors of a tile.
MAPS: dict[int, tuple[Layout, dict[Any, Any]]] = {}
_NO_MATCH = ("", -1)


def id_key(enemy_id: str) -> tuple[str, int]:
    """``'guard#2'`` → ``('guard', 2)``: what ``Enemy.id`` is made of (cached; an id no
    figure can have matches none).

    >>> id_key("blaster#1"), id_key("guard#02")
    (('blaster', 1), ('', -1))
    """
    key = ID_KEYS.get(enemy_id)
    if key is None:
        kind, _, number = enemy_id.partition("#")
        key = (kind, int(number)) if number.isdigit() and str(int(number)) == number \
            else _NO_MATCH
        if len(ID_KEYS) > 4096:    # bounded: ids recur, a handful per kind
            ID_KEYS.clear()
        ID_KEYS[enemy_id] = key
    return key


ID_KEYS: dict[str, tuple[str, int]] = {}
