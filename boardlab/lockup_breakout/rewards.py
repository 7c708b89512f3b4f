"""Rewards at a location and on the legend card (LB-R8, LB-R41, LB-R24, LB-legend-effect).

A location's ranked rewards are offered in turn (:func:`next_reward`): a reward a side
cannot use is skipped (LB-R41), the guards take theirs at once (LB-R24), and every other
one is a ``K.REWARD`` decision (or an advance) whose answer :func:`apply_reward` hands to
the handler of the choice's type (:data:`APPLY_REWARD`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from boardlab.lockup_breakout.choices import Craft, Decline, Take, TakeItem, TakeResources
from boardlab.lockup_breakout.config import CELL_BLOCK, GUARD_LEGEND_STARS, GUARDS, LEGEND, Reward
from boardlab.lockup_breakout.events import (
    DECLINE,
    GUARD_LEGEND,
    GUARD_OTHER,
    GUARD_RESOURCES,
    GUARD_STARS,
    RESOURCES,
    SKIP_REWARD,
    STARS,
)
from boardlab.lockup_breakout.flow import start_tome_draw, tome_available
from boardlab.lockup_breakout.goods import affordable_crafts, craft, gain_item, recruit
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import Work

_new_tuple = tuple.__new__


#: Stars the guards take for any reward they cannot use (LB-R24, LB-solo-legend).
GUARD_OTHER_STARS = 2


def place_name(w: Work, loc: int) -> str:
    """``'the legend card'`` or ``'3 Forge'`` (precomputed per configuration)."""
    return w.t.places[loc]


@lru_cache(maxsize=256)
def shared_reward(kind: str, amount: int) -> Reward:
    """One shared ``Reward`` per kind and amount (an event's wording reads it)."""
    return Reward(kind, amount)


def next_reward(w: Work, f: Frame) -> bool:
    """Offer the next ranked reward of the location; ``False`` when none is left."""
    loc = f[2]
    flat = w.t.rewards[loc]
    order = f[7]
    i = f[6]
    while i < len(flat):
        rank, reward = flat[i]
        i += 1
        if rank >= len(order):
            continue
        who = order[rank]
        if who == GUARDS:
            guard_reward(w, reward, loc)
            continue
        kind = reward.kind
        if kind == "resources" or kind == "stars":
            # offer() of a reward that can always be taken: f.indexed(i), the offer on top
            w.stack = (*w.stack[:-1], _new_tuple(Frame, (*f[:6], i, *f[7:])),
                       _new_tuple(Frame, (K.REWARD, who, loc, reward.amount, 0, 0, 0, (), (),
                                          kind)))
            return True
        # offer(), written out: skipped (LB-R41), or f.indexed(i) with the offer on top
        why = reward_possible(w, who, reward, loc)
        if why:
            w.events.append((SKIP_REWARD, who, w.round, w.phase, (), loc, kind, reward,
                             w.t.places[loc], why))
            continue
        w.stack = (*w.stack[:-1], _new_tuple(Frame, (*f[:6], i, *f[7:])), _new_tuple(
            Frame, (K.ADVANCE, who, loc, reward.amount, 0, 0, 0, (), (), "LB-advance")
            if kind == "advance" else
            (K.REWARD, who, loc, reward.amount, 0, 0, 0, (), (), kind)))
        return True
    # Every reward is given: the location goes on in the same call (its next stage
    # writes the frame it needs; the old one is replaced or popped).
    return False


def reward_possible(w: Work, who: str, reward: Reward, loc: int) -> str:
    """Why ``reward`` cannot be taken now (``""`` if it can: LB-R41)."""
    kind = reward.kind
    if kind == "resources" or kind == "stars":
        return ""
    if kind == "recruit":
        return "" if w.goon_spaces[loc - 2] else "no goon stands there"
    if kind == "craft":
        return "" if affordable_crafts(w, who, loc == CELL_BLOCK) else "nothing affordable " \
            "to craft"
    if kind == "tome":
        return "" if tome_available(w) else "no tome is left"
    if kind == "item":
        return "" if w.display else "the item display is empty"
    return ""


def offer(w: Work, who: str, reward: Reward, loc: int) -> bool:
    """Put ``reward`` before ``who`` (a ``K.REWARD`` decision or an advance); ``False``
    when it cannot be taken and is skipped (LB-R41)."""
    kind = reward.kind
    why = "" if kind == "resources" or kind == "stars" else reward_possible(w, who, reward, loc)
    if why:
        w.emit_t(SKIP_REWARD, who, loc, reward.kind, reward, w.t.places[loc], why)
        return False
    if reward.kind == "advance":
        w.stack = (*w.stack, _new_tuple(Frame, (K.ADVANCE, who, loc, reward.amount, 0, 0, 0,
                                                (), (), "LB-legend-effect" if loc == LEGEND
                                                else "LB-advance")))
        return True
    w.stack = (*w.stack, _new_tuple(Frame, (K.REWARD, who, loc, reward.amount, 0, 0, 0, (), (),
                                            reward.kind)))
    return True


def reward_choices(w: Work, f: Frame) -> tuple[Any, ...]:
    kind = f.src
    if kind == "resources":
        return (*(TakeResources(k) for k in w.cfg.resources), Decline())
    if kind == "craft":
        return (*affordable_crafts(w, f.who, f.loc == CELL_BLOCK), Decline())
    if kind == "item":
        return (*(TakeItem(i) for i in dict.fromkeys(w.display)), Decline())
    return (Take(), Decline())


def _reward_rule(loc: int) -> str:
    return "LB-legend-effect" if loc == LEGEND else "LB-R8"


def apply_reward(w: Work, choice: Any) -> None:
    """A reward offer answered (LB-R8, LB-legend-effect): the choice's own handler."""
    stack = w.stack
    f = stack[-1]
    w.stack = stack[:-1]
    APPLY_REWARD[choice.__class__](w, choice, f)


def _decline_reward(w: Work, choice: Decline, f: Frame) -> None:
    who, loc, n, kind = f[1], f[2], f[3], f[9]
    w.events.append((DECLINE[_reward_rule(loc)], who, w.round, w.phase, (), loc, kind,
                     shared_reward(kind, n), w.t.places[loc]))


def _rewarded(w: Work, who: str, loc: int) -> None:
    """A reward taken at a location (not the legend's) marks its side as rewarded."""
    if loc != LEGEND and who not in w.rewarded:
        w.rewarded = (*w.rewarded, who)


def _take_resources(w: Work, choice: TakeResources, f: Frame) -> None:
    who, loc, n = f[1], f[2], f[3]
    _rewarded(w, who, loc)
    w.gain(who, choice.kind, n)
    w.events.append((RESOURCES[_reward_rule(loc)], who, w.round, w.phase, (), loc,
                     choice.kind, n, w.t.places[loc]))


def _take(w: Work, choice: Take, f: Frame) -> None:
    """Stars, a recruit or a tome: the offer's own kind."""
    who, loc, n, kind = f[1], f[2], f[3], f[9]
    _rewarded(w, who, loc)
    rule_id = _reward_rule(loc)
    if kind == "stars":
        w.add_stars(who, "legend" if loc == LEGEND else "locations", f.n)
        w.events.append((STARS[rule_id], who, w.round, w.phase, (), loc, n,
                         w.t.places[loc]))
    elif kind == "recruit":
        recruit(w, who, loc, rule_id)
    elif kind == "tome":
        start_tome_draw(w, who, rule_id)


def _take_craft(w: Work, choice: Craft, f: Frame) -> None:
    _rewarded(w, f[1], f[2])
    craft(w, f[1], choice.item, choice.reserved, f[2])


def _take_item(w: Work, choice: TakeItem, f: Frame) -> None:
    _rewarded(w, f[1], f[2])
    gain_item(w, f[1], choice.item, _reward_rule(f[2]))


#: The choices a reward offer may be answered with, and each one's handler.
REWARD_CHOICES = (Decline, TakeResources, Take, Craft, TakeItem)
APPLY_REWARD: dict[type, Callable[[Work, Any, Frame], None]] = {
    Decline: _decline_reward, TakeResources: _take_resources, Take: _take,
    Craft: _take_craft, TakeItem: _take_item}


def guard_reward(w: Work, reward: Reward, loc: int) -> None:
    """The guards take resources and stars; any other reward is 2 stars (LB-R24)."""
    where = place_name(w, loc)
    source = "legend" if loc == LEGEND else "locations"
    if loc == LEGEND:
        w.add_stars(GUARDS, source, GUARD_LEGEND_STARS)
        w.emit_t(GUARD_LEGEND, GUARDS, GUARD_LEGEND_STARS, reward)
        return
    if reward.kind == "resources":
        kind = w.cfg.resources[0]
        w.gain(GUARDS, kind, reward.amount)
        w.emit_t(GUARD_RESOURCES, GUARDS, loc, kind, reward.amount, where)
    elif reward.kind == "stars":
        w.add_stars(GUARDS, source, reward.amount)
        w.emit_t(GUARD_STARS, GUARDS, loc, reward.amount, where)
    else:
        w.add_stars(GUARDS, source, GUARD_OTHER_STARS)
        w.emit_t(GUARD_OTHER, GUARDS, loc, GUARD_OTHER_STARS, reward, where)


__all__ = ["APPLY_REWARD", "GUARD_OTHER_STARS", "REWARD_CHOICES", "apply_reward",
           "guard_reward", "next_reward", "offer", "reward_choices", "reward_possible"]
