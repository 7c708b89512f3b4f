"""The Level 7 [Escape]: Lockdown rules on the stand-in core: pure functions over states.

One declared procedure table, :data:`PROCEDURE`, says for every pending kind
(:class:`~.kinds.Kind`) who moves, what is offered, how a choice or outcome applies and
the rule of the decision; its dispatch tables say which procedure handles each choice
type, each roll purpose, each tile draw, each task of the enemy step's queue and each
automatic step a procedure hands over to (``Work.then``). A step copies the state
into a :class:`~.work.Work`, applies the choice or chance outcome, runs every automatic
consequence up to the next decision or chance node, and freezes it again. Only
characters decide (``to_move`` names their seat); enemies and Dr. Cronos are chance and
rulings. The procedures live in one module per step of a turn: :mod:`.moving`,
:mod:`.actions`, :mod:`.events_step` (with :mod:`.spawning`), :mod:`.enemies`,
:mod:`.cronos`, :mod:`.turn`.

>>> from boardlab.level7_lockdown.rules import RULES
>>> from boardlab.level7_lockdown.state import Setup
>>> s = RULES.initial(Setup(players=2))
>>> RULES.to_move(s), s.pending.kind, s.chars[0].tile
('Leo', 'move', 0)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from boardlab.core.engine import CHANCE, OutcomeTable, ToMove
from boardlab.core.events import Event, EventRow
from boardlab.core.procedure import Dispatch, Node, Procedure
from boardlab.core.rules import RuleRef
from boardlab.level7_lockdown import actions, cronos, enemies, events_step, moving, turn
from boardlab.level7_lockdown.choices import (
    CHOICE_TYPES,
    DECISION_TYPES,
    Access,
    Attack,
    EndStep,
    Explore,
    Extinguish,
    FallDown,
    LowerTerror,
    Move,
    Peek,
    Place,
    PlaceCronos,
    Roll,
    Search,
    Smash,
    Special,
    StandUp,
    TileDraw,
    Vent,
)
from boardlab.level7_lockdown.config import EFFECTS
from boardlab.level7_lockdown.kinds import (
    AUTO_STEPS,
    CHANCE_KINDS,
    DECISION_KINDS,
    DRAW_PURPOSES,
    PENDING_KINDS,
    ROLL_PURPOSES,
    STEPS,
    TASK_KINDS,
    Auto,
    Kind,
    Purpose,
    TaskKind,
)
from boardlab.level7_lockdown.moving import stack_outcomes
from boardlab.level7_lockdown.rolls import roll_outcomes
from boardlab.level7_lockdown.rulebook import BOOK
from boardlab.level7_lockdown.scenario import POOL
from boardlab.level7_lockdown.state import (
    ESCAPED,
    WON,
    Char,
    Enemy,
    Pending,
    Scn,
    Setup,
    State,
    Task,
)
from boardlab.level7_lockdown.tables import LAST_SETUP, setup_info
from boardlab.level7_lockdown.work import Work

__all__ = ["CHANCE_KINDS", "DECISION_KINDS", "PENDING_KINDS", "PROCEDURE", "ROLL_PURPOSES",
           "RULES", "STEPS", "Level7Rules", "Work", "run_auto"]

Step = Callable[[State, Any], tuple[State, tuple[EventRow, ...]]]


# -- the dispatch tables ----------------------------------------------------------------------
def _place_cronos(w: Work, choice: PlaceCronos) -> None:
    w.hooks.place_cronos(w, choice.tile)


#: Choice type → the procedure a character's decision starts.
DECIDE: Final[dict[type, Callable[[Work, Any], None]]] = {
    Move: moving.leave, Vent: moving.leave, Explore: moving.leave, Peek: moving.peek,
    Place: moving.place_tile, StandUp: moving.stand_up, FallDown: moving.fall_down,
    LowerTerror: moving.lower_terror, EndStep: turn.end_step, Attack: actions.attack,
    Smash: actions.smash, Search: actions.search, Access: actions.access,
    Extinguish: actions.extinguish, Special: actions.special, PlaceCronos: _place_cronos,
}


def _scenario_roll(w: Work, roll: Roll) -> None:
    """A roll of the scenario's own (scenarios 10 and 12): its hook resolves it."""
    w.hooks.resolve_roll(w, roll)


#: Roll purpose → the procedure its outcome resolves.
RESOLVE: Final[dict[str, Callable[[Work, Roll], None]]] = {
    Purpose.ESCAPE: moving.resolve_escape, Purpose.PEEK: moving.resolve_peek,
    Purpose.ATTACK: actions.resolve_attack, Purpose.SMASH: actions.resolve_smash,
    Purpose.SEARCH: actions.resolve_search, Purpose.ACCESS: actions.resolve_access,
    Purpose.SPECIAL: actions.resolve_special,
    Purpose.ENEMY_ATTACK: enemies.resolve_enemy_attack,
    Purpose.ENEMY_BARRICADE: enemies.resolve_enemy_barricade,
    Purpose.HUNTERS: enemies.resolve_hunters, Purpose.BLASTERS: enemies.resolve_blasters,
    Purpose.CRONOS: cronos.resolve_roll, Purpose.CABINET: _scenario_roll,
    Purpose.SWARM: _scenario_roll, Purpose.DEPARTURE: _scenario_roll,
}

#: Tile-draw purpose → the procedure the drawn tile goes to.
DRAWN: Final[dict[str, Callable[[Work, TileDraw], None]]] = {
    Purpose.EXPLORE: moving.tile_drawn, Purpose.PEEK: moving.tile_drawn,
    Purpose.CRONOS: cronos.tile_drawn,
}

#: Task kind → its procedure in the enemy step's queue (True: the queue stops there).
TASKS: Final[dict[str, Callable[[Work, Task], bool]]] = {
    TaskKind.GUARDS: enemies.task_guards, TaskKind.CLONES: enemies.task_clones,
    TaskKind.ACTIVATE: enemies.task_activate, TaskKind.ALIENS: enemies.task_aliens,
    TaskKind.HUNTERS_DIE: enemies.task_hunters_die,
    TaskKind.BLASTER_DIE: enemies.task_blaster_die, TaskKind.CRONOS: cronos.task_cronos,
    TaskKind.SECURE: enemies.task_secure, TaskKind.END_TURN: turn.task_end_turn,
    TaskKind.ROUND_END: turn.task_round_end, TaskKind.NEXT_ROUND: turn.task_next_round,
    TaskKind.LOCKDOWN_CHECK: turn.task_lockdown_check,
}


def run_queue(w: Work) -> None:
    """Run the queue's tasks until one waits for a roll or hands the turn on."""
    tasks = TASKS
    while w.queue:
        task = w.queue[0]
        w.queue = w.queue[1:]
        if tasks[task.kind](w, task):
            return
    raise AssertionError("the enemy step ran out of tasks before the end of the turn")


_NO_ROLL = Roll()


def _zero_roll(w: Work) -> None:
    """A roll of no dice: nothing to chance, resolved at once."""
    RESOLVE[w.pending.purpose](w, _NO_ROLL)


#: Automatic step → its procedure (what ``Work.then`` hands the turn on to).
AUTO: Final[dict[str, Callable[[Work], None]]] = {
    Auto.ACTION: actions.begin_action, Auto.EVENTS: events_step.begin_events,
    Auto.ENEMIES: enemies.begin_enemies, Auto.QUEUE: run_queue, Auto.ZERO_ROLL: _zero_roll,
}


def run_auto(w: Work, start: str | None = None) -> None:
    """Run the automatic steps handed on with ``Work.then`` (after ``start``, if given)
    until the match waits for a decision or a chance node."""
    if start is not None:
        w.then(start)
    auto = AUTO
    nxt = w.next
    while nxt is not None:
        w.next = None
        auto[nxt](w)
        nxt = w.next


# -- the steps, one per pending kind ------------------------------------------------------------
def _stepper(apply: Callable[[Work, Any], None]) -> Step:
    """The step of a pending kind: ``apply`` the choice to a working copy, then run the
    automatic steps it hands on to. The working copy is the one that froze ``state``
    when the last step made it (see ``_HELD``), else a new copy."""
    def step(state: State, choice: Any) -> tuple[State, tuple[EventRow, ...]]:
        held = _HELD
        try:
            frozen, w = held.pop()    # atomic: no two steps ever take the same worker
        except IndexError:            # nothing held (the first step, after a failed one)
            frozen = None
        if frozen is state:           # the worker that froze ``state``: the same fields
            w.events = []
        else:
            w = Work(state)
        apply(w, choice)
        if w.next is not None:
            run_auto(w)
        new = w.freeze()
        events = tuple(w.events)
        held[:] = ((new, w),)         # one entry at most, whatever ran in between
        return new, events
    return step


#: The last step's result and its worker, which holds exactly that state's fields: the
#: next step from that state (the usual case in play) takes the worker instead of
#: copying the state again. At most one entry, taken by ``pop`` and replaced whole by
#: slice assignment (both atomic), so no two steps, threads or nested steps ever share a
#: worker; a failed step never puts its worker back.
_HELD: list[tuple[State, Work]] = []


def _decide(w: Work, choice: Any) -> None:
    DECIDE[choice.__class__](w, choice)


def _resolve(w: Work, roll: Roll) -> None:
    RESOLVE[w.pending.purpose](w, roll)


def _drawn(w: Work, draw: TileDraw) -> None:
    DRAWN[w.pending.purpose](w, draw)


# -- who moves, what is offered ---------------------------------------------------------------
def _seat(state: State, p: Pending) -> str:
    """The seat of the active character (one seat plays them all when solo)."""
    setup = state[0]
    last = LAST_SETUP[0]
    return (last[1] if last[0] is setup else setup_info(setup)).seats[state[2]]


def _with_work(choices: Callable[[Work], list[Any]]) -> Callable[[State, Pending], Any]:
    """Legal choices read from a worker: the held worker if it froze ``state`` (taken
    while the choices are read, then put back: they only read), else a new copy."""
    def offer(state: State, p: Pending) -> tuple[Any, ...]:
        held = _HELD
        try:
            pair = held.pop()
        except IndexError:
            return tuple(choices(Work(state)))
        try:
            return tuple(choices(pair[1] if pair[0] is state else Work(state)))
        finally:
            held[:] = (pair,)
    return offer


def _cronos_choices(w: Work) -> list[Any]:
    return [PlaceCronos(t) for t in w.hooks.cronos_choices(w)]


def _offer_roll(state: State, p: Pending) -> OutcomeTable:
    """The dice's outcome table, kept per setup by (dice, counted icon): hashing the die's
    faces on every roll would cost more than the look-up."""
    setup = state[0]
    last = LAST_SETUP[0]
    t = last[1] if last[0] is setup else setup_info(setup)
    key = (p[5], p[6])
    table = t.rolls.get(key)
    if table is None:
        table = t.rolls[key] = roll_outcomes(t.die, p[5], p[6])   # a few dozen at most
    return table


def _offer_tile(state: State, p: Pending) -> OutcomeTable:
    return _tile_draws(state.stack(p.stack), state.stack(POOL))


def _offer_event(state: State, p: Pending) -> OutcomeTable:
    """The event card drawn: the deck's table from shared parts (a deck changes every
    draw, so its tables are rarely found made)."""
    setup = state[0]
    last = LAST_SETUP[0]
    t = last[1] if last[0] is setup else setup_info(setup)
    return t.events.one(state.events_deck)


def _offer_item(state: State, p: Pending) -> OutcomeTable:
    setup = state[0]
    last = LAST_SETUP[0]
    t = last[1] if last[0] is setup else setup_info(setup)
    return t.items.one(state.items_deck)


@lru_cache(maxsize=4096)
def _tile_draws(tiles: tuple[str, ...], pool: tuple[str, ...]) -> OutcomeTable:
    """The tiles a draw may give, as a chance table with its sampling table (cached)."""
    return OutcomeTable((_draw(TileDraw, t), p) for t, p in stack_outcomes(tiles, pool))


@lru_cache(maxsize=1024)
def _draw(kind: type, name: str) -> Any:
    """One shared outcome per card or tile (interned: docs/engine-patterns.md)."""
    return kind(name)


_DECIDE_STEP = _stepper(_decide)

#: The declared procedure table (see the module docstring). The end (``over``) has no node.
PROCEDURE: Final = Procedure(
    "level7-lockdown", BOOK, kinds=sorted(PENDING_KINDS), ends=(Kind.OVER,),
    end_rule="L7-R23", pending=lambda state: state[25], nodes={
        Kind.MOVE: Node(_seat, _with_work(moving.move_choices), _DECIDE_STEP, "L7-R7"),
        Kind.ACTION: Node(_seat, _with_work(actions.action_choices), _DECIDE_STEP, "L7-R8"),
        Kind.PLACE: Node(_seat, _with_work(moving.place_choices), _DECIDE_STEP, "L7-R5"),
        Kind.CRONOS: Node(_seat, _with_work(_cronos_choices), _DECIDE_STEP, "L7-R43"),
        Kind.TILE_DRAW: Node(CHANCE, _offer_tile, _stepper(_drawn), "L7-R5"),
        Kind.EVENT_DRAW: Node(CHANCE, _offer_event, _stepper(events_step.card_drawn),
                              "L7-R12"),
        Kind.ITEM_DRAW: Node(CHANCE, _offer_item, _stepper(actions.item_drawn), "L7-cache"),
        Kind.ROLL: Node(CHANCE, _offer_roll, _stepper(_resolve), "L7-R2"),
    }, dispatch=(
        Dispatch("choice type", DECISION_TYPES, DECIDE),
        Dispatch("roll purpose", sorted(ROLL_PURPOSES), RESOLVE),
        Dispatch("tile draw purpose", DRAW_PURPOSES, DRAWN),
        Dispatch("task", TASK_KINDS, TASKS),
        Dispatch("automatic step", AUTO_STEPS, AUTO),
        Dispatch("event section", EFFECTS, events_step.SECTIONS),
    ), rules=("L7-R6",))
_NODE = PROCEDURE.entries   # plain tuples: the hot paths read them
_NODES = PROCEDURE.nodes


class Level7Rules:
    """The :class:`~boardlab.core.engine.Rules` of Level 7 [Escape]: Lockdown."""

    name = "level7-lockdown"
    book = BOOK
    setup_type = Setup
    state_type = State
    choice_types = CHOICE_TYPES
    procedure = PROCEDURE

    def initial(self, setup: Setup) -> State:
        """The scenario's starting position (L7-R9, L7-SB-setup, L7-S9-setup …)."""
        t = setup_info(setup)
        cfg, scen, hooks = t.cfg, t.scen, t.hooks
        items_deck = list(cfg.item_deck())
        # Item kinds the scenario takes out of the game (scenario 12's maps).
        items_out: list[str] = []
        for k, it in enumerate(cfg.items):
            if it.kind in scen.remove_items:
                items_out.extend([it.name] * items_deck[k])
                items_deck[k] = 0
        start_items = dict(scen.start_items)
        chars = []
        for i, name in enumerate(setup.characters):
            items: tuple[str, ...] = ()
            item = start_items.get(name)
            if item is None and scen.start_kind:
                # Every character starts with a card of this kind (L7-S9-flashlight).
                item = next((it.name for k, it in enumerate(cfg.items)
                             if it.kind == scen.start_kind and items_deck[k]), None)
            if item is not None:
                idx = cfg.item_index(item)
                if items_deck[idx]:
                    items_deck[idx] -= 1
                    items = (item,)
            chars.append(Char(name, hooks.home(setup, scen, i), scen.vitality, 1, 0,
                              scen.threat, cfg.adrenaline_hand, items))
        enemies_ = tuple(sorted((Enemy(k, n, t) for k, n, t in scen.enemies),
                                key=lambda e: (("guard", "rogue", "warrior", "hunter",
                                                "blaster").index(e.kind), e.number)))
        stacks = hooks.initial_stacks(setup, scen)
        reserves = tuple((k, tuple(dict(scen.reserves).get(k, ())))
                         for k in ("guard", "rogue", "warrior", "hunter", "blaster"))
        barricades = tuple(sorted((d, 2) for d in scen.barricades))
        players = len(setup.characters)
        # The sandbox's pool starts only with Dr. Cronos in play; a scenario's stat block
        # fills its lockdown pool at the start (L7-S10-stats …), whoever holds it.
        tokens = scen.pool_tokens(players) if scen.name != "sandbox" or scen.cronos >= 0 \
            else 0
        return State(setup=setup, round=1, active=0, step="move", moves=cfg.moves,
                     tiles=scen.tiles, links=scen.links, explored=(),
                     locked=tuple(sorted(scen.locked)), barricades=barricades,
                     clouds=tuple(sorted(scen.clouds)), caches=tuple(sorted(scen.caches)),
                     chars=tuple(chars), enemies=enemies_, reserves=reserves, stacks=stacks,
                     events_deck=(1,) * len(cfg.events), events_discard=(0,) * len(cfg.events),
                     event=-1, items_deck=tuple(items_deck),
                     items_discard=(0,) * len(cfg.items),
                     threat_pool=scen.threat_pool(setup.players if scen.name == "sandbox"
                                                  else players),
                     lockdown=tokens, cronos=scen.cronos, queue=(), pending=Pending("move"),
                     scn=Scn(swarms=scen.swarms, boxed=scen.boxed,
                             items_out=tuple(sorted(items_out))))

    def to_move(self, state: State) -> ToMove:
        kind = state.pending.kind
        if kind in CHANCE_KINDS:
            return CHANCE
        if kind == Kind.OVER:
            return None
        return state.setup.seat_of(state.chars[state.active].name)

    def legal(self, state: State) -> tuple[Any, ...]:
        p = state.pending
        node = _NODES.get(p.kind)
        if node is None or node.mover is CHANCE:
            return ()
        return node.offer(state, p)

    def outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        p = state.pending
        node = _NODES.get(p.kind)
        if node is None or node.mover is not CHANCE:
            return ()
        return node.offer(state, p)

    @staticmethod  # called once a ply by bulk play: a plain function costs less
    def node(state: State) -> tuple[ToMove, Any, Any]:
        """``(to_move, legal choices or chance outcomes, step)`` in one look at the state.

        The fast path of bulk play (:meth:`boardlab.core.engine.Match._play`): the same
        answers as :meth:`to_move`, :meth:`legal` / :meth:`outcomes` and :meth:`step`
        (the conformance check compares them), found with one look at the table. Its
        step hands back event rows, which the match makes Events when they are read.
        """
        p = state[25]
        try:
            mover, offer, step, _ = _NODE[p[0]]
        except KeyError:  # the end, once a match: a dict subscript is cheaper than .get
            return None, (), None
        if mover is CHANCE:
            return CHANCE, offer(state, p), step
        return _seat(state, p), offer(state, p), step

    def step(self, state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal choice or outcome (unchecked: :class:`Match` checks legality)."""
        return PROCEDURE.step(state, choice)

    def decision_rule(self, state: State) -> RuleRef:
        kind = state.pending.kind
        node = _NODES.get(kind)
        if node is not None:
            return BOOK[node.rule]
        return BOOK[PROCEDURE.end_rule if kind == Kind.OVER else "L7-R6"]

    def observe(self, state: State, player: str) -> Any:
        from boardlab.level7_lockdown.observe import observe

        return observe(state, player)

    def scores(self, state: State) -> dict[str, int]:
        """Escaped characters per seat (L7-R23)."""
        setup = state.setup
        out = dict.fromkeys(setup.seats, 0)
        for c in state.chars:
            if c.status in (ESCAPED, WON):
                out[setup.seat_of(c.name)] += 1
        return out

    def invariants(self, state: State) -> list[str]:
        from boardlab.level7_lockdown.invariants import invariants

        return invariants(state)


RULES: Final = Level7Rules()
