"""boardlab against icepool on the everyday dice questions and every game's dice questions.

Part of ``benchmarks/bench_odds.py`` (``--part icepool`` runs this part alone). Every
answer is checked exactly equal (Fractions) before anything is timed; then boardlab and
icepool are timed interleaved in the same process (the order alternates call by call),
over several rounds, and the medians are compared as a ratio **boardlab time / icepool
time** (below 1: boardlab is faster; 0.5: twice as fast).

*warm*: each question was asked once before it is timed, every cache kept. *cold*:
before every timed call each library's caches are cleared (untimed): for boardlab every
``functools`` cache of every loaded ``boardlab`` module (the dice, the odds tables, the
engines' roll tables and positions; per-Dist ``repeat`` answers go with the dice), for
icepool ``icepool.d`` (one die per size, which carries its ``k @ die`` sums), the pool
cache, the standard dice's sum caches and its binomial rows. Where icepool caches: the
dice of ``icepool.d(n)`` and their partial sums, pools, and its multiset evaluators (keep
several of a pool); a question built from a fresh custom die (the icon dice, the
decks) has nothing of icepool's to reuse.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import icepool

from boardlab import prob
from boardlab.level7_lockdown import odds as l7
from boardlab.level7_lockdown.config import DEFAULT as L7_DEFAULT
from boardlab.level7_lockdown.config import DIE_FACES
from boardlab.lockup_breakout import odds as lb
from boardlab.lockup_breakout.config import TUNNEL_SETS, default_config
from boardlab.lockup_breakout.work import tables
from boardlab.mall_of_horror import odds as moh

Thunk = Callable[[], Any]


# -- caches ------------------------------------------------------------------------------------
def clear_boardlab() -> None:
    """Every functools cache of every loaded boardlab module: a fresh process's caches."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("boardlab") or module is None:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and \
                    getattr(value, "__module__", None) == name:
                value.cache_clear()


def clear_icepool() -> None:
    icepool.d.cache_clear()
    icepool.Pool.clear_cache()
    for sides in (4, 6, 8, 10, 12, 20):  # the module's standard dice keep their sums
        getattr(icepool, f"d{sides}").__dict__.pop("_sum_cache", None)
    from icepool import math as icepool_math

    icepool_math.comb_row_cache.clear()


def as_dist(die: Any) -> dict[Any, Fraction]:
    """An icepool Die as outcome → Fraction, to compare with ``Dist.probs``."""
    den = die.denominator()
    return {o: Fraction(die.quantity(o), den) for o in die.outcomes()}


# -- timing ------------------------------------------------------------------------------------
def race(pairs: Sequence[tuple[Thunk, Thunk]], rounds: int, cold: bool
         ) -> tuple[float, float]:
    """Median over ``rounds`` of the total seconds boardlab and icepool take for all the
    ``pairs`` (boardlab thunk, icepool thunk), interleaved call by call."""
    if not cold:
        for ours, theirs in pairs:  # warm: every question asked once first
            ours()
            theirs()
    ours_t: list[float] = []
    theirs_t: list[float] = []
    for r in range(rounds):
        a = b = 0.0
        for i, (ours, theirs) in enumerate(pairs):
            for which in ((0, 1) if (i + r) % 2 == 0 else (1, 0)):
                if cold:
                    clear_boardlab() if which == 0 else clear_icepool()
                fn = ours if which == 0 else theirs
                start = time.perf_counter()
                fn()
                took = time.perf_counter() - start
                if which == 0:
                    a += took
                else:
                    b += took
        ours_t.append(a)
        theirs_t.append(b)
    return statistics.median(ours_t), statistics.median(theirs_t)


# -- the everyday dice questions ---------------------------------------------------------------
def everyday(seed: int = 28, count: int = 300) -> dict[str, list[tuple[Thunk, Thunk, Thunk]]]:
    """Each kind: ``count`` random questions (k = 2–6 dice of 4–20 faces) as (boardlab,
    icepool, check) thunks; a question builds the distribution and reads one answer."""
    rng = random.Random(seed)
    qs = [(rng.randint(2, 6), rng.randint(4, 20), rng.randint(4, 20)) for _ in range(count)]
    kinds: dict[str, list[tuple[Thunk, Thunk, Thunk]]] = {}

    def add(kind: str, ours: Thunk, theirs: Thunk, same: Thunk) -> None:
        kinds.setdefault(kind, []).append((ours, theirs, same))

    for k, n, m in qs:
        t = (k * (n + 1)) // 2  # about the middle of the sum
        f = 1 + (n * m) % n
        add("sum of k dice: die(n).repeat(k) / k @ d(n)",
            lambda k=k, n=n, t=t: prob.die(n).repeat(k).at_least(t),
            lambda k=k, n=n, t=t: (k @ icepool.d(n)).probability(">=", t),
            lambda k=k, n=n: prob.die(n).repeat(k).probs == as_dist(k @ icepool.d(n)))
        add("two dice: die(n) + die(m) / d(n) + d(m)",
            lambda n=n, m=m: (prob.die(n) + prob.die(m)).at_least(n),
            lambda n=n, m=m: (icepool.d(n) + icepool.d(m)).probability(">=", n),
            lambda n=n, m=m: (prob.die(n) + prob.die(m)).probs ==
            as_dist(icepool.d(n) + icepool.d(m)))
        add("highest of k: keep_highest(k, n) / d(n).highest(k)",
            lambda k=k, n=n: prob.keep_highest(k, n).at_least(n - 1),
            lambda k=k, n=n: icepool.d(n).highest(k).probability(">=", n - 1),
            lambda k=k, n=n: prob.keep_highest(k, n).probs == as_dist(icepool.d(n).highest(k)))
        add("lowest of k: keep_lowest(k, n) / d(n).lowest(k)",
            lambda k=k, n=n: prob.keep_lowest(k, n).cdf(2),
            lambda k=k, n=n: icepool.d(n).lowest(k).probability("<=", 2),
            lambda k=k, n=n: prob.keep_lowest(k, n).probs == as_dist(icepool.d(n).lowest(k)))
        add("k − 1 highest of k: keep_highest(k, n, keep=k − 1) / d(n).highest(k, k − 1)",
            lambda k=k, n=n, t=t: prob.keep_highest(k, n, keep=k - 1).at_least(t),
            lambda k=k, n=n, t=t: icepool.d(n).highest(k, k - 1).probability(">=", t),
            lambda k=k, n=n: prob.keep_highest(k, n, keep=k - 1).probs ==
            as_dist(icepool.d(n).highest(k, k - 1)))
        add("difference: die(n) − die(m) / d(n) − d(m)",
            lambda n=n, m=m: (prob.die(n) - prob.die(m)).at_least(1),
            lambda n=n, m=m: (icepool.d(n) - icepool.d(m)).probability(">=", 1),
            lambda n=n, m=m: (prob.die(n) - prob.die(m)).probs ==
            as_dist(icepool.d(n) - icepool.d(m)))
        add("a face counted: count_face(k, f, n) / d(n).count(k, [f])",
            lambda k=k, n=n, f=f: count_at_least(prob.count_face(k, f, n), 1),
            lambda k=k, n=n, f=f: icepool.d(n).count(k, [f]).probability(">=", 1),
            lambda k=k, n=n, f=f: prob.count_face(k, f, n).probs ==
            as_dist(icepool.d(n).count(k, [f])))
        add("faces ≥ t counted: count_face(k, range(t, n + 1), n) / d(n).count(k, …)",
            lambda k=k, n=n: count_at_least(prob.count_face(k, range(n // 2, n + 1), n), 2),
            lambda k=k, n=n: icepool.d(n).count(k, range(n // 2, n + 1)).probability(">=", 2),
            lambda k=k, n=n: prob.count_face(k, range(n // 2, n + 1), n).probs ==
            as_dist(icepool.d(n).count(k, range(n // 2, n + 1))))
        if k == 2:  # what a user wrote before keep_highest: every pair, then max
            add("pairwise: die(n).joint(die(n)).map(max) / icepool.map(max, d(n), d(n))",
                lambda n=n: prob.die(n).joint(prob.die(n)).map(max).at_least(n - 1),
                lambda n=n: icepool.map(_larger, icepool.d(n), icepool.d(n)).probability(
                    ">=", n - 1),
                lambda n=n: prob.die(n).joint(prob.die(n)).map(max).probs ==
                as_dist(icepool.map(_larger, icepool.d(n), icepool.d(n))))
            add("(for scale) the pairwise spelling / d(n).highest(2)",
                lambda n=n: prob.die(n).joint(prob.die(n)).map(max).at_least(n - 1),
                lambda n=n: icepool.d(n).highest(2).probability(">=", n - 1),
                lambda n=n: prob.die(n).joint(prob.die(n)).map(max).probs ==
                as_dist(icepool.d(n).highest(2)))
    return kinds


def _larger(a: int, b: int) -> int:  # icepool.map cannot read the builtin max's arity
    return max(a, b)


def count_at_least(d: prob.Dist[int], k: int) -> Fraction:
    return d.at_least(k)


# -- the games' dice questions ----------------------------------------------------------------
def _icon_die() -> Any:
    """Level 7's stand-in die as icepool sees it: a die of six icon faces."""
    return icepool.Die(["+".join(face) for face in DIE_FACES])


def _icons(face: str, icon: str) -> int:
    return face.split("+").count(icon)


def l7_challenges() -> dict[tuple[int, str, int], Fraction]:
    return {(n, icon, d): l7.challenge(n, icon, d)
            for icon in ("Strength", "Speed", "Intelligence") for n in range(1, 7)
            for d in range(1, 7)}


def l7_challenges_icepool() -> dict[tuple[int, str, int], Fraction]:
    out = {}
    for icon in ("Strength", "Speed", "Intelligence"):
        count = _icon_die().map(lambda f, icon=icon: _icons(f, icon))
        for n in range(1, 7):
            pool = n @ count
            for d in range(1, 7):
                out[n, icon, d] = pool.probability(">=", d)
    return out


def l7_counts() -> list[dict[int, Fraction]]:
    return [l7.icon_count(n, icon).probs for icon in ("Strength", "Speed", "Intelligence")
            for n in range(1, 9)]


def l7_counts_icepool() -> list[dict[int, Fraction]]:
    out = []
    for icon in ("Strength", "Speed", "Intelligence"):
        count = _icon_die().map(lambda f, icon=icon: _icons(f, icon))
        out += [as_dist(n @ count) for n in range(1, 9)]
    return out


def l7_cache() -> list[dict[str, Fraction]]:
    return [l7.cache(n) for n in range(1, 9)]


def l7_cache_icepool() -> list[dict[str, Fraction]]:
    count = _icon_die().map(lambda f: _icons(f, "Intelligence"))
    out = []
    for n in range(1, 9):
        short = 4 - n @ count  # difficulty 4; lost when short by 2 or more (L7-cache)
        out.append({"item": short.probability("<=", 0),
                    "nothing": short.probability("==", 1),
                    "lost": short.probability(">=", 2)})
    return out


def l7_cronos() -> dict[tuple[int, int], Fraction]:
    return {(d, k): l7.cronos_reach(d, k) for d in range(1, 5) for k in range(1, 9)}


def l7_cronos_icepool() -> dict[tuple[int, int], Fraction]:
    speed = _icon_die().map(lambda f: _icons(f, "Speed"))
    out = {}
    for k in range(1, 9):
        pool = k @ speed
        for d in range(1, 5):
            out[d, k] = pool.probability(">=", d)
    return {key: out[key] for key in sorted(out)}


def l7_departure() -> dict[tuple[int, int], dict[str, Fraction]]:
    return {(n, t): l7.departure(dice=n, threshold=t) for n in range(2, 5) for t in (2, 3, 4)}


def l7_departure_icepool() -> dict[tuple[int, int], dict[str, Fraction]]:
    pair = _icon_die().map(lambda f: icepool.Vector((_icons(f, "Strength"),
                                                     _icons(f, "Intelligence"))))
    out = {}
    for n in range(2, 5):
        pool = n @ pair
        for t in (2, 3, 4):
            case = pool.map(lambda v, t=t: ("both" if v[0] >= t and v[1] >= t else
                                            "fear hunter" if v[0] >= t else
                                            "blaster" if v[1] >= t else "swarm"))
            out[n, t] = {k: case.probability(k)
                         for k in ("fear hunter", "blaster", "both", "swarm")}
    return out


def _enemy_rows() -> list[tuple[str, int, int, int]]:
    """(kind, power, extra, Toughness) read from the stand-in tables, as an icepool user
    would: dice = profile dice + power (+ extra at a barricade), at most 8 (L7-R25)."""
    tough = L7_DEFAULT.characters[0].toughness
    return [("guard", 0, 0, tough), ("rogue", 0, 0, tough), ("warrior", 0, 0, tough),
            ("hunter", 0, 0, tough), *(("blaster", p, 0, t) for p in range(4) for t in (2, 3))]


def l7_enemies() -> list[Fraction]:
    out = [l7.enemy_attack(kind) if kind != "blaster" else l7.blaster_attack(t, power)
           for kind, power, _, t in _enemy_rows()]
    out += [l7.barricade_attack("guard", extra) for extra in range(4)]
    out += [l7.barricade_attack("blaster", 0, power=p) for p in range(3)]
    return out


def l7_enemies_icepool() -> list[Fraction]:
    strength = _icon_die().map(lambda f: _icons(f, "Strength"))
    cap = L7_DEFAULT.dice_cap
    out = [(min(L7_DEFAULT.profile(kind).dice + power, cap) @ strength).probability(">=", t)
           for kind, power, _, t in _enemy_rows()]
    # a barricade: +1 die per helper of the type, a blaster's power; 3 Strength to damage
    out += [(min(L7_DEFAULT.profile("guard").dice + extra, cap) @ strength).probability(">=", 3)
            for extra in range(4)]
    out += [(min(L7_DEFAULT.profile("blaster").dice + p, cap) @ strength).probability(">=", 3)
            for p in range(3)]
    return out


def lb_tunnels() -> list[Fraction]:
    return [lb.tunnel_among(range(1, k + 1), players=p, every=every)
            for p in range(2, 6) for k in (1, 2, 3) for every in (False, True)]


def lb_tunnels_icepool() -> list[Fraction]:
    out = []
    for p in range(2, 6):
        blank, single, double = TUNNEL_SETS[p]
        deck = icepool.Deck({1: single + double, 0: blank})
        for k in (1, 2, 3):
            tunnels = deck.deal(k).sum()
            out += [tunnels.probability(">=", 1), tunnels.probability("==", k)]
    return out


def lb_legend() -> list[Fraction]:
    return [lb.legend_guard_beats(s, colour) for colour in ("green", "yellow", "red")
            for s in range(5)]


def lb_legend_icepool() -> list[Fraction]:
    t = tables(default_config())
    out = []
    for colour in ("green", "yellow", "red"):
        strengths: dict[int, int] = {}
        for name, n in zip(t.guard_names, t.guard_deck[colour], strict=True):
            s = t.guard_cards[name].strength
            strengths[s] = strengths.get(s, 0) + n
        card = icepool.Die(strengths)
        out += [card.probability(">", s) for s in range(5)]
    return out


def moh_arrivals() -> list[Any]:
    return [moh.arrivals_at(loc).probs for loc in (1, 3, 4, 5, 6)] + [moh.arrivals().probs]


def moh_arrivals_icepool() -> list[Any]:
    out = [as_dist(icepool.d6.count(4, [loc])) for loc in (1, 3, 4, 5, 6)]
    # location 2 is closed with 4 players (MoH-R3): its dice are ignored
    joint = (4 @ icepool.one_hot(6)).map(lambda v: tuple(0 if i == 1 else int(c)
                                                        for i, c in enumerate(v)))
    return out + [as_dist(joint)]


def moh_placement() -> list[Fraction]:
    return [moh.placement_offered(loc, players=6) for loc in range(1, 7)]


def moh_placement_icepool() -> list[Fraction]:
    return [icepool.d6.count(2, [loc]).probability(">=", 1) for loc in range(1, 7)]


def game_questions(classic: dict[str, tuple[Thunk, Thunk]]
                   ) -> list[tuple[str, Thunk, Thunk]]:
    """(label, boardlab, icepool) for every game's dice questions; ``classic`` brings the
    Mall of Horror questions Q1–Q3 of bench_odds (the Supermarket table, round odds,
    rounds to seal)."""
    return [
        ("MoH Q1 break_in, Supermarket table (20)", *classic["Q1"]),
        ("MoH arrivals_at ×5 + arrivals (joint)", moh_arrivals, moh_arrivals_icepool),
        ("MoH placement_offered ×6", moh_placement, moh_placement_icepool),
        ("MoH Q2 round odds, positions A+B", *classic["Q2"]),
        ("MoH Q3 rounds to seal, 0–7 zombies", *classic["Q3"]),
        ("L7 challenge, 3 icons × 1–6 dice × 1–6", l7_challenges, l7_challenges_icepool),
        ("L7 icon_count, 3 icons × 1–8 dice", l7_counts, l7_counts_icepool),
        ("L7 cache (supply search), 1–8 dice", l7_cache, l7_cache_icepool),
        ("L7 cronos_reach, 1–4 moves × 1–8 dice", l7_cronos, l7_cronos_icepool),
        ("L7 departure what-if, 2–4 dice × 2–4", l7_departure, l7_departure_icepool),
        ("L7 enemy / blaster / barricade attacks (19)", l7_enemies, l7_enemies_icepool),
        ("LB tunnel_among, 2–5 players (24; a deck)", lb_tunnels, lb_tunnels_icepool),
        ("LB legend_guard_beats, 3 decks × 0–4 (a deck)", lb_legend, lb_legend_icepool),
    ]


def check_equal(label: str, ours: Any, theirs: Any) -> None:
    if ours != theirs:
        raise AssertionError(f"{label}: boardlab and icepool disagree:\n  {ours}\n  {theirs}")


def run(classic: dict[str, tuple[Thunk, Thunk]], exact: Callable[[Any], Any],
        rounds: int = 5, game_rounds: int = 40) -> dict[str, Any]:
    """Check every answer, time everything, print the tables; return the ratios."""
    kinds = everyday()
    for kind, questions in kinds.items():
        for _, _, same in questions:
            assert same(), f"{kind}: boardlab's distribution differs from icepool's"
        for ours, theirs, _ in questions[:30]:
            assert ours() == theirs(), f"{kind}: the answers differ"
    games = game_questions(classic)
    for label, ours, theirs in games:
        check_equal(label, exact(ours()), exact(theirs()))
    n_questions = len(next(iter(kinds.values())))
    print(f"\nboardlab vs icepool {icepool.__version__}: every distribution and answer "
          "checked equal (exact Fractions) first")
    print(f"\neveryday dice questions ({n_questions} random questions a kind, k = 2–6 dice "
          f"of 4–20 faces; median of {rounds} rounds, interleaved; time = all questions)")
    header = f"{'kind':<76} | {'mode':<4} | {'boardlab':>9} | {'icepool':>9} | {'ratio':>6}"
    print(header)
    print("-" * len(header))
    out: dict[str, Any] = {"everyday": {}, "games": {}}
    for kind, questions in kinds.items():
        pairs = [(ours, theirs) for ours, theirs, _ in questions]
        for mode in ("warm", "cold"):
            ours_t, theirs_t = race(pairs, rounds, mode == "cold")
            ratio = ours_t / theirs_t
            out["everyday"][kind, mode] = (ours_t, theirs_t, ratio)
            print(f"{kind:<76} | {mode:<4} | {fmt(ours_t):>9} | {fmt(theirs_t):>9} | "
                  f"{ratio:>6.2f}")
    print(f"\nthe games' dice questions (one call answers the whole group; median of "
          f"{game_rounds} calls, interleaved)")
    header = f"{'question':<48} | {'mode':<4} | {'boardlab':>9} | {'icepool':>9} | {'ratio':>6}"
    print(header)
    print("-" * len(header))
    for label, ours, theirs in games:
        for mode in ("warm", "cold"):
            ours_t, theirs_t = race([(ours, theirs)], game_rounds, mode == "cold")
            ratio = ours_t / theirs_t
            out["games"][label, mode] = (ours_t, theirs_t, ratio)
            print(f"{label:<48} | {mode:<4} | {fmt(ours_t):>9} | {fmt(theirs_t):>9} | "
                  f"{ratio:>6.3f}")
    return out


def verdicts(ratios: dict[str, Any]) -> Iterable[tuple[str, bool | None, str]]:
    """(target, met — None where there is no target, the ratio)."""
    for (kind, mode), (_, _, r) in ratios["everyday"].items():
        if not kind.startswith("(for scale)"):
            yield (f"everyday, {mode}: {kind.split(':')[0]} no slower than icepool", r <= 1,
                   f"{r:.2f}")
    games = ratios["games"]
    for (label, mode), (_, theirs, r) in games.items():
        if mode == "cold" and label not in ICEPOOL_KEEPS:
            warm = games[label, "warm"][1]
            yield (f"{label}, cold: no target, icepool keeps nothing between these calls "
                   f"(its cold {fmt(theirs)}, warm {fmt(warm)})", None, f"{r:.3f}")
            continue
        yield (f"{label}, {mode}: at least 2x faster than icepool", r <= 0.5, f"{r:.3f}")


#: The game questions whose icepool code reuses a cache between calls (the cold target of
#: issue 28 holds there). None does: each builds its dice afresh — ``d6.count`` maps d6
#: to a new die, ``one_hot`` and ``Die(...)`` make new ones, a Deck deals anew — and
#: icepool keeps a die's sums only on that die (``d(n)``'s, in the everyday questions).
ICEPOOL_KEEPS: frozenset[str] = frozenset()


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"
