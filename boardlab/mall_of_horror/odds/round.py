"""A whole round: its outcomes, the odds per location, the board's odds panel, any and
expected break-ins."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core import validate
from boardlab.core.errors import QuestionError, show_value
from boardlab.mall_of_horror.config import (
    LOCATIONS,
    PARKING,
)
from boardlab.mall_of_horror.queries import (
    break_in_threshold,
    characters_at,
    defence,
    extra_zombies,
    is_open,
    under_attack,
)
from boardlab.mall_of_horror.rules import RULES, dice_outcomes, preview_round
from boardlab.mall_of_horror.state import Pending, State
from boardlab.prob.derivation import Derivation
from boardlab.prob.dist import Dist, show_prob

if TYPE_CHECKING:
    pass
from boardlab.mall_of_horror.odds.edge import _POSITION_CACHE, FACES, _explain, _position

__all__ = ["any_break_in", "expected_break_ins", "live_odds", "round_odds", "round_outcomes"]


# -- a whole round -----------------------------------------------------------------------------
def _roll_state(position: State) -> State:
    """``position`` with the arrival roll as the pending chance node (moves done)."""
    _position(position, "round_odds")
    if position.phase in ("e", "f", "over", "setup"):
        raise QuestionError(f"round_odds needs a position before the arrival dice are placed "
                            f"(phases a–d), not phase {show_value(position.phase)}")
    return position._replace(pending=Pending("arrival_roll"), roll=())


@lru_cache(maxsize=_POSITION_CACHE)
def _round_weights(position: State) -> Mapping[tuple[int, ...], Fraction]:
    """Distribution of the set of locations broken into, over the engine's own roll.

    Keyed by the position, so the cache is bounded: the board asks at every step.
    """
    state = _roll_state(position)
    total = FACES**state.setup.config.dice
    counts: dict[tuple[int, ...], int] = {}  # ordered rolls per result: exact integers
    for outcome, p in RULES.outcomes(state):  # the engine's own chance node
        fallen = preview_round(state, outcome.faces)
        counts[fallen] = counts.get(fallen, 0) + p.numerator * (total // p.denominator)
    return MappingProxyType({fallen: Fraction(n, total) for fallen, n in counts.items()})


def _round_steps(position: State) -> tuple[str, ...]:
    dice = position.setup.config.dice
    total = FACES**dice
    return (f"All {total} ordered rolls of {dice} dice enumerated through the engine's "
            f"arrival node ({len(dice_outcomes(dice))} distinct counts).",
            "For each: dice placed (closed and sealed locations ignored), sealing of empty "
            "locations (MoH-R12), extra zombies (MoH-R13), then the attack check (MoH-R5, "
            "MoH-R6); characters stay where they stand and no card is played.")


def _position_facts(position: State) -> list[tuple[str, str]]:
    facts = [("players", str(position.setup.players))]
    if position.setup.closed:
        facts.append(("closed (MoH-R3)", ", ".join(map(str, position.setup.closed))))
    if position.sealed:
        facts.append(("sealed (MoH-e-seal)", ", ".join(map(str, position.sealed))))
    return facts


@overload
def round_outcomes(position: State, *,
                   explain: Literal[False] = ...) -> Dist[tuple[int, ...]]: ...
@overload
def round_outcomes(position: State, *,
                   explain: Literal[True]) -> Derivation[Dist[tuple[int, ...]]]: ...
def round_outcomes(position: State, *, explain: bool = False) -> Any:
    """Distribution of the tuple of locations the zombies break into in phase f).

    The characters stay where they stand (moves done); the hidden arrival dice are
    enumerated through the engine's chance node, then the engine places them (closed
    and sealed locations ignored), seals empty locations (MoH-R12) and adds the extra
    zombies (MoH-R13) before checking every location, with no card played.
    """
    _position(position, "round_outcomes")
    explain = _explain(explain, "round_outcomes")
    answer = Dist(_round_weights(position))
    if not explain:
        return answer
    return Derivation("Which locations the zombies break into this round", answer,
                      facts=_position_facts(position), steps=_round_steps(position))


def _occupied_open(position: State) -> list[int]:
    return [loc for loc in LOCATIONS if is_open(position, loc) and characters_at(position, loc)]


@overload
def round_odds(position: State, *, explain: Literal[False] = ...) -> dict[int, Fraction]: ...
@overload
def round_odds(position: State, *,
               explain: Literal[True]) -> Derivation[dict[int, Fraction]]: ...
def round_odds(position: State, *, explain: bool = False) -> Any:
    """P(each open location with characters is broken into this round), per location.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
    ...                                     4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
    ...              zombies={6: 1, 3: 1}, phase="c")
    >>> print(round_odds(s))
    {3: Fraction(671, 1296), 4: Fraction(671, 1296), 6: Fraction(19, 144)}
    >>> round_odds(s, explain=True)[6].favourable
    171
    """
    _position(position, "round_odds")
    explain = _explain(explain, "round_odds")
    weights = _round_weights(position)
    locations = _occupied_open(position)
    answer = {loc: sum((p for fallen, p in weights.items() if loc in fallen), Fraction(0))
              for loc in locations}
    if not explain:
        return answer
    return Derivation("P(each occupied location is broken into this round)", answer,
                      facts=_position_facts(position), steps=_round_steps(position),
                      parts={loc: _explain_round(position, loc, answer[loc])
                             for loc in locations})


def _explain_round(position: State, location: int, p: Fraction) -> Derivation[Fraction]:
    dice = position.setup.config.dice
    total = FACES**dice
    bonus = extra_zombies(position).get(location, 0)
    facts = [("characters", ", ".join(f"{c} {k}" for c, k in characters_at(position, location))),
             ("zombies in front", str(position.zombies[location - 1])),
             ("extra zombies (MoH-R13)", str(bonus))]
    if location != PARKING:
        facts.append(("defence (MoH-R5)", str(defence(position, location))))
        facts.append(("zombies needed", str(break_in_threshold(position, location))))
    else:
        facts.append(("rule", "any zombie at the Parking Lot eats (MoH-R6)"))
    return Derivation(f"P(location {location} is broken into this round)", p,
                      favourable=int(p * total), total=total, facts=facts,
                      steps=(f"Count the rolls of the {total} after which location "
                             f"{location} falls.",))


@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[False] = ...) -> dict[int, Fraction]: ...
@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[True]) -> Derivation[dict[int, Fraction]]: ...
def live_odds(state: State, *, viewer: str | None = None, explain: bool = False) -> Any:
    """The odds a board shows at any point of a match, per occupied open location.

    Phases a–d: :func:`round_odds` (the arrival dice still unknown; characters as they
    stand now). Phases e and f: the dice are on the table, so each answer is 0 or 1 —
    would the zombies there break in now, extra zombies included, before any card.
    Setup and the end: no odds (an empty dict). sympy is never imported here.
    ``viewer`` (a colour, ``"public"`` or ``None`` for a narrator) changes nothing: these
    odds read only what every player sees (where the characters stand, the zombies, and
    in phases e and f the dice on the table), never a hand, a vote or a destination.

    >>> from boardlab.mall_of_horror import play
    >>> live_odds(play(players=4, seed=1).state)
    {}
    """
    _position(state, "live_odds", "state")
    validate.viewer(viewer, "viewer", state.setup.colours)
    explain = _explain(explain, "live_odds")
    if state.phase in ("a", "b", "c", "d"):
        return round_odds(state, explain=True) if explain else round_odds(state)
    if state.phase not in ("e", "f"):
        answer: dict[int, Fraction] = {}
        if not explain:
            return answer
        return Derivation("P(each occupied location is broken into this round)", answer,
                          steps=(f"No odds in phase {state.phase!r}: no arrival roll "
                                 "is coming.",))
    # In phase e the extra zombies of phase f are still to come, before any attack.
    extra = extra_zombies(state) if state.phase == "e" else {}
    fallen = set(under_attack(state, with_extra_zombies=state.phase == "e"))
    answer = {loc: Fraction(int(loc in fallen)) for loc in _occupied_open(state)}
    if not explain:
        return answer
    parts = {}
    for loc, p in answer.items():
        need = ("any zombie (MoH-R6)" if loc == PARKING
                else f"{break_in_threshold(state, loc)} (MoH-R5)")
        parts[loc] = Derivation(f"Do the zombies break into location {loc} now?", p,
                                facts=(("zombies in front",
                                        str(state.zombies[loc - 1] + extra.get(loc, 0))),
                                       ("zombies needed", need)))
    step = ("The arrival dice are on the table, so each location either falls (1) or not "
            "(0) before any card is played")
    if state.phase == "e":
        step += "; phase f's extra zombies (MoH-R13) are already counted in"
    return Derivation("P(each occupied location is broken into this round)", answer,
                      facts=_position_facts(state), steps=(step + ".",), parts=parts)


@overload
def any_break_in(position: State, *, explain: Literal[False] = ...) -> Fraction: ...
@overload
def any_break_in(position: State, *, explain: Literal[True]) -> Derivation[Fraction]: ...
def any_break_in(position: State, *, explain: bool = False) -> Any:
    """P(at least one location is broken into this round) — a joint question.

    Locations are not independent (the same four dice serve them all), so this is not
    one minus the product of the per-location complements.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup", "blue toughguy", "green gunman"],
    ...                                     4: ["yellow gunman"], 3: ["red gunman", "blue pinup"]},
    ...              zombies={6: 1, 3: 1}, phase="c")
    >>> print(any_break_in(s))
    41/48
    """
    _position(position, "any_break_in")
    explain = _explain(explain, "any_break_in")
    weights = _round_weights(position)
    p = sum((p for fallen, p in weights.items() if fallen), Fraction(0))
    if not explain:
        return p
    total = FACES**position.setup.config.dice
    independent = Fraction(1)
    for q in round_odds(position).values():
        independent *= 1 - q
    return Derivation(
        "P(at least one location is broken into this round)", p,
        favourable=int(p * total), total=total, facts=_position_facts(position),
        steps=(*_round_steps(position),
               "Add up the rolls after which at least one location falls.",
               f"Treating the locations as independent would give 1 − Π(1 − p) = "
               f"{1 - independent} ≈ {show_prob(1 - independent, 'percent')}: wrong, "
               "because the same dice serve every location."))


@overload
def expected_break_ins(position: State, *, explain: Literal[False] = ...) -> Fraction: ...
@overload
def expected_break_ins(position: State, *,
                       explain: Literal[True]) -> Derivation[Fraction]: ...
def expected_break_ins(position: State, *, explain: bool = False) -> Any:
    """The expected number of locations broken into this round.

    >>> from boardlab.mall_of_horror import position
    >>> s = position(players=4, characters={6: ["red pinup"], 4: ["blue pinup"]}, phase="c")
    >>> print(expected_break_ins(s))  # ties: no extra zombie; each falls to one die in 671/1296
    671/648
    """
    _position(position, "expected_break_ins")
    explain = _explain(explain, "expected_break_ins")
    weights = _round_weights(position)
    e = sum((len(fallen) * p for fallen, p in weights.items()), Fraction(0))
    if not explain:
        return e
    from sympy import Add

    from boardlab.prob.dist import sympy_rational

    per = round_odds(position)
    closed = Add(*(sympy_rational(q) for q in per.values()), evaluate=False) if per else None
    return Derivation(
        "Expected number of locations broken into this round", e, kind="expectation",
        closed_form=closed, facts=_position_facts(position),
        steps=(*_round_steps(position),
               "Linearity of expectation: the count of fallen locations is a sum of one "
               "indicator per location, so its mean is the sum of their probabilities "
               "(no independence needed): "
               + " + ".join(str(q) for q in per.values()) + "."))
