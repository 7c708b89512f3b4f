"""The Advice panel of a board that moves on, and of a seated Level 7 board (issue 30).

A board hands its panel every position it shows; the advice is computed in a thread.
Here the computation is a stand-in for ``advise`` that waits for a gate per position,
so the order of events is the test's own (no fixed sleep decides anything):

* a position the board left before its advice was started (the panel runs at most
  ``parallel`` computations at once) is dropped, never computed;
* a computation for an old position never writes into the panel of a newer one (every
  table written on the panel is checked, as it is written, against the position then on
  show), and its result is kept in the cache for a way back;
* the progress line comes for the position on show even while an old one is still being
  computed.

A Level 7 board seated for one character shows that seat's advice, the same as
``advise`` on the bare position (no match, no history, no seed: what the seat sees, and
Level 7 hides nothing else, L7-R21), and the whole panel's widget state is the same
when what the seat cannot see differs: the match's seed and the dice it has recorded
ahead of the position (the order of the face-down piles is not in the state at all).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from boardlab import level7_lockdown as l7
from boardlab import mall_of_horror as moh
from boardlab.advice import advise
from boardlab.advice.panel import AdvicePanel, advice_table_html
from boardlab.core.chance import CHANCE
from boardlab.core.errors import ArgumentError
from tests.widgets.widget_state import tree_state

#: Exact, small and independent of the machine's load (a time budget nobody reaches).
KEYWORDS: dict[str, Any] = {"horizon": 1, "budget": {"seconds": 3600, "matches": 0}}
#: Every wait is for something to happen; this long only when it never does.
PATIENCE = 60.0


def decisions(match: Any, n: int) -> list[Any]:
    """``n`` branches of ``match`` at its next decisions with two or more choices."""
    out = []
    match = match.branch()
    while len(out) < n:
        if match.to_move is CHANCE:
            match.roll()
            continue
        if len(match.legal()) > 1:
            out.append(match.branch())
        match.push(match.legal()[0])
    return out


@pytest.fixture(scope="module")
def positions() -> list[Any]:
    """Four Mall of Horror decisions (A, B, C, D) and nothing in common but the match."""
    return decisions(moh.new_match(players=3, seed=4), 4)


@pytest.fixture(scope="module")
def tables(positions: list[Any]) -> dict[Any, str]:
    """What the panel must show at each position: ``advise``'s table."""
    return {m.state: advice_table_html(advise(m, **KEYWORDS)) for m in positions}


class Gated:
    """A stand-in for ``advise``: records each call, waits for its position's gate.

    ``before_return`` runs in the worker just before the advice is handed back (the
    board moving on at the very last moment).
    """

    def __init__(self) -> None:
        self.calls: list[Any] = []
        self.started: dict[Any, threading.Event] = {}
        self.gates: dict[Any, threading.Event] = {}
        self.before_return: Callable[[Any], None] = lambda state: None

    def gate(self, state: Any) -> threading.Event:
        return self.gates.setdefault(state, threading.Event())

    def begun(self, state: Any) -> threading.Event:
        return self.started.setdefault(state, threading.Event())

    def __call__(self, match: Any, **keywords: Any) -> Any:
        state = match.state
        self.calls.append(state)
        self.begun(state).set()
        assert self.gate(state).wait(PATIENCE), "the test never opened this gate"
        got = advise(match, **keywords)
        self.before_return(state)
        return got


def watched(panel: AdvicePanel, tables: dict[Any, str]) -> list[str]:
    """Check every table written on ``panel`` as it is written: it must be the table of
    the position on show at that moment. Returns the list of violations (to assert empty)."""
    wrong: list[str] = []
    by_table = {t: s for s, t in tables.items()}

    def check(change: dict[str, Any]) -> None:
        state = by_table.get(change["new"])
        want = panel._want[0] if panel._want is not None else None
        if state is not None and state != want:
            wrong.append(f"the table of {state!r} written while {want!r} is on show")
    panel.html.observe(check, names="value")
    return wrong


def until(condition: Callable[[], bool]) -> None:
    """Wait (polling) until ``condition()``; fail after :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.01)


@pytest.mark.parametrize("parallel", [1, 2])
def test_a_position_left_before_its_turn_is_never_computed_and_an_old_one_never_shown(
        positions: list[Any], tables: dict[Any, str], parallel: int) -> None:
    running, (left, last) = positions[:parallel], positions[parallel:parallel + 2]
    fake = Gated()
    fake.gate(last.state).set()
    panel = AdvicePanel(advise=fake, parallel=parallel, **KEYWORDS)
    wrong = watched(panel, tables)
    for m in running:   # as many computations as the panel runs at once ...
        panel.show(m)
        assert fake.begun(m.state).wait(PATIENCE)
    panel.show(left)    # ... then the board moves on twice
    panel.show(last)
    # the progress line of the position on show comes while the old ones still run
    until(lambda: "computing" in panel.status.value)
    assert panel.html.value == "" and fake.calls == [m.state for m in running]
    fake.gate(running[0].state).set()
    until(lambda: panel.html.value != "")
    assert fake.calls == [*(m.state for m in running), last.state]  # `left`: dropped
    assert panel.html.value == tables[last.state] and panel.status.value == ""
    for m in running[1:]:
        fake.gate(m.state).set()
    assert panel.wait(PATIENCE)
    assert panel.html.value == tables[last.state]
    assert wrong == []    # no old table ever reached the newer position's panel
    for m in running:     # their advice was kept: back costs nothing
        panel.show(m)
        assert panel.html.value == tables[m.state]
    assert len(fake.calls) == parallel + 1


def test_the_number_of_computations_at_once_is_checked() -> None:
    with pytest.raises(ArgumentError, match="parallel"):
        AdvicePanel(parallel=0)


def test_an_advice_finished_as_the_board_moves_on_stays_in_the_cache(
        positions: list[Any], tables: dict[Any, str]) -> None:
    a, b, _, _ = positions
    fake = Gated()
    for m in (a, b):
        fake.gate(m.state).set()
    panel = AdvicePanel(advise=fake, **KEYWORDS)
    wrong = watched(panel, tables)
    # the board moves on to B in the worker, after A's advice is computed, before it is
    # written: A must not be written, B is computed next
    fake.before_return = lambda state: panel.show(b) if state == a.state else None
    panel.show(a)
    until(lambda: fake.begun(b.state).is_set())
    assert panel.wait(PATIENCE)
    assert panel.html.value == tables[b.state] and wrong == []
    panel.show(a)
    assert panel.html.value == tables[a.state] and fake.calls == [a.state, b.state]


def test_back_to_the_position_being_computed_does_not_compute_it_twice(
        positions: list[Any], tables: dict[Any, str]) -> None:
    a, b, _, _ = positions
    fake = Gated()
    panel = AdvicePanel(advise=fake, **KEYWORDS)
    wrong = watched(panel, tables)
    panel.show(a)
    assert fake.begun(a.state).wait(PATIENCE)
    panel.show(b)   # forward and back while A is computed: A is not started again
    panel.show(a)
    until(lambda: "computing" in panel.status.value)
    for m in (a, b):
        fake.gate(m.state).set()
    assert panel.wait(PATIENCE)
    assert fake.calls.count(a.state) == 1 and panel.html.value == tables[a.state]
    assert panel.status.value == "" and wrong == []


def test_a_message_is_not_overwritten_by_the_advice_still_being_computed(
        positions: list[Any], tables: dict[Any, str]) -> None:
    a, b, _, _ = positions
    fake = Gated()
    panel = AdvicePanel(advise=fake, parallel=1, **KEYWORDS)
    wrong = watched(panel, tables)
    panel.show(a)
    assert fake.begun(a.state).wait(PATIENCE)
    panel.show(b)   # waits for A's thread ...
    panel.message("No advice for red here: it is blue's decision.")
    fake.gate(a.state).set()
    assert panel.wait(PATIENCE)
    assert fake.calls == [a.state] and wrong == []   # ... and is dropped by the message
    assert panel.html.value == "<i>No advice for red here: it is blue&#x27;s decision.</i>"
    assert panel.status.value == ""


def test_a_burst_of_moves_ends_on_the_last_positions_advice(
        positions: list[Any], tables: dict[Any, str]) -> None:
    rng = random.Random(30)

    def quick(match: Any, **keywords: Any) -> Any:
        time.sleep(rng.random() / 100)  # the worker and the board interleave anyhow
        return advise(match, **keywords)
    panel = AdvicePanel(advise=quick, **KEYWORDS)
    wrong = watched(panel, tables)
    for _ in range(80):
        panel.show(rng.choice(positions))
        if rng.random() < 0.5:
            time.sleep(rng.random() / 200)
    last = rng.choice(positions)
    panel.show(last)
    assert panel.wait(PATIENCE)
    assert panel.html.value == tables[last.state] and panel.status.value == ""
    assert wrong == []


# -- a seated Level 7 board ---------------------------------------------------------------
SEAT, OTHER = "Cody", "Leo"


def level7_decisions(seat: str) -> Iterator[tuple[Any, int]]:
    """``(played match, ply)``: the decisions of ``seat`` with two or more choices in a
    played two-player Level 7 match (the layout test's first setup)."""
    played = l7.play(players=2, seed=1)
    rules = played.rules
    for k, record in enumerate(played.records):
        if rules.to_move(record.before) == seat and len(rules.legal(record.before)) > 1:
            yield played, k


def other_future(played: Any, ply: int) -> Any:
    """The same position as ``played`` at ``ply``, on another seed, with other plies
    recorded ahead of it (its own dice and first choices), seeked back to ``ply``."""
    other = played.branch(ply, seed=played.seed + 1000)
    for _ in range(12):
        if other.is_over:
            break
        other.roll() if other.to_move is CHANCE else other.push(other.legal()[-1])
    other.seek(ply)
    return other


def ahead(match: Any) -> tuple[Any, ...]:
    """The plies ``match`` has recorded after the one on show (Step would replay them)."""
    return match.branch(match.recorded_plies).records[match.ply:]


def advised_board(match: Any) -> Any:
    board = l7.Board(match, seat=SEAT)
    board.advice.keywords = dict(KEYWORDS)
    board.advice.set(True)
    panel = board.advice.panel
    assert panel is not None and panel.wait(PATIENCE)
    return board


def test_a_seated_level7_board_advises_its_seat_from_the_position_alone() -> None:
    seen = 0
    for played, ply in list(level7_decisions(SEAT))[:3]:
        mine = played.branch()
        mine.seek(ply)                      # the real future recorded ahead
        theirs = other_future(played, ply)  # another seed, another future
        assert mine.state == theirs.state and mine.to_move == SEAT
        assert ahead(theirs) and ahead(mine) and ahead(theirs) != ahead(mine)
        assert theirs.seed != mine.seed
        left, right = advised_board(mine), advised_board(theirs)
        expected = advise(mine.state, seat=SEAT, **KEYWORDS)  # the bare position
        assert expected.seat == SEAT and len(expected.rows) == len(mine.legal())
        for board in (left, right):
            assert board.advice.panel.html.value == advice_table_html(expected)
            assert f"Advice for {SEAT} " in board.advice.panel.html.value
        # what the seat cannot see differs; its panel does not, to the last widget trait
        assert tree_state(left.advice.panel.widget) == tree_state(right.advice.panel.widget)
        seen += 1
    assert seen == 3


def test_a_seated_level7_board_waits_through_the_other_seats_turn_to_its_own() -> None:
    played = l7.play(players=2, seed=1)
    rules = played.rules
    ply = next(k for k, r in enumerate(played.records) if rules.to_move(r.before) == OTHER
               and len(rules.legal(r.before)) > 1 and k > 0)
    board = l7.Board(played.branch(ply), seat=SEAT)   # nothing recorded ahead: agents play
    board.advice.keywords = dict(KEYWORDS)
    board.advice.set(True)
    panel = board.advice.panel
    assert panel is not None
    calls: list[Any] = []
    real = panel._advise
    panel._advise = lambda m, **kw: calls.append((m.state, kw.get("seat"))) or real(m, **kw)
    board.advice.follow(board.match)
    assert panel.wait(PATIENCE) and calls == []   # the other seat's decision: nothing asked
    assert panel.html.value == (f"<i>No advice for {SEAT} here: it is {OTHER}&#x27;s "
                                "decision.</i>")
    steps = 0
    while board.match.to_move != SEAT:
        assert not board.match.is_over and steps < 400
        board.step()
        steps += 1
    assert panel.wait(PATIENCE)
    state = board.match.state
    assert calls == [(state, SEAT)]               # asked once, for the seat, at its decision
    assert panel.html.value == advice_table_html(advise(state, seat=SEAT, **KEYWORDS))
