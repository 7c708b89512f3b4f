"""What must hold in every Lockup: Breakout state (checked by the conformance test).

Every component is conserved (tokens, items, goons, tomes, legend cards, goals, loot),
counts are never negative, lanterns stand on real spaces, the procedure stack is sound,
and no decision is ever the guards' (they are an automaton, LB-solo-...).

>>> from boardlab.lockup_breakout import new_match
>>> invariants(new_match(players=4).state)
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from boardlab.lockup_breakout.catacombs import ESCAPED
from boardlab.lockup_breakout.config import GUARDS, LEGEND, LIBRARY, ROUNDS, TUNNEL_KINDS
from boardlab.lockup_breakout.state import (
    AUTO_KINDS,
    DECISION_KINDS,
    FRAME_KINDS,
    PHASES,
    SOURCES,
    K,
    State,
)
from boardlab.lockup_breakout.work import tables


def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state``, in words (empty when the state is sound)."""
    problems: list[str] = []
    try:
        _check(state, problems)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as err:
        problems.append(f"malformed state: {type(err).__name__}: {err}")
    return problems


def _check(state: State, problems: list[str]) -> None:
    setup = state.setup
    cfg = setup.config
    t = tables(cfg)
    sides = setup.sides
    players = setup.colours
    n = len(sides)
    for name in ("hands", "face_down", "lanterns", "resources", "stars", "items", "reserved",
                 "goons", "tomes", "kept_loot"):
        if len(getattr(state, name)) != n:
            problems.append(f"{name} needs one entry per side {sides}")
            return
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    if not 0 <= state.round <= ROUNDS:
        problems.append(f"round {state.round} outside 0–{ROUNDS}")
    if state.first not in players:
        problems.append(f"unknown first player {state.first!r}")
    # The procedure stack.
    if not state.stack:
        problems.append("empty procedure stack")
        return
    for f in state.stack:
        if f.kind not in FRAME_KINDS:
            problems.append(f"unknown frame kind {f.kind!r}")
    top = state.stack[-1]
    if top.kind in AUTO_KINDS:
        problems.append(f"an automatic step ({top.kind}) waits on top of the stack")
    if top.kind in DECISION_KINDS and top.who not in players:
        problems.append(f"decision {top.kind} for {top.who!r}, who is not a player"
                        + (" (the guards never decide)" if top.who == GUARDS else ""))
    if (top.kind == K.OVER) != (state.phase == "over"):
        problems.append("the match is over exactly when the phase is 'over'")
    # Crew tokens: seven per player, each somewhere.
    if len(state.crews) != 9:
        problems.append("crews need the legend, locations 1–7 and the LIBRARY")
        return
    allowance = cfg.face_down_allowance(setup.players)
    crew = sorted(t.crew)
    for i, side in enumerate(sides):
        hand = state.hands[i]
        if list(hand) != sorted(hand):
            problems.append(f"{side}'s holding cell is not sorted")
        if side == GUARDS:
            if hand or state.face_down[i]:
                problems.append("the guards have no crew tokens")
            continue
        have = list(hand)
        down = 0
        for loc, entries in enumerate(state.crews):
            for c, tok, fd in entries:
                if c == side:
                    have.append(tok)
                    if fd and loc not in (LEGEND, LIBRARY):
                        down += 1
        have.sort()
        if have != crew:
            problems.append(f"{side}'s crew tokens do not add up to {crew}: {have}")
        if not down <= state.face_down[i] <= allowance:
            problems.append(f"{side} has {down} face-down board tokens, "
                            f"{state.face_down[i]} counted, allowance {allowance}")
    for loc, entries in enumerate(state.crews):
        if list(entries) != sorted(entries):
            problems.append(f"crews at {loc} are not sorted")
        for c, tok, fd in entries:
            if c not in players or tok not in t.strength:
                problems.append(f"unknown token {c} {tok} at {loc}")
            if fd and loc == LIBRARY:
                problems.append("a face-down token in the LIBRARY")
    legend_owners = [c for c, _, _ in state.crews[LEGEND]]
    if len(legend_owners) != len(set(legend_owners)):
        problems.append("a player has two tokens on the legend card (LB-rollcall-pass)")
    # Tunnels.
    if state.tunnels:
        if len(state.tunnels) != 7 or any(k not in ("", *TUNNEL_KINDS[1:])
                                          for k in state.tunnels):
            problems.append(f"bad tunnels {state.tunnels}")
        _, singles, doubles = cfg.tunnel_set(setup.players)
        if state.tunnels.count("single") > singles or state.tunnels.count("double") > doubles:
            problems.append(f"more tunnels than the set for {setup.players} players")
    elif state.round:
        problems.append("no tunnel layout after setup")
    # Catacombs.
    escaped = dict(state.escaped)
    for i, side in enumerate(sides):
        here = state.lanterns[i]
        if here not in t.exits:
            problems.append(f"{side}'s lantern on unknown space {here!r}")
        if (here == ESCAPED) != (side in escaped):
            problems.append(f"{side}: lantern on ESCAPED exactly when escaped is recorded")
    # Resources and stars.
    for i, side in enumerate(sides):
        if len(state.resources[i]) != len(cfg.resources) or min(state.resources[i]) < 0:
            problems.append(f"bad resources for {side}: {state.resources[i]}")
        if len(state.stars[i]) != len(SOURCES):
            problems.append(f"bad star sources for {side}")
        elif sum(state.stars[i]) < 0:
            problems.append(f"{side} has a negative total of stars")
    # Items (one copy each).
    seen = [*state.display, *(name for name, k in zip(t.item_names, state.item_deck,
                                                       strict=True) for _ in range(k))]
    if min(state.item_deck) < 0:
        problems.append("negative item count")
    for i in range(n):
        seen.extend(state.items[i])
        seen.extend(state.reserved[i])
    if sorted(seen) != _sorted_names(t.item_names):
        problems.append(f"items do not add up: {sorted(seen)}")
    if len(state.display) > cfg.display_size:
        problems.append("the display holds too many items")
    # Goons.
    index = t.goon_index
    goons = [a + b + c for a, b, c in zip(state.goon_deck, state.goon_discard,
                                          state.goon_limbo, strict=True)]
    if min(state.goon_deck) < 0 or min(state.goon_discard) < 0 or min(state.goon_limbo) < 0:
        problems.append("negative goon count")
    held = [g for g in state.goon_spaces if g]
    for i in range(n):
        held.extend(state.goons[i])
    for f in state.stack:
        if f.kind == K.KEEP:
            held.extend(f.cards)
    for g in held:
        goons[index[g]] += 1
    if tuple(goons) != _counts(cfg.goons):
        problems.append(f"goons do not add up: {goons}")
    if any(state.goon_limbo) and not any(f.kind in (K.SHAPE, K.SHAPE_DRAW, K.KEEP)
                                         for f in state.stack):
        problems.append("goons held out of the deck with no Shapeshifter chain running")
    # Tomes.
    tomes = [a + b for a, b in zip(state.tome_deck, state.tome_discard, strict=True)]
    if min(state.tome_deck) < 0 or min(state.tome_discard) < 0:
        problems.append("negative tome count")
    for i in range(n):
        for x in state.tomes[i]:
            tomes[t.tome_index[x]] += 1
    if tuple(tomes) != _counts(cfg.tomes):
        problems.append(f"tomes do not add up: {tomes}")
    # Legend cards and goals.
    legends = list(state.legend_deck)
    for x in (*state.legend_bottom, *((state.legend,) if state.legend else ())):
        legends[t.legend_index[x]] += 1
    if legends != [1] * len(legends):
        problems.append(f"legend cards do not add up: {legends}")
    if state.round and not state.legend and top.kind != K.LEGEND_DRAW:
        problems.append("no active legend card")
    goals = list(state.goal_deck)
    for g in state.goals:
        goals[t.goal_names.index(g)] += 1
    if goals != [1] * len(goals):
        problems.append("goal cards do not add up")
    # Loot.
    loot = list(state.loot_pool)
    if min(loot) < 0:
        problems.append("negative loot count")
    unknown = 0
    if len(state.stacks) != len(t.loot_spaces):
        problems.append("one loot stack per loot space")
    height = setup.stack_height
    kept = [x for i in range(n) for x in state.kept_loot[i]]
    for known, hidden in state.stacks:
        kept.extend(known)
        unknown += hidden
        if known and hidden:
            problems.append("a loot stack is partly known")
        if len(known) + hidden > height:
            problems.append("a loot stack is taller than the player count (LB-setup-loot)")
    for x in kept:
        loot[t.loot_index[x]] += 1
    if tuple(loot) != _counts(cfg.loot):
        problems.append(f"loot tokens do not add up: {loot}")
    if unknown > sum(state.loot_pool):
        problems.append("unseen stack tokens outnumber the unseen loot")
    for idx, side in state.looked:
        if not 0 <= idx < len(state.stacks) or side not in sides:
            problems.append(f"bad loot knowledge {(idx, side)}")
    # Guard cards.
    if setup.solo:
        if len(state.guard_cards) != 8:
            problems.append("eight guard card places in solitary")
        else:
            left = list(t.guard_deck[setup.difficulty])
            for c in state.guard_cards:
                if c:
                    left[t.guard_names.index(c)] -= 1
            if min(left) < 0:
                problems.append(f"guard cards not in the deck: {state.guard_cards}")
    elif state.guard_cards:
        problems.append("guard cards outside the solitary game")
    for side, what, _ in state.declared:
        if side not in sides or what not in ("golem", "wild"):
            problems.append(f"bad declaration {side} {what}")


@cache
def _sorted_names(names: tuple[str, ...]) -> list[str]:
    return sorted(names)


_COUNTS: dict[int, tuple[Sequence[Any], tuple[int, ...]]] = {}


def _counts(records: Sequence[Any]) -> tuple[int, ...]:
    """``count`` of every record (cached by identity: configs are immutable)."""
    hit = _COUNTS.get(id(records))
    if hit is None or hit[0] is not records:
        if len(_COUNTS) > 64:
            _COUNTS.clear()
        hit = (records, tuple(r.count for r in records))
        _COUNTS[id(records)] = hit
    return hit[1]
