"""The generic GameBoard driven with a second game (the toy of tests/core/toy.py).

Every panel must be exactly what the toy's hooks compute; Back must restore exactly
what was shown; a hook that raises must leave the board and the match as they were;
a long choice list goes through the grouped pad with the index contract intact.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import IllegalAction
from boardlab.narrate import narrate
from boardlab.widgets.board import GameBoard
from boardlab.widgets.odds_panel import odds_table_html
from tests.core.toy import RULES, Add, Coin, ToySetup
from tests.widgets.toy_views import TITLES, ToyBoard, win_now


def find(widget, css_class):
    out = [widget] if css_class in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out.extend(find(child, css_class))
    return out


def one(widget, css_class):
    found = find(widget, css_class)
    assert len(found) == 1, (css_class, found)
    return found[0]


def shown(board: GameBoard) -> tuple:
    """Everything the board shows, read from the widgets themselves."""
    w = board.widget
    groups = find(w, "bl-choice-group")
    return (one(w, "bl-board-svg").value, one(w, "bl-odds-panel").value,
            one(w, "bl-log-view").value, one(w, "bl-status").value,
            tuple(b.description for b in find(w, "bl-choice")),
            tuple(tuple(g.options) for g in groups),
            # Re-roll from here is on only while plies are recorded ahead (issue 29), so
            # after Back it differs from the first showing, by design: left out here.
            tuple(b.disabled for b in find(w, "bl-stepper-button")
                  if "bl-stepper-reroll" not in b._dom_classes))


def api_view(board: GameBoard) -> tuple:
    return (board.svg, board.odds, board.odds_html, board.log_html, board.status,
            tuple(board.log_lines), tuple(board.choice_labels), board.offered)


def last_event(match: Match):
    events = match.events
    return events[-1] if events else None


def check_position(board: ToyBoard) -> None:
    """The board shows exactly what the toy's hooks give for the current position."""
    match, seat = board.match, board.seat
    state = match.state
    live = win_now(state)
    assert board.odds == live
    empty = "The game is over."
    assert board.odds_html == odds_table_html(live, labels={"a": "player a", "b": "player b"},
                                              title="Wins this turn", empty=empty)
    highlight = tuple(sorted({e.who for e in match.last_events if e.who}))
    assert board.svg == board.render(state, viewer=seat, highlight=highlight, odds=live)
    assert board.log_lines == narrate(match.events, viewer=seat, phase_titles=TITLES)
    expected = [f"{state.totals[0]}–{state.totals[1]}",
                "game over" if match.is_over else f"to move: {match.to_move}"]
    if match.events:
        expected.append(f"last: {match.events[-1].summary}")
    assert board.status == " · ".join(expected)
    svg, odds_html, log_html, status = shown(board)[:4]
    assert (svg, odds_html, log_html, status) == (board.svg, board.odds_html, board.log_html,
                                                  board.status)


def new(match_seed: int = 1, **kwargs) -> ToyBoard:
    return ToyBoard(Match(RULES, ToySetup(), seed=match_seed), **kwargs)


def test_the_toy_odds_hook_matches_a_hand_count() -> None:
    # a flip from 3: heads allows +2 (5), tails +3 (6): both win; from 2 only tails does
    s = RULES.initial(ToySetup())
    assert win_now(s._replace(totals=(3, 0))) == {"a": Fraction(1)}
    assert win_now(s._replace(totals=(2, 0))) == {"a": Fraction(1, 2)}
    assert win_now(s._replace(totals=(1, 0))) == {"a": Fraction(0)}
    assert win_now(s._replace(totals=(0, 2), mover=1, coin=True)) == {"b": Fraction(0)}
    assert win_now(s._replace(totals=(0, 2), mover=1, coin=False)) == {"b": Fraction(1)}
    assert win_now(s._replace(totals=(5, 0))) == {}


# -- stepping ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_clicking_step_plays_the_toy_game_and_every_panel_follows_the_hooks(seed: int) -> None:
    board = new(seed)
    check_position(board)
    step = board.stepper.buttons["step"]
    while not board.match.is_over:
        ply = board.match.ply
        step.click()
        assert board.match.ply == ply + 1
        check_position(board)
    assert step.disabled and board.status.endswith(board.match.events[-1].summary)
    assert "game over" in board.status
    assert board.step() == () and board.status.startswith("the match is over · ")


def test_default_agents_are_the_seeded_random_agents_of_agent_table() -> None:
    from boardlab.core.simulate import agent_table, play_out

    board = new(7, seed=7)
    while board.can_step:
        board.step()
    reference = play_out(Match(RULES, ToySetup(), seed=7), agent_table(("a", "b"), None, 7))
    assert board.match.choices == reference.choices


def test_play_phase_and_play_round_stop_where_the_hooks_say() -> None:
    board = new(3)
    assert board.play_phase() == 1 and board.match.state.coin is not None  # the flip
    assert board.play_phase() == 1 and board.match.state.coin is None      # the add
    start = board.match.state.mover
    assert board.play_round() == 2 and board.match.state.mover != start    # a whole turn
    check_position(board)
    seated = new(3, seat="b")
    seated.play_round()
    seated.play_round()  # a's turn, then b's flip: b must choose
    assert seated.match.to_move == "b" and seated.play_round() == 0


def test_back_restores_exactly_what_was_shown_at_every_ply_with_a_seat() -> None:
    board = new(4, seat="a", group_above=0)  # a's two choices come through the grouped pad
    history = [(shown(board), api_view(board))]
    rng = random.Random(4)
    while not board.match.is_over:
        if board.match.to_move == "a":
            pad = board.choice_pad
            assert pad.groups == ["one", "more"] and pad.buttons == []
            pad.select(rng.choice(pad.groups))
            pad.buttons[0].click()
        else:
            board.stepper.buttons["step"].click()
        history.append((shown(board), api_view(board)))
    assert any(view[0][5] for view in history)  # some positions offered groups
    for expected in reversed(history[:-1]):
        board.stepper.buttons["back"].click()
        assert (shown(board), api_view(board)) == expected
    assert board.match.ply == 0 and board.back() is None


def test_reset_returns_to_ply_zero_and_replays_the_same_match() -> None:
    board = new(5)
    start = (shown(board), api_view(board))
    board.play_round()
    board.play_round()
    choices = board.match.choices
    board.stepper.buttons["reset"].click()
    assert board.match.ply == 0 and (shown(board), api_view(board)) == start
    while board.match.ply < len(choices):
        board.step()
    assert board.match.choices == choices


# -- a seat and its choices -------------------------------------------------------------------
def test_a_seat_is_offered_the_legal_choices_by_their_labels_and_groups() -> None:
    board = new(2, seat="b")
    while board.match.to_move != "b":
        board.step()
    legal = board.match.legal()
    assert board.offered == legal
    assert board.choice_labels == [f"+{c.amount}" for c in legal]
    assert board.choice_groups == ["one" if c.amount == 1 else "more" for c in legal]
    # two choices are fewer than the default grouping limit: plain buttons
    assert board.choice_pad.groups == [] and find(board.widget, "bl-choice-group") == []
    buttons = find(board.widget, "bl-choice")
    assert [b.description for b in buttons] == board.choice_labels
    ply = board.match.ply
    for name in ("step", "phase", "round"):
        board.stepper.buttons[name].click()
        assert board.match.ply == ply
    buttons[1].click()
    assert board.match.records[-1].choice == legal[1]
    check_position(board)


def test_the_grouped_pad_keeps_the_index_contract_on_the_board() -> None:
    board = new(6, seat="a", group_above=1)
    board.step()  # the flip
    legal = board.match.legal()
    pad = board.choice_pad
    selector = one(board.widget, "bl-choice-group")
    assert list(selector.options) == ["one", "more"] and selector.value is None
    assert find(board.widget, "bl-choice") == []
    selector.value = "more"  # as a click in the browser does
    assert pad.group == "more" and pad.visible == [1]
    [button] = find(board.widget, "bl-choice")
    assert button.description == board.choice_labels[1]
    button.click()
    assert board.match.records[-1].choice == legal[1]
    assert find(board.widget, "bl-choice-group") == []  # chance to move: nothing offered


def test_an_illegal_choice_raises_and_changes_nothing() -> None:
    board = new(1, seat="a")
    before = (shown(board), api_view(board))
    with pytest.raises(IllegalAction, match="chance decides"):
        board.choose(Coin(True))
    board.step()
    before, ply = (shown(board), api_view(board)), board.match.ply
    with pytest.raises(IllegalAction, match="add 7 is not a legal choice for a"):
        board.choose(Add(7))
    assert (shown(board), api_view(board)) == before and board.match.ply == ply


def test_a_board_refuses_another_game_an_unknown_seat_and_a_bad_group_limit() -> None:
    from boardlab import mall_of_horror as moh

    with pytest.raises(ValueError, match="match: expected a toy match"):
        ToyBoard(moh.new_match(players=4))
    with pytest.raises(ValueError, match=r"seat: unknown seat; players are a, b \(got 'c'\)"):
        new(seat="c")
    for bad in (-1, True, 2.5):
        with pytest.raises(ValueError, match="group_above: expected a whole number"):
            new(group_above=bad)


# -- a hook that fails leaves everything as it was ----------------------------------------------
class Poisoned(ToyBoard):
    """A toy board whose hook named ``hook`` raises past the ply it was armed at."""

    hook = "render"
    armed: int | None = None

    def _check(self, name: str) -> None:
        if name == self.hook and self.armed is not None and self.match.ply > self.armed:
            raise RuntimeError(f"{name} broke")

    def render(self, state, **kwargs):
        self._check("render")
        return super().render(state, **kwargs)

    def odds_for(self, state):
        self._check("odds_for")
        return super().odds_for(state)

    def status_line(self, state, last, viewer):
        self._check("status_line")
        return super().status_line(state, last, viewer)

    def highlights(self, events, viewer):
        self._check("highlights")
        return super().highlights(events, viewer)

    def choice_label(self, choice):
        self._check("choice_label")
        return super().choice_label(choice)


# After b's own choice chance moves, so no labels are made there: that pair cannot fail.
CASES = [(hook, action)
         for hook in ("render", "odds_for", "status_line", "highlights", "choice_label")
         for action in ("step", "play_phase", "play_round", "choose")
         if (hook, action) != ("choice_label", "choose")]


@pytest.mark.parametrize(("hook", "action"), CASES)
def test_a_hook_that_raises_leaves_board_and_match_exactly_as_before(hook, action) -> None:
    board = Poisoned(Match(RULES, ToySetup(), seed=8), seat="b")
    board.hook = hook
    twin = ToyBoard(Match(RULES, ToySetup(), seed=8), seat="b")  # the same, never failing
    # b's turn: chance flips b's coin (step, play_phase, play_round), or b chooses (choose)
    while not (board.match.state.mover == 1
               and board.match.to_move == ("b" if action == "choose" else CHANCE)):
        board.step()
        twin.step()
    before, records = (shown(board), api_view(board)), board.match.records
    agents = dict(board.agents)
    board.armed = board.match.ply
    with pytest.raises(RuntimeError, match=f"{hook} broke"):
        if action == "choose":
            board.choose(board.offered[0])
        else:
            getattr(board, action)()
    assert board.match.records == records and board.agents == agents
    after = (shown(board), api_view(board))
    # everything as before but the status, which says what went wrong
    assert after[0][:3] + after[0][4:] == before[0][:3] + before[0][4:]
    assert after[1][:4] + after[1][5:] == before[1][:4] + before[1][5:]
    assert board.status == f"error: {hook} broke · {before[1][4]}" == after[0][3]
    # once the hook works again the board carries on exactly as the twin that never
    # failed: same dice (chance was put back too), same agents, same display
    board.armed = None
    while not board.match.is_over:
        for b in (board, twin):
            b.choose(b.offered[0]) if b.match.to_move == "b" else b.step()
        assert board.match.choices == twin.match.choices
        assert api_view(board) == api_view(twin)
    check_position(board)


def test_a_click_on_a_failing_step_shows_the_error_instead_of_raising() -> None:
    board = Poisoned(Match(RULES, ToySetup(), seed=8))
    board.play_round()
    records, board.armed = board.match.records, board.match.ply
    board.stepper.buttons["phase"].click()
    assert board.match.records == records
    assert board.status.startswith("error: render broke · ")


@pytest.mark.parametrize("action", ["play_round", "play_phase", "step"])
def test_a_failure_after_an_agent_moved_puts_the_agents_randomness_back(action) -> None:
    """The agents' own dice (their ``rng``) are rewound with the match: afterwards the
    board plays exactly the match of a twin board that never failed."""
    board, twin = (cls(Match(RULES, ToySetup(), seed=9), seed=9) for cls in (Poisoned, ToyBoard))
    for b in (board, twin):
        b.step()  # a's coin: an agent is to move next
    board.armed = board.match.ply
    with pytest.raises(RuntimeError, match="render broke"):
        getattr(board, action)()
    board.armed = None
    while not twin.match.is_over:
        board.step()
        twin.step()
    assert board.match.choices == twin.match.choices
    assert api_view(board) == api_view(twin)


# -- rewind replays -----------------------------------------------------------------------------
class Counting:
    """A random agent that counts how often it is asked."""

    def __init__(self, seed: int) -> None:
        self.rng, self.calls = random.Random(seed), 0

    def choose(self, view, legal):
        self.calls += 1
        return self.rng.choice(legal)


def test_step_after_back_replays_the_recorded_ply_without_asking_dice_or_agents() -> None:
    agents = {"a": Counting(1), "b": Counting(2)}
    board = new(3, agents=agents)
    while not board.match.is_over:
        board.step()
    records, asked = board.match.records, {p: a.calls for p, a in agents.items()}
    views = []
    for _ in range(len(records)):
        views.append(api_view(board))
        board.back()
    assert board.match.ply == 0 and board.ahead == len(records)
    while board.can_step:
        board.step()
        assert board.match.records[-1] is records[board.match.ply - 1]
    assert api_view(board) == views[0]
    assert {p: a.calls for p, a in agents.items()} == asked  # nobody was asked again
    assert board.match.records == records


def test_a_chosen_outcome_that_differs_from_the_record_starts_a_new_future() -> None:
    board = new(3)
    board.play_round()
    board.play_round()
    board.reset()
    recorded = board.match.recorded_plies
    coin = board.match.legal()
    kept = next(c for c in coin if c == board.match.branch(recorded).choices[0])
    board.choose(kept)  # the recorded flip: the record stays
    assert board.ahead == recorded - 1
    board.back()
    board.choose(next(c for c in coin if c != kept))  # the other face: a new future
    assert board.ahead == 0 and board.match.ply == 1
    check_position(board)
