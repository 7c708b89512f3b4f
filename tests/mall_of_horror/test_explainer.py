"""The phase explainer: one card per phase, the narration's own lines, navigation, secrets."""

from __future__ import annotations

from html import escape

import pytest

from boardlab import mall_of_horror as moh
from boardlab.mall_of_horror.explainer import (
    PHASE_GUIDE,
    PHASES,
    Explainer,
    explain_phase,
    in_short,
    phase_positions,
)
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.mall_of_horror.rules import PHASE_NAMES
from boardlab.narrate import heading, narrate


@pytest.fixture(scope="module")
def match():
    return moh.play(players=4, seed=3, agents=lambda c: moh.HeuristicAgent(seed=3))


def phase_events(match, position):
    return [e for e in match.events if (e.round, e.phase) == position]


def test_every_card_holds_its_phase_description_rules_and_exact_event_lines(match) -> None:
    ex = Explainer(match)
    assert ex.positions == phase_positions(match)
    assert ex.positions[0] == (0, "setup") and ex.positions[-1] == (8, "over")
    assert len(ex.positions) == 1 + 8 * 6 + 1
    seen_events = 0
    for position in ex.positions:
        assert ex.goto(*position) == position
        events = phase_events(match, position)
        seen_events += len(events)
        what, rule_ids = PHASE_GUIDE[position[1]]
        lines = ex.card_lines
        assert lines == explain_phase(match, *position)
        assert lines[0] == heading(*position, PHASE_NAMES)
        assert lines[1] == f"What it does: {what}"
        assert lines[2] == f"Rules: {', '.join(rule_ids)}"
        told = lines[lines.index("What happened:") + 1:]
        if events:
            # the CLI's narration of this phase, heading dropped: one source of text
            assert told == narrate(events, phase_titles=PHASE_NAMES)[1:]
            assert len(told) == len(events)
        else:
            assert told == ["  Nothing happened in this phase."]
        html = ex.card_html
        assert escape(what) in html and escape(lines[0]) in html
        for rule_id in rule_ids:
            assert f">{rule_id}</span>" in html
        for e in events:
            assert f'data-rule="{e.rule.id}"' in html
            assert escape(e.text_for(None)) in html
    assert seen_events == len(match.events)  # no event left out of every card


def test_exact_cards_of_a_seeded_match(match) -> None:
    assert explain_phase(match, 1, "b")[-3:] == [
        "What happened:",
        "  Only red can be chosen at 5 Security Room: no vote is needed  (MoH-R19)",
        "  red is elected Chief of Security for this round  (MoH-b)",
    ]
    card = explain_phase(match, 1, "f")
    assert card[3] == ("In short: 5 ballots cast in 2 votes; zombies vs defence 1 vs 1 at 1, "
                       "1 vs 5 at 3, 1 vs 4 at 6; 2 cards played; "
                       "eaten: yellow's Tough Guy, green's Tough Guy")
    assert "  The zombies eat yellow's Tough Guy at 4 Parking Lot  (MoH-parking)" in card
    assert "  green votes for yellow  (MoH-voting)" in card
    assert explain_phase(match, 1, "c")[3:] == [
        "In short: dice 1, 2, 4, 4; 2 cards played",
        "What happened:",
        "  The zombie dice show 1, 2, 4, 4 (red, elected this round, may look)  (MoH-c)",
        "  green plays a Security Camera: the dice show 1, 2, 4, 4  (MoH-c)",
        "  yellow plays a Security Camera: the dice show 1, 2, 4, 4  (MoH-c)",
    ]


def test_a_viewer_sees_only_their_own_secrets(match) -> None:
    red = Explainer(match, viewer="red")
    red.goto(1, "f")
    assert "  green votes in secret  (MoH-voting)" in red.card_lines
    assert "  green votes for yellow  (MoH-voting)" not in red.card_lines
    assert "green votes for yellow" not in red.card_html
    assert red.card_lines == explain_phase(match, 1, "f", viewer="red")
    # red looked at the dice in round 1 (elected Chief); blue did not
    red_c = explain_phase(match, 1, "c", viewer="red")
    assert red_c[3] == "In short: dice 1, 2, 4, 4; 2 cards played"
    blue_c = explain_phase(match, 1, "c", viewer="blue")
    assert blue_c[3] == "In short: 2 cards played"
    assert not any("1, 2, 4, 4" in line for line in blue_c)
    for position in red.positions:
        for e in phase_events(match, position):
            if e.detail and "red" not in e.visible_to:
                red.goto(*position)
                assert escape(e.detail) not in red.card_html


def test_navigation_by_python_and_by_clicks(match) -> None:
    ex = Explainer(match)
    assert ex.position == (0, "setup")
    assert ex.back() == (0, "setup")
    assert ex.next() == (1, "a")
    assert ex.next_round() == (2, "a")
    assert ex.back() == (1, "f")
    assert ex.next_round() == (2, "a")
    ex.goto(8, "f")
    assert ex.next_round() == (8, "over")
    assert ex.next() == (8, "over")
    with pytest.raises(ValueError, match="no card for round 9"):
        ex.goto(9, "a")
    with pytest.raises(ValueError, match="unknown phase"):
        explain_phase(match, 1, "z")
    ex.goto(0, "setup")
    w = ex.widget
    assert "bl-explainer" in w._dom_classes
    assert ex.buttons["back"].disabled and not ex.buttons["next"].disabled
    ex.buttons["next"].click()
    assert ex.position == (1, "a") and ex.menu.value == 1
    ex.buttons["next_round"].click()
    assert ex.position == (2, "a")
    ex.buttons["back"].click()
    assert ex.position == (1, "f")
    ex.menu.value = ex.positions.index((5, "d"))  # the phase menu jumps
    assert ex.position == (5, "d")
    card = [c for c in w.children if "bl-explainer-card" in c._dom_classes][0]
    label = [c for c in w.children if "bl-explainer-status" in c._dom_classes][0]
    assert card.value == ex.card_html
    assert label.value == "Round 5 — d) Choose Destinations (29 of 50)" == ex.status
    assert [t for t, _ in ex.menu.options][:3] == [
        "Setup", "Round 1 — a) Search the Truck", "Round 1 — b) Elect the Chief"]
    ex.goto(8, "over")
    assert ex.buttons["next"].disabled and ex.buttons["next_round"].disabled
    ex.close()
    assert w.comm is None and card.comm is None
    assert ex.widget is not w and ex.position == (8, "over")  # a fresh widget, same card


def test_a_match_in_progress_shows_phases_so_far_and_refresh_follows_it() -> None:
    m = moh.new_match(players=4, seed=3)
    agents = {c: moh.HeuristicAgent(3) for c in m.state.setup.colours}
    ex = Explainer(m)
    assert ex.positions == [(0, "setup")]
    assert ex.card_lines[-1] == "  Nothing happened in this phase."
    while (m.state.round, m.state.phase) != (2, "c"):
        m.roll() if m.to_move is moh.CHANCE else m.push(
            agents[m.to_move].choose(m.observe(m.to_move), m.legal()))
    ex.goto(0, "setup")
    ex.refresh()
    assert ex.position == (0, "setup")
    assert ex.positions == [(0, "setup"), *[(1, p) for p in PHASES], (2, "a"), (2, "b"),
                            (2, "c")]


def test_phase_descriptions_are_own_words_citing_known_rules() -> None:
    assert set(PHASE_GUIDE) == {"setup", *PHASES, "over"}
    summaries = [r.summary for r in BOOK]
    for what, rule_ids in PHASE_GUIDE.values():
        assert rule_ids and all(r in BOOK for r in rule_ids)
        assert what not in summaries and 80 < len(what) < 500


def test_in_short_is_empty_when_nothing_is_counted() -> None:
    assert in_short([]) == ""


def test_a_public_explainer_tells_only_what_every_player_knows(match) -> None:
    public = Explainer(match, viewer="public")
    public.goto(1, "c")
    assert public.card_lines[3] == "In short: 2 cards played"  # nobody shows the dice
    for position in public.positions:
        public.goto(*position)
        for e in phase_events(match, position):
            if e.detail:
                assert f"  {e.detail}  ({e.rule.id})" not in public.card_lines
                assert f"  {e.summary}  ({e.rule.id})" in public.card_lines


def test_explainer_refuses_an_unknown_viewer(match) -> None:
    with pytest.raises(ValueError, match=r"viewer: unknown viewer: .*\(got 'purple'\)"):
        Explainer(match, viewer="purple")
