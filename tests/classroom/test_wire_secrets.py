"""Secrets on the wire (issue 31): every message sent to every seat over whole matches is
recorded, and none carries another seat's hidden facts, in every game that has them.

Three checks, over whole matches played through the server's websockets by simulated
students (every message each seat received is recorded):

1. each recorded message is exactly what the seat's own message builder makes at that ply
   (built from the seat's view, render, log and odds only);
2. at every ply where another outcome was possible that the seat could not have told
   apart (the other seats' secret vote, a card dealt face down, a roll it may not see),
   the seat's message in that other match is the same as the one it was sent: its
   stream is a function of what it may know;
3. no text that an event tells only to some seats (a vote's colour, a card drawn)
   occurs in any message to a seat it is not told to.

Level 7 has no secrets between seats (hands are open, L7-R21): its test checks that the
two seats' messages are the same but for the seat's own markings and its own buttons.
"""

from __future__ import annotations

import importlib
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

from boardlab import registry
from boardlab.classroom.lesson import Lesson
from boardlab.classroom.messages import seat_message
from tests.classroom.pairs import alternatives, hidden_pairs
from tests.classroom.wire import WAITING, body, play_whole, run_async, start_server

SECRET_GAMES = ["mall-of-horror", "lockup-breakout"]
#: Pairs each game must yield off the wire, and on it (a page may skip a ply when the
#: next comes at once, so the count on the wire varies a little from run to run;
#: Breakout's hidden facts are rarer: about 50 in a match).
PAIRS = 150
WIRE_PAIRS = {"mall-of-horror": 100, "lockup-breakout": 25}
#: The whole matches played on the wire (a Breakout match is 3–4 times as long).
WIRE_SEEDS = {"mall-of-horror": [11, 12], "lockup-breakout": [11]}


def _whole_matches(name: str, seeds: list[int]) -> list[tuple[Any, dict[str, list[dict]]]]:
    """Whole matches played through the wire: (the final match, messages per seat)."""
    out = []
    for seed in seeds:
        with tempfile.TemporaryDirectory() as tmp:
            lesson = Lesson.create(name, seed=seed, pace=0, timeout=600,
                                   path=Path(tmp) / "lesson.json")
            running = start_server(lesson)
            try:
                table = lesson.tables[0]
                players = run_async(play_whole(running, table.seats, seed=seed))
            finally:
                running.stop()
            assert table.match.is_over
            saved = json.loads((Path(tmp) / "lesson.json").read_text())
            replay = registry.get(name).load(saved["tables"][0]["match"])
            assert replay.state == table.match.state and replay.ply == table.match.ply
            out.append((table.match, {p.seat: [m for m in p.messages if m["type"] == "view"]
                                      for p in players}))
    return out


def _secret_texts(match: Any, seat: str) -> set[str]:
    """Texts that some event tells only to seats other than ``seat``."""
    texts = set()
    for event in match.events:
        if event.visible_to and seat not in event.visible_to and event.detail \
                and event.detail != event.summary:
            texts.add(event.detail)
    return texts


#: A whole Breakout match on the wire is a minute of checks: make test's; make check keeps
#: Mall of Horror's two matches.
WIRE_GAMES = ["mall-of-horror", pytest.param("lockup-breakout", marks=pytest.mark.slow)]


@pytest.mark.slow
@pytest.mark.parametrize("name", WIRE_GAMES)
def test_every_message_to_every_seat_is_built_from_its_view(name: str) -> None:
    game = registry.get(name)
    rng = random.Random(5)
    pairs = messages = 0
    for match, streams in _whole_matches(name, WIRE_SEEDS[name]):
        for seat, stream in streams.items():
            assert stream and stream[-1]["over"], f"{seat} did not see the end"
            plies = [m["ply"] for m in stream]
            assert plies == sorted(plies)  # never back in time
            secrets = _secret_texts(match, seat)
            for msg in stream:
                messages += 1
                shown = body(msg)
                note = shown["note"]
                assert note in ("", WAITING)
                at = match.branch(msg["ply"])
                # 1. exactly the seat's own message at that ply
                assert shown == seat_message(at, seat, note=note), (seat, msg["ply"])
                # 3. nothing told only to others
                wire = json.dumps(shown)
                leaked = [t for t in secrets if json.dumps(t)[1:-1] in wire]
                assert not leaked, f"{seat} at ply {msg['ply']} was sent {leaked[:2]}"
                # 2. the same message in a match that differs in what the seat cannot see
                if msg["ply"] == 0:
                    continue
                for n, other in enumerate(alternatives(game.rules, match, msg["ply"] - 1,
                                                       seat, rng=rng, tries=3)):
                    assert seat_message(other, seat, note=note) == shown, (
                        f"{name}: {seat}'s message at ply {msg['ply']} tells "
                        f"{match.records[msg['ply'] - 1].choice!r} from "
                        f"{other.records[-1].choice!r}")
                    pairs += 1
                    if n == 2:
                        break
    assert messages > 200
    assert pairs >= WIRE_PAIRS[name], f"only {pairs} hidden pairs on the wire"
    print(f"{name}: {messages} messages, {pairs} hidden pairs")


@pytest.mark.slow
@pytest.mark.parametrize("name", SECRET_GAMES)
def test_a_seats_message_is_a_function_of_what_it_may_know(name: str) -> None:
    """Off the wire, over many matches: PAIRS pairs of matches differing only in a fact
    hidden from the seat give the seat the same message (log, picture, odds, choices)."""
    game = registry.get(name)
    module = importlib.import_module(game.package)
    count = 0
    for a, b, seat in hidden_pairs(game, module, PAIRS):
        assert a.state != b.state
        assert seat_message(a, seat) == seat_message(b, seat), (
            f"{name}: {seat} can tell {a.records[-1].choice!r} from "
            f"{b.records[-1].choice!r} at ply {a.ply}")
        count += 1
    assert count == PAIRS


def test_level7_seats_keep_no_secrets_from_each_other() -> None:
    """Both seats see the same match: their views differ only in whose view it is, their
    logs, odds and status lines are the same, each picture is the game's picture for that
    seat, and only the seat to move has buttons."""
    name = "level7-lockdown"
    [(match, streams)] = _whole_matches(name, [4])
    api = importlib.import_module(registry.get(name).package)
    leo, cody = streams["Leo"], streams["Cody"]
    by_ply = {m["ply"]: m for m in cody}
    compared = 0
    for msg in leo:
        other = by_ply.get(msg["ply"])
        if other is None:
            continue
        a, b = body(msg), body(other)
        for key in ("log", "odds", "status", "over", "ply"):
            assert a[key] == b[key], key
        state = match.branch(msg["ply"]).state
        assert api.observe(state, "Leo")[1:] == api.observe(state, "Cody")[1:]
        assert a["svg"] == api.render_svg(state, viewer="Leo")
        assert b["svg"] == api.render_svg(state, viewer="Cody")
        assert not (a["choices"] and b["choices"])  # the buttons are the mover's only
        compared += 1
    assert compared > 20
