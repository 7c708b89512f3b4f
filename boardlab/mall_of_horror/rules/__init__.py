"""The Mall of Horror rules: pure functions over :class:`~boardlab.mall_of_horror.state.State`.

``initial``, ``to_move``, ``legal``, ``outcomes`` and ``step`` implement the whole base
game of the rule text, with boardlab's rulings where the text is silent. ``step`` copies
the state into a small mutable worker (the one copy a step makes), applies the choice,
then runs every automatic consequence (tallies, extra zombies, sealing, the attacks, the
end) until the next decision or chance node, emitting an
:class:`~boardlab.core.events.Event` for each, with the rule that caused it, and freezes
the worker into the next state. ``legal`` reads the state without copying it and hands
out interned choice objects. The hot-path patterns are written down in
``docs/engine-patterns.md``.

The procedures live in one module per part of the game:

* :mod:`.setup_placement` — the deal, the placement of the characters, the first zombies;
* :mod:`.truck_votes` — phases a) and b) and every vote: the truck, the Chief, ballots;
* :mod:`.arrival_camera` — phase c): the hidden zombie dice, the Security Camera;
* :mod:`.destinations_moves` — phases d) and e): destinations, zombie drops, sealing, moves;
* :mod:`.attack_parking` — phase f): extra zombies, attacks, cards, the Parking Lot;
* :mod:`.round_end` — a new round, or the end of the game;

on top of :mod:`.work` (the working copy and its indexes), :mod:`.tables` (per-setup
tables and interned choices) and :mod:`.chance` (the exact chance nodes);
:mod:`.worker` joins the phases into one worker class.

>>> from boardlab.mall_of_horror.rules import RULES
>>> from boardlab.mall_of_horror.config import Setup
>>> s = RULES.initial(Setup(players=4))
>>> RULES.to_move(s), s.pending.kind
('chance', 'deal')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from boardlab.core.engine import CHANCE
from boardlab.core.errors import IllegalAction
from boardlab.core.events import Event
from boardlab.core.rules import RuleRef
from boardlab.mall_of_horror.choices import CHOICE_TYPES
from boardlab.mall_of_horror.config import CARDS, Setup
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.mall_of_horror.rules import (
    arrival_camera,
    attack_parking,
    destinations_moves,
    setup_placement,
    tables,
    truck_votes,
)
from boardlab.mall_of_horror.rules.chance import (
    INITIAL_ZOMBIE_DICE,
    PLACEMENT_DICE,
    dice_outcomes,
    draw_outcomes,
)
from boardlab.mall_of_horror.rules.round_end import scores as _scores
from boardlab.mall_of_horror.rules.work import CARD_INDEX, PENDING
from boardlab.mall_of_horror.rules.worker import Work, in_worker
from boardlab.mall_of_horror.state import CHANCE_KINDS, Kind, Pending, Phase, Purpose, State

__all__ = ["CARD_INDEX", "CHANCE_KINDS", "INITIAL_ZOMBIE_DICE", "PHASE_NAMES",
           "PLACEMENT_DICE", "RULES", "MallOfHorrorRules", "dice_outcomes", "draw_outcomes"]

PHASE_NAMES = {Phase.SETUP: "Setup", Phase.A: "a) Search the Truck",
               Phase.B: "b) Elect the Chief", Phase.C: "c) Arrival of the Zombies",
               Phase.D: "d) Choose Destinations", Phase.E: "e) Move Characters",
               Phase.F: "f) Zombie Attack", Phase.OVER: "End of Game"}

_Work = Work  # the name odds and position used; they move to the queries module

Step = Callable[[State, Any], tuple[State, tuple[Event, ...]]]
_IN_TURN: Any = object()
_CHOSEN, _PLACER = "chosen", "placer"

#: Per pending kind: who moves (``_IN_TURN``: the player whose turn it is in the pending
#: order; ``chosen``: the chosen colour; ``placer``: the colour placing; or CHANCE), what
#: is offered (legal choices or chance outcomes, read from the state without copying it),
#: and the step. The end (``over``) has no entry.
_NODE: dict[str, tuple[Any, Callable[[State, Pending], Any], Step]] = {
    Kind.BALLOT: (_IN_TURN, truck_votes.offer_ballot, Work.step_ballot),
    Kind.DESTINATION: (_IN_TURN, destinations_moves.offer_destination,
                       Work.step_destination),
    Kind.MOVE: (_IN_TURN, destinations_moves.offer_move, Work.step_move),
    Kind.WINDOW: (_IN_TURN, attack_parking.offer_window, Work.step_window),
    Kind.PLACE: (_PLACER, setup_placement.offer_place, setup_placement.step_place),
    Kind.CAMERA: (_IN_TURN, arrival_camera.offer_camera, in_worker(Work.camera)),
    Kind.ZOMBIE_DROP: (_IN_TURN, destinations_moves.offer_zombie_drop,
                       in_worker(Work.zombie_drop)),
    Kind.PICK_VICTIM: (_CHOSEN, attack_parking.offer_victim, in_worker(Work.pick_victim)),
    Kind.TRUCK_SPLIT: (_CHOSEN, truck_votes.offer_split, in_worker(Work.truck_split)),
    Kind.DEAL: (CHANCE, setup_placement.offer_draw, setup_placement.step_deal),
    Kind.TRUCK_DRAW: (CHANCE, setup_placement.offer_draw, Work.step_truck_draw),
    Kind.PLACE_ROLL: (CHANCE, setup_placement.offer_placement_dice,
                      setup_placement.step_placement_roll),
    Kind.ZOMBIES0: (CHANCE, setup_placement.offer_zombie_dice,
                    in_worker(Work.initial_zombies)),
    Kind.ARRIVAL_ROLL: (CHANCE, arrival_camera.offer_arrival, in_worker(Work.arrival_roll)),
    Kind.TIEBREAK: (CHANCE, truck_votes.offer_tiebreak, in_worker(Work.tiebreak)),
}
#: What ``step`` does for each pending kind.
_STEP: dict[str, Step] = {kind: entry[2] for kind, entry in _NODE.items()}

_DECISION_RULES = {Kind.PLACE: "MoH-setup-characters", Kind.WINDOW: "MoH-f-cards",
                   Kind.BALLOT: "MoH-R7", Kind.TRUCK_SPLIT: "MoH-R9",
                   Kind.PICK_VICTIM: "MoH-R7", Kind.CAMERA: "MoH-c",
                   Kind.DESTINATION: "MoH-R11", Kind.ZOMBIE_DROP: "MoH-R15",
                   Kind.MOVE: "MoH-e", Kind.OVER: "MoH-end", Kind.DEAL: "MoH-setup",
                   Kind.PLACE_ROLL: "MoH-setup-characters",
                   Kind.ZOMBIES0: "MoH-setup-zombies", Kind.TRUCK_DRAW: "MoH-R9",
                   Kind.TIEBREAK: "MoH-R8", Kind.ARRIVAL_ROLL: "MoH-c"}


class MallOfHorrorRules:
    """The :class:`~boardlab.core.engine.Rules` of Mall of Horror."""

    name = "mall-of-horror"
    book = BOOK
    setup_type = Setup
    state_type = State
    choice_types = CHOICE_TYPES

    # -- nodes -------------------------------------------------------------------------
    def initial(self, setup: Setup) -> State:
        """Seats, the deck, the first player with the Chief badge (MoH Setup)."""
        colours = setup.colours
        return State(setup=setup, round=0, phase=Phase.SETUP, chars=(), eaten=(),
                     zombies=(0,) * 6, sealed=(), hands=((),) * len(colours),
                     deck=setup.config.deck(), bottom=(), discard=(0,) * len(CARDS),
                     chief=colours[0], chief_elected=False, roll=(), lookers=(),
                     destinations=(), hardware=(0,) * 6, hidden=(), eliminated=(),
                     pending=Pending(Kind.DEAL, order=colours))

    def to_move(self, state: State) -> str | None:
        p = state[PENDING]
        entry = _NODE.get(p[0])
        if entry is None:
            return None  # the end
        who = entry[0]
        if who is _IN_TURN:  # the player whose turn it is in the pending order
            return p[3][p[4]]  # type: ignore[no-any-return]
        if who == _CHOSEN:
            return p.chosen
        if who == _PLACER:
            colours = state.setup.colours
            return colours[p.n % len(colours)]
        return who  # type: ignore[no-any-return]  # CHANCE

    def outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        p = state[PENDING]
        entry = _NODE.get(p[0])
        if entry is None or entry[0] != CHANCE:
            return ()
        return entry[1](state, p)  # type: ignore[no-any-return]

    def legal(self, state: State) -> tuple[Any, ...]:
        """The legal choices, read from ``state`` without copying it (shared objects)."""
        p = state[PENDING]
        entry = _NODE.get(p[0])
        if entry is None or entry[0] == CHANCE:
            return ()
        return entry[1](state, p)  # type: ignore[no-any-return]

    def node(self, state: State) -> tuple[str | None, tuple[Any, ...], Any]:
        """``(to_move, legal choices or chance outcomes, step)`` in one look at the state.

        The fast path of bulk play (:meth:`boardlab.core.engine.Match._play`): the same
        answers as :meth:`to_move`, :meth:`legal` / :meth:`outcomes` and :meth:`step`
        (the conformance check compares them), found with one dispatch on the pending
        kind instead of three.
        """
        p = state[PENDING]
        entry = _NODE.get(p[0])
        if entry is None:
            return None, (), None
        who, options, apply = entry
        if who is _IN_TURN:
            mover = p[3][p[4]]
        elif who == _CHOSEN:
            mover = p[12]
        elif who == _PLACER:
            colours = tables.table(state[0]).colours
            mover = colours[p[5] % len(colours)]
        else:
            mover = who  # CHANCE
        return mover, options(state, p), apply

    def step(self, state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal choice or outcome (unchecked: :class:`Match` checks legality)."""
        step = _STEP.get(state.pending.kind)
        if step is None:
            raise IllegalAction("the match is over", rule=BOOK["MoH-end"])
        return step(state, choice)

    def decision_rule(self, state: State) -> RuleRef:
        p = state.pending
        rule_id = _DECISION_RULES[p.kind]
        if p.kind == Kind.WINDOW and p.purpose in (Purpose.TRUCK, Purpose.CHIEF):
            rule_id = "MoH-voting-threat"
        elif p.kind == Kind.BALLOT and p.second:
            rule_id = "MoH-R8"
        return BOOK[rule_id]

    # -- views and checks ----------------------------------------------------------------
    def observe(self, state: State, player: str) -> Any:
        from boardlab.mall_of_horror.observe import observe

        return observe(state, player)

    def scores(self, state: State) -> dict[str, int]:
        """Points of each colour's living characters (MoH End of Game)."""
        return _scores(state.setup.colours, state.chars)

    def invariants(self, state: State) -> list[str]:
        from boardlab.mall_of_horror.invariants import invariants

        return invariants(state)


RULES = MallOfHorrorRules()
