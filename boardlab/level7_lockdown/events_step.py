"""The trigger-events step: one event card (L7-R12), its tile sections, its spawn.

Sections act on the tiles explored this turn (L7-R85); a tile showing two event icons
applies the card's first matching section, then its second (L7-tile-multievent). The
card's spawn follows (:mod:`.spawning`), then the LOCKDOWN pool (L7-R26) where the
scenario keeps one, and the step hands over to the enemies (``w.then(Auto.ENEMIES)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from boardlab.level7_lockdown import effects
from boardlab.level7_lockdown.choices import CardDraw
from boardlab.level7_lockdown.config import BARRICADE_FULL
from boardlab.level7_lockdown.events import EVENT_CARD, POOL_EMPTIES, POOL_TOKEN
from boardlab.level7_lockdown.geometry import Door
from boardlab.level7_lockdown.kinds import Auto, Kind
from boardlab.level7_lockdown.spawning import spawn
from boardlab.level7_lockdown.state import INSIDE, Pending

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

_P_EVENT_DRAW = Pending(Kind.EVENT_DRAW)


def begin_events(w: Work) -> None:
    w.step = "events"
    if not sum(w.events_deck):
        w.events_deck = w.events_discard
        w.events_discard = (0,) * len(w.events_discard)
        w.emit("reshuffle", "The event discards are shuffled into a new deck", "L7-R86")
    w.wait(_P_EVENT_DRAW)


def card_drawn(w: Work, draw: CardDraw) -> None:
    cfg = w.cfg
    idx = cfg.event_index(draw.card)
    card = cfg.events[idx]
    w.add_card("events_deck", idx, -1)
    w.event = idx
    w.emit_t(EVENT_CARD["L7-R12"], w.me.name, card.name, card)
    for tile in w.explored:
        icons = w.spec(tile).events
        matching = [s for s in card.sections if s[0] in icons][: len(icons)]
        rule_id = "L7-tile-multievent" if len(icons) == 2 else "L7-R85"
        for icon, effect in matching:
            SECTIONS[effect](w, tile, f"{w.tname(tile)} ({icon})", rule_id)
    if card.spawn != "none":
        spawn(w, card.spawn, w.me.tile)
    w.hooks.after_events(w)
    w.then(Auto.ENEMIES)


# -- the tile sections of an event card (illustrative effects, L7-R12) ----------------------
def _fear(w: Work, tile: int, where: str, rule_id: str) -> None:
    if w.me.status == INSIDE:
        effects.gain_fear(w, w.active, 1, f"event at {where}", rule_id)


def _calm(w: Work, tile: int, where: str, rule_id: str) -> None:
    if w.me.status == INSIDE:
        effects.lose_fear(w, w.active, 1, f"event at {where}", rule_id)


def _gas(w: Work, tile: int, where: str, rule_id: str) -> None:
    w.add_cloud(tile, "gas")
    w.emit("cloud", f"A gas cloud fills {where}", "L7-marker-roles", tile=tile)


def _fall(w: Work, tile: int, where: str, rule_id: str) -> None:
    c = w.me
    if c.status == INSIDE and not c.down:
        w.set_char(w.active, down=True)
        w.emit("fall", f"{c.name} is knocked off their feet ({where})", "L7-fall", c.name)


def _cache(w: Work, tile: int, where: str, rule_id: str) -> None:
    if tile not in w.caches:
        w.caches = tuple(sorted((*w.caches, tile)))
        w.emit("cache", f"A supply cache turns up on {where}", rule_id, tile=tile)


def _free_door(w: Work, tile: int, where: str, rule_id: str, effect: str) -> Door | None:
    """The first door of ``tile`` neither locked nor barricaded (``None``: none)."""
    free = [d for d in w.tile_doors(tile) if not w.is_locked(d) and not w.barricade(d)]
    if not free:
        w.emit("no_door", f"No open door on {where} to {effect}", rule_id)
        return None
    return free[0]


def _lock(w: Work, tile: int, where: str, rule_id: str) -> None:
    door = _free_door(w, tile, where, rule_id, "lock")
    if door is None:
        return
    w.locked = tuple(sorted((*w.locked, door)))
    words = w.door_words(door)
    w.emit("lock", f"{words[0].upper()}{words[1:]} locks ({where})", rule_id, door=door)


def _barricade(w: Work, tile: int, where: str, rule_id: str) -> None:
    door = _free_door(w, tile, where, rule_id, "barricade")
    if door is None:
        return
    w.barricades = tuple(sorted((*w.barricades, (door, BARRICADE_FULL))))
    words = w.door_words(door)
    w.emit("barricade", f"A barricade goes up on {words} ({where}), full strength side up",
           "L7-barricade", door=door)


#: Effect of a section → what it does to the tile (and the active character).
SECTIONS: Final[dict[str, Callable[[Work, int, str, str], None]]] = {
    "fear": _fear, "calm": _calm, "gas": _gas, "fall": _fall, "cache": _cache,
    "lock": _lock, "barricade": _barricade}


# -- the lockdown pool ------------------------------------------------------------------------
def pool_check(w: Work, keep: str, rule_id: str) -> None:
    """After the trigger-events step: a LOCKDOWN token unless Dr. Cronos shares a
    tile with a character; then the pool empties (``keep="empty"``: the sandbox,
    scenarios 10 and 13) or drops to one token (``keep="one"``: scenario 11). Only
    LOCKDOWN tokens count, never a blaster's POWER tokens (L7-R26)."""
    if w.chars_on(w.cronos):
        left = 0 if keep == "empty" else min(1, w.lockdown)
        w.lockdown = left
        what = "empties" if keep == "empty" else "keeps only one token"
        w.emit_t(POOL_EMPTIES[rule_id], None, left, what)
    else:
        w.lockdown += 1
        w.emit_t(POOL_TOKEN[rule_id], None, w.lockdown)
