"""The Breakout picture, board and explainer (issue 15): the SVG keeps every seat's
secrets and shows exactly the state's tokens, lanterns and stacks; the board's odds panel
is the exact seeker contest and changes with a roll-call choice made through the grouped
choice pad; Back restores what was shown; the explainer has a card per phase with the
rules that caused each event.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE
from boardlab.core.errors import ArgumentError, ArgumentTypeError
from boardlab.lockup_breakout.board import Board, choice_group
from boardlab.lockup_breakout.explainer import PHASE_GUIDE, Explainer
from boardlab.lockup_breakout.odds import live_odds, seeker_contest
from boardlab.lockup_breakout.render import render_svg


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def rollcall_states(seeds: range) -> list[lb.State]:
    """States in the middle of roll call (face-down tokens on the board), several matches."""
    out = []
    for seed in seeds:
        m = lb.new_match(players=3 + seed % 3, seed=seed)
        agents = {c: lb.RandomAgent(seed) for c in m.state.setup.colours}
        while not m.is_over and len(out) < 4 * (seeds.index(seed) + 1):
            if m.to_move is CHANCE:
                m.roll()
            else:
                m.push(agents[m.to_move].choose(m.observe(m.to_move), m.legal()))
            if m.state.phase == "rollcall" and sum(m.state.face_down) >= 2 and m.ply % 7 == 0:
                out.append(m.state)
    return out


STATES = rollcall_states(range(4))


@pytest.mark.parametrize("state", STATES)
def test_a_seats_picture_never_shows_another_seats_face_down_tokens(state: lb.State) -> None:
    for viewer in (*state.setup.colours, None):
        root = ET.fromstring(render_svg(state, viewer=viewer))
        drawn: Counter[tuple[int, str, str]] = Counter()
        for group in with_class(root, "location"):
            loc = int(group.get("data-location") or 0)
            for tok in with_class(group, "token"):
                drawn[(loc, tok.get("data-colour") or "", tok.get("data-token") or "")] += 1
        expected: Counter[tuple[int, str, str]] = Counter()
        for loc in range(0, 8):
            for colour, token, fd in state.at(loc):
                hidden = fd and colour != viewer
                expected[(loc, colour, "hidden" if hidden else token)] += 1
        assert drawn == expected
    everything = ET.fromstring(render_svg(state, omniscient=True))
    assert not [t for t in with_class(everything, "token") if t.get("data-token") == "hidden"]


def test_lanterns_spaces_and_loot_stacks_follow_the_state_and_the_map() -> None:
    m = lb.play(players=4, seed=3)
    s = m.state
    root = ET.fromstring(render_svg(s, viewer="red"))
    assert {g.get("data-colour"): g.get("data-space") for g in with_class(root, "lantern")} \
        == dict(zip(s.sides, s.lanterns, strict=True))
    assert [g.get("data-space") for g in with_class(root, "space")] == list(
        s.config.catacombs.names)
    assert len(with_class(root, "path")) == len(s.config.catacombs.paths)
    looked = {i for i, side in s.looked if side == "red"}
    for i, g in enumerate(with_class(root, "loot-stack")):
        known, unknown = s.stacks[i]
        assert g.get("data-size") == str(len(known) + unknown)
        assert (g.get("data-contents") is not None) == (i in looked and bool(known))
    assert render_svg(s, viewer="red") == render_svg(s, viewer="red")   # deterministic
    assert s._repr_svg_() == render_svg(s)


def test_render_refuses_bad_arguments() -> None:
    s = lb.position(players=2)
    with pytest.raises(ArgumentError) as err:
        render_svg(s, viewer="green")
    assert str(err.value) == "viewer: not a colour of this match; one of red, blue (got 'green')"
    with pytest.raises(ArgumentTypeError, match="expected a Lockup: Breakout position"):
        render_svg("not a state")  # type: ignore[arg-type]
    refusals = [  # issue 26: each argument checked, a boardlab error naming it
        (dict(width=True), ArgumentTypeError,
         "width: expected a whole number, not a bool (got True)"),
        (dict(width=10**6), ArgumentError, "width: 100 to 10000 (got 1000000)"),
        (dict(highlight=itertools.count()), ArgumentError,
         "highlight: more locations than a board has (got count(65))"),
        (dict(highlight="12"), ArgumentTypeError, "highlight: expected locations to outline "
         "(a list of numbers 1–7), or () (got '12')"),
        (dict(odds="x"), ArgumentTypeError, "odds: expected a mapping of a location ('3') "
         "to a probability, or None (got 'x')"),
        (dict(odds={"3": Fraction(3, 2)}), ArgumentError, "odds: each entry maps a "
         "location's number as text to an exact probability from 0 to 1 "
         "(got {'3': Fraction(3, 2)})"),
        (dict(omniscient=1), ArgumentTypeError, "omniscient: expected True or False (got 1)"),
    ]
    for kwargs, error, message in refusals:
        with pytest.raises(error) as err:
            render_svg(s, **kwargs)
        assert str(err.value) == message
    # Entries of highlight that are not locations are ignored, as before.
    assert render_svg(s, highlight=[1, True, "x"]) == render_svg(s, highlight=[1])


# -- the board ---------------------------------------------------------------------------
def find(widget: Any, css_class: str) -> list[Any]:
    out = [widget] if css_class in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out.extend(find(child, css_class))
    return out


def test_roll_call_through_the_grouped_pad_changes_the_odds_and_back_restores() -> None:
    board = Board(lb.new_match(players=3, seed=1), seat="red")
    board.play_round()
    assert board.match.to_move == "red"
    state = board.match.state
    w = board.widget
    (pad,) = find(w, "bl-choices")
    before = (board.svg, board.odds_html, board.status)
    assert board.odds == {}
    # Roll call offers many choices: the pad shows the token groups first.
    assert board.choice_pad.groups == list(dict.fromkeys(
        choice_group(c) for c in board.offered))
    assert "the seeker" in board.choice_pad.groups
    board.choice_pad.select("the seeker")
    tunnel = next(i for i, c in enumerate(board.offered) if c.token == "seeker"
                  and state.tunnels[c.location - 1] and not c.face_down)
    # Seven locations, face up or down: the group's 14 choices come as a dropdown.
    (dropdown,) = find(pad, "bl-choice-dropdown")
    assert [label for label, _ in dropdown.options] == [
        board.choice_labels[i] for i, c in enumerate(board.offered) if c.token == "seeker"]
    dropdown.value = tunnel
    (choose,) = find(pad, "bl-choose")
    choose.click()
    loc = board.match.records[-1].choice.location
    assert board.match.records[-1].choice == lb.Assign("seeker", loc, False)
    assert board.odds == {str(loc): seeker_contest(board.match.state, loc, "red")}
    assert board.odds != {} and board.odds_html != before[1]
    board.back()
    assert (board.svg, board.odds_html, board.status) == before
    assert board.match.state == state


def test_live_odds_never_use_another_seats_secret() -> None:
    """Blue's face-down 3 or 1: red's odds are the same whichever it is (LB-R37)."""
    common = dict(players=3, tunnels={3: "double"}, turn="red")
    a = lb.position(crews={3: ["red seeker", "red 2", "blue seeker", "blue 3*"],
                           5: ["blue 1*"]}, **common)
    b = lb.position(crews={3: ["red seeker", "red 2", "blue seeker", "blue 1*"],
                           5: ["blue 3*"]}, **common)
    assert live_odds(a, viewer="red") == live_odds(b, viewer="red") == \
        {"3": seeker_contest(a, 3, "red")}
    assert live_odds(a, viewer="blue") != live_odds(b, viewer="blue")


def test_the_board_refuses_another_game_and_an_unknown_seat() -> None:
    from boardlab import mall_of_horror as moh

    with pytest.raises(ValueError, match="expected a Lockup: Breakout match"):
        Board(moh.new_match(players=4, seed=1))
    with pytest.raises(ValueError, match=r"seat: unknown seat; .*\(got 'purple'\)"):
        Board(lb.new_match(players=3, seed=1), seat="purple")


# -- the explainer ---------------------------------------------------------------------------
def test_explainer_cards_cover_every_event_with_its_rule() -> None:
    m = lb.play(players=3, seed=5)
    ex = Explainer(m)
    positions = ex.positions
    assert positions[0] == (0, "setup") and positions[-2:] == [(6, "final"), (6, "over")]
    told = set()
    for r, phase in positions:
        lines = ex.explain(r, phase)
        what, rules = PHASE_GUIDE[phase]
        assert any(what[:40] in line for line in lines)
        assert any(", ".join(rules) in line for line in lines)     # the rules cited
        for rule_id in rules:
            assert m.rules.book[rule_id].id == rule_id                  # exist in the book
        for e in [e for e in m.events if (e.round, e.phase) == (r, phase)]:
            assert any(e.rule.id in line for line in lines)            # each event's rule
        told |= {(r, phase)}
    assert {(e.round, e.phase) for e in m.events} <= told
    ex.next()
    assert ex.position == positions[1]
    ex.back()
    assert ex.position == positions[0]
    with pytest.raises(ValueError, match="unknown viewer"):
        Explainer(m, viewer="purple")


def test_the_teaching_layer_loads_from_the_game_on_first_use() -> None:
    """``lb.odds``, ``lb.Board``, ``lb.Explainer`` and ``lb.render_svg`` are the teaching
    modules' own objects; sympy, networkx and ipywidgets load only when these are used."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from boardlab.lockup_breakout import odds

    assert (lb.odds, lb.Board, lb.Explainer) == (odds, Board, Explainer)
    # lb.render_svg is the front door's (checked like every game's), drawing with it.
    assert lb.render_svg(lb.new_match(seed=1).state) == render_svg(lb.new_match(seed=1).state)
    assert {"odds", "Board", "Explainer", "render_svg"} <= set(dir(lb))
    with pytest.raises(AttributeError, match="no attribute 'Boards'"):
        lb.Boards  # noqa: B018
    probe = ("import json, sys\n"
             "import boardlab.lockup_breakout as lb\n"
             "heavy = ('ipywidgets', 'sympy', 'networkx')\n"
             "seen = [[h in sys.modules for h in heavy]]\n"
             "lb.render_svg(lb.position(players=2)); lb.odds.tunnel_layouts(3)\n"
             "seen.append([h in sys.modules for h in heavy])\n"
             "lb.odds.tunnel_layouts(3, explain=True); lb.Board(lb.new_match(players=2, seed=1))\n"
             "seen.append([h in sys.modules for h in heavy])\n"
             "print(json.dumps(seen))\n")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True,
                         text=True, check=True, timeout=120)
    assert json.loads(out.stdout) == [[False, False, False], [False, False, False],
                                      [True, True, False]]
