"""The "Adding a board for a new game" example of docs/board.md runs as printed and its
classes behave as the page says."""

from __future__ import annotations

import contextlib
import io
import re
from fractions import Fraction
from pathlib import Path

from boardlab.core.chance import CHANCE
from boardlab.narrate import narrate

PAGE = Path(__file__).resolve().parents[2] / "docs" / "board.md"


def example() -> str:
    text = PAGE.read_text()
    section = text[text.index("## Adding a board for a new game"):]
    return re.search(r"^```python\n(.*?)^```", section, re.M | re.S).group(1)


def run_example() -> tuple[dict, list[str]]:
    namespace: dict = {"__name__": "board_docs_example"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example(), str(PAGE), "exec"), namespace)  # noqa: S102 - our own page
    return namespace, out.getvalue().splitlines()


def test_the_example_prints_what_its_comments_say() -> None:
    ns, printed = run_example()
    assert printed[0] in ("['+1', '+2']", "['+1', '+3']")
    assert printed[1] == "Round 1 — Flip"
    board = ns["board"]
    assert board.match.ply == 2 and board.match.to_move is CHANCE
    assert board.log_lines == narrate(board.match.events, viewer="a",
                                      phase_titles=ns["TITLES"])


def test_the_example_board_and_explainer_follow_their_hooks() -> None:
    ns, _ = run_example()
    board, explainer = ns["board"], ns["explainer"]
    assert board.odds == {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
    assert "50.0%" in board.odds_html
    assert board.svg == f"<table><tr><td>a: {board.match.state.totals[0]}</td><td>b: 0</td>" \
                        "</tr></table>"
    while board.can_step:
        board.step()
        if board.match.to_move == "a":
            board.choose(board.offered[0])
    assert board.match.is_over and board.odds == {}
    explainer.refresh()
    flips = sum(e.kind == "coin" for e in board.match.events)
    assert explainer.positions[-2:] == [(flips, "flip"), (flips, "add")]
    assert explainer.explain(1, "add")[1] == "What it does: The player adds 1, 2 or 3; five wins."


def test_the_who_sees_what_lines_make_the_boards_they_say() -> None:
    text = PAGE.read_text()
    section = text[text.index("### Who sees what"):]
    block = re.search(r"^```python\n(.*?)^```", section, re.M | re.S).group(1)
    from boardlab import mall_of_horror as moh

    boards = []
    for line in block.splitlines():
        code, _, _comment = line.partition("#")
        boards.append(eval(code.strip(), {"moh": moh, "m": moh.new_match(players=4, seed=1)}))  # noqa: S307
    assert [(b.seat, b.viewer) for b in boards] == [("red", "red"), (None, None),
                                                    (None, "public"), (None, "blue")]
