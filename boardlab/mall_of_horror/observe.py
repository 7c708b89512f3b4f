"""What one player may know: the public board, their own secrets, nothing more.

Other players' cards, secret destinations and secret ballots are hidden; the zombie
roll is visible only to those who may look (MoH-c, MoH-R10); a searcher sees the cards
they drew.

>>> from boardlab.mall_of_horror import new_match
>>> view = observe(new_match(players=4, seed=1).state, "red")
>>> view.hand, view.roll
((), None)
>>> public_view(new_match(players=4, seed=1).state).player is None
True
"""

from __future__ import annotations

from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.core.frozen import dataclass
from boardlab.mall_of_horror.config import Setup
from boardlab.mall_of_horror.state import Phase, State


@dataclass(frozen=True, slots=True)
class View:
    """A player's view of the match (what an agent sees)."""

    player: str | None                     # None: the public view (no one's secrets)
    setup: Setup
    round: int
    phase: str
    chars: tuple[tuple[str, str, int], ...]
    eaten: tuple[tuple[str, str], ...]
    zombies: tuple[int, ...]
    sealed: tuple[int, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    chief: str
    chief_elected: bool
    roll: tuple[int, ...] | None          # None: may not look
    destination: int | None               # own destination this round
    known_destinations: tuple[tuple[str, int], ...]
    hardware: tuple[int, ...]
    hidden: tuple[tuple[str, str], ...]
    eliminated: tuple[tuple[str, int], ...]
    pending: str
    purpose: str
    location: int
    candidates: tuple[str, ...]
    my_ballot: str | None
    drawn: tuple[str, ...]                 # the truck cards, for the searcher only
    # What every player sees of the procedure in progress (issue 26: a seat's board and
    # its view agree): the placement dice rolled openly, who acts in turn, the votes each
    # voter casts and the Threat cards played, a second vote, the colour a vote chose.
    dice: tuple[int, ...] = ()
    order: tuple[str, ...] = ()
    turn: int = 0
    weights: tuple[tuple[str, int], ...] = ()
    threats: tuple[tuple[str, int], ...] = ()
    second: bool = False
    chosen: str = ""


def observe(state: State, player: str) -> View:
    """``player``'s view of ``state``."""
    if not isinstance(state, State):
        raise ArgumentTypeError("state", state, "expected a moh.State")
    setup = state.setup
    if not isinstance(player, str) or player not in setup.colours:
        raise ArgumentError("player", player, f"unknown player; players are "
                                              f"{', '.join(setup.colours)}")
    return _view(state, player)


def public_view(state: State) -> View:
    """What everyone may know: the view of an onlooker who holds no secret of their own."""
    if not isinstance(state, State):
        raise ArgumentTypeError("state", state, "expected a moh.State")
    return _view(state, None)


def _view(state: State, player: str | None) -> View:
    setup = state.setup
    p = state.pending
    own_dest = next((loc for c, loc in state.destinations if c == player), None)
    if state.phase in (Phase.E, Phase.F):
        known = state.destinations            # revealed at the start of phase e
    else:
        known = tuple((c, loc) for c, loc in state.destinations
                      if c == player or (c == state.chief and state.chief_elected))
    roll = state.roll if state.roll and player in state.lookers else None
    ballot = next((col for v, col in p.ballots if v == player), None)
    hand = state.hands[setup.colours.index(player)] if player is not None else ()
    return View(player=player, setup=setup, round=state.round, phase=state.phase,
                chars=state.chars, eaten=state.eaten, zombies=state.zombies,
                sealed=state.sealed, hand=hand,
                hand_sizes=tuple(len(h) for h in state.hands), deck_size=state.deck_size,
                chief=state.chief, chief_elected=state.chief_elected, roll=roll,
                destination=own_dest, known_destinations=known, hardware=state.hardware,
                hidden=state.hidden, eliminated=state.eliminated, pending=p.kind,
                purpose=p.purpose, location=p.location, candidates=p.candidates,
                my_ballot=ballot, drawn=p.drawn if p.chosen == player else (),
                dice=p.dice, order=p.order, turn=p.index, weights=p.weights,
                threats=p.threats, second=p.second, chosen=p.chosen)
