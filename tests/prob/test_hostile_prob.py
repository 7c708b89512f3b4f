"""Hostile input for every public name of :mod:`boardlab.prob` (issue 10).

Each name of ``boardlab.prob.__all__`` has an entry in :data:`CALLS` (a test fails if
one is missing, so a new function cannot be forgotten), and so do the public functions
of its modules that ``__all__`` does not list (:data:`EXTRA`; every other public
function of those modules is named in :data:`EXEMPT` with the reason). An entry draws
arguments — mostly plausible, often absurd — and calls; the call must give a valid
answer or raise a boardlab error, within the deadline (see ``tests/prob/hostile.py``).
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import boardlab.prob as prob
from boardlab.core.engine import CHANCE
from boardlab.prob import (
    LIMITS,
    AbsorbingChain,
    Derivation,
    Dist,
    IconDie,
    IconRoll,
    Icons,
    LabelledMatrix,
    Limits,
    WalkStats,
    symbolic,
)
from boardlab.prob import dice as dice_module
from tests.prob.hostile import (
    check_answer,
    check_dist,
    count,
    hostile_settings,
    junk,
    limits_for_tests,
    maybe,
    outcome_of,
    take,
)
from tests.prob.hostile import (
    prob as a_prob,
)

Draw = Any  # hypothesis' st.data() object
Call = Callable[[Draw], tuple[Callable[[], Any], str]]


def _piles() -> st.SearchStrategy[Any]:
    counts = st.lists(count(6), max_size=5)
    return st.one_of(counts, st.dictionaries(st.sampled_from("abcde"), count(6), max_size=4),
                     junk())


def _icon_faces() -> st.SearchStrategy[Any]:
    names = st.sampled_from(["Strength", "Speed", "Intelligence"])
    face = st.one_of(st.lists(names, max_size=3),
                     st.dictionaries(names, count(3), max_size=2), junk())
    return st.one_of(st.lists(face, max_size=6), junk())


def _dice(data: Draw) -> Any:
    n = data.draw(count(6))
    kind = data.draw(st.sampled_from(["level7", "custom", "junk"]))
    if kind == "junk" or not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 60:
        return data.draw(st.one_of(junk(), st.lists(junk(), max_size=3)))
    if kind == "level7":
        return [IconDie()] * n
    outcome = outcome_of(lambda: IconDie(data.draw(_icon_faces())))
    return [outcome[1]] * n if outcome[0] else [IconDie()] * n


def _weights() -> st.SearchStrategy[Any]:
    outcome = st.one_of(st.integers(-3, 8), st.text(max_size=2), st.tuples(st.integers(0, 2),
                                                                          st.integers(0, 2)))
    weight = st.one_of(st.integers(-1, 5), st.fractions(0, 3, max_denominator=7), junk())
    return st.one_of(st.dictionaries(outcome, weight, max_size=6), junk())


def _dist(data: Draw) -> Dist[Any] | None:
    ok, d = outcome_of(lambda: Dist(data.draw(_weights())))
    return d if ok else None


def dist_call(data: Draw) -> tuple[Callable[[], Any], str]:
    """Dist(...) and then one of its methods with drawn arguments."""
    d = _dist(data)
    if d is None:
        return (lambda: None), "any"
    check_dist(d)
    other = _dist(data)
    if other is None:  # not `or`: a Dist has no truth value (Dist.__bool__ raises)
        other = Dist.point(0)
    x = data.draw(maybe(st.integers(-2, 9)))
    methods: dict[str, tuple[Callable[[], Any], str]] = {
        "P": (lambda: d.P(x), "probability"),
        "P()": (lambda: d.P(), "probability"),
        "E": (lambda: d.E(), "expectation"),
        "var": (lambda: d.var(), "expectation"),
        "cdf": (lambda: d.cdf(x), "probability"),
        "at_least": (lambda: d.at_least(x), "probability"),
        "given": (lambda: d.given(x), "distribution"),
        "repeat": (lambda: d.repeat(data.draw(count(5))), "distribution"),
        "marginal": (lambda: d.marginal(data.draw(count(3))), "distribution"),
        "sample": (lambda: d.sample(data.draw(count(20)), seed=data.draw(maybe(
            st.integers(0, 9)))), "any"),
        "table": (lambda: d.table(fmt=data.draw(maybe(st.sampled_from(
            ["fraction", "percent", "one_in"])))), "any"),
        "joint": (lambda: d.joint(data.draw(st.one_of(st.just(other), junk()))),
                  "distribution"),
        "add": (lambda: d + data.draw(st.one_of(st.just(other), st.integers(-3, 3))),
                "distribution"),
        "sub": (lambda: d - data.draw(st.one_of(st.just(other), st.integers(-3, 3))),
                "distribution"),
        ">=": (lambda: d >= data.draw(st.one_of(st.just(other), maybe(st.integers(0, 5)))),
               "distribution"),
        "str": (lambda: str(d) + d._repr_html_() + d._repr_latex_(), "any"),
        "from_samples": (lambda: Dist.from_samples(data.draw(maybe(st.lists(
            st.integers(0, 5), max_size=8)))), "distribution"),
        "from_pairs": (lambda: Dist.from_pairs(data.draw(maybe(st.lists(st.tuples(
            st.integers(0, 3), a_prob()), max_size=4)))), "distribution"),
        "uniform": (lambda: Dist.uniform(data.draw(maybe(st.lists(st.integers(0, 5),
                                                                  max_size=6)))),
                    "distribution"),
    }
    return methods[data.draw(st.sampled_from(sorted(methods)))]


def keep_call(f: Callable[..., Any]) -> Call:
    """keep_highest / keep_lowest of drawn dice: a number of faces, a Dist (outcomes of
    every kind, so also non-numeric ones) or junk."""

    def call(data: Draw) -> tuple[Callable[[], Any], str]:
        n = data.draw(count(12))
        kind = data.draw(st.sampled_from(["faces", "dist", "junk"]))
        die = (data.draw(count(30)) if kind == "faces" else _dist(data) if kind == "dist"
               else data.draw(junk()))
        keep = data.draw(maybe(count(8)))
        if keep is None:
            return (lambda: f(n, die)), "distribution"
        return (lambda: f(n, die, keep=keep)), "distribution"

    return call


def _chain_parts(data: Draw) -> tuple[Any, Any]:
    n = data.draw(st.integers(1, 6))
    states = list(range(n))
    rows: dict[Any, Any] = {}
    for s in states:
        targets = data.draw(st.lists(st.sampled_from([*states, "end"]), min_size=1,
                                     max_size=3, unique=True))
        weights = [data.draw(st.integers(1, 4)) for _ in targets]
        total = sum(weights)
        rows[s] = {t: Fraction(w, total) for t, w in zip(targets, weights, strict=True)}
        if data.draw(st.integers(0, 9)) == 0:  # a hostile row now and then
            rows[s] = data.draw(st.one_of(junk(), st.dictionaries(
                st.sampled_from(states), a_prob(), max_size=3)))
    absorbing = data.draw(st.one_of(st.just(["end"]), st.just([]), junk()))
    return rows, absorbing


def chain_call(data: Draw) -> tuple[Callable[[], Any], str]:
    rows, absorbing = _chain_parts(data)
    made = outcome_of(lambda: AbsorbingChain(rows, absorbing))
    if not made[0]:
        return (lambda: None), "any"
    chain = made[1]
    state = data.draw(maybe(st.sampled_from([*chain.states, 99])))
    methods: dict[str, tuple[Callable[[], Any], str]] = {
        "expected_steps": (lambda: chain.expected_steps(state), "expectation"),
        "absorption": (lambda: _absorbed(chain.absorption_probabilities(state)), "any"),
        "fundamental": (lambda: chain.fundamental_matrix(), "any"),
        "after": (lambda: chain.distribution_after(data.draw(count(30)), state),
                  "distribution"),
        "by": (lambda: chain.prob_absorbed_by(data.draw(count(30)), state), "probability"),
        "transition": (lambda: chain.transition(state), "distribution"),
        "from_transition": (lambda: AbsorbingChain.from_transition(
            data.draw(maybe(st.lists(st.integers(0, 3), max_size=2))),
            lambda s: {s + 1: 1} if isinstance(s, int) else {}, lambda s: s == 5,
            max_states=data.draw(maybe(st.integers(1, 50)))).expected_steps(0),
            "expectation"),
    }
    return methods[data.draw(st.sampled_from(sorted(methods)))]


def _absorbed(probs: dict[Any, Fraction]) -> dict[Any, Fraction]:
    assert sum(probs.values()) == 1 and all(0 <= q <= 1 for q in probs.values()), probs
    return probs


def matrix_call(data: Draw) -> tuple[Callable[[], Any], str]:
    labels = st.one_of(st.lists(st.integers(0, 4), max_size=4), junk())
    rows, cols = data.draw(labels), data.draw(labels)
    pairs = st.tuples(st.integers(0, 4), st.integers(0, 4))
    values = maybe(st.fractions(0, 1, max_denominator=9))
    entries = data.draw(st.one_of(st.dictionaries(pairs, values, max_size=4), junk()))
    key = data.draw(maybe(st.tuples(st.integers(0, 5), st.integers(0, 5))))

    def go() -> Any:
        m = LabelledMatrix(rows, cols, entries)
        return m[key]

    return go, "any"


class _Coin:
    """A toy game for enumerate_game: a fair coin tossed ``steps`` times, then a choice."""

    state_type = tuple
    name = "coin"

    def __init__(self, steps: int) -> None:
        self.steps = steps

    def to_move(self, s: tuple[int, int]) -> str | None:
        if s[0] < self.steps:
            return CHANCE
        return "me" if s[0] == self.steps else None

    def outcomes(self, s: tuple[int, int]) -> tuple[tuple[int, Fraction], ...]:
        return ((0, Fraction(1, 2)), (1, Fraction(1, 2)))

    def legal(self, s: tuple[int, int]) -> tuple[int, ...]:
        return (0, 1)

    def step(self, s: tuple[int, int], c: int) -> tuple[tuple[int, int], tuple[()]]:
        return (s[0] + 1, s[1] + c), ()


def enumerate_call(data: Draw) -> tuple[Callable[[], Any], str]:
    rules = data.draw(st.one_of(st.builds(_Coin, st.integers(0, 12)), junk()))
    state = data.draw(maybe(st.just((0, 0))))
    policy = data.draw(st.sampled_from([
        prob.exact.uniform_policy, prob.exact.first_choice_policy,
        lambda s, p, legal: {legal[0]: Fraction(1, 2)},           # does not add up to 1
        lambda s, p, legal: 7,                                     # not a legal choice
        lambda s, p, legal: {legal[0]: 0.5, legal[1]: 0.5},        # floats
        "uniform"]))
    value = data.draw(st.sampled_from([lambda s, e: s[1], lambda s, e: [s[1]], None]))
    kwargs = dict(stop=lambda s, e: False, value=value, policy=policy,
                  max_nodes=data.draw(maybe(st.integers(1, 5000))),
                  merge=data.draw(maybe(st.booleans())))
    return (lambda: prob.enumerate_game(rules, state, **kwargs)), "distribution"


def derivation_call(data: Draw) -> tuple[Callable[[], Any], str]:
    answer = data.draw(st.one_of(a_prob(), st.integers(-2, 9)))
    kwargs = dict(total=data.draw(st.one_of(st.none(), count(40))),
                  favourable=data.draw(st.one_of(st.none(), count(40))),
                  facts=data.draw(st.one_of(st.just((("a", "1"),)), junk())),
                  steps=data.draw(st.one_of(st.just(("step",)), junk())),
                  kind=data.draw(st.one_of(st.none(), st.sampled_from(
                      ["probability", "expectation", "count", "table", "nonsense"]))),
                  closed_form=data.draw(st.one_of(st.none(), st.just(sympy.Rational(1, 6)),
                                                  st.just("1/6"), st.just(sympy.Float(0.5)))))
    question = data.draw(maybe(st.just("P(six)")))

    def go() -> Any:
        d = Derivation(question, answer, **kwargs)
        return str(d) + d._repr_html_() + d._repr_latex_()

    return go, "any"


def limits_call(data: Draw) -> tuple[Callable[[], Any], str]:
    name = data.draw(maybe(st.sampled_from(sorted(LIMITS.as_dict()))))
    value = data.draw(count(10**6))

    def go() -> Any:
        with LIMITS.using(**{str(name): value}):
            assert getattr(LIMITS, str(name)) == value
        return None

    return go, "any"


def simple(f: Callable[..., Any], kind: str, *args: Callable[[], st.SearchStrategy[Any]],
           **kwargs: Callable[[], st.SearchStrategy[Any]]) -> Call:
    """An entry that draws each positional and keyword argument from its strategy."""

    def call(data: Draw) -> tuple[Callable[[], Any], str]:
        a = [data.draw(s()) for s in args]
        k = {name: data.draw(s()) for name, s in kwargs.items() if data.draw(st.booleans())}
        return (lambda: f(*a, **k)), kind

    return call


def faces() -> st.SearchStrategy[Any]:
    return st.one_of(st.integers(1, 6), st.sets(st.integers(0, 7), max_size=3), junk())


def sym_count() -> st.SearchStrategy[Any]:
    return st.one_of(count(12), st.just(sympy.Symbol("n")), st.just(sympy.Integer(3)),
                     st.just(sympy.Rational(1, 2)), st.just("n"))


def sym_prob() -> st.SearchStrategy[Any]:
    return st.one_of(a_prob(), st.just(sympy.Symbol("p")), st.just(sympy.sqrt(2) / 2),
                     st.just(sympy.Float(0.25)))


def sym_list(item: Callable[[], st.SearchStrategy[Any]]) -> Callable[[], Any]:
    return lambda: st.one_of(st.lists(item(), max_size=4), junk())


def _evaluated(kind: str) -> Callable[[Any], Any]:
    """A closed form with numbers in: evaluate it and check the number it gives."""

    def check(expr: Any) -> Any:
        if getattr(expr, "free_symbols", None):
            # A formula over symbols is returned as it is; evaluating it (a symbolic Sum's
            # doit() runs sympy's hypergeometric summation) can take minutes and pins
            # nothing: the soak's long profile hung on at_least_k_of_n(n, k, p) there.
            return expr
        value = expr.doit() if hasattr(expr, "doit") else expr
        if getattr(value, "free_symbols", None) or not getattr(value, "is_Rational", False):
            return value  # a formula, or a value over symbols: nothing to pin
        q = Fraction(int(value.p), int(value.q))
        check_answer(kind, q if kind == "probability" else int(q) if q >= 0 else q)
        return value

    return check


def symbolic_call(f: Callable[..., Any], kind: str, *args: Callable[[], Any]) -> Call:
    base = simple(f, "any", *args)

    def call(data: Draw) -> tuple[Callable[[], Any], str]:
        thunk, _ = base(data)
        return (lambda: _evaluated(kind)(thunk())), "any"

    return call


def icon_call(f: Callable[..., Any], kind: str, *extra: Callable[[], Any]) -> Call:
    def call(data: Draw) -> tuple[Callable[[], Any], str]:
        dice = _dice(data)
        rest = [data.draw(s()) for s in extra]
        return (lambda: f(dice, *rest)), kind

    return call


def icon_name() -> st.SearchStrategy[Any]:
    return maybe(st.sampled_from(["Strength", "Speed", "Intelligence", "Luck"]))


CALLS: dict[str, Call] = {
    "LIMITS": limits_call,
    "Limits": simple(lambda **k: Limits(**k), "any", dice=lambda: count(2000)),
    "AbsorbingChain": chain_call,
    "Derivation": derivation_call,
    "Dist": dist_call,
    "IconDie": simple(lambda f: IconDie(f).dist, "distribution", _icon_faces),
    "IconRoll": simple(lambda f: str(IconRoll(f)), "any",
                       lambda: st.one_of(st.lists(st.lists(icon_name(), max_size=2),
                                                  max_size=3), junk())),
    "Icons": simple(lambda i: Icons(i).total(), "count",
                    lambda: st.one_of(st.lists(icon_name(), max_size=4),
                                      st.dictionaries(st.one_of(st.text(max_size=3),
                                                                st.integers()),
                                                      count(3), max_size=3),
                                      junk())),
    "LabelledMatrix": matrix_call,
    "WalkStats": simple(lambda n: WalkStats(nodes=n).nodes, "any", lambda: st.integers(0, 9)),
    "arrangements": simple(lambda c, **k: take(prob.arrangements(c, **k)), "any", _piles,
                           labels=lambda: maybe(st.just("abcde"))),
    "at_least_icons": icon_call(prob.at_least_icons, "distribution", icon_name,
                                lambda: count(6)),
    "at_least_k_of_n": symbolic_call(prob.at_least_k_of_n, "probability", sym_count,
                                     sym_count, sym_prob),
    "binomial_tail_value": simple(prob.binomial_tail_value, "probability",
                                  lambda: count(12), lambda: count(30), a_prob),
    "challenge": simple(prob.challenge, "distribution", lambda: count(6), icon_name,
                        lambda: count(6), die=lambda: st.one_of(st.builds(IconDie), junk())),
    "count_arrangements": simple(prob.count_arrangements, "count", _piles),
    "count_face": simple(prob.count_face, "distribution", lambda: count(30), faces,
                         lambda: count(8, 0), ignore=faces),
    "die": simple(prob.die, "distribution", lambda: count(30)),
    "draw": simple(prob.draw, "distribution", _piles, lambda: count(6)),
    "draw_one": simple(lambda c: Dist.from_pairs(prob.draw_one(c)), "distribution", _piles),
    "draw_ordered": simple(prob.draw_ordered, "distribution", _piles, lambda: count(6)),
    "enumerate_game": enumerate_call,
    "exactly_k_of_n": symbolic_call(prob.exactly_k_of_n, "probability", sym_count,
                                    sym_count, sym_prob),
    "face_counts": simple(prob.face_counts, "distribution", lambda: count(8), lambda: count(7),
                          ignore=faces),
    "hypergeometric": simple(prob.hypergeometric, "distribution", lambda: count(20),
                             lambda: count(20), lambda: count(20)),
    "hypergeometric_tail": simple(prob.hypergeometric_tail, "probability", lambda: count(20),
                                  lambda: count(20), lambda: count(20), lambda: count(20)),
    "icon_count": icon_call(prob.icon_count, "distribution", icon_name),
    "icon_pool": icon_call(prob.icon_pool, "distribution"),
    "keep_highest": keep_call(prob.keep_highest),
    "keep_lowest": keep_call(prob.keep_lowest),
    "multinomial_probability": symbolic_call(prob.multinomial_probability, "probability",
                                             sym_list(sym_count), sym_list(sym_prob)),
    "pretty_fractions": simple(prob.pretty_fractions, "any", lambda: maybe(st.booleans())),
    "show_prob": simple(prob.show_prob, "any", a_prob,
                        lambda: maybe(st.sampled_from(["fraction", "percent", "one_in"]))),
    "to_fraction": simple(prob.to_fraction, "expectation", lambda: maybe(st.fractions())),
}

#: Public functions of boardlab.prob's modules that __all__ does not list.
EXTRA: dict[str, Call] = {
    "symbolic.hypergeometric_pmf": symbolic_call(symbolic.hypergeometric_pmf, "probability",
                                                 sym_count, sym_count, sym_count, sym_count),
    "symbolic.hypergeometric_at_least": symbolic_call(symbolic.hypergeometric_at_least,
                                                      "probability", sym_count, sym_count,
                                                      sym_count, sym_count),
    "symbolic.multivariate_hypergeometric": symbolic_call(
        symbolic.multivariate_hypergeometric, "probability", sym_list(sym_count),
        sym_list(sym_count)),
    "symbolic.multiset_arrangements": symbolic_call(symbolic.multiset_arrangements, "count",
                                                    sym_list(sym_count)),
    "dice.roll_outcomes": icon_call(lambda d: Dist.from_pairs(dice_module.roll_outcomes(d)),
                                    "distribution"),
    "exactnum.fraction_latex": simple(prob.dist.fraction_latex, "any", lambda: maybe(
        st.fractions())),
}

#: Other public functions of those modules, and why they need no hostile test here.
EXEMPT = {
    "symbolic.binomial_symbols": "no arguments",
    "symbolic.urn_symbols": "no arguments",
    "exactnum.sympy_rational": "internal converter, fed by the functions above",
    "exactnum.to_rational": "deprecated alias of sympy_rational",
    "exactnum.escape_html": "text helper (any str)",
    "exactnum.latex_escape": "text helper (any str)",
    "exact.uniform_policy": "a policy, called by enumerate_game",
    "exact.first_choice_policy": "a policy, called by enumerate_game",
    "exact.enumerate_weights": "enumerate_game's body (same checks)",
    "display.fraction_display_active": "no arguments",
    "deprecation.warn_deprecated": "internal",
    "deprecation.deprecated_method": "internal",
    "limits.check_limit": "internal: the limit check itself",
}
EXEMPT_MODULES = {
    "checks": "the argument checks themselves",
    "charts": "plotting (matplotlib or the SVG stand-in), tested in tests/prob/test_plot*",
    "svgplot": "the SVG plotting stand-in of the browser edition (tests/lite)",
    "weights": "the integer arithmetic inside Dist, called only by Dist's checked methods",
    # Dist's methods, defined by topic in these modules and bound on Dist: their hostile
    # tests are the Dist method calls above (d.cdf, d >= x, d.sample, d.table; d.plot in
    # tests/prob/test_plot*,
    # Dist(...), Dist.from_samples, Dist.from_pairs)
    "distevents": "Dist's comparison and cumulative methods (hostile-tested as Dist methods)",
    "distinput": "the checks of Dist's constructors (hostile-tested as Dist constructors)",
    "distshow": "Dist's sample and presentation methods (hostile-tested as Dist methods)",
}


def test_every_public_name_has_a_hostile_test() -> None:
    assert set(prob.__all__) == set(CALLS), set(prob.__all__) ^ set(CALLS)
    found = set()
    for info in __import__("pkgutil").iter_modules(prob.__path__):
        if info.name in EXEMPT_MODULES:
            continue
        module = importlib.import_module(f"boardlab.prob.{info.name}")
        for name, obj in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(obj) or \
                    obj.__module__ != module.__name__ or name in prob.__all__:
                continue
            found.add(f"{info.name}.{name}")
    missing = found - set(EXTRA) - set(EXEMPT)
    assert not missing, f"public functions with no hostile test: {sorted(missing)}"


@pytest.mark.parametrize("name", sorted({**CALLS, **EXTRA}))
@hostile_settings()
@given(data=st.data())
def test_hostile_arguments_give_an_answer_or_a_boardlab_error(name: str, data: Any) -> None:
    call = {**CALLS, **EXTRA}[name]
    with limits_for_tests():
        thunk, kind = call(data)
        ok, value = outcome_of(thunk)
        if ok:
            check_answer(kind, value)


@pytest.mark.parametrize("seed", range(3))
def test_random_chains_have_valid_answers(seed: int) -> None:
    """Not hostile: the answers of small random chains, checked against each other."""
    rng = random.Random(seed)
    rows = {s: {t: Fraction(1, 2) for t in rng.sample([*range(6), "a", "b"], 2)}
            for s in range(6)}
    outcome = outcome_of(lambda: AbsorbingChain(rows, ["a", "b"]))
    if not outcome[0]:
        return  # a state that never reaches a or b: refused, as it must be
    chain = outcome[1]
    for s in chain.transient_states:
        probs = chain.absorption_probabilities(s)
        assert sum(probs.values()) == 1
        n = chain.fundamental_matrix()
        assert chain.expected_steps(s) == sum(n.row(s).values())
