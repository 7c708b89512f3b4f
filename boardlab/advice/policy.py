"""The opponents' models: each one an exact distribution over the legal choices.

An advice weighs every other seat's decision by its policy, as an exact mixture:

- ``"random"``: uniform over the legal choices;
- any other agent kind of the game (``"heuristic"``): the game's agent of that kind
  as an equal mixture of :data:`MIXTURE_SEEDS` seeded copies — the agents break ties
  with their own random numbers, so one seed would be one arbitrary tie-break; eight
  make the mixture the model (and exact: each copy's choice weighs 1/8);
- an agent object (``choose(view, legal)``): its choice, with weight 1, at each
  position (asked once per position of one advice);
- a function ``f(view, legal)`` returning a legal choice, or ``(choice, weight)`` pairs
  or a mapping ``choice -> weight`` (non-negative numbers, normalised exactly).

``opponents=`` of :func:`~boardlab.advice.advise` is one of these for every other seat,
or a mapping seat → one of these (seats left out play ``"random"``).

>>> from fractions import Fraction
>>> Uniform().mixture(None, "red", ("a", "b"))
(('a', Fraction(1, 2)), ('b', Fraction(1, 2)))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from boardlab.core.errors import ArgumentError, ArgumentTypeError, show_value

__all__ = ["MIXTURE_SEEDS", "AgentMixture", "Fixed", "FromFunction", "Policy", "Uniform",
           "policies"]

#: How many seeded copies of a game's agent make its mixture (see the module notes).
MIXTURE_SEEDS = 8

Mixture = tuple[tuple[Any, Fraction], ...]


class Policy:
    """A seat's model: ``mixture(state, seat, legal)`` — positive weights summing to 1."""

    #: How the model is said in the Advice's assumptions.
    words: str = ""

    def mixture(self, state: Any, seat: str, legal: tuple[Any, ...]) -> Mixture:
        raise NotImplementedError


class Uniform(Policy):
    """Every legal choice alike (``"random"``)."""

    words = "picks uniformly at random among its legal choices"

    def __init__(self) -> None:
        self._cache: dict[int, Mixture] = {}

    def mixture(self, state: Any, seat: str, legal: tuple[Any, ...]) -> Mixture:
        n = len(legal)
        w = self._cache.get(n)
        if w is None:
            w = self._cache[n] = ((None, Fraction(1, n)),)
        p = w[0][1]
        return tuple((c, p) for c in legal)


class _Checked(Policy):
    """A model that asks outside code: its answers are checked and kept per position."""

    def __init__(self, observe: Callable[[Any, str], Any], where: str) -> None:
        self._observe = observe
        self._where = where
        self._memo: dict[tuple[Any, str], Mixture] = {}

    def mixture(self, state: Any, seat: str, legal: tuple[Any, ...]) -> Mixture:
        key = (state, seat)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = _normalise(self._ask(self._observe(state, seat), seat,
                                                         legal), legal, self._where)
        return got

    def _ask(self, view: Any, seat: str, legal: tuple[Any, ...]) -> Any:
        raise NotImplementedError


class AgentMixture(_Checked):
    """An equal mixture of a game's agent kind over :data:`MIXTURE_SEEDS` seeds."""

    def __init__(self, kind: str, make: Callable[[str, int, int], Any], index: dict[str, int],
                 observe: Callable[[Any, str], Any], where: str) -> None:
        super().__init__(observe, where)
        self.kind, self._make, self._index = kind, make, index
        self.words = (f"plays the game's {kind!r} agent (an equal mixture of "
                      f"{MIXTURE_SEEDS} seeded copies, so its tie-breaks are weighed too)")

    def _ask(self, view: Any, seat: str, legal: tuple[Any, ...]) -> Any:
        counts: dict[Any, int] = {}
        for seed in range(MIXTURE_SEEDS):
            agent = self._make(seat, self._index[seat], seed)
            choice = agent.choose(view, legal)
            counts[choice] = counts.get(choice, 0) + 1
        return counts


class Fixed(_Checked):
    """An agent object: its choice at each position, weight 1."""

    def __init__(self, agent: Any, observe: Callable[[Any, str], Any], where: str) -> None:
        super().__init__(observe, where)
        self._agent = agent
        self.words = f"plays as the agent {type(agent).__name__} chooses"

    def _ask(self, view: Any, seat: str, legal: tuple[Any, ...]) -> Any:
        return self._agent.choose(view, legal)


class FromFunction(_Checked):
    """A function ``f(view, legal)``: a choice, pairs, or a mapping of weights."""

    def __init__(self, function: Callable[..., Any], observe: Callable[[Any, str], Any],
                 where: str) -> None:
        super().__init__(observe, where)
        self._function = function
        self.words = f"plays by the policy {getattr(function, '__name__', 'given')}()"

    def _ask(self, view: Any, seat: str, legal: tuple[Any, ...]) -> Any:
        return self._function(view, legal)


def _normalise(answer: Any, legal: tuple[Any, ...], where: str) -> Mixture:
    """A policy's answer as exact weights over legal choices (refused if it is not)."""
    if isinstance(answer, Mapping):
        pairs = list(answer.items())
    elif isinstance(answer, (list, tuple)) and answer not in legal:
        # A list that is not itself a choice must be (choice, weight) pairs; saying so
        # beats "not legal here" about the whole list (a list of choices, say).
        if not answer or not all(isinstance(p, tuple) and len(p) == 2 for p in answer):
            raise ArgumentTypeError(where, answer, "a policy returns one legal choice, a "
                                    "mapping of legal choices to weights, or a list of "
                                    "(choice, weight) pairs")
        pairs = list(answer)
    else:
        pairs = [(answer, 1)]
    total = Fraction(0)
    weights: dict[Any, Fraction] = {}
    for choice, weight in pairs:
        if choice not in legal:
            raise ArgumentError(where, choice, "the policy returned a choice that is not "
                                "legal here (legal: " + ", ".join(map(str, legal[:8]))
                                + (" …" if len(legal) > 8 else "") + ")")
        if isinstance(weight, bool) or not isinstance(weight, (int, Fraction)):
            raise ArgumentTypeError(where, weight, "a policy's weight is an int or a "
                                    "Fraction (exact)")
        if weight < 0:
            raise ArgumentError(where, weight, "a policy's weight is not negative")
        weights[choice] = weights.get(choice, Fraction(0)) + Fraction(weight)
        total += weight
    if total <= 0:
        raise ArgumentError(where, answer, "the policy's weights sum to 0")
    return tuple((c, weights[c] / total) for c in legal if weights.get(c, 0) > 0)


def policies(opponents: Any, seats: Sequence[str], seat: str, kinds: Mapping[str, Any],
             observe: Callable[[Any, str], Any], seat_word: str = "seat") -> dict[str, Policy]:
    """One :class:`Policy` per seat other than ``seat``, from ``opponents=``."""
    index = {s: i for i, s in enumerate(seats)}
    if isinstance(opponents, Mapping):
        unknown = [s for s in opponents if s not in seats]
        if unknown:
            raise ArgumentError("opponents", unknown[0], f"not a {seat_word} of this match "
                                f"({', '.join(seats)})")
        if seat in opponents:
            raise ArgumentError("opponents", seat, f"the advised {seat_word}'s own later "
                                "choices are taken to maximise its score: leave it out")
        given = dict(opponents)
    else:
        given = dict.fromkeys((s for s in seats if s != seat), opponents)
    return {s: _one(given.get(s, "random"), s, kinds, index, observe)
            for s in seats if s != seat}


def _one(spec: Any, seat: str, kinds: Mapping[str, Any], index: dict[str, int],
         observe: Callable[[Any, str], Any]) -> Policy:
    where = f"opponents[{seat!r}]"
    if isinstance(spec, Policy):
        return spec
    if isinstance(spec, str):
        if spec == "random":
            return Uniform()
        if spec not in kinds:
            raise ArgumentError("opponents", spec, "no agent kind of that name; kinds: "
                                + ", ".join(kinds))
        return AgentMixture(spec, kinds[spec], index, observe, where)
    if callable(getattr(spec, "choose", None)):
        return Fixed(spec, observe, where)
    if callable(spec):
        return FromFunction(spec, observe, where)
    raise ArgumentTypeError("opponents", spec, "expected an agent kind ("
                            + ", ".join(kinds) + "), an agent, a function (view, legal) "
                            f"or a mapping of seats to those (got {show_value(spec)})")
