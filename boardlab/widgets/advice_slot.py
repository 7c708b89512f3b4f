"""The board's Advice toggle: the advice of the position on show, inside the board's layout.

:class:`AdviceSlot` is the toggle button (class ``bl-advice-toggle``) and an empty box
in the board's main area (class ``bl-advice-slot``). Off, as every board starts, it
costs one button and one empty box: :mod:`boardlab.advice` is not imported, nothing is
computed. On, the box holds an :class:`~boardlab.advice.panel.AdvicePanel`, which
computes in a background thread, caches per position and shows a progress line past
200 ms; the board hands it every position it shows (:meth:`AdviceSlot.follow`).

Whose advice: a board playing a seat, or watching as a player, shows only that player's
advice, at that player's own decisions (from what that player may know: never the
omniscient answer); the narrator's board (``viewer=None``) shows the advice of whoever is
to move, from that player's view; a spectator (``"public"``) sees no player's advice.

>>> slot = AdviceSlot(seat=None, viewer="public")
>>> slot.on, slot.panel is None
(False, True)
>>> whose_advice("public", "red"), whose_advice("red", "red"), whose_advice(None, "blue")
(None, 'red', 'blue')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import ipywidgets

    from boardlab.advice.panel import AdvicePanel

__all__ = ["ADVICE_DEFAULTS", "AdviceSlot", "whose_advice"]

#: What a board's panel asks ``advise`` by default: exact to the end of the phase, no
#: simulation to the end of the match, so most positions answer within a second.
ADVICE_DEFAULTS: Mapping[str, Any] = {"horizon": "phase",
                                      "budget": {"seconds": 2, "matches": 0}}

_PUBLIC = "public"


def whose_advice(viewer: str | None, mover: Any) -> str | None:
    """The seat whose advice a board with ``viewer`` shows when ``mover`` is to move.

    A player's eyes see only that player's own advice; the narrator sees the mover's;
    a spectator none. ``None``: nothing to show.
    """
    if not isinstance(mover, str) or viewer == _PUBLIC:
        return None
    if viewer is None or viewer == mover:
        return mover
    return None


class AdviceSlot:
    """The Advice toggle and the place of the panel in a board (see the module notes).

    ``keywords`` go to :func:`boardlab.advise` (by default :data:`ADVICE_DEFAULTS`).
    """

    def __init__(self, *, seat: str | None, viewer: str | None,
                 keywords: Mapping[str, Any] | None = None) -> None:
        self.seat, self.viewer = seat, viewer
        self.keywords = dict(ADVICE_DEFAULTS if keywords is None else keywords)
        self.panel: AdvicePanel | None = None
        self._match: Any = None
        self._toggle: ipywidgets.ToggleButton | None = None
        self._box: ipywidgets.Box | None = None

    @property
    def on(self) -> bool:
        """Whether the panel is shown."""
        return self._toggle is not None and bool(self._toggle.value)

    def widgets(self, layout: Any) -> tuple[ipywidgets.ToggleButton, ipywidgets.Box]:
        """The toggle button and the (empty) box of the panel, built once."""
        if self._toggle is None or self._box is None:
            import ipywidgets

            self._toggle = ipywidgets.ToggleButton(
                value=False, description="Advice", layout=layout,
                tooltip="Show what each legal choice is worth here (exact when it can be)")
            self._toggle.add_class("bl-advice-toggle")
            self._toggle.observe(self._toggled, names="value")
            self._box = ipywidgets.Box()
            self._box.add_class("bl-advice-slot")
        return self._toggle, self._box

    def set(self, on: bool) -> None:
        """Switch the panel on or off (as a click on the toggle does)."""
        if self._toggle is None:
            raise RuntimeError("the board has not built its widgets yet")
        self._toggle.value = bool(on)

    def _toggled(self, change: Mapping[str, Any]) -> None:
        assert self._box is not None
        if not change["new"]:
            self._box.children = ()
            return
        if self.panel is None:
            # The one upward arrow of the widgets (tests/test_layers.py ALLOWED): the
            # advice is the application's, loaded only when someone asks for it.
            from boardlab.advice.panel import AdvicePanel

            self.panel = AdvicePanel(**self.keywords)
        self._box.children = (self.panel.widget,)
        if self._match is not None:
            self.follow(self._match)

    def follow(self, match: Any) -> None:
        """The board shows ``match``'s position: advise it if the panel is on."""
        self._match = match
        if not self.on or self.panel is None:
            return
        mover = match.to_move
        seat = whose_advice(self.viewer, mover)
        if match.is_over or mover is None:
            self.panel.message("No decision to advise here: the match is over.")
        elif seat is None and self.viewer == _PUBLIC and isinstance(mover, str):
            self.panel.message("A spectator sees no player's advice.")
        elif seat is None:
            who = "chance decides" if not isinstance(mover, str) else f"it is {mover}'s decision"
            mine = self.viewer if self.viewer is not None else "the mover"
            self.panel.message(f"No advice for {mine} here: {who}.")
        else:
            self.panel.show(match, seat=seat)
