"""Sampled values: estimates to the horizon, and simulated matches to the end.

Both draw with **common random numbers**: sample ``i`` of every choice starts from the
same seed (``seed * 1_000_003 + i``), which picks the same hidden-information world and
seeds one stream for chance and one per seat (so a choice that changes how many
numbers one seat draws leaves the dice where they were), so the choices are compared
on the same luck and the paired differences have narrow intervals
(``common=False`` gives each choice its own seeds, the comparison the benchmark makes).

- :func:`estimate` follows one line of play per sample to the horizon: chance and the
  opponents sampled from their exact mixtures, the seat's own later decisions picked
  uniformly at random (an estimate does not maximise: it is labelled so);
- :func:`simulate` plays each sample to the end of the match with the same draws and
  records whether the seat wins (a shared win counts) and its final score.

>>> from tests.core.toy import RULES, ToySetup
>>> from boardlab.advice.policy import Uniform
>>> from boardlab.core.engine import Match
>>> m = Match(RULES, ToySetup(), seed=1); _ = m.roll()
>>> worlds = ((m.state, Fraction(1)),)
>>> wins, finals = simulate(RULES, worlds, "a", m.legal()[0], {"b": Uniform()},
...                        lambda s: s.totals[0], lambda s: ("a",) if s.totals[0] >= 5
...                        else ("b",), 50, seed=0)
>>> len(wins), set(wins) <= {0, 1}
(50, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from boardlab.advice.exact import Stop, node_function
from boardlab.advice.policy import Policy, Uniform
from boardlab.core.agents import seeded_random
from boardlab.core.chance import CHANCE
from boardlab.core.engine import sample_outcome

__all__ = ["estimate", "sample_seed", "simulate"]

#: Plies one sampled match may take before it is called runaway (a rules bug).
MAX_PLIES = 100_000


def sample_seed(seed: int, i: int, choice_index: int = 0, *, common: bool = True) -> int:
    """The seed of sample ``i`` (of choice ``choice_index`` when not ``common``).

    >>> sample_seed(3, 5) == sample_seed(3, 5, 2), sample_seed(3, 5, 2, common=False)
    (True, 3003000035)
    """
    return seed * 1_000_003 + i + (0 if common else (choice_index + 1) * 1_000_000_007)


def _pick_world(worlds: Sequence[tuple[Any, Fraction]], rng: Any) -> Any:
    if len(worlds) == 1:
        return worlds[0][0]
    return sample_outcome(worlds, rng)


def _pick(pairs: Sequence[tuple[Any, Fraction]], rng: Any) -> Any:
    return sample_outcome(pairs, rng)


def _streams(seed: int, seats: Sequence[str]) -> tuple[Any, dict[str, Any]]:
    """One random stream for chance and one per seat, all from ``seed``: a choice that
    changes how many numbers one seat draws leaves the dice and the other seats' draws
    where they were, which is what makes common random numbers common."""
    return seeded_random(seed), {s: seeded_random(seed * 7 + 1 + i)
                                 for i, s in enumerate(seats)}


def _walk(rules: Any, state: Any, seat: str, policies: Mapping[str, Policy],
          streams: tuple[Any, dict[str, Any]], stop: Stop | None, left: int) -> Any:
    """One line of play from ``state`` to the horizon (``stop``) or the end."""
    node = node_function(rules)
    chance, own = streams
    for _ in range(MAX_PLIES):
        mover, options, step = node(state)
        if mover is None or (stop is not None and stop.done(state, left)):
            return state
        if mover is CHANCE:
            choice = sample_outcome(options, chance)
        else:
            rng = own[mover]
            policy = policies.get(mover)
            if policy is None or type(policy) is Uniform:  # the seat itself: at random
                choice = options[rng._randbelow(len(options))]
            else:
                choice = _pick(policy.mixture(state, mover, options), rng)
        state = step(state, choice)[0]
        left -= 1
    raise RuntimeError(f"a sampled line did not end within {MAX_PLIES} plies")


def estimate(rules: Any, worlds: Sequence[tuple[Any, Fraction]], seat: str, choice: Any,
             policies: Mapping[str, Policy], measure: Callable[[Any], tuple[Fraction, ...]],
             stop: Stop, left: int, samples: int, *, seed: int, index: int = 0,
             common: bool = True, first: int = 0) -> list[tuple[Fraction, ...]]:
    """The measures at the horizon of sampled lines ``first`` to ``samples`` after
    ``choice`` (each line's draws depend on its number only: chunks can run anywhere)."""
    out = []
    seats = sorted({seat, *policies})
    for i in range(first, samples):
        streams = _streams(sample_seed(seed, i, index, common=common), seats)
        world = _pick_world(worlds, streams[0])
        after = node_function(rules)(world)[2](world, choice)[0]
        out.append(measure(_walk(rules, after, seat, policies, streams, stop, left - 1)))
    return out


def simulate(rules: Any, worlds: Sequence[tuple[Any, Fraction]], seat: str, choice: Any,
             policies: Mapping[str, Policy], score: Callable[[Any], int],
             winners: Callable[[Any], tuple[str, ...]], samples: int, *, seed: int,
             index: int = 0, common: bool = True, first: int = 0
             ) -> tuple[list[int], list[int]]:
    """Win (1/0) and final score of matches ``first`` to ``samples`` played to the end
    after ``choice``."""
    wins, finals = [], []
    seats = sorted({seat, *policies})
    for i in range(first, samples):
        streams = _streams(sample_seed(seed, i, index, common=common), seats)
        world = _pick_world(worlds, streams[0])
        after = node_function(rules)(world)[2](world, choice)[0]
        end = _walk(rules, after, seat, policies, streams, None, 0)
        wins.append(1 if seat in winners(end) else 0)
        finals.append(score(end))
    return wins, finals

