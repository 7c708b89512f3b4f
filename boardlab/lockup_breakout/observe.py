"""What one player may know: the public board, their own secrets, nothing more (LB-R37).

Hidden from a player: the identities of other players' face-down tokens (until their
location, or the legend card, resolves), other players' tomes, loot stacks they have not
looked at, and guard cards not yet turned up. The view still says *where* every
face-down token lies and, per opponent, the multiset of their face-down tokens (which
the public holding cells and crew give away anyway), so Bayesian questions can be asked.

>>> from boardlab.lockup_breakout import new_match
>>> view = observe(new_match(players=3, seed=1).state, "red")
>>> view.my_tomes, view.stacks[0]
((), None)
"""

from __future__ import annotations

from boardlab.core.errors import ConfigError, show_value
from boardlab.core.frozen import dataclass
from boardlab.lockup_breakout.config import Setup
from boardlab.lockup_breakout.state import State, require_state

HIDDEN = "?"


@dataclass(frozen=True, slots=True)
class View:
    """A player's view of the match (what an agent sees)."""

    player: str
    setup: Setup
    round: int
    phase: str
    first: str
    tunnels: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    crews: tuple[tuple[tuple[str, str, bool], ...], ...]   # others' face-down tokens: "?"
    face_down_tokens: tuple[tuple[str, tuple[str, ...]], ...]   # opponent → their multiset
    face_down: tuple[int, ...]
    lanterns: tuple[str, ...]
    resources: tuple[tuple[int, ...], ...]
    stars: tuple[tuple[int, ...], ...]
    items: tuple[tuple[str, ...], ...]
    reserved: tuple[tuple[str, ...], ...]
    goons: tuple[tuple[str, ...], ...]
    my_tomes: tuple[str, ...]
    tome_counts: tuple[int, ...]
    #: The tomes played (face up, then discarded), per tome of the configuration.
    tome_discard: tuple[int, ...]
    kept_loot: tuple[tuple[str, ...], ...]
    display: tuple[str, ...]
    item_deck_size: int
    goon_spaces: tuple[str, ...]
    goon_deck_size: int
    goon_discard: tuple[int, ...]
    goals: tuple[str, ...]
    legend: str
    legend_bottom: tuple[str, ...]
    stacks: tuple[tuple[str, ...] | None, ...]      # None: not looked at
    stack_sizes: tuple[int, ...]
    guard_cards: tuple[str, ...]
    escaped: tuple[tuple[str, int], ...]
    declared: tuple[tuple[str, str, str], ...]
    pending: str
    pending_who: str
    pending_location: int
    pending_cards: tuple[str, ...]


def observe(state: State, player: str) -> View:
    """``player``'s view of ``state``."""
    setup = require_state(state).setup
    if player not in setup.colours:
        raise ConfigError(f"unknown player "
                          f"{show_value(player)}; players are {', '.join(setup.colours)}")
    me = setup.sides.index(player)
    crews = []
    hidden: dict[str, list[str]] = {}
    for entries in state.crews:
        shown = []
        for c, tok, fd in entries:
            if fd and c != player:
                shown.append((c, HIDDEN, True))
                hidden.setdefault(c, []).append(tok)
            else:
                shown.append((c, tok, fd))
        crews.append(tuple(sorted(shown)))
    looked = {idx for idx, side in state.looked if side == player}
    stacks = tuple(known if idx in looked else None
                   for idx, (known, _) in enumerate(state.stacks))
    top = state.stack[-1]
    return View(
        player=player, setup=setup, round=state.round, phase=state.phase, first=state.first,
        tunnels=state.tunnels, hands=state.hands, crews=tuple(crews),
        face_down_tokens=tuple((c, tuple(sorted(toks))) for c, toks in sorted(hidden.items())),
        face_down=state.face_down, lanterns=state.lanterns, resources=state.resources,
        stars=state.stars, items=state.items, reserved=state.reserved, goons=state.goons,
        my_tomes=state.tomes[me], tome_counts=tuple(len(h) for h in state.tomes),
        tome_discard=state.tome_discard,
        kept_loot=state.kept_loot, display=state.display,
        item_deck_size=sum(state.item_deck), goon_spaces=state.goon_spaces,
        goon_deck_size=sum(state.goon_deck), goon_discard=state.goon_discard,
        goals=state.goals, legend=state.legend, legend_bottom=state.legend_bottom,
        stacks=stacks, stack_sizes=tuple(len(k) + u for k, u in state.stacks),
        guard_cards=state.guard_cards, escaped=state.escaped, declared=state.declared,
        pending=top.kind, pending_who=top.who, pending_location=top.loc,
        pending_cards=top.cards)
