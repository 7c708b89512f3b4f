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

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import comb, factorial, prod

from boardlab.prob.dist import Dist

#: Level 7 default challenge die (ruling L7-R2): the printed faces are not in the texts.
#: Game data, kept here (and as :class:`IconDie`'s default) until the Level 7 game
#: package exists; it will move there, and this name will stay as an alias.
LEVEL7_FACES: tuple[tuple[str, ...], ...] = (
    ("Strength",), ("Strength", "Strength"),
    ("Speed",), ("Speed", "Speed"),
    ("Intelligence",), ("Intelligence", "Intelligence"),
)


def _check_pool(n: int, faces: int) -> None:
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"number of dice must be a whole number ≥ 0, not {n!r}")
    if not isinstance(faces, int) or faces < 1:
        raise ValueError(f"a die needs a whole number of faces ≥ 1, not {faces!r}")


def _face_set(chosen: int | Iterable[int], faces: int, what: str) -> frozenset[int]:
    picked = frozenset([chosen] if isinstance(chosen, int) else chosen)
    bad = sorted(f for f in picked if not (isinstance(f, int) and 1 <= f <= faces))
    if bad:
        raise ValueError(f"{what} {bad} not on a {faces}-sided die (faces are 1–{faces})")
    return picked


def die(faces: int = 6) -> Dist[int]:
    """One fair die numbered 1 … ``faces``.

    >>> print(die().E())
    7/2
    """
    _check_pool(1, faces)
    return Dist.uniform(range(1, faces + 1))


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
    _check_pool(n, faces)
    ignored = _face_set(ignore, faces, "ignored faces")
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
    _check_pool(n, faces)
    ignored = _face_set(ignore, faces, "ignored faces")
    target = _face_set(face, faces, "faces") - ignored
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
            raise TypeError(f"Icons({icons!r}): give a list of icon names or a mapping "
                            f"{{icon: count}}, e.g. Icons([{icons!r}])")
        counts: dict[str, int] = {}
        if isinstance(icons, Mapping):
            for icon, c in icons.items():
                if not isinstance(c, int) or c < 0:
                    raise ValueError(f"icon {icon!r} has count {c!r}; counts are whole "
                                     "numbers ≥ 0")
                counts[icon] = counts.get(icon, 0) + c
        else:
            for icon in icons:
                counts[icon] = counts.get(icon, 0) + 1
        for icon in counts:
            if not isinstance(icon, str) or not icon:
                raise TypeError(f"icon names are non-empty strings, not {icon!r}")
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
        return Icons(merged)

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
        if isinstance(faces, str) or not faces:
            raise ValueError("an IconDie needs a non-empty list of faces")
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
    return sum((d.dist for d in dice), Dist.point(Icons()))


def icon_count(dice: Sequence[IconDie], icon: str) -> Dist[int]:
    """How many ``icon`` icons a roll of ``dice`` shows in all.

    >>> print(icon_count([IconDie()] * 3, "Strength").at_least(3))
    11/54
    """
    return sum((d.dist.map(lambda face: face[icon]) for d in dice), Dist.point(0))


def at_least_icons(dice: Sequence[IconDie], icon: str, k: int) -> Dist[bool]:
    """Whether a roll of ``dice`` shows at least ``k`` ``icon`` icons, as a Dist of
    ``True``/``False`` (a challenge of ``k`` passed or not).

    >>> print(at_least_icons([IconDie()] * 3, "Strength", 3).P())
    11/54
    """
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
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"number of dice must be a whole number ≥ 0, not {n!r}")
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or difficulty < 0:
        raise ValueError(f"difficulty must be a whole number ≥ 0, not {difficulty!r}")
    rolled = IconDie() if die is None else die
    if not isinstance(rolled, IconDie):
        raise TypeError(f"die must be an IconDie, not {type(rolled).__name__}")
    if not isinstance(icon, str) or icon not in rolled.icons:
        raise ValueError(f"icon {icon!r} is on no face of this die; its icons are "
                         f"{sorted(rolled.icons)}")
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
            raise TypeError(f"faces must be a tuple with one tuple of icon names per die, "
                            f"not {self.faces!r}")
        clean = []
        for i, face in enumerate(self.faces):
            if isinstance(face, str) or not isinstance(face, (tuple, list)):
                raise TypeError(f"faces[{i}] must be a tuple of icon names, not {face!r}")
            for name in face:
                if not isinstance(name, str) or not name:
                    raise TypeError(f"faces[{i}]: icon names are non-empty strings, not "
                                    f"{name!r}")
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
        raise TypeError("roll_outcomes takes a list of dice: [IconDie(...)] * n")
    for d in dice:
        if not isinstance(d, IconDie):
            raise TypeError(f"dice must be IconDie objects, not {type(d).__name__}")
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
