"""Why the best choice is best: the exact distribution of the score behind each value.

For the recommended choice and the next best, :func:`reasons` walks the same tree as
the values (the seat's own later choices the maximising ones the enumeration found,
chance and the opponents weighed alike) and collects the exact chance of each score at
the horizon. The reasons say where the two differ: the chance of each outcome of the
score that is not the same under both, largest difference first; then the events that
make the difference — the chance that each event of the game's narration happens
before the horizon, in the narration's words as the seat may read them, with its rule
id, marked when it is a chance outcome (a roll, a draw) — the few whose chances differ
most between the two choices (:func:`event_chances`).

>>> from fractions import Fraction
>>> _share({3: Fraction(1, 4), 5: Fraction(3, 4)})
'5 with chance 3/4, 3 with chance 1/4'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from boardlab.advice.exact import Enumerator
from boardlab.core.chance import CHANCE

__all__ = ["distribution", "event_chances", "reasons"]

Dist = dict[Fraction, Fraction]
#: An event's words (with its rule id, and whether chance made it) → the chance it
#: happens at least once before the horizon.
Chances = dict[tuple[str, bool], Fraction]
#: How many differing events the reasons cite: chance outcomes; the events one choice
#: makes certain and the other impossible; the other events.
CHANCE_CITED = 2
CERTAIN_CITED = 2
EVENTS_CITED = 3


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


def _own_best(tree: Enumerator, children: list[Any], left: int) -> int:
    """Which child the seat's maximising choice leads to (the first best, as the values)."""
    values = [tree.value(c, left - 1)[0] for c in children]
    return values.index(max(values))


def event_chances(tree: Enumerator, rules: Any, state: Any, left: int,
                  memo: dict[Any, Chances]) -> Chances:
    """The chance that each event happens (at least once) from ``state`` to the horizon,
    on the same tree as the values; events are told as the seat may read them
    (``Event.line(seat)``: the narration's words and the rule id)."""
    key = (state, left)
    got = memo.get(key)
    if got is not None:
        return got
    mover, options, _ = tree.node(state)
    got = {}
    if mover is None or tree.stop.done(state, left):
        pass
    elif mover == tree.seat:
        steps = [rules.step(state, c) for c in options]
        after, events = steps[_own_best(tree, [a for a, _ in steps], left)]
        _add_events(got, Fraction(1), events, False, tree.seat,
                    event_chances(tree, rules, after, left - 1, memo))
    else:
        pairs = options if mover is CHANCE else tree.policies[mover].mixture(
            state, mover, options)
        for outcome, p in pairs:
            after, events = rules.step(state, outcome)
            _add_events(got, p, events, mover is CHANCE, tree.seat,
                        event_chances(tree, rules, after, left - 1, memo))
    memo[key] = got
    return got


def _add_events(got: Chances, p: Fraction, events: Any, chance: bool, seat: str,
                later: Chances) -> None:
    """``got += p ·`` (1 for the events of this step, else their chance later on)."""
    here = {(e.line(seat), chance) for e in events}
    for k in here:
        got[k] = got.get(k, Fraction(0)) + p
    for k, q in later.items():
        if k not in here:
            got[k] = got.get(k, Fraction(0)) + p * q


def _share(d: Dist) -> str:
    return ", ".join(f"{_n(s)} with chance {p}" for s, p in
                     sorted(d.items(), key=lambda sp: (-sp[1], -sp[0])))


def _n(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(x)


def reasons(game: Any, tree: Enumerator, worlds: Any, seat: str, legal: tuple[Any, ...],
            rows: list[Any], best: int, left: int) -> tuple[str, ...]:
    """A few sentences: the score's exact outcomes under the best and the next best,
    then the chance outcomes and events whose chances differ most between them."""
    memo: dict[Any, Dist] = {}
    seen: dict[Any, Chances] = {}

    def dist(i: int) -> tuple[Dist, Chances]:
        out: Dist = {}
        events: Chances = {}
        for world, p in worlds:
            after, now = game.rules.step(world, legal[i])  # the choice's own events too
            for s, q in distribution(tree, after, left - 1, memo).items():
                out[s] = out.get(s, Fraction(0)) + p * q
            _add_events(events, p, now, False, seat,
                        event_chances(tree, game.rules, after, left - 1, seen))
        return out, events

    b, b_events = dist(best)
    said = [f"{legal[best]}: {seat}'s score at the horizon is {_share(b)}"]
    if len(rows) < 2:
        return tuple(said)
    second = max((i for i in range(len(rows)) if i != best),
                 key=lambda i: (rows[i].score, -i))
    s, s_events = dist(second)
    said.append(f"{legal[second]} (the next best): {_share(s)}")
    if b == s:
        said.append("the two tie: the same chances of every score at the horizon")
    zero = Fraction(0)
    gaps = sorted(set(b) | set(s), key=lambda k: -abs(b.get(k, zero) - s.get(k, zero)))
    for k in gaps[:3]:
        d = b.get(k, zero) - s.get(k, zero)
        if d:
            said.append(f"a score of {_n(k)} is {'more' if d > 0 else 'less'} likely "
                        f"by {abs(d)} with {legal[best]}")
    return (*said, *_cited(b_events, s_events, legal[best], legal[second]))


def _cited(b: Chances, s: Chances, best: Any, second: Any) -> list[str]:
    """The chance outcomes and events whose chance to happen by the horizon differs
    most, largest difference first (ties: by words): a few chance outcomes, a few of
    the events one choice makes certain and the other impossible (what the choice
    itself does), and a few of the other events (what it makes more or less likely)."""
    zero = Fraction(0)
    gap = {k: b.get(k, zero) - s.get(k, zero) for k in set(b) | set(s)}
    keys = sorted((k for k, d in gap.items() if d), key=lambda k: (-abs(gap[k]), k))
    cited = [k for k in keys if k[1]][:CHANCE_CITED] + \
        [k for k in keys if not k[1] and abs(gap[k]) == 1][:CERTAIN_CITED] + \
        [k for k in keys if not k[1] and abs(gap[k]) != 1][:EVENTS_CITED]
    if not cited:
        return []
    said = [f"what happens by the horizon, with {best} against {second}:"]
    for words, chance in cited:
        said.append(f"{'a chance outcome: ' if chance else ''}{words}: chance "
                    f"{b.get((words, chance), zero)} against {s.get((words, chance), zero)}")
    return said
