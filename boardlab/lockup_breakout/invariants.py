"""What must hold in every Lockup: Breakout state: checked by the conformance test after
every step, and of every position a match starts from or a file holds.

A state is checked as a whole, in an order that lets no check trip over a broken part:
first the types and sizes of its fields (every count within its limits, every name one
of the configuration's), then what is conserved (tokens, items, goons, tomes, legend
cards, goals, loot), then the procedure in progress (:mod:`.pending`: the phase, the
round and the frame stack agree, and each waiting frame has its data), and last that the
match can go on: a decision with something to choose, a chance node with an outcome.
Each problem names its field (``stacks[0][1]: …``); the check never raises.

>>> from boardlab.lockup_breakout import new_match, position
>>> invariants(new_match(players=4).state)
[]
>>> s = position(players=2)
>>> invariants(s._replace(escaped=(("purple", 3),)))
["escaped[0]: 'purple' is not a side of this match (red, blue)"]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from boardlab.core.errors import show_value
from boardlab.core.identity import same_objects
from boardlab.lockup_breakout.catacombs import ESCAPED
from boardlab.lockup_breakout.config import GUARDS, LEGEND, LIBRARY, Setup, escape_stars
from boardlab.lockup_breakout.fields import field_problems
from boardlab.lockup_breakout.pending import check_pending
from boardlab.lockup_breakout.state import CHANCE_KINDS, DECISION_KINDS, SOURCE_INDEX, K, State
from boardlab.lockup_breakout.work import Tables, tables

__all__ = ["invariants"]

def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state``, in words (empty when the state is sound)."""
    problems: list[str] = []
    try:
        _check(state, problems)
    except Exception as err:  # noqa: BLE001 - a part no check foresaw: say so, never raise
        problems.append(f"malformed state: {type(err).__name__}: {show_value(str(err))}")
    return problems


def _check(state: Any, problems: list[str]) -> None:
    if not isinstance(state, State):
        problems.append(f"expected a Lockup: Breakout State, got {show_value(state)}")
        return
    if not isinstance(state.setup, Setup):
        problems.append(f"setup: expected a Setup, got {show_value(state.setup)}")
        return
    problems.extend(field_problems(state))
    if problems:
        return
    t = tables(state.setup.config)
    _run(INVARIANTS, state, t, problems)


def _escape_rounds(state: State, t: Tables, problems: list[str]) -> None:
    """No side escaped in a round still to come (LB-escape)."""
    for i, (side, r) in enumerate(state.escaped):
        if r > state.round:
            problems.append(f"escaped[{i}]: {side} escaped in round {r}, but the match is in "
                            f"round {state.round} (LB-escape)")


def _procedure(state: State, t: Tables, problems: list[str]) -> None:
    """The procedure in progress agrees with the phase and round (LB-flow)."""
    check_pending(state, t, problems)


def _goes_on(state: State, t: Tables, problems: list[str]) -> None:
    """Only a state sound so far is asked whether the match goes on (LB-flow)."""
    if not problems:
        _continues(state, problems)


# -- what is conserved ----------------------------------------------------------------------------
#: A check appends the problems it finds; it returns True when the rest of its table
#: must not run (a later check would trip over what it found).
Check = Callable[[State, Tables, list[str]], "bool | None"]


def _crew_tokens(state: State, t: Tables, problems: list[str]) -> None:
    """Each side's crew tokens, in hand or on the board, are its set (LB-R6)."""
    setup = state.setup
    allowance = setup.config.face_down_allowance(setup.players)
    crew = sorted(t.crew)
    for i, side in enumerate(setup.sides):
        hand = state.hands[i]
        if list(hand) != sorted(hand):
            problems.append(f"hands[{i}]: {side}'s holding cell is not sorted")
        if side == GUARDS:
            if hand or state.face_down[i]:
                problems.append(f"hands[{i}]: the guards have no crew tokens")
            continue
        have, down = _on_board(state, side)
        have = sorted([*hand, *have])
        if have != crew:
            problems.append(f"hands[{i}]: {side}'s crew tokens do not add up to {crew}: "
                            f"{show_value(have)} (LB-R6)")
        if not down <= state.face_down[i] <= allowance:
            problems.append(f"face_down[{i}]: {side} has {down} face-down board tokens, "
                            f"{state.face_down[i]} counted, allowance {allowance}")


def _on_board(state: State, side: str) -> tuple[list[str], int]:
    """``side``'s tokens on the board, and how many of them lie face down outside the
    legend card and the LIBRARY (those count against the allowance)."""
    have: list[str] = []
    down = 0
    for loc, entries in enumerate(state.crews):
        for c, tok, fd in entries:
            if c == side:
                have.append(tok)
                if fd and loc not in (LEGEND, LIBRARY):
                    down += 1
    return have, down


def _board_places(state: State, t: Tables, problems: list[str]) -> None:
    """Each place's tokens sorted; none face down in the LIBRARY (LB-R6)."""
    for loc, entries in enumerate(state.crews):
        if list(entries) != sorted(entries):
            problems.append(f"crews[{loc}]: not sorted")
        if any(fd for _, _, fd in entries) and loc == LIBRARY:
            problems.append(f"crews[{loc}]: a face-down token in the LIBRARY")


def _legend_card(state: State, t: Tables, problems: list[str]) -> None:
    """At most one token of each player on the legend card (LB-rollcall-pass)."""
    legend_owners = [c for c, _, _ in state.crews[LEGEND]]
    if len(legend_owners) != len(set(legend_owners)):
        problems.append("crews[0]: a player has two tokens on the legend card "
                        "(LB-rollcall-pass)")


def _tunnel_set(state: State, t: Tables, problems: list[str]) -> None:
    """No more tunnels of a kind than the set for the player count (LB-setup-tunnels)."""
    if not state.tunnels:
        return
    players = state.setup.players
    _, singles, doubles = state.setup.config.tunnel_set(players)
    if state.tunnels.count("single") > singles or state.tunnels.count("double") > doubles:
        problems.append(f"tunnels: more tunnels than the set for {players} players "
                        "(LB-setup-tunnels)")


def _items(state: State, t: Tables, problems: list[str]) -> None:
    """One copy of each item, somewhere; the display within its size (LB-R10)."""
    seen = [*state.display, *(name for name, k in zip(t.item_names, state.item_deck,
                                                       strict=True) if k)]
    for i in range(len(state.setup.sides)):
        seen.extend(state.items[i])
        seen.extend(state.reserved[i])
    seen.sort()
    if seen != _derived("sorted", t.item_names, lambda: sorted(t.item_names)):
        problems.append(f"items: items do not add up (one copy of each): {show_value(seen)}")
    if len(state.display) > state.setup.config.display_size:
        problems.append("display: the display holds too many items (LB-R10)")


def _goons(state: State, t: Tables, problems: list[str]) -> bool | None:
    """The goon cards add up to the configuration's (LB-R11); an unknown goon stops the
    rest of the counts (they would index by it)."""
    index = t.goon_index
    goons = [a + b + c for a, b, c in zip(state.goon_deck, state.goon_discard,
                                          state.goon_limbo, strict=True)]
    held = [g for g in state.goon_spaces if g]
    for i in range(len(state.setup.sides)):
        held.extend(state.goons[i])
    for f in state.stack:
        if f.kind == K.KEEP:
            held.extend(f.cards)
    for g in held:
        if g not in index:
            problems.append(f"goons: unknown goon {show_value(g)}")
            return True
        goons[index[g]] += 1
    if tuple(goons) != _counts_of(state.setup.config.goons):
        problems.append(f"goons: goons do not add up: {goons}")
    return None


def _tomes(state: State, t: Tables, problems: list[str]) -> None:
    """The tomes add up to the configuration's (LB-R13)."""
    tomes = [a + b for a, b in zip(state.tome_deck, state.tome_discard, strict=True)]
    for i in range(len(state.setup.sides)):
        for x in state.tomes[i]:
            tomes[t.tome_index[x]] += 1
    if tuple(tomes) != _counts_of(state.setup.config.tomes):
        problems.append(f"tomes: tomes do not add up: {tomes}")


def _legend_cards(state: State, t: Tables, problems: list[str]) -> None:
    """One of each legend card, in the deck, under it or active (LB-R16)."""
    legends = list(state.legend_deck)
    for x in (*state.legend_bottom, *((state.legend,) if state.legend else ())):
        legends[t.legend_index[x]] += 1
    if legends != [1] * len(legends):
        problems.append(f"legend_deck: legend cards do not add up: {legends}")


def _goal_cards(state: State, t: Tables, problems: list[str]) -> None:
    """One of each goal card, in the deck or in play (LB-R14)."""
    goals = list(state.goal_deck)
    for g in state.goals:
        goals[t.goal_names.index(g)] += 1
    if goals != [1] * len(goals):
        problems.append("goal_deck: goal cards do not add up")


def _loot(state: State, t: Tables, problems: list[str]) -> None:
    """The loot tokens add up; the unseen ones in stacks are among the unseen (LB-R17)."""
    loot = list(state.loot_pool)
    unknown = 0
    kept = [x for i in range(len(state.setup.sides)) for x in state.kept_loot[i]]
    for known, hidden in state.stacks:
        kept.extend(known)
        unknown += hidden
    for x in kept:
        loot[t.loot_index[x]] += 1
    if tuple(loot) != _counts_of(state.setup.config.loot):
        problems.append(f"loot_pool: loot tokens do not add up: {loot}")
    if unknown > sum(state.loot_pool):
        problems.append("stacks: unseen stack tokens outnumber the unseen loot")


def _guard_cards(state: State, t: Tables, problems: list[str]) -> None:
    """Solitary: the guard cards come from the difficulty's deck (LB-solo-setup)."""
    setup = state.setup
    if not setup.solo:
        return
    left = list(t.guard_deck[setup.difficulty])
    for c in state.guard_cards:
        if c:
            left[t.guard_names.index(c)] -= 1
    if min(left) < 0:
        problems.append(f"guard_cards: guard cards not in the {setup.difficulty} deck: "
                        f"{state.guard_cards} (LB-solo-setup)")


def _declarations(state: State, t: Tables, problems: list[str]) -> None:
    """One declaration per Golem and per wild item, by its owner, at final scoring only
    (LB-R21)."""
    if not state.declared:
        return
    golems: Counter[str] = Counter()
    wilds: Counter[str] = Counter()
    for side, what, _ in state.declared:
        (golems if what == "golem" else wilds)[side] += 1
    for i, side in enumerate(state.setup.sides):
        own = sum(1 for g in state.goons[i] if t.goons[g].kind == "golem")
        wild = sum(1 for x in state.items[i] if t.items[x].wild)
        if golems[side] > own or wilds[side] > wild:
            problems.append(f"declared: {side} declares more Golems or wild valuables than "
                            "they own (LB-R21)")
    if state.phase not in ("final", "over"):
        problems.append("declared: declarations are made at final scoring only (LB-R21)")


#: What is conserved, checked in this order (each row: the rule it stands for, the check).
CONSERVED: tuple[tuple[str, Check], ...] = (
    ("LB-R6", _crew_tokens),
    ("LB-R6", _board_places),
    ("LB-rollcall-pass", _legend_card),
    ("LB-setup-tunnels", _tunnel_set),
    ("LB-R10", _items),
    ("LB-R11", _goons),
    ("LB-R13", _tomes),
    ("LB-R16", _legend_cards),
    ("LB-R14", _goal_cards),
    ("LB-R17", _loot),
    ("LB-solo-setup", _guard_cards),
    ("LB-R21", _declarations),
)


Reads = Callable[[State], tuple[Any, ...]]
#: The fields each check of :data:`CONSERVED` reads (its tables come from the setup),
#: for the identity cache of :func:`_conserved`.
READS: dict[Check, Reads] = {
    _crew_tokens: lambda s: (s.setup, s.hands, s.face_down, s.crews),
    _board_places: lambda s: (s.crews,),
    _legend_card: lambda s: (s.crews,),
    _tunnel_set: lambda s: (s.setup, s.tunnels),
    _items: lambda s: (s.setup, s.display, s.item_deck, s.items, s.reserved),
    _goons: lambda s: (s.setup, s.goon_deck, s.goon_discard, s.goon_limbo, s.goon_spaces,
                       s.goons, s.stack),
    _tomes: lambda s: (s.setup, s.tome_deck, s.tome_discard, s.tomes),
    _legend_cards: lambda s: (s.setup, s.legend_deck, s.legend_bottom, s.legend),
    _goal_cards: lambda s: (s.setup, s.goal_deck, s.goals),
    _loot: lambda s: (s.setup, s.loot_pool, s.kept_loot, s.stacks),
    _guard_cards: lambda s: (s.setup, s.guard_cards),
    _declarations: lambda s: (s.setup, s.declared, s.goons, s.items, s.phase),
}
#: Per row of :data:`CONSERVED`, the fields it last found sound (held: ids not reused).
_SOUND: list[tuple[Any, ...] | None] = [None] * len(CONSERVED)


def _conserved(state: State, t: Tables, problems: list[str]) -> None:
    """Run :data:`CONSERVED` in order, stopping where a check says the rest would trip.

    A check whose fields are the very objects it last found sound is not run again:
    they are immutable (exact tuples and strings, and the frozen setup its tables come
    from), so its verdict cannot have changed, and a step changes few fields.
    """
    for i, (_rule, check) in enumerate(CONSERVED):
        key = READS[check](state)
        if same_objects(_SOUND[i], key):
            continue
        found = len(problems)
        if check(state, t, problems):
            return
        if len(problems) == found and _immutable(key):
            _SOUND[i] = key


def _immutable(key: tuple[Any, ...]) -> bool:
    """Every part of ``key`` an exact tuple, an exact string or the frozen setup (the
    field checks have checked what the tuples hold)."""
    for v in key:
        if v.__class__ is not tuple and v.__class__ is not str and v.__class__ is not Setup:
            return False
    return True


def _run(table: Sequence[tuple[str, Check]], state: State, t: Tables,
         problems: list[str]) -> None:
    for _rule, check in table:
        if check(state, t, problems):
            return


_COUNTS: dict[tuple[str, int], tuple[Any, Any]] = {}


def _ones(records: Sequence[Any]) -> tuple[int, ...]:
    """One copy of every record (cached by identity, as :func:`_counts_of`)."""
    return _derived("ones", records, lambda: (1,) * len(records))


def _or_none(names: Any) -> frozenset[str]:
    """The names, and ``""`` for an empty place (cached by identity)."""
    return _derived("or_none", names, lambda: frozenset({"", *names}))


def _derived(tag: str, source: Any, make: Any) -> Any:
    hit = _COUNTS.get((tag, id(source)))
    if hit is None or hit[0] is not source:
        if len(_COUNTS) > 256:
            _COUNTS.clear()
        hit = (source, make())
        _COUNTS[(tag, id(source))] = hit
    return hit[1]


def _counts_of(records: Sequence[Any]) -> tuple[int, ...]:
    """``count`` of every record (cached by identity: configurations are immutable)."""
    return _derived("counts", records, lambda: tuple(r.count for r in records))


# -- the catacombs ---------------------------------------------------------------------------------
def _catacombs(state: State, t: Tables, problems: list[str]) -> None:
    """A lantern is on ESCAPED exactly when its escape is recorded, and the escape and
    lantern stars agree with the phase (LB-escape, LB-end-lantern)."""
    escaped = dict(state.escaped)
    sides = state.setup.sides
    final = state.phase in ("final", "over")
    at_escape, at_lantern = SOURCE_INDEX["escape"], SOURCE_INDEX["lantern"]
    for i, side in enumerate(sides):
        here = state.lanterns[i]
        if (here == ESCAPED) != (side in escaped):
            problems.append(f"lanterns[{i}]: {side}'s lantern is on ESCAPED exactly when their "
                            "escape is recorded in escaped (LB-escape)")
            continue
        want = escape_stars(escaped[side]) if side in escaped else 0
        if state.stars[i][at_escape] != want:
            problems.append(f"stars[{i}][{at_escape}]: {side} has {state.stars[i][at_escape]}"
                            f" escape stars, not {want} (LB-escape)")
        lantern = (0 if side in escaped else t.stars_of[here]) if final else 0
        if state.stars[i][at_lantern] != lantern:
            problems.append(f"stars[{i}][{at_lantern}]: {side} has "
                            f"{state.stars[i][at_lantern]} lantern stars, not {lantern}: a "
                            "lantern scores its space at final scoring (LB-end-lantern)")


# -- the match goes on ---------------------------------------------------------------------
def _continues(state: State, problems: list[str]) -> None:
    """A decision has something to choose, a chance node an outcome (the rules' own)."""
    from boardlab.lockup_breakout.rules import RULES

    top = state.stack[-1]
    where = f"stack[{len(state.stack) - 1}]"
    if top.kind in DECISION_KINDS:
        try:
            legal = RULES.legal(state)
        except Exception as err:  # noqa: BLE001 - a state no check foresaw: say how
            problems.append(f"{where}: the choices of {top.who}'s {top.kind} cannot be read "
                            f"({type(err).__name__}: {show_value(str(err))})")
            return
        if not legal:
            problems.append(f"{where}: {top.who} must decide ({top.kind}) but has nothing to "
                            "choose")
    elif top.kind in CHANCE_KINDS:
        try:
            outcomes = RULES.outcomes(state)
        except Exception as err:  # noqa: BLE001 - an empty pile, a draw too large
            problems.append(f"{where}: a chance node ({top.kind}) with no outcome "
                            f"({type(err).__name__}: {show_value(str(err))})")
            return
        if not outcomes:
            problems.append(f"{where}: a chance node ({top.kind}) with no outcome")


#: Every invariant, in the order that lets no check trip over a broken part.
INVARIANTS: tuple[tuple[str, Check], ...] = (
    ("LB-escape", _escape_rounds),
    ("LB-R6", _conserved),
    ("LB-escape", _catacombs),
    ("LB-flow", _procedure),
    ("LB-flow", _goes_on),
)
