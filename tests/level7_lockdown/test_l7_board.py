"""The Level 7 board and turn-step explainer, driven from Python (the browser tests drive
the same widgets in JupyterLab and Voilà)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardlab import level7_lockdown as l7
from boardlab import mall_of_horror as moh
from boardlab.core.errors import IllegalAction
from boardlab.level7_lockdown.board import choice_group
from boardlab.level7_lockdown.choices import Explore, Move, Place
from boardlab.level7_lockdown.explainer import STEP_GUIDE, Explainer, explain_phase
from boardlab.level7_lockdown.odds import live_odds
from boardlab.narrate import narrate


def demo() -> l7.Board:
    """The board of tests/browser/l7_demo.ipynb: seed 2 draws the Armory (3 rotations)."""
    return l7.Board(l7.new_match(players=1, seed=2), seat="Leo", group_above=0)


def test_a_move_then_an_exploration_with_a_rotation_through_the_grouped_pad() -> None:
    board = demo()
    pad = board.choice_pad
    # the rare choices last (issue 29): ending the step and falling down are "other"
    assert pad.groups == ["move", "explore", "other"] and pad.buttons == []
    pad.select("move")
    assert [b.description for b in pad.buttons] == ["move to Storage Bay"]
    pad.buttons[0].click()
    assert board.match.records[-1].choice == Move(1)
    assert board.status.startswith(
        "Leo to choose: pick one of your choices by the picture · "
        "Round 1 · Leo's move step (1 move left) · to move: Leo")
    pad.select("explore")
    labels = [b.description for b in pad.buttons]
    assert "explore through the east door of Storage Bay" in labels
    pad.buttons[labels.index("explore through the east door of Storage Bay")].click()
    assert isinstance(board.match.records[-1].choice, Explore)
    # chance: the odds panel shows the draw, then Step draws the Armory
    assert board.odds == {f"draw {t}": Fraction(1, 4) for t in
                          ("Armory", "Corridor A1", "Security Post", "War Zone North")}
    board.step()
    assert board.match.state.pending.kind == "place"
    assert pad.groups == ["turned 0°", "turned 90°", "turned 180°"]
    pad.select("turned 90°")
    assert [b.description for b in pad.buttons] == [
        "Armory at (2,0), turned 90°: doors south, west, north"]
    pad.buttons[0].click()
    assert board.match.records[-1].choice == Place(2, 0, 1)
    assert board.status.endswith("last: Leo steps onto Armory; exploring ends the move step")
    assert board.odds == {}          # the action step: no challenge to take on the Armory
    # Back undoes the placement exactly
    shown = board.svg
    board.back()
    assert pad.groups == ["turned 0°", "turned 90°", "turned 180°"]
    board.choose(Place(2, 0, 1))
    assert board.svg == shown


def test_odds_panel_follows_the_position() -> None:
    board = l7.Board(l7.new_match(start=l7.position(players=1, characters={
        "Leo": {"tile": "Storage Bay"}}, cronos=None, step="action"), seed=1), seat="Leo")
    assert board.odds == {"search the supply cache": Fraction(19, 216)}
    assert "19/216" in board.odds_html and "P(search the supply cache) = 19/216" in board.svg
    board.choose(l7.Search(0))
    rolling = {"Leo finds an item": Fraction(19, 216),
               "the cache is lost": l7.odds.cache(3)["lost"]}
    assert board.odds == rolling == live_odds(board.match.state)
    board.step()
    assert board.odds != rolling


def test_odds_panel_titles_name_the_invented_data() -> None:
    """Every odds panel that rests on invented numbers says so (the die: L7-R2; the
    event and item cards: L7-R12, L7-R21). The walkthrough's match (notebook 09)."""
    board = l7.Board(l7.new_match(players=2, seed=5), seat="Leo")
    titles = {}
    board.choose(l7.Move(1))
    board.choose(l7.EndStep())
    titles["action"] = board.odds_title(board.match.state)
    board.choose(l7.Search(1))
    titles["roll"] = board.odds_title(board.match.state)
    board.step()
    assert board.match.state.pending.kind == "item_draw"
    titles["item_draw"] = board.odds_title(board.match.state)
    assert board.odds                         # the kinds of item on show
    board.step()
    assert board.match.state.pending.kind == "event_draw"
    titles["event_draw"] = board.odds_title(board.match.state)
    assert "die is an invented stand-in, L7-R2" in titles["action"]
    assert "die is an invented stand-in, L7-R2" in titles["roll"]
    assert titles["item_draw"] == "This draw (exact; item cards invented, L7-R21)"
    assert titles["event_draw"] == "This draw (exact; event cards invented, L7-R12)"
    assert titles["event_draw"] in board.odds_html


def test_cronos_roll_odds_come_from_his_walk() -> None:
    s = l7.position(players=1, characters={"Leo": {"tile": "Storage Bay"}}, enemies={},
                    locked=[], lockdown=2, step="enemies", tasks=("cronos",))
    odds = live_odds(s)
    # Lair → Hub → Storage Bay: two moves; two dice (L7-SB-cronos)
    assert odds["Dr. Cronos reaches a character"] == Fraction(1, 3)
    assert odds["Dr. Cronos moves"] == Fraction(5, 9)


def test_odds_panel_at_scenario_12s_departure_roll_shows_departure() -> None:
    """Scenario 12: Dr. Cronos explores east from the row's first tile and leaves it
    (no swarm token there): the panel shows departure()'s answer (L7-S12-departure)."""
    start = l7.position(players=1, scenario="12", enemies={}, cronos="Corridor 102-B",
                        tiles=[("Corridor 102-B", 0, 1, 0, 0)], step="events",
                        characters={"Leo": {"tile": "Security Lift"}})
    match = l7.new_match(start=start, seed=1)
    match.push(l7.CardDraw("Quiet"))           # chance: a quiet card, then the round ends
    match.push(l7.TileDraw("Mess Hall"))       # he explores east, leaving Corridor 102-B
    board = l7.Board(match, seat="Leo")
    assert board.match.state.pending.purpose == "departure"
    words = {"fear hunter": "a fear hunter appears", "blaster": "a blaster appears",
             "both": "a fear hunter and a blaster appear",
             "swarm": "a swarm token goes on the tile"}
    want = {words[k]: p for k, p in l7.odds.departure().items()}
    assert board.odds == want == live_odds(board.match.state)
    assert board.odds["a swarm token goes on the tile"] == Fraction(5, 6)
    assert "5/6" in board.odds_html and "1/12" in board.odds_html
    assert board.odds_title(board.match.state) == (
        "This roll, exactly (the die is an invented stand-in, L7-R2)")
    board.step()                              # the roll is made: the panel moves on
    assert board.match.state.pending.purpose != "departure" and board.odds != want


def test_illegal_choice_changes_nothing_and_wrong_game_is_refused() -> None:
    board = demo()
    before = (board.status, board.svg, board.match.ply)
    with pytest.raises(IllegalAction):
        board.choose(Move(5))
    assert (board.status, board.svg, board.match.ply) == before
    with pytest.raises(ValueError, match="expected a Level 7 .*match"):
        l7.Board(moh.new_match(players=4, seed=1))
    with pytest.raises(ValueError, match="unknown seat"):
        l7.Board(l7.new_match(players=2), seat="Zed")


def test_play_round_and_highlights() -> None:
    board = l7.Board(l7.new_match(players=2, seed=5))
    assert board.play_round() > 0
    assert board.match.state.round == 2 or board.match.is_over
    board = l7.Board(l7.new_match(players=1, seed=2), seat="Leo")
    board.choose(Move(1))
    assert 'class="highlight" data-tile="0"' in board.svg
    assert 'class="highlight" data-tile="1"' in board.svg


def test_choice_groups_cover_every_choice_type() -> None:
    from boardlab.level7_lockdown.board import _GROUPS
    from boardlab.level7_lockdown.choices import DECISION_TYPES, EndStep

    assert {t.__name__ for t in DECISION_TYPES} - set(_GROUPS) == {"Place"}
    assert choice_group(Place(0, 0, 3)) == "turned 270°" and choice_group(EndStep()) == "other"


# -- the explainer ----------------------------------------------------------------------------
def test_explainer_one_card_per_turn_step_in_play_order() -> None:
    match = l7.play(players=2, seed=1)
    ex = Explainer(match)
    positions = ex.positions
    assert positions[:9] == [(1, "move:Leo"), (1, "action:Leo"), (1, "events:Leo"),
                             (1, "enemies:Leo"), (1, "move:Cody"), (1, "action:Cody"),
                             (1, "events:Cody"), (1, "enemies:Cody"), (2, "round:")]
    assert positions[-1][0] == 0 and positions[-1][1].startswith("over:")
    # each card tells exactly narrate's lines of its step
    for position in positions[:12]:
        events = [e for e in match.events if (e.round, e.phase) == position]
        card = explain_phase(match, *position)
        told = [line for line in narrate(events, phase_titles=l7.PHASE_TITLES)
                if line.startswith("  ")]
        assert card[card.index("What happened:") + 1:] == (told or
                                                            ["  Nothing happened in this phase."])
        step = position[1].partition(":")[0]
        assert card[1] == f"What it does: {STEP_GUIDE[step][0]}"


def test_explainer_navigation_and_widget() -> None:
    ex = Explainer(l7.play(players=2, seed=1))
    assert ex.next() == (1, "action:Leo")
    assert ex.next_round() == (2, "round:")
    assert ex.back() == (1, "enemies:Cody")
    assert ex.goto(2, "move:Leo") == (2, "move:Leo")
    widget = ex.widget
    assert "bl-explainer" in widget._dom_classes
    ex.buttons["next"].click()
    assert ex.position == (2, "action:Leo")
    assert ex.card_lines[0] == "Round 2 — Leo's turn — action step"
    assert 'data-phase="action:Leo"' in ex.card_html
    with pytest.raises(ValueError, match="unknown turn step"):
        ex.explain(1, "lunch:Leo")
    with pytest.raises(ValueError, match="unknown viewer"):
        Explainer(l7.new_match(players=2), viewer="Zed")


def test_explainer_of_a_match_in_progress_ends_at_the_step_now() -> None:
    m = l7.new_match(players=1, seed=3)
    assert Explainer(m).positions == [(1, "move:Leo")]
    m.push(l7.EndStep())
    assert Explainer(m).positions == [(1, "move:Leo"), (1, "action:Leo")]
