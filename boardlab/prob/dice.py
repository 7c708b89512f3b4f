"""Dice pools, collapsed: counts per face instead of ordered rolls, and icon dice.

Four six-sided dice have 1296 ordered rolls but only 126 distinct *counts per face*;
:func:`face_counts` enumerates those, each with its exact multinomial probability.
An *ignored* face (a closed location in Mall of Horror, MoH-R3) still comes up on the
die, but its dice are discarded: its count is always 0 and no other face gains from it.

Icon dice (Level 7 [Escape], ruling L7-R2) show a multiset of icons on each face; a
pool's result is an :class:`Icons` total, a challenge's result a margin
(:func:`challenge`), and one roll saved in a match is an :class:`IconRoll`.

>>> from boardlab.prob.dice import face_counts, count_face
>>> len(face_counts(4))
126
>>> print(count_face(4, 6).at_least(2))
19/144
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence, Sized
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, islice, product
from math import comb, factorial, prod
from typing import Any

from boardlab.core.errors import ArgumentTypeError, QuestionError, show_value
from boardlab.prob.checks import whole
from boardlab.prob.dist import Dist
from boardlab.prob.limits import LIMITS, check_limit
from boardlab.prob.weights import keep_weights

#: Level 7 default challenge die (ruling L7-R2): the printed faces are not in the texts.
#: Game data, kept here (and as :class:`IconDie`'s default) until the Level 7 game
#: package exists; it will move there, and this name will stay as an alias.
LEVEL7_FACES: tuple[tuple[str, ...], ...] = (
    ("Strength",), ("Strength", "Strength"),
    ("Speed",), ("Speed", "Speed"),
    ("Intelligence",), ("Intelligence", "Intelligence"),
)


def _check_pool(n: int, faces: int, function: str) -> tuple[int, int]:
    """The number of dice and of faces, checked (types, ranges, :data:`LIMITS`)."""
    n = whole(n, "number of dice (n)", function)
    faces = whole(faces, "faces", function, low=1)
    check_limit(function, "dice", n)
    check_limit(function, "faces", faces)
    return n, faces


def _face_set(chosen: int | Iterable[int], faces: int, what: str,
              function: str) -> frozenset[int]:
    """The faces named by ``chosen`` (one face or several), each checked as it comes, so
    that a long or endless iterable stops at the first face not on the die."""
    if isinstance(chosen, (bool, str, bytes)) or not isinstance(chosen, (int, Iterable)):
        raise ArgumentTypeError(f"{function}: {what}", chosen,
                                "give a face number or a collection of face numbers")
    picked: set[int] = set()
    for f in ([chosen] if isinstance(chosen, int) else chosen):
        if isinstance(f, bool) or not isinstance(f, int):
            raise ArgumentTypeError(f"{function}: {what}", f, "a face is a whole number")
        if not 1 <= f <= faces:
            raise QuestionError(f"{function}: {what} [{show_value(f)}] not on a {faces}-sided "
                                f"die (faces are 1–{faces})")
        picked.add(f)
    return frozenset(picked)


def die(faces: int = 6) -> Dist[int]:
    """One fair die numbered 1 … ``faces``.

    >>> print(die().E())
    7/2
    """
    _, faces = _check_pool(1, faces, "die")
    return _die(faces)


@lru_cache(maxsize=64)
def _die(faces: int) -> Dist[int]:
    # One Dist per size, shared (a Dist is immutable): its repeat() answers are kept
    # with it, so a question asked again of die(6) is a lookup.
    return Dist._from_weights(dict.fromkeys(range(1, faces + 1), 1), faces, ordered=True)


def _keep(n: int, die: int | Dist[Any], keep: int, highest: bool) -> Dist[Any]:
    function = "keep_highest" if highest else "keep_lowest"
    n = whole(n, "number of dice (n)", function, low=1)
    check_limit(function, "dice", n)
    keep = whole(keep, "keep", function, low=1, high=n)
    if isinstance(die, Dist):
        rolled: Dist[Any] = die
        if not rolled.is_numeric:
            raise ArgumentTypeError(f"{function}: die", die, "keeping dice needs numeric "
                                    "outcomes (ints or Fractions) to sort and add")
    elif isinstance(die, bool) or not isinstance(die, int):
        raise ArgumentTypeError(f"{function}: die", die, "give the faces of a fair die (an "
                                "int, e.g. 6) or a Dist with numeric outcomes")
    else:
        _, faces = _check_pool(n, die, function)
        rolled = _die(faces)
    weights, den = rolled._weights()
    if keep > 1:  # the dynamic programme, measured before it starts
        m = len(weights)
        if rolled._ints_only:
            totals = keep * (max(weights) - min(weights)) + 1
        else:
            totals = comb(m + keep - 1, keep)
        check_limit(function, "outcomes", totals, "possible totals")
        check_limit(function, "work", m * keep * totals * (n + 1), "multiply-adds (at most)")
    return Dist._from_weights(keep_weights(weights, n, keep, highest), den**n)


def keep_highest(n: int, die: int | Dist[Any] = 6, *, keep: int = 1) -> Dist[Any]:
    """The sum of the ``keep`` highest of ``n`` independent rolls of ``die`` (by default
    the single highest): ``die`` is a number of faces (a fair die) or any Dist with
    numeric outcomes. No pairs to write with ``joint``: the highest of ``n`` comes from
    the cumulative probabilities to the ``n``-th power, several kept dice from a
    dynamic programme over the faces (:func:`boardlab.prob.weights.keep_weights`).

    >>> print(keep_highest(2, 6).P(6))                      # the higher of 2d6 is a 6
    11/36
    >>> print(keep_highest(4, 6, keep=3).E())               # 4d6, drop the lowest
    15869/1296
    >>> keep_highest(3, Dist({0: 1, 1: 1})) == (count_face(3, 2, 2) >= 1).map(int)
    True
    """
    return _keep(n, die, keep, highest=True)


def keep_lowest(n: int, die: int | Dist[Any] = 6, *, keep: int = 1) -> Dist[Any]:
    """The sum of the ``keep`` lowest of ``n`` independent rolls of ``die`` (by default
    the single lowest); see :func:`keep_highest`.

    >>> print(keep_lowest(2, 20).P(1))                      # disadvantage: a natural 1
    39/400
    >>> keep_lowest(3, 6, keep=2).P(2) == Fraction(16, 216)  # both lowest are 1s
    True
    """
    return _keep(n, die, keep, highest=False)


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of ``parts`` counts ≥ 0 summing to ``n``."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def face_counts(n: int, faces: int = 6, *, ignore: Collection[int] = ()
                ) -> Dist[tuple[int, ...]]:
    """How many of ``n`` fair dice show each face: outcomes ``(c1, …, cF)``.

    Position ``i`` counts face ``i + 1``. A face in ``ignore`` always counts 0: its dice
    are discarded, while every other face keeps exactly its unconditional distribution.
    The probability of ``(c1, …, cF)`` is n! / (c1! ⋯ cF!) / F^n.

    >>> d = face_counts(4)
    >>> d.P((0, 0, 0, 0, 0, 4)), d.P((1, 1, 1, 1, 0, 0))
    (Fraction(1, 1296), Fraction(1, 54))
    >>> closed = face_counts(4, ignore={2})
    >>> closed.marginal(1).P(0), closed.marginal(0) == count_face(4, 1)
    (Fraction(1, 1), True)
    """
    n, faces = _check_pool(n, faces, "face_counts")
    ignored = _face_set(ignore, faces, "ignored faces", "face_counts")
    # one outcome per way of splitting n dice among the faces: C(n + F − 1, F − 1)
    check_limit("face_counts", "outcomes", comb(n + faces - 1, faces - 1),
                "count vectors")
    weights: dict[tuple[int, ...], int] = {}
    fact_n = factorial(n)
    for counts in _compositions(n, faces):
        ways = fact_n // prod(factorial(c) for c in counts)
        if ignored:
            counts = tuple(0 if i + 1 in ignored else c for i, c in enumerate(counts))
        weights[counts] = weights.get(counts, 0) + ways
    return Dist(weights)


def count_face(n: int, face: int | Iterable[int], faces: int = 6, *,
               ignore: Collection[int] = ()) -> Dist[int]:
    """How many of ``n`` fair dice show ``face`` (or any of several faces).

    Binomial: P(k) = C(n, k) m^k (F − m)^(n − k) / F^n for m target faces. Faces in
    ``ignore`` never count (their dice are discarded), so an ignored target adds 0.

    >>> count_face(4, 6).P(4)
    Fraction(1, 1296)
    >>> print(count_face(2, {5, 6}).P(0))
    4/9
    >>> count_face(4, 2, ignore={2}).P(0)
    Fraction(1, 1)
    """
    n, faces = _check_pool(n, faces, "count_face")
    ignored = _face_set(ignore, faces, "ignored faces", "count_face")
    target = _face_set(face, faces, "faces", "count_face") - ignored
    m = len(target)
    return Dist({k: comb(n, k) * m**k * (faces - m) ** (n - k) for k in range(n + 1)})


class Icons(Mapping[str, int]):
    """A multiset of die icons, e.g. two Strength and one Speed: hashable and readable.

    Built from a mapping ``{icon: count}`` or a list of icon names. Like a
    :class:`collections.Counter`, a missing icon counts 0 (``icons["Speed"]``), while
    ``in`` and iteration see only the icons present. ``+`` adds two multisets. Icons
    are ordered by their sorted ``(icon, count)`` pairs, only so that tables list them
    in a stable order.

    >>> Icons(["Strength", "Speed", "Strength"])
    Icons({'Speed': 1, 'Strength': 2})
    >>> (Icons({"Speed": 1}) + Icons(["Speed"]))["Speed"], Icons()["Speed"]
    (2, 0)
    """

    __slots__ = ("_items",)

    _items: tuple[tuple[str, int], ...]

    def __init__(self, icons: Mapping[str, int] | Iterable[str] = ()) -> None:
        if isinstance(icons, str):
            raise ArgumentTypeError("Icons", icons, "give a list of icon names or a mapping "
                                    f"{{icon: count}}, e.g. Icons([{show_value(icons)}])")
        if not isinstance(icons, Iterable):
            raise ArgumentTypeError("Icons", icons, "give a list of icon names or a mapping "
                                    "{icon: count}")
        counts: dict[str, int] = {}
        if isinstance(icons, Mapping):
            for icon, c in icons.items():
                _icon_name(icon)
                if whole(c, f"count of icon {show_value(icon)}", "Icons", low=None) < 0:
                    raise QuestionError(f"Icons: icon {show_value(icon)} has count "
                                        f"{show_value(c)}; counts are whole numbers ≥ 0")
                counts[icon] = counts.get(icon, 0) + c
        else:
            for icon in icons:
                _icon_name(icon)
                counts[icon] = counts.get(icon, 0) + 1
        self._items = tuple(sorted((i, c) for i, c in counts.items() if c))

    def __getitem__(self, icon: str) -> int:
        for name, c in self._items:
            if name == icon:
                return c
        return 0

    def __contains__(self, icon: object) -> bool:
        return any(name == icon for name, _ in self._items)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def total(self) -> int:
        """How many icons in all."""
        return sum(c for _, c in self._items)

    def __add__(self, other: object) -> Icons:
        if not isinstance(other, Icons):
            return NotImplemented
        merged = dict(self._items)
        for name, c in other._items:
            merged[name] = merged.get(name, 0) + c
        return Icons._of(tuple(sorted(merged.items())))  # both were checked already

    @classmethod
    def _of(cls, items: tuple[tuple[str, int], ...]) -> Icons:
        """Icons from items already checked: sorted, names non-empty, counts ≥ 1."""
        icons = object.__new__(cls)
        icons._items = items
        return icons

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Icons):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __lt__(self, other: Icons) -> bool:
        if not isinstance(other, Icons):
            return NotImplemented
        return self._items < other._items

    def __repr__(self) -> str:
        return f"Icons({dict(self._items)!r})" if self._items else "Icons()"

    def __str__(self) -> str:
        if not self._items:
            return "no icons"
        return " + ".join(name if c == 1 else f"{c} {name}" for name, c in self._items)


def _icon_name(icon: object) -> None:
    if not isinstance(icon, str) or not icon:
        raise ArgumentTypeError("Icons", icon, "icon names are non-empty strings")


@dataclass(frozen=True, slots=True, init=False)
class IconDie:
    """A fair die whose faces each show a multiset of icons (ruling L7-R2).

    Each face is a list of icon names (``["Strength", "Strength"]``, ``[]`` for a blank
    face) or a mapping ``{icon: count}``. The default is the Level 7 die: Strength,
    Strength+Strength, Speed, Speed+Speed, Intelligence, Intelligence+Intelligence.

    >>> IconDie().dist.P(Icons(["Speed", "Speed"]))
    Fraction(1, 6)
    >>> print(IconDie([["Skull"], [], []]).dist.P(Icons()))
    2/3
    """

    faces: tuple[Icons, ...]

    def __init__(self, faces: Sequence[Mapping[str, int] | Sequence[str]] = LEVEL7_FACES
                 ) -> None:
        if isinstance(faces, (str, bytes, Mapping)) or not isinstance(faces, Iterable):
            raise ArgumentTypeError("IconDie: faces", faces, "give a list of faces, each a "
                                    "list of icon names or a mapping {icon: count}")
        if isinstance(faces, Sized):
            check_limit("IconDie", "faces", len(faces))
        faces = list(islice(faces, LIMITS.faces + 1))  # an endless iterable stops here
        check_limit("IconDie", "faces", len(faces))
        if not faces:
            raise QuestionError("IconDie: an IconDie needs a non-empty list of faces")
        object.__setattr__(self, "faces", tuple(
            f if isinstance(f, Icons) else Icons(f) for f in faces))

    @property
    def dist(self) -> Dist[Icons]:
        """The icons one roll shows; equal faces merge (two blank faces: 2/6)."""
        return Dist.uniform(self.faces)

    @property
    def icons(self) -> frozenset[str]:
        """Every icon that appears on some face."""
        return frozenset(name for face in self.faces for name in face)

    def __repr__(self) -> str:
        return f"IconDie({[dict(f) for f in self.faces]!r})"


def icon_pool(dice: Sequence[IconDie]) -> Dist[Icons]:
    """The icon totals of rolling every die in ``dice`` together.

    Outcomes are :class:`Icons` (hashable, counts per icon, 0 when absent).

    >>> pool = icon_pool([IconDie()] * 2)
    >>> print(pool.P(Icons({"Strength": 4})))
    1/36
    >>> print((pool.map(lambda icons: icons["Strength"]) >= 3).P())
    1/12
    """
    dice = _dice_list(dice, "icon_pool")
    dists = [d.dist for d in dice]
    # A total is a multiset of n faces drawn from the distinct faces seen: at most
    # C(n + F − 1, F − 1) of them, and the sum does at most that many multiply-adds per die.
    distinct = len({face for d in dists for face in d.outcomes})
    _check_sum("icon_pool", dists, comb(len(dists) + distinct - 1, distinct - 1)
               if dists else 1)
    # Summed as whole numbers: icon i's count is a digit of radix[i], each digit wide
    # enough for the most of that icon the dice can show, so adding codes adds the
    # multisets and no digit carries into the next; decoded once at the end.
    names = sorted({name for d in dists for face in d.outcomes for name in face})
    radix = []
    r = 1
    for name in names:
        radix.append(r)
        r *= 1 + sum(max(face[name] for face in d.outcomes) for d in dists)
    coded = [d.map(lambda face: sum(face[name] * r for name, r in zip(names, radix,
                                                                      strict=True)))
             for d in dists]
    total: Dist[int] = sum(coded, Dist.point(0))
    weights, den = total._weights()
    decoded: dict[Icons, int] = {}
    for code, w in weights.items():
        counts = []
        for name, r in zip(reversed(names), reversed(radix), strict=True):
            c, code = divmod(code, r)
            if c:
                counts.append((name, c))
        decoded[Icons._of(tuple(reversed(counts)))] = w
    # in Icons order (by their items), sorted on the item tuples themselves
    ordered = dict(sorted(decoded.items(), key=lambda iw: iw[0]._items))
    return Dist._from_weights(ordered, den, ordered=True)


def _dice_list(dice: Any, function: str) -> list[IconDie]:
    if isinstance(dice, (IconDie, str, bytes, Mapping)) or not isinstance(dice, Iterable):
        raise ArgumentTypeError(f"{function}: dice", dice,
                                "give a list of dice: [IconDie(...)] * n")
    if isinstance(dice, Sized):
        check_limit(function, "dice", len(dice))
    out: list[IconDie] = []
    for d in dice:
        if not isinstance(d, IconDie):
            raise ArgumentTypeError(f"{function}: dice", d, "dice must be IconDie objects")
        out.append(d)
        check_limit(function, "dice", len(out))
    return out


def _check_sum(function: str, dists: Sequence[Dist[Any]], bound: int) -> None:
    """Refuse a sum of independent dice before it starts if its outcomes (at most
    ``bound``) or its multiply-adds (at most ``bound`` per die's face) are over the limits."""
    check_limit(function, "outcomes", bound, "possible totals")
    check_limit(function, "work", bound * sum(len(d) for d in dists),
                "multiply-adds (at most)")


def icon_count(dice: Sequence[IconDie], icon: str) -> Dist[int]:
    """How many ``icon`` icons a roll of ``dice`` shows in all.

    >>> print(icon_count([IconDie()] * 3, "Strength").at_least(3))
    11/54
    """
    dice = _dice_list(dice, "icon_count")
    if not isinstance(icon, str):
        raise ArgumentTypeError("icon_count: icon", icon, "an icon name is a string")
    dists = [d.dist.map(lambda face: face[icon]) for d in dice]
    # integer totals: at most (sum of each die's spread) + 1 of them
    spread = sum(max(d.outcomes) - min(d.outcomes) for d in dists)
    _check_sum("icon_count", dists, spread + 1)
    return sum(dists, Dist.point(0))


def at_least_icons(dice: Sequence[IconDie], icon: str, k: int) -> Dist[bool]:
    """Whether a roll of ``dice`` shows at least ``k`` ``icon`` icons, as a Dist of
    ``True``/``False`` (a challenge of ``k`` passed or not).

    >>> print(at_least_icons([IconDie()] * 3, "Strength", 3).P())
    11/54
    """
    k = whole(k, "k", "at_least_icons", low=None)
    return icon_count(dice, icon).map(lambda c: c >= k)


def challenge(n: int, icon: str, difficulty: int, *, die: IconDie | None = None
              ) -> Dist[int]:
    """The margin of a challenge: ``icon`` icons shown by ``n`` dice minus ``difficulty``.

    The challenge is passed when the margin is ≥ 0: ``(challenge(...) >= 0).P()``; a
    margin of −1 is a miss by one. ``die`` defaults to :class:`IconDie`'s default die
    (Level 7's, ruling L7-R2: illustrative faces, not printed in the rule texts).

    >>> m = challenge(4, "Intelligence", 4)
    >>> print((m >= 0).P(), m.P(-1), (m <= -2).P())   # passed, missed by one, worse
    14/81 13/81 2/3
    >>> print((challenge(2, "Intelligence", 4) >= 0).P())
    1/36
    """
    n = whole(n, "number of dice (n)", "challenge")
    check_limit("challenge", "dice", n)
    difficulty = whole(difficulty, "difficulty", "challenge")
    rolled = IconDie() if die is None else die
    if not isinstance(rolled, IconDie):
        raise ArgumentTypeError("challenge: die", rolled, "die must be an IconDie")
    if not isinstance(icon, str):
        raise ArgumentTypeError("challenge: icon", icon, "an icon name is a string")
    if icon not in rolled.icons:
        raise QuestionError(f"challenge: icon {show_value(icon)} is on no face of this die; "
                            f"its icons are {show_value(sorted(rolled.icons))}")
    return icon_count([rolled] * n, icon) - difficulty


@dataclass(frozen=True, slots=True, order=True)
class IconRoll:
    """One roll of icon dice as a chance outcome: the icons each die shows.

    ``faces`` holds one tuple of icon names per die (``()`` for a blank face), each
    kept sorted so that equal faces compare equal; rolls are ordered by their faces (so
    a Dist of rolls lists them in order). Plain tuples of strings, so a roll
    saves to and loads from a match's JSON like any other choice
    (:mod:`boardlab.core.serialize`); :func:`roll_outcomes` lists a pool's rolls.

    >>> r = IconRoll((("Strength", "Strength"), ("Speed",)))
    >>> r.icons, r.count("Strength"), str(r)
    (Icons({'Speed': 1, 'Strength': 2}), 2, '2 Strength | Speed')
    """

    faces: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        if isinstance(self.faces, str) or not isinstance(self.faces, (tuple, list)):
            raise ArgumentTypeError("IconRoll: faces", self.faces, "faces must be a tuple "
                                    "with one tuple of icon names per die")
        clean = []
        for i, face in enumerate(self.faces):
            if isinstance(face, str) or not isinstance(face, (tuple, list)):
                raise ArgumentTypeError(f"IconRoll: faces[{i}]", face,
                                        f"faces[{i}] must be a tuple of icon names")
            for name in face:
                if not isinstance(name, str) or not name:
                    raise ArgumentTypeError(f"IconRoll: faces[{i}]", name,
                                            f"faces[{i}]: icon names are non-empty strings")
            clean.append(tuple(sorted(face)))
        object.__setattr__(self, "faces", tuple(clean))

    @property
    def icons(self) -> Icons:
        """Every icon the roll shows, added up over the dice."""
        return Icons([name for face in self.faces for name in face])

    def count(self, icon: str) -> int:
        """How many ``icon`` icons the roll shows in all."""
        return sum(face.count(icon) for face in self.faces)

    def __str__(self) -> str:
        return " | ".join(str(Icons(list(face))) for face in self.faces)


def roll_outcomes(dice: Sequence[IconDie]) -> tuple[tuple[IconRoll, Fraction], ...]:
    """Every roll of ``dice`` with its exact probability: a chance node's outcomes.

    When all the dice are alike their order carries no information, so rolls are
    collapsed to sorted faces (21 rolls of two six-faced dice, not 36); otherwise each
    face stays with its die. Listed in a fixed order (sorted), as chance nodes must be.

    >>> outs = roll_outcomes([IconDie()] * 2)
    >>> len(outs), sum(p for _, p in outs)
    (21, Fraction(1, 1))
    >>> dict(outs)[IconRoll((("Strength", "Strength"), ("Strength", "Strength")))]
    Fraction(1, 36)
    """
    if isinstance(dice, IconDie):
        raise ArgumentTypeError("roll_outcomes: dice", dice,
                                "roll_outcomes takes a list of dice: [IconDie(...)] * n")
    dice = _dice_list(dice, "roll_outcomes")
    if dice and all(d == dice[0] for d in dice):  # sorted faces: multisets of n faces
        rolls = comb(len(dice) + len(dice[0].dist) - 1, len(dice))
    else:
        rolls = prod(len(d.dist) for d in dice)
    check_limit("roll_outcomes", "outcomes", rolls, "rolls")
    per_die = [{tuple(sorted(name for name in face for _ in range(face[name]))): q
                for face, q in d.dist.probs.items()} for d in dice]
    weights: dict[tuple[tuple[str, ...], ...], Fraction] = {}
    if dice and all(d == dice[0] for d in dice):
        faces = sorted(per_die[0])
        n = len(dice)
        for combo in combinations_with_replacement(faces, n):
            ways = factorial(n) // prod(factorial(combo.count(f)) for f in set(combo))
            weights[combo] = ways * prod((per_die[0][f] for f in combo), start=Fraction(1))
    else:
        for combo in product(*(sorted(p) for p in per_die)):
            q = prod((p[f] for p, f in zip(per_die, combo, strict=True)), start=Fraction(1))
            weights[combo] = weights.get(combo, Fraction(0)) + q
    return tuple((IconRoll(faces), q) for faces, q in sorted(weights.items()))
