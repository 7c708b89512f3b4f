"""The docstrings of the shared verbs, worded for each game.

Every example is run for every registered game by ``tests/test_front_doors.py`` (the
verbs are published in the game's module, where the doctest finder does not look).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlab.gamekit.door import FrontDoor

__all__ = ["verb_doc"]

_BAD = "Bad arguments are refused with a boardlab error naming them (docs/bad-input.md)."


def _setup(door: FrontDoor) -> str:
    spec = door.spec
    lines = [f"``players`` is the number of players ({spec.default_players} when left "
             "out or ``None``);"]
    for keyword in spec.keywords:
        lines.append(f"``{keyword.name}``: {keyword.doc or 'an option of the game'};")
    return " ".join(lines)


def _import(door: FrontDoor) -> str:
    package = door.spec.package
    head, _, tail = package.rpartition(".")
    return f">>> from {head} import {tail} as {door.alias}"


def verb_doc(door: FrontDoor, verb: str) -> str:
    """The docstring of ``verb`` in ``door``'s game."""
    for texts in (_match_docs, _position_docs, _reading_docs):
        docs = texts(door)
        if verb in docs:
            return docs[verb]
    raise KeyError(verb)


def _match_docs(door: FrontDoor) -> dict[str, str]:
    """The docstrings of the verbs that start, play and load matches."""
    a, imp = door.alias, _import(door) if door.spec.package else ""
    title = door.spec.book.name
    return {
        "new_match": f"""A {title} match before its first choice, or from ``start``.

{_setup(door)} ``seed`` drives chance (``None``, the default: a fresh seed from the
operating system, kept in ``match.seed``); ``config`` holds the game's data
(``None``: its own); ``start`` is a position to go on from (``match.state``,
``{a}.position(...)``, ``{a}.load_position(...)``), whose players, configuration
and options are its own. {_BAD}

{imp}
>>> m = {a}.new_match(seed=1)
>>> m.ply, m.seed
(0, 1)
>>> {a}.new_match(seed="x")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: seed: a seed is an integer or None (got 'x')
""",
        "play": f"""A complete match: chance from ``seed``, every seat played by ``agents``.

``agents`` is an agent kind ({', '.join(door.spec.agents)}; random players by
default), a mapping of every seat to an agent (an object with ``choose(view,
legal)``), or a function of the seat that returns one. ``seed=None`` draws a fresh
seed (kept in ``match.seed``; agents made here are seeded from it). Without ``seed=``
this release plays seed 0 and warns: from boardlab 0.3 the default is ``None``, as for
``new_match``. ``start=`` plays on from a position; the other arguments are
``new_match``'s. {_BAD}

{imp}
>>> {a}.play(seed=1).is_over
True
>>> {a}.play(seed=1, agents=[1])
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: agents: expected an agent kind ...
""",
        "load_match": f"""A match saved with ``match.to_json()`` (text, UTF-8 bytes or the
decoded JSON object); every field and choice is validated (a FormatError names the
bad field).

{imp}
>>> m = {a}.play(seed=2)
>>> {a}.load_match(m.to_json()).to_json() == m.to_json()
True
""",
    }


def _position_docs(door: FrontDoor) -> dict[str, str]:
    """The docstrings of the position, rule and observation verbs."""
    a, imp = door.alias, _import(door) if door.spec.package else ""
    first = next(iter(door.spec.book)).id
    return {
        "save_position": f"""A position as versioned JSON (``indent``: ``None`` or 0–16).

{imp}
>>> state = {a}.new_match(seed=1).state
>>> {a}.load_position({a}.save_position(state)) == state
True
""",
        "load_position": f"""A position written by ``save_position`` (text, UTF-8 bytes or the
decoded JSON object), every field validated (a FormatError names the bad field).

{imp}
>>> text = {a}.save_position({a}.new_match(seed=1).state)
>>> {a}.save_position({a}.load_position(text)) == text
True
""",
        "rule": f"""The rule with id ``rule_id``; an unknown id is an UnknownRule naming the
closest ids.

{imp}
>>> {a}.rule({first!r}).id
{first!r}
""",
        "observe": f"""What ``player`` (a seat) may know of ``state``: the game's ``View``.

{imp}
>>> state = {a}.new_match(seed=1).state
>>> seat = {a}.GAME.seats(state)[0]
>>> {a}.observe(state, seat) == {a}.RULES.observe(state, seat)
True
""",
    }


def _reading_docs(door: FrontDoor) -> dict[str, str]:
    """The docstrings of the verbs that read a state: picture, winners, scores, choice text."""
    a, imp = door.alias, _import(door) if door.spec.package else ""
    return {
        "render_svg": f"""``state`` as an SVG document (a string), as ``viewer`` may see it.

``viewer`` is a seat (its own secrets and everything public) or ``None`` (public
information only); ``omniscient=True`` shows every secret (a narrator's picture).

{imp}
>>> {a}.render_svg({a}.new_match(seed=1).state).startswith("<svg")
True
>>> {a}.render_svg(None)
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: state: expected a ...
""",
        "winners": f"""Who wins ``state`` if the match ends there: of a finished match, its
winner(s), in seat order (more than one is a shared win).

{imp}
>>> m = {a}.play(seed=1)
>>> set({a}.winners(m.state)) <= set(m.scores())
True
""",
        "scores": f"""Every side's score in ``state`` (``match.scores()`` of a match).

{imp}
>>> m = {a}.play(seed=1)
>>> {a}.scores(m.state) == m.scores()
True
""",
        "parse_choice": f"""The legal choice (or chance outcome) ``text`` names at ``state``,
as ``match.push(text)`` reads it; a ChoiceTextError lists the legal ones.

{imp}
>>> m = {a}.new_match(seed=1)
>>> first = m.legal()[0] if m.legal() else m.outcomes()[0][0]
>>> {a}.parse_choice(str(first), m.state) == first
True
""",
    }
