"""The lesson's authority without a browser: refusals leave the match unchanged, the
file resumes with the same links, tokens, labels as the boards say them, the notebook's
``serve(match)`` and ``boardlab serve``'s errors."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

from boardlab import registry
from boardlab.classroom import serve
from boardlab.classroom.command import main as serve_main
from boardlab.classroom.lesson import Lesson, Refusal
from boardlab.classroom.messages import choice_labels, offer_order, seat_message
from boardlab.classroom.tokens import Keys, looks_like_token
from boardlab.core.engine import CHANCE
from boardlab.core.errors import ArgumentError, ArgumentTypeError, FormatError
from tests.classroom.wire import hello, run_async


def _to_first_decision(lesson: Lesson) -> Any:
    table = lesson.tables[0]
    table.claimed = set(table.seats)
    lesson.start()
    while table.play_automatic():
        pass
    return table


def test_a_refused_choice_leaves_the_match_and_the_file_unchanged(tmp_path: Path) -> None:
    lesson = Lesson.create("mall-of-horror", seed=4, pace=0, path=tmp_path / "l.json")
    table = lesson.tables[0]
    with pytest.raises(Refusal, match="has not started"):
        table.choose("red", 0, 0)
    table = _to_first_decision(lesson)
    mover = table.mover
    other = next(s for s in table.seats if s != mover)
    before = (table.match.ply, (tmp_path / "l.json").read_text())
    cases = [(other, table.match.ply, 0, f"it is not {other}'s turn"),
             (mover, table.match.ply - 1, 0, "an earlier moment"),
             (mover, table.match.ply, 999, "no choice number 999"),
             (mover, table.match.ply, -1, "no choice number -1"),
             (mover, table.match.ply, True, "names the ply"),
             (mover, "1", 0, "names the ply")]
    for seat, ply, index, words in cases:
        with pytest.raises(Refusal, match=words) as err:
            table.choose(seat, ply, index)
        if "turn" in words or "earlier" in words or "999" in words:
            assert err.value.rule.startswith("MoH-")
        assert (table.match.ply, (tmp_path / "l.json").read_text()) == before
    table.choose(mover, table.match.ply, 0)
    assert table.match.ply == before[0] + 1


def test_the_file_resumes_the_same_match_with_the_same_links(tmp_path: Path) -> None:
    path = tmp_path / "l.json"
    lesson = Lesson.create("lockup-breakout", seed=6, pace=0, timeout=30, tables=2, path=path)
    table = _to_first_decision(lesson)
    table.choose(table.mover, table.match.ply, 0)
    for t in lesson.tables:  # the incremental record is the match's own
        assert t.match_record() == t.match.to_dict()
    again = Lesson.load(path)
    assert again.links("http://x") == lesson.links("http://x")
    assert again.tables[0].match.state == table.match.state
    assert again.tables[0].claimed == table.claimed and again.started
    assert again.timeout == 30 and len(again.tables) == 2
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    links = lesson.links("http://127.0.0.1:8765")
    assert len(links) == 1 + 2 * 5 and "table 2 red" in links
    for link in links.values():  # nothing but its own token, after the '#'
        base, token = link.split("#")
        assert base == "http://127.0.0.1:8765/" and looks_like_token(token)


@pytest.mark.parametrize("edit, path", [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.update(tables=[]), "tables"),
    (lambda d: d["tables"][0]["match"].update(choices=[{"type": "Nope"}]),
     "tables[0].match.choices[0]"),
    (lambda d: d["keys"][0].__setitem__(0, "short"), "keys[0][0]"),
    (lambda d: d["keys"][1].__setitem__(2, "admin"), "keys[1][2]"),
    (lambda d: d["tables"][0].update(claimed="red"), "tables[0].claimed"),
])
def test_a_damaged_file_is_a_format_error_naming_the_field(tmp_path: Path, edit: Any,
                                                            path: str) -> None:
    file = tmp_path / "l.json"
    Lesson.create("mall-of-horror", seed=1, path=file)
    data = json.loads(file.read_text())
    edit(data)
    file.write_text(json.dumps(data))
    with pytest.raises(FormatError) as err:
        Lesson.load(file)
    assert err.value.path.startswith(path)


def test_settings_are_checked() -> None:
    with pytest.raises(ArgumentError, match="timeout"):
        Lesson.create("mall-of-horror", timeout=0)
    with pytest.raises(ArgumentTypeError, match="pace"):
        Lesson.create("mall-of-horror", pace=True)
    with pytest.raises(ArgumentError, match="tables"):
        Lesson.create("mall-of-horror", tables=0)


def test_tokens_are_long_random_and_found_only_whole() -> None:
    keys = Keys.fresh(["red", "blue"], tables=1)
    tokens = [t for t, _ in keys.roles()]
    assert len(set(tokens)) == 4 and all(len(t) == 43 for t in tokens)
    red = keys.token_of(0, "seat", "red")
    assert keys.find(red).seat == "red"
    for near in (red[:-1], red + "A", red[:-1] + ("A" if red[-1] != "A" else "B"),
                 red.upper() if red.upper() != red else red.lower(), " " + red):
        assert keys.find(near) is None
    assert Keys.from_data(keys.to_data()).to_data() == keys.to_data()


@pytest.mark.parametrize("name", registry.names())
def test_the_buttons_say_what_the_boards_say(name: str) -> None:
    game = registry.get(name)
    module = importlib.import_module(game.package)
    match = module.play(seed=2)
    checked = 0
    decisions = [k for k, r in enumerate(match.records)
                 if match.rules.to_move(r.before) is not CHANCE]
    for ply in decisions[::max(1, len(decisions) // 20)]:
        at = match.branch(ply)
        mover = at.to_move
        board = module.Board(at, seat=mover)
        # button i is the board's i-th offered choice (the board puts rare ones last)
        legal = at.legal()
        offered = [legal[j] for j in offer_order(game, at.state, legal)]
        assert offered == list(board.offered)
        assert choice_labels(game, at.state, offered) == board.choice_labels
        assert seat_message(at, mover)["choices"] == board.choice_labels
        board.close()
        checked += 1
    assert checked >= 5


@pytest.mark.slow
def test_serve_from_a_notebook_follows_the_live_match(tmp_path: Path) -> None:
    mall = importlib.import_module("boardlab.mall_of_horror")
    match = mall.new_match(players=4, seed=3)
    handle = serve(match, pace=0, file=tmp_path / "l.json")
    try:
        assert handle.running and set(handle.links) == {
            "teacher", "projector", "yellow", "red", "blue", "green"}
        widget = handle.board
        first = widget.value
        assert "setup" in first and "<svg" in first
        handle.start()
        deadline = time.monotonic() + 60
        while not match.is_over:  # no seat claimed: agents play it all
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.2)
        assert widget.value != first and "game over" in widget.value
        assert handle.match is match

        async def projector() -> dict[str, Any]:
            from tests.classroom.wire import Running
            run = Running(handle.lesson, int(handle.url.rsplit(":", 1)[1]), None, None)
            ws = await hello(run, handle.links["projector"].split("#")[1])
            msg = json.loads(await ws.recv())
            await ws.close()
            return msg

        assert run_async(projector())["over"] is True
    finally:
        handle.stop()
    assert not handle.running
    with pytest.raises(ArgumentTypeError, match="match"):
        serve("not a match")


def test_boardlab_serve_refuses_bad_arguments(tmp_path: Path) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as code:
        serve_main(["mall-of-horror", "--port", "0"])
    assert code.value.code == 2 and "expected a port 1 to 65535" in err.getvalue()
    file = tmp_path / "l.json"
    Lesson.create("level7-lockdown", seed=1, path=file)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert serve_main(["mall-of-horror", "--file", str(file)]) == 2
    assert "holds a level7-lockdown lesson" in err.getvalue()
    (tmp_path / "bad.json").write_text("{")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert serve_main(["mall-of-horror", "--file", str(tmp_path / "bad.json")]) == 2
    assert "cannot read the lesson file" in err.getvalue()


def test_import_boardlab_loads_no_web_server() -> None:
    import subprocess
    import sys

    code = ("import sys, boardlab, boardlab.classroom, boardlab.classroom.lesson; "
            "print(sorted(m for m in ('starlette', 'uvicorn', 'websockets') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_boardlab_serve_prints_links_for_the_address_given(tmp_path: Path) -> None:
    import subprocess
    import sys

    from boardlab.classroom.server import free_port

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardlab", "serve", "level7-lockdown", "--port", str(port),
         "--file", str(tmp_path / "l.json"), "--link-host", "classroom.example"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=Path(__file__).resolve().parents[2])
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(6)]
    finally:
        proc.terminate()
        proc.wait(10)
    links = [line.split()[-1] for line in lines if "http" in line]
    assert len(links) == 4  # teacher, projector, Leo, Cody
    assert all(link.startswith(f"http://classroom.example:{port}/#") for link in links)


def test_a_button_plays_the_choice_it_shows() -> None:
    """Level 7's board puts the rare choices (end this step, fall down) last; the page's
    button number is mapped back through the same order."""
    game = registry.get("level7-lockdown")
    match = importlib.import_module(game.package).play(seed=2)
    for k, record in enumerate(match.records):
        mover = match.rules.to_move(record.before)
        if mover is CHANCE:
            continue
        at = match.branch(k)
        order = offer_order(game, at.state, at.legal())
        if order != sorted(order):
            break
    else:
        pytest.fail("no decision whose buttons are reordered")
    lesson = Lesson([at], Keys.fresh([list(game.players(at))], tables=1), pace=0)
    table = lesson.tables[0]
    table.claimed = set(table.seats)
    lesson.start()
    shown = seat_message(at, mover)["choices"]
    legal = at.legal()
    table.choose(mover, at.ply, 0)
    assert at.records[-1].choice == legal[order[0]] != legal[0]
    assert choice_labels(game, at.records[-1].before, [at.records[-1].choice]) == shown[:1]


def test_the_teacher_page_carries_the_advice_for_the_seat_to_move() -> None:
    """Issue 30 landed: the teacher's advice line is boardlab.advise's, on a small budget
    (the narrator's analysis to the end of the phase), and empty where nobody decides."""
    from boardlab import mall_of_horror as moh
    from boardlab.classroom.messages import advice_for
    from boardlab.core.engine import CHANCE

    match = moh.new_match(players=4, seed=3)
    while match.to_move is CHANCE:
        match.push(match.legal()[0])
    before = match.to_json()
    text = advice_for(match)
    assert text.startswith(f"Advice for {match.to_move} ")
    assert "computed on the true state" in text and match.to_json() == before
    match.push(match.legal()[0])
    while match.to_move is not CHANCE and not match.is_over:
        match.push(match.legal()[0])
    assert advice_for(match) == ""
