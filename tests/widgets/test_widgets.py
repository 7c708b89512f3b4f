"""The game-agnostic widget pieces: log view, odds panel, stepper, choice pad."""

from __future__ import annotations

import re
from fractions import Fraction

import ipywidgets
import pytest
import sympy

from boardlab.core.events import Event
from boardlab.core.rules import RuleRef
from boardlab.narrate import narrate
from boardlab.widgets import (
    ChoicePad,
    LogView,
    OddsPanel,
    Stepper,
    lines_html,
    odds_table_html,
)
from boardlab.widgets.odds_panel import BAR_COLOUR, as_fraction

R1 = RuleRef("D-1", "Demo", "Scoring", "A pawn on the goal scores.")
R2 = RuleRef("D-2", "Demo", "Voting", "Votes are secret until counted.")
TITLES = {"v": "Voting", "s": "Scoring"}


def vote(who: str, colour: str, phase: str = "v", round_: int = 1) -> Event:
    return Event("ballot", f"{who} votes in secret", R2, who=who, round=round_, phase=phase,
                 detail=f"{who} votes for {colour}", visible_to=(who,),
                 secret={"colour": colour})


def score(who: str, phase: str = "s", round_: int = 1) -> Event:
    return Event("score", f"{who} scores <1>", R1, who=who, round=round_, phase=phase)


# -- log -------------------------------------------------------------------------------------
def test_log_groups_by_round_and_phase_and_appends_one_chunk_per_ply() -> None:
    log = LogView(phase_titles=TITLES)
    plies = [[vote("red", "blue")], [vote("blue", "red"), score("red")], [],
             [score("blue", round_=2)]]
    for i, events in enumerate(plies, start=1):
        log.push(events)
        everything = [e for ply in plies[:i] for e in ply]
        assert log.lines == narrate(everything, phase_titles=TITLES)
        assert len(log) == i
    assert log.lines == [
        "Round 1 — Voting", "  red votes for blue  (D-2)", "  blue votes for red  (D-2)",
        "Round 1 — Scoring", "  red scores <1>  (D-1)",
        "Round 2 — Scoring", "  blue scores <1>  (D-1)",
    ]
    html = log.html
    assert html.count('class="bl-log-heading"') == 3
    assert html.count('class="bl-log-event"') == 4
    assert "red scores &lt;1&gt;" in html and "<1>" not in html
    assert html.count('title="D-2 Demo, Voting: Votes are secret until counted."') == 2
    for _ in range(2):
        log.pop()
    assert log.lines == narrate(plies[0] + plies[1], phase_titles=TITLES)
    log.pop()
    log.pop()
    assert log.lines == [] and "No events yet." in log.html
    with pytest.raises(IndexError):
        log.pop()


def test_log_shows_secrets_only_to_the_players_who_may_know_them() -> None:
    red = LogView(viewer="red", phase_titles=TITLES)
    red.push([vote("red", "blue"), vote("blue", "red")])
    assert red.lines == ["Round 1 — Voting", "  red votes for blue  (D-2)",
                         "  blue votes in secret  (D-2)"]
    assert "blue votes for red" not in red.html


def test_popping_then_pushing_returns_exactly_the_same_html() -> None:
    log = LogView(phase_titles=TITLES)
    log.push([vote("red", "blue")])
    before = log.html
    log.push([score("red")])
    log.pop()
    assert log.html == before


def test_build_changes_nothing_until_commit_and_common_prefix_compares_keys() -> None:
    log = LogView(phase_titles=TITLES)
    a, b, c = object(), object(), object()
    chunks = log.build([(a, [vote("red", "blue")]), (b, [vote("blue", "red")])])
    assert len(log) == 0 and log.lines == []
    assert chunks[1].lines == ("  blue votes for red  (D-2)",)  # same phase: no new heading
    log.commit(0, chunks)
    assert log.common_prefix([a, b]) == 2
    assert log.common_prefix([a, c]) == 1
    assert log.common_prefix([c, b]) == 0
    log.commit(1, log.build([(c, [score("red")])], after=1))
    assert log.lines == ["Round 1 — Voting", "  red votes for blue  (D-2)",
                         "Round 1 — Scoring", "  red scores <1>  (D-1)"]


def test_log_widget_is_an_html_widget_that_shows_the_log() -> None:
    log = LogView()
    log.push([score("red")])
    assert isinstance(log.widget, ipywidgets.HTML) and log.widget.value == log.html
    log.push([score("blue")])
    assert log.widget.value != log.html
    log.show()
    assert log.widget.value == log.html
    assert "bl-log-view" in log.widget._dom_classes


def test_lines_html_keeps_every_line_and_its_rule() -> None:
    events = [score("red"), vote("red", "blue", phase="s")]
    html = lines_html(narrate(events, phase_titles=TITLES), events)
    assert re.findall(r'data-rule="([^"]+)"', html) == ["D-1", "D-2"]
    assert re.findall(r'class="bl-log-rule"[^>]*>\(([^)]+)\)<', html) == ["D-1", "D-2"]


# -- odds panel -----------------------------------------------------------------------------
def test_odds_table_shows_fraction_percentage_and_a_bar_per_row() -> None:
    html = odds_table_html({3: sympy.Rational(19, 144), 6: Fraction(0), 4: 1},
                           labels={3: "3 Shop 3", 4: "4 Parking Lot"}, title="Break-in")
    rows = re.findall(r'<tr class="bl-odds-row" data-key="(\d)"><td[^>]*>([^<]*)</td>'
                      r'<td class="bl-odds-fraction"[^>]*>([^<]*)</td>'
                      r'<td class="bl-odds-percent"[^>]*>([^<]*)</td>'
                      r'<td><div role="img" aria-label="([^"]*)"[^>]*><div style="width:([^;]*);',
                      html)
    assert rows == [("3", "3 Shop 3", "19/144", "13.2%", "3 Shop 3: 13.2%", "13.2%"),
                    ("6", "6", "0", "0.0%", "6: 0.0%", "0.0%"),
                    ("4", "4 Parking Lot", "1", "100.0%", "4 Parking Lot: 100.0%", "100.0%")]
    assert "Break-in" in html
    # one colour-blind-safe hue for every bar, no red/green encoding
    assert set(re.findall(r"background:(#[0-9A-Fa-f]{6})", html)) == {BAR_COLOUR, "#e6e6e6"}


def test_odds_table_without_odds_says_so() -> None:
    html = odds_table_html({}, title="Odds", empty="No odds during setup.")
    assert "No odds during setup." in html and "<table" not in html


def test_as_fraction_reads_every_exact_type() -> None:
    assert as_fraction(sympy.Rational(2, 6)) == Fraction(1, 3)
    assert as_fraction(Fraction(3, 4)) == Fraction(3, 4)
    assert as_fraction(0) == Fraction(0)
    assert as_fraction("5/7") == Fraction(5, 7)


def test_odds_panel_updates_its_widget() -> None:
    panel = OddsPanel(title="Odds", labels={1: "Shop 1"})
    widget = panel.widget
    assert "No odds at this point." in widget.value
    panel.update({1: Fraction(1, 4)})
    assert widget.value == panel.html == odds_table_html({1: Fraction(1, 4)},
                                                         labels={1: "Shop 1"}, title="Odds")


# -- stepper ----------------------------------------------------------------------------------
def test_stepper_buttons_call_their_actions_and_errors_show_in_the_status() -> None:
    calls: list[str] = []

    def fail() -> None:
        raise ValueError("cannot go back")

    s = Stepper({"step": lambda: calls.append("step"), "back": fail,
                 "phase": lambda: calls.append("phase"), "round": lambda: calls.append("round"),
                 "reset": lambda: calls.append("reset")}, status="ready")
    assert [b.description for b in s.buttons.values()] == [
        "Step", "Back", "Play phase", "Play round", "Reset"]
    assert s.status.value == "ready" and "bl-status" in s.status._dom_classes
    for name in ("step", "phase", "round", "reset"):
        assert f"bl-stepper-{name}" in s.buttons[name]._dom_classes
        s.buttons[name].click()
    assert calls == ["step", "phase", "round", "reset"]
    s.buttons["back"].click()
    assert s.status.value == "error: cannot go back"
    s.enable(back=False, step=True)
    assert s.buttons["back"].disabled and not s.buttons["step"].disabled
    s.set_status("Round 1")
    assert s.status.value == "Round 1"


# -- choice pad -------------------------------------------------------------------------------
def test_choice_pad_offers_buttons_or_a_dropdown_and_reports_the_index() -> None:
    picked: list[int] = []
    pad = ChoicePad(picked.append, max_buttons=3)
    pad.offer(["a", "b", "c"], prompt="choose:")
    assert [b.description for b in pad.buttons] == ["a", "b", "c"]
    assert all("bl-choice" in b._dom_classes for b in pad.buttons)
    pad.buttons[2].click()
    assert picked == [2]
    old = pad.buttons
    pad.offer(["a", "b", "c", "d"], prompt="choose:")
    assert all(b.comm is None for b in old)  # replaced buttons are closed
    assert pad.buttons == [] and pad.dropdown is not None and pad.choose_button is not None
    assert [label for label, _ in pad.dropdown.options] == ["a", "b", "c", "d"]
    pad.dropdown.value = 3
    pad.choose_button.click()
    assert picked == [2, 3]
    dropdown = pad.dropdown
    pad.clear()
    assert pad.widget.children == () and pad.labels == []
    assert dropdown.comm is None
