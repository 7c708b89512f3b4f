"""A board and an explainer for the toy game of tests/core/toy.py: a second, tiny game
that proves the generic widgets need nothing from Mall of Horror.

The toy's states have no round or phase, so every hook that the defaults would read from
them is given here: a *phase* is "flip" (chance is to move) or "add" (a player adds), a
*round* is one player's turn (flip, then add).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any, ClassVar

from boardlab.core.engine import CHANCE
from boardlab.core.events import Event
from boardlab.widgets.board import GameBoard
from boardlab.widgets.explainer import PhaseExplainer, Position
from tests.core.toy import RULES, Add, ToyState

TITLES = {"start": "Before the first flip", "flip": "Flip", "add": "Add"}


def win_now(state: ToyState) -> dict[str, Fraction]:
    """P(the player to move reaches the target this turn), by brute force over the rules.

    At a flip: over both faces of the coin; at an add: 0 or 1. ``{}`` once the game is over.
    """
    mover = RULES.to_move(state)
    if mover is None:
        return {}
    player = ("a", "b")[state.mover]

    def reaches(s: ToyState) -> bool:
        return any(RULES.step(s, c)[0].totals[s.mover] >= s.setup.target for c in RULES.legal(s))

    if mover is CHANCE:
        p = sum((w for outcome, w in RULES.outcomes(state)
                 if reaches(RULES.step(state, outcome)[0])), Fraction(0))
    else:
        p = Fraction(int(reaches(state)))
    return {player: p}


class ToyBoard(GameBoard):
    """Every hook a game gives, for the toy game."""

    rules = RULES
    game = "toy"
    phase_titles: ClassVar[Mapping[str, str]] = TITLES

    def render(self, state: ToyState, *, viewer: str | None, highlight: tuple[Hashable, ...],
               odds: Mapping[Hashable, Fraction] | None) -> str:
        cells = []
        for player, total in zip(("a", "b"), state.totals, strict=True):
            mark = ' class="hl"' if player in highlight else ""
            chance = f" ({odds[player]})" if odds and player in odds else ""
            cells.append(f"<td{mark}>{player}: {total}{chance}</td>")
        coin = {None: "coin not flipped", True: "heads", False: "tails"}[state.coin]
        return f'<table class="toy"><tr>{"".join(cells)}<td>{escape(coin)}</td></tr></table>'

    def status_line(self, state: ToyState, last: Event | None, viewer: str | None) -> str:
        mover = RULES.to_move(state)
        parts = [f"{state.totals[0]}–{state.totals[1]}",
                 "game over" if mover is None else f"to move: {mover}"]
        if last is not None:
            parts.append(f"last: {last.text_for(viewer)}")
        return " · ".join(parts)

    def odds_for(self, state: ToyState) -> Mapping[Hashable, Any]:
        return win_now(state)

    def odds_title(self, state: ToyState) -> str:
        return "Wins this turn"

    def odds_empty(self, state: ToyState) -> str:
        return "The game is over."

    def odds_labels(self, state: ToyState) -> Mapping[Hashable, str]:
        return {"a": "player a", "b": "player b"}

    def highlights(self, events: Sequence[Event], viewer: str | None) -> tuple[str, ...]:
        return tuple(sorted({e.who for e in events if e.who is not None}))

    def phase_key(self, state: ToyState) -> Hashable:
        return "flip" if state.coin is None else "add"

    def round_key(self, state: ToyState) -> Hashable:
        return state.mover

    def choice_label(self, choice: Add) -> str:
        return f"+{choice.amount}"

    def choice_group(self, choice: Add) -> str | None:
        return "one" if choice.amount == 1 else "more"


class ToyExplainer(PhaseExplainer):
    """One card per flip and per add; a turn is a round."""

    phase_titles: ClassVar[Mapping[str, str]] = TITLES
    phase_guide: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = {
        "start": ("Nobody has flipped yet.", ("T-1",)),
        "flip": ("The player to move flips the coin: heads allows 1 or 2, tails 1 or 3.",
                 ("T-1",)),
        "add": ("The player adds to their total; whoever reaches the target wins.",
                ("T-1", "T-2")),
    }

    def position_of(self, state: ToyState) -> Position:
        return (0, "start")

    def group_events(self, events: Iterable[Event]) -> dict[Position, list[Event]]:
        groups: dict[Position, list[Event]] = {}
        turn = 0
        for event in events:
            if event.kind == "coin":
                turn += 1
            groups.setdefault((turn, "flip" if event.kind == "coin" else "add"),
                              []).append(event)
        return groups

    def in_short(self, events: Sequence[Event], viewer: str | None) -> str:
        added = sum(int(e.summary[1:]) for e in events if e.kind == "add")
        return f"{added} added" if added else ""
