"""Integer weights over a common denominator: the arithmetic inside :class:`~.dist.Dist`.

A distribution is kept as ``{outcome: w}`` with positive ints ``w`` and one denominator
(their total, or a multiple of the Fractions' denominators), so that adding two dice is
integer multiply-adds, not Fraction arithmetic (each Fraction ``+`` or ``*`` is a gcd in
Python). The Fractions a user sees are made from the weights once, when first asked
for. Dice with whole-number faces go one step further: their weights are a dense list
indexed from the lowest face, and a sum of two dice is a polynomial product (one
C-level ``map`` per face of the smaller die).

>>> convolve([1, 1], [1, 1, 1])
[1, 2, 2, 1]
>>> dense({2: 1, 4: 3})
(2, [1, 0, 3])
>>> from_dense(2, [1, 0, 3])
{2: 1, 4: 3}
"""

from __future__ import annotations

import struct
from collections.abc import Hashable, Mapping
from fractions import Fraction
from math import comb
from operator import add
from typing import Any, TypeVar

T = TypeVar("T", bound=Hashable)

#: A dense list is used only while it is at most this many times longer than the
#: outcomes it holds (so ``{0: 1, 10**6: 1}`` stays a dict).
DENSE_SPREAD = 4


def fractions_of(weights: Mapping[T, int], den: int) -> dict[T, Fraction]:
    """``{outcome: w / den}`` as Fractions, in the same order."""
    return {o: Fraction(w, den) for o, w in weights.items()}


def dense(weights: Mapping[int, int]) -> tuple[int, list[int]] | None:
    """``(lowest outcome, [weight of lowest, lowest + 1, …])`` for whole-number outcomes
    spread over few values, else ``None``. The outcomes must all be ``int`` (the caller
    checks)."""
    low = min(weights)
    span = max(weights) - low + 1
    if span > DENSE_SPREAD * len(weights) + 8:
        return None
    out = [0] * span
    for o, w in weights.items():
        out[o - low] = w
    return low, out


def from_dense(low: int, values: list[int]) -> dict[int, int]:
    """The weights of a dense list, zero weights dropped, in increasing order."""
    return {low + i: w for i, w in enumerate(values) if w}


def convolve(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials given by their coefficients (the weights of the
    sum of two independent dice, both indexed from their lowest outcome).

    Small products are multiply-adds, one C-level ``map`` per weight of the shorter
    list. Larger ones are one multiplication of two big integers (Kronecker
    substitution): each list is packed into an int with a slot wide enough for any
    coefficient of the product, so no slot carries into the next, and the product's
    slots are the coefficients.

    >>> convolve([1] * 20, [1] * 20)[19], convolve([3, 1], [2])
    (20, [6, 2])
    """
    if len(a) < len(b):
        a, b = b, a
    q = len(a)
    n = q + len(b) - 1
    if q * len(b) <= _SMALL:
        out = [0] * n
        for i, y in enumerate(b):
            if y:
                out[i:i + q] = map(add, out[i:i + q], map(y.__mul__, a))
        return out
    # every coefficient is at most max(a) * sum(b): the slot holds that many bits
    bits = (max(a) * sum(b)).bit_length()
    for width, code in _SLOTS:
        if bits <= width * 8:  # slots of 1, 2, 4 or 8 bytes: packed and read in C
            x = int.from_bytes(struct.pack(f"<{q}{code}", *a), "little")
            y = int.from_bytes(struct.pack(f"<{len(b)}{code}", *b), "little")
            raw = (x * y).to_bytes(n * width, "little")
            return list(struct.unpack(f"<{n}{code}", raw))
    width = (bits + 7) // 8
    x = int.from_bytes(b"".join(w.to_bytes(width, "little") for w in a), "little")
    y = int.from_bytes(b"".join(w.to_bytes(width, "little") for w in b), "little")
    raw = (x * y).to_bytes(n * width, "little")
    return [int.from_bytes(raw[i:i + width], "little") for i in range(0, n * width, width)]


#: Products of at most this many pairs are done as multiply-adds.
_SMALL = 150
#: Slot widths (bytes) that ``struct`` packs and unpacks in C, with their codes.
_SLOTS = ((1, "B"), (2, "H"), (4, "I"), (8, "Q"))


def keep_weights(weights: Mapping[Any, int], n: int, keep: int,
                 highest: bool) -> dict[Any, int]:
    """Weights of the sum of the ``keep`` highest (or lowest) of ``n`` independent rolls
    of a die with ``weights`` (numeric outcomes), over ``den ** n``.

    ``keep == 1`` reads the answer off powers of the cumulative weights: the highest of
    ``n`` is at most ``x`` exactly when every roll is, ``F(x) ** n`` of the ``den ** n``
    ordered rolls. Otherwise a dynamic programme walks the faces from the best down,
    choosing how many of the ``n`` dice show each face (C(dice left, j) ways, times the
    face's weight to the j): the state is (dice placed, sum kept); once ``keep`` dice
    are placed the rest only need to show a worse face, so that state is finished at
    once with ``(weight of the worse faces) ** (dice left)``.

    >>> sorted(keep_weights({1: 1, 2: 1}, 2, 1, True).items())  # the higher of two
    [(1, 1), (2, 3)]
    >>> keep_weights({1: 1, 2: 1, 3: 1}, 3, 2, False)[2]  # two lowest of 3d3 sum to 2
    7
    """
    faces = sorted(weights, reverse=highest)  # best first
    if keep == 1:
        out: dict[Any, int] = {}
        worse = sum(weights.values())  # weight of the faces no better than this one
        for face in faces:
            nxt = worse - weights[face]
            out[face] = worse**n - nxt**n
            worse = nxt
        return {o: w for o, w in out.items() if w}
    if all(type(o) is int for o in faces) and \
            max(faces) - min(faces) <= DENSE_SPREAD * len(faces) + 8:
        return _keep_dense(weights, faces, n, keep)
    result: dict[Any, int] = {}
    states: dict[tuple[int, Any], int] = {(0, 0): 1}  # (dice placed, sum kept) -> weight
    below = sum(weights.values())
    for face in faces:
        x = weights[face]
        below -= x  # weight of the faces worse than this one
        go, done = _steps(x, below, n, keep)
        new: dict[tuple[int, Any], int] = {}
        get = new.get
        for (p, kept), w in states.items():
            if done[p]:
                total = kept + face * (keep - p)
                result[total] = result.get(total, 0) + w * done[p]
            for j, t in enumerate(go[p]):
                key = (p + j, kept + face * j)
                new[key] = get(key, 0) + w * t
        states = new
    return result


def _steps(x: int, below: int, n: int, keep: int) -> tuple[list[list[int]], list[int]]:
    """For a face of weight ``x`` with ``below`` the weight of the worse faces: with p
    dice placed (p < keep) there are n − p left; j < keep − p of them show this face and
    the state goes on in ``go[p][j]`` = C(n − p, j)·x^j ways, or keep − p or more do and
    it is finished, the others showing worse faces, in ``done[p]`` ways."""
    go: list[list[int]] = []
    done: list[int] = []
    xs = [1]  # x^j
    for _ in range(keep):
        xs.append(xs[-1] * x)
    bs = [1]  # below^i
    for _ in range(n):
        bs.append(bs[-1] * below)
    everything = (x + below) ** (n - keep + 1)  # (x + below)^left, left = n − p
    alls = [everything]
    for _ in range(keep - 1):
        alls.append(alls[-1] * (x + below))
    for p in range(keep):
        left = n - p
        terms = [comb(left, j) * xs[j] for j in range(keep - p)]
        go.append(terms)
        done.append(alls[keep - 1 - p] - sum(t * bs[left - j] for j, t in enumerate(terms)))
    return go, done


def _keep_dense(weights: Mapping[Any, int], faces: list[int], n: int,
                keep: int) -> dict[Any, int]:
    """:func:`keep_weights` for whole-number faces close together. The states with p
    dice placed are one polynomial in the sum kept (indexed from p·lowest face), packed
    into a big integer as in :func:`convolve`: putting j more dice on a face d above the
    lowest is a shift by d·j slots, so each step of the programme is a few big-integer
    operations in C instead of a loop over sums."""
    lo = min(faces)
    # No weight in the programme exceeds C(n, p)·den^n < 2^n·den^n: the slot holds that.
    width = ((sum(weights.values()) ** n).bit_length() + n + 8) // 8
    slot = 8 * width
    states = [0] * keep
    states[0] = 1
    result = 0
    below = sum(weights.values())
    for face in faces:
        x = weights[face]
        below -= x
        go, done = _steps(x, below, n, keep)
        shift = slot * (face - lo)
        new = [0] * keep
        for p, row in enumerate(states):
            if not row:
                continue
            if done[p]:
                result += (row * done[p]) << (shift * (keep - p))
            for j, t in enumerate(go[p]):
                new[p + j] += (row * t) << (shift * j)
        states = new
    slots = keep * (max(faces) - lo) + 1
    raw = result.to_bytes(slots * width, "little")
    out = {}
    for i in range(slots):
        w = int.from_bytes(raw[i * width:(i + 1) * width], "little")
        if w:
            out[i + keep * lo] = w
    return out
