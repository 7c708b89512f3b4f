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
(CHANCE, 'deal')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from operator import itemgetter
from typing import Any, Final

from boardlab.core.engine import CHANCE, ToMove
from boardlab.core.errors import IllegalAction
from boardlab.core.events import Event, EventRow, as_events
from boardlab.core.procedure import Node, Procedure
from boardlab.core.rules import RuleRef
from boardlab.mall_of_horror.choices import CHOICE_TYPES
from boardlab.mall_of_horror.config import CARDS, LOCATIONS, Setup
from boardlab.mall_of_horror.queries import scores as _scores
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.mall_of_horror.rules import (
    arrival_camera,
    attack_parking,
    destinations_moves,
    setup_placement,
    truck_votes,
)
from boardlab.mall_of_horror.rules.chance import (
    INITIAL_ZOMBIE_DICE,
    PLACEMENT_DICE,
    dice_outcomes,
    draw_outcomes,
)
from boardlab.mall_of_horror.rules.work import CARD_INDEX, PENDING, turns
from boardlab.mall_of_horror.rules.worker import Work, in_worker
from boardlab.mall_of_horror.state import (
    CHANCE_KINDS,
    PENDING_KINDS,
    Kind,
    Pending,
    Phase,
    Purpose,
    State,
)

__all__ = ["CARD_INDEX", "CHANCE_KINDS", "INITIAL_ZOMBIE_DICE", "PHASE_NAMES",
           "PLACEMENT_DICE", "PROCEDURE", "RULES", "MallOfHorrorRules", "dice_outcomes",
           "draw_outcomes", "open_vote", "preview_round", "start_phase"]

PHASE_NAMES = {Phase.SETUP: "Setup", Phase.A: "a) Search the Truck",
               Phase.B: "b) Elect the Chief", Phase.C: "c) Arrival of the Zombies",
               Phase.D: "d) Choose Destinations", Phase.E: "e) Move Characters",
               Phase.F: "f) Zombie Attack", Phase.OVER: "End of Game"}

# A step hands back its events as rows (plain tuples laid out as an Event: see
# boardlab.core.events.EventRow); ``step`` makes them Events, bulk play when read.
Step = Callable[[State, Any], tuple[State, tuple[EventRow, ...]]]
# Who moves at a node, besides CHANCE. ``node`` and ``to_move`` recognise these three by
# identity and read the player inline (the hot path); the table's generic methods call them.
def _in_turn(state: State, p: Pending) -> str:
    """The player whose turn it is in the pending order."""
    return p[3][p[4]]


def _chosen(state: State, p: Pending) -> str:
    """The colour chosen (a vote's winner picks a victim, a searcher splits the truck)."""
    return p[12]


def _placer(state: State, p: Pending) -> str:
    """The colour placing a character (colours in seat order, round after round)."""
    colours = state[0].colours
    return colours[p[5] % len(colours)]


_IN_TURN: Any = _in_turn
_CHOSEN: Any = _chosen
_PLACER: Any = _placer

#: The declared procedure table: per pending kind (``state.Kind``) who moves (the player
#: in turn in the pending order, the chosen colour, the colour placing, or CHANCE), what
#: is offered (legal choices or chance outcomes, read from the state without copying it),
#: the step and the rule of the decision. The end (``over``) has no node.
PROCEDURE: Final = Procedure(
    "mall-of-horror", BOOK, kinds=sorted(PENDING_KINDS), ends=(Kind.OVER,), end_rule="MoH-end",
    pending=itemgetter(PENDING), rules=("MoH-voting-threat", "MoH-R8"), nodes={
        Kind.BALLOT: Node(_IN_TURN, truck_votes.offer_ballot, Work.step_ballot, "MoH-R7"),
        Kind.DESTINATION: Node(_IN_TURN, destinations_moves.offer_destination,
                               Work.step_destination, "MoH-R11"),
        Kind.MOVE: Node(_IN_TURN, destinations_moves.offer_move, Work.step_move, "MoH-e"),
        Kind.WINDOW: Node(_IN_TURN, attack_parking.offer_window, Work.step_window,
                          "MoH-f-cards"),
        Kind.PLACE: Node(_PLACER, setup_placement.offer_place, setup_placement.step_place,
                         "MoH-setup-characters"),
        Kind.CAMERA: Node(_IN_TURN, arrival_camera.offer_camera, in_worker(Work.camera),
                          "MoH-c"),
        Kind.ZOMBIE_DROP: Node(_IN_TURN, destinations_moves.offer_zombie_drop,
                               in_worker(Work.zombie_drop), "MoH-R15"),
        Kind.PICK_VICTIM: Node(_CHOSEN, attack_parking.offer_victim,
                               in_worker(Work.pick_victim), "MoH-R7"),
        Kind.TRUCK_SPLIT: Node(_CHOSEN, truck_votes.offer_split, in_worker(Work.truck_split),
                               "MoH-R9"),
        Kind.DEAL: Node(CHANCE, setup_placement.offer_draw, setup_placement.step_deal,
                        "MoH-setup"),
        Kind.TRUCK_DRAW: Node(CHANCE, setup_placement.offer_draw, Work.step_truck_draw,
                              "MoH-R9"),
        Kind.PLACE_ROLL: Node(CHANCE, setup_placement.offer_placement_dice,
                              setup_placement.step_placement_roll, "MoH-setup-characters"),
        Kind.ZOMBIES0: Node(CHANCE, setup_placement.offer_zombie_dice,
                            in_worker(Work.initial_zombies), "MoH-setup-zombies"),
        Kind.ARRIVAL_ROLL: Node(CHANCE, arrival_camera.offer_arrival,
                                in_worker(Work.arrival_roll), "MoH-c"),
        Kind.UNSEEN_ROLL: Node(CHANCE, arrival_camera.offer_arrival,
                               in_worker(Work.unseen_roll), "MoH-R20"),
        Kind.TIEBREAK: Node(CHANCE, truck_votes.offer_tiebreak, in_worker(Work.tiebreak),
                            "MoH-R8"),
    })
_NODE = PROCEDURE.entries   # plain tuples: the hot paths read them
_last_initial: tuple[Any, Any] = (None, None)  # the setup asked last and its start
#: What ``step`` does for each pending kind.
_STEP: dict[str, Step] = {kind: entry[2] for kind, entry in _NODE.items()}


class MallOfHorrorRules:
    """The :class:`~boardlab.core.engine.Rules` of Mall of Horror."""

    name = "mall-of-horror"
    book = BOOK
    setup_type = Setup
    state_type = State
    choice_types = CHOICE_TYPES
    procedure = PROCEDURE

    # -- nodes -------------------------------------------------------------------------
    def initial(self, setup: Setup) -> State:
        """Seats, the deck, the first player with the Chief badge (MoH Setup).

        A pure function of the setup, and states are immutable: the start of the setup
        asked last is kept and handed out again (matches of one player count share one
        Setup object), since building it cost half as much as the match's seeding.
        """
        global _last_initial
        last = _last_initial
        if setup is last[0]:
            return last[1]
        colours = setup.colours
        state = State(setup=setup, round=0, phase=Phase.SETUP, chars=(), eaten=(),
                      zombies=(0,) * 6, sealed=(), hands=((),) * len(colours),
                      deck=setup.config.deck(), bottom=(), discard=(0,) * len(CARDS),
                      chief=colours[0], chief_elected=False, roll=(), lookers=(),
                      destinations=(), hardware=(0,) * 6, hidden=(), eliminated=(),
                      pending=turns(Kind.DEAL, colours))
        _last_initial = (setup, state)  # one assignment: a thread sees a matching pair
        return state

    def to_move(self, state: State) -> ToMove:
        p = state[PENDING]
        entry = _NODE.get(p[0])
        if entry is None:
            return None  # the end
        who = entry[0]
        if who is _IN_TURN:  # the player whose turn it is in the pending order
            return p[3][p[4]]
        if who is _CHOSEN:
            return p.chosen
        if who is _PLACER:
            colours = state.setup.colours
            return colours[p.n % len(colours)]
        return who  # CHANCE

    def outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        p = state[PENDING]
        entry = _NODE.get(p[0])
        if entry is None or entry[0] is not CHANCE:
            return ()
        return entry[1](state, p)

    def legal(self, state: State) -> tuple[Any, ...]:
        """The legal choices, read from ``state`` without copying it (shared objects)."""
        p = state[PENDING]
        entry = _NODE.get(p[0])
        if entry is None or entry[0] is CHANCE:
            return ()
        return entry[1](state, p)

    @staticmethod  # called once a ply by bulk play: a plain function costs less
    def node(state: State) -> tuple[ToMove, tuple[Any, ...], Any]:
        """``(to_move, legal choices or chance outcomes, step)`` in one look at the state.

        The fast path of bulk play (:meth:`boardlab.core.engine.Match._play`): the same
        answers as :meth:`to_move`, :meth:`legal` / :meth:`outcomes` and :meth:`step`
        (the conformance check compares them), found with one dispatch on the pending
        kind instead of three. Its step hands back event rows, which the match makes
        Events when they are read.
        """
        p = state[PENDING]
        try:
            who, options, apply, _ = _NODE[p[0]]
        except KeyError:  # the end, once a match: a dict subscript is cheaper than .get
            return None, (), None
        if who is _IN_TURN:
            return p[3][p[4]], options(state, p), apply
        if who is CHANCE:
            return CHANCE, options(state, p), apply
        if who is _CHOSEN:
            return p[12], options(state, p), apply
        colours = state[0].colours  # _PLACER
        return colours[p[5] % len(colours)], options(state, p), apply

    def step(self, state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal choice or outcome (unchecked: :class:`Match` checks legality)."""
        step = _STEP.get(state.pending.kind)
        if step is None:
            raise IllegalAction("the match is over", rule=BOOK["MoH-end"])
        after, rows = step(state, choice)
        return after, as_events(rows)

    def decision_rule(self, state: State) -> RuleRef:
        p = state.pending
        rule_id = PROCEDURE.rule_id(state)
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
        return _scores(state)

    def invariants(self, state: State) -> list[str]:
        from boardlab.mall_of_horror.invariants import invariants

        return invariants(state)


RULES = MallOfHorrorRules()

#: The procedure that opens each phase a position can start at (see ``position``).
_OPENING: dict[str, Callable[[Work], None]] = {
    Phase.A: Work.begin_a, Phase.B: Work.begin_b, Phase.C: Work.begin_c,
    Phase.D: Work.begin_d, Phase.E: Work.begin_e, Phase.F: Work.begin_f}


def start_phase(state: State, phase: str, *,
                destinations: tuple[tuple[str, int], ...] = ()) -> State:
    """``state`` after the procedure that opens ``phase`` (a to f) has run.

    What :func:`~boardlab.mall_of_horror.position.position` builds its positions with:
    the vote of phase a) or b) opens (or is skipped), phase c) waits for the dice, d)
    asks for destinations, e) reveals ``destinations`` (the ``(colour, location)``
    chosen in phase d), Chief first: MoH-R11), places the arrival roll and asks for
    zombie drops or moves, f) adds the extra zombies and starts the attacks. The caller
    checks ``destinations``; only phase e) takes them.

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={5: ["red pinup", "blue pinup"]}, phase="c")
    >>> start_phase(s, "b").pending.kind
    'ballot'
    """
    if phase not in _OPENING:
        raise ValueError(f"a position starts at phase a, b, c, d, e or f, not {phase!r}")
    if destinations and phase != Phase.E:
        raise ValueError("destinations are revealed in phase e) only (MoH-R11)")
    w = Work(state)
    if phase == Phase.E:
        w.destinations = destinations
    _OPENING[phase](w)
    return w.freeze()


def open_vote(state: State, purpose: str, location: int,
              threats: tuple[tuple[str, int], ...] = (), *,
              candidates: tuple[str, ...] | None = None) -> State:
    """``state`` waiting for the ballots of a vote at ``location`` (MoH Voting, MoH-R7).

    ``threats`` are the Threat cards already played, ``(colour, count)`` sorted by
    colour; the phase is the vote's own (a for the truck, b for the Chief, f else);
    ``candidates`` are who may be chosen (default: the colours voting there).

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={6: ["red pinup", "red gunman", "blue pinup"]}, phase="c")
    >>> open_vote(s, "sacrifice", 6).pending.weights
    (('red', 3), ('blue', 1))
    """
    w = Work(state)
    w.phase = {Purpose.TRUCK: Phase.A, Purpose.CHIEF: Phase.B}.get(purpose, Phase.F)
    w.open_ballots(purpose, location, threats, candidates)
    return w.freeze()


def preview_round(state: State, faces: tuple[int, ...]) -> tuple[int, ...]:
    """The locations that fall if these arrival dice land and no one moves or plays a card.

    The engine's own steps of phases e) and f): dice placed (closed and sealed
    locations ignored), empty overrun locations sealed, the extra zombies, then the
    attack check (:func:`~boardlab.mall_of_horror.queries.under_attack`).

    >>> from boardlab.mall_of_horror.position import position
    >>> s = position(characters={6: ["red pinup"], 3: ["blue pinup", "blue gunman"]},
    ...              phase="c")
    >>> preview_round(s, (6, 3, 3, 1))  # 3 also draws the crowd's extra zombie
    (3, 6)
    """
    for face in faces:
        if face not in LOCATIONS:
            raise ValueError(f"a die shows 1–6, not {face!r}")
    return Work(state).preview_round(faces)
