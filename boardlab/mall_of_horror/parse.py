"""Mall of Horror choices from text: ``moh.parse_choice("red votes blue", state)``.

What a player would say is read as the legal choice it names, for notebooks
(``match.push("red votes blue")``) and the command line (``boardlab replay FILE --push
TEXT``). Accepted, ignoring case, spacing and punctuation:

- each choice's own ``str()`` form: ``vote for blue``, ``place Pin-Up at 4``,
  ``keep Weapon (1 zombie), give Sprint to red``, ``dice 1, 4, 4, 6``;
- the player's colour in front: ``red votes blue``, ``red: vote for blue``;
- short forms: ``vote blue`` or ``blue`` at a vote, ``pin-up 4``, ``play hardware at
  3`` or ``hardware 3``, ``hidden on the tough guy at 4``, ``keep weapon give sprint to
  red``, ``sacrifice gunman``, ``destination 3`` or ``go 3``, ``gunman to 3``,
  ``sprint gunman to 3``, ``zombie at 2``, ``pass``;
- chance outcomes (what-ifs): ``dice 6 1 4 4`` in any order, ``draw threat``,
  ``chance picks red``;
- names as the game prints them or by their ids: ``Little Girl`` or ``girl``,
  ``Security Camera`` or ``camera``, ``Weapon (2 zombies)`` or ``weapon2`` (plain
  ``weapon`` when only one kind of weapon can be played), a location by its number or
  its name (``Supermarket``).

Text that names no legal choice, or several, raises
:class:`~boardlab.core.errors.ChoiceTextError`: it cites the rule of the decision and
lists the legal choices.

>>> from boardlab import mall_of_horror as moh
>>> m = moh.new_match(players=4, seed=1)
>>> while m.to_move is moh.CHANCE:
...     _ = m.roll()
>>> m.to_move, parse_choice("yellow places the pin-up at Shop 1", m.state)
('yellow', Place(kind='pinup', location=1))
>>> parse_choice("tough guy 5", m.state)
Place(kind='toughguy', location=5)
>>> parse_choice("gunman 2", m.state)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardlab.core.errors.ChoiceTextError: 'gunman 2' names no legal choice for yellow ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from boardlab.core.chance import CHANCE
from boardlab.core.engine import ToMove
from boardlab.core.errors import ArgumentTypeError, ChoiceTextError, show_value
from boardlab.core.text import MAX_TEXT, normalise, refusal
from boardlab.mall_of_horror.choices import (
    Destination,
    Dice,
    Draw,
    Move,
    Pass,
    Place,
    PlaceZombie,
    PlayCard,
    Sacrifice,
    TieBreak,
    TruckSplit,
    Vote,
)
from boardlab.mall_of_horror.config import CARD_NAMES, COLOURS, KIND_NAMES, LOCATIONS
from boardlab.mall_of_horror.invariants import sound_state
from boardlab.mall_of_horror.rules import RULES
from boardlab.mall_of_horror.state import State

__all__ = ["parse_choice"]

Tokens = tuple[str, ...]

#: Names read as one id ("Weapon (2 zombies)" is weapon2, "Pin-Up" and "pin up" pinup).
_IDS: dict[str, str] = {
    **{name.casefold(): card for card, name in CARD_NAMES.items()},
    **{name.casefold(): kind for kind, name in KIND_NAMES.items()},
    "pin up": "pinup", "tough-guy": "toughguy",
}
#: The names above, longest first, as whole words only ("sprints" is not "sprint").
_NAME = re.compile("|".join(rf"(?<![a-z0-9]){re.escape(n)}(?![a-z0-9])"
                            for n in sorted(_IDS, key=len, reverse=True)))

#: Verbs as a player says them of themselves or of another ("red votes blue").
_VERBS = {"votes": "vote", "plays": "play", "places": "place", "moves": "move",
          "sprints": "sprint", "keeps": "keep", "gives": "give", "sacrifices": "sacrifice",
          "drops": "drop", "chooses": "choose", "picks": "pick", "draws": "draw",
          "rolls": "roll", "passes": "pass", "goes": "go", "sends": "go", "send": "go"}
#: Words that carry nothing here ("vote for blue" is "vote blue").
_FILLER = frozenset({"the", "a", "an", "for", "at", "to", "on", "with", "in", "and", "of",
                     "card", "location", "my", "his", "her", "their", "zombies"})


def parse_choice(text: str, state: State) -> Any:
    """The legal choice (or chance outcome) that ``text`` names at ``state``.

    See the module docstring for what is accepted; a refusal is a
    :class:`~boardlab.core.errors.ChoiceTextError` naming the rule and the legal choices.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError("text", text, "a choice given as text is a string")
    # a public entry point: the position is checked as save_position checks it (mohguard)
    state = sound_state(state)
    mover: ToMove = RULES.to_move(state)
    if mover is None:
        legal: tuple[Any, ...] = ()
    elif mover is CHANCE:
        legal = tuple(o for o, _ in RULES.outcomes(state))
    else:
        legal = RULES.legal(state)
    rule = RULES.decision_rule(state)
    if not legal or len(text) > MAX_TEXT:  # no choice is said in a thousand characters
        raise refusal(text, legal, rule=rule, mover=mover)
    want = normalise(text)
    own = [c for c in legal if normalise(str(c)) == want]
    if len(own) == 1:
        return own[0]
    tokens = _tokens(text, state)
    if len(tokens) > 1 and tokens[0] in COLOURS:
        if mover is CHANCE or tokens[0] != mover:
            whose = "chance's draw" if mover is CHANCE else f"{mover}'s decision"
            raise ChoiceTextError(f"{show_value(text)}: it is {whose}, not {tokens[0]}'s",
                                  rule=rule, legal=legal)
        tokens = tokens[1:]
    found = [c for c in legal if _names(tokens, c, state)]
    if len(found) == 1:
        return found[0]
    raise refusal(text, legal, several=found, rule=rule, mover=mover)


def _tokens(text: str, state: State) -> Tokens:
    """``text`` as words: names made ids, verbs made plain, filler words dropped."""
    t = _NAME.sub(lambda m: f" {_IDS[m.group(0)]} ", text.casefold())
    words = re.sub(r"[^a-z0-9]+", " ", t).split()
    for loc in LOCATIONS:  # "6 Supermarket" and "Supermarket" both mean 6
        name = re.sub(r"[^a-z0-9]+", " ", state.config.name(loc).casefold()).split()
        words = _replace(words, [str(loc), *name], str(loc))
        words = _replace(words, name, str(loc))
    return tuple(w for w in (_VERBS.get(w, w) for w in words) if w not in _FILLER)


def _replace(words: list[str], phrase: list[str], by: str) -> list[str]:
    """``words`` with every run equal to ``phrase`` replaced by the one word ``by``."""
    n = len(phrase)
    if not n:
        return words
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i:i + n] == phrase:
            out.append(by)
            i += n
        else:
            out.append(words[i])
            i += 1
    return out


def _names(tokens: Tokens, choice: Any, state: State) -> bool:
    """Whether ``tokens`` are one of the ways of saying ``choice``."""
    if isinstance(choice, Dice):  # faces in any order, after an optional "dice" or "roll"
        faces = tokens[1:] if tokens[:1] in (("dice",), ("roll",)) else tokens
        return all(f.isdigit() for f in faces) and \
            sorted(int(f) for f in faces) == sorted(choice.faces)
    return tokens in set(_variants(choice))


def _card(card: str) -> tuple[str, ...]:
    """A card's ids: a weapon is also just ``weapon``."""
    return (card, "weapon") if card.startswith("weapon") else (card,)


def _variants(choice: Any) -> Iterable[Tokens]:
    """The ways of saying ``choice``, as tokens (see :func:`_tokens`)."""
    match choice:
        case Vote(colour):
            yield from (("vote", colour), (colour,))
        case TieBreak(colour):
            yield from (("chance", "pick", colour), ("pick", colour), (colour,))
        case Place(kind, location):
            yield from (("place", kind, str(location)), (kind, str(location)))
        case PlayCard():
            yield from _play_variants(choice)
        case Pass():
            yield ("pass",)
        case TruckSplit():
            yield from _split_variants(choice)
        case Sacrifice(kind):
            yield from (("sacrifice", kind), (kind,))
        case Destination(location):
            loc = str(location)
            yield from (("choose", "destination", loc), ("destination", loc), ("go", loc),
                        (loc,))
        case PlaceZombie(location):
            loc = str(location)
            yield from (("drop", "zombie", loc), ("place", "zombie", loc), ("zombie", loc),
                        (loc,))
        case Move(kind, to, sprint):
            if sprint:
                yield ("sprint", kind, str(to))
            else:
                yield from (("move", kind, str(to)), (kind, str(to)))
        case Draw(card):
            for name in _card(card):
                yield from (("draw", name), (name,))


def _play_variants(choice: PlayCard) -> Iterable[Tokens]:
    """The ways of saying a card played: its name, the character, the location."""
    for name in _card(choice.card):
        said = (name,) + ((choice.character,) if choice.character else ()) + \
            ((str(choice.location),) if choice.location is not None else ())
        yield from (("play", *said), said)


def _split_variants(choice: TruckSplit) -> Iterable[Tokens]:
    """The ways of saying a truck split: the card kept, and the card given to whom."""
    keep, give, to = choice.keep, choice.give, choice.to
    if give is not None and to is not None:
        for k in _card(keep):
            for g in _card(give):
                yield from (("keep", k, "give", g, to), ("give", g, to, "keep", k),
                            (k, g, to))
        return
    for k in _card(keep):
        yield from (("keep", k), (k,))
