"""The mutable worker the rules copy a state into for one ``step``, and its helpers.

:class:`Work` holds every :class:`~.state.State` field as a plain attribute, the events
of this step and the derived lookup :class:`Tables` of the configuration. Phase modules
(``flow``, ``resolve``, ``moves``, ``goods``, ``final``) are functions over a ``Work``;
``run`` drives the automatic frames until the next decision or chance node. ``freeze``
makes the immutable state again.

>>> from boardlab.lockup_breakout.config import Setup
>>> t = tables(Setup().config)
>>> t.strength["4"], t.strength["seeker"], t.exits["Crossroads"][0].to
(4, 1, 'Reliquary')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardlab.core.events import EventTemplate
from boardlab.lockup_breakout.catacombs import ESCAPED, TOMB, Path
from boardlab.lockup_breakout.config import (
    GUARDS,
    SEEKER,
    SEEKER_STRENGTH,
    Config,
    GoonCard,
    GuardCard,
    Item,
    LegendCard,
    LootToken,
    Reward,
    Setup,
    Tome,
)
from boardlab.lockup_breakout.events import join, plural, token_name
from boardlab.lockup_breakout.rulebook import BOOK
from boardlab.lockup_breakout.state import SOURCE_INDEX, Frame, K, State

RULE = {ref.id: ref for ref in BOOK}  # a plain dict: one lookup per event
_new_tuple = tuple.__new__


@dataclass(frozen=True)
class Tables:
    """Lookups derived once per configuration (never stored in a state)."""

    strength: dict[str, int]
    crew: tuple[str, ...]
    items: dict[str, Item]
    item_names: tuple[str, ...]
    item_index: dict[str, int]
    goons: dict[str, GoonCard]
    goon_names: tuple[str, ...]
    goon_index: dict[str, int]
    tomes: dict[str, Tome]
    tome_names: tuple[str, ...]
    tome_index: dict[str, int]
    goal_names: tuple[str, ...]
    legends: dict[str, LegendCard]
    legend_names: tuple[str, ...]
    legend_index: dict[str, int]
    loot: dict[str, LootToken]
    loot_names: tuple[str, ...]
    loot_index: dict[str, int]
    exits: dict[str, tuple[Path, ...]]
    stars_of: dict[str, int]
    depth_of: dict[str, int]
    stack_of: dict[str, int]          # loot space → stack index
    loot_spaces: tuple[str, ...]
    res_index: dict[str, int]
    guard_cards: dict[str, GuardCard]
    guard_names: tuple[str, ...]
    guard_deck: dict[str, tuple[int, ...]]   # difficulty → counts per guard name
    rewards: tuple[tuple[tuple[int, Reward], ...], ...]   # per location: (rank, reward)
    places: tuple[str, ...]           # location 0–7 as events name it
    loc_names: tuple[str, ...]        # location 1–7 by number (index 0: the legend card)
    #: Legal step choices by (space, resources row): shared tuples, bounded.
    step_memo: dict[tuple[str, tuple[int, ...]], tuple[Any, ...]] = field(
        default_factory=dict, compare=False, repr=False)
    #: Legal loot picks by (stack, lantern at an end, display, tomes left, goon on the
    #: first goon space): shared tuples, bounded.
    loot_memo: dict[tuple[Any, ...], tuple[Any, ...]] = field(
        default_factory=dict, compare=False, repr=False)
    #: Affordable crafts by (display, reserved items or None, resources row): bounded.
    craft_memo: dict[tuple[Any, ...], tuple[Any, ...]] = field(
        default_factory=dict, compare=False, repr=False)


_TABLES: dict[int, tuple[Config, Tables]] = {}


def tables(cfg: Config) -> Tables:
    """The :class:`Tables` of ``cfg`` (cached by identity: configs are immutable)."""
    hit = _TABLES.get(id(cfg))
    if hit is not None and hit[0] is cfg:
        return hit[1]
    m = cfg.catacombs
    guard_all = (*cfg.guard_blue, *(c for lv in cfg.guard_levels for c in lv.cards))
    guard_names = tuple(g.name for g in guard_all)
    blue = {g.name for g in cfg.guard_blue}
    decks = {}
    for lv in cfg.guard_levels:
        mine = {c.name for c in lv.cards}
        decks[lv.colour] = tuple(g.count if (g.name in blue or g.name in mine) else 0
                                 for g in guard_all)
    strength = {str(s): s for s in cfg.crew_strengths}
    strength[SEEKER] = SEEKER_STRENGTH
    t = Tables(
        strength=strength, crew=cfg.token_labels,
        items={i.name: i for i in cfg.items}, item_names=tuple(i.name for i in cfg.items),
        item_index={i.name: n for n, i in enumerate(cfg.items)},
        goons={g.name: g for g in cfg.goons}, goon_names=tuple(g.name for g in cfg.goons),
        goon_index={g.name: n for n, g in enumerate(cfg.goons)},
        tomes={x.name: x for x in cfg.tomes}, tome_names=tuple(x.name for x in cfg.tomes),
        tome_index={x.name: n for n, x in enumerate(cfg.tomes)},
        goal_names=tuple(g.name for g in cfg.goals),
        legends={c.name: c for c in cfg.legends},
        legend_names=tuple(c.name for c in cfg.legends),
        legend_index={c.name: n for n, c in enumerate(cfg.legends)},
        loot={x.name: x for x in cfg.loot}, loot_names=tuple(x.name for x in cfg.loot),
        loot_index={x.name: n for n, x in enumerate(cfg.loot)},
        exits={s.name: m.exits(s.name) for s in m.spaces},
        stars_of={s.name: s.stars for s in m.spaces},
        depth_of={s.name: s.depth for s in m.spaces},
        stack_of={name: i for i, name in enumerate(m.loot_spaces)},
        loot_spaces=m.loot_spaces,
        res_index={r: i for i, r in enumerate(cfg.resources)},
        guard_cards={g.name: g for g in guard_all}, guard_names=guard_names,
        guard_deck=decks,
        rewards=((), *(tuple((i, r) for i, bundle in enumerate(loc.ranks) for r in bundle)
                       for loc in cfg.locations)),
        places=("the legend card", *(f"{n} {loc.name}"
                                     for n, loc in enumerate(cfg.locations, 1))),
        loc_names=("the legend card", *(loc.name for loc in cfg.locations)),
    )
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[id(cfg)] = (cfg, t)
    return t


def _said(_who: Any, *args: Any) -> str:
    return args[-2]


def _said_in_detail(_who: Any, *args: Any) -> str:
    return args[-1]


#: Templates of the events worded when emitted (:meth:`Work.emit`), by kind, rule, data
#: names, secret names and whether the detail is empty: a handful per game.
_WORDED: dict[tuple[Any, ...], EventTemplate] = {}


def _worded(key: tuple[Any, ...]) -> EventTemplate:
    tag, rule_id, data, secret, no_detail = key
    template = EventTemplate(tag, RULE[rule_id], _said,
                             detail="" if no_detail else _said_in_detail,
                             data=data, secret=secret)
    if len(_WORDED) > 4096:  # bounded: the keys come from the code, never from input
        _WORDED.clear()
    _WORDED[key] = template
    return template


def worded(tag: str, rule_id: str, data: tuple[str, ...] = (), secret: tuple[str, ...] = (),
           detail: bool = False) -> EventTemplate:
    """The shared template :meth:`Work.emit` stores its events under, for a hot path that
    appends the event tuple itself: ``(template, who, round, phase, visible_to, *data,
    *secret, summary, detail)`` (``detail`` ``""`` unless ``detail`` is true).

    >>> worded("stop", "LB-R20") is worded("stop", "LB-R20")
    True
    """
    key = (tag, rule_id, data, secret, not detail)
    template = _WORDED.get(key)
    return _worded(key) if template is None else template


def seat_order(colours: tuple[str, ...], first: str) -> tuple[str, ...]:
    """Players clockwise from the first player (LB-R4).

    >>> seat_order(("red", "blue", "green"), "blue")
    ('blue', 'green', 'red')
    """
    key = (colours, first)
    order = _SEAT_ORDERS.get(key)
    if order is None:
        i = colours.index(first)
        order = colours[i:] + colours[:i]
        if len(_SEAT_ORDERS) > 1024:
            _SEAT_ORDERS.clear()
        _SEAT_ORDERS[key] = order
    return order


_SEAT_ORDERS: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
_SIDE_ORDERS: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
#: The players, first player and side order asked about last (a match asks again and
#: again between two Patrols).
_LAST_ORDER: list[tuple[Any, ...]] = [((), "", ())]


class Work:
    """A mutable copy of a state used inside one ``step``; frozen again at the end."""

    __slots__ = (*State._fields, "events", "t", "si", "cfg", "players", "solo")
    # The State fields take their types from the unpacking in __init__; these are the rest.
    events: list[Any]
    cfg: Config
    t: Tables
    si: dict[str, int]
    players: tuple[str, ...]
    solo: bool

    def __init__(self, state: State) -> None:
        (self.setup, self.round, self.phase, self.first, self.tunnels, self.hands, self.crews,
         self.face_down, self.lanterns, self.resources, self.stars, self.items, self.reserved,
         self.goons, self.tomes, self.kept_loot, self.display, self.item_deck,
         self.goon_spaces, self.goon_deck, self.goon_discard, self.goon_limbo, self.tome_deck,
         self.tome_discard, self.goals, self.goal_deck, self.legend, self.legend_deck,
         self.legend_bottom, self.loot_pool, self.stacks, self.looked, self.guard_cards,
         self.rewarded, self.boosts, self.escaped, self.declared, self.stack) = state
        #: Events, or event rows (plain tuples laid out as Events, ``core.events.EventRow``)
        #: that the public step makes Events and bulk play keeps as they are.
        self.events: list[Any] = []
        setup = self.setup
        last = _LAST_SETUP[0]
        self.cfg, self.t, self.si, self.players, self.solo = (
            last[1] if last[0] is setup else setup_info(setup))

    def freeze(self) -> State:
        return _new_tuple(State, (
            self.setup, self.round, self.phase, self.first, self.tunnels, self.hands,
            self.crews, self.face_down, self.lanterns, self.resources, self.stars, self.items,
            self.reserved, self.goons, self.tomes, self.kept_loot, self.display,
            self.item_deck, self.goon_spaces, self.goon_deck, self.goon_discard,
            self.goon_limbo, self.tome_deck, self.tome_discard, self.goals, self.goal_deck,
            self.legend, self.legend_deck, self.legend_bottom, self.loot_pool, self.stacks,
            self.looked, self.guard_cards, self.rewarded, self.boosts, self.escaped,
            self.declared, self.stack))

    # -- events -----------------------------------------------------------------------------
    def emit(self, tag: str, summary: str, rule_id: str, who: str | None = None, /, *,
             detail: str = "", visible_to: tuple[str, ...] = (),
             secret: dict[str, Any] | None = None, **data: Any) -> None:
        """An event with its text worded now: stored, like a template's, as one event row
        (a plain tuple laid out as an Event, made one when read; a shared template per
        kind, rule and data names; the text is its last values)."""
        if secret:
            key = (tag, rule_id, tuple(data), tuple(secret), not detail)
            template = _WORDED.get(key)
            if template is None:
                template = _worded(key)
            self.events.append((template, who, self.round, self.phase, tuple(visible_to),
                                *data.values(), *secret.values(), summary, detail))
        elif data:
            key = (tag, rule_id, tuple(data), (), not detail)
            template = _WORDED.get(key)
            if template is None:
                template = _worded(key)
            self.events.append((template, who, self.round, self.phase, tuple(visible_to),
                                *data.values(), summary, detail))
        else:   # no data: no unpacking (a fifth of the events worded when emitted)
            key = (tag, rule_id, (), (), not detail)
            template = _WORDED.get(key)
            if template is None:
                template = _worded(key)
            self.events.append((template, who, self.round, self.phase, tuple(visible_to),
                                summary, detail))

    def emit_t(self, template: EventTemplate, who: str | None, /, *args: Any,
               visible_to: tuple[str, ...] = ()) -> None:
        """An event from a template (:mod:`.events`), stored as an event row: its text is
        worded when read."""
        self.events.append((template, who, self.round, self.phase, visible_to, *args))

    # -- frames -----------------------------------------------------------------------------
    @property
    def top(self) -> Frame:
        return self.stack[-1]

    def push(self, *frames: Frame) -> None:
        """Push frames; the last one given ends on top (runs first)."""
        self.stack = (*self.stack, *frames)

    def pop(self) -> Frame:
        f = self.stack[-1]
        self.stack = self.stack[:-1]
        return f

    def set_top(self, frame: Frame) -> None:
        self.stack = (*self.stack[:-1], frame)

    # -- sides ------------------------------------------------------------------------------
    def order(self) -> tuple[str, ...]:
        """Players clockwise from the first player; the guards last (LB-R4, LB-R25)."""
        players, first = self.players, self.first
        last = _LAST_ORDER[0]       # one tuple, replaced whole: no torn reads
        if last[0] is players and last[1] == first:
            return last[2]
        key = (players, first)
        order = _SIDE_ORDERS.get(key)
        if order is None:
            seats = seat_order(*key)
            order = (*seats, GUARDS) if self.solo else seats
            if len(_SIDE_ORDERS) > 1024:
                _SIDE_ORDERS.clear()
            _SIDE_ORDERS[key] = order
        _LAST_ORDER[0] = (players, first, order)
        return order

    def set_side(self, field: str, side: str, value: Any) -> None:
        seq = list(getattr(self, field))
        seq[self.si[side]] = value
        setattr(self, field, tuple(seq))

    def get(self, field: str, side: str) -> Any:
        return getattr(self, field)[self.si[side]]

    # -- resources and stars ----------------------------------------------------------------
    def gain(self, side: str, kind: str, n: int) -> None:
        i = self.si[side]
        row = list(self.resources[i])
        row[self.t.res_index[kind]] += n
        res = list(self.resources)
        res[i] = tuple(row)
        self.resources = tuple(res)

    def can_pay(self, side: str, cost: tuple[tuple[str, int], ...]) -> bool:
        row = self.resources[self.si[side]]
        idx = self.t.res_index
        return all(row[idx[k]] >= n for k, n in cost)

    def pay(self, side: str, cost: tuple[tuple[str, int], ...]) -> None:
        for kind, n in cost:
            self.gain(side, kind, -n)

    def add_stars(self, side: str, source: str, n: int) -> None:
        i = self.si[side]
        row = list(self.stars[i])
        row[SOURCE_INDEX[source]] += n
        stars = list(self.stars)
        stars[i] = tuple(row)
        self.stars = tuple(stars)

    def total(self, side: str) -> int:
        return sum(self.stars[self.si[side]])

    # -- crews --------------------------------------------------------------------------
    def strength_at(self, side: str, location: int) -> int:
        """Crew strength of ``side`` at a location plus tomes played there (LB-R13)."""
        if side == GUARDS:
            card = self.guard_cards[location]
            return self.t.guard_cards[card].strength if card else 0
        s = sum(self.t.strength[tok] for c, tok, _ in self.crews[location] if c == side)
        for c, bonus in self.boosts:
            if c == side:
                s += bonus
        return s

    def sides_at(self, location: int) -> list[str]:
        """Sides with crew at ``location`` in seat order; the guards if present (LB-R39)."""
        entries = self.crews[location]
        if entries:
            present = {c for c, _, _ in entries}
            out = [c for c in self.order() if c in present]
        else:
            out = []
        if self.solo and location < 8:
            card = self.guard_cards[location]
            if card and (location == 0 or self.t.guard_cards[card].strength > 0):
                out.append(GUARDS)
        return out

    def sides_strengths(self, location: int) -> tuple[list[str], dict[str, int]]:
        """:meth:`sides_at` and their :meth:`strengths`, in one pass over the crew."""
        st: dict[str, int] = {}
        entries = self.crews[location]
        if entries:
            strength = self.t.strength
            for c, tok, _ in entries:
                if c in st:
                    st[c] += strength[tok]
                else:
                    st[c] = strength[tok]
            sides = [c for c in self.order() if c in st]
            for c, bonus in self.boosts:
                if c in st:
                    st[c] += bonus
        else:
            sides = []
        if self.solo and location < 8:
            card = self.guard_cards[location]
            if card and (location == 0 or self.t.guard_cards[card].strength > 0):
                sides.append(GUARDS)
                st[GUARDS] = self.strength_at(GUARDS, location)
        return sides, st

    def strengths(self, present: list[str] | tuple[str, ...], location: int
                  ) -> dict[str, int]:
        """:meth:`strength_at` of every side of ``present`` (one pass over the crew)."""
        st = dict.fromkeys(present, 0)
        strength = self.t.strength
        for c, tok, _ in self.crews[location]:
            if c in st:
                st[c] += strength[tok]
        for c, bonus in self.boosts:
            if c in st:
                st[c] += bonus
        if GUARDS in st:
            st[GUARDS] = self.strength_at(GUARDS, location)
        return st

    def ranking(self, location: int) -> list[str]:
        """Sides present, strongest first; ties by seat order, guards last (LB-R4, R25)."""
        present = self.sides_at(location)
        if len(present) < 2:
            return present
        st = self.strengths(present, location)
        # A stable sort on strength alone keeps ties in seat order (guards last).
        return sorted(present, key=lambda c: -st[c])

    def set_crew(self, location: int, entries: tuple[tuple[str, str, bool], ...]) -> None:
        crews = list(self.crews)
        crews[location] = entries
        self.crews = tuple(crews)

    # -- catacombs ----------------------------------------------------------------------
    def at_end(self, side: str) -> bool:
        return self.lanterns[self.si[side]] in (TOMB, ESCAPED)

    def affordable_exits(self, side: str) -> tuple[Path, ...]:
        here = self.lanterns[self.si[side]]
        return tuple(p for p in self.t.exits[here] if self.can_pay(side, p.cost))


SetupInfo = tuple[Config, Tables, dict[str, int], tuple[str, ...], bool]
_SETUPS: dict[int, tuple[Setup, SetupInfo]] = {}


def setup_info(setup: Setup) -> SetupInfo:
    """Configuration, tables, side index, players and solitary flag of ``setup`` (cached
    by identity: every state of a match shares its setup object)."""
    last = _LAST_SETUP[0]
    if last[0] is setup:
        return last[1]
    hit = _SETUPS.get(id(setup))
    if hit is not None and hit[0] is setup:
        info = hit[1]
    else:
        sides = setup.sides
        info = (setup.config, tables(setup.config), {s: i for i, s in enumerate(sides)},
                setup.colours, setup.players == 1)
        if len(_SETUPS) > 256:
            _SETUPS.clear()
        _SETUPS[id(setup)] = (setup, info)
    _LAST_SETUP[0] = (setup, info)     # one tuple, replaced whole: no torn reads
    return info


#: The setup asked about last and its info: a match asks about one setup step after step.
_LAST_SETUP: list[tuple[Any, Any]] = [(None, None)]

# Re-exported for phase modules.
__all__ = ["RULE", "K", "Tables", "Work", "join", "plural", "seat_order", "setup_info",
           "tables", "token_name", "worded"]
