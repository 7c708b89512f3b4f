"""The generic PhaseExplainer driven with a second game (the toy of tests/core/toy.py), and
the phase order shared by every game."""

from __future__ import annotations

from html import escape

import pytest

from boardlab.core.agents import RandomAgent
from boardlab.core.engine import Match
from boardlab.core.simulate import play_out
from boardlab.narrate import narrate
from boardlab.widgets.explainer import NOTHING, PhaseExplainer, card_lines, ordered_positions
from tests.core.toy import BOOK, RULES, ToySetup
from tests.widgets.toy_views import TITLES, ToyExplainer


@pytest.fixture(scope="module")
def played() -> Match:
    return play_out(Match(RULES, ToySetup(), seed=3), {"a": RandomAgent(1), "b": RandomAgent(2)})


def turns(match: Match) -> list[list]:
    """The events of each turn (a coin, then an add), split by hand."""
    out: list[list] = []
    for e in match.events:
        if e.kind == "coin":
            out.append([])
        out[-1].append(e)
    return out


def test_the_toy_cards_follow_its_turns_and_tell_every_event_once(played) -> None:
    ex = ToyExplainer(played)
    by_turn = turns(played)
    assert ex.positions == [(t, p) for t in range(1, len(by_turn) + 1) for p in ("flip", "add")]
    told = 0
    for (turn, phase) in ex.positions:
        ex.goto(turn, phase)
        events = [e for e in by_turn[turn - 1] if (e.kind == "coin") == (phase == "flip")]
        what, rule_ids = ToyExplainer.phase_guide[phase]
        lines = ex.card_lines
        assert lines[:3] == [f"Round {turn} — {TITLES[phase]}", f"What it does: {what}",
                             f"Rules: {', '.join(rule_ids)}"]
        happened = lines[lines.index("What happened:") + 1:]
        assert happened == narrate(events, phase_titles=TITLES)[1:]
        if phase == "add":
            assert lines[3] == f"In short: {events[0].summary[1:]} added"
        html = ex.card_html
        for rule_id in rule_ids:
            assert f'title="{escape(BOOK[rule_id].cite())}: {escape(BOOK[rule_id].summary)}"' \
                in html
        assert all(escape(e.summary) in html for e in events)
        told += len(happened)
    assert told == len(played.events)


def test_navigation_by_python_and_by_clicks(played) -> None:
    ex = ToyExplainer(played)
    last = ex.positions[-1]
    assert ex.position == (1, "flip") and ex.back() == (1, "flip")
    assert ex.next() == (1, "add") and ex.next_round() == (2, "flip")
    assert ex.back() == (1, "add")
    ex.goto(*last)
    assert ex.next() == last and ex.next_round() == last
    with pytest.raises(ValueError, match=r"no card for round 99, phase 'flip': this match has "
                                         r"Round 1 — Flip … Round \d+ — Add"):
        ex.goto(99, "flip")
    ex.goto(1, "flip")
    w = ex.widget
    assert ex.buttons["back"].disabled
    ex.buttons["next"].click()
    assert ex.position == (1, "add") and ex.menu.value == 1
    ex.menu.value = 4
    assert ex.position == ex.positions[4] == (3, "flip")
    assert ex.status == f"Round 3 — Flip (5 of {len(ex.positions)})"
    assert repr(ex) == f"<ToyExplainer viewer=None at {ex.status}>"
    ex.close()
    assert w.comm is None


def test_explain_any_phase_and_refuse_unknown_ones(played) -> None:
    ex = ToyExplainer(played)
    assert ex.explain(99, "add")[-1] == "  " + NOTHING
    with pytest.raises(ValueError, match="phase: unknown phase; phases are start, flip, "
                                         "add \\(got 'bid'\\)"):
        ex.explain(1, "bid")
    with pytest.raises(ValueError,
                       match=r"viewer: unknown viewer: a player \(a, b\), 'public' or "
                             r"None \(got 'c'\)"):
        ToyExplainer(played, viewer="c")


def test_a_match_in_progress_and_refresh(played) -> None:
    match = Match(RULES, ToySetup(), seed=3)
    ex = ToyExplainer(match)
    assert ex.positions == [(0, "start")]
    assert ex.card_lines == ["Before the first flip", "What it does: Nobody has flipped yet.",
                             "Rules: T-1", "What happened:", "  " + NOTHING]
    match.roll()
    ex.refresh()
    assert ex.positions == [(1, "flip")] and ex.position == (1, "flip")


def test_a_game_without_hooks_gets_one_card_per_event_group(played) -> None:
    class Bare(PhaseExplainer):
        phase_guide = {"": ("Everything the toy does.", ("T-1", "T-2"))}

    ex = Bare(played)
    assert ex.positions == [(0, "")]  # the toy's events carry no round or phase
    assert ex.card_lines[0] == "Before the first round"
    assert len(ex.card_lines) == 4 + len(played.events)


# -- phase order -----------------------------------------------------------------------------
def test_ordered_positions_over_rounds_with_opening_and_closing_phases() -> None:
    phases = ("a", "b", "c")
    kwargs = {"opening": ("deal", "bid"), "closing": ("over",)}
    assert ordered_positions((0, "deal"), (0, "bid"), phases, **kwargs) == [(0, "deal"),
                                                                            (0, "bid")]
    assert ordered_positions((0, "bid"), (2, "a"), phases, **kwargs) == [
        (0, "bid"), (1, "a"), (1, "b"), (1, "c"), (2, "a")]
    assert ordered_positions((2, "b"), (3, "over"), phases, **kwargs) == [
        (2, "b"), (2, "c"), (3, "a"), (3, "b"), (3, "c"), (3, "over")]
    assert ordered_positions((2, "c"), (2, "over"), phases, **kwargs) == [(2, "c"), (2, "over")]
    with pytest.raises(ValueError, match="unknown phase 'z'; phases are deal, bid, a, b, c, over"):
        ordered_positions((1, "z"), (2, "a"), phases, **kwargs)


def test_card_lines_put_the_tally_before_the_events() -> None:
    lines = card_lines((1, "s"), [], what="Score.", rule_ids=("D-1", "D-2"), short="2 points")
    assert lines == ["Round 1 — s", "What it does: Score.", "Rules: D-1, D-2",
                     "In short: 2 points", "What happened:", "  " + NOTHING]
