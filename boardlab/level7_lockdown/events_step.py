"""The trigger-events step: one event card (L7-R12), its tile sections, its spawn.

Sections act on the tiles explored this turn (L7-R85); a tile showing two event icons
applies the card's first matching section, then its second (L7-tile-multievent).
Spawning puts enemies on the closest matching tile to the active character (L7-R13),
two on a war zone (L7-tile-warzone), clones never past the pack limit (L7-R76), rogues
before warriors (L7-warrior-reserves, L7-R29).
"""

from __future__ import annotations

from boardlab.level7_lockdown.actions import Actions
from boardlab.level7_lockdown.choices import CardDraw
from boardlab.level7_lockdown.config import BARRICADE_FULL, ENEMY_NAMES
from boardlab.level7_lockdown.geometry import costs_from
from boardlab.level7_lockdown.state import INSIDE, Pending
from boardlab.level7_lockdown.work import plural

#: Features a spawn of each kind looks for (L7-R13; war zones count for both).
SPAWN_FEATURES = {"guard": ("security", "guard_post", "warzone"),
                  "clone": ("fear", "clone_nest", "warzone")}
CLONES = ("rogue", "warrior")


class EventsStep(Actions):
    __slots__ = ()

    def begin_events(self) -> None:
        self.step = "events"
        if not sum(self.events_deck):
            self.events_deck = self.events_discard
            self.events_discard = (0,) * len(self.events_discard)
            self.emit("reshuffle", "The event discards are shuffled into a new deck",
                      "L7-R86")
        self.wait(Pending("event_draw"))

    def card_drawn(self, draw: CardDraw) -> None:
        cfg = self.cfg
        idx = cfg.event_index(draw.card)
        card = cfg.events[idx]
        self.events_deck = tuple(n - (k == idx) for k, n in enumerate(self.events_deck))
        self.event = idx
        acts = ", ".join(card.activations) or "none"
        self.emit("event_card", f"{self.me.name} draws the event card {card.name} (spawn: "
                  f"{card.spawn}; activations: {acts})", "L7-R12", self.me.name,
                  card=card.name)
        for tile in self.explored:
            icons = self.spec(tile).events
            matching = [s for s in card.sections if s[0] in icons][: len(icons)]
            rule_id = "L7-tile-multievent" if len(icons) == 2 else "L7-R85"
            for icon, effect in matching:
                self.apply_section(tile, icon, effect, rule_id)
        if card.spawn != "none":
            self.spawn(card.spawn, self.me.tile)
        self.hooks.after_events(self.work)
        self.begin_enemies()  # type: ignore[attr-defined]

    def apply_section(self, tile: int, icon: str, effect: str, rule_id: str) -> None:
        """One tile section of the event card (illustrative effects, L7-R12)."""
        c = self.me
        name = self.tname(tile)
        where = f"{name} ({icon})"
        if effect == "fear":
            if c.status == INSIDE:
                self.gain_fear(self.active, 1, f"event at {where}", rule_id)
        elif effect == "calm":
            if c.status == INSIDE:
                self.lose_fear(self.active, 1, f"event at {where}", rule_id)
        elif effect == "gas":
            self.add_cloud(tile, "gas")
            self.emit("cloud", f"A gas cloud fills {where}", "L7-marker-roles", tile=tile)
        elif effect == "fall":
            if c.status == INSIDE and not c.down:
                self.set_char(self.active, down=True)
                self.emit("fall", f"{c.name} is knocked off their feet ({where})", "L7-fall",
                          c.name)
        elif effect == "cache":
            if tile not in self.caches:
                self.caches = tuple(sorted((*self.caches, tile)))
                self.emit("cache", f"A supply cache turns up on {where}", rule_id, tile=tile)
        elif effect in ("barricade", "lock"):
            free = [d for d in self.tile_doors(tile)
                    if not self.is_locked(d) and not self.barricade(d)]
            if not free:
                self.emit("no_door", f"No open door on {where} to {effect}", rule_id)
                return
            door = free[0]
            if effect == "lock":
                self.locked = tuple(sorted((*self.locked, door)))
                words = self.door_words(door)
                self.emit("lock", f"{words[0].upper()}{words[1:]} locks ({where})", rule_id,
                          door=door)
            else:
                self.barricades = tuple(sorted((*self.barricades, (door, BARRICADE_FULL))))
                words = self.door_words(door)
                self.emit("barricade", f"A barricade goes up on {words} ({where}), full "
                          "strength side up", "L7-barricade", door=door)

    # -- spawning ----------------------------------------------------------------------
    def spawn_candidates(self, kind: str, origin: int) -> list[int]:
        """Matching tiles by door-graph distance (every door counts), then placement
        order (L7-R13, L7-R24)."""
        costs = costs_from(self.lay, origin, self.full_cost)
        feats = SPAWN_FEATURES[kind]
        feature, w = self.hooks.feature, self.work
        tiles = [t for t, d in enumerate(costs)
                 if d is not None and any(feature(w, t, f) for f in feats)]
        return sorted(tiles, key=lambda t: (costs[t], t))

    def clones_on(self, tile: int) -> int:
        return sum(1 for e in self.enemies if e.tile == tile and e.kind in CLONES)

    def spawn(self, kind: str, origin: int, *, rule_id: str = "L7-R13") -> None:
        """Spawn ``kind`` ("guard" or "clone") for a character on ``origin``."""
        cands = self.spawn_candidates(kind, origin)
        if not cands:
            self.emit("spawn_none", f"No {kind} spawn tile is on the map: nothing spawns",
                      "L7-R13")
            return
        first = cands[0]
        warzone = self.hooks.feature(self.work, first, "warzone")
        count = 2 if warzone else 1
        if warzone:
            self.emit("warzone", f"{self.tname(first)} is the closest {kind} spawn tile and a "
                      f"war zone: two {kind}s spawn", "L7-tile-warzone", tile=first)
        for _ in range(count):
            if kind == "guard":
                figure, number = "guard", self.take_reserve("guard")
            else:
                figure, number = "rogue", self.take_reserve("rogue")
                if number is None:
                    figure, number = "warrior", self.take_reserve("warrior")
            if number is None:
                self.emit("spawn_none", f"The {kind} reserves are empty: nothing spawns",
                          rule_id)
                return
            tile = first
            if kind == "clone" and self.clones_on(first) >= self.scen.pack_limit:
                room = [t for t in cands if self.clones_on(t) < self.scen.pack_limit]
                if not room:
                    self.reserves = tuple((k, tuple(sorted((*n, number))) if k == figure
                                           else n) for k, n in self.reserves)
                    self.emit("spawn_none", "Every clone spawn tile holds the pack limit: "
                              "nothing spawns", "L7-R76")
                    return
                tile = room[0]
                self.emit("pack_full", f"{self.tname(first)} holds the pack limit: the clone "
                          f"spawns on {self.tname(tile)} instead", "L7-R76", tile=tile)
            self.add_enemy(figure, number, tile)
            why = "L7-warrior-reserves" if figure == "warrior" else rule_id
            self.emit("spawn", f"{ENEMY_NAMES[figure]} {number} spawns on "
                      f"{self.tname(tile)}", why, enemy_id=f"{figure}#{number}", tile=tile)

    def spawn_hybrid(self, kind: str, tile: int, *, rule_id: str) -> bool:
        """Spawn a hybrid where a scenario says (L7-blaster): it fails while the hybrid
        limit of the kind is in play (L7-R27) or the reserves are empty; blasters come
        Strength first (L7-R30). True when one spawned."""
        limit = dict(self.scen.hybrid_limit).get(kind)
        if limit is not None and len(self.in_play(kind)) >= limit:
            self.emit("spawn_none", f"{plural(limit, ENEMY_NAMES[kind])} already in play, "
                      "the limit: none spawns", "L7-R27")
            return False
        number = self.take_reserve(kind)
        if number is None:
            self.emit("spawn_none", f"No {ENEMY_NAMES[kind]} is left in the reserves",
                      rule_id)
            return False
        self.add_enemy(kind, number, tile)
        self.emit("spawn", f"{ENEMY_NAMES[kind]} {number} spawns on {self.tname(tile)}",
                  rule_id, enemy_id=f"{kind}#{number}", tile=tile)
        return True

    # -- the lockdown pool ---------------------------------------------------------------
    def pool_check(self, keep: str, rule_id: str) -> None:
        """After the trigger-events step: a LOCKDOWN token unless Dr. Cronos shares a
        tile with a character; then the pool empties (``keep="empty"``: the sandbox,
        scenarios 10 and 13) or drops to one token (``keep="one"``: scenario 11). Only
        LOCKDOWN tokens count, never a blaster's POWER tokens (L7-R26)."""
        if self.chars_on(self.cronos):
            left = 0 if keep == "empty" else min(1, self.lockdown)
            self.lockdown = left
            what = "empties" if keep == "empty" else "keeps only one token"
            self.emit("pool", f"Dr. Cronos stands with a character: the lockdown pool "
                      f"{what}", rule_id, tokens=left)
        else:
            self.lockdown += 1
            self.emit("pool", f"A LOCKDOWN token joins the pool: "
                      f"{plural(self.lockdown, 'token')}", rule_id,
                      tokens=self.lockdown)
