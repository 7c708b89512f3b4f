"""What each field of a Lockup: Breakout state may hold, on its own.

One check per :class:`~.state.State` field: its type, its length, every count within its
bounds (the configuration's copies, :data:`~.limits.LIMITS`), every name one of the
configuration's. A field that passed is remembered by identity for its setup: a state
shares most of its tuples with the state before it (they are immutable), so the
conformance test's check after every step looks again only at what the step changed.
What holds *between* fields (conservation, the procedure in progress) is checked by
:mod:`.invariants` and :mod:`.pending` once every field is sound on its own.

>>> from boardlab.lockup_breakout import position
>>> field_problems(position(players=2)._replace(item_deck=(10**100,) + (0,) * 11))
['item_deck[0]: 10000000000...0000000000 copies, but the configuration has 1 of that ...']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from boardlab.core.errors import show_value
from boardlab.core.validate import is_whole
from boardlab.lockup_breakout.config import GOLEM_TYPES, GOON_LOCATIONS, ROUNDS, Setup
from boardlab.lockup_breakout.limits import LIMITS
from boardlab.lockup_breakout.state import PHASES, SOURCES, Frame, State
from boardlab.lockup_breakout.work import Tables, tables

__all__ = ["field_problems"]

#: Tunnel markers a state records per location: none (collapsed), single, double.
TUNNEL_MARKS: Final = ("", "single", "double")
#: Crew tokens per player (LB-R6): six core tokens and the seeker.
CREW: Final = 7

Problem = str | None
FieldCheck = Callable[[Any, Setup, Tables], Problem]


def field_problems(state: State) -> list[str]:
    """The first problem of each unsound field of ``state`` (at most one per field, named
    by its path); empty when every field is sound on its own. ``state`` must be a
    :class:`~.state.State` with a :class:`~.config.Setup`."""
    setup = state.setup
    t = tables(setup.config)
    problems: list[str] = []
    last = _LAST
    for k, (name, at, check) in enumerate(_CHECKS):
        value = state[at]
        if value.__class__ is tuple:
            hit = last[k]  # the field's last sound value: one identity test, no hashing
            if (hit[0] is value and hit[1] is setup) or _known(name, value, setup):
                continue
        problem = check(value, setup, t)
        if problem:
            problems.append(problem if problem.startswith(name) else f"{name}: {problem}")
        elif value.__class__ is tuple:
            _good(name, value, setup)
            last[k] = (value, setup)
    return problems


# -- remembered by identity ----------------------------------------------------------------------
#: (field, identity of the value, identity of its setup) → (value, setup). The entries hold
#: the objects, so an identity is never reused while it is a key.
_GOOD: dict[tuple[str, int, int], tuple[Any, Any]] = {}


def _known(name: str, value: Any, setup: Any) -> bool:
    hit = _GOOD.get((name, id(value), id(setup)))
    return hit is not None and hit[0] is value and hit[1] is setup


#: Per entry of :data:`_CHECKS` (filled below), its field's last sound value and setup,
#: held like :data:`_GOOD`'s entries: most steps leave most fields the very same objects.
_LAST: list[tuple[Any, Any]] = []


def _good(name: str, value: Any, setup: Any) -> None:
    if len(_GOOD) > 16384:
        _GOOD.clear()
    _GOOD[(name, id(value), id(setup))] = (value, setup)


# -- shapes ---------------------------------------------------------------------------------------
def _ints(value: Any) -> bool:
    """A tuple of whole numbers (the shape of a saved tally)."""
    return isinstance(value, tuple) and all(is_whole(v) for v in value)


def _strs(value: Any) -> bool:
    return isinstance(value, tuple) and all(v.__class__ is str for v in value)


def _rows(value: Any, row: Callable[[Any], bool]) -> bool:
    return isinstance(value, tuple) and all(row(v) for v in value)


def _not_type(value: Any, what: str) -> str:
    return f"expected {what}, got {show_value(value)}"


def _per_side(value: Any, setup: Setup, what: str) -> Problem:
    if len(value) != len(setup.sides):
        return (f"{len(value):,} entries; it holds one {what} per side "
                f"({', '.join(setup.sides)})")
    return None


def _names(name: str, values: Sequence[str], known: Any, what: str, most: int,
           rule: str = "") -> Problem:
    if len(values) > most:
        return f"{name}: {len(values):,} entries, more than {most}"
    for i, v in enumerate(values):
        if v not in known:
            return f"{name}[{i}]: unknown {what} {show_value(v)}{f' ({rule})' if rule else ''}"
    return None


def _counts(name: str, counts: tuple[int, ...], most: Sequence[int], what: str) -> Problem:
    """Each count from 0 to the copies the configuration has of that kind."""
    if not _ints(counts):
        return _not_type(counts, "a list of counts")
    if len(counts) != len(most):
        return (f"{len(counts):,} entries; it holds one count per {what} of the "
                f"configuration: {len(most)}")
    for i, (n, top) in enumerate(zip(counts, most, strict=True)):
        if not 0 <= n <= top:
            return (f"{name}[{i}]: {show_value(n)} copies, but the configuration has {top} of "
                    f"that kind (a count is 0 to {top})")
    return None


# -- the fields, one by one ----------------------------------------------------------------
def _round(v: Any, setup: Setup, t: Tables) -> Problem:
    if not is_whole(v):
        return _not_type(v, "a whole number")
    return None if 0 <= v <= ROUNDS else f"{show_value(v)} outside 0–{ROUNDS} (LB-objective)"


def _phase(v: Any, setup: Setup, t: Tables) -> Problem:
    if v.__class__ is not str or v not in PHASES:
        return f"unknown phase {show_value(v)}; one of {', '.join(PHASES)}"
    return None


def _first(v: Any, setup: Setup, t: Tables) -> Problem:
    if v.__class__ is not str or v not in setup.colours:
        return f"unknown first player {show_value(v)} (LB-R5)"
    return None


def _tunnels(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of tunnel markers")
    if len(v) not in (0, 7):
        return (f"{len(v)} entries: none before the layout, else one per location 1–7 "
                "(LB-setup-tunnels)")
    return _names("tunnels", v, TUNNEL_MARKS, "tunnel marker", 7)


def _hands(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _rows(v, _strs):
        return _not_type(v, "a list of holding cells (lists of tokens)")
    for i, hand in enumerate(v):
        problem = _names(f"hands[{i}]", hand, t.strength, "crew token", CREW, "LB-R6")
        if problem:
            return problem
    return _per_side(v, setup, "holding cell")


def _crew_entry(e: Any) -> bool:
    return (isinstance(e, tuple) and len(e) == 3 and e[0].__class__ is str
            and e[1].__class__ is str and e[2].__class__ is bool)


def _crews(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _rows(v, lambda row: _rows(row, _crew_entry)):
        return _not_type(v, "9 lists of (colour, token, face down)")
    if len(v) != 9:
        return f"{len(v)} entries; one per place: the legend, locations 1–7, the LIBRARY"
    players = setup.colours
    for loc, entries in enumerate(v):
        if len(entries) > CREW * len(players):
            return f"crews[{loc}]: {len(entries):,} tokens, more than the players have"
        for j, (c, tok, _) in enumerate(entries):
            if c not in players or tok not in t.strength:
                return (f"crews[{loc}][{j}]: unknown token {show_value(c)} {show_value(tok)} "
                        f"(the players are {', '.join(players)})")
    return None


def _face_down(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _ints(v):
        return _not_type(v, "a list of counts")
    allowance = setup.config.face_down_allowance(setup.players)
    for i, n in enumerate(v):
        if not 0 <= n <= allowance:
            return (f"face_down[{i}]: {show_value(n)} face-down tokens; 0 to {allowance} "
                    "(LB-rollcall-facedown)")
    return _per_side(v, setup, "count")


def _lanterns(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of catacomb spaces")
    return _names("lanterns", v, t.exits, "catacomb space", 6, "LB-R2") or \
        _per_side(v, setup, "space")


def _resources(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _rows(v, _ints):
        return _not_type(v, "a list of resource rows")
    kinds, tally = len(setup.config.resources), LIMITS.tally
    for i, row in enumerate(v):
        side = setup.sides[i] if i < len(setup.sides) else f"side {i}"
        if len(row) != kinds:
            return f"resources[{i}]: {len(row)} amounts; one per resource kind ({kinds})"
        for j, n in enumerate(row):
            if not 0 <= n <= tally:
                return (f"resources[{i}][{j}]: bad resources for {side}: {show_value(n)} (0 "
                        f"to {tally:,}, the limit of tally)")
    return _per_side(v, setup, "row")


def _stars(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _rows(v, _ints):
        return _not_type(v, "a list of star rows")
    tally = LIMITS.tally
    for i, row in enumerate(v):
        if len(row) != len(SOURCES):
            return f"stars[{i}]: {len(row)} entries; one per source of stars {SOURCES}"
        for j, n in enumerate(row):
            if not -tally <= n <= tally:
                return (f"stars[{i}][{j}]: {show_value(n)} stars from {SOURCES[j]} (within "
                        f"±{tally:,}, the limit of tally)")
        if sum(row) < 0:
            return f"stars[{i}]: a negative total of stars"
    return _per_side(v, setup, "row")


def _owned(name: str, known_of: Callable[[Tables], Any], what: str,
           most_of: Callable[[Setup], int]) -> FieldCheck:
    """A per-side field holding names of one kind (items, goons, tomes, loot tokens)."""
    def check(v: Any, setup: Setup, t: Tables) -> Problem:
        if not _rows(v, _strs):
            return _not_type(v, f"a list of {what} lists")
        known, most = known_of(t), most_of(setup)
        for i, row in enumerate(v):
            problem = _names(f"{name}[{i}]", row, known, what, most)
            if problem:
                return problem
        return _per_side(v, setup, "list")
    return check


def _pile(setup: Setup, records: str) -> int:
    return sum(r.count for r in getattr(setup.config, records))


def _display(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of items")
    return _names("display", v, t.items, "item", setup.config.display_size)


def _deck(name: str, records: str, copies: bool) -> FieldCheck:
    """A deck as counts per card kind: at most the copies (one of each if not ``copies``)."""
    def check(v: Any, setup: Setup, t: Tables) -> Problem:
        rows = getattr(setup.config, records)
        most = tuple(r.count for r in rows) if copies else (1,) * len(rows)
        return _counts(name, v, most, records.rstrip("s"))
    return check


def _goon_spaces(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of goons")
    if len(v) != len(GOON_LOCATIONS):
        return f"{len(v)} entries; one per goon space 2–6 (LB-R11)"
    return _names("goon_spaces", v, {"", *t.goons}, "goon", len(GOON_LOCATIONS))


def _goals(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of goals")
    problem = _names("goals", v, t.goal_names, "goal", len(t.goal_names))
    return problem or (None if len(set(v)) == len(v) else "a goal appears twice")


def _legend(v: Any, setup: Setup, t: Tables) -> Problem:
    if v.__class__ is not str or (v and v not in t.legends):
        return f"unknown legend card {show_value(v)}"
    return None


def _legend_bottom(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of legend cards")
    return _names("legend_bottom", v, t.legends, "legend card", len(t.legend_names))


def _stacks(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _rows(v, lambda s: isinstance(s, tuple) and len(s) == 2 and _strs(s[0])
                 and is_whole(s[1])):
        return _not_type(v, "a list of loot stacks ([known tokens], unseen count)")
    if len(v) != len(t.loot_spaces):
        return (f"{len(v)} entries; one per loot space of the map: {len(t.loot_spaces)} "
                "(LB-setup-loot)")
    height = setup.stack_height
    for i, (known, hidden) in enumerate(v):
        if not 0 <= hidden <= height:
            return (f"stacks[{i}][1]: {show_value(hidden)} unseen tokens; a loot stack holds "
                    f"0 to {height} (LB-setup-loot)")
        problem = _names(f"stacks[{i}][0]", known, t.loot, "loot token", height)
        if problem:
            return problem
        if len(known) + hidden > height:
            return (f"stacks[{i}][0]: {len(known)} known and {hidden} unseen tokens; a loot "
                    f"stack holds at most {height} (LB-setup-loot)")
        if known and hidden:
            return f"stacks[{i}]: a loot stack is partly known"
    return None


def _looked(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _rows(v, lambda e: isinstance(e, tuple) and len(e) == 2 and is_whole(e[0])
                 and e[1].__class__ is str):
        return _not_type(v, "a list of (stack, side)")
    for i, (idx, side) in enumerate(v):
        if not 0 <= idx < len(t.loot_spaces) or side not in setup.sides:
            return f"looked[{i}]: bad loot knowledge ({show_value(idx)}, {show_value(side)})"
    return None if len(set(v)) == len(v) else "an entry appears twice"


def _guard_cards(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of guard cards")
    if len(v) != (8 if setup.solo else 0):
        return ("eight places (locations 1–7 and the legend) in the solitary game, none "
                "otherwise (LB-solo-rollcall)")
    return _names("guard_cards", v, {"", *t.guard_cards}, "guard card", 8)


def _rewarded(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _strs(v):
        return _not_type(v, "a list of players")
    problem = _names("rewarded", v, setup.colours, "player", len(setup.colours))
    return problem or (None if len(set(v)) == len(v) else "an entry appears twice")


def _pairs(v: Any, second: Callable[[Any], bool]) -> bool:
    return _rows(v, lambda e: isinstance(e, tuple) and len(e) == 2 and e[0].__class__ is str
                 and second(e[1]))


def _boosts(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _pairs(v, is_whole):
        return _not_type(v, "a list of (player, strength)")
    if len(v) > _pile(setup, "tomes"):
        return f"{len(v):,} tomes played, more than there are"
    strengths = {x.strength for x in setup.config.tomes}
    for i, (side, n) in enumerate(v):
        if side not in setup.colours or n not in strengths:
            return (f"boosts[{i}]: no tome gives {show_value(side)} {show_value(n)} "
                    "strength (LB-R13)")
    return None


def _escaped(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _pairs(v, is_whole):
        return _not_type(v, "a list of (side, round)")
    for i, (side, r) in enumerate(v):
        if side not in setup.sides:
            return (f"escaped[{i}]: {show_value(side)} is not a side of this match "
                    f"({', '.join(setup.sides)})")
        if not 1 <= r <= ROUNDS:
            return f"escaped[{i}]: an escape in round {show_value(r)} (LB-escape)"
    return None if len({s for s, _ in v}) == len(v) else "a side escapes twice"


def _declared(v: Any, setup: Setup, t: Tables) -> Problem:
    if not _rows(v, lambda e: isinstance(e, tuple) and len(e) == 3 and _strs(e)):
        return _not_type(v, "a list of (side, 'golem' or 'wild', choice)")
    if len(v) > len(setup.sides) * (_pile(setup, "goons") + len(setup.config.items)):
        return f"{len(v):,} declarations, more than there are Golems and wild valuables"
    allowed = {("golem", ""), *(("golem", g) for g in GOLEM_TYPES),
               *(("wild", k) for k in setup.config.valuables)}
    for i, (side, what, choice) in enumerate(v):
        if side not in setup.sides or (what, choice) not in allowed:
            return (f"declared[{i}]: {show_value(side)} declares {show_value(what)} as "
                    f"{show_value(choice)}: a Golem counts as {' or '.join(GOLEM_TYPES)} "
                    "(LB-goon-golem), a wild valuable as a valuable kind (LB-R21)")
    return None


_FRAME_TYPES: Final = (str, str, int, int, int, int, int, "strs", "strs", str)


def _frame(f: Any) -> bool:
    if not isinstance(f, Frame):
        return False
    for value, kind in zip(f, _FRAME_TYPES, strict=True):
        if kind == "strs":
            if not _strs(value):
                return False
        elif kind is int:
            if not is_whole(value):
                return False
        elif value.__class__ is not kind:
            return False
    return True


def _stack(v: Any, setup: Setup, t: Tables) -> Problem:
    if not isinstance(v, tuple) or not v:
        return "the procedure stack is empty (a state always waits for something, or is over)"
    if len(v) > LIMITS.frames:
        return (f"{len(v):,} procedures in progress, more than a position holds "
                f"({LIMITS.frames}: the limit of frames)")
    for i, f in enumerate(v):
        if _known("frame", f, None):
            continue
        if not _frame(f):
            return f"stack[{i}]: expected a Frame of its fields' types, got {show_value(f)}"
        _good("frame", f, None)
    return None


def _loot_most(setup: Setup) -> int:
    return _pile(setup, "loot")


_CHECKS: tuple[tuple[str, int, FieldCheck], ...] = tuple(
    (name, State._fields.index(name), check) for name, check in (
        ("round", _round), ("phase", _phase), ("first", _first), ("tunnels", _tunnels),
        ("hands", _hands), ("crews", _crews), ("face_down", _face_down),
        ("lanterns", _lanterns), ("resources", _resources), ("stars", _stars),
        ("items", _owned("items", lambda t: t.items, "item", lambda s: len(s.config.items))),
        ("reserved", _owned("reserved", lambda t: t.items, "item",
                            lambda s: len(s.config.items))),
        ("goons", _owned("goons", lambda t: t.goons, "goon", lambda s: _pile(s, "goons"))),
        ("tomes", _owned("tomes", lambda t: t.tomes, "tome", lambda s: _pile(s, "tomes"))),
        ("kept_loot", _owned("kept_loot", lambda t: t.loot, "loot token", _loot_most)),
        ("display", _display), ("item_deck", _deck("item_deck", "items", False)),
        ("goon_spaces", _goon_spaces), ("goon_deck", _deck("goon_deck", "goons", True)),
        ("goon_discard", _deck("goon_discard", "goons", True)),
        ("goon_limbo", _deck("goon_limbo", "goons", True)),
        ("tome_deck", _deck("tome_deck", "tomes", True)),
        ("tome_discard", _deck("tome_discard", "tomes", True)),
        ("goals", _goals), ("goal_deck", _deck("goal_deck", "goals", False)),
        ("legend", _legend), ("legend_deck", _deck("legend_deck", "legends", False)),
        ("legend_bottom", _legend_bottom), ("loot_pool", _deck("loot_pool", "loot", True)),
        ("stacks", _stacks), ("looked", _looked), ("guard_cards", _guard_cards),
        ("rewarded", _rewarded), ("boosts", _boosts), ("escaped", _escaped),
        ("declared", _declared), ("stack", _stack),
    ))
_LAST.extend([(None, None)] * len(_CHECKS))
# Every field but the setup has its check.
if {name for name, _, _ in _CHECKS} != set(State._fields) - {"setup"}:  # pragma: no cover
    raise ImportError("lockup_breakout.fields: a State field has no check")
