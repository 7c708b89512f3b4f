"""boardlab.prob.markov: exact absorbing chains, labelled by state, checked independently.

The running example is an empty Mall of Horror location: each round one zombie arrives
per die (of 4) showing its number, and at 8 zombies it is sealed (MoH-R12).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from sympy.stats import DiscreteMarkovChain

from boardlab.core.errors import ArgumentError
from boardlab.prob import AbsorbingChain, Dist, count_face
from boardlab.prob.symbolic import binomial_tail_value

F = Fraction
SEAL_AT = 8
ARRIVALS = count_face(4, 1)  # zombies arriving at one location per round

# The exact expected rounds from 0 zombies to sealing (the denominator is 671^8:
# 671/1296 is the chance that at least one die shows the location).
EXACT = F(508540291962065447298912, 41094165093613911202561)


def seal_step(z: int) -> Dist:
    return ARRIVALS.map(lambda k: "sealed" if z + k >= SEAL_AT else z + k)


def seal_chain() -> AbsorbingChain:
    return AbsorbingChain.from_transition([0], seal_step, lambda s: s == "sealed")


def test_states_are_found_and_listed_by_label() -> None:
    chain = seal_chain()
    assert chain.transient_states == tuple(range(8))
    assert chain.absorbing_states == ("sealed",)
    assert chain.states == (*range(8), "sealed")
    assert chain.transition(7) == Dist({7: 625, "sealed": 671})
    assert chain.transition("sealed") == Dist.point("sealed")


def test_expected_rounds_to_seal_is_pinned_exactly() -> None:
    chain = seal_chain()
    assert chain.expected_steps(0) == EXACT
    assert EXACT.denominator == 671**8
    assert chain.expected_steps(7) == F(1296, 671)
    assert chain.expected_steps("sealed") == 0


def test_back_substitution_by_hand_agrees() -> None:
    # The chain only moves upward, so t(z) = 1 + Σ_k P(k) t(z + k) solves from the top:
    # t(z) (1 − P(0)) = 1 + Σ_{k ≥ 1, z + k < 8} P(k) t(z + k).
    p = {k: ARRIVALS.P(k) for k in range(5)}
    t: dict[int, Fraction] = {}
    for z in range(SEAL_AT - 1, -1, -1):
        rest = sum((p[k] * t[z + k] for k in range(1, 5) if z + k < SEAL_AT), F(0))
        t[z] = (1 + rest) / (1 - p[0])
    chain = seal_chain()
    assert {z: chain.expected_steps(z) for z in range(SEAL_AT)} == t
    assert t[0] == EXACT


def test_long_run_estimate_is_99_over_8_and_not_exact() -> None:
    mean = ARRIVALS.E()
    assert mean == F(2, 3)
    assert SEAL_AT / mean == 12  # the naive estimate ignores the overshoot
    # Renewal theory: E[zombies when sealed] → 8 + E[X(X−1)] / (2 E[X]), and by Wald's
    # identity E[rounds] = E[zombies when sealed] / E[X].
    overshoot = ARRIVALS.map(lambda k: k * (k - 1)).E() / (2 * mean)
    estimate = (SEAL_AT + overshoot) / mean
    assert estimate == F(99, 8)
    assert estimate > EXACT
    assert estimate - EXACT == F(8571253630662243, 328753320748911289620488)
    assert float(estimate - EXACT) == pytest.approx(2.607e-8, rel=1e-3)


def test_sympy_chain_read_by_label_agrees_and_by_row_number_does_not() -> None:
    chain = seal_chain()
    matrix, rows, cols = chain.transition_matrix().to_sympy()
    assert rows == cols == chain.states
    mc = DiscreteMarkovChain("Z", list(rows), matrix)
    order = list(mc.decompose()[0])  # sympy's own ordering of the states
    transient = [s for s in order if s != sympy.Symbol("sealed")]
    assert transient != [sympy.Integer(z) for z in range(SEAL_AT)]  # sympy reordered them
    n = mc.fundamental_matrix()
    naive = sum(n.row(0))  # "row 0 is state 0": wrong, row 0 is sympy's first state
    assert naive == sympy.Rational(1296, 671)
    right = sum(n.row(transient.index(sympy.Integer(0))))
    assert right == sympy.Rational(EXACT.numerator, EXACT.denominator)
    # Our API has no row numbers to misread: answers and matrix entries are keyed by state.
    ours = chain.fundamental_matrix()
    assert ours.rows == tuple(range(8))
    assert sum(ours.row(0).values()) == chain.expected_steps(0) == EXACT
    assert ours[0, 0] == F(1296, 671) and ours[7, 0] == 0


def test_absorbed_by_n_rounds_equals_a_binomial_tail() -> None:
    # Sealed within n rounds from 0 ⇔ at least 8 of the 4n dice showed the location.
    chain = seal_chain()
    for n in range(0, 7):
        assert chain.prob_absorbed_by(n, 0) == binomial_tail_value(8, 4 * n, F(1, 6))
    after = chain.distribution_after(2, 0)
    assert after.P(0) == F(5, 6) ** 8 and after.P("sealed") == F(1, 6) ** 8
    assert chain.distribution_after(0, 3) == Dist.point(3)


def gamblers_ruin(target: int, p: Fraction) -> AbsorbingChain:
    def step(x: int) -> dict[int, Fraction]:
        return {x + 1: p, x - 1: 1 - p}

    return AbsorbingChain.from_transition([1], step, lambda x: x in (0, target))


def test_absorption_probabilities_gamblers_ruin() -> None:
    fair = gamblers_ruin(5, F(1, 2))
    assert fair.absorbing_states == (0, 5)
    for i in range(1, 5):
        assert fair.absorption_probabilities(i) == {0: 1 - F(i, 5), 5: F(i, 5)}
        assert fair.expected_steps(i) == i * (5 - i)
    p = F(2, 3)
    r = (1 - p) / p
    biased = gamblers_ruin(6, p)
    for i in range(1, 6):
        assert biased.absorption_probabilities(i)[6] == (1 - r**i) / (1 - r**6)
    assert biased.absorption_probabilities(6) == {0: 0, 6: 1}


def test_fundamental_matrix_is_the_inverse_of_i_minus_q() -> None:
    chain = gamblers_ruin(5, F(1, 3))
    n = chain.fundamental_matrix()
    p = chain.transition_matrix()
    ts = chain.transient_states
    for s in ts:
        for t in ts:
            product = sum((n[s, u] * ((u == t) - p[u, t]) for u in ts), F(0))
            assert product == (s == t)
    m, rows, _ = n.to_sympy()
    q = sympy.Matrix([[p[s, t] for t in ts] for s in ts])
    assert m == (sympy.eye(len(ts)) - q).inv() and rows == ts


def test_unsortable_and_tuple_states() -> None:
    # A walk on labelled rooms, in discovery order because they mix types.
    moves = {"hall": {"stairs": F(1, 2), 1: F(1, 2)}, 1: {"hall": 1},
             "stairs": {"exit": F(1, 3), "hall": F(2, 3)}}
    chain = AbsorbingChain.from_transition(["hall"], lambda s: moves[s], lambda s: s == "exit")
    assert chain.transient_states == ("hall", "stairs", 1)
    # h = 1 + s/2 + r/2, s = 1 + 2h/3, r = 1 + h  ⇒  h = 2 + 5h/6  ⇒  h = 12.
    assert chain.expected_steps("hall") == 12
    assert chain.expected_steps("stairs") == 9 and chain.expected_steps(1) == 13
    grid = AbsorbingChain.from_transition(
        [(0, 0)], lambda s: {(s[0] + 1, s[1]): F(1, 2), (s[0], s[1] + 1): F(1, 2)},
        lambda s: sum(s) == 2)
    assert grid.absorption_probabilities((0, 0)) == {(0, 2): F(1, 4), (1, 1): F(1, 2),
                                                      (2, 0): F(1, 4)}


def test_a_step_that_does_not_sum_to_one_is_named() -> None:
    with pytest.raises(ValueError, match=r"step\(3\) probabilities sum to 5/6, not 1"):
        AbsorbingChain.from_transition([0], lambda z: {z + 1: F(5, 6)} if z == 3
                                       else {z + 1: 1}, lambda z: z >= 5)
    with pytest.raises(ValueError, match="negative probability"):
        AbsorbingChain.from_transition([0], lambda z: {1: F(3, 2), 2: F(-1, 2)},
                                       lambda z: z > 0)
    with pytest.raises(TypeError, match="expected a Dist or a mapping"):
        AbsorbingChain.from_transition([0], lambda z: [(1, 1)], lambda z: z > 0)  # type: ignore


def test_no_start_state_is_a_boardlab_error_naming_the_argument() -> None:
    # Found by the long hostile profile (issue 26): it was a plain ValueError.
    for empty in ([], (), iter([]), set()):
        with pytest.raises(ArgumentError, match=r"^AbsorbingChain.from_transition: "
                           r"start_states: give at least one start state \(got \[\]\)$"):
            AbsorbingChain.from_transition(empty, lambda z: {z + 1: 1}, lambda z: z > 0)


def test_chains_that_cannot_be_solved_are_refused() -> None:
    # 1 → 2 → 2 → … forever: never absorbed, so (I − Q) would be singular.
    moves = {0: {1: F(1, 2), 3: F(1, 2)}, 1: {2: 1}, 2: {2: 1}}
    with pytest.raises(ValueError, match=r"states \[1, 2\] can never reach"):
        AbsorbingChain.from_transition([0], moves.__getitem__, lambda z: z == 3)
    with pytest.raises(ValueError, match="at least one absorbing state"):
        AbsorbingChain({0: {0: 1}}, [])
    with pytest.raises(ValueError, match="no transitions that are not absorbing"):
        AbsorbingChain({0: {1: 1}}, [2])
    with pytest.raises(TypeError, match="wrap one state in a list"):
        AbsorbingChain.from_transition("start", lambda s: {s: 1}, lambda s: True)


def test_unknown_states_and_matrix_labels() -> None:
    chain = seal_chain()
    with pytest.raises(ValueError, match="state 9 is not in this chain"):
        chain.expected_steps(9)
    with pytest.raises(ValueError, match=r"\(n\): at least 0 \(got -1\)"):
        chain.distribution_after(-1, 0)
    p = chain.transition_matrix()
    assert p[7, "sealed"] == F(671, 1296) and p["sealed", "sealed"] == 1 and p[3, 1] == 0
    with pytest.raises(KeyError, match="no row labelled 8"):
        p[8, 0]
    assert len(p) == 81 and sum(p.row(2).values()) == 1
