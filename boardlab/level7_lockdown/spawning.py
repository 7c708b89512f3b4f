"""Spawning (L7-R13) and threat (L7-R16): where new enemies appear.

Spawning puts enemies on the closest matching tile to a character (every door counts,
then placement order: L7-R13, L7-R24), two on a war zone (L7-tile-warzone), clones
never past the pack limit (L7-R76), rogues before warriors (L7-warrior-reserves,
L7-R29); a hybrid spawns where a scenario says, within its limit (L7-R27). Gaining
threat from an empty pool spawns a guard instead (L7-R16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardlab.level7_lockdown.config import ENEMY_KINDS, ENEMY_NAMES
from boardlab.level7_lockdown.events import SPAWN, plural

if TYPE_CHECKING:
    from boardlab.level7_lockdown.state import Enemy
    from boardlab.level7_lockdown.work import Work

KIND_ORDER: Final = {k: i for i, k in enumerate(ENEMY_KINDS)}


def enemy_sort_key(e: Enemy) -> tuple[int, int]:
    """Figures in kind order, then by number (the order of ``State.enemies``)."""
    return (KIND_ORDER[e.kind], e.number)


#: Features a spawn of each kind looks for (L7-R13; war zones count for both).
SPAWN_FEATURES: Final = {"guard": ("security", "guard_post", "warzone"),
                         "clone": ("fear", "clone_nest", "warzone")}
CLONES: Final = ("rogue", "warrior")


def spawn_candidates(w: Work, kind: str, origin: int) -> list[int]:
    """Matching tiles by door-graph distance (every door counts), then placement
    order (L7-R13, L7-R24); remembered per map where the scenario counts the map's
    features as they are."""
    if w.t.default_features:
        return list(w.map_memo(("spawn", kind, origin),
                               lambda key: tuple(_printed_candidates(w, kind, origin))))
    costs = w.costs(origin, w.full_cost)
    feats = SPAWN_FEATURES[kind]
    feature = w.hooks.feature
    tiles = [t for t, d in enumerate(costs)
             if d is not None and any(feature(w, t, f) for f in feats)]
    return sorted(tiles, key=lambda t: (costs[t], t))


def _printed_candidates(w: Work, kind: str, origin: int) -> list[int]:
    """:func:`spawn_candidates` where only the tiles' printed features count (the hooks'
    default ``feature``: a face-up tile's own)."""
    costs = w.costs(origin, w.full_cost)
    wanted = _WANTED[kind]
    placed, spec = w.tiles, w.cfg.tile
    tiles = []
    for t, d in enumerate(costs):
        if d is not None:
            p = placed[t]
            if not p.face_down and not wanted.isdisjoint(spec(p.tile).features):
                tiles.append(t)
    return sorted(tiles, key=lambda t: (costs[t], t))


_WANTED: Final = {kind: frozenset(feats) for kind, feats in SPAWN_FEATURES.items()}


def clones_on(w: Work, tile: int) -> int:
    return sum(1 for e in w.enemies if e.tile == tile and e.kind in CLONES)


def spawn(w: Work, kind: str, origin: int, *, rule_id: str = "L7-R13") -> None:
    """Spawn ``kind`` ("guard" or "clone") for a character on ``origin``."""
    cands = spawn_candidates(w, kind, origin)
    if not cands:
        w.emit("spawn_none", f"No {kind} spawn tile is on the map: nothing spawns",
               "L7-R13")
        return
    first = cands[0]
    warzone = w.hooks.feature(w, first, "warzone")
    count = 2 if warzone else 1
    if warzone:
        w.emit("warzone", f"{w.tname(first)} is the closest {kind} spawn tile and a "
               f"war zone: two {kind}s spawn", "L7-tile-warzone", tile=first)
    for _ in range(count):
        if not _spawn_one(w, kind, first, cands, rule_id):
            return


def _spawn_one(w: Work, kind: str, first: int, cands: list[int], rule_id: str) -> bool:
    """One figure of a spawn; False when nothing more can spawn."""
    if kind == "guard":
        figure, number = "guard", w.take_reserve("guard")
    else:
        figure, number = "rogue", w.take_reserve("rogue")
        if number is None:
            figure, number = "warrior", w.take_reserve("warrior")
    if number is None:
        w.emit("spawn_none", f"The {kind} reserves are empty: nothing spawns", rule_id)
        return False
    tile = first
    limit = w.scen.pack_limit
    if kind == "clone" and clones_on(w, first) >= limit:
        room = [t for t in cands if clones_on(w, t) < limit]
        if not room:
            w.reserves = tuple((k, tuple(sorted((*n, number))) if k == figure else n)
                               for k, n in w.reserves)
            w.emit("spawn_none", "Every clone spawn tile holds the pack limit: "
                   "nothing spawns", "L7-R76")
            return False
        tile = room[0]
        w.emit("pack_full", f"{w.tname(first)} holds the pack limit: the clone "
               f"spawns on {w.tname(tile)} instead", "L7-R76", tile=tile)
    w.add_enemy(figure, number, tile)
    why = "L7-warrior-reserves" if figure == "warrior" else rule_id
    w.emit_t(SPAWN[why], None, f"{figure}#{number}", tile, w.tname(tile))
    return True


def spawn_hybrid(w: Work, kind: str, tile: int, *, rule_id: str) -> bool:
    """Spawn a hybrid where a scenario says (L7-blaster): it fails while the hybrid
    limit of the kind is in play (L7-R27) or the reserves are empty; blasters come
    Strength first (L7-R30). True when one spawned."""
    limit = dict(w.scen.hybrid_limit).get(kind)
    if limit is not None and len(w.in_play(kind)) >= limit:
        w.emit("spawn_none", f"{plural(limit, ENEMY_NAMES[kind])} already in play, "
               "the limit: none spawns", "L7-R27")
        return False
    number = w.take_reserve(kind)
    if number is None:
        w.emit("spawn_none", f"No {ENEMY_NAMES[kind]} is left in the reserves", rule_id)
        return False
    w.add_enemy(kind, number, tile)
    w.emit_t(SPAWN[rule_id], None, f"{kind}#{number}", tile, w.tname(tile))
    return True


def gain_threat(w: Work, i: int, why: str, rule_id: str = "L7-SB-threat") -> None:
    """One threat from the pool; from an empty pool a guard spawns (L7-R16); never
    where the scenario forbids gaining threat (L7-S13-start)."""
    c = w.chars[i]
    if not w.scen.threat_gain:
        w.emit("no_threat", f"{c.name} would gain threat ({why}), but nobody gains "
               "threat in this scenario", "L7-S13-start", c.name)
        return
    if w.threat_pool > 0:
        w.threat_pool -= 1
        w.set_char(i, threat=c.threat + 1)
        w.emit("threat", f"{c.name} gains 1 threat ({why}): threat {c.threat + 1}",
               rule_id, c.name, threat=c.threat + 1)
        return
    w.emit("threat_empty", f"The threat pool is empty: instead of {c.name} gaining "
           "threat, a guard spawns", "L7-R16", c.name)
    spawn(w, "guard", c.tile, rule_id="L7-R16")
