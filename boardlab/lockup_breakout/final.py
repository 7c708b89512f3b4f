"""Game end: the final raid, lanterns, final-scoring choices, goons, valuables, goals.

The ``K.FINAL`` frame runs in stages: 0 the raid and the lanterns (LB-end,
LB-end-lantern); 1 the owners' choices (Golem types, wild valuables: LB-R21) as
decisions, the guards' made for them; 2 the rest of the scoring and the result.

>>> from boardlab import lockup_breakout as lb
>>> s = lb.position(players=2, phase="final", lanterns={"red": "TOMB"})
>>> lb.final_scores(s)["red"]["lantern"], s.is_over
(15, True)
"""

from __future__ import annotations

from typing import Any

from boardlab.core.events import Event, templates_citing
from boardlab.lockup_breakout.catacombs import ENTRANCE, TOMB
from boardlab.lockup_breakout.choices import Declare, GolemAs
from boardlab.lockup_breakout.config import GUARDS
from boardlab.lockup_breakout.events import owner
from boardlab.lockup_breakout.scoring import (
    _goon_points,
    _valuable_counts,
    _winners,
    best_golems,
    declarations,
    golem_options,
    rank_places,
    valuables,
)
from boardlab.lockup_breakout.state import SOURCE_INDEX, Frame, K
from boardlab.lockup_breakout.work import RULE, Tables, Work, join, plural

ROBES = "Sacred Robes"


def final(w: Work, f: Frame) -> None:
    if f.stage == 0:
        w.phase = "final"
        events, round_ = w.events, w.round
        events.append(_new_tuple(Event, (FINAL_RAID, None, round_, w.phase, ())))
        events.append(_new_tuple(Event, (FINAL_SCORING, None, round_, w.phase, ())))
        for side in w.order():
            lantern_score(w, side)
        w.set_top(f.staged(1))
        return
    if f.stage == 1:
        w.set_top(f.staged(2))
        frames: list[Frame] = []
        for side in w.order():
            frames.extend(choice_frames(w, side))
        w.push(*reversed(frames))
        return
    score_rest(w)
    w.pop()


def lantern_score(w: Work, side: str) -> None:
    """Every lantern that did not escape scores its space (LB-end-lantern, LB-solo-end)."""
    if w.escaped:
        escaped = dict(w.escaped)
        if side in escaped:
            w.emit_t(LANTERN_ESCAPED, side, escaped[side])
            return
    here = w.lanterns[w.si[side]]
    stars = w.t.stars_of[here]
    w.add_stars(side, "lantern", stars)
    if here == TOMB:
        rule_id = "LB-tomb"
    else:
        rule_id = "LB-solo-end" if w.setup.players == 1 else "LB-end-lantern"
    w.emit_t(LANTERN[rule_id], side, here, stars)


def choice_frames(w: Work, side: str) -> list[Frame]:
    """The decisions ``side`` makes at final scoring (the guards' are made here)."""
    goons = w.goons[w.si[side]]
    golems = [g for g in goons if w.t.goons[g].kind == "golem"]
    frames: list[Frame] = []
    if golems:
        options = golem_options(w.cfg, goons)
        if side == GUARDS:
            barrels, loot = _barrels(w, side, ()), len(w.kept_loot[w.si[side]])
            for t in best_golems(w.cfg, goons, barrels, loot):
                declare(w, side, "golem", t, "LB-solo-end")
        elif len(options) == 2:
            frames.extend(Frame(K.GOLEM, who=side, cards=(g,)) for g in golems)
        elif options:
            for _ in golems:
                declare(w, side, "golem", options[0], "LB-R41")
        else:
            w.emit("golem", f"{side} has no Dwarf and no Ratman: "
                   f"{plural(len(golems), 'Golem')} count as nothing in the sets",
                   "LB-goon-golem", side)
            for _ in golems:
                declare(w, side, "golem", "", "LB-goon-golem")
    if side != GUARDS:
        for name in w.items[w.si[side]]:
            if w.t.items[name].wild:
                frames.append(Frame(K.WILD, who=side, cards=(name,)))
    return frames


def declare(w: Work, side: str, what: str, choice: str, rule_id: str) -> None:
    w.declared = (*w.declared, (side, what, choice))
    if what == "golem" and choice:
        w.emit("golem", f"{side} counts a Golem as a {choice}", rule_id, side, kind=choice)
    elif what == "wild":
        w.emit("wild", f"{side} declares a wild valuable a {choice}", rule_id, side,
               kind=choice)


def apply_golem(w: Work, choice: GolemAs) -> None:
    f = w.pop()
    declare(w, f.who, "golem", choice.kind, "LB-R21")


def golem_choices(w: Work, f: Frame) -> tuple[GolemAs, ...]:
    return tuple(GolemAs(t) for t in golem_options(w.cfg, w.goons[w.si[f.who]]))


def apply_wild(w: Work, choice: Declare) -> None:
    f = w.pop()
    rule_id = "LB-clar-robes" if f.cards[0] == ROBES else "LB-icon-wild-valuable"
    declare(w, f.who, "wild", choice.kind, rule_id)


def wild_choices(w: Work, f: Frame) -> tuple[Declare, ...]:
    return tuple(Declare(v) for v in w.cfg.valuables)


def _barrels(w: Work, side: str, wilds: tuple[str, ...] | list[str]) -> int:
    counts = valuables(w.cfg, w.items[w.si[side]], wilds)
    if side == GUARDS:
        counts[w.cfg.crew_board_valuable] -= 1     # the guards have no crew board
    return counts["barrel"]


def score_rest(w: Work) -> None:
    """Goons, valuables and goals for every side, then the result (LB-end-goons, LB-R12,
    LB-R14, LB-R26, LB-R27): one count of each side's valuables serves the Dryads'
    barrels, the sets and the valuables goal."""
    golems, wilds = declarations(w)
    cfg, t, si = w.cfg, w.t, w.si
    item_valuables, goon_kind, goals = _score_tables(t, cfg)
    crew_valuable = cfg.crew_board_valuable
    set_types, kinds_of_value = cfg.goon_set_types, cfg.valuables
    events, round_, phase = w.events, w.round, w.phase
    stars = [list(row) for row in w.stars]
    sides = w.order()
    counted: dict[str, dict[str, int]] = {}
    for side in sides:
        i = si[side]
        counts = _valuable_counts(item_valuables, crew_valuable, w.items[i],
                                  wilds.get(side, ()))
        if side == GUARDS:
            counts[crew_valuable] -= 1     # the guards have no crew board
        counted[side] = counts
        barrels = counts.get("barrel", 0)
        loot = len(w.kept_loot[i])
        pts = _goon_points(goon_kind, set_types, w.goons[i], golems.get(side, ()), barrels,
                           loot)
        if pts[0] or pts[1] or pts[2]:
            stars[i][_GOONS] += pts[0] + pts[1] + pts[2]
            events.append(_new_tuple(Event, (GOONS, side, round_, phase, (), *pts, barrels,
                                             loot)))
        sets = min([counts.get(v, 0) for v in kinds_of_value])
        if sets:
            gained = sets * cfg.set_stars
            stars[i][_VALUABLES] += gained
            events.append(_new_tuple(Event, (VALUABLES, side, round_, phase, (), sets,
                                             gained)))
    two = len(sides) == 2
    for name in w.goals:
        goal = goals[name]
        kind = goal.kind
        values = [(side, _goal_value(w, t, side, kind, goal.item_type, counted))
                  for side in sides]
        paid = rank_places(values, cfg.goal_stars, two)
        if kind == "items" and two:
            rule_id = "LB-clar-tomb-raider"
        elif kind == "explorer":
            rule_id = "LB-clar-explorer"
        else:
            rule_id = "LB-R14"
        for side, gained in paid.items():
            stars[si[side]][_GOALS] += gained
        events.append(_new_tuple(Event, (GOAL[rule_id], None, round_, phase, (), name,
                                         tuple(values), tuple(paid.items()))))
    w.stars = tuple([tuple(row) for row in stars])
    scores = tuple([(side, sum(w.stars[si[side]])) for side in w.setup.sides])
    won = _winners(w)
    if w.setup.players == 1:
        events.append(_new_tuple(Event, (GAME_OVER["LB-R26"], None, round_, phase, (),
                                         scores, won, w.players[0])))
    else:
        rule_id = "LB-R27" if len(won) > 1 else "LB-objective"
        events.append(_new_tuple(Event, (GAME_OVER[rule_id], None, round_, phase, (),
                                         scores, won, None)))


def _goal_value(w: Work, t: Tables, side: str, kind: str, item_type: str,
                counted: dict[str, dict[str, int]]) -> int:
    """What a goal counts for ``side`` (:func:`.scoring.goal_value` on the worker, the
    valuables as counted for the sets)."""
    i = w.si[side]
    if kind == "explorer":
        here = w.lanterns[i]
        return 0 if here == ENTRANCE else t.depth_of[here]
    if kind == "items":
        items = t.items
        return sum(1 for n in w.items[i] if items[n].kind == item_type)
    if kind == "goons":
        return len(w.goons[i])
    if kind == "loot":
        return len(w.kept_loot[i])
    return sum(counted[side].values())


def _score_tables(t: Tables, cfg: Any) -> tuple[dict[str, tuple[str, ...]], dict[str, str],
                                                dict[str, Any]]:
    """Per configuration: each item's valuables, each goon's kind, each goal by name (the
    first of that name, as the goal deck names them)."""
    last = _LAST_SCORE_TABLES
    if last[0] is not t:
        goals: dict[str, Any] = {}
        for g in cfg.goals:
            goals.setdefault(g.name, g)
        last[0], last[1] = t, ({name: item.valuables for name, item in t.items.items()},
                               {name: g.kind for name, g in t.goons.items()}, goals)
    return last[1]


#: The tables asked about last and :func:`_score_tables` of them.
_LAST_SCORE_TABLES: list[Any] = [None, None]
_GOONS, _VALUABLES, _GOALS = (SOURCE_INDEX[s] for s in ("goons", "valuables", "goals"))
_new_tuple = tuple.__new__


# -- event templates (worded when read) ----------------------------------------------------
_t = templates_citing(RULE)


def _lantern(who: str, space: str, stars: int) -> str:
    return f"{owner(who, start=True)} lantern ends on {space}: {plural(stars, 'star')}"


def _goons(who: str, sets: int, dryads: int, fungoids: int, barrels: int, loot: int) -> str:
    return (f"{owner(who, start=True)} goons: sets {sets}, Dryads {dryads} "
            f"({plural(barrels, 'barrel')}), Fungoids {fungoids} "
            f"({plural(loot, 'loot token')})")


def _goal(_who: Any, name: str, values: tuple[tuple[str, int], ...],
          paid: tuple[tuple[str, int], ...]) -> str:
    shown = ", ".join(f"{s} {v}" for s, v in values)
    result = ", ".join(f"{s} {plural(v, 'star')}" for s, v in paid) or "no one"
    return f"Goal {name} ({shown}): {result}"


def _game_over(_who: Any, scores: tuple[tuple[str, int], ...], won: tuple[str, ...],
               player: str | None) -> str:
    shown = ", ".join(f"{s} {n}" for s, n in scores)
    if player is not None:
        text = (f"{player} beats the guards" if won == (player,)
                else "the guards win (the player needs strictly more stars)")
    else:
        text = f"{join(list(won))} win{'s' if len(won) == 1 else ''}" + \
            (" (shared)" if len(won) > 1 else "")
    return f"Final scores: {shown}; {text}"


FINAL_RAID = _t("final_raid", "LB-R15", "After round 6 one final raid is held (suspicion is "
                "not modelled: it changes nothing), then final scoring")
FINAL_SCORING = _t("final", "LB-end", "Final scoring")
LANTERN_ESCAPED = _t("lantern", "LB-end-lantern", "{0} escaped in round {1} and scored then")
LANTERN = {r: _t("lantern", r, _lantern, data=("space", "stars"))
           for r in ("LB-tomb", "LB-solo-end", "LB-end-lantern")}
GOONS = _t("goons", "LB-end-goons", _goons, data=("sets", "dryads", "fungoids"))
VALUABLES = _t("valuables", "LB-R12", lambda who, sets, stars:
               f"{who} has {plural(sets, 'set')} of valuables: {plural(stars, 'star')}",
               data=("sets", "stars"))
GOAL = {r: _t("goal", r, _goal, data=("goal", "values", "paid"))
        for r in ("LB-clar-tomb-raider", "LB-clar-explorer", "LB-R14")}
GAME_OVER = {r: _t("game_over", r, _game_over, data=("scores", "winners"))
             for r in ("LB-R26", "LB-R27", "LB-objective")}
