"""What a board checks and how it is laid out: the viewer and agents arguments, the CSS.

:func:`check_viewer` and :func:`check_agents` are the argument checks of
:class:`~boardlab.widgets.board.GameBoard` (the explainer checks its viewer the same
way); :func:`board_css` is the board's own style sheet for a picture of a given width.

>>> "min-width: 832px" in board_css(560, scrolls=False)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from boardlab.core.errors import ArgumentError, ArgumentTypeError

__all__ = ["PUBLIC", "board_css", "check_agents", "check_group_above", "check_viewer"]

#: The spectator's viewer: only what every player knows. It names no player, so
#: :meth:`Event.text_for` and :meth:`Event.data_for` give it the public text and data.
PUBLIC: Final = "public"


# The board's own CSS, scoped to .bl-board: the layout the widgets' Layout cannot express.
# The board is a size container; in a narrow notebook its main area is one column: the
# choices first (so they stay in view under the buttons), then the picture, then the
# odds. Once there is room for the picture at its own width (the game's
# ``picture_width``) beside a side column of 260 px, the picture is on the left and the
# choices and odds beside it: a picture is never shrunk to make room for the side
# column, so its text keeps the size it was drawn at (issue 29: at least 11 px). Without
# container queries (old browsers) the one-column layout stays: it never overflows. The
# picture scales down only when the notebook itself is narrower than the picture; the
# status line wraps instead of being cut with an ellipsis.
_STYLE = """<style>
.bl-board { container-type: inline-size; }
.bl-board .bl-board-main { display: grid; width: 100%%; gap: 6px 12px; align-items: start;
  grid-template-columns: minmax(0, %(pw)spx);
  grid-template-areas: "pad" "pic" "odds" "advice"; }
.bl-board .bl-board-main > * { min-width: 0; margin: 0; }
.bl-board .bl-board-svg { grid-area: pic; }
.bl-board .bl-board-main > .bl-choices { grid-area: pad; }
.bl-board .bl-board-main > .bl-odds-panel { grid-area: odds; overflow-x: auto; }
.bl-board .bl-board-main > .bl-advice-slot { grid-area: advice; overflow-x: auto; }
.bl-board .bl-board-main > .bl-advice-slot:empty { display: none; }
@container (min-width: %(side)spx) {
  .bl-board .bl-board-main { grid-template-columns: %(pw)spx minmax(260px, 340px);
    grid-template-rows: auto auto 1fr;
    grid-template-areas: "pic pad" "pic odds" "pic advice"; }
}
.bl-board .bl-board-svg svg { display: block; max-width: 100%%; height: auto; }
.bl-board .bl-board-svg table { max-width: 100%%; }
.bl-board .widget-html-content { line-height: normal; }
.bl-board .bl-status, .bl-board .bl-replay {
  white-space: normal; height: auto; line-height: 1.35; overflow-wrap: anywhere; }
</style>"""


#: Added to _STYLE for a picture that scrolls sideways rather than shrink.
_SCROLLS = """.bl-board .bl-board-svg { overflow-x: auto; }
.bl-board .bl-board-svg svg { max-width: none; }
"""


def check_viewer(viewer: str | None, players: Sequence[str], what: str = "viewer") -> None:
    """Refuse a viewer that is neither ``None``, :data:`PUBLIC` nor one of ``players``.

    >>> check_viewer("public", ("red", "blue"))
    >>> check_viewer("purple", ("red", "blue"))
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentError: viewer: unknown viewer: a player (red, blue), ...')
    """
    if not (viewer is None or isinstance(viewer, str)):
        raise ArgumentTypeError(what, viewer, f"a {what} is a player's name, {PUBLIC!r} or "
                                "None")
    if viewer is None or viewer == PUBLIC or viewer in players:
        if viewer == PUBLIC and PUBLIC in players:
            raise ArgumentError(what, viewer, f"a player is named {PUBLIC!r}: the public "
                                "view cannot be told apart from that player's")
        return
    raise ArgumentError(what, viewer, f"unknown {what}: a player ({', '.join(players)}), "
                        f"{PUBLIC!r} or None")


def check_agents(agents: Any, players: Sequence[str]) -> None:
    """``agents`` of a board: None, a function of the seat, or a mapping of seats to
    objects with ``choose(view, legal)`` (checked before any step needs one)."""
    if agents is None or (callable(agents) and not isinstance(agents, Mapping)):
        return
    if not isinstance(agents, Mapping):
        raise ArgumentTypeError("agents", agents, "expected a mapping of seats to agents, a "
                                "function of the seat, or None")
    for seat, agent in agents.items():
        if seat not in players:
            raise ArgumentError("agents", seat, f"not a seat of this match ("
                                f"{', '.join(players)})")
        if not callable(getattr(agent, "choose", None)):
            raise ArgumentTypeError(f"agents[{seat!r}]", agent,
                                    "an agent has a choose(view, legal) method")


def check_group_above(group_above: Any) -> None:
    """``group_above`` of a board: ``None`` or a whole number ≥ 0.

    >>> check_group_above(None), check_group_above(3)
    (None, None)
    """
    if group_above is not None:
        if isinstance(group_above, bool) or not isinstance(group_above, int):
            raise ArgumentTypeError("group_above", group_above,
                                    "expected a whole number ≥ 0, or None")
        if group_above < 0:
            raise ArgumentError("group_above", group_above, "expected a whole number ≥ 0")


def board_css(picture_width: int, *, scrolls: bool) -> str:
    """The board's ``<style>`` for a picture ``picture_width`` CSS px wide; ``scrolls``:
    a wider picture scrolls sideways instead of shrinking."""
    css = _STYLE % {"pw": picture_width, "side": picture_width + 12 + 260}
    return css.replace("</style>", _SCROLLS + "</style>") if scrolls else css
