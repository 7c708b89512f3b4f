"""Lockup: Breakout through the real command line and soak (the game registry)."""

from __future__ import annotations

import pytest

from boardlab import lockup_breakout as lb
from boardlab import registry
from boardlab.cli import main
from boardlab.lockup_breakout.game import GAME
from boardlab.narrate import times
from tests.test_cli import told


def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_play_narrates_six_rounds_with_a_rule_id_on_every_event_line(capsys) -> None:
    code, lines, err = run(capsys, "play", "lockup-breakout", "--players", "3", "--seed", "1")
    assert (code, err) == (0, "")
    assert lines[0] == ("Lockup: Breakout on an invented stand-in core (LB-R1): 3 players "
                        "(red, blue, green), seed 1")
    # Every event is told once, in order, with its rule id in the column at the right;
    # consecutive repeats (same text and rule in one phase) are merged into one line.
    expected: list[tuple[str, str, tuple[int, str], int]] = []
    for event in lb.play(players=3, seed=1).events:
        item = (event.text_for(None), event.rule.id, (event.round, event.phase))
        if expected and expected[-1][:3] == item:
            expected[-1] = (*item, expected[-1][3] + 1)
        else:
            expected.append((*item, 1))
    assert told(lines) == [(t if n == 1 else f"{t} ({times(n)})", r)
                           for t, r, _, n in expected]
    assert all(rule in lb.BOOK for _, rule in told(lines))
    for r in range(1, 7):
        assert f"Round {r} — Roll Call" in lines and f"Round {r} — Lights Out" in lines
    assert "Round 5 — Patrol" in lines and "Round 6 — Patrol" not in lines
    result = GAME.result_lines(lb.play(players=3, seed=1))
    assert lines[-len(result):] == result and result[0] == "Final scores"


def test_solitary_play_names_the_guards_steps_never_their_turn(capsys) -> None:
    code, lines, _ = run(capsys, "play", "lockup-breakout", "--players", "1", "--difficulty",
                         "red", "--seed", "3")
    assert code == 0
    assert lines[0] == ("Lockup: Breakout on an invented stand-in core (LB-R1): solitary, red "
                        "against the guards, difficulty red, seed 3")
    text = "\n".join(lines)
    assert "[LB-solo-rollcall]" in text and "[LB-R23]" in text
    assert lines[-1].startswith(("Winner: red", "The guards win"))


def test_json_replay_and_viewer(capsys, tmp_path) -> None:
    path = tmp_path / "m.json"
    code, lines, _ = run(capsys, "play", "lockup-breakout", "--players", "2", "--seed", "4",
                         "--json", str(path))
    assert code == 0
    code, again, _ = run(capsys, "replay", str(path))
    assert code == 0 and again[1:] == lines[1:]
    # Blue does not read red's face-down tokens; red does.
    _, red, _ = run(capsys, "replay", str(path), "--viewer", "red")
    _, blue, _ = run(capsys, "replay", str(path), "--viewer", "blue")
    red_down = [t for t, _ in told(red) if t.startswith("red assigns") and "face down" in t]
    blue_down = [t for t, _ in told(blue) if t.startswith("red assigns") and "face down" in t]
    assert red_down and len(red_down) == len(blue_down)
    assert all("a token face down" in x for x in blue_down)
    assert not any("a token face down" in x for x in red_down)


def test_rules_lists_every_rule_and_bad_options_exit_2(capsys) -> None:
    code, lines, _ = run(capsys, "rules", "lockup-breakout")
    assert code == 0
    assert lines[0] == "Lockup: Breakout: 104 rules (59 from the rule text, 45 boardlab rulings)"
    code, _, err = run(capsys, "play", "lockup-breakout", "--players", "6")
    assert code == 2 and "(LB-R5)" in err
    code, _, err = run(capsys, "play", "lockup-breakout", "--players", "3", "--difficulty",
                       "red")
    assert code == 2 and "(LB-solo-setup)" in err
    with pytest.raises(SystemExit):
        main(["play", "lockup-breakout", "--difficulty", "blue"])


def test_registry_entry_and_soak_plan() -> None:
    assert registry.get("lockup-breakout") is GAME
    plan = GAME.soak_plan({"players": (1, 2, 5), "difficulty": (None,)})
    assert plan == [{"players": 1, "difficulty": d} for d in ("green", "yellow", "red")] + \
        [{"players": 2, "difficulty": None}, {"players": 5, "difficulty": None}]
    assert GAME.setup(players=1).difficulty == "yellow"
    assert GAME.play(seed=2, players=2, agents="heuristic").is_over


def test_board_snapshots_before_each_round_and_at_the_end_show_public_facts(capsys) -> None:
    from tests.test_cli import boards

    _, lines, _ = run(capsys, "play", "lockup-breakout", "--players", "3", "--seed", "1")
    snaps = boards(lines)
    assert list(snaps) == [f"Board as round {r} begins" for r in range(1, 7)] + [
        "Board at the end"]
    match = lb.play(players=3, seed=1)
    end = match.state
    assert snaps["Board at the end"] == GAME.board_lines(end)
    cfg = end.setup.config
    for i, side in enumerate(end.setup.sides):
        row = next(x for x in snaps["Board at the end"] if x.startswith(f"  {side} "))
        assert f"lantern on {end.lanterns[i]}, {sum(end.stars[i])} stars; " in row
        assert ", ".join(f"{n} {k}" for k, n in zip(cfg.resources, end.resources[i],
                                                      strict=True)) in row
    # Tomes are secret: their number shows, never a name.
    text = "\n".join(x for snap in snaps.values() for x in snap)
    assert any(end.tomes) and not any(t.name in text for t in cfg.tomes)
    # A position says exactly what it holds.
    state = lb.position(players=2, tunnels={3: "double"}, lanterns={"red": "Stair"},
                        resources={"blue": {"gold": 2}}, stars={"red": 5})
    assert GAME.board_lines(state)[0] == "  tunnels     double at 3 Workshop"
    assert GAME.board_lines(state)[4].startswith("  red         lantern on Stair, 5 stars; ")
    assert "lantern on ENTRANCE, 0 stars; 1 scrap, 1 iron, 1 potion, 2 gold;" in \
        GAME.board_lines(state)[6]
