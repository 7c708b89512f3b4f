"""The words every game's sentences share: counts with their noun, lists for a sentence.

Events, snapshots, pictures and the narration of all three games say "3 zombies",
"1 die", "red, blue and green" the same way; these helpers were copied into each game
and live here once (the presentation layer: they import nothing of boardlab).

>>> plural(1, "die"), plural(3, "die"), plural(2, "enemy"), plural(0, "star")
('1 die', '3 dice', '2 enemies', '0 stars')
>>> and_list(["red"]), and_list(["red", "blue", "green"]), and_list([], empty="nobody")
('red', 'red, blue and green', 'nobody')
>>> times(2), times(5)
('twice', '5 times')
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["and_list", "plural", "times"]


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: an ``s`` added, except for the
    irregular words the games use (a *die* → *dice*, an *enemy* → *enemies*, also at
    the end of a longer name: "power die", "blue enemy").

    >>> plural(1, "point"), plural(12, "power die"), plural(4, "locked door")
    ('1 point', '12 power dice', '4 locked doors')
    """
    if n == 1:
        return f"{n} {word}"
    if word.endswith("die"):
        return f"{n} {word[:-3]}dice"
    if word.endswith("enemy"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"


def and_list(items: Iterable[str], *, empty: str = "") -> str:
    """``items`` joined for a sentence: ``'a'``, ``'a and b'``, ``'a, b and c'``;
    ``empty`` when there are none.

    >>> and_list(("a", "b")), and_list(iter(["a", "b", "c"])), and_list([])
    ('a and b', 'a, b and c', '')
    """
    items = list(items)
    if not items:
        return empty
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def times(n: int) -> str:
    """How often something happened: ``'twice'``, ``'3 times'``.

    >>> times(2), times(3)
    ('twice', '3 times')
    """
    return "twice" if n == 2 else f"{n} times"
