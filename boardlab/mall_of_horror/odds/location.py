"""One location: its break-in threshold and the odds of a break-in."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core.errors import QuestionError, show_value
from boardlab.mall_of_horror.config import (
    PARKING,
    SUPERMARKET,
    Config,
    Setup,
)
from boardlab.mall_of_horror.queries import (
    location_label,
)
from boardlab.prob.checks import whole
from boardlab.prob.derivation import Derivation

if TYPE_CHECKING:
    pass
from boardlab.mall_of_horror.odds.arrivals import _at_least
from boardlab.mall_of_horror.odds.edge import (
    FACES,
    _cards,
    _check_location,
    _config,
    _explain,
    _location,
    _most_defence,
    _setup,
)

__all__ = ["break_in", "threshold"]


def _check_one_location(function: str, config: Config, location: Any, defence: Any,
                        hardware: Any, least_defence: int = 0) -> None:
    """Location 1–6, a defence its characters can reach (MoH-R5), Hardware cards in hand."""
    _location(location, function)
    _check_defence(function, config, defence, hardware, least_defence)


def _check_defence(function: str, config: Config, defence: Any, hardware: Any,
                   least_defence: int) -> None:
    """A defence its characters can reach (MoH-R5), Hardware cards in hand."""
    most = _most_defence()
    defence = whole(defence, "defence", function, low=None)
    if not least_defence <= defence <= most:
        raise QuestionError(f"{function}: defence must be between {least_defence} and {most} "
                            f"(every character of a 6-player game, a Tough Guy counting 2: "
                            f"MoH-R5), not {show_value(defence)}")
    whole(hardware, "hardware (Hardware cards played)", function, low=0,
          high=_cards(config, "hardware"))


# -- one location -----------------------------------------------------------------------------
@overload
def threshold(location: int, *, defence: int, hardware: int = ...,
              config: Config | None = ..., explain: Literal[False] = ...) -> int: ...
@overload
def threshold(location: int, *, defence: int, hardware: int = ...,
              config: Config | None = ..., explain: Literal[True]) -> Derivation[int]: ...
def threshold(location: int, *, defence: int, hardware: int = 0,
              config: Config | None = None, explain: bool = False) -> Any:
    """Zombies needed to break in (MoH-R5): defence + Hardware, at most 4 at the Supermarket.

    A count, so an ``int``.

    >>> threshold(6, defence=5), threshold(3, defence=3, hardware=1)
    (4, 4)
    """
    cfg = _config(config, "threshold")
    _check_one_location("threshold", cfg, location, defence, hardware)
    explain = _explain(explain, "threshold")
    need, why = _threshold(location, defence, hardware, cfg)
    if not explain:
        return need
    return Derivation(f"Zombies needed to break into location {location}", need,
                      facts=(("defence", f"{defence} (characters, a Tough Guy counting 2)"),
                             ("Hardware", str(hardware)), ("threshold", why)))


def _threshold(location: int, defence: int, hardware: int, cfg: Config) -> tuple[int, str]:
    """The threshold of checked arguments, and why (the words of ``explain=True``)."""
    if hardware and location == PARKING:
        raise QuestionError("Hardware cannot be played at the Parking Lot (MoH-R5, "
                            "MoH-f-cards)")
    if location == PARKING:
        need = 1  # MoH-R6: every zombie there eats; defence plays no part
        why = "any zombie at the Parking Lot eats (MoH-R6)"
    elif location == SUPERMARKET:
        need = min(defence + hardware, cfg.supermarket_threshold)
        why = (f"min({defence} + {hardware}, {cfg.supermarket_threshold}) = {need}: "
               "the Supermarket falls to 4 zombies whatever its defence (MoH-f-supermarket)")
    else:
        need = defence + hardware
        why = f"defence {defence} + Hardware {hardware} = {need} (MoH-R5)"
    return need, why


@overload
def break_in(location: int, *, defence: int, zombies: int = ..., hardware: int = ...,
             players: int = ..., config: Config | None = ...,
             explain: Literal[False] = ...) -> Fraction: ...
@overload
def break_in(location: int, *, defence: int, zombies: int = ..., hardware: int = ...,
             players: int = ..., config: Config | None = ...,
             explain: Literal[True]) -> Derivation[Fraction]: ...
def break_in(location: int, *, defence: int, zombies: int = 0, hardware: int = 0,
             players: int = 4, config: Config | None = None,
             explain: bool = False) -> Any:
    """P(the zombies break into ``location`` after this round's dice), without extra zombies.

    ``defence`` counts characters (a Tough Guy twice, MoH-f-toughguy); ``zombies`` are
    already in front. At the Supermarket 4 zombies always suffice (MoH-f-supermarket);
    Hardware is not allowed at the Parking Lot, where any zombie means a meal (MoH-R6).

    >>> print(break_in(6, defence=2, zombies=0))
    19/144
    >>> break_in(1, defence=3, zombies=3)
    Fraction(1, 1)
    """
    setup = _setup(players, config, "break_in")
    _check_location(location, setup, "break_in")
    if type(defence) is int and defence < 1:
        raise QuestionError("defence must be at least 1: with no one there, nothing breaks in "
                            "(MoH-f)")
    # the location was checked just above: defence and Hardware are what is left
    _check_defence("break_in", setup.config, defence, hardware, 1)
    zombies = whole(zombies, "zombies (already in front)", "break_in")
    explain = _explain(explain, "break_in")
    need = _threshold(location, defence, hardware, setup.config)[0]
    k = max(0, need - zombies)
    table = _at_least(setup.config.dice)
    p = table[k] if k < len(table) else Fraction(0)
    if not explain:
        return p
    return _explain_break_in(location, setup, defence, zombies, hardware, need, k, p)


def _explain_break_in(location: int, setup: Setup, defence: int, zombies: int, hardware: int,
                      need: int, k: int, p: Fraction) -> Derivation[Fraction]:
    from sympy import Rational, symbols

    from boardlab.prob.symbolic import at_least_k_of_n

    dice = setup.config.dice
    total = FACES**dice
    facts = [("location", location_label(setup.config, location)),
             ("zombies already in front", str(zombies))]
    if location == PARKING:
        facts.append(("rule", "every zombie at the Parking Lot eats (MoH-R6)"))
    else:
        facts.append(("defence", f"{defence} (characters, a Tough Guy counting 2: MoH-R5)"))
        if hardware:
            facts.append(("Hardware", f"+{hardware} this round (MoH-f-cards)"))
        if location == SUPERMARKET:
            facts.append(("threshold", f"min({defence + hardware}, "
                                       f"{setup.config.supermarket_threshold}) = {need} "
                                       "(MoH-f-supermarket)"))
        else:
            facts.append(("threshold", f"{need} zombies break in (MoH-R5)"))
    facts.append(("arrivals needed", f"at least {k} of {dice} dice showing {location}"))
    n_, k_, p_ = symbols("n k p")
    closed = None
    if 0 < k <= dice:
        closed = at_least_k_of_n(k_, n_, p_).subs({k_: k, n_: dice, p_: Rational(1, 6)})
    steps = (f"Each die shows {location} with probability 1/6.",
             f"Break-in needs {need} zombies; {zombies} are there, so {k} must arrive.",
             f"P = {p} = {p * total}/{total} of the {total} ordered rolls.")
    return Derivation(f"P(zombies break into location {location} this round)", p,
                      favourable=int(p * total), total=total, closed_form=closed,
                      facts=facts, steps=steps)
