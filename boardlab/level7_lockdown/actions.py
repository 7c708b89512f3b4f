"""The action step: one challenge or item use (L7-R6, L7-R8).

Combat against an enemy on the tile (or, with a gun, on a neighbouring tile:
L7-ranged-gun), smashing a barricade (L7-barricade-player), searching a supply cache
(L7-cache), accessing a control panel (L7-R20), spraying an extinguisher (L7-R21).
Dr. Cronos is never a target (L7-cronos-immune).

Each challenge is one function that starts it and one per roll purpose that resolves
it (the rules' roll table dispatches on the purpose); the step ends by handing over to
the trigger-events step (``w.then(Auto.EVENTS)``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boardlab.level7_lockdown.choices import (
    Access,
    Attack,
    Extinguish,
    ItemDraw,
    Roll,
    Search,
    Smash,
    Special,
)
from boardlab.level7_lockdown.config import (
    BARRICADE_DIFFICULTY,
    CACHE_DIFFICULTY,
    CACHE_LOST_MARGIN,
    INTELLIGENCE,
    STRENGTH,
)
from boardlab.level7_lockdown.events import enemy_name, plural
from boardlab.level7_lockdown.geometry import Door
from boardlab.level7_lockdown.kinds import Auto, Kind, Purpose
from boardlab.level7_lockdown.moving import (
    END_STEP,
    FALL_DOWN,
    LOWER_TERROR,
    roll_or_resolve,
    spend_adrenaline,
)
from boardlab.level7_lockdown.spawning import gain_threat
from boardlab.level7_lockdown.state import INSIDE, Char, Pending

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work

#: The control panel's access difficulty (L7-R20).
PANEL_DIFFICULTY = 3
_P_ACTION = Pending(Kind.ACTION)
EXTINGUISH = Extinguish()


def begin_action(w: Work) -> None:
    w.step = "action"
    w.moves = 0
    if w.me.status != INSIDE:
        w.emit("left_play", f"{w.me.name} is out of play: the rest of the turn runs "
               "without them", "L7-R87", w.me.name)
        return w.then(Auto.EVENTS)
    w.wait(_P_ACTION)


def action_choices(w: Work) -> list[Any]:
    """Every action of the active character's action step (L7-R8), each challenge with
    0 to the most adrenaline cards playable (shared tuples of interned choices)."""
    c = w.me
    if c.status != INSIDE:
        return [END_STEP]
    most = w.adrenaline_max(c)
    here = c.tile
    out: list[Any] = []
    _attacks_at(w, c, most, out)
    doors = w.tile_doors(here)
    if w.barricades:
        for door in doors:
            if w.barricade(door):
                out.extend(_with_cards(Smash, door, most))
    if here in w.caches:
        out.extend(_searches(most))
    if w.scen.control_panels and w.has_feature(here, "control_panel"):
        _panel_choices(w, doors, most, out)
    if "specials" not in w.t.plain:   # the default offers none
        for action in w.hooks.specials(w, c):
            out.extend(_with_cards(Special, action, most))
    if w.has_item(c, "extinguisher"):
        out.append(EXTINGUISH)
    if not c.down:
        out.append(FALL_DOWN)
    if c.terror and c.adrenaline >= 2:
        out.append(LOWER_TERROR)
    out.append(END_STEP)
    return out


def _attacks_at(w: Work, c: Char, most: int, out: list[Any]) -> None:
    """Attacks on the enemies here, then (with a gun) next door (L7-ranged-gun)."""
    here = c.tile
    for e in w.enemies:
        if e.tile == here:
            out.extend(_with_cards(Attack, e.id, most))
    if c.items and w.has_item(c, "gun"):
        for j in w.ranged_neighbours(here):
            for e in w.enemies:
                if e.tile == j:
                    out.extend(_with_cards(Attack, e.id, most))


def _panel_choices(w: Work, doors: list[Door], most: int, out: list[Any]) -> None:
    """The control panel here locks an open door or unlocks a locked one (L7-R20)."""
    for door in doors:
        if w.hooks.sealed(w, door):
            continue
        if w.is_locked(door):
            out.extend(_with_cards(Access, door, most, False))
        elif not w.barricade(door):
            out.extend(_with_cards(Access, door, most, True))


@lru_cache(maxsize=4096)
def _with_cards(kind: type, what: Any, most: int, lock: bool | None = None
                ) -> tuple[Any, ...]:
    """``kind(what, [lock,] a)`` for 0 to ``most`` adrenaline cards (shared)."""
    if lock is None:
        return tuple(kind(what, a) for a in range(most + 1))
    return tuple(kind(what, lock, a) for a in range(most + 1))


@lru_cache(maxsize=64)
def _searches(most: int) -> tuple[Search, ...]:
    return tuple(Search(a) for a in range(most + 1))


# -- challenges --------------------------------------------------------------------------
def attack(w: Work, choice: Attack) -> None:
    target = w.find_enemy(choice.target)
    assert target is not None
    spend_adrenaline(w, choice.adrenaline)
    c = w.me
    dice, how = w.challenge_dice(c, STRENGTH, adrenaline=choice.adrenaline, weapon=True)
    tough = w.cfg.profile(target.kind).toughness
    cloud = w.cloud(target.tile)
    difficulty = tough + int(cloud)
    ranged = target.tile != c.tile
    where = f" on {w.tname(target.tile)} with a gun" if ranged else ""
    extra = " (+1 cloud)" if cloud else ""
    w.emit("challenge", f"{c.name} attacks {enemy_name(target.id)}{where}: Strength "
           f"{difficulty}{extra} on {plural(dice, 'die')} ({how})",
           "L7-ranged-gun" if ranged else ("L7-cloud" if cloud else "L7-R8"), c.name,
           target=target.id, difficulty=difficulty, dice=dice)
    roll_or_resolve(w, Pending(Kind.ROLL, Purpose.ATTACK, c.name, target.id, dice=dice,
                               icon=STRENGTH, difficulty=difficulty))


def smash(w: Work, choice: Smash) -> None:
    spend_adrenaline(w, choice.adrenaline)
    c = w.me
    dice, how = w.challenge_dice(c, STRENGTH, adrenaline=choice.adrenaline, weapon=True)
    words = w.door_words(choice.door)
    w.emit("challenge", f"{c.name} attacks the barricade on {words}: Strength "
           f"{BARRICADE_DIFFICULTY} on {plural(dice, 'die')} ({how})",
           "L7-barricade-player", c.name, difficulty=BARRICADE_DIFFICULTY, dice=dice)
    roll_or_resolve(w, Pending(Kind.ROLL, Purpose.SMASH, c.name, door=choice.door,
                               dice=dice, icon=STRENGTH, difficulty=BARRICADE_DIFFICULTY))


def search(w: Work, choice: Search) -> None:
    spend_adrenaline(w, choice.adrenaline)
    c = w.me
    dice, how = w.challenge_dice(c, INTELLIGENCE, adrenaline=choice.adrenaline)
    w.emit("challenge", f"{c.name} searches the supply cache: Intelligence "
           f"{CACHE_DIFFICULTY} on {plural(dice, 'die')} ({how})", "L7-cache", c.name,
           difficulty=CACHE_DIFFICULTY, dice=dice)
    roll_or_resolve(w, Pending(Kind.ROLL, Purpose.SEARCH, c.name, dice=dice,
                               icon=INTELLIGENCE, difficulty=CACHE_DIFFICULTY))


def access(w: Work, choice: Access) -> None:
    spend_adrenaline(w, choice.adrenaline)
    c = w.me
    dice, how = w.challenge_dice(c, INTELLIGENCE, adrenaline=choice.adrenaline)
    verb = "lock" if choice.lock else "unlock"
    words = w.door_words(choice.door)
    w.emit("challenge", f"{c.name} accesses the control panel to {verb} "
           f"{words}: Intelligence {PANEL_DIFFICULTY} on {plural(dice, 'die')} "
           f"({how})", "L7-R20", c.name, difficulty=PANEL_DIFFICULTY, dice=dice)
    roll_or_resolve(w, Pending(Kind.ROLL, Purpose.ACCESS, c.name, door=choice.door,
                               dice=dice, icon=INTELLIGENCE, difficulty=PANEL_DIFFICULTY,
                               lock=choice.lock))


def special(w: Work, choice: Special) -> None:
    """A scenario's own challenge action (its hook says which stat and difficulty)."""
    spend_adrenaline(w, choice.adrenaline)
    c = w.me
    icon, difficulty, weapon, rule_id, words = w.hooks.special_challenge(
        w, c, choice.action)
    dice, how = w.challenge_dice(c, icon, adrenaline=choice.adrenaline, weapon=weapon)
    w.emit("challenge", f"{c.name} tries to {words}: {icon} {difficulty} on "
           f"{plural(dice, 'die')} ({how})", rule_id, c.name, difficulty=difficulty,
           dice=dice, action=choice.action)
    roll_or_resolve(w, Pending(Kind.ROLL, Purpose.SPECIAL, c.name, choice.action,
                               dice=dice, icon=icon, difficulty=difficulty))


def extinguish(w: Work, choice: Extinguish) -> None:
    c = w.me
    item = next(it for it in c.items if w.cfg.item_kind(it) == "extinguisher")
    drop_item(w, w.active, item)
    w.add_cloud(c.tile, "extinguisher")
    w.emit("extinguisher", f"{c.name} empties the {item}: an extinguisher cloud "
           f"fills {w.tname(c.tile)}", "L7-R21", c.name, tile=c.tile)
    w.then(Auto.EVENTS)


def drop_item(w: Work, i: int, item: str) -> None:
    c = w.chars[i]
    items = list(c.items)
    items.remove(item)
    w.set_char(i, items=tuple(items))
    idx = w.cfg.item_index(item)
    w.add_card("items_discard", idx, 1)


# -- the challenges' rolls ---------------------------------------------------------------
def _tally(w: Work, roll: Roll) -> tuple[int, str]:
    p = w.pending
    got = roll.count(p.icon)
    return got, f"{got} {p.icon} against {p.difficulty}"


def resolve_attack(w: Work, roll: Roll) -> None:
    p = w.pending
    c = w.me
    got, tally = _tally(w, roll)
    if got >= p.difficulty:
        w.emit("challenge_won", f"{c.name} defeats {enemy_name(p.target)} ({tally})",
               "L7-R11", c.name, icons=got)
        w.to_reserves(p.target, f"defeated by {c.name}", "L7-R11")
        if w.scen.threat_on_kill:
            gain_threat(w, w.active, f"defeating {enemy_name(p.target)}",
                        w.hooks.threat_rule)
    else:
        w.emit("challenge_lost", f"{c.name} misses {enemy_name(p.target)} ({tally})",
               "L7-R8", c.name, icons=got)
        w.hooks.challenge_lost(w, "attack")
    w.then(Auto.EVENTS)


def resolve_smash(w: Work, roll: Roll) -> None:
    p = w.pending
    assert p.door is not None
    got, tally = _tally(w, roll)
    if got >= p.difficulty:
        w.damage_barricade(p.door, f"{w.me.name}'s blows ({tally})", "L7-barricade-player")
    else:
        w.emit("challenge_lost", f"The barricade holds ({tally})", "L7-barricade-player",
               w.me.name, icons=got)
    w.then(Auto.EVENTS)


def resolve_search(w: Work, roll: Roll) -> None:
    p = w.pending
    c = w.me
    got, tally = _tally(w, roll)
    margin = p.difficulty - got
    if got >= p.difficulty:
        w.emit("challenge_won", f"{c.name} finds something in the cache ({tally})",
               "L7-cache", c.name, icons=got)
        if draw_item(w):
            return
    elif margin >= CACHE_LOST_MARGIN:
        w.caches = tuple(t for t in w.caches if t != c.tile)
        w.emit("cache_lost", f"{c.name} misses by {margin} ({tally}): the supply "
               "cache is removed", "L7-cache", c.name, margin=margin)
    else:
        w.emit("challenge_lost", f"{c.name} finds nothing ({tally}, short by "
               f"{margin})", "L7-cache", c.name, margin=margin)
    w.then(Auto.EVENTS)


def resolve_special(w: Work, roll: Roll) -> None:
    p = w.pending
    got = roll.count(p.icon)
    if w.hooks.resolve_special(w, p.target, got >= p.difficulty, got):
        return
    w.then(Auto.EVENTS)


def resolve_access(w: Work, roll: Roll) -> None:
    p = w.pending
    c = w.me
    assert p.door is not None
    got, tally = _tally(w, roll)
    if got >= p.difficulty:
        if p.lock:
            w.locked = tuple(sorted((*w.locked, p.door)))
        else:
            w.locked = tuple(d for d in w.locked if d != p.door)
        verb = "locks" if p.lock else "unlocks"
        words = w.door_words(p.door)
        w.emit("challenge_won", f"{c.name} {verb} {words} from the control panel "
               f"({tally})", "L7-R20", c.name, icons=got, door=p.door)
    else:
        w.emit("challenge_lost", f"The control panel does not respond ({tally})",
               "L7-R20", c.name, icons=got)
    w.then(Auto.EVENTS)


# -- items ---------------------------------------------------------------------------------
def draw_item(w: Work) -> bool:
    """Wait for an item draw (True), or say the decks are empty (L7-R86)."""
    if not sum(w.items_deck):
        if not sum(w.items_discard):
            w.emit("no_items", "The item deck and its discards are empty: nothing to "
                   "draw", "L7-R86")
            return False
        w.items_deck, w.items_discard = w.items_discard, (0,) * len(w.items_discard)
        w.emit("reshuffle", "The item discards are shuffled into a new deck", "L7-R86")
    w.wait(Pending(Kind.ITEM_DRAW, Purpose.SEARCH, w.me.name))
    return True


def item_drawn(w: Work, draw: ItemDraw) -> None:
    idx = w.cfg.item_index(draw.item)
    w.add_card("items_deck", idx, -1)
    c = w.me
    w.set_char(w.active, items=tuple(sorted((*c.items, draw.item))))
    w.emit("item", f"{c.name} takes a {draw.item} from the cache", "L7-cache", c.name,
           item=draw.item)
    w.then(Auto.EVENTS)
