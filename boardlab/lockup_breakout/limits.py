"""Every size Lockup: Breakout accepts, declared in one place and checked before any work.

A configuration, a described position and a saved file are bounded *before* anything is
built from them: a count of ``10**100`` copies of a tome in a small saved file is
refused at once, naming the field, instead of making the engine build its chance
tables card by card. The limits sit far above the invented stand-in data (LB-R1) and
any configuration a person would write; docs/bad-input.md lists them.

>>> LIMITS.copies, LIMITS.outcomes
(100, 20000)
>>> field_whole(10**100, "tomes[0].count", low=1, high=LIMITS.copies, rule="LIMITS.copies")
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: tomes[0].count: 1 to 100 (LIMITS.copies) (got 1000...000)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from math import comb
from typing import Any, Final

from boardlab.core.errors import ConfigError, FormatError
from boardlab.core.frozen import dataclass
from boardlab.core.validate import flag, text, whole

__all__ = ["LIMITS", "Limits", "check_draw_sizes", "check_saved_values", "field_error",
           "field_flag", "field_text", "field_whole", "multisets"]

#: The tallest loot stack: one token per player, five players (LB-setup-loot, LB-R5).
_TALLEST_STACK: Final = 5
#: Goons a Shapeshifter draws (LB-goon-shapeshifter).
_SHAPESHIFTER_DRAW: Final = 3


@dataclass(frozen=True, slots=True)
class Limits:
    """The largest value of each size Breakout accepts (the stand-in's own in brackets).

    Configuration (:class:`~.config.Config` and its records, refused with a
    :class:`~boardlab.core.errors.ConfigError` naming the field, in a file a
    :class:`~boardlab.core.errors.FormatError` at its path):

    - ``copies``: copies of one card or token kind: a goon, tome, loot token or guard
      card's ``count`` [6];
    - ``cards``: entries of one list of cards or tokens: items, goons, tomes, goals,
      legend cards, loot tokens, guard cards, difficulty levels [12];
    - ``kinds``: resource kinds, valuable kinds, goon set types, the costs of one item
      or path and the valuables on one item [4];
    - ``rewards``: reward bundles of one location and rewards in one bundle [2];
    - ``number``: any other number: strengths, amounts, costs, stars, starting
      resources, depths [15];
    - ``display``: items on display (``display_size``) [3];
    - ``spaces`` and ``paths``: catacomb spaces and paths [13, 15]; ``coordinate``: the
      largest ``|x|`` or ``|y|`` of a space in drawings [7];
    - ``name``: characters in a name [17];
    - ``outcomes``: outcomes of one chance node the configuration can make (a display
      refill, the goals, a loot stack, a Shapeshifter's three goons) [220];
    - ``config_values``: values (lists, objects and their items) in a saved
      configuration [917].

    Position (:func:`~.position.position`, ``load_position``, a saved match's ``start``):

    - ``tally``: a side's resources of one kind or stars of one source [under 100];
    - ``frames``: procedures in progress, the stack of a position [6];
    - ``position_values``: values in a saved position besides its setup [about 400].

    The rules fix the rest: six rounds (LB-objective), one to five players (LB-R5),
    seven crew tokens per player (LB-R6), loot stacks as tall as the player count
    (LB-setup-loot), seven board locations, five goon spaces (LB-R11).
    """

    copies: int = 100
    cards: int = 100
    kinds: int = 16
    rewards: int = 8
    number: int = 1000
    display: int = 12
    spaces: int = 100
    paths: int = 400
    coordinate: int = 10_000
    name: int = 100
    outcomes: int = 20_000
    config_values: int = 20_000
    tally: int = 1_000_000
    frames: int = 32
    position_values: int = 5_000


#: The limits in force (one immutable record: a what-if cannot loosen them by accident).
LIMITS: Final = Limits()


def field_error(field: str, problem: str) -> ConfigError:
    """A :class:`ConfigError` that names the bad field (``paths[3].to: …``).

    ``field`` and ``problem`` are the error's attributes, so that the file loaders report
    the full path of the field as a :class:`FormatError` (``setup.config.paths[3].to``).

    >>> err = field_error("paths[3].to", "unknown space 'X'")
    >>> str(err), err.field
    ("paths[3].to: unknown space 'X'", 'paths[3].to')
    """
    return ConfigError(field=field, problem=problem)


#: A whole-number field of the configuration: :func:`boardlab.core.validate.whole` with
#: Breakout's bounds (by default a count, 0 to ``LIMITS.number``) and a
#: :class:`ConfigError` naming the field (a :class:`ConfigTypeError` for a wrong type).
field_whole = partial(whole, low=0, high=LIMITS.number, rule="LIMITS.number",
                      error=ConfigError)
#: A name field (:func:`boardlab.core.validate.text`): 1 to ``LIMITS.name`` characters.
field_text = partial(text, shortest=1, longest=LIMITS.name, rule="LIMITS.name",
                     error=ConfigError)
#: A yes/no field (:func:`boardlab.core.validate.flag`): ``0`` and ``1`` are not flags.
field_flag = partial(flag, error=ConfigError)


def check_saved_values(value: Mapping[str, Any], path: str, cap: int, limit: str,
                       skip: tuple[str, ...] = ()) -> None:
    """A :class:`FormatError` naming the list or object of a saved record in which its
    values pass ``cap`` (``LIMITS.<limit>``): counted before anything is decoded, each
    list's length before its items, so the work done is bounded by ``cap`` however large
    the file. ``skip`` names fields another record checks (a state's ``setup``).

    >>> check_saved_values({"a": [1, 2], "b": {"c": [0] * 10**6}}, "state", 100, "x")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: state.b.c: 1,000,000 entries: more values than a ...
    """
    budget = cap
    pending: list[tuple[Any, str]] = [(value, path)]
    while pending:
        node, where = pending.pop()
        size = len(node)
        budget -= size
        if budget < 0:
            raise FormatError(where, f"{size:,} entries: more values than a saved "
                                     f"{'position' if 'position' in limit else 'record'} "
                                     f"holds ({cap:,} in all; lockup_breakout.limits."
                                     f"LIMITS.{limit})")
        if isinstance(node, Mapping):
            for key, item in node.items():
                if isinstance(item, (list, Mapping)) and key not in skip:
                    pending.append((item, f"{where}.{key}" if where else str(key)))
        else:
            for i, item in enumerate(node):
                if isinstance(item, (list, Mapping)):
                    pending.append((item, f"{where}[{i}]"))
        skip = ()  # only the record's own fields are skipped


def multisets(counts: Sequence[int], k: int) -> int:
    """How many different hands of ``k`` cards a pile with ``counts`` copies per kind can
    deal (the outcomes of drawing them at once).

    >>> multisets((6, 6, 6, 6, 6), 5), multisets((1, 1, 1), 2), multisets((2, 1), 3)
    (126, 3, 1)
    """
    ways = [1] + [0] * k              # ways[j]: hands of j cards from the kinds so far
    for c in counts:
        ways = [sum(ways[j - x] for x in range(min(c, j) + 1)) for j in range(k + 1)]
    return ways[k]


def check_draw_sizes(config: Any) -> None:
    """A :func:`field_error` when a chance node of ``config`` could have more than
    ``LIMITS.outcomes`` outcomes: a display refill (items on display drawn at once,
    LB-R10), the public goals (LB-R14), a loot stack looked at (LB-setup-loot) or a
    Shapeshifter's three goons (LB-goon-shapeshifter). Single cards and the tunnel
    layout (at most 140) are far below it.

    >>> from boardlab.lockup_breakout.config import Config, Goal
    >>> goals = tuple(Goal(f"G{i}", "explorer") for i in range(30))
    >>> Config(goals=goals, goals_drawn=10)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: goals_drawn: drawing 10 of 30 goals at once has 30,045,015 ...
    """
    most = LIMITS.outcomes
    items = len(config.items)
    sizes = (
        ("display_size", f"a display of {config.display_size} from {items} items",
         max(comb(items, n) for n in range(min(config.display_size, items) + 1))),
        ("goals_drawn", f"drawing {config.goals_drawn} of {len(config.goals)} goals at once",
         comb(len(config.goals), config.goals_drawn)),
        ("loot", f"a loot stack of {_TALLEST_STACK} tokens from {len(config.loot)} kinds",
         multisets([t.count for t in config.loot], _TALLEST_STACK)),
        ("goons", f"a Shapeshifter's {_SHAPESHIFTER_DRAW} goons from {len(config.goons)} "
                  "kinds", multisets([g.count for g in config.goons], _SHAPESHIFTER_DRAW)),
    )
    for field, what, n in sizes:
        if n > most:
            raise field_error(field, f"{what} has {n:,} outcomes, more than one chance "
                                     f"node may have ({most:,}: the limit of outcomes)")
