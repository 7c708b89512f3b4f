"""Advancing in the catacombs: steps, path costs, loot stacks, TOMB and ESCAPED.

A ``K.ADVANCE`` frame holds an advance in progress: ``n`` steps still allowed, ``extra``
loot advances waiting for the move to end (LB-R33), ``loc`` the tunnel location whose
reward it is (0 if none) and ``stage`` 1 once the lantern has moved. A player decides
each step (``K.STEP``: a path or stop, LB-R20); the guards step by their path rule.

>>> from boardlab import lockup_breakout as lb
>>> m = lb.new_match(start=lb.position(players=2, phase="lightsout", tunnels={1: "double"},
...                                    lanterns={"red": "Stair"}, crews={1: ["red seeker"]}))
>>> _ = m.push(lb.Decline())
>>> m.legal()
(Step(to='Flooded Hall'), Step(to='Ossuary'), Stop())
"""

from __future__ import annotations

from typing import Any

from boardlab.lockup_breakout.catacombs import ESCAPED, TOMB, Path
from boardlab.lockup_breakout.choices import Draw, DrawMany, Step, Stop, TakeLoot
from boardlab.lockup_breakout.config import GUARDS, escape_stars
from boardlab.lockup_breakout.events import owner
from boardlab.lockup_breakout.flow import start_tome_draw, tome_available
from boardlab.lockup_breakout.goods import recruit
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import Tables, Work, join, plural, worded

_new_tuple = tuple.__new__

# The templates Work.emit would store these frequent events under: the hot paths below
# append the event row themselves (same template, values, text; docs/engine-patterns.md).
_STOPS = worded("stop", "LB-R20")
_DECLINES = {True: worded("stop", "LB-tunnel-reward"), False: worded("stop", "LB-advance")}
_STEP_DATA = ("start", "to", "cost", "source")
_STEPS = {rule_id: worded("step", rule_id, _STEP_DATA)
          for rule_id in ("LB-advance-cost", "LB-advance-forward", "LB-advance-arrows",
                          "LB-solo-tunnel-path")}
_LOOKS = worded("loot_look", "LB-advance-loot", ("space",), ("stack",), detail=True)

#: Stars the guards take for a loot effect they cannot use (LB-R34).
GUARD_ODD_LOOT_STARS = 2


def _can_move(w: Work, who: str, here: str) -> bool:
    """Whether ``who`` can pay for some path from ``here`` (:meth:`Work.affordable_exits`)."""
    row = w.resources[w.si[who]]
    idx = w.t.res_index
    for p in w.t.exits[here]:
        for kind, n in p.cost:
            if row[idx[kind]] < n:
                break
        else:
            return True
    return False


def advance(w: Work, f: Frame) -> None:
    """Offer the next step, or end the advance (then any waiting loot advance)."""
    who = f[1]
    here = w.lanterns[w.si[who]]
    if f[3] > 0:
        if here in (TOMB, ESCAPED):
            rule_id = "LB-finished-seeker" if f.loc else ("LB-tomb" if here == TOMB
                                                          else "LB-escape")
            w.emit("no_advance", f"{owner(who, start=True)} lantern is on {here}: it moves "
                   "no further", rule_id, who, space=here)
            f = f.counted(0, f[4], 0)
        elif who == GUARDS:
            guard_step(w, f)
            return
        elif _can_move(w, who, here):
            w.stack = (*w.stack, _new_tuple(Frame, (K.STEP, who, f[2], 0, 0, 0, 0, (), (),
                                                    f[9])))
            return
        else:
            costs = "; ".join(str(p) for p in w.t.exits[here])
            w.emit("no_advance", f"{who} cannot pay for any path from {here} ({costs}): the "
                   "lantern stays" + (" and no one else advances here" if f.loc else ""),
                   "LB-R19" if f.loc else "LB-advance-cost", who, space=here)
            f = f.counted(0, f[4], f[5])
    if f[5] > 0 and here not in (TOMB, ESCAPED):
        w.set_top(Frame(K.ADVANCE, who=who, n=1, extra=f.extra - 1, src="LB-R33"))
        w.emit("loot_advance", f"{owner(who, start=True)} move is over: now the loot advance",
               "LB-R33", who)
        return
    w.stack = w.stack[:-1]


def step_choices(w: Work, f: Frame) -> tuple[Any, ...]:
    return (*(Step(p.to) for p in w.affordable_exits(f.who)), Stop())


def step_choices_at(t: Tables, here: str, row: tuple[int, ...]) -> tuple[Any, ...]:
    """:func:`step_choices` of a lantern on ``here`` with resources ``row`` (no worker):
    a step along each path it can pay for (:meth:`Work.affordable_exits`), or stop."""
    idx = t.res_index
    return (*(Step(p.to) for p in t.exits[here]
              if all(row[idx[k]] >= n for k, n in p.cost)), Stop())


def apply_step(w: Work, choice: Step | Stop) -> None:
    """The step frame on top is answered: the ``K.ADVANCE`` frame under it moves on (one
    new stack: the step popped and the advance updated)."""
    stack = w.stack
    f = stack[-2]                   # the K.ADVANCE frame
    who = f[1]
    if isinstance(choice, Stop):
        if f[4]:
            template, summary = _STOPS, f"{who} stops the lantern here"
        else:
            template, summary = _DECLINES[bool(f[2])], f"{who} declines the advance"
        w.events.append((template, who, w.round, w.phase, (), summary, ""))   # an event row
        w.stack = (*stack[:-2], f.counted(0, f[4], f[5]))
        return
    exits = w.t.exits[w.lanterns[w.si[who]]]
    path = next(p for p in exits if p.to == choice.to)
    if f[2] and who not in w.rewarded:
        w.rewarded = (*w.rewarded, who)
    w.stack = (*stack[:-2], f.counted(f[3] - 1, 1, f[5]))
    move(w, who, path, f[9], len(exits) > 1)


def move(w: Work, who: str, path: Path, src: str, fork: bool) -> None:
    """Pay the path, move the lantern one space forward, then what the space does."""
    i = w.si[who]
    cost, to = path.cost, path.to
    if cost:
        idx = w.t.res_index
        row = list(w.resources[i])
        for kind, n in cost:
            row[idx[kind]] -= n
        res = list(w.resources)
        res[i] = tuple(row)
        w.resources = tuple(res)
        paid = " paying " + ", ".join(f"{n} {k}" for k, n in cost)
        rule_id = "LB-advance-cost"
    else:
        paid = ""
        rule_id = "LB-advance-forward" if fork else "LB-advance-arrows"
    lanterns = list(w.lanterns)
    lanterns[i] = to
    w.lanterns = tuple(lanterns)
    if who == GUARDS and fork:
        rule_id = "LB-solo-tunnel-path"
    w.events.append((_STEPS[rule_id], who, w.round, w.phase, (), path.start, to, cost, src,
                     f"{owner(who, start=True)} lantern moves {path.start} → {to}{paid}", ""))
    if to == ESCAPED:
        stars = escape_stars(w.round)
        w.add_stars(who, "escape", stars)
        w.escaped = (*w.escaped, (who, w.round))
        left = 6 - w.round
        w.emit("escape", f"{who} escapes in round {w.round}: 17 + 3 × {left} = "
               f"{plural(stars, 'star')}", "LB-R34" if who == GUARDS else "LB-escape", who,
               stars=stars, round=w.round)
        top = w.stack[-1]
        w.set_top(top.counted(0, top[4], 0))
        return
    if to == TOMB:
        w.emit("tomb", f"{who} reaches Khathandor's Tomb: loot as usual, no further move, "
               "15 stars at final scoring", "LB-tomb", who)
        top = w.stack[-1]
        w.set_top(top.counted(0, top[4], top[5]))
    if to in w.t.stack_of:
        enter_loot(w, who, to)


def guard_step(w: Work, f: Frame) -> None:
    """The guards' path: the first costed path they can pay, else the first free one."""
    here = w.lanterns[w.si[GUARDS]]
    exits = w.t.exits[here]
    costed = [p for p in exits if p.cost and w.can_pay(GUARDS, p.cost)]
    free = [p for p in exits if not p.cost]
    path = costed[0] if costed else (free[0] if free else None)
    if path is None:
        w.emit("no_advance", f"The guards cannot pay for any path from {here}: their lantern "
               "stays", "LB-solo-tunnel-path", GUARDS, space=here)
        w.set_top(f.counted(0, f[4], f[5]))
        return
    w.set_top(f.counted(f[3] - 1, 1, f[5]))
    move(w, GUARDS, path, f.src, len(exits) > 1)


# -- loot -----------------------------------------------------------------------------------
def enter_loot(w: Work, who: str, space: str) -> None:
    """A lantern entered a loot space: look and keep one, or the guards' blind pick."""
    idx = w.t.stack_of[space]
    known, unknown = w.stacks[idx]
    if not known and not unknown:
        w.emit("loot_empty", f"The loot stack on {space} is empty", "LB-advance-loot", who)
        return
    if who == GUARDS:
        w.stack = (*w.stack, _new_tuple(Frame, (K.GUARD_LOOT, GUARDS, idx, 0, 0, 0, 0, (), (),
                                                "")))
    elif unknown:
        w.stack = (*w.stack, _new_tuple(Frame, (K.LOOT_LOOK, who, idx, 0, 0, 0, 0, (), (), "")))
    else:
        look(w, who, idx)


def look(w: Work, who: str, idx: int) -> None:
    known = w.stacks[idx][0]
    if (idx, who) not in w.looked:
        w.looked = tuple(sorted((*w.looked, (idx, who))))
    space = w.t.loot_spaces[idx]
    w.events.append((_LOOKS, who, w.round, w.phase, (who,), space, known,
                     f"{who} looks at the {plural(len(known), 'token')} of the {space} stack",
                     f"{who} looks at the {space} stack: {join(known)}"))
    w.stack = (*w.stack, _new_tuple(Frame, (K.LOOT, who, idx, 0, 0, 0, 0, (), (), "")))


def apply_look(w: Work, choice: DrawMany) -> None:
    """A stack's contents drawn the first time someone looks (lazy, exchangeable)."""
    f = w.pop()
    pool = list(w.loot_pool)
    for name in choice.cards:
        pool[w.t.loot_index[name]] -= 1
    w.loot_pool = tuple(pool)
    stacks = list(w.stacks)
    stacks[f.loc] = (tuple(sorted(choice.cards)), 0)
    w.stacks = tuple(stacks)
    look(w, f.who, f.loc)


def loot_usable(w: Work, who: str, effect: str) -> bool:
    """Whether using a token with ``effect`` can do anything now (LB-R41)."""
    if effect == "advance":
        return not w.at_end(who)
    if effect == "reserve":
        return bool(w.display)
    if effect == "tome":
        return tome_available(w)
    if effect == "recruit":
        return bool(w.goon_spaces[0])
    return True


def loot_choices(w: Work, f: Frame) -> tuple[TakeLoot, ...]:
    out: list[TakeLoot] = []
    for name in dict.fromkeys(w.stacks[f.loc][0]):
        token = w.t.loot[name]
        if loot_usable(w, f.who, token.effect):
            if token.effect == "resources":
                out.extend(TakeLoot(name, kind=k) for k in w.cfg.resources)
            else:
                out.append(TakeLoot(name))
        out.append(TakeLoot(name, star=True))
    return tuple(out)


def apply_loot(w: Work, choice: TakeLoot) -> None:
    f = w.pop()
    take_from_stack(w, f.loc, choice.token)
    keep_token(w, f.who, choice.token)
    space = w.t.loot_spaces[f.loc]
    if choice.star:
        w.add_stars(f.who, "loot", 1)
        w.emit("loot_keep", f"{f.who} keeps a {choice.token} token from {space} and scores 1 "
               "star instead of using it", "LB-advance-loot", f.who, token=choice.token,
               star=True)
        return
    w.emit("loot_keep", f"{f.who} keeps a {choice.token} token from {space} and uses it",
           "LB-advance-loot", f.who, token=choice.token, star=False)
    loot_effect(w, f.who, choice.token, choice.kind)


def take_from_stack(w: Work, idx: int, token: str) -> None:
    known = list(w.stacks[idx][0])
    known.remove(token)
    stacks = list(w.stacks)
    stacks[idx] = (tuple(known), 0)
    w.stacks = tuple(stacks)


def keep_token(w: Work, who: str, token: str) -> None:
    """Kept tokens stay in front of their owner (LB-advance-keep-loot)."""
    w.set_side("kept_loot", who, tuple(sorted((*w.kept_loot[w.si[who]], token))))


def loot_effect(w: Work, who: str, name: str, kind: str = "") -> None:
    token = w.t.loot[name]
    effect = token.effect
    guards = who == GUARDS
    if effect == "resources":
        kind = w.cfg.resources[0] if guards else kind
        w.gain(who, kind, token.amount)
        w.emit("loot_effect", f"{who} takes {token.amount} {kind}",
               "LB-R24" if guards else "LB-R17", who, kind=kind, amount=token.amount)
    elif effect == "advance":
        for i in range(len(w.stack) - 1, -1, -1):
            fr = w.stack[i]
            if fr.kind == K.ADVANCE and fr.who == who:
                stack = list(w.stack)
                stack[i] = fr._replace(extra=fr.extra + token.amount)
                w.stack = tuple(stack)
                break
        else:
            w.push(Frame(K.ADVANCE, who=who, n=token.amount, src="LB-R17"))
        w.emit("loot_effect", f"{who} will advance {plural(token.amount, 'more space')} once "
               "this move is over", "LB-R33", who)
    elif guards and (effect in ("reserve", "tome") or not w.goon_spaces[0]):
        w.add_stars(GUARDS, "loot", GUARD_ODD_LOOT_STARS)
        w.emit("loot_effect", f"The guards cannot use a {name} token: it becomes "
               f"{GUARD_ODD_LOOT_STARS} stars", "LB-R34", GUARDS, stars=GUARD_ODD_LOOT_STARS)
    elif effect == "reserve":
        w.push(Frame(K.RESERVE, who=who, src="LB-R17"))
    elif effect == "tome":
        start_tome_draw(w, who, "LB-R17")
    else:
        recruit(w, who, 2, "LB-R17")


def apply_guard_loot(w: Work, choice: Draw) -> None:
    """The guards take the top token unseen and use it, never the star (LB-solo-tunnel-loot)."""
    f = w.pop()
    known, unknown = w.stacks[f.loc]
    if unknown:
        pool = list(w.loot_pool)
        pool[w.t.loot_index[choice.card]] -= 1
        w.loot_pool = tuple(pool)
        stacks = list(w.stacks)
        stacks[f.loc] = ((), unknown - 1)
        w.stacks = tuple(stacks)
    else:
        take_from_stack(w, f.loc, choice.card)
    keep_token(w, GUARDS, choice.card)
    space = w.t.loot_spaces[f.loc]
    w.emit("guard_loot", f"The guards take the top token of the {space} stack, a "
           f"{choice.card}, and use it (never the star)", "LB-solo-tunnel-loot", GUARDS,
           token=choice.card)
    loot_effect(w, GUARDS, choice.card)
