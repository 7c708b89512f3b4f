"""Rule references: which rule of which book made something happen.

A :class:`RuleRef` is cited by every event and every refusal, so a user can always
ask *why*. Rule texts are never quoted: ``summary`` is a paraphrase.

>>> from boardlab.core.rules import RuleRef, RuleBook
>>> book = RuleBook("Demo", [RuleRef("D-1", "Demo", "Setup", "Each player takes a pawn.")])
>>> book["D-1"].cite()
'D-1 Demo, Setup'

An unknown id is an :class:`~boardlab.core.errors.UnknownRule` error (a boardlab error,
and still a ``KeyError``) that names the id and the book:

>>> book["D-9"]
Traceback (most recent call last):
...
boardlab.core.errors.UnknownRule: Demo has no rule 'D-9'; did you mean D-1?
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Literal

from boardlab.core.errors import UnknownRule
from boardlab.core.frozen import dataclass


@dataclass(frozen=True, slots=True)
class RuleRef:
    """One rule: a section of a rule text (``kind="text"``) or a boardlab ruling."""

    id: str
    book: str
    section: str
    summary: str
    kind: Literal["text", "ruling"] = "text"

    def cite(self) -> str:
        """Short citation, e.g. ``'MoH-f Mall of Horror, f) Zombie Attack'``."""
        return f"{self.id} {self.book}, {self.section}"

    def __str__(self) -> str:
        return self.id


class RuleBook:
    """The rule index of one game: every :class:`RuleRef` it cites, by id."""

    def __init__(self, name: str, refs: Iterable[RuleRef]) -> None:
        self.name = name
        self._refs: dict[str, RuleRef] = {}
        for ref in refs:
            if ref.id in self._refs:
                raise ValueError(f"rule id {ref.id!r} defined twice in {name}")
            self._refs[ref.id] = ref

    def __getitem__(self, rule_id: str) -> RuleRef:
        """The rule with this id; :class:`~boardlab.core.errors.UnknownRule` if none."""
        try:
            return self._refs[rule_id]
        except (KeyError, TypeError):
            raise self._unknown(rule_id) from None

    def get(self, rule_id: str) -> RuleRef | None:
        """The rule with this id, or ``None``."""
        try:
            return self._refs.get(rule_id)
        except TypeError:  # an unhashable id names no rule
            return None

    def _unknown(self, rule_id: object) -> UnknownRule:
        from difflib import get_close_matches

        ids = list(self._refs)
        close = get_close_matches(rule_id, ids, n=3, cutoff=0.6) \
            if isinstance(rule_id, str) else []
        return UnknownRule(rule_id, self.name, ids, close)

    def rule(self, rule_id: str) -> RuleRef:
        """The rule with this id (``self[rule_id]``): every game's ``rulebook.rule``."""
        return self[rule_id]

    def __iter__(self) -> Iterator[RuleRef]:
        return iter(self._refs.values())

    def __len__(self) -> int:
        return len(self._refs)

    def __contains__(self, rule_id: object) -> bool:
        try:
            return rule_id in self._refs
        except TypeError:
            return False

    def __repr__(self) -> str:
        return f"<RuleBook {self.name!r}: {len(self)} rules>"


#: The book every game's rulings are cited from.
RULINGS_BOOK = "boardlab rulings"


def text_rule(book: str, rule_id: str, section: str, summary: str) -> RuleRef:
    """A rule of the rule text of ``book`` (a game's rule book writes
    ``_t = partial(text_rule, TITLE)``).

    >>> text_rule("Demo", "D-2", "Dice", "Roll two dice.").cite()
    'D-2 Demo, Dice'
    """
    return RuleRef(rule_id, book, section, summary, "text")


def ruling(rule_id: str, section: str, summary: str) -> RuleRef:
    """One of boardlab's own rulings (book :data:`RULINGS_BOOK`).

    >>> ruling("D-R1", "Ties", "A tie goes to the first player.").kind
    'ruling'
    """
    return RuleRef(rule_id, RULINGS_BOOK, section, summary, "ruling")
