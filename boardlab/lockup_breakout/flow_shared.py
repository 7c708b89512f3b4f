"""The frames and event templates the game's flow shares (:mod:`.flow`): the round and
Patrol frames at each stage, the shared draw frames, the templates of the setup,
round, LIBRARY and Patrol events."""

from __future__ import annotations

from typing import Any

from boardlab.core.events import templates_citing
from boardlab.lockup_breakout.catacombs import ENTRANCE
from boardlab.lockup_breakout.config import (
    BOARD_LOCATIONS,
    GOON_LOCATIONS,
    TUNNEL_KINDS,
)
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import RULE, join

_new_tuple = tuple.__new__


# -- shared frames and event templates ------------------------------------------------------
#: The round frame at each stage, the Patrol frame at each stage, the first goon draw of
#: a Patrol (frames are immutable, so shared).
_ROUND_FRAMES = tuple(Frame(K.ROUND, stage=stage) for stage in range(12))
_PATROL_FRAMES = tuple(Frame(K.PATROL, stage=stage) for stage in range(4))
_FIRST_GOON_DRAW = Frame(K.GOON_DRAW, loc=GOON_LOCATIONS[0])
_SETUP_GOON_DRAWS = tuple(Frame(K.GOON_DRAW, loc=loc) for loc in reversed(GOON_LOCATIONS))
_SHARED_FRAMES: dict[tuple[Any, ...], Frame] = {}


def _shared_frame(*fields: Any) -> Frame:
    """One shared frame per distinct fields (bounded; the keys come from the code and the
    configuration's names, never from input)."""
    frame = _SHARED_FRAMES.get(fields)
    if frame is None:
        if len(_SHARED_FRAMES) > 1024:
            _SHARED_FRAMES.clear()
        frame = _SHARED_FRAMES[fields] = _new_tuple(Frame, fields)
    return frame


def _tome_draw_frame(who: str, rule_id: str) -> Frame:
    return _shared_frame(K.TOME_DRAW, who, 0, 0, 0, 0, 0, (), (), rule_id)


def _legend_draw_frame(rule_id: str) -> Frame:
    return _shared_frame(K.LEGEND_DRAW, "", 0, 0, 0, 0, 0, (), (), rule_id)


def _items_draw_frame(n: int) -> Frame:
    return _shared_frame(K.ITEMS_DRAW, "", 0, n, 0, 0, 0, (), (), "")


_t = templates_citing(RULE)


def _library(_who: Any, order: tuple[str, ...]) -> str:
    return (f"The LIBRARY resolves: {join(order)} "
            f"{'has' if len(order) == 1 else 'have'} stragglers there and draw a tome")


def _goon_gap(_who: Any, empty: tuple[int, ...]) -> str:
    return (f"Goon space{'s' if len(empty) > 1 else ''} "
            f"{join([str(e) for e in empty])} stay{'s' if len(empty) == 1 else ''} empty "
            "until the next Patrol")


def _tunnels_up(_who: Any, layout: tuple[str, ...]) -> str:
    shown = ", ".join(f"{loc} {k}" for loc, k in zip(BOARD_LOCATIONS, layout, strict=True)
                      if k != TUNNEL_KINDS[0])
    collapsed = sum(k == TUNNEL_KINDS[0] for k in layout)
    return f"Tunnel markers turned up: {shown}; {collapsed} collapsed tunnels removed"


SETUP_DECKS = _t("setup", "LB-setup", "The expansion's goals, goons, items and tomes are "
                 "shuffled into their decks (traits are not modelled)")
SETUP_CATACOMBS = _t("setup", "LB-setup-catacombs",
                     "The catacombs board lies below the main board")
#: Indexed by "solitary?"
SETUP_LANTERNS = (_t("setup", "LB-setup-lanterns", f"Every player's lantern starts on {ENTRANCE}"),
                  _t("setup", "LB-solo-setup", "The player's lantern and the guards' lantern "
                     f"start on {ENTRANCE}"))
SETUP_LOOT = tuple(_t("setup", rule_id, "{1} loot stacks of {2} face-down tokens on the loot "
                      "spaces; the other tokens go back to the box unseen",
                      data=("stacks", "height")) for rule_id in ("LB-setup-loot", "LB-R18"))
SETUP_SEEKERS = _t("setup", "LB-setup-seekers",
                   "Each player adds a seeker to the holding cell: seven crew tokens")
SETUP_GUARD_DECK = _t("setup", "LB-solo-setup", "The guard deck: 8 blue cards and 6 {1} cards",
                      data=("difficulty",))
TUNNELS_UP = tuple(_t("tunnels", rule_id, _tunnels_up, data=("layout",))
                   for rule_id in ("LB-setup-tunnels", "LB-R36"))
ROUND_BEGINS = _t("round", "LB-flow", "Round {2} begins; {1} holds the first-player marker",
                  data=("first",))
LIGHTS_OUT = _t("lights_out", "LB-lightsout", "Lights Out: locations 1 to 7 resolve in "
                "order, then the LIBRARY, then the legend card")
NO_PATROL = _t("no_patrol", "LB-R40",
               "Round 6 ends the game: no Patrol (nothing it moves would score)")
LIBRARY_RESOLVES = _t("library", "LB-R8", _library, data=("stragglers",))
GOON_MOVES = _t("goon_moves", "LB-R11", "{1} moves from location {2} to {3}",
                data=("goon", "start", "to"))
GOON_DISCARDED = {r: _t("goon_discarded", r, "{1} on location {2} is discarded: {3}",
                        data=("goon", "location"))
                  for r in ("LB-goon-fungoid", "LB-icon-remove-goon", "LB-R11")}
GOON_GAP = _t("goon_gap", "LB-R35", _goon_gap, data=("empty",))
LEGEND_BOTTOM = _t("legend", "LB-patrol", "{1} goes to the bottom of the legend deck",
                   data=("card",))
MARKER_PASSED = _t("marker", "LB-R5", "The first-player marker passes to {1}",
                   data=("first",))
MARKER_KEPT = _t("marker", "LB-R5", "{1} keeps the first-player marker")
SOLO_PATROL = _t("solo_patrol", "LB-solo-patrol",
                 "Solitary mode changes nothing in the Patrol phase")
DISPLAY_FILLED = _t("display", "LB-R10", lambda _who, items:
                    f"The item display is filled with {join(items)}", data=("items",))
PUBLIC_GOALS = _t("goals", "LB-R14", lambda _who, goals: f"Public goals: {join(goals)}",
                  data=("goals",))


