"""The boards the layout test measures: many positions of every game, seated and not.

Each game gets boards at positions spread over whole played matches (the start, early,
middle, late, over), seated at the player to move where a player moves (so the choice
pad, grouped or not, is on show) and unseated at the start and where nobody chooses,
plus one explainer. Imported
by the kernel of ``layout_demo.ipynb`` (the served notebook finds it through
``PYTHONPATH``) and by ``test_board_positions.py``, which checks the spread without a
browser.

>>> [kind for kind, _ in positions("breakout")][:2]
['board', 'board']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardlab.core.engine import CHANCE, Match

GAMES = ("mall_of_horror", "breakout", "level7")

#: Where in a played match a board is made: fractions of its plies.
SPOTS = (0.0, 0.08, 0.25, 0.5, 0.75, 1.0)


def _module(game: str) -> Any:
    if game == "mall_of_horror":
        from boardlab import mall_of_horror as moh
        return moh
    if game == "breakout":
        from boardlab import lockup_breakout as lb
        return lb
    from boardlab import level7_lockdown as l7
    return l7


def _setups(game: str) -> list[dict[str, Any]]:
    """The match setups a game is measured in (player counts, solo)."""
    if game == "mall_of_horror":
        return [{"players": 4, "seed": 3}, {"players": 6, "seed": 5}]
    if game == "breakout":
        return [{"players": 3, "seed": 1}, {"players": 5, "seed": 4}, {"players": 1, "seed": 2}]
    return [{"players": 2, "seed": 1}, {"players": 1, "seed": 2}, {"players": 4, "seed": 3}]


def _at(played: Match, ply: int) -> Match:
    """A match holding ``played``'s history up to ``ply`` (nothing recorded after)."""
    return played.branch(ply, seed=played.seed)


def _seat_at(match: Match, players: tuple[str, ...]) -> str | None:
    """The player to move, when a player moves (their board shows the choices)."""
    mover = match.to_move
    return mover if mover is not None and mover is not CHANCE and mover in players else None


def _to_decision(match: Match, players: tuple[str, ...], limit: int = 400) -> Match:
    """``match`` rolled on (chance only) to the next player's decision, if one is near."""
    for _ in range(limit):
        if match.to_move is not CHANCE:
            break
        match.roll()
    return match


def positions(game: str) -> Iterator[tuple[str, Any]]:
    """``("board", Board)`` at the spots of each setup's played match, then one
    ``("explainer", Explainer)``."""
    mod = _module(game)
    for setup in _setups(game):
        played = mod.play(**setup)
        plies = played.recorded_plies
        for spot in SPOTS:
            match = _at(played, round(plies * spot))
            board0 = mod.Board(match)
            players = board0.players(match.state)
            board0.close()
            if spot:   # the very start is shown as it is: nobody to choose yet
                match = _to_decision(match, players)
            seat = _seat_at(match, players) if spot else None
            board = mod.Board(match, seat=seat)
            pad = board.choice_pad
            if pad.groups:  # a grouped pad: open its biggest group, so its buttons show
                pad.select(max(pad.groups, key=lambda g: len(pad._members[g])))
            yield "board", board
    yield "explainer", mod.Explainer(mod.play(**_setups(game)[0]))


def count(game: str) -> int:
    """How many widgets :func:`show` displays for ``game``."""
    return len(_setups(game)) * len(SPOTS) + 1


#: The Advice panels the layout test measures, per game: exact rows (a short horizon, a
#: time budget no loaded machine reaches), and estimated rows with the simulated chance
#: to win beside them (no exact node allowed: every row sampled), the widest table.
ADVICE_KEYWORDS: tuple[dict[str, Any], ...] = (
    {"horizon": 1, "budget": {"seconds": 3600, "matches": 0}},
    {"horizon": "phase", "budget": {"nodes": 0, "samples": 4, "matches": 4}},
)
#: Where in the first setup's played match the advised boards are (fractions of its plies).
ADVICE_SPOTS = (0.25, 0.5)
#: How long the kernel waits for one panel's advice (the 2-core machine may be loaded).
ADVICE_WAIT_S = 120.0


def advised(game: str) -> Iterator[Any]:
    """Boards of ``game`` with the Advice panel on and its advice computed: at each of
    :data:`ADVICE_SPOTS` of the first setup's match, seated at the player to move, one
    per :data:`ADVICE_KEYWORDS` (exact, then estimated with the chance to win)."""
    mod = _module(game)
    played = mod.play(**_setups(game)[0])
    for spot, keywords in zip(ADVICE_SPOTS, ADVICE_KEYWORDS, strict=True):
        match = _at(played, round(played.recorded_plies * spot))
        board0 = mod.Board(match)
        players = board0.players(match.state)
        board0.close()
        match = _to_decision(match, players)
        board = mod.Board(match, seat=_seat_at(match, players))
        board.advice.keywords = dict(keywords)
        board.advice.set(True)
        panel = board.advice.panel
        assert panel is not None
        panel.wait(ADVICE_WAIT_S)  # shown with its bars, not the progress line
        yield board


def advised_count() -> int:
    """How many boards :func:`show_advised` displays (all games)."""
    return len(GAMES) * len(ADVICE_KEYWORDS)


def show_advised(game: str | None = None) -> int:
    """Display the :func:`advised` boards of ``game`` (of every game when None) in a
    notebook; how many."""
    from IPython.display import display

    shown = 0
    for name in GAMES if game is None else (game,):
        for board in advised(name):
            display(board)
            shown += 1
    return shown


#: The widgets of each game not shown yet by :func:`show` with a count (a generator
#: held between cells: the next cell goes on where the last one stopped).
_LEFT: dict[str, Iterator[tuple[str, Any]]] = {}


def show(game: str, n: int | None = None) -> int:
    """Display the boards and explainer of ``game`` (in a notebook); how many. With
    ``n``, only the next ``n`` of them (the next call goes on from there), so that a
    page can be filled a few boards per cell.

    >>> show("breakout", 0)
    0
    """
    from IPython.display import display

    if n is None:
        widgets: Iterator[tuple[str, Any]] = positions(game)
    else:
        left = _LEFT.setdefault(game, positions(game))
        widgets = (item for _, item in zip(range(n), left, strict=False))
    shown = 0
    for _kind, widget in widgets:
        display(widget)
        shown += 1
    return shown


#: Boards per cell of the layout page (about 80 widget models each).
PER_CELL = 3


def layout_cells(per_cell: int = PER_CELL) -> list[tuple[str, int]]:
    """The code cells of ``layout_demo.ipynb`` after its import, and how many boards or
    explainers each shows: every game's widgets ``per_cell`` at a time, then each game's
    advised boards. The layout test runs them one at a time, each once the page has drawn
    the one before: sent all at once (some 4,500 widget models), a few of them were lost
    in about one run in four (ipywidgets' manager gives up on a model whose message has
    not been handled within 2 s; jupyter-widgets/ipywidgets#4026).

    >>> layout_cells()[0]
    ("bp.show('mall_of_horror', 3)", 3)
    """
    cells = []
    for game in GAMES:
        total = count(game)
        for start in range(0, total, per_cell):
            k = min(per_cell, total - start)
            cells.append((f"bp.show({game!r}, {k})", k))
    cells += [(f"bp.show_advised({game!r})", len(ADVICE_KEYWORDS)) for game in GAMES]
    return cells
