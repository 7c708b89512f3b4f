"""Why the best choice is best: the exact distribution of the score behind each value.

For the recommended choice and the next best, :func:`reasons` walks the same tree as
the values (the seat's own later choices the maximising ones the enumeration found,
chance and the opponents weighed alike) and collects the exact chance of each score at
the horizon. The reasons say where the two differ: the chance of each outcome of the
score that is not the same under both, largest difference first.

>>> from fractions import Fraction
>>> _share({3: Fraction(1, 4), 5: Fraction(3, 4)})
'5 with chance 3/4, 3 with chance 1/4'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from boardlab.advice.exact import Enumerator, node_function
from boardlab.core.chance import CHANCE

__all__ = ["distribution", "reasons"]

Dist = dict[Fraction, Fraction]


def distribution(tree: Enumerator, state: Any, left: int, memo: dict[Any, Dist]) -> Dist:
    """The exact distribution of the seat's score at the horizon from ``state``."""
    key = (state, left)
    got = memo.get(key)
    if got is not None:
        return got
    node = tree.node
    mover, options, step = node(state)
    if mover is None or tree.stop.done(state, left):
        got = {tree.measure(state)[0]: Fraction(1)}
    elif mover == tree.seat:
        children = [step(state, c)[0] for c in options]
        values = [tree.value(c, left - 1)[0] for c in children]
        top = max(values)
        got = distribution(tree, children[values.index(top)], left - 1, memo)
    else:
        pairs = options if mover is CHANCE else tree.policies[mover].mixture(
            state, mover, options)
        got = {}
        for outcome, p in pairs:
            for score, q in distribution(tree, step(state, outcome)[0], left - 1,
                                         memo).items():
                got[score] = got.get(score, Fraction(0)) + p * q
    memo[key] = got
    return got


def _share(d: Dist) -> str:
    return ", ".join(f"{_n(s)} with chance {p}" for s, p in
                     sorted(d.items(), key=lambda sp: (-sp[1], -sp[0])))


def _n(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(x)


def reasons(game: Any, tree: Enumerator, worlds: Any, seat: str, legal: tuple[Any, ...],
            rows: list[Any], best: int, left: int) -> tuple[str, ...]:
    """A few sentences: the score's exact outcomes under the best and the next best."""
    step = node_function(game.rules)
    memo: dict[Any, Dist] = {}

    def dist(i: int) -> Dist:
        out: Dist = {}
        for world, p in worlds:
            after = step(world)[2](world, legal[i])[0]
            for s, q in distribution(tree, after, left - 1, memo).items():
                out[s] = out.get(s, Fraction(0)) + p * q
        return out

    b = dist(best)
    said = [f"{legal[best]}: {seat}'s score at the horizon is {_share(b)}"]
    if len(rows) > 1:
        second = max((i for i in range(len(rows)) if i != best),
                     key=lambda i: (rows[i].score, -i))
        s = dist(second)
        said.append(f"{legal[second]} (the next best): {_share(s)}")
        if b == s:
            said.append("the two tie: the same chances of every score at the horizon")
        zero = Fraction(0)
        gaps = sorted(set(b) | set(s), key=lambda k: -abs(b.get(k, zero) - s.get(k, zero)))
        for k in gaps[:3]:
            d = b.get(k, Fraction(0)) - s.get(k, Fraction(0))
            if d:
                said.append(f"a score of {_n(k)} is {'more' if d > 0 else 'less'} likely "
                            f"by {abs(d)} with {legal[best]}")
    return tuple(said)
