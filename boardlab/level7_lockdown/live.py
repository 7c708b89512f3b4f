"""The board's odds panel (``odds.live_odds``): what comes next, exactly.

Outside the :mod:`~boardlab.level7_lockdown.odds` package on purpose: a board imports
this module alone, and the odds functions it needs (the icon dice, the departure roll)
and :mod:`boardlab.prob` load only when a position has odds to show (a first board of a
new match has none, issue 28).

>>> from boardlab.level7_lockdown.api import new_match
>>> live_odds(new_match(players=2, seed=1).state)
{}
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from boardlab.core import validate
from boardlab.core.errors import ArgumentTypeError
from boardlab.level7_lockdown.choices import (
    Access,
    Attack,
    Explore,
    Move,
    Peek,
    Roll,
    Search,
    Smash,
    TileDraw,
    Vent,
)
from boardlab.level7_lockdown.config import (
    CACHE_LOST_MARGIN,
    INTELLIGENCE,
    SPEED,
    STRENGTH,
)
from boardlab.level7_lockdown.state import State

if TYPE_CHECKING:
    from boardlab.prob.derivation import Derivation

__all__ = ["live_odds"]

#: Positions whose panel odds are kept (the size of the odds package's caches,
#: ``odds.common._CACHE``, which this module does not import).
_CACHE = 256


# -- the board's odds panel -------------------------------------------------------------------

#: What a pending roll is for, in the panel's words.
_PURPOSE_WORDS: Final = {"escape": "gets away", "peek": "peek succeeds",
                         "attack": "attack succeeds", "smash": "damages the barricade",
                         "search": "finds an item", "access": "the panel responds",
                         "enemy_attack": "hits", "enemy_barricade": "damages the barricade"}


#: The departure roll's cases (:func:`departure`'s keys), in the panel's words.
_DEPARTURE_WORDS: Final = {"fear hunter": "a fear hunter appears",
                           "blaster": "a blaster appears",
                           "both": "a fear hunter and a blaster appear",
                           "swarm": "a swarm token goes on the tile"}


@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[False] = ...) -> dict[str, Fraction]: ...
@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[True]) -> Derivation[dict[str, Fraction]]: ...
def live_odds(state: State, *, viewer: str | None = None, explain: bool = False) -> Any:
    """The odds a board shows for ``state``: label → exact probability.

    At a character's action: P(success) of each challenge on offer (no adrenaline),
    computed by playing the choice in the engine and reading its roll. At a move with
    enemies around: P(getting away) by bull rush and by outwit. At a roll: P(it
    succeeds) — for Dr. Cronos, P(he reaches his target this activation), each outcome
    walked by the engine; at scenario 12's departure roll, what appears on the tile he
    leaves (:func:`departure`'s cases, each outcome resolved by the engine). At a tile
    draw: each tile; at an event draw: each kind of spawn; at an item draw: each kind
    of item. Empty at the end.

    ``viewer`` is whose knowledge the numbers use: ``None`` (a narrator: everything), a
    seat or ``"public"``; every seat sees what the narrator sees but the stacks' and
    decks' order (L7-R21), and draws are uniform over what is unseen, so the numbers
    are the same for every viewer.

    >>> from boardlab.level7_lockdown.position import position
    >>> s = position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, step="action")
    >>> live_odds(s)
    {'search the supply cache': Fraction(19, 216)}
    >>> live_odds(s, viewer="Leo", explain=True).parts[0][1].answer
    Fraction(19, 216)
    """
    if not isinstance(state, State):
        raise ArgumentTypeError("state", state, "expected a Level 7 [Escape]: Lockdown "
                                "position (l7.State: match.state, l7.position(...) or "
                                "l7.load_position(...))")
    validate.viewer(viewer, "viewer", state.setup.seats)
    explain = validate.flag(explain, "explain")
    answer = dict(_live(state))
    if not explain:
        return answer
    from boardlab.level7_lockdown.odds.dice import _die_facts
    from boardlab.prob.derivation import Derivation

    kind = state.pending.kind
    if not answer:
        step = "Nothing here waits on a challenge, a roll or a draw."
    else:
        step = ("Each number is the engine's own: a challenge is played and its roll read, "
                "a roll or draw summed over the outcomes of its chance node.")
    parts = [(label, Derivation(label, p, facts=(("step", kind),)))
             for label, p in answer.items()]
    return Derivation("What the board shows: the exact chance of what comes next", answer,
                      parts=parts, steps=(step,), facts=(("die", _die_facts(
                          state.setup.cfg.die)[1]),))


@lru_cache(maxsize=_CACHE)
def _live(state: State) -> tuple[tuple[str, Fraction], ...]:
    odds = _LIVE.get(state.pending.kind)
    return tuple(odds(state).items()) if odds is not None else ()


def _action_odds(state: State) -> dict[str, Fraction]:
    """Each challenge of the action step (without adrenaline) succeeds."""
    from boardlab.level7_lockdown.narration import describe
    from boardlab.level7_lockdown.rules import RULES

    return {describe(choice, state): _success(state, choice)
            for choice in RULES.legal(state)
            if isinstance(choice, (Attack, Smash, Search, Access)) and not choice.adrenaline}


def _move_odds(state: State) -> dict[str, Fraction]:
    """Getting away (bull rush, outwit) and peeking succeed."""
    from boardlab.level7_lockdown.rules import RULES

    out: dict[str, Fraction] = {}
    for choice in RULES.legal(state):
        if isinstance(choice, (Move, Vent, Explore)) and choice.escape \
                and not choice.adrenaline:
            word = "bull rush" if choice.escape == "bullrush" else "outwit"
            out.setdefault(f"get away by {word}", _success(state, choice))
        elif isinstance(choice, Peek):
            out.setdefault("peek succeeds", _success(state, choice))
    return out


def _tile_odds(state: State) -> dict[str, Fraction]:
    from boardlab.level7_lockdown.rules import RULES

    out: dict[str, Fraction] = {}
    for draw, q in RULES.outcomes(state):
        assert isinstance(draw, TileDraw)
        out[f"draw {draw.tile}"] = q
    return out


def _event_odds(state: State) -> dict[str, Fraction]:
    """Which kind of enemy the event card drawn spawns."""
    from boardlab.level7_lockdown.rules import RULES

    cfg = state.setup.cfg
    spawn: dict[str, Fraction] = {}
    for draw, q in RULES.outcomes(state):
        card = cfg.events[cfg.event_index(draw.card)]
        if card.spawn != "none":
            key = f"a {card.spawn} spawns"
            spawn[key] = spawn.get(key, Fraction(0)) + q
    return dict(sorted(spawn.items()))


def _item_odds(state: State) -> dict[str, Fraction]:
    """Which kind of item card is drawn."""
    from boardlab.level7_lockdown.rules import RULES

    cfg = state.setup.cfg
    kinds: dict[str, Fraction] = {}
    for draw, q in RULES.outcomes(state):
        kind = cfg.item_kind(draw.item)
        key = f"draw {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
        kinds[key] = kinds.get(key, Fraction(0)) + q
    return dict(sorted(kinds.items()))


def _success(state: State, choice: Any) -> Fraction:
    """P(the challenge ``choice`` starts succeeds), from the engine's own roll."""
    from boardlab.level7_lockdown.rules import RULES

    after, events = RULES.step(state, choice)
    pending = after.pending
    if pending.kind == "roll" and pending.difficulty >= 0 and after is not state \
            and pending.purpose in _PURPOSE_WORDS:
        return _at_least_icons(after)
    # no dice: resolved at once (won or lost)
    return Fraction(int(any(e.kind in ("challenge_won", "peek_won") for e in events)))


def _at_least_icons(state: State) -> Fraction:
    from boardlab.level7_lockdown.odds.enemies import _outcomes

    p = state.pending
    return sum((q for roll, q in _outcomes(state) if roll.count(p.icon) >= p.difficulty),
               Fraction(0))


def _roll_odds(state: State) -> dict[str, Fraction]:
    from boardlab.level7_lockdown.odds.enemies import _outcomes
    from boardlab.level7_lockdown.odds.scenarios import _departure_outcomes
    from boardlab.level7_lockdown.rules import RULES
    from boardlab.level7_lockdown.work import enemy_name

    p = state.pending
    out: dict[str, Fraction] = {}
    if p.purpose in _PURPOSE_WORDS:
        who = enemy_name(p.actor) if "#" in p.actor else (p.actor or "the roll")
        out[f"{who} {_PURPOSE_WORDS[p.purpose]}"] = _at_least_icons(state)
        if p.purpose == "search":
            out["the cache is lost"] = sum(
                (q for roll, q in _outcomes(state)
                 if p.difficulty - roll.count(p.icon) >= CACHE_LOST_MARGIN), Fraction(0))
    elif p.purpose == "cronos":
        reach = Fraction(0)
        for roll, q in RULES.outcomes(state):
            _, events = RULES.step(state, roll)
            if any(e.kind == "cronos_stop" for e in events):
                reach += q
        out["Dr. Cronos reaches a character"] = reach
        out["Dr. Cronos moves"] = sum((q for roll, q in _outcomes(state) if roll.speed),
                                      Fraction(0))
    elif p.purpose == "departure":
        # Scenario 12: what the engine puts on the tile he leaves, outcome by outcome.
        for key, q in _departure_outcomes(state):
            out[_DEPARTURE_WORDS[key]] = q
    elif p.purpose == "hunters":
        icons = [(roll.strength + roll.speed + roll.intelligence, q)
                 for roll, q in _outcomes(state)]
        out["each fear hunter activates"] = sum((q for n, q in icons if n), Fraction(0))
        out["each fear hunter activates twice"] = sum((q for n, q in icons if n >= 2),
                                                      Fraction(0))
    elif p.purpose == "blasters":
        for label, read in (("power tokens", _icons(INTELLIGENCE)),
                            ("blaster 1 (Strength) activates", _icons(STRENGTH)),
                            ("blaster 2 (Speed) activates", _icons(SPEED))):
            out[label] = sum((q for roll, q in _outcomes(state) if read(roll)), Fraction(0))
    return out


def _icons(icon: str) -> Callable[[Roll], bool]:
    return lambda roll: roll.count(icon) > 0


#: The live odds of each pending kind that has some.
_LIVE: dict[str, Callable[[State], dict[str, Fraction]]] = {
    "roll": _roll_odds, "action": _action_odds, "move": _move_odds,
    "tile_draw": _tile_odds, "event_draw": _event_odds, "item_draw": _item_odds}
