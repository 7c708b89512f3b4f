"""Facts about a Mall of Horror position, one function per fact.

Pure functions over anything shaped like a :class:`~boardlab.mall_of_horror.state.State`
(its fields ``setup``, ``chars``, ``zombies``, ``sealed``, ``hardware``, ``hidden``,
``chief``): a state, a player's :class:`~boardlab.mall_of_horror.observe.View` (public
facts only) or the rules' working copy. The rules, the agents, the picture, the odds
and :func:`~boardlab.mall_of_horror.position.position` all ask these functions, so each
fact — defence, the break-in threshold, who may be voted for, scores, the end — is
written down once. Every function is exported from ``boardlab.mall_of_horror``.

>>> from boardlab import mall_of_horror as moh
>>> s = moh.position(characters={6: ["red pinup", "blue toughguy"], 4: ["green gunman"]},
...                  zombies={6: 3}, phase="c")
>>> moh.defence(s, 6), moh.break_in_threshold(s, 6), moh.eligible_colours(s, 6)
(3, 3, ('red', 'blue'))
>>> moh.under_attack(s), moh.scores(s)
((6,), {'yellow': 0, 'red': 7, 'blue': 5, 'green': 3})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from boardlab.mall_of_horror.config import (
    KINDS,
    LOCATIONS,
    PARKING,
    POINTS,
    SUPERMARKET,
    Config,
    Setup,
)
from boardlab.words import plural

__all__ = ["CHARACTER_DEFENCE", "CHARACTER_VOTES", "break_in_threshold", "characters_at",
           "defence", "destination_options", "eligible_colours", "end_reason",
           "extra_zombies", "is_open", "location_label", "most", "scores", "turn_order",
           "under_attack", "vote_weights"]

#: What each character adds to the defence of its location (MoH-R5, MoH-f-toughguy):
#: the Tough Guy counts 2. Hidden characters still defend (MoH-f-cards).
CHARACTER_DEFENCE = {kind: 2 if kind == "toughguy" else 1 for kind in KINDS}
#: Votes each non-hidden character gives its player (MoH-R7, MoH-voting-gunman).
CHARACTER_VOTES = {kind: 2 if kind == "gunman" else 1 for kind in KINDS}


class Position(Protocol):
    """What the queries read: a State, a View or the rules' working copy."""

    @property
    def setup(self) -> Setup: ...
    @property
    def chars(self) -> tuple[tuple[str, str, int], ...]: ...
    @property
    def zombies(self) -> tuple[int, ...]: ...
    @property
    def sealed(self) -> tuple[int, ...]: ...
    @property
    def hardware(self) -> tuple[int, ...]: ...
    @property
    def hidden(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def chief(self) -> str: ...


def location_label(config: Config, location: int) -> str:
    """Number and name, as the narration prints a location.

    >>> from boardlab.mall_of_horror.config import Config
    >>> location_label(Config(), 6)
    '6 Supermarket'
    """
    return f"{location} {config.name(location)}"


def characters_at(pos: Position, location: int) -> tuple[tuple[str, str], ...]:
    """``(colour, kind)`` of the characters at ``location``, hidden ones included.

    >>> from boardlab.mall_of_horror.position import position
    >>> characters_at(position(characters={6: ["red pinup", "blue gunman"]}), 6)
    (('blue', 'gunman'), ('red', 'pinup'))
    """
    return tuple([(c, k) for c, k, loc in pos.chars if loc == location])


def is_open(pos: Position, location: int) -> bool:
    """Neither closed for this player count (MoH-R3) nor sealed (MoH-e-seal).

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={6: ["red pinup"]}, sealed=[1])
    >>> is_open(s, 1), is_open(s, 2), is_open(s, 3)
    (False, False, True)
    """
    return location not in pos.setup.closed and location not in pos.sealed


def defence(pos: Position, location: int) -> int:
    """Characters there (a Tough Guy counts 2, hidden ones too) + Hardware (MoH-R5).

    >>> from boardlab.mall_of_horror.position import position
    >>> defence(position(characters={3: ["red toughguy", "blue pinup"]}), 3)
    3
    """
    return (sum([CHARACTER_DEFENCE[k] for _, k, loc in pos.chars if loc == location])
            + pos.hardware[location - 1])


def break_in_threshold(pos: Position, location: int, *, arriving: int = 0) -> int:
    """Zombies that break into ``location`` (MoH-R5, MoH-f-supermarket, MoH-R6).

    The defence, at most ``supermarket_threshold`` (4) at the Supermarket; 1 at the
    Parking Lot, where any zombie eats. ``arriving`` adds the defence of characters
    about to arrive (what-ifs).

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={6: ["red toughguy", "red pinup", "blue toughguy"]})
    >>> defence(s, 6), break_in_threshold(s, 6), break_in_threshold(s, 4)
    (5, 4, 1)
    """
    if location == PARKING:
        return 1
    d = defence(pos, location) + arriving
    if location == SUPERMARKET:
        return min(d, pos.setup.config.supermarket_threshold)
    return d


def turn_order(pos: Position) -> tuple[str, ...]:
    """The seats this round: the Chief first, then clockwise (MoH-R10).

    >>> from boardlab.mall_of_horror.position import position
    >>> turn_order(position(characters={6: ["red pinup"]}, chief="blue"))
    ('blue', 'green', 'yellow', 'red')
    """
    colours = pos.setup.colours
    i = colours.index(pos.chief)
    return colours[i:] + colours[:i]


def eligible_colours(pos: Position, location: int) -> tuple[str, ...]:
    """Colours with a non-hidden character at ``location``, in turn order (MoH-R7).

    >>> from boardlab.mall_of_horror.position import position
    >>> eligible_colours(position(characters={5: ["red pinup", "yellow gunman"]}), 5)
    ('yellow', 'red')
    """
    hidden = pos.hidden
    present = {c for c, k, loc in pos.chars if loc == location and (c, k) not in hidden}
    return tuple([c for c in turn_order(pos) if c in present])


def vote_weights(pos: Position, location: int,
                 threats: Iterable[tuple[str, int]] = ()) -> tuple[tuple[str, int], ...]:
    """Votes of each colour that may be chosen at ``location`` (MoH-R7).

    One per non-hidden character there, two for a Gunman, plus one per Threat card
    played before the vote (MoH-voting-threat), in turn order.

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={6: ["red pinup", "red gunman", "blue pinup"]})
    >>> vote_weights(s, 6), vote_weights(s, 6, threats=[("blue", 1)])
    ((('red', 3), ('blue', 1)), (('red', 3), ('blue', 2)))
    """
    candidates = eligible_colours(pos, location)
    weight = dict.fromkeys(candidates, 0)
    weight.update(threats)
    hidden = pos.hidden
    for c, k, loc in pos.chars:
        if loc == location and (c, k) not in hidden:
            weight[c] += CHARACTER_VOTES[k]
    return tuple([(c, weight[c]) for c in candidates])


def destination_options(pos: Position, colour: str) -> tuple[int, ...]:
    """Open locations where at least one of ``colour``'s characters is not (MoH-R11).

    Capacity is not checked when choosing (MoH-R11); a colour with no character left
    has none.

    >>> from boardlab.mall_of_horror.position import position
    >>> destination_options(position(characters={6: ["red pinup", "red gunman"]}), "red")
    (1, 3, 4, 5)
    """
    mine = {loc for c, _, loc in pos.chars if c == colour}
    if not mine:
        return ()
    only = next(iter(mine)) if len(mine) == 1 else 0
    return tuple([loc for loc in LOCATIONS if loc != only and is_open(pos, loc)])


def scores(pos: Position) -> dict[str, int]:
    """Points of each colour's living characters, in seat order (MoH End of Game).

    >>> from boardlab.mall_of_horror.position import position
    >>> scores(position(players=3, characters={6: ["red pinup", "red girl"]}))
    {'yellow': 0, 'red': 8, 'blue': 0}
    """
    score = dict.fromkeys(pos.setup.colours, 0)
    for c, k, _ in pos.chars:
        score[c] += POINTS[k]
    return score


def end_reason(pos: Position) -> str | None:
    """Why the game would end if the round ended now, or ``None`` (MoH-end, MoH-R16).

    It ends when at most 4 characters are alive (6 with six players), or when every
    survivor stands at one location other than the Parking Lot.

    >>> from boardlab.mall_of_horror.position import position
    >>> end_reason(position(characters={6: ["red pinup", "blue pinup"], 3: ["red gunman"]}))
    '3 characters alive, at most 4'
    >>> chars = {6: ["red pinup", "red gunman", "blue pinup", "blue gunman", "green gunman"]}
    >>> end_reason(position(players=5, characters=chars))
    'every survivor is at 6 Supermarket'
    """
    chars = pos.chars
    living = len(chars)
    limit = pos.setup.survivors_to_end
    if living <= limit:
        return f"{plural(living, 'character')} alive, at most {limit}"
    where = chars[0][2] if chars else PARKING  # none left: no single location
    for x in chars:  # a loop that stops at the first survivor elsewhere
        if x[2] != where:
            return None
    if where != PARKING:
        return f"every survivor is at {location_label(pos.setup.config, where)}"
    return None


def most(counts: Sequence[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """The highest count and the locations that have it, in order.

    ``counts`` pairs each open location with a count; the extra zombie goes to a single
    leader with at least one (MoH-f-extra, MoH-R13).

    >>> most([(1, 2), (6, 3)]), most([(1, 3), (6, 3)])
    ((3, (6,)), (3, (1, 6)))
    """
    top = -1
    leaders: list[int] = []
    for loc, n in counts:  # one pass (the rules ask this twice in every phase f)
        if n > top:
            top, leaders = n, [loc]
        elif n == top:
            leaders.append(loc)
    if not leaders:
        raise ValueError("most() needs at least one location")
    return top, tuple(leaders)


def extra_zombies(pos: Position) -> dict[int, int]:
    """The zombies phase f) adds before the attacks (MoH-f-extra, MoH-R13).

    One for the single open location with the most characters (tokens: a Tough Guy
    counts once), one for the single location with the most Pin-Ups; a tie draws none.

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={6: ["red pinup", "blue pinup"], 3: ["green gunman"]})
    >>> extra_zombies(s)
    {6: 2}
    """
    crowd: list[tuple[int, int]] = []
    pinups: list[tuple[int, int]] = []
    for loc in LOCATIONS:
        if is_open(pos, loc):
            here = [k for _, k, at in pos.chars if at == loc]
            crowd.append((loc, len(here)))
            pinups.append((loc, here.count("pinup")))
    out: dict[int, int] = {}
    for top, leaders in (most(crowd), most(pinups)):
        if top >= 1 and len(leaders) == 1:
            out[leaders[0]] = out.get(leaders[0], 0) + 1
    return out


def under_attack(pos: Position, *, with_extra_zombies: bool = False) -> tuple[int, ...]:
    """Open occupied locations whose zombies would break in now, before any card.

    ``with_extra_zombies`` counts the zombies phase f) is about to add first (a
    position in phase e). (MoH-f, MoH-R5, MoH-R6.)

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={6: ["red pinup", "blue pinup"], 3: ["green gunman"]},
    ...              zombies={6: 1, 3: 1})
    >>> under_attack(s), under_attack(s, with_extra_zombies=True)
    ((3,), (3, 6))
    """
    extra = extra_zombies(pos) if with_extra_zombies else {}
    occupied = {x[2] for x in pos.chars}
    return tuple([loc for loc in LOCATIONS if loc in occupied and is_open(pos, loc)
                  and pos.zombies[loc - 1] + extra.get(loc, 0)
                  >= break_in_threshold(pos, loc)])
