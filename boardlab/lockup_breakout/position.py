"""Build a mid-game Lockup: Breakout position from a plain description, for what-ifs.

Tokens are written ``"colour token"`` with a ``*`` for face down: ``"red 3"``,
``"blue seeker*"``. Every argument is validated; a problem raises a
:class:`~boardlab.core.errors.ConfigError` that names the argument and the rule.

>>> from boardlab.lockup_breakout.position import position
>>> s = position(players=3, tunnels={3: "double"}, lanterns={"red": "Crossroads"},
...              crews={3: ["red seeker", "blue 4*"]}, legend_tokens={"red": "2"},
...              round=4, phase="lightsout")
>>> s.lantern("red"), s.tunnels[2], s.top.kind
('Crossroads', 'double', 'reward')
>>> position(players=3, crews={9: ["red 3"]})
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: crews: unknown location 9; tokens go to locations 1–7 (LB-R8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from boardlab.core import validate
from boardlab.core.errors import ArgumentTypeError, ConfigError, show_value
from boardlab.core.events import Event, as_events
from boardlab.core.validate import mapping, sequence
from boardlab.lockup_breakout.catacombs import ENTRANCE, ESCAPED
from boardlab.lockup_breakout.config import (
    BOARD_LOCATIONS,
    GOON_LOCATIONS,
    GUARDS,
    LEGEND,
    ROUNDS,
    TUNNEL_KINDS,
    Config,
    Setup,
)
from boardlab.lockup_breakout.invariants import invariants
from boardlab.lockup_breakout.limits import LIMITS
from boardlab.lockup_breakout.rules import run_auto
from boardlab.lockup_breakout.state import SOURCE_INDEX, SOURCES, Frame, K, State
from boardlab.lockup_breakout.work import Tables, Work, seat_order, tables

PHASE_STARTS = ("rollcall", "lightsout", "patrol", "final")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _place(value: object, where: str, places: tuple[int, ...], what: str) -> int:
    """``value`` if it is one of ``places`` (a whole number: a bool or 2.0 is not one)."""
    if isinstance(value, bool):
        raise ConfigError(f"{where}: a location is a whole number, not a bool (got "
                          f"{show_value(value)}); {what}")
    if not _is_int(value) or value not in places:
        raise ConfigError(f"{where}: unknown location {show_value(value)}; {what}")
    return int(value)


def _name(value: object, known: Any) -> bool:
    """Whether ``value`` is one of the names ``known`` (anything but a string is not)."""
    return isinstance(value, str) and value in known


def _parse_token(spec: object, where: str, colours: tuple[str, ...],
                 labels: set[str]) -> tuple[str, str, bool]:
    if not isinstance(spec, str):
        raise ConfigError(f"{where}: a token is written 'colour token', e.g. 'red 3' or "
                          f"'blue seeker*'; got {show_value(spec)}")
    text = spec.strip()
    face_down = text.endswith("*")
    parts = text.rstrip("*").split()
    if len(parts) != 2:
        raise ConfigError(f"{where}: a token is written 'colour token', e.g. 'red 3' or "
                          f"'blue seeker*'; got {show_value(spec)}")
    colour, token = parts[0].lower(), parts[1].lower()
    if colour not in colours:
        raise ConfigError(f"{where}: unknown colour {show_value(colour)}; the players are "
                          f"{', '.join(colours)} (LB-R5)")
    if token not in labels:
        raise ConfigError(f"{where}: unknown token {show_value(token)}; crew tokens are "
                          f"{', '.join(sorted(labels))} (LB-R6)")
    return colour, token, face_down


_V = TypeVar("_V")


def _side_map(value: Mapping[str, _V] | None, path: str,
              sides: tuple[str, ...]) -> dict[str, _V]:
    """side → value (``None``: none), every key a side of the match: core's checks."""
    given = mapping(value, path, what="a mapping of side to value", optional=True,
                    error=ConfigError)
    for side in given:
        validate.name(side, f"{path} (a key)", sides, what="side", error=ConfigError)
    return dict(given)


def _names(value: object, where: str, known: Iterable[str],
           most: int = LIMITS.cards * LIMITS.copies) -> tuple[str, ...]:
    known = set(known)
    out = []
    for x in sequence(value, where, what="a list of names", longest=most,
                      rule="limits.cards × limits.copies", error=ConfigError):
        if not _name(x, known):
            raise ConfigError(f"{where}: unknown name {show_value(x)}")
        out.append(x)
    return tuple(sorted(out))


def position(players: int = 4, *, difficulty: str = "", phase: str = "rollcall",
             round: int = 1, first: str | None = None,
             tunnels: Mapping[int, str] | None = None,
             crews: Mapping[int, Iterable[str]] | None = None,
             legend_tokens: Mapping[str, str] | None = None,
             lanterns: Mapping[str, str] | None = None,
             resources: Mapping[str, Mapping[str, int]] | None = None,
             stars: Mapping[str, int] | None = None,
             items: Mapping[str, Iterable[str]] | None = None,
             reserved: Mapping[str, Iterable[str]] | None = None,
             goons: Mapping[str, Iterable[str]] | None = None,
             tomes: Mapping[str, Iterable[str]] | None = None,
             kept_loot: Mapping[str, Iterable[str]] | None = None,
             display: Iterable[str] | None = None,
             goon_spaces: Mapping[int, str] | None = None,
             goon_discard: Iterable[str] = (), tome_discard: Iterable[str] = (),
             goals: Iterable[str] = (), legend: str | None = None,
             stacks: Mapping[str, Iterable[str]] | None = None,
             escaped: Mapping[str, int] | None = None,
             turn: str | None = None,
             config: Config | None = None,
             events: list[Event] | None = None) -> State:
    """A position at the start of ``phase``: ``"rollcall"`` (with ``crews`` already
    assigned this round and ``turn`` to move), ``"lightsout"`` (locations resolve from 1),
    ``"patrol"`` or ``"final"``.

    ``tunnels`` maps locations to ``"single"``/``"double"`` (others have none);
    ``crews`` locations 1–7 to tokens; ``legend_tokens`` players to their legend token;
    tokens not placed stay in the holding cell. ``resources`` maps sides to
    ``{kind: amount}`` (default: the starting resources), ``stars`` to stars earned so
    far. ``display`` defaults to the first items of the configuration not owned;
    ``goon_spaces`` maps locations 2–6 to goon cards; ``goon_discard`` and
    ``tome_discard`` list the cards in the discard piles (each card once per copy);
    ``stacks`` fixes the contents of
    loot stacks (nobody has looked at them); ``escaped`` maps sides to their escape round
    (their lantern is then on ESCAPED). Decks hold everything not placed. Pass a list as
    ``events`` to receive the events of the automatic steps that led to the first decision
    or chance node (Lights Out at location 1 onwards, for example).
    """
    if events is not None and not isinstance(events, list):
        raise ArgumentTypeError("events", events, "expected a list to receive the events, "
                                "or None")
    setup = _setup(players, difficulty, config)
    t = tables(setup.config)
    first = _start(setup, phase, round, first)
    layout = _tunnels(tunnels, setup)
    placed = _crews(crews, legend_tokens, setup, t, phase)
    hands, face_down = _holding_cells(placed, setup, t, phase)
    lant, esc = _lanterns(lanterns, escaped, setup, t, phase, round)
    res = _resources(resources, setup, t)
    star_rows = _stars(stars, setup, esc)
    owned = _owned(setup, t, items=items, reserved=reserved, goons=goons, tomes=tomes,
                   kept_loot=kept_loot)
    disp, used_items = _display(display, owned, setup, t)
    spaces = _goon_spaces(goon_spaces, t)
    goon_gone, goon_deck = _goon_deck(goon_discard, spaces, owned["goons"], setup, t)
    tome_gone, tome_deck = _tome_deck(tome_discard, owned["tomes"], setup)
    goals_t = _goals(goals, t)
    legend = _legend(legend, t)
    stack_rows, pool = _loot(stacks, owned["kept_loot"], setup, t)
    if turn is not None and turn not in setup.colours:
        raise ConfigError(f"turn: unknown player {show_value(turn)}")
    cfg = setup.config
    state = State(
        setup=setup, round=round, phase=phase, first=first, tunnels=tuple(layout),
        hands=tuple(hands), crews=tuple(tuple(sorted(e)) for e in placed),
        face_down=tuple(face_down), lanterns=tuple(lant), resources=tuple(res),
        stars=tuple(star_rows), items=tuple(owned["items"]),
        reserved=tuple(owned["reserved"]), goons=tuple(owned["goons"]),
        tomes=tuple(owned["tomes"]), kept_loot=tuple(owned["kept_loot"]), display=disp,
        item_deck=tuple(0 if n in used_items else 1 for n in t.item_names),
        goon_spaces=tuple(spaces), goon_deck=tuple(goon_deck),
        goon_discard=tuple(goon_gone[g.name] for g in cfg.goons),
        goon_limbo=(0,) * len(cfg.goons),
        tome_deck=tuple(tome_deck), tome_discard=tuple(tome_gone[x.name] for x in cfg.tomes),
        goals=goals_t, goal_deck=tuple(0 if g in goals_t else 1 for g in t.goal_names),
        legend=legend, legend_deck=tuple(0 if n == legend else 1 for n in t.legend_names),
        legend_bottom=(), loot_pool=tuple(pool), stacks=tuple(stack_rows), looked=(),
        guard_cards=("",) * 8 if setup.solo else (), rewarded=(), boosts=(),
        escaped=tuple(esc), declared=(), stack=(Frame(K.OVER),))
    return _started(state, phase, first, turn, events)


# -- the sections of a position, in the order they are checked ---------------------------------
def _setup(players: int, difficulty: str, config: Config | None) -> Setup:
    """The setup: the solitary game defaults to the yellow deck, and the difficulty may be
    named by its level (easy, normal, hard) as well as by its colour (LB-solo-setup)."""
    if _is_int(players) and players == 1 and not difficulty:
        difficulty = "yellow"
    if isinstance(difficulty, str):
        difficulty = {"easy": "green", "normal": "yellow", "hard": "red"}.get(difficulty,
                                                                              difficulty)
    return Setup(players=players, difficulty=difficulty, config=config or Config())


def _start(setup: Setup, phase: str, round: int, first: str | None) -> str:
    """Check the phase and round; the first player (the solitary player always)."""
    colours = setup.colours
    if phase not in PHASE_STARTS:
        raise ConfigError(f"phase: one of {', '.join(PHASE_STARTS)}, got {show_value(phase)}")
    if not _is_int(round) or not 1 <= round <= ROUNDS:
        raise ConfigError(f"round: an integer 1–{ROUNDS}, got {show_value(round)} (LB-objective)")
    first = first if first is not None else colours[0]
    if first not in colours:
        raise ConfigError(f"first: unknown player {show_value(first)}")
    if setup.solo and first != colours[0]:
        raise ConfigError("first: the solitary player always holds the marker (LB-R5)")
    return first


def _tunnels(tunnels: Mapping[int, str] | None, setup: Setup) -> list[str]:
    """The tunnel on each location 1–7 (``""`` for none), within the player count's set."""
    layout = [""] * 7
    for loc, kind in mapping(tunnels, "tunnels", optional=True, error=ConfigError).items():
        loc = _place(loc, "tunnels", BOARD_LOCATIONS, "tunnels lie on 1–7 (LB-setup-tunnels)")
        if not _name(kind, TUNNEL_KINDS[1:]):
            raise ConfigError(f"tunnels[{loc}]: 'single' or 'double', got {show_value(kind)}")
        layout[loc - 1] = kind
    players = setup.players
    _, singles, doubles = setup.config.tunnel_set(players)
    if layout.count("single") > singles or layout.count("double") > doubles:
        raise ConfigError(f"tunnels: the set for {players} player(s) has {singles} single and "
                          f"{doubles} double tunnel(s) (LB-setup-tunnels)")
    return layout


def _crews(crews: Mapping[int, Iterable[str]] | None, legend_tokens: Mapping[str, str] | None,
           setup: Setup, t: Tables, phase: str) -> list[list[tuple[str, str, bool]]]:
    """The tokens on each place (0 the legend card, 1–7 the locations), as parsed."""
    colours = setup.colours
    labels = set(t.strength)
    placed: list[list[tuple[str, str, bool]]] = [[] for _ in range(9)]
    for loc, group in mapping(crews, "crews", optional=True, error=ConfigError).items():
        loc = _place(loc, "crews", BOARD_LOCATIONS, "tokens go to locations 1–7 (LB-R8)")
        for spec in sequence(group, f"crews[{loc}]", what="a list of tokens",
                             longest=len(t.crew) * len(colours),
                             rule="every crew token of the match", error=ConfigError):
            placed[loc].append(_parse_token(spec, f"crews[{loc}]", colours, labels))
    for colour, token in _side_map(legend_tokens, "legend_tokens", colours).items():
        if not _name(token, labels):
            raise ConfigError(f"legend_tokens[{colour}]: unknown token {show_value(token)}")
        # The legend token lies face down until the legend card resolves (LB-legend-reveal).
        placed[LEGEND].append((colour, token, phase in ("rollcall", "lightsout")))
    return placed


def _holding_cells(placed: list[list[tuple[str, str, bool]]], setup: Setup, t: Tables,
                   phase: str) -> tuple[list[tuple[str, ...]], list[int]]:
    """Each side's unplaced tokens and its count of face-down board tokens."""
    hands: list[tuple[str, ...]] = []
    face_down: list[int] = []
    for side in setup.sides:
        if side == GUARDS:
            hands.append(())
            face_down.append(0)
            continue
        hand, down = _holding_cell(placed, side, setup, t, phase)
        hands.append(hand)
        face_down.append(down)
    if phase in ("patrol", "final") and any(placed):
        raise ConfigError(f"crews: no token is out during {phase}")
    return hands, face_down


def _holding_cell(placed: list[list[tuple[str, str, bool]]], side: str, setup: Setup,
                  t: Tables, phase: str) -> tuple[tuple[str, ...], int]:
    """``side``'s unplaced tokens and face-down count, checking its placed tokens against
    its crew (LB-R6), the face-down allowance and the six on the board (LB-rollcall-*)."""
    unplaced = Counter(t.crew)
    down = 0
    for loc, entries in enumerate(placed):
        for c, tok, fd in entries:
            if c != side:
                continue
            unplaced[tok] -= 1
            if unplaced[tok] < 0:
                raise ConfigError(f"crews: {side} has only {t.crew.count(tok)} token(s) "
                                  f"{show_value(tok)} (LB-R6)")
            if fd and loc != LEGEND:
                if phase != "rollcall" and phase != "lightsout":
                    raise ConfigError(f"crews: face-down tokens only before Lights Out "
                                      f"resolves, not in {phase}")
                down += 1
    allowance = setup.config.face_down_allowance(setup.players)
    if down > allowance:
        raise ConfigError(f"crews: {side} has {down} face-down tokens, the allowance is "
                          f"{allowance} (LB-rollcall-facedown)")
    on_board = sum(1 for loc in BOARD_LOCATIONS for c, _, _ in placed[loc] if c == side)
    if on_board > 6:
        raise ConfigError(f"crews: {side} has {on_board} tokens on the board; one always "
                          "stays back (LB-rollcall-limit)")
    return tuple(sorted(unplaced.elements())), down


def _lanterns(lanterns: Mapping[str, str] | None, escaped: Mapping[str, int] | None,
              setup: Setup, t: Tables, phase: str,
              round: int) -> tuple[list[str], list[tuple[str, int]]]:
    """Each side's lantern space, and the escapes with their rounds (LB-escape)."""
    sides = setup.sides
    lant = [ENTRANCE] * len(sides)
    for side, space in _side_map(lanterns, "lanterns", sides).items():
        if not _name(space, t.exits):
            raise ConfigError(f"lanterns[{side}]: unknown space {show_value(space)} (LB-R2)")
        lant[sides.index(side)] = space
    esc = []
    # Escapes happen in Lights Out: before it (roll call) or at its start, only in the
    # rounds before this one (LB-escape).
    last = round if phase in ("patrol", "final") else round - 1
    for side, r in _side_map(escaped, "escaped", sides).items():
        if not _is_int(r) or not 1 <= r <= last:
            span = f"a round 1–{last}" if last else "no escape yet in round 1 before Patrol"
            raise ConfigError(f"escaped[{side}]: {span} (LB-escape), got {show_value(r)}")
        lant[sides.index(side)] = ESCAPED
        esc.append((side, r))
    for i, side in enumerate(sides):
        if lant[i] == ESCAPED and side not in dict(esc):
            raise ConfigError(f"lanterns[{side}]: a lantern on ESCAPED needs its escape round "
                              "in escaped= (LB-escape)")
    return lant, esc


def _resources(resources: Mapping[str, Mapping[str, int]] | None, setup: Setup,
               t: Tables) -> list[tuple[int, ...]]:
    """Each side's resources: the starting ones, with the amounts given (LB-R9)."""
    res = []
    res_map = _side_map(resources, "resources", setup.sides)
    for side in setup.sides:
        row = list(setup.config.start_resources)
        given = res_map.get(side, {})
        if not isinstance(given, Mapping):
            raise ConfigError(f"resources[{side}]: expected {{kind: amount}}, got "
                              f"{show_value(given)}")
        for kind, amount in given.items():
            if not _name(kind, t.res_index):
                raise ConfigError(f"resources[{side}]: unknown resource {show_value(kind)} (LB-R9)")
            if not _is_int(amount) or not 0 <= amount <= LIMITS.tally:
                raise ConfigError(f"resources[{side}][{kind}]: a whole number 0 to "
                                  f"{LIMITS.tally:,}, got {show_value(amount)}")
            row[t.res_index[kind]] = amount
        res.append(tuple(row))
    return res


def _stars(stars: Mapping[str, int] | None, setup: Setup,
           esc: list[tuple[str, int]]) -> list[tuple[int, ...]]:
    """Each side's stars by source: those given count as the locations', an escape adds
    its own (LB-escape)."""
    sides = setup.sides
    star_rows = []
    star_map = _side_map(stars, "stars", sides)
    for side in sides:
        row = [0] * len(SOURCES)
        value = star_map.get(side, 0)
        if not _is_int(value) or not 0 <= value <= LIMITS.tally:
            raise ConfigError(f"stars[{side}]: a whole number 0 to {LIMITS.tally:,}, got "
                              f"{show_value(value)}")
        row[SOURCE_INDEX["locations"]] = value
        star_rows.append(tuple(row))
    for side, r in esc:
        star_rows[sides.index(side)] = tuple(
            v + (17 + 3 * (ROUNDS - r) if s == "escape" else 0)
            for s, v in zip(SOURCES, star_rows[sides.index(side)], strict=True))
    return star_rows


def _owned(setup: Setup, t: Tables,
           **given: Mapping[str, Iterable[str]] | None) -> dict[str, list[tuple[str, ...]]]:
    """What each side holds: items, reserved items, goons, tomes and kept loot, by name
    (the guards hold no items and no tomes: LB-R24, LB-R34)."""
    known = {"items": t.item_names, "reserved": t.item_names, "goons": t.goon_names,
             "tomes": t.tome_names, "kept_loot": t.loot_names}
    sides = setup.sides
    owned = {}
    for field, value in given.items():
        m = _side_map(value, field, sides)
        owned[field] = [_names(m.get(s, ()), f"{field}[{s}]", known[field]) for s in sides]
    if setup.solo and (owned["tomes"][1] or owned["items"][1] or owned["reserved"][1]):
        raise ConfigError("the guards hold no items and no tomes (LB-R24, LB-R34)")
    return owned


def _display(display: Iterable[str] | None, owned: dict[str, list[tuple[str, ...]]],
             setup: Setup, t: Tables) -> tuple[tuple[str, ...], Counter[str]]:
    """The display (by default the first items nobody holds) and every item in use: one
    copy of each (LB-R10)."""
    cfg = setup.config
    used_items = Counter(x for row in (*owned["items"], *owned["reserved"]) for x in row)
    if display is None:
        disp = tuple(sorted([n for n in t.item_names if n not in used_items]
                            [:cfg.display_size]))
    else:
        disp = _names(display, "display", t.item_names)
    used_items.update(disp)
    for name, k in used_items.items():
        if k > 1:
            raise ConfigError(f"items: {show_value(name)} is in two places (one copy in the box)")
    if len(disp) > cfg.display_size:
        raise ConfigError(f"display: at most {cfg.display_size} items (LB-R10)")
    return disp, used_items


def _goon_spaces(goon_spaces: Mapping[int, str] | None, t: Tables) -> list[str]:
    """The goon on each goon space 2–6 (``""`` for none) (LB-R11)."""
    spaces = [""] * len(GOON_LOCATIONS)
    for loc, card in mapping(goon_spaces, "goon_spaces", optional=True, error=ConfigError).items():
        if not _is_int(loc) or loc not in GOON_LOCATIONS:
            raise ConfigError(f"goon_spaces: unknown goon space "
                              f"{show_value(loc)}; goons stand on 2–6 "
                              "(LB-R11)")
        if not _name(card, t.goon_index):
            raise ConfigError(f"goon_spaces[{loc}]: unknown goon {show_value(card)}")
        spaces[loc - 2] = card
    return spaces


def _goon_deck(goon_discard: Iterable[str], spaces: list[str],
               owned: list[tuple[str, ...]], setup: Setup,
               t: Tables) -> tuple[Counter[str], list[int]]:
    """The goon discard pile, and the deck: every goon not on a space, held or discarded."""
    cfg = setup.config
    goon_gone = Counter(_names(goon_discard, "goon_discard", t.goon_names))
    goon_used = Counter(g for g in spaces if g) + goon_gone
    for row in owned:
        goon_used.update(row)
    goon_deck = []
    for g in cfg.goons:
        left = g.count - goon_used[g.name]
        if left < 0:
            raise ConfigError(f"goons: {goon_used[g.name]} {g.name} cards in play or "
                              f"discarded, the deck has {g.count}")
        goon_deck.append(left)
    return goon_gone, goon_deck


def _tome_deck(tome_discard: Iterable[str], owned: list[tuple[str, ...]],
               setup: Setup) -> tuple[Counter[str], list[int]]:
    """The tome discard pile, and the deck: every tome not in a hand or discarded."""
    cfg = setup.config
    tome_gone = Counter(_names(tome_discard, "tome_discard", [x.name for x in cfg.tomes]))
    tome_used = Counter(x for row in owned for x in row) + tome_gone
    tome_deck = []
    for x in cfg.tomes:
        left = x.count - tome_used[x.name]
        if left < 0:
            raise ConfigError(f"tomes: {tome_used[x.name]} {x.name} in hands or discarded, "
                              f"the deck has {x.count}")
        tome_deck.append(left)
    return tome_gone, tome_deck


def _goals(goals: Iterable[str], t: Tables) -> tuple[str, ...]:
    """The public goals, each once (LB-R14)."""
    goals_t = _names(goals, "goals", t.goal_names)
    if len(set(goals_t)) != len(goals_t):
        raise ConfigError("goals: a goal appears twice")
    return goals_t


def _legend(legend: str | None, t: Tables) -> str:
    """The active legend card (by default the deck's first) (LB-R16)."""
    legend = legend if legend is not None else t.legend_names[0]
    if not _name(legend, t.legend_index):
        raise ConfigError(f"legend: unknown legend card {show_value(legend)}")
    return legend


def _loot(stacks: Mapping[str, Iterable[str]] | None, kept: list[tuple[str, ...]],
          setup: Setup, t: Tables) -> tuple[list[tuple[tuple[str, ...], int]], list[int]]:
    """The loot stacks (known tokens, unseen count) and the pool of unseen loot: the
    box's tokens less those kept and those fixed in stacks (LB-setup-loot)."""
    h = setup.stack_height
    loot_used = Counter(x for row in kept for x in row)
    stack_rows: list[tuple[tuple[str, ...], int]] = [((), h)] * len(t.loot_spaces)
    for space, tokens in mapping(stacks, "stacks", optional=True, error=ConfigError).items():
        if not _name(space, t.stack_of):
            raise ConfigError(f"stacks: {show_value(space)} is not a loot space; loot spaces are "
                              f"{', '.join(t.loot_spaces)}")
        known = _names(tokens, f"stacks[{space}]", t.loot_names)
        if len(known) > h:
            raise ConfigError(f"stacks[{space}]: at most {h} tokens (LB-setup-loot)")
        stack_rows[t.stack_of[space]] = (known, 0)
        loot_used.update(known)
    pool = []
    for piece in setup.config.loot:
        left = piece.count - loot_used[piece.name]
        if left < 0:
            raise ConfigError(f"loot: {loot_used[piece.name]} {piece.name} tokens in play, "
                              f"the box has {piece.count}")
        pool.append(left)
    if sum(u for _, u in stack_rows) > sum(pool):
        raise ConfigError("stacks: not enough loot tokens left for the unseen stacks")
    return stack_rows, pool


def _started(state: State, phase: str, first: str, turn: str | None,
             events: list[Event] | None) -> State:
    """``state`` with the procedure of ``phase`` under way, run to the first decision or
    chance node, and checked as a whole."""
    w = Work(state)
    game = Frame(K.GAME, stage=6)
    if phase == "final":
        w.stack = (game._replace(stage=7), Frame(K.FINAL))
    elif phase == "patrol":
        w.stack = (game, Frame(K.ROUND, stage=11), Frame(K.PATROL))
    elif phase == "lightsout":
        w.stack = (game, Frame(K.ROUND, stage=1))
    else:
        w.stack = (game, Frame(K.ROUND, stage=1), Frame(K.ASSIGN))
        order = seat_order(state.setup.colours, first)
        from boardlab.lockup_breakout.flow import next_assigner

        next_assigner(w, order, order.index(turn or first))
        if w.stack[-1].kind != K.ASSIGN:
            raise ConfigError("turn: every player has passed already; start at lightsout")
    run_auto(w)
    if events is not None:
        events.extend(as_events(w.events))
    result = w.freeze()
    broken = invariants(result)
    if broken:
        raise ConfigError(f"the described position is not sound: {broken[0]}")
    return result
