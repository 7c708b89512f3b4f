"""The Lockup: Breakout rules: pure functions over :class:`~.state.State`.

``step`` copies the state into a :class:`~.work.Work`, applies the choice or chance
outcome to the frame on top of the procedure stack, then runs every automatic frame
(locations, tunnels, the guards' whole turn in solitary, Patrol, final scoring) until
the next decision or chance node, emitting an event with its rule for each change. The
guards never appear in ``to_move``: their steps are automatic or chance.

>>> from boardlab.lockup_breakout.rules import RULES
>>> from boardlab.lockup_breakout.config import Setup
>>> s = RULES.initial(Setup(players=3))
>>> RULES.to_move(s), len(RULES.outcomes(s))
(CHANCE, 105)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from boardlab.core.engine import CHANCE, OutcomeTable, ToMove
from boardlab.core.errors import IllegalAction, show_value
from boardlab.core.events import Event, as_events
from boardlab.core.procedure import Dispatch, Node, Procedure
from boardlab.core.rules import RuleRef
from boardlab.lockup_breakout import final as final_mod
from boardlab.lockup_breakout import flow, goods, moves, resolve, rewards
from boardlab.lockup_breakout.catacombs import ENTRANCE, ESCAPED, TOMB
from boardlab.lockup_breakout.choices import (
    CHOICE_TYPES,
    Assign,
    Decline,
    Draw,
    DrawMany,
    Pass,
    PlayTome,
    Reserve,
    Take,
    TakeItem,
    TakeResources,
    Tunnels,
)
from boardlab.lockup_breakout.config import BOARD_LOCATIONS, CELL_BLOCK, TUNNEL_KINDS, Setup
from boardlab.lockup_breakout.draws import Pile, arrangements, uniform
from boardlab.lockup_breakout.events import GUARD_CARD
from boardlab.lockup_breakout.rulebook import BOOK
from boardlab.lockup_breakout.state import AT_FACE_DOWN as _FACE_DOWN
from boardlab.lockup_breakout.state import AT_GOAL_DECK as _GOAL_DECK
from boardlab.lockup_breakout.state import AT_GOON_DECK as _GOON_DECK
from boardlab.lockup_breakout.state import AT_HANDS as _HANDS
from boardlab.lockup_breakout.state import AT_ITEM_DECK as _ITEM_DECK
from boardlab.lockup_breakout.state import AT_LEGEND_DECK as _LEGEND_DECK
from boardlab.lockup_breakout.state import AT_LOOT_POOL as _LOOT_POOL
from boardlab.lockup_breakout.state import AT_SETUP as _SETUP
from boardlab.lockup_breakout.state import AT_STACK as _STACK
from boardlab.lockup_breakout.state import AT_STACKS as _STACKS
from boardlab.lockup_breakout.state import AT_TOME_DECK as _TOME_DECK
from boardlab.lockup_breakout.state import (
    AUTO_KINDS,
    CHANCE_KINDS,
    DECISION_KINDS,
    SOURCES,
    Frame,
    K,
    State,
)
from boardlab.lockup_breakout.work import Work, setup_info, tables

PHASE_NAMES = {"setup": "Setup", "rollcall": "Roll Call", "lightsout": "Lights Out",
               "patrol": "Patrol", "final": "Final scoring", "over": "Game over"}

#: Frame kind → handler of an automatic frame (the procedures of the phase modules), run
#: after every choice until a decision, a chance node or the end is on top.
AUTO: dict[str, Callable[[Work, Frame], None]] = {
    K.GAME: flow.game, K.ROUND: flow.round_, K.LOCATION: resolve.location,
    K.LIBRARY: flow.library, K.LEGEND: resolve.legend, K.PATROL: flow.patrol,
    K.ADVANCE: moves.advance, K.SHAPE: goods.shape, K.FINAL: final_mod.final}


def run_auto(w: Work) -> None:
    """Run automatic frames until a decision, a chance node or the end is on top (what
    every step does after its choice; ``position`` and the odds start positions with it)."""
    auto = AUTO
    while True:
        f = w.stack[-1]
        handler = auto.get(f.kind)
        if handler is None:
            return
        handler(w, f)


def _apply_guard_card(w: Work, choice: Draw) -> None:
    f = w.pop()
    cards = list(w.guard_cards)
    cards[f.loc] = choice.card
    w.guard_cards = tuple(cards)
    g = w.t.guard_cards[choice.card]
    rule_id = "LB-R39" if g.strength == 0 and f.loc else "LB-R23"
    w.emit_t(GUARD_CARD[rule_id], None, f.loc, choice.card, g.strength, g.seeker)


#: Decision kind → function applying a legal choice to the worker.
DECIDE: dict[str, Callable[[Work, Any], None]] = {
    K.ASSIGN: flow.apply_assign, K.TOME: resolve.apply_tome, K.REWARD: rewards.apply_reward,
    K.IMPROVE: resolve.apply_improve, K.RESERVE: resolve.apply_reserve,
    K.STEP: moves.apply_step, K.LOOT: moves.apply_loot, K.KEEP: goods.apply_keep,
    K.PENALTY: resolve.apply_penalty, K.GOLEM: final_mod.apply_golem,
    K.WILD: final_mod.apply_wild,
    # chance outcomes
    K.TUNNELS: flow.apply_tunnels, K.LEGEND_DRAW: flow.apply_legend_draw,
    K.GOALS_DRAW: flow.apply_goals_draw, K.ITEMS_DRAW: flow.apply_items_draw,
    K.GOON_DRAW: flow.apply_goon_draw, K.TOME_DRAW: flow.apply_tome_draw,
    K.LOOT_LOOK: moves.apply_look, K.GUARD_LOOT: moves.apply_guard_loot,
    K.GUARD_CARD: _apply_guard_card, K.SHAPE_DRAW: goods.apply_shape_draw,
}

_DECISION_RULES = {
    K.ASSIGN: "LB-R7", K.TOME: "LB-R44", K.REWARD: "LB-R8", K.IMPROVE: "LB-icon-improve",
    K.RESERVE: "LB-icon-reserve", K.STEP: "LB-advance-forward", K.LOOT: "LB-advance-loot",
    K.KEEP: "LB-goon-shapeshifter", K.PENALTY: "LB-legend-effect", K.GOLEM: "LB-goon-golem",
    K.WILD: "LB-icon-wild-valuable", K.OVER: "LB-end", K.TUNNELS: "LB-setup-tunnels",
    K.LEGEND_DRAW: "LB-setup-legend", K.GOALS_DRAW: "LB-R14", K.ITEMS_DRAW: "LB-R10",
    K.GOON_DRAW: "LB-R11", K.TOME_DRAW: "LB-R13", K.LOOT_LOOK: "LB-advance-loot",
    K.GUARD_LOOT: "LB-solo-tunnel-loot", K.GUARD_CARD: "LB-R23",
    K.SHAPE_DRAW: "LB-goon-shapeshifter",
}


# -- chance -------------------------------------------------------------------------------
def tunnel_outcomes(players: int) -> OutcomeTable:
    """The tunnel layout as one chance node: every distinct arrangement, equally likely.

    >>> [len(tunnel_outcomes(n)) for n in (2, 3, 4, 5)]
    [42, 105, 140, 140]
    >>> tunnel_outcomes(6)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: players: 1 (solitary) to 5 players, got 6 (LB-R5)
    """
    from boardlab.lockup_breakout.config import TUNNEL_SETS

    if isinstance(players, bool) or not isinstance(players, int) or players not in TUNNEL_SETS:
        from boardlab.core.errors import ConfigError

        raise ConfigError(f"players: 1 (solitary) to 5 players, got {show_value(players)} "
                          "(LB-R5)")
    return _tunnel_outcomes(players)


@lru_cache(maxsize=8)
def _tunnel_outcomes(players: int) -> OutcomeTable:
    """:func:`tunnel_outcomes` of a checked player count (cached: one table per count)."""
    from boardlab.lockup_breakout.config import TUNNEL_SETS

    layouts = arrangements(TUNNEL_SETS[players])
    return uniform(tuple(Tunnels(tuple(TUNNEL_KINDS[i] for i in lay)) for lay in layouts))


@lru_cache(maxsize=512)
def _draw(card: str) -> Draw:
    """One shared ``Draw`` per card name (interned outcomes, docs/engine-patterns.md)."""
    return Draw(card)


def _one(names: tuple[str, ...], counts: tuple[int, ...]) -> OutcomeTable:
    """The top card of a pile named ``names`` with ``counts`` (cached per pile and counts:
    :class:`~.draws.Pile`)."""
    return _pile(names).one(counts)


def _many(names: tuple[str, ...], counts: tuple[int, ...], k: int) -> OutcomeTable:
    """``k`` cards drawn at once: :func:`~.draws.draw_many`'s table with the cards named.

    Built from the integer weights ``∏ C(cᵢ, xᵢ)`` (:func:`~.draws.draw_weights`) by
    :meth:`.draws.Pile.many`: the same outcomes, in the same order, with the same
    probabilities and sampling table as the hypergeometric fractions give, without
    Fraction arithmetic; cached per pile, counts and ``k``.
    """
    return _pile(names).many(counts, k)


def _pile(names: tuple[str, ...]) -> Pile:
    """The shared :class:`~.draws.Pile` of a pile's card names (its outcomes interned:
    one ``Draw`` per card, one ``DrawMany`` per drawn set)."""
    pile = _PILES.get(names)
    if pile is None:
        if len(_PILES) > 64:
            _PILES.clear()
        pile = _PILES[names] = Pile(names, _draw, DrawMany)
    return pile


_PILES: dict[tuple[str, ...], Pile] = {}


def _piles(setup: Setup) -> tuple[Pile, ...]:
    """The piles of ``setup``'s configuration: tomes, goons, legends, items, goals, loot,
    guard cards (found by identity with the setup asked about last)."""
    last = _LAST_PILES[0]
    if last[0] is setup:
        return last[1]
    t = setup_info(setup)[1]
    piles = tuple(_pile(names) for names in (t.tome_names, t.goon_names, t.legend_names,
                                               t.item_names, t.goal_names, t.loot_names,
                                               t.guard_names))
    _LAST_PILES[0] = (setup, piles)     # one store: no thread sees a setup with old piles
    return piles


#: The setup of the last chance node and its piles, as one pair replaced whole.
_LAST_PILES: list[tuple[Setup | None, tuple[Pile, ...]]] = [(None, ())]


def _guard_remaining(state: State) -> tuple[int, ...]:
    t = setup_info(state.setup)[1]
    counts = list(t.guard_deck[state.setup.difficulty])
    for card in state.guard_cards:
        if card:
            counts[t.guard_names.index(card)] -= 1
    return tuple(counts)


# -- legal choices: read from the state without a worker, as shared choice objects ---------
_TAKE_OR_DECLINE = (Take(), Decline())
_DECLINE = _TAKE_OR_DECLINE[1]
_PASS = Pass()


def _legal_assign(state: State, f: Frame) -> tuple[Assign, ...]:
    setup = state[0]
    last = _LAST_ALLOWANCE[0]
    if last[0] is not setup:     # one setup asks again and again: keep its answers
        last = _LAST_ALLOWANCE[0] = (setup, setup_info(setup)[2],
                                     setup.config.face_down_allowance(setup.players))
    i = last[1][f[1]]
    return _assign_choices(state[_HANDS][i], state[_FACE_DOWN][i] < last[2])


#: The setup of the last roll-call question, its side index and face-down allowance (one
#: tuple, replaced whole: no torn reads).
_LAST_ALLOWANCE: list[tuple[Any, Any, int]] = [(None, None, 0)]


@lru_cache(maxsize=1024)
def _assign_choices(hand: tuple[str, ...], face_down: bool) -> tuple[Assign, ...]:
    """Every assignment of a token of ``hand`` (shared tuples: one per hand)."""
    faces = (False, True) if face_down else (False,)
    return tuple(Assign(tok, loc, fd) for tok in dict.fromkeys(hand) for loc in BOARD_LOCATIONS
                 for fd in faces)


@lru_cache(maxsize=64)
def _take_resources(kinds: tuple[str, ...]) -> tuple[Any, ...]:
    return (*(TakeResources(k) for k in kinds), _DECLINE)


@lru_cache(maxsize=1024)
def _take_items(display: tuple[str, ...]) -> tuple[Any, ...]:
    return (*(TakeItem(i) for i in dict.fromkeys(display)), _DECLINE)


@lru_cache(maxsize=1024)
def _reserve_items(display: tuple[str, ...]) -> tuple[Any, ...]:
    return (*(Reserve(i) for i in dict.fromkeys(display)), _DECLINE)


@lru_cache(maxsize=1024)
def _play_tomes(hand: tuple[str, ...]) -> tuple[Any, ...]:
    """Play one of the distinct tomes of ``hand``, or pass (one shared tuple per hand)."""
    return (*(PlayTome(x) for x in dict.fromkeys(hand)), _PASS)


def _legal_reward(state: State, f: Frame) -> tuple[Any, ...]:
    kind = f[9]
    if kind == "resources":
        return _take_resources(state[0].config.resources)
    if kind == "item":
        return _take_items(state.display)
    if kind == "craft":
        info = setup_info(state[0])
        i = info[2][f[1]]
        return _with_decline(goods.crafts_for(info[1], state.display,
                                              state.reserved[i] if f[2] == CELL_BLOCK else None,
                                              state.resources[i]))
    return _TAKE_OR_DECLINE


def _with_decline(choices: tuple[Any, ...]) -> tuple[Any, ...]:
    """``choices`` and then declining: one shared tuple per tuple of choices, found by
    identity (the crafts come as memoised shared tuples; hashing them would hash every
    ``Craft``, a Python-level ``__hash__`` each)."""
    hit = _DECLINABLE.get(id(choices))
    if hit is not None and hit[0] is choices:
        return hit[1]
    out = (*choices, _DECLINE)
    if len(_DECLINABLE) > 1024:
        _DECLINABLE.clear()
    _DECLINABLE[id(choices)] = (choices, out)   # keeps ``choices`` alive: its id stays its
    return out


_DECLINABLE: dict[int, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}


def _legal_tome(state: State, f: Frame) -> tuple[Any, ...]:
    info = setup_info(state[0])
    hand = state.tomes[info[2][f[1]]]
    if f[2] == 0:
        tomes = info[1].tomes
        hand = tuple([x for x in hand if tomes[x].legend])
    return _play_tomes(hand)


def _legal_reserve(state: State, f: Frame) -> tuple[Any, ...]:
    return _reserve_items(state.display)


def _legal_step(state: State, f: Frame) -> tuple[Any, ...]:
    """A step along each path ``who`` can pay for, or stop (shared per space and purse)."""
    _, t, si, _, _ = setup_info(state[0])
    i = si[f[1]]
    key = (state.lanterns[i], state.resources[i])
    hit = t.step_memo.get(key)
    if hit is None:
        hit = moves.step_choices_at(t, key[0], key[1])
        if len(t.step_memo) > 4096:
            t.step_memo.clear()
        t.step_memo[key] = hit
    return hit


def _legal_loot(state: State, f: Frame) -> tuple[Any, ...]:
    """The tokens of the stack to keep, used or as a star (:func:`.moves.loot_choices`),
    shared per stack and per the facts that decide whether a token can be used (LB-R41):
    the lantern at an end, a display, a tome to draw, a goon to recruit."""
    _, t, si, _, _ = setup_info(state[0])
    key = (state.stacks[f[2]][0], state.lanterns[si[f[1]]] in _ENDS, bool(state.display),
           bool(sum(state.tome_deck) or sum(state.tome_discard)), bool(state.goon_spaces[0]))
    hit = t.loot_memo.get(key)
    if hit is None:
        hit = moves.loot_choices(Work(state), f)
        if len(t.loot_memo) > 4096:
            t.loot_memo.clear()
        t.loot_memo[key] = hit
    return hit


_ENDS = (TOMB, ESCAPED)


def _with_work(choices: Callable[[Work, Frame], tuple[Any, ...]]
               ) -> Callable[[State, Frame], tuple[Any, ...]]:
    """Legal choices read from a worker (the rare kinds): the held worker if it froze
    ``state`` (taken while the choices are read, then put back: they only read), else a
    new copy."""
    def legal(state: State, f: Frame) -> tuple[Any, ...]:
        held = _HELD
        try:
            pair = held.pop()
        except IndexError:
            return choices(Work(state), f)
        if pair[0] is state:
            options = choices(pair[1], f)
            held[:] = (pair,)
            return options
        held[:] = (pair,)
        return choices(Work(state), f)
    return legal


#: Decision kind → its legal choices (``to_move`` is the frame's ``who``).
LEGAL: dict[str, Callable[[State, Frame], tuple[Any, ...]]] = {
    K.ASSIGN: _legal_assign, K.IMPROVE: lambda state, f: _TAKE_OR_DECLINE,
    K.TOME: _legal_tome, K.REWARD: _legal_reward, K.RESERVE: _legal_reserve,
    K.STEP: _legal_step, K.LOOT: _legal_loot,
    K.KEEP: _with_work(goods.keep_choices), K.PENALTY: _with_work(resolve.penalty_choices),
    K.GOLEM: _with_work(final_mod.golem_choices), K.WILD: _with_work(final_mod.wild_choices),
}


def _outcomes(state: State, f: Frame) -> OutcomeTable:
    return _OUTCOMES[f[0]](state, f)


def _guard_loot(state: State, f: Frame) -> OutcomeTable:
    known, unknown = state.stacks[f.loc]
    t = setup_info(state.setup)[1]
    if unknown:
        return _one(t.loot_names, state.loot_pool)
    return _one(t.loot_names, tuple(known.count(name) for name in t.loot_names))


#: Chance kind → its outcome table (the pile's, cached per counts).
_OUTCOMES: dict[str, Callable[[State, Frame], OutcomeTable]] = {
    K.TOME_DRAW: lambda state, f: _piles(state[_SETUP])[0].one(state[_TOME_DECK]),
    K.GOON_DRAW: lambda state, f: _piles(state[_SETUP])[1].one(state[_GOON_DECK]),
    K.LEGEND_DRAW: lambda state, f: _piles(state[_SETUP])[2].one(state[_LEGEND_DECK]),
    K.ITEMS_DRAW: lambda state, f: _piles(state[_SETUP])[3].many(state[_ITEM_DECK], f[3]),
    K.TUNNELS: lambda state, f: _tunnel_outcomes(state[_SETUP].players),
    K.GOALS_DRAW: lambda state, f: _piles(state[_SETUP])[4].many(state[_GOAL_DECK], f[3]),
    K.SHAPE_DRAW: lambda state, f: _piles(state[_SETUP])[1].many(state[_GOON_DECK], f[3]),
    K.LOOT_LOOK: lambda state, f: _piles(state[_SETUP])[5].many(
        state[_LOOT_POOL], state[_STACKS][f[2]][1]),
    K.GUARD_LOOT: _guard_loot,
    K.GUARD_CARD: lambda state, f: _piles(state[_SETUP])[6].one(_guard_remaining(state)),
}


def _step(state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
    """Apply a legal choice or outcome (unchecked: :class:`Match` checks legality)."""
    step = _STEPS.get(state[_STACK][-1][0])
    if step is None:
        raise IllegalAction("the match is over", rule=BOOK["LB-end"])
    after, events = step(state, choice)
    return after, as_events(events)    # event rows made Events (bulk play keeps rows)


def _stepper(apply: Callable[[Work, Any], None]
             ) -> Callable[[State, Any], tuple[State, tuple[Event, ...]]]:
    """The step of one pending kind: ``apply`` the choice to a worker, then run the
    automatic frames until the next decision or chance node."""
    def step(state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
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
        auto = AUTO
        while True:           # run_auto, written out
            f = w.stack[-1]
            handler = auto.get(f[0])
            if handler is None:
                new = w.freeze()
                events = tuple(w.events)
                held[:] = ((new, w),)     # one entry at most, whatever ran in between
                return new, events
            handler(w, f)
    return step


#: The last worker step's result and its worker, which holds exactly that state's fields:
#: the next step from that state (the usual case in play) takes the worker instead of
#: copying the state again. At most one entry, taken by ``pop`` and replaced whole by
#: slice assignment (both atomic), so no two steps, threads or nested steps ever share
#: a worker; a failed step never puts its worker back.
_HELD: list[tuple[State, Work]] = []


#: Pending kind → its step (node() hands it to bulk play with the options). A roll-call
#: assignment goes straight on the state unless the turn order needs the worker (a
#: forced pass, the end of roll call).
_STEPS = {kind: _stepper(apply) for kind, apply in DECIDE.items()}
_STEPS[K.ASSIGN] = flow.assign_step(_STEPS[K.ASSIGN])


def _frame_who(state: State, f: Frame) -> str:
    """Who decides at a decision frame: the frame's ``who``."""
    return f[1]


def _top_frame(state: State) -> Frame:
    return state[-1][-1]     # the stack is the last field


#: The declared procedure table: per pending kind (the frame on top of the stack) who
#: moves (the frame's side, or CHANCE), what is offered (legal choices read from the
#: state, or the pile's outcome table), the step and the rule of the decision; the
#: automatic frames, the reward choices and the decision kinds' appliers as dispatch
#: tables. The end (``over``) has no node.
PROCEDURE = Procedure(
    "lockup-breakout", BOOK, kinds=sorted(DECISION_KINDS | CHANCE_KINDS | {K.OVER}),
    ends=(K.OVER,), end_rule="LB-end", pending=_top_frame,
    rules=("LB-legend-effect", "LB-legend-tomes", "LB-flow"),
    nodes={**{kind: Node(_frame_who, legal, _STEPS[kind], _DECISION_RULES[kind])
              for kind, legal in LEGAL.items()},
           **{kind: Node(CHANCE, _outcomes, _STEPS[kind], _DECISION_RULES[kind])
              for kind in sorted(CHANCE_KINDS)}},
    dispatch=(Dispatch("automatic frame", sorted(AUTO_KINDS), AUTO),
              Dispatch("choice applier", sorted(DECISION_KINDS | CHANCE_KINDS), DECIDE),
              Dispatch("reward choice", rewards.REWARD_CHOICES, rewards.APPLY_REWARD)))
_NODE = PROCEDURE.entries   # plain tuples: the hot paths read them


class LockupBreakoutRules:
    """The :class:`~boardlab.core.engine.Rules` of Lockup: Breakout."""

    name = "lockup-breakout"
    book = BOOK
    setup_type = Setup
    state_type = State
    choice_types = CHOICE_TYPES
    procedure = PROCEDURE

    def initial(self, setup: Setup) -> State:
        """Lanterns on ENTRANCE, seven tokens per holding cell, loot stacks unseen, decks
        shuffled as counts; the first chance node is the tunnel layout (LB-setup-...)."""
        if not isinstance(setup, Setup):
            from boardlab.core.errors import ConfigError

            raise ConfigError(f"setup: expected a Setup, got {show_value(setup)}")
        cfg = setup.config
        t = tables(cfg)
        sides = setup.sides
        n = len(sides)
        hands = tuple(() if s == "guards" else t.crew for s in sides)
        h = setup.stack_height
        return State(
            setup=setup, round=0, phase="setup", first=setup.colours[0], tunnels=(),
            hands=hands, crews=((),) * 9, face_down=(0,) * n, lanterns=(ENTRANCE,) * n,
            resources=(cfg.start_resources,) * n, stars=((0,) * len(SOURCES),) * n,
            items=((),) * n, reserved=((),) * n, goons=((),) * n, tomes=((),) * n,
            kept_loot=((),) * n, display=(), item_deck=(1,) * len(cfg.items),
            goon_spaces=("",) * 5, goon_deck=tuple(g.count for g in cfg.goons),
            goon_discard=(0,) * len(cfg.goons), goon_limbo=(0,) * len(cfg.goons),
            tome_deck=tuple(x.count for x in cfg.tomes), tome_discard=(0,) * len(cfg.tomes),
            goals=(), goal_deck=(1,) * len(cfg.goals), legend="",
            legend_deck=(1,) * len(cfg.legends), legend_bottom=(),
            loot_pool=tuple(x.count for x in cfg.loot),
            stacks=(((), h),) * len(t.loot_spaces), looked=(),
            guard_cards=("",) * 8 if setup.solo else (), rewarded=(), boosts=(), escaped=(),
            declared=(), stack=(Frame(K.GAME, stage=1), Frame(K.TUNNELS)))

    def to_move(self, state: State) -> ToMove:
        top = state.stack[-1]
        kind = top.kind
        if kind in CHANCE_KINDS:
            return CHANCE
        if kind == K.OVER:
            return None
        return top.who

    def outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        f = state.stack[-1]
        if f.kind in CHANCE_KINDS:
            return _outcomes(state, f)
        return ()

    def legal(self, state: State) -> tuple[Any, ...]:
        f = state.stack[-1]
        legal = LEGAL.get(f.kind)
        return () if legal is None else legal(state, f)

    def node(self, state: State) -> tuple[ToMove, Any, Any]:
        """``(to_move, legal choices or chance outcomes, step)`` in one look at the state:
        the fast path of bulk play (:meth:`boardlab.core.engine.Match._play`), the same
        answers as :meth:`to_move`, :meth:`legal` / :meth:`outcomes` and :meth:`step`."""
        f = state[-1][-1]             # the stack is the last field
        entry = _NODE.get(f[0])
        if entry is None:
            return (None, (), None) if f[0] == K.OVER else (f[1], (), _step)
        mover, options, step, _ = entry
        return (CHANCE if mover is CHANCE else f[1]), options(state, f), step

    step = staticmethod(_step)

    def decision_rule(self, state: State) -> RuleRef:
        f = state.stack[-1]
        if f.kind == K.REWARD and f.loc == 0:
            return BOOK["LB-legend-effect"]
        if f.kind == K.TOME and f.loc == 0:
            return BOOK["LB-legend-tomes"]
        node = PROCEDURE.nodes.get(f.kind)
        if node is None:   # an automatic frame on top (never at rest): the flow of play
            return BOOK["LB-end" if f.kind == K.OVER else "LB-flow"]
        return BOOK[node.rule]

    # -- views and checks ------------------------------------------------------------------
    def observe(self, state: State, player: str) -> Any:
        from boardlab.lockup_breakout.observe import observe

        return observe(state, player)

    def scores(self, state: State) -> dict[str, int]:
        """Stars per side (final at the end, provisional before; LB-objective)."""
        from boardlab.lockup_breakout.scoring import scores

        return scores(state)

    def invariants(self, state: State) -> list[str]:
        from boardlab.lockup_breakout.invariants import invariants

        return invariants(state)


RULES = LockupBreakoutRules()
