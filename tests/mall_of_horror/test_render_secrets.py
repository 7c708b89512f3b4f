"""``render_svg`` for a seat never shows another seat's secrets (issue 19, item 9).

A non-interference check over positions of real matches: for each viewer, every secret
that viewer may not know (other players' hands, the arrival roll when they may not
look, others' secret destinations, others' secret ballots, the searcher's truck cards)
is changed to something else; the picture drawn for that viewer must be byte-identical.
A picture that showed any of these would differ. The changed positions need not be
reachable: the renderer is only asked to draw what the viewer may see.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from boardlab import mall_of_horror as moh
from boardlab.mall_of_horror.state import State


def other_card(card: str) -> str:
    return "hidden" if card != "hidden" else "threat"


def with_other_secrets(state: State, viewer: str) -> State:
    """``state`` with everything ``viewer`` may not know changed."""
    colours = state.setup.colours
    seat = colours.index(viewer)
    hands = tuple(h if i == seat else tuple(sorted(other_card(c) for c in h))
                  for i, h in enumerate(state.hands))
    roll = state.roll
    if roll and viewer not in state.lookers:
        roll = tuple(7 - d for d in roll)  # other dice, as many
    if state.phase in ("e", "f"):
        destinations = state.destinations  # revealed at the start of phase e
    else:
        def known(c: str) -> bool:
            return c == viewer or (c == state.chief and state.chief_elected)
        destinations = tuple((c, loc if known(c) else 1 + loc % 6)
                             for c, loc in state.destinations)
    p = state.pending
    ballots = tuple((v, col if v == viewer else next(x for x in colours if x != col))
                    for v, col in p.ballots)
    drawn = p.drawn if p.chosen == viewer else tuple(other_card(c) for c in p.drawn)
    deck = tuple(reversed(state.deck))  # the unseen deck's make-up (its size is public)
    return state._replace(hands=hands, roll=roll, destinations=destinations, deck=deck,
                          pending=p._replace(ballots=ballots, drawn=drawn))


def secrets_changed(state: State, other: State) -> bool:
    return (state.hands, state.roll, state.destinations, state.pending.ballots,
            state.pending.drawn) != (other.hands, other.roll, other.destinations,
                                     other.pending.ballots, other.pending.drawn)


@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), stop=st.integers(0, 300))
def test_a_seats_picture_does_not_depend_on_anothers_secrets(seed: int, players: int,
                                                            stop: int) -> None:
    m = moh.play(players=players, seed=seed)
    m.seek(min(stop, m.recorded_plies))
    state = m.state
    for viewer in state.setup.colours:
        other = with_other_secrets(state, viewer)
        assert moh.observe(other, viewer) == moh.observe(state, viewer)  # the same view
        assert moh.render_svg(other, viewer=viewer) == moh.render_svg(state, viewer=viewer)


def test_the_check_sees_a_leak() -> None:
    """The same change is visible to everyone when drawn for no viewer (omniscient)."""
    m = moh.play(players=4, seed=3)
    seen = 0
    for ply in range(0, m.recorded_plies, 7):
        m.seek(ply)
        state = m.state
        other = with_other_secrets(state, "red")
        if secrets_changed(state, other) and any(state.hands[1:]):
            seen += 1
            drawn: Any = moh.render_svg(state, omniscient=True)
            assert moh.render_svg(other, omniscient=True) != drawn
    assert seen > 5
