"""Playing Level 7 from the outside: agents, views, narration, the registry entry and the
command line (play, --json, replay, rules)."""

from __future__ import annotations

import json

import pytest

from boardlab import registry
from boardlab.cli import main
from boardlab.core.errors import ArgumentTypeError
from boardlab.level7_lockdown import (
    PHASE_TITLES,
    RULES,
    Access,
    EndStep,
    HeuristicAgent,
    Move,
    Peek,
    StandUp,
    load_match,
    new_match,
    observe,
    outcome,
    play,
    save_position,
)
from boardlab.level7_lockdown.choices import Smash
from boardlab.level7_lockdown.game import GAME
from boardlab.level7_lockdown.narration import describe
from boardlab.narrate import narrate

from .conftest import HUB_SOUTH, HUB_WEST, STORAGE, start


def test_l7_play_a_seeded_match_is_reproducible() -> None:
    a, b = play(players=3, seed=8), play(players=3, seed=8)
    assert a.choices == b.choices and a.state == b.state
    assert play(players=3, seed=9).choices != a.choices


def test_l7_play_heuristic_agent_reads_only_its_view_and_plays_sensibly() -> None:
    agent = HeuristicAgent(seed=1)
    m = start(characters={"Leo": {"down": True}}, enemies={}, cronos=None)
    assert agent.choose(observe(m.state, "Leo"), m.legal()) == StandUp()
    used = [("Corridor A1", 2, 0, 0, 0), ("Security Post", 2, 5, 5, 0),
            ("Armory", 2, 10, 10, 0), ("War Zone North", 2, 15, 15, 0)]
    m = start(characters={"Leo": {"tile": "Storage Bay"}}, tiles=used, enemies={},
              cronos=None)
    assert isinstance(agent.choose(observe(m.state, "Leo"), m.legal()), Peek)
    m = start(players=1, tiles=[("Exit Shaft", 0, 1, 1, 0)],
              characters={"Leo": {"tile": "Storage Bay"}}, enemies={}, cronos=None)
    assert agent.choose(observe(m.state, "Leo"), m.legal()) == Move(6)   # to the exit
    m = start(step="action", enemies={}, cronos=None)
    assert agent.choose(observe(m.state, "Leo"), m.legal()) == Smash(HUB_SOUTH)
    m = start(step="action", enemies={}, cronos=None, barricades={})
    assert agent.choose(observe(m.state, "Leo"), m.legal()) in (EndStep(),
                                                                 Access(HUB_WEST, False))


def test_l7_r100_views_hide_only_the_order_of_the_piles() -> None:
    s = new_match(players=2).state
    view = observe(s, "Cody")
    assert view.chars == s.chars and view.enemies == s.enemies
    assert view.stack_sizes == tuple((n, len(t)) for n, t in s.stacks)
    # What a pile holds is public (issue 26: the board and the view agree); the state
    # keeps no order to hide: stacks are sorted multisets, decks are counts per card.
    assert view.stacks == s.stacks and all(list(t) == sorted(t) for _, t in s.stacks)
    assert view.events_deck == s.events_deck and view.events_left == 24 == sum(s.events_deck)


def test_l7_play_narration_titles_each_turn_step() -> None:
    m = play(players=2, seed=3)
    lines = narrate(m.events, phase_titles=PHASE_TITLES)
    assert "Round 1 — Leo's turn — move step" in lines
    assert "Round 1 — Cody's turn — enemy activation step" in lines
    assert "End of the match" in lines
    assert all(line.endswith(")") for line in lines if line.startswith("  "))
    assert describe(Move(STORAGE), m.root) == "move to Storage Bay"


def test_l7_play_outcome_and_scores_agree() -> None:
    for seed in range(12):
        m = play(players=2, seed=seed, agents=lambda s, k=seed: HeuristicAgent(seed=k))
        escaped = [n for n, r in outcome(m.state).items() if r == "escaped"]
        assert sum(m.scores().values()) == len(escaped)
        assert set(GAME.winners(m)) == set(escaped)


def test_l7_play_registry_entry() -> None:
    assert registry.get("level7-lockdown") is GAME and GAME.rules is RULES
    m = GAME.play(seed=2, players=3, agents="heuristic")
    assert m.is_over and GAME.players(m) == ("Leo", "Cody", "Brent")
    assert GAME.title(m) == ("Level 7 [Escape]: Lockdown: sandbox scenario, 3 players "
                             "(Leo, Cody, Brent), seed 2 — invented by boardlab, like the "
                             "stand-in core (L7-R1)")
    solo = GAME.start(seed=1, players=1)
    assert GAME.players(solo) == ("Leo",)
    assert GAME.setup(players=2, scenario="sandbox", turn_limit=4).rounds == 4
    assert [p["players"] for p in GAME.soak_plan({"players": (1, 2, 3, 4),
                                                  "scenario": ("sandbox",),
                                                  "turn_limit": (None,)})] == [1, 2, 3, 4]


def test_l7_play_command_line_play_json_replay_rules(capsys, tmp_path) -> None:
    path = tmp_path / "m.json"
    code = main(["play", "level7-lockdown", "--scenario", "sandbox", "--players", "2",
                 "--seed", "1", "--json", str(path)])
    played = capsys.readouterr().out.splitlines()
    assert code == 0
    assert played[0] == ("Level 7 [Escape]: Lockdown: sandbox scenario, 2 players "
                         "(Leo, Cody), seed 1 — invented by boardlab, like the stand-in "
                         "core (L7-R1)")
    assert played[-3:-1] == ["  Leo: inside at the end (never got out)",
                             "  Cody: inside at the end (never got out)"]
    assert json.loads(path.read_text())["game"] == "level7-lockdown"
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == played
    assert load_match(path.read_text()).state == play(players=2, seed=1).state
    assert main(["rules", "level7-lockdown"]) == 0
    rules = capsys.readouterr().out.splitlines()
    assert rules[0] == f"Level 7 [Escape]: Lockdown: {len(RULES.book)} rules (133 from the " \
                       f"rule text, {len(RULES.book) - 133} boardlab rulings)"
    assert any(line.startswith("L7-barricade-enemy ") for line in rules)
    assert main(["play", "level7-lockdown", "--players", "5"]) == 2
    assert "players: 1 to 4 (L7-R33) (got 5)" in capsys.readouterr().err


def test_l7_play_positions_round_trip_through_json() -> None:
    m = play(players=4, seed=6)
    for ply in (0, 17, m.ply // 2, m.ply):
        m.seek(ply)
        assert RULES.invariants(m.state) == []
        from boardlab.level7_lockdown import load_position
        assert load_position(save_position(m.state)) == m.state


def test_l7_play_command_line_shows_the_board_before_each_round_and_at_the_end(capsys) -> None:
    from tests.test_cli import boards

    assert main(["play", "level7-lockdown", "--players", "2", "--seed", "1"]) == 0
    snaps = boards(capsys.readouterr().out.splitlines())
    match = play(players=2, seed=1)
    end = match.state
    # The sandbox's ten rounds (the counter stands at 11 once the match is over).
    last = max(e.round for e in match.events)
    assert last == 10 and end.round == 11
    assert list(snaps) == [f"Board as round {r} begins" for r in range(1, last + 1)] + [
        "Board at the end"]
    assert snaps["Board at the end"] == GAME.board_lines(end)
    assert snaps["Board at the end"] == [
        "  facility    7 tiles placed; 2 locked doors, 1 barricade",
        "  lockdown    1 token in the pool; Dr. Cronos on Closet",
        "  Leo         on Armory (down), vitality 2, fear 6, adrenaline 0, 1 item",
        "  Cody        on Closet, vitality 2, fear 4, adrenaline 0, 1 item",
        "  enemies     on Hub: rogue clone 1, blaster hybrid 2 (Speed);",
        "                on Lair: rogue clone 3, warrior clone 1, blaster hybrid 1 (Strength);",
        "                on Armory: fear hunter 1"]
    # Each character row reads the state: tile, vitality and fear as the match has them.
    for c in end.chars:
        row = next(x for x in snaps["Board at the end"] if x.startswith(f"  {c.name} "))
        assert f", vitality {c.vitality}, fear {c.fear}," in row
    # A round's snapshot is the board after the first ply that tells of that round.
    for r in (1, 5):
        after = next(rec.after for rec in match.records if any(e.round == r for e in rec.events))
        assert snaps[f"Board as round {r} begins"] == GAME.board_lines(after)
    # Standings other than "inside" replace the tile; no enemies is said in words.
    out = end._replace(chars=tuple(c._replace(status="escaped") for c in end.chars),
                       enemies=())
    lines = GAME.board_lines(out)
    assert lines[2].startswith("  Leo         escaped (down), vitality 2")
    assert lines[-1] == "  enemies     none in the facility"
    with pytest.raises(ArgumentTypeError, match="state"):
        GAME.board_lines(tuple(end))
