"""A compact text snapshot of a Lockup: Breakout board, for the command line.

The CLI tells it before each round and at the end (``Game.board_lines``). Public
information only: tunnels, the active legend card, the goons waiting on locations 2–6,
the item display, and per side the lantern, stars, resources and how many items, goons,
tomes (identities hidden) and kept loot tokens it has. Names of locations, goons, items
and cards are the invented stand-in's (LB-R1).

>>> from boardlab.lockup_breakout import play
>>> for line in board_lines(play(players=2, seed=1).state):
...     print(line)
  tunnels     single at 4 Forge and double at 5 Chapel
  legend      The Silent Warden
  goons       Ratman at 3 Workshop
  display     Ale Barrel
  red         lantern on Flooded Hall, 40 stars; 2 scrap, 1 iron, 1 potion, 5 gold;
                5 items, 5 goons, 2 tomes, 1 loot token
  blue        lantern on Culvert, 32 stars; 1 scrap, 1 iron, 4 potion, 2 gold;
                4 items, 2 goons, 1 tome, 3 loot tokens
"""

from __future__ import annotations

from boardlab.lockup_breakout.config import GUARDS
from boardlab.lockup_breakout.events import join, plural
from boardlab.lockup_breakout.state import State, require_state
from boardlab.narrate import INDENT

__all__ = ["board_lines"]

#: Width of the label column (side names and the headings of the shared rows).
_LABEL = 10


def board_lines(state: State) -> list[str]:
    """The snapshot of ``state``'s board (see the module docstring)."""
    cfg = require_state(state).setup.config
    names = {loc.number: f"{loc.number} {loc.name}" for loc in cfg.locations}
    tunnels = [f"{kind} at {names[i + 1]}" for i, kind in enumerate(state.tunnels) if kind]
    goons = [f"{g} at {names[i + 2]}" for i, g in enumerate(state.goon_spaces) if g]
    lines = [
        _row("tunnels", join(tunnels) if tunnels else
             ("all collapsed" if state.tunnels else "not yet dealt")),
        _row("legend", state.legend or "not yet turned up"),
        _row("goons", join(goons) if goons else "none waiting"),
        _row("display", join(list(state.display)) if state.display else "empty"),
    ]
    escaped = dict(state.escaped)
    for i, side in enumerate(state.setup.sides):
        where = (f"escaped in round {escaped[side]}" if side in escaped
                 else f"lantern on {state.lanterns[i]}")
        res = ", ".join(f"{n} {kind}" for kind, n in zip(cfg.resources, state.resources[i],
                                                         strict=True))
        counts = [plural(len(state.items[i]), "item"), plural(len(state.goons[i]), "goon")]
        if side != GUARDS:
            counts.append(plural(len(state.tomes[i]), "tome"))
        counts.append(plural(len(state.kept_loot[i]), "loot token"))
        lines.append(_row(side, f"{where}, {plural(sum(state.stars[i]), 'star')}; {res};"))
        lines.append(f"{INDENT}{'':<{_LABEL}}    {', '.join(counts)}")
    return lines


def _row(label: str, text: str) -> str:
    return f"{INDENT}{label:<{_LABEL}}  {text}"
