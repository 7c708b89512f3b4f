"""What the server sends each page, built from what that page may know and nothing else.

A **seat's** message is made from the seat's own view of the match only: the picture the
game draws for that viewer (``render_svg(state, viewer=seat)``), the log as that seat
reads it (each event's seat version, :meth:`~boardlab.core.events.Event.text_for`), the
odds of the seat's own view (``odds.live_odds(state, viewer=seat)``), where the match
stands (read from ``observe(state, seat)``), and, when it is the seat's turn, its legal
choices with the boards' labels. Nothing is filtered out of the full state: a field that
is not built from the seat's view is never there to leak (the failure of boardgame.io's
issue #1159, where the initial state went to every client).

The **projector** gets the same message for the public viewer (what every player knows)
and no choices; the **teacher** gets the narrator's (everything), every seat's status,
and the advice where :mod:`boardlab.advise` exists.

>>> from boardlab import mall_of_horror as moh
>>> from boardlab.classroom.messages import seat_message
>>> m = moh.new_match(players=4, seed=1)
>>> m.roll() and None
>>> msg = seat_message(m, "red")
>>> sorted(msg)
['choices', 'log', 'note', 'odds', 'over', 'ply', 'prompt', 'role', 'seat', 'status', 'svg']
>>> msg["role"], msg["ply"], msg["choices"] == [] or m.to_move == "red"
('seat', 1, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from boardlab.core.engine import CHANCE, Match
from boardlab.gamekit.spec import GameSpec
from boardlab.narrate import narrate

__all__ = ["LOG_LINES", "PUBLIC", "choice_labels", "game_of_match", "offer_order",
           "projector_message", "seat_message", "teacher_message"]

#: The viewer whose knowledge is what every player knows (the projector's).
PUBLIC = "public"
#: How many of the log's last lines a message carries (a page shows the newest).
LOG_LINES = 80


def game_of_match(match: Match[Any, Any]) -> GameSpec[Any, Any]:
    """The game spec of a match (by its rules' registry name)."""
    from boardlab import registry

    return registry.get(match.rules.name)


def _module(game: GameSpec[Any, Any], name: str = "") -> Any:
    return importlib.import_module(game.package + (f".{name}" if name else ""))


class _At(SimpleNamespace):
    """What a board's ``choice_label`` reads of ``self``: ``self.match.state``."""


def choice_labels(game: GameSpec[Any, Any], state: Any, legal: Sequence[Any]) -> list[str]:
    """The labels the game's board puts on these choices' buttons at ``state``.

    The board's own ``choice_label`` is called with only the state in hand, so a page
    and the notebook board say the same words (tests/classroom checks it against a real
    board of each game).

    >>> from boardlab import mall_of_horror as moh
    >>> from boardlab.classroom.messages import game_of_match
    >>> m = moh.new_match(players=4, seed=1)
    >>> choice_labels(game_of_match(m), m.state, m.legal())[:2]
    ['draw Threat', 'draw Security Camera']
    """
    board = _module(game).Board
    at = _At(match=SimpleNamespace(state=state))
    return [str(board.choice_label(at, choice)) for choice in legal]


def offer_order(game: GameSpec[Any, Any], state: Any, legal: Sequence[Any]) -> list[int]:
    """The legal choices' indexes in the order the game's board offers them (its
    ``choice_rank``: the rare ones last; ties keep the rules' order). A page's button
    number ``i`` is the choice ``legal[offer_order(...)[i]]``.

    >>> from boardlab import mall_of_horror as moh
    >>> from boardlab.classroom.messages import game_of_match
    >>> m = moh.new_match(players=4, seed=1)
    >>> offer_order(game_of_match(m), m.state, m.legal())[:3]
    [0, 1, 2]
    """
    board = _module(game).Board
    rank = getattr(board, "choice_rank", None)
    if rank is None:
        return list(range(len(legal)))
    at = _At(match=SimpleNamespace(state=state))
    return sorted(range(len(legal)), key=lambda i: rank(at, legal[i]))


def _odds(game: GameSpec[Any, Any], state: Any, viewer: str | None) -> list[list[str]]:
    """The live odds for ``viewer`` as rows ``[label, exact fraction, percent]``."""
    live: Mapping[Hashable, Any] = _module(game, "odds").live_odds(state, viewer=viewer)
    labels: Mapping[Hashable, str] = {}
    board = getattr(_module(game), "Board", None)
    hook = getattr(board, "odds_labels", None)
    if hook is not None:
        try:  # the board's row names ("Restroom"), read with the state only
            labels = hook(_At(match=SimpleNamespace(state=state)), state)
        except Exception:  # noqa: BLE001 - a board hook that needs more: plain keys
            labels = {}
    rows = []
    for key, p in live.items():
        p = Fraction(p)
        rows.append([str(labels.get(key, key)), str(p), f"{float(p) * 100:.1f}%"])
    return rows


def _status(game: GameSpec[Any, Any], match: Match[Any, Any], view: Any) -> str:
    mover = match.to_move
    where = game.position_words(view)
    if mover is None:
        return f"{where} · game over"
    if mover is CHANCE:
        return f"{where} · chance"
    return f"{where} · to move: {mover}"


def _log(game: GameSpec[Any, Any], match: Match[Any, Any], viewer: str | None) -> list[str]:
    """The last :data:`LOG_LINES` lines of the log as ``viewer`` reads it.

    Only the newest plies' events are told (enough for the lines shown), so a message
    costs the same at ply 300 as at ply 3; the first line is then the heading of the
    round and phase where the shown part begins.
    """
    records, events, count = match.records, [], 0
    for record in reversed(records[:match.ply]):
        events.append(record.events)
        count += len(record.events)
        if count > LOG_LINES:
            break
    tail = [e for chunk in reversed(events) for e in chunk]
    return narrate(tail, viewer=viewer, phase_titles=game.phase_titles)[-LOG_LINES:]


def _scores(game: GameSpec[Any, Any], match: Match[Any, Any]) -> list[str]:
    return game.result_lines(match) if match.is_over else []


def seat_message(match: Match[Any, Any], seat: str, *, note: str = "") -> dict[str, Any]:
    """The message of ``seat``'s page at the match's current ply (see the module notes).

    ``note`` is the seat's own line from the server ("an agent played … for you").
    """
    game = game_of_match(match)
    api = _module(game)
    state = match.state
    view = api.observe(state, seat)
    mover = match.to_move
    legal = match.legal() if mover == seat else ()
    offered = [legal[i] for i in offer_order(game, state, legal)]
    return {
        "role": "seat", "seat": seat, "ply": match.ply, "over": match.is_over,
        "svg": api.render_svg(state, viewer=seat),
        "status": _status(game, match, view),
        "prompt": f"{seat}, your choice:" if legal else "",
        "note": note,
        "choices": choice_labels(game, state, offered),
        "log": _log(game, match, seat) + _scores(game, match),
        "odds": _odds(game, state, seat),
    }


def projector_message(match: Match[Any, Any], *, note: str = "") -> dict[str, Any]:
    """The projector's message: the public table, the public log and the public odds."""
    game = game_of_match(match)
    api = _module(game)
    state = match.state
    return {
        "role": "projector", "seat": None, "ply": match.ply, "over": match.is_over,
        "svg": api.render_svg(state),
        "status": _status(game, match, state),
        "prompt": "", "choices": [], "note": note,
        "log": _log(game, match, PUBLIC) + _scores(game, match),
        "odds": _odds(game, state, PUBLIC),
    }


def advice_for(match: Match[Any, Any]) -> str:
    """The advice line of the teacher's page, where ``boardlab.advise`` exists (issue 30).

    Wired only when the advice work has landed: without it the teacher page says so.
    """
    # -- advice (issue 30): shown only if boardlab.advise exists -------------------------
    try:
        advise = getattr(importlib.import_module("boardlab"), "advise", None)
    except Exception:  # noqa: BLE001 - a broken optional module must not stop the lesson
        advise = None
    if advise is None or match.is_over or match.to_move is CHANCE:
        return "" if advise is not None else "(advice: not available in this version)"
    try:
        # The teacher's page is built on the server's event loop, so the advice gets a
        # small budget (a tenth of a second, no simulated matches): exact where a phase
        # is small, labelled an estimate otherwise. The narrator's analysis, on the
        # true state (the teacher sees everything anyway).
        from boardlab.advice.budget import Budget
        small = Budget(nodes=5_000, seconds=0.1, samples=20, matches=0, worlds=64)
        return str(advise(match.state, horizon="phase", omniscient=True, budget=small))
    except Exception as err:  # noqa: BLE001 - advice is an extra; the lesson goes on
        return f"(advice failed: {type(err).__name__})"


def teacher_message(match: Match[Any, Any], seats: Sequence[Mapping[str, Any]],
                    links: Mapping[str, str], *, started: bool, timeout: float,
                    notes: Sequence[str] = ()) -> dict[str, Any]:
    """The teacher's message: the narrator's view, every seat's status, the links."""
    game = game_of_match(match)
    api = _module(game)
    state = match.state
    return {
        "role": "teacher", "seat": None, "ply": match.ply, "over": match.is_over,
        "svg": api.render_svg(state, omniscient=True),
        "status": _status(game, match, state),
        "prompt": "", "choices": [], "note": "",
        "log": _log(game, match, None) + _scores(game, match),
        "odds": _odds(game, state, None),
        "seats": list(seats), "links": dict(links), "started": started,
        "timeout": timeout, "notes": list(notes)[-12:], "advice": advice_for(match),
    }
