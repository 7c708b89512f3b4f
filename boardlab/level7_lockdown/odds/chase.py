"""The chase: an absorbing chain over the engine's own turns."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from boardlab.level7_lockdown.choices import (
    CardDraw,
    EndStep,
)
from boardlab.level7_lockdown.state import INSIDE, State
from boardlab.prob.derivation import Derivation

if TYPE_CHECKING:
    from boardlab.prob.markov import AbsorbingChain
from boardlab.level7_lockdown.odds.common import _CACHE, _SPEC_CACHE, CAUGHT, QUIET, QUIET_CARD
from boardlab.level7_lockdown.odds.dice import _die_facts
from boardlab.prob.checks import flag, whole

__all__ = ["chase", "chase_chain", "chase_start", "chase_within"]


# -- the chase: an absorbing chain over the engine's own turns ------------------------------------

#: The chase line (tile names) of :func:`chase_chain`: Dr. Cronos waits in the Lair and
#: the character stands ``distance`` tiles east of it.
LINE: Final = ("Lair", "Hub", "Storage Bay", "Security Post", "War Zone North",
               "Strong Point", "War Zone South", "Armory")
_LINE_TILES: Final = (("Security Post", 0, 2, 0, 0), ("War Zone North", 0, 3, 0, 0),
                      ("Strong Point", 0, 4, 0, 0), ("War Zone South", 0, 5, 0, 0),
                      ("Armory", 0, 6, 0, 0))


@lru_cache(maxsize=_CACHE)
def _chase_start(distance: int, pool: int) -> State:
    """The engine's position: the character ``distance`` tiles from Dr. Cronos on the
    chase line, ``pool`` LOCKDOWN tokens, at the start of the character's turn."""
    from boardlab.level7_lockdown.position import position

    name = QUIET.characters[0].name
    return position(players=1, names=(name,), config=QUIET, tiles=_LINE_TILES,
                    characters={name: {"tile": LINE[distance]}}, cronos=LINE[0],
                    enemies={}, lockdown=pool, locked=[], barricades={}, clouds=[],
                    caches=[], turn_limit=500)


def chase_start(distance: int, *, pool: int = 0) -> State:
    """The engine's position a chase question starts from (:func:`chase_chain`): one
    character ``distance`` moves east of Dr. Cronos on the quiet line (:data:`LINE`, a
    stand-in map), ``pool`` LOCKDOWN tokens, at the start of the character's turn. Play
    it on with ``RULES.step`` to simulate the chase the chain solves exactly.

    >>> start = chase_start(2)
    >>> start.pending.kind, start.lockdown, start.tiles[start.chars[0].tile].tile
    ('move', 0, 'Storage Bay')
    """
    _check_chase(distance, pool, None, "chase_start")
    return _chase_start(distance, pool)


def _stay(state: State) -> State:
    """The character does nothing: no moves, no action (the engine's EndStep twice)."""
    from boardlab.level7_lockdown.rules import RULES

    for _ in range(2):
        assert state.pending.kind in ("move", "action"), state.pending
        state, _ = RULES.step(state, EndStep())
    assert state.pending.kind == "event_draw", state.pending
    state, _ = RULES.step(state, CardDraw(QUIET_CARD.name))
    return state


def _chase_key(state: State, fixed: int | None) -> Hashable:
    if state.cronos == state.chars[0].tile or state.chars[0].status != INSIDE:
        return CAUGHT
    here = LINE.index(state.tiles[state.cronos].tile)
    there = LINE.index(state.tiles[state.chars[0].tile].tile)
    pool = fixed if fixed is not None else min(state.lockdown, state.setup.cfg.dice_cap)
    return (there - here, pool)


@lru_cache(maxsize=_CACHE)
def _chase_turn(distance: int, pool: int, fixed: int | None) -> dict[Hashable, Fraction]:
    """One turn played by the engine from chain state (distance, pool)."""
    from boardlab.level7_lockdown.rules import RULES

    # A fixed roll of k dice: k − 1 tokens before the trigger-events step adds one.
    start = _chase_start(distance, fixed - 1 if fixed is not None else pool)
    rolled = _stay(start)
    out: dict[Hashable, Fraction] = {}
    if rolled.pending.kind != "roll":       # no token, no roll: he stays
        key = _chase_key(rolled, fixed)
        return {key: Fraction(1)}
    assert rolled.pending.purpose == "cronos", rolled.pending
    for roll, p in RULES.outcomes(rolled):
        after, _ = RULES.step(rolled, roll)
        key = _chase_key(after, fixed)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def _check_chase(distance: int, pool: int, dice: int | None, function: str
                 ) -> tuple[int, int, int | None]:
    distance = whole(distance, "distance", f"level7 odds.{function}", low=1, high=len(LINE) - 1)
    pool = whole(pool, "pool", f"level7 odds.{function}", low=0, high=99)
    if dice is not None:
        dice = whole(dice, "dice", f"level7 odds.{function}", low=1, high=QUIET.dice_cap)
    return distance, pool, dice


@lru_cache(maxsize=_SPEC_CACHE)
def _chain(dice: int | None, start: tuple[Hashable, ...]) -> AbsorbingChain[Hashable]:
    from boardlab.prob.markov import AbsorbingChain

    def step(key: Hashable) -> dict[Hashable, Fraction]:
        assert isinstance(key, tuple)
        distance, pool = key
        return _chase_turn(distance, pool, dice)

    return AbsorbingChain.from_transition(list(start), step, lambda k: k == CAUGHT)


def chase_chain(distance: int = 1, *, pool: int = 0,
                dice: int | None = None) -> AbsorbingChain[Hashable]:
    """Dr. Cronos chasing a character who stays put, as an exact absorbing chain.

    States are ``(distance, pool)`` — moves between them and the LOCKDOWN tokens
    (capped at the 8 dice a roll may use, L7-R25, which makes the chain finite) — and
    :data:`CAUGHT`. Every transition is one whole turn played by the engine
    (``RULES.step``): on a line of open doors (:data:`LINE`) with a one-card event deck
    that spawns and activates nothing (:data:`QUIET`), the character ends the move and
    action steps at once, the trigger-events step adds a token (L7-SB-cronos), and
    the engine's own chance node rolls one die per token for Dr. Cronos, who walks and
    stops on reaching the character. ``dice=k`` instead rolls k dice every turn (the
    pool is reset before each turn): scenario 9's two dice (L7-S9-cronos), scenario
    12's in lockdown. A model, not an answer, so it takes no ``explain``.

    >>> chain = chase_chain(2, dice=2)
    >>> chain.transient_states
    ((1, 2), (2, 2))
    >>> chain.transition((2, 2)).P("caught")
    Fraction(1, 3)
    """
    distance, pool, dice = _check_chase(distance, pool, dice, "chase_chain")
    first = (distance, dice if dice is not None else min(pool, QUIET.dice_cap))
    return _chain(dice, (first,))


@overload
def chase(distance: int, *, pool: int = ..., dice: int | None = ...,
          explain: Literal[False] = ...) -> Fraction: ...
@overload
def chase(distance: int, *, pool: int = ..., dice: int | None = ...,
          explain: Literal[True]) -> Derivation[Fraction]: ...
def chase(distance: int, *, pool: int = 0, dice: int | None = None,
          explain: bool = False) -> Any:
    """Expected turns until Dr. Cronos reaches a character ``distance`` moves away who
    stays put: the absorbing chain :func:`chase_chain`, solved exactly.

    ``dice=2``: scenario 9's two dice every turn (L7-S9-cronos); otherwise one die per
    LOCKDOWN token, the pool growing by one each turn from ``pool`` (the sandbox,
    scenarios 10 and 13).

    >>> [chase(d, dice=2) for d in (1, 2, 3)]
    [Fraction(9, 5), Fraction(63, 25), Fraction(1809, 500)]
    >>> round(float(chase(1)), 2), round(float(chase(5)), 2)
    (2.07, 4.42)
    """
    flag(explain, "explain", "level7 odds.chase")
    chain = chase_chain(distance, pool=pool, dice=dice)   # checks the arguments
    distance, pool = int(distance), int(pool)
    dice = None if dice is None else int(dice)
    first = (distance, dice if dice is not None else min(pool, QUIET.dice_cap))
    e = chain.expected_steps(first)
    if not explain:
        return e
    return Derivation(_chase_question(distance, pool, dice), e, kind="expectation",
                      facts=_chase_facts(pool, dice), steps=_chase_steps(chain, first, dice))


def _chase_question(distance: int, pool: int, dice: int | None) -> str:
    how = (f"{dice} dice a turn" if dice is not None
           else f"a pool of {pool} growing by one token a turn")
    return f"Expected turns until Dr. Cronos reaches a character {distance} moves away ({how})"


def _chase_facts(pool: int, dice: int | None) -> list[tuple[str, str]]:
    facts = [_die_facts(QUIET.die),
             ("moves", "one per Speed icon; he stops on reaching the character "
                       "(L7-SB-cronos, L7-R37)")]
    if dice is not None:
        facts.append(("roll", f"{dice} dice every turn (scenario 9: L7-S9-cronos)"))
    else:
        facts.append(("roll", f"one die per LOCKDOWN token; a token joins after every "
                              f"trigger-events step (L7-SB-cronos); {pool} at the start; at "
                              f"most {QUIET.dice_cap} dice (L7-R25)"))
    facts.append(("map", "a line of open doors; one empty event card, so nothing else moves "
                         "(a quiet stand-in map, invented)"))
    return facts


def _chase_steps(chain: AbsorbingChain[Hashable], first: Hashable,
                 dice: int | None) -> tuple[str, ...]:
    states = chain.transient_states
    lines = [f"Every turn is played by the engine (RULES.step) from each of the "
             f"{len(states)} states (distance, tokens); the chance node is Dr. Cronos's roll.",
             "First-step analysis: E(s) = 1 + Σ P(s → t)·E(t), with E(caught) = 0, solved "
             "exactly (E = N·1 with N = (I − Q)⁻¹)."]
    shown = sorted(states, key=lambda s: (s[0], s[1]))[:6]  # type: ignore[index]
    for s in shown:
        lines.append(f"E{s} = {chain.expected_steps(s)}")
    return tuple(lines)


@overload
def chase_within(distance: int, turns: int, *, pool: int = ..., dice: int | None = ...,
                 explain: Literal[False] = ...) -> Fraction: ...
@overload
def chase_within(distance: int, turns: int, *, pool: int = ..., dice: int | None = ...,
                 explain: Literal[True]) -> Derivation[Fraction]: ...
def chase_within(distance: int, turns: int, *, pool: int = 0, dice: int | None = None,
                 explain: bool = False) -> Any:
    """P(Dr. Cronos reaches the character within ``turns`` turns) (:func:`chase_chain`).

    >>> chase_within(1, 1, dice=2), chase_within(1, 2, dice=2)
    (Fraction(5, 9), Fraction(65, 81))
    """
    flag(explain, "explain", "level7 odds.chase_within")
    chain = chase_chain(distance, pool=pool, dice=dice)   # checks the arguments
    distance, pool = int(distance), int(pool)
    dice = None if dice is None else int(dice)
    turns = whole(turns, "turns", "level7 odds.chase_within", low=0, high=500)
    first = (distance, dice if dice is not None else min(pool, QUIET.dice_cap))
    p = chain.prob_absorbed_by(turns, first)
    if not explain:
        return p
    return Derivation(f"P(Dr. Cronos reaches a character {distance} moves away within "
                      f"{turns} turns)", p, facts=_chase_facts(pool, dice),
                      steps=("Push the start state's probability through the chain turn by "
                             "turn (the distribution after each turn) and read the mass "
                             "absorbed in 'caught'.",))
