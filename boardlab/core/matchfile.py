"""Seeds, argument checks and the versioned JSON of matches and positions (split from
:mod:`boardlab.core.engine`, which re-exports the public names).

>>> check_seed(3), check_indent(None)
(3, None)
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    FormatError,
    IllegalAction,
    describe,
    show_value,
)
from boardlab.core.protocol import C, Rules, S
from boardlab.core.soundness import check_start

if TYPE_CHECKING:
    from boardlab.core.engine import Match

__all__ = [
    "FORMAT_VERSION", "MATCH_FORMAT", "MAX_SEED_BITS", "POSITION_FORMAT", "SEED_NOT_GIVEN",
    "check_indent", "check_seed", "position_from_json", "position_to_json", "seed_default",
]

MATCH_FORMAT: Final = "boardlab.match"
POSITION_FORMAT: Final = "boardlab.position"
FORMAT_VERSION: Final = 1
#: A seed is an ``int`` of at most this many bits (a saved file must be able to hold it).
MAX_SEED_BITS: Final = 1024

M = TypeVar("M", bound="Match[Any, Any]")


def _fresh_seed() -> int:
    """A seed from the operating system's entropy, for a match created without one."""
    return random.SystemRandom().getrandbits(63)


class _Omitted:
    """The default of a ``seed`` that the caller did not give (see :func:`seed_default`)."""

    def __repr__(self) -> str:
        return "<seed not given>"


#: Default of ``seed`` in the functions whose default changes from 0 to ``None`` in 0.3.
SEED_NOT_GIVEN: Any = _Omitted()


def seed_default(seed: Any, where: str) -> int | None:
    """``seed`` as given; when it was not given, 0 with a :class:`DeprecationWarning`.

    Every ``seed`` of boardlab means the same: an ``int``, or ``None`` for a fresh seed
    drawn from the operating system and recorded in ``match.seed``, which is the default
    of :class:`Match` and ``new_match``. The functions that play a whole match
    (``moh.play``, ``Game.play``) defaulted to 0 in boardlab 0.1; they keep 0 in this
    release and say so, and default to ``None`` from 0.3.

    >>> seed_default(5, "play()")
    5
    """
    if seed is SEED_NOT_GIVEN:
        warnings.warn(f"{where} without seed= plays seed 0 in this release; from boardlab "
                      "0.3 it draws a fresh seed (kept in match.seed), as new_match() does. "
                      "Pass seed=0 to keep this match, or seed=None for a fresh one.",
                      DeprecationWarning, stacklevel=3)
        return 0
    return seed  # type: ignore[no-any-return]


def check_seed(seed: Any, argument: str = "seed") -> int:
    """``seed`` as a match takes it: an ``int`` (not a bool) of at most
    :data:`MAX_SEED_BITS` bits; ``None`` draws a fresh seed from the operating system.

    >>> check_seed(7)
    7
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: seed: a seed is an integer or None (got 1.5)
    """
    if seed is None:
        return _fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(argument, seed, "a seed is an integer or None")
    if seed.bit_length() > MAX_SEED_BITS:
        raise ArgumentError(argument, seed, f"a seed has at most {MAX_SEED_BITS} bits")
    return int(seed)


#: What a rules object must have (a :class:`Rules`): checked once per Match, cheaply.
_RULES_MEMBERS: Final = ("name", "initial", "to_move", "legal", "outcomes", "step",
                         "decision_rule")


def _check_rules(rules: Any) -> None:
    """Refuse an object that is not a game's rules before anything asks it a question."""
    if rules is _RULES_CHECKED[0]:  # the rules checked last (bulk play makes thousands of
        return                      # matches of one game: seven lookups each, saved)
    missing = [m for m in _RULES_MEMBERS if not hasattr(rules, m)]
    if missing:
        raise ArgumentTypeError("rules", rules, "expected a game's Rules (it has no "
                                f"{', '.join(missing)})")
    _RULES_CHECKED[0] = rules


_RULES_CHECKED: list[Any] = [None]


def _check_instance(argument: str, value: Any, expected: Any) -> None:
    """``value`` must be an ``expected`` when the rules declare that class."""
    if isinstance(expected, type) and not isinstance(value, expected):
        raise ArgumentTypeError(argument, value, f"expected a {expected.__name__}")


def check_indent(indent: Any) -> int | None:
    """``indent=`` of a JSON writer: ``None`` or a whole number from 0 to 16.

    >>> check_indent(2), check_indent(None)
    (2, None)
    """
    if indent is None:
        return None
    if isinstance(indent, bool) or not isinstance(indent, int):
        raise ArgumentTypeError("indent", indent, "an indent is a whole number or None")
    if not 0 <= indent <= 16:
        raise ArgumentError("indent", indent, "an indent is from 0 to 16 spaces")
    return indent


def _saved_seed(data: Mapping[str, Any]) -> int:
    """The seed a saved match records: without it the match would not replay its dice
    (a fresh seed would roll other ones), so a file without one is refused."""
    if "seed" not in data:
        raise FormatError("seed", "missing: a saved match records the seed of its dice")
    seed = data["seed"]
    if seed is None:
        raise FormatError("seed", "null: a saved match records the seed of its dice (an "
                                  "integer), so that it replays them")
    try:
        return check_seed(seed)
    except ArgumentError as err:
        raise FormatError("seed", f"{err.problem} (got {show_value(seed)})") from None


def _check_start(state: Any, setup: Any) -> None:
    """A start state that carries a setup must carry the match's (a file could disagree)."""
    own = getattr(state, "setup", setup)
    if own is not setup and own != setup:
        raise ArgumentError("state", own, "the start state's setup is not the match's setup "
                            f"({show_value(setup)})")


def _check_fields(data: Mapping[str, Any], known: set[str]) -> None:
    for key in data:
        if key not in known:
            raise FormatError(key if isinstance(key, str) else show_value(key),
                              f"unknown field (known: {', '.join(sorted(known))})")


def _check_header(data: Mapping[str, Any], fmt: str, game: str) -> None:
    got = data.get("format")
    if got.__class__ is not str or got != fmt:
        raise FormatError("format", f"expected {fmt!r}, got {show_value(got)}")
    version = data.get("version")
    if version.__class__ is not int or version != FORMAT_VERSION:
        # ``true`` and ``1.0`` equal 1 in Python; a version is the integer itself.
        raise FormatError("version", f"unsupported version {show_value(version)} "
                                     f"(this boardlab reads the integer {FORMAT_VERSION})")
    name = data.get("game")
    if name.__class__ is not str or name != game:
        raise FormatError("game", f"expected {game!r}, got {show_value(name)}")


def position_to_json(rules: Rules[S, C], state: S, *, indent: int | None = None) -> str:
    """Any position as versioned JSON (no history)."""
    from boardlab.core.serialize import encode

    _check_rules(rules)
    _check_instance("state", state, getattr(rules, "state_type", None))
    return json.dumps({"format": POSITION_FORMAT, "version": FORMAT_VERSION,
                       "game": rules.name, "state": encode(state)},
                      indent=check_indent(indent))


def position_from_json(rules: Rules[S, C], text: str | bytes | Mapping[str, Any]) -> S:
    """Read a position written by :func:`position_to_json`, validating every field."""
    from boardlab.core.serialize import decode, load_json_object

    _check_rules(rules)
    data = load_json_object(text)
    _check_header(data, POSITION_FORMAT, rules.name)
    if "state" not in data:
        raise FormatError("state", "missing")
    _check_fields(data, {"format", "version", "game", "state"})
    state: S = decode(data["state"], rules.state_type, "state")
    check_start(rules, state, "state", error=FormatError)
    return state


def match_to_dict(match: Match[Any, Any]) -> dict[str, Any]:
    """:meth:`Match.to_dict <boardlab.core.engine.Match.to_dict>`: setup, seed, choices.

    >>> from tests.core.toy import RULES, ToySetup
    >>> from boardlab.core.engine import Match
    >>> match_to_dict(Match(RULES, ToySetup(), seed=2))["seed"]
    2
    """
    from boardlab.core.serialize import encode

    record: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "version": FORMAT_VERSION,
        "game": match._rules.name,
        "setup": encode(match._setup),
        "seed": match._seed,
        "choices": [encode(c) for c in match.choices],
    }
    if match._root != match._rules.initial(match._setup):
        record["start"] = encode(match._root)
    return record


def match_from_json(cls: type[M], rules: Rules[Any, Any],
                    text: str | bytes | Mapping[str, Any]) -> M:
    """:meth:`Match.from_json <boardlab.core.engine.Match.from_json>`: a match of class
    ``cls`` rebuilt from its saved record, every field validated, every choice replayed.

    >>> from tests.core.toy import RULES, ToySetup
    >>> from boardlab.core.engine import Match
    >>> m = Match(RULES, ToySetup(), seed=2)
    >>> match_from_json(Match, RULES, m.to_json()).seed
    2
    """
    from boardlab.core.serialize import decode, decode_choice, load_json_object

    _check_rules(rules)
    data = load_json_object(text)
    _check_header(data, MATCH_FORMAT, rules.name)
    for key in ("setup", "choices"):
        if key not in data:
            raise FormatError(key, "missing")
    _check_fields(data, {"format", "version", "game", "setup", "seed", "choices",
                         "start"})
    seed = _saved_seed(data)
    setup = decode(data["setup"], rules.setup_type, "setup")
    start = None
    if "start" in data:
        start = decode(data["start"], rules.state_type, "start")
        try:
            _check_start(start, setup)
        except ArgumentError as err:
            raise FormatError("start.setup", err.problem) from None
        check_start(rules, start, "start", error=FormatError)
    try:
        match = cls(rules, setup, seed=seed, state=start)
    except ValueError as err:
        raise FormatError("setup", str(err)) from err
    choices = data["choices"]
    if not isinstance(choices, list):
        raise FormatError("choices", f"expected a list, got {show_value(choices)}")
    for i, raw in enumerate(choices):
        choice = decode_choice(raw, rules.choice_types, f"choices[{i}]")
        try:
            match.push(choice)
        except IllegalAction as err:
            raise FormatError(f"choices[{i}]", str(err)) from err
        except Exception as err:  # noqa: BLE001 - rules failing on what the file says
            raise FormatError(f"choices[{i}]", "the rules cannot play it here "
                              f"({type(err).__name__}: {describe(err)})") from err
    return match
