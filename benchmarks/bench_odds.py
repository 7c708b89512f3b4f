"""Exact Mall of Horror odds: boardlab against sympy.stats and icepool, same questions.

Run: ``python benchmarks/bench_odds.py [--budget 0.2]`` (needs ``pip install icepool``,
the ``bench`` extra). Three questions are answered three ways in one run, every answer
is checked to be exactly equal (as Fractions), then the times are tabled (median of
repeats with ``time.perf_counter``, about ``--budget`` seconds per measurement and at
least one call):

1. The Supermarket table: P(break in) for 0–3 zombies × defence 2, 3, 4, 5, 7 at
   location 6 with 4 players, P(zombies + sixes ≥ min(defence, 4)) (MoH-R5).
   boardlab ``odds.break_in`` / sympy.stats, both as a Binomial and as four ``Die``
   symbols / icepool ``d6.count(4, [6])``.
2. Per-location, any and expected break-ins of two positions with extra zombies:
   ``odds.round_odds``, ``any_break_in``, ``expected_break_ins`` / sympy.stats (four
   ``Die`` symbols) and icepool (``4 @ one_hot(6)``) with the rules re-modelled by hand,
   as a user of those libraries must: extra zombies (MoH-R13), the Supermarket threshold
   (MoH-R5), the Parking Lot (MoH-R6), the closed location 2 (MoH-R3).
3. Expected rounds until an empty open location with 0–7 zombies is sealed at 8
   (MoH-R12): ``odds.expected_rounds_to_seal`` / a ``sympy.stats.DiscreteMarkovChain``
   fundamental matrix / ``icepool.mean_time_to_absorb``.

A fifth part (:mod:`odds_icepool`, alone with ``--part icepool``) races boardlab against
icepool on the everyday dice questions (sums, highest / lowest of k, differences,
counts: 300 random questions a kind) and on every game's dice questions (Mall of
Horror's break-ins, arrivals and placement dice, Level 7's icon dice, Breakout's decks),
warm and cold, as ratios boardlab time / icepool time.

A fourth part times boardlab against itself: ``prob.enumerate_game`` as a tree walk and
as a merged walk (``merge=True``) to the end of the round from two positions whose
votes funnel many ballot sequences into few states (same answer, checked).

*cold* clears each library's own caches before every call: boardlab's ``functools``
caches (those in ``odds`` and the engine's ``dice_outcomes``), sympy's cache for the
sympy formulations; icepool's natural code builds its dice afresh on every call, and its
pool cache is cleared too. *warm* repeats the call with the caches kept. The output ends
with a summary table, the cold ``round_odds`` time and the import times of a fresh
interpreter (``import boardlab`` loads the games lazily, so the import a user of the odds
pays is also shown).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import sympy
from sympy import Add, Eq, Matrix, Or, Piecewise, Rational, binomial
from sympy.core.cache import clear_cache as sympy_clear_cache
from sympy.stats import Binomial, Die, DiscreteMarkovChain, E, P

from boardlab import mall_of_horror as moh
from boardlab.mall_of_horror import odds, rules

try:
    import icepool
except ImportError:  # pragma: no cover - a benchmark-only dependency
    raise SystemExit("bench_odds.py needs icepool: pip install icepool "
                     "(or pip install -e '.[bench]')") from None

ROOT = Path(__file__).resolve().parents[1]
ZOMBIES = range(4)                # zombies already in front of the Supermarket
DEFENCES = (2, 3, 4, 5, 7)
SUPERMARKET_CAP = 4               # MoH-R5: at the Supermarket, 4 zombies always suffice
SEAL_AT = 8                       # MoH-R12
OPEN_4P = (1, 3, 4, 5, 6)         # MoH-R3: location 2 is closed with 4 players
PARKING, SUPERMARKET = 4, 6
MAX_REPEATS = 2000

# Position A: the example. Position B: a tie for the most characters (2 tokens
# at every location, the Tough Guys counting 1 here: no crowd zombie), a unique most
# Pin-Ups location (1, two Pin-Ups: +1 zombie), Tough Guys counting 2 for defence, the
# Parking Lot with characters, zombies in front of three locations.
POSITIONS: dict[str, tuple[dict[int, list[str]], dict[int, int]]] = {
    "A": ({6: ["red pinup", "blue toughguy", "green gunman"], 4: ["yellow gunman"],
           3: ["red gunman", "blue pinup"]},
          {6: 1, 3: 1}),
    "B": ({1: ["yellow pinup", "red pinup"], 3: ["blue toughguy", "green gunman"],
           4: ["yellow gunman", "red gunman"], 5: ["red toughguy", "blue pinup"],
           6: ["green pinup", "yellow toughguy"]},
          {3: 2, 5: 1, 1: 0}),
}


# -- timing ------------------------------------------------------------------------------------
def measure(fn: Callable[[], Any], budget: float,
            before: Callable[[], None] | None = None) -> tuple[float, int, Any]:
    """(median seconds per call, calls timed, the first call's result).

    ``before`` runs untimed ahead of every call (cache clearing for cold timings).
    Calls repeat until about ``budget`` seconds are spent; a call slower than the
    budget is timed once.
    """
    def once() -> tuple[float, Any]:
        if before is not None:
            before()
        start = time.perf_counter()
        result = fn()
        return time.perf_counter() - start, result

    probe, result = once()
    if probe >= budget:
        return probe, 1, result
    n = min(MAX_REPEATS, max(3, math.ceil(budget / probe)))
    return statistics.median(once()[0] for _ in range(n)), n, result


def clear_odds_caches() -> None:
    for cached in (odds._round_weights, odds._at_least, odds._count_weights,
                   odds._arrival_weights, odds._seal_chain, odds._seal_steps):
        cached.cache_clear()


# -- part 4: enumerate_game, tree walk vs merged walk -----------------------------------------
WALKS = {
    "6 players, phase f, two votes": dict(
        players=6, phase="f", zombies={2: 3, 6: 3},
        characters={4: ["red pinup"], 2: ["green toughguy", "brown pinup"],
                    6: ["yellow pinup", "black pinup"]}),
    "4 players, phase c, two sealed": dict(
        players=4, phase="c", zombies={5: 2}, sealed=(1, 6),
        characters={5: ["red pinup", "blue gunman"], 4: ["green toughguy", "yellow pinup"]}),
}


def walk(state: Any, merge: bool) -> tuple[dict[Any, Fraction], Any]:
    """The eaten characters at the end of the round, random ballots, card windows and
    victim picks uniform, every other decision the first legal choice."""
    from boardlab.prob.exact import WalkStats, enumerate_weights, uniform_policy

    def policy(st: Any, player: str, legal: Sequence[Any]) -> Any:
        if st.pending.kind in ("ballot", "window", "pick_victim"):
            return uniform_policy(st, player, legal)
        return legal[0]

    stats = WalkStats()
    weights = enumerate_weights(moh.RULES, state, stop=lambda st, ev: st.round != state.round,
                                value=lambda st, ev: tuple(sorted(st.eaten)), policy=policy,
                                merge=merge, stats=stats, max_nodes=5_000_000)
    return weights, stats


def clear_boardlab() -> None:
    """Every boardlab cache on the path: the odds caches and the engine's dice table."""
    clear_odds_caches()
    rules.dice_outcomes.cache_clear()


def clear_icepool() -> None:
    icepool.Pool.clear_cache()


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def exact(x: Any) -> Fraction:
    """An exact rational as a Fraction; anything else (a float, an unevaluated
    expression) is an error."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, sympy.Rational):
        return Fraction(int(x.p), int(x.q))
    raise TypeError(f"not an exact rational: {x!r} ({type(x).__name__})")


def exact_all(x: Any) -> Any:
    if isinstance(x, Mapping):
        return {k: exact_all(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return tuple(exact_all(v) for v in x)
    return exact(x)


# -- question 1: the Supermarket table ---------------------------------------------------------
def sixes_needed(zombies: int, defence: int) -> int:
    return min(defence, SUPERMARKET_CAP) - zombies


def q1_boardlab() -> dict[tuple[int, int], Any]:
    return {(z, d): odds.break_in(6, defence=d, zombies=z) for z in ZOMBIES for d in DEFENCES}


def q1_sympy_binomial() -> dict[tuple[int, int], Any]:
    x = Binomial("X", 4, Rational(1, 6))
    out = {}
    for z in ZOMBIES:
        for d in DEFENCES:
            k = sixes_needed(z, d)
            out[z, d] = sympy.Integer(1) if k <= 0 else P(x >= k)
    return out


def q1_sympy_dice() -> dict[tuple[int, int], Any]:
    dice = [Die(f"D{i}", 6) for i in range(1, 5)]
    sixes = Add(*[Piecewise((1, Eq(d, 6)), (0, True)) for d in dice])
    out = {}
    for z in ZOMBIES:
        for d in DEFENCES:
            k = sixes_needed(z, d)
            out[z, d] = sympy.Integer(1) if k <= 0 else P(sixes >= k)
    return out


def q1_icepool() -> dict[tuple[int, int], Any]:
    sixes = icepool.d6.count(4, [6])
    return {(z, d): sixes.probability(">=", sixes_needed(z, d))
            for z in ZOMBIES for d in DEFENCES}


# -- question 2: a round of two positions, rules re-modelled by hand ----------------------------
def hand_model(characters: Mapping[int, Sequence[str]],
               zombies: Mapping[int, int]) -> dict[int, tuple[int, int]]:
    """What a sympy or icepool user writes: per occupied open location, (zombies in front
    after the extra zombies, zombies needed to break in).

    Extra zombies (MoH-R13) depend only on where the characters stand, not on the dice:
    one to the unique location with the most character tokens (a Tough Guy counts 1),
    one to the unique location with the most Pin-Ups (at least one). Thresholds: defence
    with a Tough Guy counting 2 (MoH-R5), at most 4 at the Supermarket, any zombie at the
    Parking Lot (MoH-R6). Sealing (MoH-R12) is left out: no empty location here can reach
    8 zombies. Location 2 is closed (MoH-R3), so its dice are simply never counted.
    """
    people = {loc: list(characters.get(loc, ())) for loc in OPEN_4P}
    front = {loc: zombies.get(loc, 0) for loc in OPEN_4P}
    tokens = {loc: len(chars) for loc, chars in people.items()}
    pinups = {loc: sum(c.endswith("pinup") for c in chars) for loc, chars in people.items()}
    for counts in (tokens, pinups):
        top = max(counts.values())
        leaders = [loc for loc, n in counts.items() if n == top]
        if top >= 1 and len(leaders) == 1:
            front[leaders[0]] += 1
    model = {}
    for loc, chars in people.items():
        if not chars:
            continue
        defence = sum(2 if c.endswith("toughguy") else 1 for c in chars)
        need = (1 if loc == PARKING else min(defence, SUPERMARKET_CAP) if loc == SUPERMARKET
                else defence)
        model[loc] = (front[loc], need)
    return model


def q2_boardlab(states: Mapping[str, Any]) -> dict[str, tuple[Any, Any, Any]]:
    return {name: (odds.round_odds(s), odds.any_break_in(s), odds.expected_break_ins(s))
            for name, s in states.items()}


def sympy_round(characters: Mapping[int, Sequence[str]],
                zombies: Mapping[int, int]) -> tuple[Any, Any, Any]:
    dice = [Die(f"D{i}", 6) for i in range(1, 5)]
    events = {}
    for loc, (front, need) in hand_model(characters, zombies).items():
        arrived = Add(*[Piecewise((1, Eq(d, loc)), (0, True)) for d in dice])
        events[loc] = sympy.true if need <= front else arrived >= need - front
    per = {loc: P(event) for loc, event in events.items()}
    anywhere = P(Or(*events.values()))
    expected = E(Add(*[Piecewise((1, event), (0, True)) for event in events.values()]))
    return per, anywhere, expected


def q2_sympy() -> dict[str, tuple[Any, Any, Any]]:
    return {name: sympy_round(chars, zombies) for name, (chars, zombies) in POSITIONS.items()}


def icepool_round(counts: Any, characters: Mapping[int, Sequence[str]],
                  zombies: Mapping[int, int]) -> tuple[Any, Any, Any]:
    model = hand_model(characters, zombies)

    def fallen(arrived: Sequence[int]) -> tuple[bool, ...]:
        # arrived = zombies brought to locations 1..6; location 2's count is never read
        return tuple(arrived[loc - 1] + front >= need for loc, (front, need) in model.items())

    outcome = counts.map(fallen)
    per = {loc: outcome.marginals[i].probability(True) for i, loc in enumerate(model)}
    return per, outcome.map(any).probability(True), outcome.map(sum).mean()


def q2_icepool() -> dict[str, tuple[Any, Any, Any]]:
    counts = 4 @ icepool.one_hot(6)  # joint count vector of four d6
    return {name: icepool_round(counts, chars, zombies)
            for name, (chars, zombies) in POSITIONS.items()}


# -- question 3: expected rounds to seal -------------------------------------------------------
def q3_boardlab() -> list[Any]:
    return [odds.expected_rounds_to_seal(z) for z in range(SEAL_AT)]


def q3_sympy() -> list[Any]:
    arrive = [binomial(4, n) * Rational(1, 6)**n * Rational(5, 6)**(4 - n) for n in range(5)]
    t = Matrix.zeros(SEAL_AT + 1, SEAL_AT + 1)
    t[SEAL_AT, SEAL_AT] = 1  # sealed: absorbing
    for z in range(SEAL_AT):
        for n, p in enumerate(arrive):
            t[z, min(z + n, SEAL_AT)] += p
    chain = DiscreteMarkovChain("S", list(range(SEAL_AT + 1)), t)
    states = chain.decompose()[0]  # sympy reorders: absorbing first, then transient ...
    fundamental = chain.fundamental_matrix()
    transient = states[len(states) - fundamental.shape[0]:]  # ... the rows of N, in order
    return [sum(fundamental.row(transient.index(z))) for z in range(SEAL_AT)]


def q3_icepool() -> list[Any]:
    arrivals = icepool.d6.count(4, [1])  # zombies arriving at one location per round
    return [icepool.mean_time_to_absorb(lambda z, n: min(z + n, SEAL_AT), z0, arrivals)
            for z0 in range(SEAL_AT)]


# -- import cost in a fresh interpreter ---------------------------------------------------------
FRESH = """
import json, sys, time
heavy = ("sympy", "matplotlib", "ipywidgets")
t0 = time.perf_counter()
import boardlab
t1 = time.perf_counter()
after_boardlab = [m for m in heavy if m in sys.modules]
from boardlab import mall_of_horror as moh
from boardlab.mall_of_horror import odds
t2 = time.perf_counter()
after_odds = [m for m in heavy if m in sys.modules]
s = moh.position(players=4, characters={characters}, zombies={zombies}, phase="c")
t3 = time.perf_counter()
odds.round_odds(s)
t4 = time.perf_counter()
print(json.dumps({{"boardlab": t1 - t0, "odds": t2 - t1, "first_round_odds": t4 - t3,
                  "after_boardlab": after_boardlab, "after_odds": after_odds}}))
"""


def fresh_interpreter(runs: int = 5) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
    chars, zombies = POSITIONS["A"]
    code = FRESH.format(characters=repr(chars), zombies=repr(zombies))

    def importtime(statement: str) -> float:
        """Seconds ``-X importtime`` charges to the boardlab modules ``statement`` loads:
        the cumulative times of its top-level boardlab entries (their imports included)."""
        err = subprocess.run([sys.executable, "-X", "importtime", "-c", statement], env=env,
                             check=True, capture_output=True, text=True).stderr
        total = 0
        for line in err.splitlines():
            _, sep, rest = line.partition("import time:")
            fields = rest.split("|")
            if sep and len(fields) == 3 and fields[1].strip().isdigit():
                name = fields[2]
                if name[1:2] != " " and name.strip().startswith("boardlab"):  # top level
                    total += int(fields[1])
        return total / 1e6

    reports = [json.loads(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                         capture_output=True, text=True).stdout)
               for _ in range(runs)]
    return {"importtime": statistics.median(importtime("import boardlab")
                                            for _ in range(runs)),
            "importtime_odds": statistics.median(
                importtime("from boardlab.mall_of_horror import odds") for _ in range(runs)),
            **{key: statistics.median(r[key] for r in reports)
               for key in ("boardlab", "odds", "first_round_odds")},
            "after_boardlab": sorted({m for r in reports for m in r["after_boardlab"]}),
            "after_odds": sorted({m for r in reports for m in r["after_odds"]})}


# -- part 5: the race against icepool (benchmarks/odds_icepool.py) -----------------------------
def verdict(ok: bool | None) -> str:
    return "n/a   " if ok is None else "met   " if ok else "MISSED"


def race_icepool(rounds: int, report: bool = True) -> list[tuple[str, bool | None, str]]:
    """Run odds_icepool's race; print its targets when ``report``, else return them."""
    import odds_icepool

    states = {name: moh.position(players=4, characters=chars, zombies=zombies, phase="c")
              for name, (chars, zombies) in POSITIONS.items()}
    classic = {"Q1": (q1_boardlab, q1_icepool),
               "Q2": (lambda: q2_boardlab(states), q2_icepool),
               "Q3": (q3_boardlab, q3_icepool)}
    found = list(odds_icepool.verdicts(odds_icepool.run(classic, exact_all, rounds)))
    if report:
        print("\ntargets:")
        for what, ok, value in found:
            print(f"  {verdict(ok)} {what} ({value})")
        return []
    return found


# -- main --------------------------------------------------------------------------------------
#: The question titles of the times table.
TITLES = {"Q1": "Q1 Supermarket table (20 cells)",
          "Q2": "Q2 round odds, positions A+B",
          "Q3": "Q3 rounds to seal, 0-7 zombies"}
Tools = dict[str, dict[str, tuple[Callable[[], Any], Callable[[], None]]]]
Times = dict[tuple[str, str], dict[str, tuple[float, int]]]
Verdicts = list[tuple[str, bool | None, str]]


def _arguments() -> argparse.Namespace:
    """The command line: the time budget, the part to run, the icepool race's rounds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=0.2,
                        help="seconds spent per measurement (at least one call)")
    parser.add_argument("--part", choices=("all", "icepool"), default="all",
                        help="'icepool': only the race against icepool (odds_icepool.py)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of the everyday questions in the icepool race")
    return parser.parse_args()


def main() -> None:
    """Run the benchmark and print its tables and targets."""
    args = _arguments()
    budget = args.budget
    wall_start = time.perf_counter()
    if args.part == "icepool":
        race_icepool(args.rounds)
        print(f"\nbenchmark wall time: {time.perf_counter() - wall_start:.0f} s")
        return

    start = time.perf_counter()
    states = {name: moh.position(players=4, characters=chars, zombies=zombies, phase="c")
              for name, (chars, zombies) in POSITIONS.items()}
    build = (time.perf_counter() - start) / len(states)
    q1_boardlab(), q2_boardlab(states), q3_boardlab()  # lazy imports out of the way
    tools = _tools(states)
    times, answers = _measure_tools(tools, budget)
    _check_answers(tools, answers)
    _print_answers(answers)
    _print_times(tools, times, build)
    verdicts = _summary(tools, times, budget)
    _walks_and_imports(states, tools, budget, verdicts)
    verdicts += race_icepool(args.rounds, report=False)
    print("\ntargets:")
    for what, ok, value in verdicts:
        print(f"  {verdict(ok)} {what} ({value})")
    print(f"\nbenchmark wall time: {time.perf_counter() - wall_start:.0f} s")


def _tools(states: dict[str, Any]) -> Tools:
    """Each question's tools: (the call, the cache clearing before a cold call)."""
    return {
        "Q1": {"boardlab": (q1_boardlab, clear_boardlab),
               "sympy Binomial": (q1_sympy_binomial, sympy_clear_cache),
               "sympy four Die": (q1_sympy_dice, sympy_clear_cache),
               "icepool": (q1_icepool, clear_icepool)},
        "Q2": {"boardlab": (lambda: q2_boardlab(states), clear_boardlab),
               "sympy four Die": (q2_sympy, sympy_clear_cache),
               "icepool": (q2_icepool, clear_icepool)},
        "Q3": {"boardlab": (q3_boardlab, clear_boardlab),
               "sympy Markov chain": (q3_sympy, sympy_clear_cache),
               "icepool": (q3_icepool, clear_icepool)},
    }


def _measure_tools(tools: Tools, budget: float) -> tuple[Times, dict[tuple[str, str], Any]]:
    """Cold and warm times of every tool, and its exact answer."""
    times: dict[tuple[str, str], dict[str, tuple[float, int]]] = {}
    answers: dict[tuple[str, str], Any] = {}
    for q, entries in tools.items():
        for tool, (fn, clear) in entries.items():
            cold, cold_n, result = measure(fn, budget, before=clear)
            warm, warm_n, again = measure(fn, budget)
            answers[q, tool] = exact_all(result)
            assert exact_all(again) == answers[q, tool], f"{q} {tool}: cold and warm differ"
            times[q, tool] = {"cold": (cold, cold_n), "warm": (warm, warm_n)}
    return times, answers


def _check_answers(tools: Tools, answers: dict[tuple[str, str], Any]) -> None:
    """The answers must be exactly equal."""
    for q, entries in tools.items():
        reference = answers[q, "boardlab"]
        for tool in entries:
            if answers[q, tool] != reference:
                print(f"DISAGREEMENT {q} {tool}:\n  boardlab: {reference}\n  {tool}: "
                      f"{answers[q, tool]}")
            assert answers[q, tool] == reference, f"{q}: {tool} disagrees with boardlab"
    print("all answers equal (exact Fractions): Q1 boardlab = sympy Binomial = sympy four Die "
          "= icepool; Q2 boardlab = sympy four Die = icepool; Q3 boardlab = sympy Markov "
          "chain = icepool")


def _print_answers(answers: dict[tuple[str, str], Any]) -> None:
    """The three questions' exact answers, as boardlab gives them."""
    print("\nQ1 P(break into the Supermarket), rows: zombies in front, columns: defence")
    print("zombies " + "".join(f"{d:>12}" for d in DEFENCES))
    for z in ZOMBIES:
        print(f"{z:>7} " + "".join(f"{str(answers['Q1', 'boardlab'][z, d]):>12}"
                                   for d in DEFENCES))
    print("\nQ2 round odds (per location; any break-in; expected break-ins)")
    for name, (per, anywhere, expected) in answers["Q2", "boardlab"].items():
        cells = ", ".join(f"{loc}: {p}" for loc, p in per.items())
        print(f"  {name}: {{{cells}}}; any {anywhere}; expected {expected}")
    print("\nQ3 expected rounds to seal an empty location, by zombies in front")
    for z, rounds in enumerate(answers["Q3", "boardlab"]):
        print(f"  {z}: {rounds} = {float(rounds):.4f}")


def _print_times(tools: Tools, times: Times, build: float) -> None:
    """The cold and warm time of every tool of every question."""
    titles = TITLES
    print(f"\ntimes per question (median of repeats; calls timed in brackets); a position "
          f"takes {fmt(build)} to build with moh.position (not timed below)")
    print(f"{'question':<32} {'tool':<19} {'cold':>18} {'warm':>18}")
    for q, entries in tools.items():
        for tool in entries:
            cells = [f"{fmt(t)} [{n}]" for t, n in times[q, tool].values()]
            print(f"{titles[q]:<32} {tool:<19} {cells[0]:>18} {cells[1]:>18}")


def _summary(tools: Tools, times: Times, budget: float) -> Verdicts:
    """The summary table (cold and warm ratios), and its verdicts."""
    rows = [("Q1 table", "Q1", "sympy Binomial"), ("Q1 table (sympy four Die)", "Q1",
                                                   "sympy four Die"),
            ("Q2 round odds A+B", "Q2", "sympy four Die"),
            ("Q3 rounds to seal", "Q3", "sympy Markov chain")]
    print(f"\nsummary ({budget} s per measurement; ratio = other / boardlab, same mode)")
    header = (f"{'question':<34} | {'boardlab':>10} | {'sympy.stats':>11} | {'icepool':>10} | "
              f"{'sympy/boardlab':>14} | {'icepool/boardlab':>16}")
    print(header)
    print("-" * len(header))
    verdicts: Verdicts = []
    for mode in ("cold", "warm"):
        for label, q, sympy_tool in rows:
            ours = times[q, "boardlab"][mode][0]
            theirs = times[q, sympy_tool][mode][0]
            ice = times[q, "icepool"][mode][0]
            print(f"{label + ', ' + mode:<34} | {fmt(ours):>10} | {fmt(theirs):>11} | "
                  f"{fmt(ice):>10} | {theirs / ours:>13.0f}x | {ice / ours:>15.1f}x")
            if sympy_tool == "sympy four Die":
                verdicts.append((f"{q} {mode}: boardlab >= 100x faster than sympy four Die",
                                 theirs / ours >= 100, f"{theirs / ours:.0f}x"))
        for q in tools:
            ratio = times[q, "icepool"][mode][0] / times[q, "boardlab"][mode][0]
            verdicts.append((f"{q} {mode}: boardlab faster than icepool", ratio > 1,
                             f"{ratio:.1f}x"))
    return verdicts


def _walks_and_imports(states: dict[str, Any], tools: Tools, budget: float,
                       verdicts: Verdicts) -> None:
    """Cold round_odds, the tree and merged walks, a fresh interpreter's imports; their
    verdicts are added to ``verdicts``."""
    # one cold round_odds call, the target
    ro_cold, ro_n, _ = measure(lambda: odds.round_odds(states["A"]), budget,
                               before=clear_boardlab)
    ro_warm, _, _ = measure(lambda: odds.round_odds(states["A"]), budget)
    four_only = {q: measure(tools[q]["boardlab"][0], budget, before=clear_odds_caches)[0]
                 for q in tools}
    fresh = fresh_interpreter()
    walks = {}
    for name, spec in WALKS.items():
        state = moh.position(**spec)
        tree_t, tree_n, (tree_w, tree_s) = measure(lambda s=state: walk(s, False), budget)
        merged_t, merged_n, (merged_w, merged_s) = measure(lambda s=state: walk(s, True),
                                                           budget)
        assert tree_w == merged_w, f"{name}: the merged walk disagrees with the tree"
        walks[name] = (tree_t, tree_s.nodes, merged_t, merged_s.nodes)

    print("\nenumerate_game to the end of the round, tree walk vs merged walk (same answer)")
    print(f"{'position':<34} | {'tree':>10} | {'nodes':>9} | {'merged':>10} | {'nodes':>7} | "
          f"{'time ratio':>10}")
    for name, (tree_t, tree_nodes, merged_t, merged_nodes) in walks.items():
        print(f"{name:<34} | {fmt(tree_t):>10} | {tree_nodes:>9,} | {fmt(merged_t):>10} | "
              f"{merged_nodes:>7,} | {tree_t / merged_t:>9.1f}x")
        verdicts.append((f"merged walk faster than the tree ({name})", merged_t < tree_t,
                         f"{tree_t / merged_t:.1f}x"))
    print(f"\ncold round_odds (position A, caches cleared): {fmt(ro_cold)} [{ro_n} calls] "
          f"(warm {fmt(ro_warm)}); first call in a fresh interpreter (no sympy import): "
          f"{fmt(fresh['first_round_odds'])}")
    print("boardlab cold with only the odds caches cleared (dice_outcomes kept): "
          + ", ".join(f"{q} {fmt(t)}" for q, t in four_only.items()))
    print(f"import boardlab, fresh interpreter: {fmt(fresh['importtime'])} "
          f"(-X importtime, cumulative; games load lazily), {fmt(fresh['boardlab'])} "
          f"perf_counter in-process")
    print(f"from boardlab.mall_of_horror import odds, fresh interpreter: "
          f"{fmt(fresh['importtime_odds'])} (-X importtime), {fmt(fresh['odds'])} "
          f"perf_counter in-process after import boardlab")
    print(f"sympy, matplotlib, ipywidgets in sys.modules after import boardlab: "
          f"{', '.join(fresh['after_boardlab']) or 'none'}; after importing "
          f"mall_of_horror.odds: {', '.join(fresh['after_odds']) or 'none'}")
    verdicts.append(("cold round_odds under 5 ms", ro_cold < 5e-3, fmt(ro_cold)))
    verdicts.append(("import boardlab under 150 ms", fresh["importtime"] < 0.150,
                     fmt(fresh["importtime"])))
    verdicts.append(("(also) import boardlab.mall_of_horror.odds under 150 ms",
                     fresh["importtime_odds"] < 0.150, fmt(fresh["importtime_odds"])))
    verdicts.append(("no sympy/matplotlib/ipywidgets after import boardlab",
                     not fresh["after_boardlab"], ", ".join(fresh["after_boardlab"]) or "none"))
    verdicts.append(("(also) none after importing mall_of_horror.odds",
                     not fresh["after_odds"], ", ".join(fresh["after_odds"]) or "none"))


if __name__ == "__main__":
    main()
