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

from boardlab.lockup_breakout.catacombs import TOMB
from boardlab.lockup_breakout.choices import Declare, GolemAs
from boardlab.lockup_breakout.config import GUARDS
from boardlab.lockup_breakout.events import owner
from boardlab.lockup_breakout.scoring import (
    _winners,
    best_golems,
    declarations,
    goal_value,
    golem_options,
    goon_points,
    rank_places,
    valuable_sets,
    valuables,
)
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import Work, join, plural

ROBES = "Sacred Robes"


def final(w: Work, f: Frame) -> None:
    if f.stage == 0:
        w.phase = "final"
        w.emit("final_raid", "After round 6 one final raid is held (suspicion is not "
               "modelled: it changes nothing), then final scoring", "LB-R15")
        w.emit("final", "Final scoring", "LB-end")
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
    escaped = dict(w.escaped)
    if side in escaped:
        w.emit("lantern", f"{side} escaped in round {escaped[side]} and scored then",
               "LB-end-lantern", side)
        return
    here = w.lanterns[w.si[side]]
    stars = w.t.stars_of[here]
    w.add_stars(side, "lantern", stars)
    if here == TOMB:
        rule_id = "LB-tomb"
    else:
        rule_id = "LB-solo-end" if w.setup.players == 1 else "LB-end-lantern"
    w.emit("lantern", f"{owner(side, start=True)} lantern ends on {here}: "
           f"{plural(stars, 'star')}", rule_id, side, space=here, stars=stars)


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
    golems, wilds = declarations(w)
    for side in w.order():
        i = w.si[side]
        mine = wilds.get(side, [])
        # One count of the valuables serves the Dryads' barrels and the sets.
        counts = valuables(w.cfg, w.items[i], mine)
        if side == GUARDS:
            counts[w.cfg.crew_board_valuable] -= 1     # the guards have no crew board
        barrels = counts["barrel"]
        loot = len(w.kept_loot[i])
        pts = goon_points(w.cfg, w.goons[i], golems.get(side, []), barrels, loot)
        if any(pts.values()):
            w.add_stars(side, "goons", sum(pts.values()))
            w.emit("goons", f"{owner(side, start=True)} goons: sets {pts['sets']}, "
                   f"Dryads {pts['dryads']} ({plural(barrels, 'barrel')}), "
                   f"Fungoids {pts['fungoids']} "
                   f"({plural(loot, 'loot token')})", "LB-end-goons", side, **pts)
        sets = valuable_sets(w.cfg, counts)
        if sets:
            stars = sets * w.cfg.set_stars
            w.add_stars(side, "valuables", stars)
            w.emit("valuables", f"{side} has {plural(sets, 'set')} of valuables: "
                   f"{plural(stars, 'star')}", "LB-R12", side, sets=sets, stars=stars)
    sides = w.order()
    two = len(sides) == 2
    for name in w.goals:
        goal = next(g for g in w.cfg.goals if g.name == name)
        values = [(s, goal_value(w, s, goal.kind, goal.item_type, wilds)) for s in sides]
        paid = rank_places(values, w.cfg.goal_stars, two)
        if goal.kind == "items" and two:
            rule_id = "LB-clar-tomb-raider"
        elif goal.kind == "explorer":
            rule_id = "LB-clar-explorer"
        else:
            rule_id = "LB-R14"
        for s, stars in paid.items():
            w.add_stars(s, "goals", stars)
        shown = ", ".join(f"{s} {v}" for s, v in values)
        result = ", ".join(f"{s} {plural(v, 'star')}" for s, v in paid.items()) or "no one"
        w.emit("goal", f"Goal {name} ({shown}): {result}", rule_id, goal=name,
               values=tuple(values), paid=tuple(paid.items()))
    total = {s: sum(w.stars[w.si[s]]) for s in w.setup.sides}
    shown = ", ".join(f"{s} {total[s]}" for s in w.setup.sides)
    won = _winners(w)
    if w.setup.players == 1:
        player = w.players[0]
        text = (f"{player} beats the guards" if won == (player,)
                else "the guards win (the player needs strictly more stars)")
        rule_id = "LB-R26"
    else:
        text = f"{join(list(won))} win{'s' if len(won) == 1 else ''}" + \
            (" (shared)" if len(won) > 1 else "")
        rule_id = "LB-R27" if len(won) > 1 else "LB-objective"
    w.emit("game_over", f"Final scores: {shown}; {text}", rule_id, scores=tuple(total.items()),
           winners=won)
