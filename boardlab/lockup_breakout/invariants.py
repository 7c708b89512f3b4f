"""What must hold in every Lockup: Breakout state (checked by the conformance test).

Every component is conserved (tokens, items, goons, tomes, legend cards, goals, loot),
counts are never negative, lanterns stand on real spaces, the procedure stack is sound,
and no decision is ever the guards' (they are an automaton, LB-solo-*).

>>> from boardlab.lockup_breakout import new_match
>>> invariants(new_match(players=4).state)
[]
"""

from __future__ import annotations

from collections import Counter

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
    crew = Counter(t.crew)
    for i, side in enumerate(sides):
        hand = state.hands[i]
        if list(hand) != sorted(hand):
            problems.append(f"{side}'s holding cell is not sorted")
        if side == GUARDS:
            if hand or state.face_down[i]:
                problems.append("the guards have no crew tokens")
            continue
        have = Counter(hand)
        down = 0
        for loc, entries in enumerate(state.crews):
            for c, tok, fd in entries:
                if c == side:
                    have[tok] += 1
                    if fd and loc not in (LEGEND, LIBRARY):
                        down += 1
        if have != crew:
            problems.append(f"{side}'s crew tokens do not add up to {sorted(t.crew)}: "
                            f"{sorted(have.elements())}")
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
    # Items.
    seen: Counter[str] = Counter(state.display)
    for name, k in zip(t.item_names, state.item_deck, strict=True):
        if k < 0:
            problems.append("negative item count")
        seen[name] += k
    for i in range(n):
        seen.update(state.items[i])
        seen.update(state.reserved[i])
    if seen != Counter(t.item_names):
        problems.append(f"items do not add up: {dict(seen)}")
    if len(state.display) > cfg.display_size:
        problems.append("the display holds too many items")
    # Goons.
    goons: Counter[str] = Counter(g for g in state.goon_spaces if g)
    for counts in (state.goon_deck, state.goon_discard, state.goon_limbo):
        for name, k in zip(t.goon_names, counts, strict=True):
            if k < 0:
                problems.append("negative goon count")
            goons[name] += k
    for i in range(n):
        goons.update(state.goons[i])
    for f in state.stack:
        if f.kind == K.KEEP:
            goons.update(f.cards)
    if goons != Counter({g.name: g.count for g in cfg.goons}):
        problems.append(f"goons do not add up: {dict(goons)}")
    if any(state.goon_limbo) and not any(f.kind in (K.SHAPE, K.SHAPE_DRAW, K.KEEP)
                                         for f in state.stack):
        problems.append("goons held out of the deck with no Shapeshifter chain running")
    # Tomes.
    tomes: Counter[str] = Counter()
    for counts in (state.tome_deck, state.tome_discard):
        for name, k in zip(t.tome_names, counts, strict=True):
            if k < 0:
                problems.append("negative tome count")
            tomes[name] += k
    for i in range(n):
        tomes.update(state.tomes[i])
    if tomes != Counter({x.name: x.count for x in cfg.tomes}):
        problems.append(f"tomes do not add up: {dict(tomes)}")
    # Legend cards and goals.
    legends: Counter[str] = Counter(state.legend_bottom)
    if state.legend:
        legends[state.legend] += 1
    for name, k in zip(t.legend_names, state.legend_deck, strict=True):
        legends[name] += k
    if legends != Counter(t.legend_names):
        problems.append(f"legend cards do not add up: {dict(legends)}")
    if state.round and not state.legend and top.kind != K.LEGEND_DRAW:
        problems.append("no active legend card")
    goals = Counter(state.goals)
    for name, k in zip(t.goal_names, state.goal_deck, strict=True):
        goals[name] += k
    if goals != Counter(t.goal_names):
        problems.append("goal cards do not add up")
    # Loot.
    loot: Counter[str] = Counter()
    for name, k in zip(t.loot_names, state.loot_pool, strict=True):
        if k < 0:
            problems.append("negative loot count")
        loot[name] += k
    unknown = 0
    if len(state.stacks) != len(t.loot_spaces):
        problems.append("one loot stack per loot space")
    for known, hidden in state.stacks:
        loot.update(known)
        unknown += hidden
        if known and hidden:
            problems.append("a loot stack is partly known")
        if len(known) + hidden > setup.stack_height:
            problems.append("a loot stack is taller than the player count (LB-setup-loot)")
    for i in range(n):
        loot.update(state.kept_loot[i])
    if loot != Counter({x.name: x.count for x in cfg.loot}):
        problems.append(f"loot tokens do not add up: {dict(loot)}")
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
            deck = Counter({name: k for name, k in zip(
                t.guard_names, t.guard_deck[setup.difficulty], strict=True) if k})
            used = Counter(c for c in state.guard_cards if c)
            if used - deck:
                problems.append(f"guard cards not in the deck: {dict(used - deck)}")
    elif state.guard_cards:
        problems.append("guard cards outside the solitary game")
    for side, what, _ in state.declared:
        if side not in sides or what not in ("golem", "wild"):
            problems.append(f"bad declaration {side} {what}")
