"""The Mall of Horror board, driven by button clicks and from Python over whole seeded matches.

After every step the picture, the odds panel, the log and the status are checked against
what they must be (render_svg, live_odds, narrate of the match's own events); Back must
restore exactly what was shown; a seat is offered exactly the legal choices; nothing
illegal gets through; a seat's board never shows another seat's secrets.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.errors import IllegalAction
from boardlab.mall_of_horror.board import (
    Board,
    highlight_locations,
    known_outcomes,
    status_line,
)
from boardlab.mall_of_horror.odds import live_odds
from boardlab.mall_of_horror.render import render_svg
from boardlab.mall_of_horror.rules import PHASE_NAMES
from boardlab.narrate import narrate
from boardlab.widgets.odds_panel import odds_table_html

ROOT = Path(__file__).resolve().parents[2]
LABELS = {loc: f"{loc} {name}" for loc, name in enumerate(moh.Config().names, start=1)}


# -- helpers ------------------------------------------------------------------------------------
def find(widget, css_class):
    """Every widget under ``widget`` (itself included) that carries ``css_class``."""
    out = [widget] if css_class in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out.extend(find(child, css_class))
    return out


def one(widget, css_class):
    found = find(widget, css_class)
    assert len(found) == 1, (css_class, found)
    return found[0]


def shown(board: Board) -> tuple:
    """Everything the board shows, read from the widgets themselves."""
    w = board.widget
    pad = one(w, "bl-choices")
    return (one(w, "bl-board-svg").value, one(w, "bl-odds-panel").value,
            one(w, "bl-log-view").value, one(w, "bl-status").value,
            tuple(b.description for b in find(pad, "bl-choice")),
            # Re-roll from here is on only while plies are recorded ahead (issue 29), so
            # after Back it differs from the first showing, by design: left out here.
            tuple(b.disabled for b in find(w, "bl-stepper-button")
                  if "bl-stepper-reroll" not in b._dom_classes))


def api_view(board: Board) -> tuple:
    return (board.svg, board.odds_html, board.log_html, board.status,
            tuple(board.log_lines), tuple(board.choice_labels))


def expected_status(match, viewer, seat=None):
    """The status format, spelt out independently of the board."""
    s = match.state
    parts = [] if s.phase == "setup" else [f"Round {s.round}"]
    parts.append(PHASE_NAMES[s.phase])
    parts.append("game over" if match.is_over else f"to move: {match.to_move}")
    last = [e for r in match.records for e in r.events]
    if last:
        parts.append(f"last: {last[-1].text_for(viewer)}")
    if seat is not None and match.to_move == seat:
        parts.insert(0, f"{seat} to choose: pick one of your choices by the picture")
    return " · ".join(parts)


def expected_known(state) -> dict[int, str]:
    """After the dice: each location's outcome in words, spelt out from the rules' numbers."""
    live = live_odds(state)
    if state.phase not in ("e", "f"):
        return {}
    out = {}
    for loc, p in live.items():
        verdict = "breaks in" if p == 1 else "holds"
        assert p in (0, 1)
        out[loc] = verdict
    return out


def check_position(board: Board, viewer=None) -> None:
    """The board shows exactly what it must for the match's current position."""
    match = board.match
    state = match.state
    live = live_odds(state)
    assert board.odds == live
    after_dice = state.phase in ("e", "f")
    title = ("Break-in now (dice placed, before any card)" if after_dice
             else "Break-in odds this round (dice unseen)")
    empty = {"setup": "No odds during setup.", "over": "The match is over."}.get(
        state.phase, "No occupied open location.")
    known = known_outcomes(state)
    verdicts = expected_known(state)
    assert {loc: text.split(":")[0] for loc, text in known.items()} == verdicts
    assert board.known_outcomes == known
    note = ""
    if live:
        note = ("The arrival dice are on the table" if after_dice else
                "Assumes nobody moves from where they stand now; the arrival dice are "
                "still unseen")
        assert note in board.odds_html
        note = board.odds_html.split('class="bl-odds-note"')[1].split(">", 1)[1].split("<")[0]
    assert board.odds_html == odds_table_html(live, labels=LABELS, title=title, empty=empty,
                                              note=note, known=known)
    rows = re.findall(r'data-key="(\d)"><td[^>]*>([^<]*)</td><td class="bl-odds-fraction"'
                      r'[^>]*>([^<]*)</td><td class="bl-odds-percent"[^>]*>([^<]*)</td>',
                      board.odds_html)
    assert rows == [(str(loc), LABELS[loc], str(p), f"{float(p) * 100:.1f}%")
                    for loc, p in live.items() if loc not in known]
    outcome_rows = re.findall(r'data-key="(\d)"><td[^>]*>([^<]*)</td>'
                              r'<td class="bl-odds-outcome" colspan="3">([^<]*)</td>',
                              board.odds_html)
    assert outcome_rows == [(str(loc), LABELS[loc], known[loc]) for loc in live if loc in known]
    if after_dice:  # no column of 0 / 0.0%: every row says what happens
        assert rows == [] and "0.0%" not in board.odds_html
    highlight = highlight_locations(match.last_events, viewer)
    picture_odds = {loc: p for loc, p in live.items() if loc not in known}
    outcomes = {loc: f"Now: {verdicts[loc]}" for loc in known}
    assert board.svg == render_svg(state, viewer=None if viewer == "public" else viewer,
                                   omniscient=viewer is None, highlight=highlight,
                                   odds=picture_odds, outcomes=outcomes)
    assert board.log_lines == narrate(match.events, viewer=viewer, phase_titles=PHASE_NAMES)
    assert board.status == expected_status(match, viewer, board.seat)
    svg, odds_html, log_html, status, _, _ = shown(board)
    assert (svg, odds_html, log_html, status) == (board.svg, board.odds_html, board.log_html,
                                                  board.status)


# -- stepping by clicks -------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 7])
def test_clicking_step_plays_a_whole_match_and_every_panel_follows(seed: int) -> None:
    board = Board(moh.new_match(players=4, seed=seed))
    step = board.stepper.buttons["step"]
    check_position(board)
    assert board.log_lines == []
    while not board.match.is_over:
        before_lines, ply = board.log_lines, board.match.ply
        step.click()
        assert board.match.ply == ply + 1
        new = board.match.last_events
        # the log gained exactly the new events' lines (plus a heading when the phase changed)
        assert board.log_lines[:len(before_lines)] == before_lines
        gained = board.log_lines[len(before_lines):]
        assert [line for line in gained if line.startswith("  ")] == \
            ["  " + e.line() for e in new]
        check_position(board)
    assert board.status.startswith(f"Round {board.match.state.round} · End of Game · game over")
    assert step.disabled and not board.stepper.buttons["back"].disabled
    assert board.step() == ()
    assert board.status.startswith("the match is over · Round")


def test_agents_decide_from_their_own_view_with_the_default_heuristic() -> None:
    board = Board(moh.new_match(players=4, seed=5), seed=5)
    while not board.match.is_over:
        board.step()
    reference = moh.play(players=4, seed=5, agents=lambda c: moh.HeuristicAgent(5))
    assert board.match.choices == reference.choices
    assert board.match.to_json() == reference.to_json()


def test_back_restores_exactly_what_was_shown_at_every_ply() -> None:
    board = Board(moh.new_match(players=4, seed=2))
    history = [(shown(board), api_view(board))]
    while not board.match.is_over:
        board.stepper.buttons["step"].click()
        history.append((shown(board), api_view(board)))
    back = board.stepper.buttons["back"]
    for expected in reversed(history[:-1]):
        back.click()
        assert (shown(board), api_view(board)) == expected
    assert board.match.ply == 0 and back.disabled
    assert board.back() is None
    assert board.status.startswith("nothing to undo")


def test_back_restores_a_seats_display_and_its_offered_choices() -> None:
    board = Board(moh.new_match(players=4, seed=13), seat="yellow")
    history = [(shown(board), api_view(board))]
    while not board.match.is_over:
        if board.match.to_move == "yellow" and len(board.offered) <= 8:
            find(board.widget, "bl-choice")[0].click()
        elif board.match.to_move == "yellow":
            board.choose(board.offered[-1])
        else:
            board.step()
        history.append((shown(board), api_view(board)))
    assert any(view[0][4] for view in history)  # some positions offered buttons
    for expected in reversed(history[:-1]):
        board.back()
        assert (shown(board), api_view(board)) == expected


def test_back_after_a_step_then_stepping_again_keeps_the_log_in_line() -> None:
    board = Board(moh.new_match(players=4, seed=4))
    rng = random.Random(4)
    while not board.match.is_over:
        before = api_view(board)
        board.step()
        if rng.random() < 0.3:
            board.back()
            assert api_view(board) == before
            board.step()
        check_position(board)


def test_play_phase_and_play_round_stop_where_they_should() -> None:
    board = Board(moh.new_match(players=4, seed=8))
    assert board.play_phase() == board.match.ply  # the whole setup
    assert board.match.state.phase == "a"
    assert board.match.records[-1].before.phase == "setup"
    while not board.match.is_over:
        start = board.match.state
        board.stepper.buttons["phase"].click()
        end = board.match.state
        assert (end.round, end.phase) != (start.round, start.phase)
        before_last = board.match.records[-1].before
        assert (before_last.round, before_last.phase) == (start.round, start.phase)
        check_position(board)
        if end.round >= 2:
            break
    start_round = board.match.state.round
    board.stepper.buttons["round"].click()
    assert board.match.state.round == start_round + 1 or board.match.is_over
    assert board.match.records[-1].before.round == start_round
    check_position(board)


def test_exact_status_after_the_setup_phase() -> None:
    board = Board(moh.new_match(players=4, seed=3))
    assert board.play_phase() == 29
    assert board.status == ("Round 1 · a) Search the Truck · to move: chance · "
                            "last: green searches the truck and draws 3 cards")
    assert board.log_lines[:2] == ["Setup", "  yellow is dealt Security Camera  (MoH-setup)"]


def test_reset_returns_to_ply_zero_and_replays_the_same_match() -> None:
    board = Board(moh.new_match(players=4, seed=6))
    start = (shown(board), api_view(board))
    board.play_round()
    board.play_round()
    choices = board.match.choices
    board.stepper.buttons["reset"].click()
    assert board.match.ply == 0
    assert (shown(board), api_view(board)) == start
    while board.match.ply < len(choices):
        board.step()
    assert board.match.choices == choices


# -- rewind replays; a re-roll branches ----------------------------------------------------------
def dice_lines(board: Board) -> list[str]:
    return [line for line in board.log_lines if " rolls " in line]


def test_back_then_step_replays_the_same_dice_and_log_at_every_ply() -> None:
    """The issue: "red rolls 2 and 3" must not become "red rolls 1 and 4" after Back, Step."""
    board = Board(moh.new_match(players=4, seed=1), seat="red")
    first_views = []
    while not board.match.is_over and board.match.state.round < 3:
        if board.offered:
            board.choose(board.offered[-1])
        else:
            board.step()
        first_views.append((board.match.records[-1], api_view(board), shown(board)))
    plies = board.match.ply
    assert any(" rolls " in line for line in board.log_lines)
    # Back over everything, then forward again: every ply is the recorded one (the very
    # same Record: nothing asked of the dice or the agents again), and the board shows
    # exactly what it showed the first time.
    for back in range(plies):
        board.stepper.buttons["back"].click()
        assert board.ahead == back + 1
        assert board.replay_note.startswith(f"Replaying the recorded match: {back + 1} more")
    assert board.match.ply == 0
    for record, view, widgets in first_views:
        if board.offered:  # red's own recorded choice: red picks it again
            assert board.stepper.buttons["step"].disabled
            board.choose(record.choice)
        else:
            board.stepper.buttons["step"].click()
        assert board.match.records[-1] is record
        assert (api_view(board), shown(board)) == (view, widgets)
    assert board.ahead == 0 and board.replay_note == ""
    assert board.match.recorded_plies == plies


def test_back_then_play_round_replays_and_a_seat_stops_at_its_own_recorded_choice() -> None:
    board = Board(moh.new_match(players=4, seed=2), seat="blue")
    while board.match.state.round < 2:
        board.choose(board.offered[0]) if board.offered else board.play_round()
    record = board.match.records
    dice = dice_lines(board)
    board.reset()
    assert board.match.ply == 0 and board.ahead == len(record)
    board.play_round()  # replays up to blue's first recorded decision, and stops there
    assert board.match.to_move == "blue" and board.offered
    assert board.match.records == record[:board.match.ply]
    while board.ahead:
        board.choose(board.match.legal()[0]) if board.offered else board.play_round()
    assert board.match.records == record and dice_lines(board) == dice


def test_a_different_choice_starts_a_new_future_and_the_same_one_keeps_the_record() -> None:
    board = Board(moh.new_match(players=4, seed=11), seat="red")
    while board.match.state.round < 2:
        board.choose(board.offered[0]) if board.offered else board.play_phase()
    recorded = board.match.recorded_plies
    # back to red's last decision
    while not (board.match.to_move == "red" and board.offered):
        board.back()
    here, ahead = board.match.ply, board.ahead
    same = board.match.records  # up to here
    nxt = board.offered[0]
    board.choose(nxt)  # what was recorded: the record stays
    assert board.ahead == ahead - 1 and board.match.recorded_plies == recorded
    board.back()
    other = next(c for c in board.offered if c != nxt)
    board.choose(other)  # something else: the plies after it are gone
    assert board.ahead == 0 and board.match.ply == here + 1
    assert board.match.records[:here] == same and board.match.records[-1].choice == other
    check_position(board, "red")


def test_reroll_from_here_draws_other_dice_and_forgets_the_recorded_future() -> None:
    board = Board(moh.new_match(players=4, seed=3))
    board.play_round()
    board.play_round()
    old = board.match
    old_choices = old.choices
    for _ in range(40):
        board.back()
    here = board.match.ply
    assert board.ahead == 40
    seed = board.stepper.buttons["reroll"].click() or board.match.seed
    assert board.match is not old and board.ahead == 0 and board.match.ply == here
    assert board.match.choices == old_choices[:here]
    assert board.status.startswith(f"re-rolled at step {here}: other dice from here on "
                                   f"(seed {seed})")
    board.play_round()
    board.play_round()
    assert board.match.choices[:here] == old_choices[:here]
    after = board.match.choices[here:]
    assert after != old_choices[here:here + len(after)]  # another future
    check_position(board)
    # the same board, built again and re-rolled at the same ply, re-rolls the same way
    twin = Board(moh.new_match(players=4, seed=3))
    twin.play_round()
    twin.play_round()
    for _ in range(40):
        twin.back()
    assert twin.reroll() == seed
    twin.play_round()
    twin.play_round()
    assert twin.match.choices == board.match.choices
    # an explicit seed, and a refusal of a seed that is not one
    assert board.reroll(seed=12) == 12 and board.match.seed == 12
    with pytest.raises(TypeError, match="a seed is an integer"):
        board.reroll(seed=True)


def test_reroll_at_the_end_of_a_match_does_nothing_and_says_so() -> None:
    board = Board(moh.new_match(players=4, seed=1))
    while board.can_step:
        board.step()
    match = board.match
    assert board.reroll() is None
    assert board.match is match and board.status.startswith("the match is over: nothing")
    assert board.stepper.buttons["reroll"].disabled


def test_a_failure_while_replaying_keeps_the_recorded_future() -> None:
    class Broken(Board):
        broken_at: int | None = None

        # pictures and odds of replayed plies come from the caches: the status never does
        def status_line(self, state, last, viewer):
            if self.broken_at is not None and self.match.ply > self.broken_at:
                raise RuntimeError("status broke")
            return super().status_line(state, last, viewer)

    board = Broken(moh.new_match(players=4, seed=4))
    board.play_round()
    board.play_round()
    records = board.match.records
    assert len(records) > 30
    for _ in range(30):
        board.back()
    board.broken_at = board.match.ply
    before = api_view(board)
    for action in (board.step, board.play_phase, board.play_round):
        with pytest.raises(RuntimeError, match="status broke"):
            action()
        assert board.ahead == 30 and api_view(board)[:3] == before[:3]
    board.broken_at = None
    while board.ahead:
        board.step()
    assert board.match.records == records


# -- whose eyes: seat, narrator, spectator -------------------------------------------------------
def test_a_public_board_shows_only_what_every_player_knows() -> None:
    match = moh.new_match(players=4, seed=9)
    narrator = Board(match)
    spectator = Board(match.branch(), viewer="public")
    for board in (narrator, spectator):
        while board.match.state.round < 3 and not board.match.is_over:
            board.step()
    assert narrator.match.choices == spectator.match.choices  # the same match, seen twice
    check_position(spectator, "public")
    check_position(narrator, None)
    events = spectator.match.events
    secrets = [e for e in events if e.detail]
    assert any(e.kind == "ballot" for e in secrets)
    lines = set(spectator.log_lines)
    for e in secrets:
        assert f"  {e.summary}  ({e.rule.id})" in lines
        assert f"  {e.detail}  ({e.rule.id})" not in lines
        assert f"  {e.detail}  ({e.rule.id})" in narrator.log_lines
    assert "Public view" in spectator.svg and "Hand:" not in spectator.svg
    assert "All secrets shown" in narrator.svg and "Hand:" in narrator.svg
    assert spectator.viewer == "public" and spectator.seat is None
    assert repr(spectator).startswith("<Board seat=None viewer='public' ply=")


def test_a_board_can_watch_the_agents_as_one_colour_sees_them() -> None:
    board = Board(moh.new_match(players=4, seed=9), viewer="green")
    board.play_round()
    board.play_round()
    check_position(board, "green")
    assert board.offered == () and board.can_step  # green is watched, not played
    assert "As green sees it" in board.svg


def test_a_viewer_is_checked() -> None:
    match = moh.new_match(players=4)
    with pytest.raises(ValueError, match=r"viewer: unknown viewer: .*\(got 'purple'\)"):
        Board(match, viewer="purple")
    with pytest.raises(ValueError, match="a board playing red sees what red may see"):
        Board(match, seat="red", viewer="public")
    with pytest.raises(ValueError, match="a board playing red sees what red may see"):
        Board(match, seat="red", viewer=None)
    with pytest.raises(TypeError, match="a viewer is a player's name, 'public' or None"):
        Board(match, viewer=3)
    assert Board(match, seat="red", viewer="red").viewer == "red"
    assert Board(match, seat="red").viewer == "red" and Board(match).viewer is None


def test_render_prints_known_outcomes_where_the_odds_would_be() -> None:
    board = Board(moh.new_match(players=4, seed=3))
    while board.match.state.phase != "e":
        board.step()
    known = board.known_outcomes
    assert known and set(known) == set(board.odds)
    root = ET.fromstring(board.svg)
    shown_text = {g.get("data-location"): ["".join(t.itertext()) for t in g.iter()
                                           if (t.get("class") or "") in ("odds", "outcome")]
                  for g in root.iter() if (g.get("class") or "") == "location"}
    for loc in LABELS:
        want = ([f"Now: {'breaks in' if board.odds[loc] == 1 else 'holds'}"]
                if loc in known else [])
        assert shown_text[str(loc)] == want
    with pytest.raises(ValueError, match="unknown location 7"):
        render_svg(board.match.state, outcomes={7: "Now: holds"})


# -- a seat --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "seat"), [(11, "red"), (12, "green")])
def test_a_seat_is_offered_exactly_the_legal_choices_and_a_click_plays_one(seed, seat) -> None:
    board = Board(moh.new_match(players=4, seed=seed), seat=seat)
    rng = random.Random(seed)
    pad, seen_dropdown, seen_buttons = board.choice_pad, False, False
    while not board.match.is_over:
        match = board.match
        if match.to_move != seat:
            assert board.offered == () and find(board.widget, "bl-choice") == []
            board.stepper.buttons["step"].click()
            check_position(board, seat)
            continue
        legal = match.legal()
        labels = [str(c) for c in legal]
        assert board.choice_labels == labels and board.offered == legal
        # Step waits for the seat, and so do Play phase and Play round
        ply = match.ply
        for name in ("step", "phase", "round"):
            board.stepper.buttons[name].click()
            assert match.ply == ply
        assert board.stepper.buttons["step"].disabled
        i = rng.randrange(len(legal))
        if len(legal) <= pad.max_buttons:
            seen_buttons = True
            buttons = find(board.widget, "bl-choice")
            assert [b.description for b in buttons] == labels
            buttons[i].click()
        else:
            seen_dropdown = True
            dropdown = one(board.widget, "bl-choice-dropdown")
            assert [label for label, _ in dropdown.options] == labels
            dropdown.value = i
            one(board.widget, "bl-choose").click()
        assert match.ply == ply + 1
        assert match.records[-1].choice == legal[i]
        check_position(board, seat)
    assert seen_buttons and seen_dropdown


def test_an_illegal_choice_raises_and_changes_nothing() -> None:
    board = Board(moh.new_match(players=4, seed=1), seat="red")
    board.play_round()
    assert board.match.to_move == "red"
    before, ply = (shown(board), api_view(board)), board.match.ply
    assert moh.Place("pinup", 2) not in board.match.legal()
    with pytest.raises(IllegalAction, match="not a legal choice for red"):
        board.choose(moh.Place("pinup", 2))
    with pytest.raises(IllegalAction):
        board.choose(moh.Vote("red"))
    assert (shown(board), api_view(board)) == before and board.match.ply == ply
    board.choose(board.offered[0])  # red's turn is over: chance is next
    before, ply = (shown(board), api_view(board)), board.match.ply
    with pytest.raises(IllegalAction, match="chance decides"):
        board.choose(board.match.legal()[0])
    assert (shown(board), api_view(board)) == before and board.match.ply == ply


def test_nothing_can_be_chosen_once_the_match_is_over() -> None:
    for seat in ("red", None):
        board = Board(moh.play(players=4, seed=1), seat=seat)
        before, ply = api_view(board), board.match.ply
        with pytest.raises(IllegalAction, match="the match is over"):
            board.choose(moh.Vote("red"))
        assert api_view(board) == before and board.match.ply == ply
        assert board.play_round() == 0 and board.match.ply == ply


def test_choose_on_a_board_without_seat_plays_for_whoever_is_to_move() -> None:
    board = Board(moh.new_match(players=4, seed=1))
    outcome = board.match.legal()[-1]
    board.choose(outcome)  # a what-if: this deal instead of a roll
    assert board.match.records[-1].choice == outcome
    check_position(board)


def test_a_seats_widgets_never_show_another_seats_secrets() -> None:
    seat = "blue"
    board = Board(moh.new_match(players=4, seed=9), seat=seat)
    while not board.match.is_over:
        if board.match.to_move == seat:
            board.choose(board.offered[0])
        else:
            board.step()
    lines = set(board.log_lines)
    secrets = [e for e in board.match.events if e.detail and seat not in e.visible_to]
    own = [e for e in board.match.events if e.detail and seat in e.visible_to]
    assert any(e.kind == "ballot" for e in secrets) and any(e.kind == "ballot" for e in own)
    for e in secrets:
        assert f"  {e.detail}  ({e.rule.id})" not in lines
        assert f"  {e.summary}  ({e.rule.id})" in lines
    for e in own:
        assert f"  {e.detail}  ({e.rule.id})" in lines
    others_votes = [e.detail for e in secrets if e.kind == "ballot"]
    assert all(v not in board.log_html for v in others_votes)
    # the status line, too, reads events as the seat may know them
    board.reset()
    while not board.match.is_over:
        if board.match.to_move == seat:
            board.choose(board.offered[0])
        else:
            board.step()
        last = board.match.last_events
        if last and last[-1].detail and seat not in last[-1].visible_to:
            assert last[-1].detail not in board.status


def test_an_unknown_seat_or_another_game_is_refused() -> None:
    with pytest.raises(ValueError, match=r"seat: unknown seat; .*\(got 'purple'\)"):
        Board(moh.new_match(players=4), seat="purple")
    with pytest.raises(ValueError, match=r"seat: unknown seat; .*\(got 'brown'\)"):
        Board(moh.new_match(players=4), seat="brown")  # a colour of 5+ player games


# -- failures never leave a half-updated board ---------------------------------------------------
class Broken:
    def __init__(self, after: int = 0, illegal: bool = False) -> None:
        self.calls, self.after, self.illegal = 0, after, illegal

    def choose(self, view, legal):
        self.calls += 1
        if self.calls > self.after:
            if self.illegal:
                return moh.Vote("nobody")
            raise RuntimeError("agent crashed")
        return legal[0]


def test_a_failing_agent_restores_the_match_and_says_so() -> None:
    agents = {c: moh.HeuristicAgent(0) for c in moh.COLOURS[:4]}
    agents["green"] = Broken()
    board = Board(moh.new_match(players=4, seed=1), agents=agents)
    while board.match.to_move != "green":
        board.step()
    before, records = api_view(board), board.match.records
    with pytest.raises(RuntimeError, match="agent crashed"):
        board.step()
    assert board.match.records == records
    assert board.status == "error: agent crashed · " + before[3]
    assert api_view(board)[:3] == before[:3]
    # a click shows the error instead of raising
    board.stepper.buttons["step"].click()
    assert board.status == "error: agent crashed · " + before[3]
    assert board.match.records == records


def test_play_phase_that_fails_midway_pops_every_ply_it_made() -> None:
    agents = {c: moh.HeuristicAgent(0) for c in moh.COLOURS[:4]}
    agents["yellow"] = Broken(after=1, illegal=True)  # one good placement, then nonsense
    board = Board(moh.new_match(players=4, seed=1), agents=agents)
    before, records = api_view(board), board.match.records
    with pytest.raises(IllegalAction, match="vote for nobody is not a legal choice"):
        board.play_phase()
    assert board.match.records == records and board.match.ply == 0
    assert api_view(board)[:3] == before[:3]
    assert board.status.startswith("error: vote for nobody is not a legal choice for yellow")


def test_refresh_follows_a_match_changed_outside_the_board() -> None:
    match = moh.new_match(players=4, seed=2)
    board = Board(match)
    for _ in range(12):
        match.roll() if match.to_move is moh.CHANCE else match.push(match.legal()[0])
    board.refresh()
    check_position(board)
    match.pop()
    match.pop()
    board.refresh()
    check_position(board)


def test_odds_can_be_switched_off() -> None:
    board = Board(moh.new_match(players=4, seed=1), odds=False)
    board.play_round()
    assert board.odds == {}
    assert "Odds are switched off." in board.odds_html
    assert board.svg == render_svg(board.match.state, omniscient=True,
                                   highlight=highlight_locations(board.match.last_events))


def test_status_line_names_round_phase_mover_and_last_event() -> None:
    match = moh.play(players=4, seed=3, agents=lambda c: moh.HeuristicAgent(3))
    match.seek(68)
    assert status_line(match.state, match.last_events[-1], None) == (
        "Round 3 · a) Search the Truck · to move: blue · last: red votes for red")
    assert status_line(match.state, match.last_events[-1], "red") == (
        "Round 3 · a) Search the Truck · to move: blue · last: red votes for red")
    assert status_line(match.state, match.last_events[-1], "blue") == (
        "Round 3 · a) Search the Truck · to move: blue · last: red votes in secret")
    match.seek(match.recorded_plies)
    assert status_line(match.state, match.last_events[-1], "blue") == (
        "Round 8 · End of Game · game over · last: " + match.last_events[-1].summary)


def test_the_board_displays_itself_as_one_vbox_with_the_documented_classes() -> None:
    import ipywidgets

    board = Board(moh.new_match(players=4, seed=1))
    assert isinstance(board.widget, ipywidgets.VBox)
    assert "bl-board" in board.widget._dom_classes
    names = [b.description for b in find(board.widget, "bl-stepper-button")]
    assert names == ["Step", "Back", "Play phase", "Play round", "Reset", "Re-roll from here"]
    for name in ("step", "back", "phase", "round", "reset", "reroll"):
        one(board.widget, f"bl-stepper-{name}")
    assert repr(board).startswith("<Board seat=None ply=0: Setup · to move: chance")
    buttons = find(board.widget, "bl-stepper-button")
    board.close()
    assert board.widget.comm is None and all(b.comm is None for b in buttons)
    assert board.match.ply == 0


def test_importing_the_game_does_not_import_ipywidgets() -> None:
    probe = ("import json, sys\n"
             "import boardlab, boardlab.mall_of_horror as moh\n"
             "before = 'ipywidgets' in sys.modules\n"
             "lines = moh.explain_phase(moh.play(players=4, seed=1), 1, 'a')\n"
             "middle = 'ipywidgets' in sys.modules\n"
             "moh.Board(moh.new_match(players=4, seed=1))\n"
             "print(json.dumps([before, middle, 'ipywidgets' in sys.modules,\n"
             "                  'Board' in dir(moh)]))\n")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert json.loads(out.stdout) == [False, False, True, True]


def test_can_step_drives_a_whole_match_where_step_events_can_be_empty() -> None:
    board = moh.Board(moh.new_match(players=4, seed=1))
    empty_steps = 0
    while board.can_step:
        ply = board.match.ply
        if not board.step():
            empty_steps += 1
        assert board.match.ply == ply + 1
    assert board.match.is_over and empty_steps > 0
    seated = moh.Board(moh.new_match(players=4, seed=1), seat="yellow")
    while seated.can_step:
        seated.step()
    assert seated.match.to_move == "yellow" and not seated.step()
