"""Phase f) split into the parts of its future that do not meet, for the exact advice.

The locations are attacked one after the other (MoH-f). A vote at a location decides who
is eaten *there*: the cards were played in the window before it (MoH-f-cards), no one
moves, and the locations after it see the same characters, zombies and hands whatever the
vote chose. So a position waiting for a sacrifice vote's ballot, a tie-break (MoH-R8) or
a victim (MoH-R7) is two positions that do not meet: the vote alone, and the attacks
after it as if the vote had eaten no one; so is the vote of the Parking Lot's last meal
(one zombie left: no window opens there after it, MoH-parking). A window (or the Parking
Lot's meals, each of which opens a window again: MoH-parking) is split the same way when
no colour there holds a card it could play there and also has a character further on:
what is played here then changes nothing later.

Each part keeps only what its future reads: the characters at the locations it still
attacks, their zombies, Hardware and hidden characters, the cards such colours could
play, the Chief (the turn order, MoH-R10) and the procedure in progress; what is already
over (earlier locations, the eaten, the discards, the destinations) is left out. The
measures of the advice (points and which of the seat's characters live) add up over the
characters, so each part's change of them adds up to the position's
(:mod:`boardlab.advice.exact`); positions that differ only in what a part leaves out
share its value. A part where the advised colour has no character changes none of its
measures, whatever it votes there (everyone votes in a second vote, MoH-R8): it is left
out, and a position where the zombies will break in nowhere it stands is valued at once.

>>> from boardlab.mall_of_horror.position import position
>>> from boardlab.mall_of_horror.rules import open_vote
>>> s = open_vote(position(characters={3: ["red pinup", "blue pinup"],
...                                    6: ["red gunman", "blue gunman"]},
...                        zombies={3: 5, 6: 5}, phase="c"), "sacrifice", 3)
>>> (vote, _), (later, before) = parts(s, "red", "round")
>>> [loc for _, _, loc in vote.chars], later.pending.kind, later.pending.location
([3, 3], 'ballot', 6)
>>> before.chars == later.chars  # no one is eaten on the way to 6's vote
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from boardlab.mall_of_horror.config import CARDS, PARKING, SUPERMARKET
from boardlab.mall_of_horror.queries import CHARACTER_DEFENCE
from boardlab.mall_of_horror.rules.work import CHARS, HANDS, Char, _new
from boardlab.mall_of_horror.rules.worker import Work
from boardlab.mall_of_horror.state import Kind, Phase, Purpose, State

__all__ = ["parts"]

#: What a phase f) window may offer (MoH-f-cards): other cards wait for later rounds.
PLAYABLE = frozenset({"threat", "hardware", "weapon1", "weapon2", "hidden"})
#: The decisions and chance of an attack, each at one location (``pending.location``).
_ATTACK = frozenset({Kind.WINDOW, Kind.BALLOT, Kind.TIEBREAK, Kind.PICK_VICTIM})
#: The votes of a sacrifice: no card is played from here to the next location.
_VOTE = frozenset({Kind.BALLOT, Kind.TIEBREAK, Kind.PICK_VICTIM})
#: What may be played at the Parking Lot (not Hardware, MoH-R5).
_AT_PARKING = PLAYABLE - {"hardware"}
_NO_DISCARD = (0,) * len(CARDS)


def parts(state: State, seat: str, horizon: str) -> tuple[tuple[State, State], ...] | None:
    """The parts of ``state``'s future to ``horizon`` (the round or the phase: in phase
    f) both end with the round), or None where it is not split (see the module notes):
    ``(part, since)`` pairs, ``since`` the part before the attacks its first step ran
    (a Tough Guy alone at the Supermarket is eaten on the way to the next decision).

    >>> from boardlab.mall_of_horror.position import position
    >>> parts(position(characters={3: ["red pinup"]}, phase="c"), "red", "round") is None
    True
    """
    if state.phase != Phase.F or (horizon != "round" and horizon != "phase"):
        return None
    p = state.pending
    if p.kind not in _ATTACK:
        return None
    here = p.location
    # A sacrifice's vote, or the vote of the Parking Lot's last meal (one zombie left:
    # after it the zombies are gone, MoH-parking), is followed by no window there: it
    # decides who is eaten there and nothing else.
    vote = p.kind in _VOTE and (p.purpose == Purpose.SACRIFICE or
                                p.purpose == Purpose.MEAL and state.zombies[here - 1] == 1)
    falls, mine, coupled = _survey(state, seat, here)
    if True in falls and (vote or not coupled):
        out = []
        if mine[here]:
            part = vote_only(state, seat, here) if vote else _alone(state, seat, here)
            out.append((part, part))
        if True in mine[here + 1:]:
            rest = only(state, falls)
            out.append((_after(rest, here), rest))
        return tuple(out)
    falls[here] = True
    if not mine[here] and True not in mine[here + 1:]:
        return ()  # the seat has no one where the zombies still break in
    if vote:
        small = vote_only(state, seat, here)
    elif True in falls[here + 1:]:
        small = only(state, falls)
    else:
        small = _alone(state, seat, here)
    return None if small == state else ((small, small),)


def _survey(state: State, seat: str, here: int) -> tuple[list[bool], list[bool], bool]:
    """In one pass over the characters: which locations after ``here`` the zombies
    will break into (MoH-R5, MoH-R6, MoH-f-supermarket; what is played here changes
    nothing there: a Weapon or Hardware acts where it is played, so the others hold
    whatever happens here and the characters there live out the round), where the
    seat has characters among those and ``here``, and whether a colour at ``here``
    holds a card it may play here and has a character where they will break in later
    (then what is played here may change what is played there)."""
    defence = [0] * 7
    colours_at: list[set[str]] = [set(), set(), set(), set(), set(), set(), set()]
    for c, k, loc in state[CHARS]:
        if loc >= here:
            defence[loc] += CHARACTER_DEFENCE[k]
            colours_at[loc].add(c)
    falls = [False] * 7
    zombies, hardware = state.zombies, state.hardware
    later: set[str] = set()
    for loc in range(here + 1, 7):
        d = defence[loc]
        if not d:
            continue  # no one there
        z = zombies[loc - 1]
        if loc == PARKING:
            f = z > 0
        else:
            d += hardware[loc - 1]
            if loc == SUPERMARKET:
                d = min(d, state.setup.config.supermarket_threshold)
            f = z > 0 and z >= d
        if f:
            falls[loc] = True
            later |= colours_at[loc]
    mine = [falls[loc] and seat in colours_at[loc] for loc in range(7)]
    mine[here] = seat in colours_at[here]
    both = colours_at[here] & later
    coupled = False
    if both:
        for colour, hand in zip(state.setup.colours, state[HANDS], strict=True):
            if colour in both:
                for card in hand:
                    if card in PLAYABLE and (card != "hardware" or here != PARKING):
                        coupled = True
    return falls, mine, coupled


def _alone(state: State, seat: str, here: int) -> State:
    """Location ``here`` alone (see :func:`only`); at the Parking Lot, where defence
    plays no part (MoH-R6), another colour's characters but its Gunman (2 votes,
    MoH-R7) differ in nothing that changes the seat's measures, so they are named
    alike there (see :func:`plain_kinds`), and Hardware, which cannot be played there
    (MoH-R5), is left out of the hands."""
    if here != PARKING:
        return only(state, _AT[here])
    part = only(state, _AT[here], playable=_AT_PARKING)
    return plain_kinds(part, seat)


#: The names another colour's characters but its Gunman are given at the Parking Lot.
_PLAIN = ("girl", "pinup", "toughguy")


def plain_kinds(state: State, seat: str) -> State:
    """``state`` (the Parking Lot alone) with each other colour's characters but the
    Gunman named from :data:`_PLAIN` in order, those not hidden first: who is eaten
    there changes only who votes with what weight at the next meal (MoH-R6, MoH-R7),
    and a Pin-Up, a Tough Guy and the Little Girl each vote with 1.

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={4: ["red toughguy", "blue toughguy", "blue gunman"]})
    >>> plain_kinds(s, "blue").chars
    (('blue', 'gunman', 4), ('blue', 'toughguy', 4), ('red', 'girl', 4))
    """
    hidden = state.hidden
    own: list[Char] = []
    others: dict[str, list[tuple[bool, Char]]] = {}
    for x in state[CHARS]:
        if x[0] == seat or x[1] == "gunman":
            own.append(x)
        else:
            others.setdefault(x[0], []).append(((x[0], x[1]) in hidden, x))
    if not others:
        return state
    chars = own
    renamed = [h for h in hidden if h[0] == seat or h[1] == "gunman"]
    for colour, xs in others.items():
        xs.sort()  # not hidden first, as the names go
        for name, (is_hidden, x) in zip(_PLAIN, xs, strict=False):
            chars.append((colour, name, x[2]))
            if is_hidden:
                renamed.append((colour, name))
    return state._replace(chars=tuple(sorted(chars)), hidden=tuple(sorted(renamed)))


#: Only location ``i`` kept (see :func:`only`).
_AT = tuple(tuple(loc == i for loc in range(7)) for i in range(7))


def only(state: State, keep: Sequence[bool], *, cards: bool = True,
         playable: frozenset[str] = PLAYABLE) -> State:
    """``state`` with only what the locations ``keep`` marks (by index, 1–6) still
    read: their characters, zombies, Hardware and hidden characters, and (with
    ``cards``) the playable cards of the colours there; the rest emptied.

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={3: ["red pinup"], 5: ["blue pinup"]}, zombies={3: 2, 5: 1},
    ...              phase="c")
    >>> kept = only(s, [False, False, False, False, False, True, True])
    >>> kept.chars, kept.zombies
    ((('blue', 'pinup', 5),), (0, 0, 0, 0, 1, 0))
    """
    chars = []  # loops, not comprehensions: this runs at most positions of phase f)
    colours = set()
    for x in state[CHARS]:
        if keep[x[2]]:
            chars.append(x)
            colours.add(x[0])
    return _rebuilt(state, tuple(chars), keep, colours, playable if cards else None)


def vote_only(state: State, seat: str, here: int) -> State:
    """The vote at ``here`` alone, for ``seat``'s measures: every character of the seat
    there, and of each other colour one (not hidden if it has one): the weights are
    the vote's own already (MoH-R7), and which of another colour's characters is eaten
    changes nothing of the seat's; a colour still counts as a candidate, or as hiding
    for a second vote (MoH-R8), as it did."""
    hidden = state.hidden
    chars = []
    kept: dict[str, int] = {}  # another colour: the index of its one character in chars
    for x in state[CHARS]:
        if x[2] != here:
            continue
        colour = x[0]
        if colour == seat:
            chars.append(x)
            continue
        at = kept.get(colour)
        if at is None:
            kept[colour] = len(chars)
            chars.append(x)
        elif (colour, x[1]) not in hidden and (colour, chars[at][1]) in hidden:
            chars[at] = x  # one it may be chosen by
    return _rebuilt(state, tuple(chars), _AT[here], set(), None)


def _rebuilt(state: State, chars: tuple[Char, ...], where: Sequence[bool], colours: set[str],
             cards: frozenset[str] | None) -> State:
    """``state`` with ``chars`` and what is left of the rest (see :func:`only`): the
    hands of ``colours`` keep the ``cards`` they hold (none: no hands)."""
    if cards is not None:
        hands = []
        for colour, hand in zip(state.setup.colours, state[HANDS], strict=True):
            if colour in colours and hand:
                hands.append(tuple([c for c in hand if c in cards]))
            else:
                hands.append(())
        hands_t = tuple(hands)
    else:
        hands_t = ((),) * len(state[HANDS])
    zombies = state.zombies
    hardware = state.hardware
    z, h = [0] * 6, [0] * 6
    for i in range(6):
        if where[i + 1]:
            z[i], h[i] = zombies[i], hardware[i]
    hidden = state.hidden
    if hidden:
        kinds = {(x[0], x[1]) for x in chars}
        hidden = tuple([x for x in hidden if x in kinds])
    (setup, round_, phase, _, _, _, _, _, deck, bottom, _, chief, _, _, _, _, _, _, _,
     pending) = state
    return _new(State, (setup, round_, phase, chars, (), tuple(z), (), hands_t, deck, bottom,
                        _NO_DISCARD, chief, False, (), (), (), tuple(h), hidden, (), pending))


@lru_cache(maxsize=1 << 15)
def _after(state: State, here: int) -> State:
    """The attacks after location ``here`` (MoH-f), from ``state`` (already without
    ``here``): the next decision they wait for, or the round's end."""
    w = Work(state)
    w.attack_from(here + 1)
    return w.freeze()
