"""The action step: one challenge or item use (L7-R6, L7-R8).

Combat against an enemy on the tile (or, with a gun, on a neighbouring tile:
L7-ranged-gun), smashing a barricade (L7-barricade-player), searching a supply cache
(L7-cache), accessing a control panel (L7-R20), spraying an extinguisher (L7-R21).
Dr. Cronos is never a target (L7-cronos-immune).
"""

from __future__ import annotations

from typing import Any

from boardlab.level7_lockdown.choices import (
    Access,
    Attack,
    EndStep,
    Extinguish,
    FallDown,
    ItemDraw,
    LowerTerror,
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
from boardlab.level7_lockdown.geometry import Door
from boardlab.level7_lockdown.moving import Moving
from boardlab.level7_lockdown.state import INSIDE, Pending
from boardlab.level7_lockdown.work import enemy_name, plural

#: The control panel's access difficulty (L7-R20).
PANEL_DIFFICULTY = 3


class Actions(Moving):
    __slots__ = ()

    def begin_action(self) -> None:
        self.step = "action"
        self.moves = 0
        if self.me.status != INSIDE:
            self.emit("left_play", f"{self.me.name} is out of play: the rest of the turn "
                      "runs without them", "L7-R87", self.me.name)
            return self.begin_events()  # type: ignore[attr-defined]
        self.wait(Pending("action"))

    def action_choices(self) -> list[Any]:
        c = self.me
        out: list[Any] = []
        if c.status != INSIDE:
            return [EndStep()]
        adr = self.adrenaline_options(c)
        for e in self.enemies_on(c.tile):
            out.extend(Attack(e.id, a) for a in adr)
        if self.has_item(c, "gun"):
            for j in self.ranged_neighbours(c.tile):
                for e in self.enemies_on(j):
                    out.extend(Attack(e.id, a) for a in adr)
        for door in self.tile_doors(c.tile):
            if self.barricade(door):
                out.extend(Smash(door, a) for a in adr)
        if c.tile in self.caches:
            out.extend(Search(a) for a in adr)
        if self.scen.control_panels and self.has_feature(c.tile, "control_panel"):
            for door in self.tile_doors(c.tile):
                if self.hooks.sealed(self.work, door):
                    continue
                if self.is_locked(door):
                    out.extend(Access(door, False, a) for a in adr)
                elif not self.barricade(door):
                    out.extend(Access(door, True, a) for a in adr)
        for action in self.hooks.specials(self.work, c):
            out.extend(Special(action, a) for a in adr)
        if self.has_item(c, "extinguisher"):
            out.append(Extinguish())
        if not c.down:
            out.append(FallDown())
        if c.terror and c.adrenaline >= 2:
            out.append(LowerTerror())
        out.append(EndStep())
        return out

    # -- challenges ------------------------------------------------------------------------
    def attack(self, choice: Attack) -> None:
        c = self.me
        target = self.find_enemy(choice.target)
        assert target is not None
        self.spend_adrenaline(choice.adrenaline)
        c = self.me
        dice, how = self.challenge_dice(c, STRENGTH, adrenaline=choice.adrenaline,
                                        weapon=True)
        tough = self.cfg.profile(target.kind).toughness
        cloud = self.cloud(target.tile)
        difficulty = tough + int(cloud)
        ranged = target.tile != c.tile
        where = f" on {self.tname(target.tile)} with a gun" if ranged else ""
        extra = " (+1 cloud)" if cloud else ""
        self.emit("challenge", f"{c.name} attacks {enemy_name(target.id)}{where}: Strength "
                  f"{difficulty}{extra} on {plural(dice, 'die')} ({how})",
                  "L7-ranged-gun" if ranged else ("L7-cloud" if cloud else "L7-R8"), c.name,
                  target=target.id, difficulty=difficulty, dice=dice)
        self.roll_or_resolve(Pending("roll", "attack", c.name, target.id, dice=dice,
                                     icon=STRENGTH, difficulty=difficulty))

    def smash(self, choice: Smash) -> None:
        c = self.me
        self.spend_adrenaline(choice.adrenaline)
        c = self.me
        dice, how = self.challenge_dice(c, STRENGTH, adrenaline=choice.adrenaline,
                                        weapon=True)
        words = self.door_words(choice.door)
        self.emit("challenge", f"{c.name} attacks the barricade on {words}: Strength "
                  f"{BARRICADE_DIFFICULTY} on {plural(dice, 'die')} ({how})",
                  "L7-barricade-player", c.name, difficulty=BARRICADE_DIFFICULTY, dice=dice)
        self.roll_or_resolve(Pending("roll", "smash", c.name, door=choice.door, dice=dice,
                                     icon=STRENGTH, difficulty=BARRICADE_DIFFICULTY))

    def search(self, choice: Search) -> None:
        c = self.me
        self.spend_adrenaline(choice.adrenaline)
        c = self.me
        dice, how = self.challenge_dice(c, INTELLIGENCE, adrenaline=choice.adrenaline)
        self.emit("challenge", f"{c.name} searches the supply cache: Intelligence "
                  f"{CACHE_DIFFICULTY} on {plural(dice, 'die')} ({how})", "L7-cache", c.name,
                  difficulty=CACHE_DIFFICULTY, dice=dice)
        self.roll_or_resolve(Pending("roll", "search", c.name, dice=dice, icon=INTELLIGENCE,
                                     difficulty=CACHE_DIFFICULTY))

    def access(self, choice: Access) -> None:
        c = self.me
        self.spend_adrenaline(choice.adrenaline)
        c = self.me
        dice, how = self.challenge_dice(c, INTELLIGENCE, adrenaline=choice.adrenaline)
        verb = "lock" if choice.lock else "unlock"
        words = self.door_words(choice.door)
        self.emit("challenge", f"{c.name} accesses the control panel to {verb} "
                  f"{words}: Intelligence {PANEL_DIFFICULTY} on {plural(dice, 'die')} "
                  f"({how})", "L7-R20", c.name, difficulty=PANEL_DIFFICULTY, dice=dice)
        self.roll_or_resolve(Pending("roll", "access", c.name, door=choice.door, dice=dice,
                                     icon=INTELLIGENCE, difficulty=PANEL_DIFFICULTY,
                                     lock=choice.lock))

    def special(self, choice: Special) -> None:
        """A scenario's own challenge action (its hook says which stat and difficulty)."""
        c = self.me
        self.spend_adrenaline(choice.adrenaline)
        c = self.me
        icon, difficulty, weapon, rule_id, words = self.hooks.special_challenge(
            self.work, c, choice.action)
        dice, how = self.challenge_dice(c, icon, adrenaline=choice.adrenaline, weapon=weapon)
        self.emit("challenge", f"{c.name} tries to {words}: {icon} {difficulty} on "
                  f"{plural(dice, 'die')} ({how})", rule_id, c.name, difficulty=difficulty,
                  dice=dice, action=choice.action)
        self.roll_or_resolve(Pending("roll", "special", c.name, choice.action, dice=dice,
                                     icon=icon, difficulty=difficulty))

    def extinguish(self) -> None:
        c = self.me
        item = next(it for it in c.items if self.cfg.item_kind(it) == "extinguisher")
        self.drop_item(self.active, item)
        self.add_cloud(c.tile, "extinguisher")
        self.emit("extinguisher", f"{c.name} empties the {item}: an extinguisher cloud "
                  f"fills {self.tname(c.tile)}", "L7-R21", c.name, tile=c.tile)
        self.begin_events()  # type: ignore[attr-defined]

    def drop_item(self, i: int, item: str) -> None:
        c = self.chars[i]
        items = list(c.items)
        items.remove(item)
        self.set_char(i, items=tuple(items))
        idx = self.cfg.item_index(item)
        self.items_discard = tuple(n + (k == idx) for k, n in enumerate(self.items_discard))

    def resolve_challenge(self, roll: Roll) -> None:
        p = self.pending
        c = self.me
        got = roll.count(p.icon)
        won = got >= p.difficulty
        margin = p.difficulty - got
        tally = f"{got} {p.icon} against {p.difficulty}"
        if p.purpose == "attack":
            if won:
                self.emit("challenge_won", f"{c.name} defeats {enemy_name(p.target)} "
                          f"({tally})", "L7-R11", c.name, icons=got)
                self.to_reserves(p.target, f"defeated by {c.name}", "L7-R11")
                if self.scen.threat_on_kill:
                    self.gain_threat(self.active, f"defeating {enemy_name(p.target)}",
                                     self.hooks.threat_rule)
            else:
                self.emit("challenge_lost", f"{c.name} misses {enemy_name(p.target)} "
                          f"({tally})", "L7-R8", c.name, icons=got)
                self.hooks.challenge_lost(self.work, "attack")
        elif p.purpose == "smash":
            assert p.door is not None
            if won:
                self.damage_barricade(p.door, f"{c.name}'s blows ({tally})",
                                      "L7-barricade-player")
            else:
                self.emit("challenge_lost", f"The barricade holds ({tally})",
                          "L7-barricade-player", c.name, icons=got)
        elif p.purpose == "search":
            if won:
                self.emit("challenge_won", f"{c.name} finds something in the cache ({tally})",
                          "L7-cache", c.name, icons=got)
                if self.draw_item():
                    return
            elif margin >= CACHE_LOST_MARGIN:
                self.caches = tuple(t for t in self.caches if t != c.tile)
                self.emit("cache_lost", f"{c.name} misses by {margin} ({tally}): the supply "
                          "cache is removed", "L7-cache", c.name, margin=margin)
            else:
                self.emit("challenge_lost", f"{c.name} finds nothing ({tally}, short by "
                          f"{margin})", "L7-cache", c.name, margin=margin)
        elif p.purpose == "special":
            if self.hooks.resolve_special(self.work, p.target, won, got):
                return
        elif p.purpose == "access":
            assert p.door is not None
            if won:
                if p.lock:
                    self.locked = tuple(sorted((*self.locked, p.door)))
                else:
                    self.locked = tuple(d for d in self.locked if d != p.door)
                verb = "locks" if p.lock else "unlocks"
                words = self.door_words(p.door)
                self.emit("challenge_won", f"{c.name} {verb} {words} from the control panel "
                          f"({tally})", "L7-R20", c.name, icons=got, door=p.door)
            else:
                self.emit("challenge_lost", f"The control panel does not respond ({tally})",
                          "L7-R20", c.name, icons=got)
        self.begin_events()  # type: ignore[attr-defined]

    def damage_barricade(self, door: Door, why: str, rule_id: str) -> None:
        """One damage: full strength → battered → gone (L7-barricade)."""
        s = self.barricade(door)
        if s <= 1:
            self.barricades = tuple(b for b in self.barricades if b[0] != door)
            words = self.door_words(door)
            self.emit("barricade_gone", f"The battered barricade on {words} is destroyed "
                      f"({why})", rule_id, door=door)
        else:
            self.barricades = tuple((d, s - 1 if d == door else x) for d, x in self.barricades)
            words = self.door_words(door)
            self.emit("barricade_battered", f"The barricade on {words} is battered ({why})",
                      rule_id, door=door)

    def draw_item(self) -> bool:
        """Wait for an item draw (True), or say the decks are empty (L7-R86)."""
        if not sum(self.items_deck):
            if not sum(self.items_discard):
                self.emit("no_items", "The item deck and its discards are empty: nothing to "
                          "draw", "L7-R86")
                return False
            self.items_deck, self.items_discard = self.items_discard, \
                (0,) * len(self.items_discard)
            self.emit("reshuffle", "The item discards are shuffled into a new deck", "L7-R86")
        self.wait(Pending("item_draw", "search", self.me.name))
        return True

    def item_drawn(self, draw: ItemDraw) -> None:
        idx = self.cfg.item_index(draw.item)
        self.items_deck = tuple(n - (k == idx) for k, n in enumerate(self.items_deck))
        c = self.me
        self.set_char(self.active, items=tuple(sorted((*c.items, draw.item))))
        self.emit("item", f"{c.name} takes a {draw.item} from the cache", "L7-cache", c.name,
                  item=draw.item)
        self.begin_events()  # type: ignore[attr-defined]
