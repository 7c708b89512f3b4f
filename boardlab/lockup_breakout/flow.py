"""The frame of the game: setup, rounds, Roll Call, the LIBRARY and the Patrol phase.

Automatic frames (``K.GAME``, ``K.ROUND``, ``K.LIBRARY``, ``K.PATROL``) advance by
stages; decisions and chance outcomes are applied by the ``apply_*`` functions, which
leave the stack ready for :meth:`~.work.Work.run`.

>>> from boardlab import lockup_breakout as lb
>>> m = lb.new_match(2, seed=1)
>>> while m.state.phase != "rollcall":
...     _ = m.roll()
>>> m.to_move, m.legal()[0]
('red', Assign(token='1', location=1, face_down=False))
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from boardlab.core.events import Event
from boardlab.lockup_breakout.choices import Assign, Draw, DrawMany, Tunnels
from boardlab.lockup_breakout.config import (
    GOON_LOCATIONS,
    LEGEND,
    LIBRARY,
    ROUNDS,
    SEEKER,
    TUNNEL_KINDS,
    Config,
    Setup,
)
from boardlab.lockup_breakout.events import (
    ASSIGN,
    ASSIGN_DOWN,
    GOON_ARRIVES,
    LEGEND_TOKEN,
    LEGEND_UP,
    tome_draw,
)
from boardlab.lockup_breakout.flow_shared import (
    _FIRST_GOON_DRAW,
    _PATROL_FRAMES,
    _ROUND_FRAMES,
    _SETUP_GOON_DRAWS,
    DISPLAY_FILLED,
    GOON_DISCARDED,
    GOON_GAP,
    GOON_MOVES,
    LEGEND_BOTTOM,
    LIBRARY_RESOLVES,
    LIGHTS_OUT,
    MARKER_KEPT,
    MARKER_PASSED,
    NO_PATROL,
    PUBLIC_GOALS,
    ROUND_BEGINS,
    SETUP_CATACOMBS,
    SETUP_DECKS,
    SETUP_GUARD_DECK,
    SETUP_LANTERNS,
    SETUP_LOOT,
    SETUP_SEEKERS,
    SOLO_PATROL,
    TUNNELS_UP,
    _items_draw_frame,
    _legend_draw_frame,
    _shared_frame,
    _tome_draw_frame,
)
from boardlab.lockup_breakout.state import AT_CREWS as _CREWS
from boardlab.lockup_breakout.state import AT_FACE_DOWN as _FACE_DOWN
from boardlab.lockup_breakout.state import AT_FIRST as _FIRST
from boardlab.lockup_breakout.state import AT_HANDS as _HANDS
from boardlab.lockup_breakout.state import AT_PHASE as _PHASE
from boardlab.lockup_breakout.state import AT_ROUND as _ROUND
from boardlab.lockup_breakout.state import AT_STACK as _STACK
from boardlab.lockup_breakout.state import Frame, K, State
from boardlab.lockup_breakout.work import Work, seat_order, setup_info


# -- the game -----------------------------------------------------------------------------
def game(w: Work, f: Frame) -> None:
    """Setup draws, then six rounds, then final scoring (LB-setup …, LB-end)."""
    stage = f.stage
    if stage == 1:
        w.set_top(f.staged(2))
        reveal_legend(w, "LB-setup-legend")
    elif stage == 2:
        w.set_top(f.staged(3))
        if w.cfg.goals_drawn:
            w.push(_shared_frame(K.GOALS_DRAW, "", 0, w.cfg.goals_drawn, 0, 0, 0, (), (), ""))
    elif stage == 3:
        w.set_top(f.staged(4))
        n = min(w.cfg.display_size, sum(w.item_deck))
        if n:
            w.push(_items_draw_frame(n))
    elif stage == 4:
        w.set_top(f.staged(5))
        w.push(*_SETUP_GOON_DRAWS)
    elif stage == 5:
        w.set_top(f.staged(6))
        w.round = 1
        w.push(_ROUND_FRAMES[0])
    elif stage == 6:
        if w.round < ROUNDS:
            w.round += 1
            w.push(_ROUND_FRAMES[0])
        else:
            w.set_top(f.staged(7))
            w.push(Frame(K.FINAL))
    else:
        w.phase = "over"
        w.set_top(Frame(K.OVER))


def apply_tunnels(w: Work, choice: Tunnels) -> None:
    """The expansion's setup steps, then the tunnel layout turned up (LB-setup-*)."""
    w.stack = w.stack[:-1]
    solo = w.setup.players == 1
    events, round_, phase = w.events, w.round, w.phase
    events.append(_new_tuple(Event, (SETUP_DECKS, None, round_, phase, ())))
    events.append(_new_tuple(Event, (SETUP_CATACOMBS, None, round_, phase, ())))
    events.append(_new_tuple(Event, (SETUP_LANTERNS[solo], None, round_, phase, ())))
    h = w.setup.stack_height
    events.append(_new_tuple(Event, (SETUP_LOOT[solo], None, round_, phase, (),
                                     len(w.stacks), h)))
    events.append(_new_tuple(Event, (SETUP_SEEKERS, None, round_, phase, ())))
    if solo:
        events.append(_new_tuple(Event, (SETUP_GUARD_DECK, None, round_, phase, (),
                                         w.setup.difficulty)))
    layout = choice.layout
    w.tunnels = tuple("" if k == TUNNEL_KINDS[0] else k for k in layout)
    events.append(_new_tuple(Event, (TUNNELS_UP[solo], None, round_, phase, (), layout)))


def reveal_legend(w: Work, rule_id: str) -> None:
    """Turn up the next legend card: a chance draw, or the known card under the deck."""
    if sum(w.legend_deck):
        w.stack = (*w.stack, _legend_draw_frame(rule_id))
        return
    card, w.legend_bottom = w.legend_bottom[0], w.legend_bottom[1:]
    w.legend = card
    w.emit("legend", f"The legend deck has gone round: {card} is the active legend again",
           rule_id, card=card)


def apply_legend_draw(w: Work, choice: Draw) -> None:
    f = w.pop()
    w.legend = choice.card
    deck = list(w.legend_deck)
    deck[w.t.legend_index[choice.card]] -= 1
    w.legend_deck = tuple(deck)
    w.emit_t(LEGEND_UP[f.src], None, choice.card)


def apply_goals_draw(w: Work, choice: DrawMany) -> None:
    w.pop()
    deck = list(w.goal_deck)
    for g in choice.cards:
        deck[w.t.goal_names.index(g)] -= 1
    w.goal_deck = tuple(deck)
    w.goals = choice.cards
    w.events.append(_new_tuple(Event, (PUBLIC_GOALS, None, w.round, w.phase, (),
                                       choice.cards)))


def apply_items_draw(w: Work, choice: DrawMany) -> None:
    w.stack = w.stack[:-1]
    cards = choice.cards
    deck = list(w.item_deck)
    index = w.t.item_index
    for name in cards:
        deck[index[name]] -= 1
    w.item_deck = tuple(deck)
    w.display = tuple(sorted((*w.display, *cards)))
    w.events.append(_new_tuple(Event, (DISPLAY_FILLED, None, w.round, w.phase, (), cards)))


def apply_goon_draw(w: Work, choice: Draw) -> None:
    f = w.pop()
    deck = list(w.goon_deck)
    deck[w.t.goon_index[choice.card]] -= 1
    w.goon_deck = tuple(deck)
    spaces = list(w.goon_spaces)
    spaces[f.loc - 2] = choice.card
    w.goon_spaces = tuple(spaces)
    w.emit_t(GOON_ARRIVES, None, f.loc, choice.card)


def refill_goon_deck(w: Work) -> bool:
    """Make a goon draw possible: shuffle the discard pile in if the deck is empty (LB-R42)."""
    if sum(w.goon_deck):
        return True
    if not sum(w.goon_discard):
        w.emit("goon", "The goon deck and its discard pile are empty: the goon space stays "
               "empty", "LB-R42")
        return False
    w.goon_deck, w.goon_discard = w.goon_discard, (0,) * len(w.goon_discard)
    w.emit("goon", "The goon deck is empty: its discard pile is shuffled to form a new one",
           "LB-R42")
    return True


def start_tome_draw(w: Work, who: str, rule_id: str) -> bool:
    """Push a tome draw for ``who`` (shuffling the discards in if needed, LB-R42)."""
    if not sum(w.tome_deck):
        if not sum(w.tome_discard):
            w.emit("tome", f"No tome is left to draw for {who}", "LB-R42", who)
            return False
        w.tome_deck, w.tome_discard = w.tome_discard, (0,) * len(w.tome_discard)
        w.emit("tome", "The tome deck is empty: the played tomes are shuffled into a new "
               "deck", "LB-R42")
    w.stack = (*w.stack, _tome_draw_frame(who, rule_id))
    return True


def tome_available(w: Work) -> bool:
    return bool(sum(w.tome_deck) or sum(w.tome_discard))


def apply_tome_draw(w: Work, choice: Draw) -> None:
    stack = w.stack
    f = stack[-1]
    w.stack = stack[:-1]
    who, card = f[1], choice.card
    deck = list(w.tome_deck)
    deck[w.t.tome_index[card]] -= 1
    w.tome_deck = tuple(deck)
    tomes = list(w.tomes)
    i = w.si[who]
    tomes[i] = tuple(sorted((*tomes[i], card)))
    w.tomes = tuple(tomes)
    w.events.append(_new_tuple(Event, (tome_draw(f[9]), who, w.round, w.phase, (who,), card)))


#: Frames every round pushes (immutable, so shared).
_LOCATION_FRAMES = tuple(Frame(K.LOCATION, loc=loc) for loc in range(8))
_LIBRARY_FRAME = Frame(K.LIBRARY)
_LEGEND_FRAME = Frame(K.LEGEND)


# -- a round ----------------------------------------------------------------------------------
def round_(w: Work, f: Frame) -> None:
    """Roll Call, locations 1–7, the LIBRARY, the legend card, Patrol (LB-flow)."""
    stage = f[4]
    # The round frame pushed by game() is a shared one at each stage; any other (a
    # position loaded from JSON) is copied at its next stage.
    nxt = _ROUND_FRAMES[stage + 1] if stage < 11 and f is _ROUND_FRAMES[stage] else None
    if stage == 0:
        w.set_top(nxt or f.staged(1))
        begin_rollcall(w)
    elif stage <= 7:
        if stage == 1:
            w.phase = "lightsout"
            w.events.append(_new_tuple(Event, (LIGHTS_OUT, None, w.round, "lightsout", ())))
        w.stack = (*w.stack[:-1], nxt or f.staged(stage + 1), _LOCATION_FRAMES[stage])
    elif stage == 8:
        w.stack = (*w.stack[:-1], nxt or f.staged(9), _LIBRARY_FRAME)
    elif stage == 9:
        w.stack = (*w.stack[:-1], nxt or f.staged(10), _LEGEND_FRAME)
    elif stage == 10:
        if w.round < ROUNDS:
            w.phase = "patrol"
            w.stack = (*w.stack[:-1], nxt or f.staged(11), _PATROL_FRAMES[0])
        else:
            w.set_top(nxt or f.staged(11))
            w.events.append(_new_tuple(Event, (NO_PATROL, None, w.round, w.phase, ())))
    else:
        w.stack = w.stack[:-1]


def begin_rollcall(w: Work) -> None:
    w.phase = "rollcall"
    w.face_down = (0,) * len(w.face_down)
    w.events.append(_new_tuple(Event, (ROUND_BEGINS, None, w.round, w.phase, (), w.first,
                                       w.round)))
    if w.setup.players == 1:
        w.guard_cards = ("",) * 8
        w.emit("guards_deal", "The guard deck is shuffled: a face-down guard card on each of "
               "locations 1–7 and an eighth on the legend card", "LB-solo-rollcall")
    w.push(Frame(K.ASSIGN))
    next_assigner(w, seat_order(w.players, w.first), 0)


def next_assigner(w: Work, order: tuple[str, ...], start: int) -> None:
    """Give the turn to the next player (from ``order[start]``) with tokens to assign.

    A player down to one token passes on their turn and puts it face down on the
    legend (LB-rollcall-pass, LB-rollcall-legend-only); the ``K.ASSIGN`` frame on top is
    replaced by the next turn, or popped when everyone has passed.
    """
    n = len(order)
    for k in range(n):
        p = order[(start + k) % n]
        hand = w.hands[w.si[p]]
        if len(hand) > 1:
            w.stack = (*w.stack[:-1], _assign_frame(p))
            return
        if len(hand) == 1:
            token = hand[0]
            w.set_side("hands", p, ())
            w.set_crew(LEGEND, tuple(sorted((*w.crews[LEGEND], (p, token, True)))))
            w.emit_t(LEGEND_TOKEN, p, token, visible_to=(p,))
    w.pop()


def apply_assign(w: Work, choice: Assign) -> None:
    who = w.top.who
    i = w.si[who]
    hand = list(w.hands[i])
    hand.remove(choice.token)
    w.set_side("hands", who, tuple(hand))
    loc = choice.location
    w.set_crew(loc, tuple(sorted((*w.crews[loc], (who, choice.token, choice.face_down)))))
    if choice.face_down:
        fd = list(w.face_down)
        fd[i] += 1
        w.face_down = tuple(fd)
    w.events.append(assign_event(w.cfg, w.round, w.phase, who, choice))
    order = seat_order(w.players, w.first)
    next_assigner(w, order, order.index(who) + 1)


def assign_event(cfg: Config, round_: int, phase: str, who: str, choice: Assign) -> Event:
    """The event of one roll-call assignment (face-down identities for the owner only)."""
    loc = choice.location
    name = cfg.locations[loc - 1].name
    if choice.face_down:
        return _new_tuple(Event, (ASSIGN_DOWN, who, round_, phase, (who,), loc, True,
                                  choice.token, name))
    template = ASSIGN["LB-rollcall-seeker" if choice.token == SEEKER else "LB-R7"]
    return _new_tuple(Event, (template, who, round_, phase, (), loc, choice.token, False,
                              name))


_new_tuple = tuple.__new__


def assign_step(by_worker: Callable[[State, Assign], Any]
                ) -> Callable[[State, Assign], Any]:
    """The roll-call assignment's step: straight on the state, without the worker (the
    most frequent step of a match), or ``by_worker(state, choice)`` when the next turn
    is a forced pass or the end of roll call, which the worker handles
    (:func:`apply_assign`)."""
    def step(state: State, choice: Assign) -> Any:
        setup, first = state[0], state[_FIRST]
        last = _LAST_TURNS[0]      # one tuple, replaced whole
        if last[0] is not setup or last[1] != first:
            last = _LAST_TURNS[0] = (setup, first, _turns(setup, first))
        stack = state[_STACK]
        who = stack[-1][1]
        i, j, frame, names = last[2][who]
        hands = state[_HANDS]
        if j == i or len(hands[j]) <= 1:
            return by_worker(state, choice)
        token, loc, down = choice.token, choice.location, choice.face_down
        fields: list[Any] = list(state)
        held = list(hands)
        hand = list(held[i])
        hand.remove(token)
        held[i] = tuple(hand)
        crews = list(fields[_CREWS])
        crew = list(crews[loc])
        insort(crew, (who, token, down))    # the crew stays sorted (equal entries are equal)
        crews[loc] = tuple(crew)
        if down:
            fd = list(fields[_FACE_DOWN])
            fd[i] += 1
            fields[_FACE_DOWN] = tuple(fd)
        fields[_HANDS], fields[_CREWS] = tuple(held), tuple(crews)
        fields[_STACK] = (*stack[:-1], frame)
        round_, phase = fields[_ROUND], fields[_PHASE]
        event: tuple[Any, ...]
        if down:
            event = (ASSIGN_DOWN, who, round_, phase, (who,), loc, True, token, names[loc])
        else:      # an event row (a plain tuple laid out as an Event, made one when read)
            event = (ASSIGN_SEEKER if token == SEEKER else ASSIGN_R7, who, round_, phase, (),
                     loc, token, False, names[loc])
        return _new_tuple(State, fields), (event,)
    return step


def _no_step(state: State, choice: Assign) -> None:
    return None


#: A roll-call assignment straight on the state, or ``None`` when the next turn is a
#: forced pass or the end of roll call (:func:`assign_step` without the worker).
assign_fast: Callable[[State, Assign], tuple[State, tuple[Any, ...]] | None] = \
    assign_step(_no_step)


def _turns(setup: Setup, first: str) -> dict[str, tuple[int, int, Frame, tuple[str, ...]]]:
    """Per player: their side index, the next player's, the next player's turn frame and
    the location names (what :func:`assign_fast` needs, per setup and first player;
    cached by players and first player for the setup's tables: every match makes a new
    setup, so the cache must not grow with them)."""
    _, t, si, players, _ = setup_info(setup)
    key = (players, first)
    hit = _TURNS.get(key)
    if hit is not None and hit[0] is t:
        return hit[1]
    nxt = _next_seat(players, first)
    turns = {p: (si[p], si[nxt[p]], _assign_frame(nxt[p]), t.loc_names) for p in players}
    if len(_TURNS) > 256:
        _TURNS.clear()
    _TURNS[key] = (t, turns)
    return turns


#: :func:`_turns` by players and first player, with the tables they were made for.
_TURNS: dict[tuple[tuple[str, ...], str], tuple[Any, dict[str, tuple[int, int, Frame,
                                                                     tuple[str, ...]]]]] = {}
#: The setup and first player of the last roll-call step, and their :func:`_turns`.
_LAST_TURNS: list[tuple[Any, str, dict[str, Any]]] = [(None, "", {})]


ASSIGN_R7, ASSIGN_SEEKER = ASSIGN["LB-R7"], ASSIGN["LB-rollcall-seeker"]
_NEXT_SEATS: dict[tuple[tuple[str, ...], str], dict[str, str]] = {}
_ASSIGN_FRAMES: dict[str, Frame] = {}


def _next_seat(players: tuple[str, ...], first: str) -> dict[str, str]:
    """Each player's clockwise neighbour in the seat order from ``first`` (cached)."""
    key = (players, first)
    nxt = _NEXT_SEATS.get(key)
    if nxt is None:
        order = seat_order(players, first)
        nxt = {p: order[(k + 1) % len(order)] for k, p in enumerate(order)}
        if len(_NEXT_SEATS) > 1024:
            _NEXT_SEATS.clear()
        _NEXT_SEATS[key] = nxt
    return nxt


def _assign_frame(who: str) -> Frame:
    """The shared roll-call turn frame of ``who`` (frames are immutable)."""
    frame = _ASSIGN_FRAMES.get(who)
    if frame is None:
        frame = Frame(K.ASSIGN, who)
        if len(_ASSIGN_FRAMES) > 256:
            _ASSIGN_FRAMES.clear()
        _ASSIGN_FRAMES[who] = frame
    return frame


# -- the LIBRARY --------------------------------------------------------------------------
def library(w: Work, f: Frame) -> None:
    """Each player with stragglers in the LIBRARY draws a tome, then all go home (LB-R8)."""
    if f[4] == 0:
        present = {c for c, _, _ in w.crews[LIBRARY]}
        order = tuple([c for c in w.order() if c in present])
        if not order:
            w.stack = w.stack[:-1]
            return
        w.events.append(_new_tuple(Event, (LIBRARY_RESOLVES, None, w.round, w.phase, (),
                                           order)))
        # f._replace(stage=1, order=order), positionally
        w.stack = (*w.stack[:-1], _new_tuple(Frame, (*f[:4], 1, f[5], f[6], order, *f[8:])))
        return
    i = f[6]
    if i < len(f[7]):
        who = f[7][i]
        if sum(w.tome_deck):      # start_tome_draw's usual case, in one new stack
            w.stack = (*w.stack[:-1], f.indexed(i + 1), _tome_draw_frame(who, "LB-R8"))
        else:
            w.set_top(f.indexed(i + 1))
            start_tome_draw(w, who, "LB-R8")
        return
    send_home(w, LIBRARY)
    w.stack = w.stack[:-1]


def send_home(w: Work, location: int,
              crew: tuple[tuple[str, str, bool], ...] | None = None) -> None:
    """Every token at ``location`` (or the given part of its ``crew``) returns to its
    owner's holding cell; the location is left empty."""
    by: dict[str, list[str]] = {}
    for c, tok, _ in w.crews[location] if crew is None else crew:
        if c in by:
            by[c].append(tok)
        else:
            by[c] = [tok]
    if by:
        hands = list(w.hands)
        si = w.si
        for c, toks in by.items():
            i = si[c]
            hands[i] = tuple(sorted((*hands[i], *toks)))
        w.hands = tuple(hands)
    w.set_crew(location, ())


# -- Patrol -------------------------------------------------------------------------------
def patrol(w: Work, f: Frame) -> None:
    """Goons move on, the display refills, the next legend card, the marker (LB-patrol)."""
    stage = f[4]
    # Patrol frames are shared per stage (any other, e.g. loaded from JSON, is copied).
    nxt = _PATROL_FRAMES[stage + 1] if stage < 3 and f is _PATROL_FRAMES[stage] else None
    if stage == 0:
        advance_goons(w)
        if refill_goon_deck(w):
            w.stack = (*w.stack[:-1], nxt or f.staged(1), _FIRST_GOON_DRAW)
        else:
            w.set_top(nxt or f.staged(1))
    elif stage == 1:
        size = w.cfg.display_size
        n = min(size - len(w.display), sum(w.item_deck))
        if n > 0:
            w.stack = (*w.stack[:-1], nxt or f.staged(2), _items_draw_frame(n))
        else:
            w.set_top(nxt or f.staged(2))
            if len(w.display) < size:
                w.emit("display", "The item deck is empty: the display keeps its gaps",
                       "LB-R42")
    elif stage == 2:
        w.set_top(nxt or f.staged(3))
        legend = w.legend
        w.legend_bottom = (*w.legend_bottom, legend)
        w.events.append(_new_tuple(Event, (LEGEND_BOTTOM, None, w.round, w.phase, (), legend)))
        w.legend = ""
        reveal_legend(w, "LB-patrol")
    else:
        events = w.events
        if w.setup.players == 1:
            events.append(_new_tuple(Event, (MARKER_KEPT, None, w.round, w.phase, (),
                                             w.first)))
            events.append(_new_tuple(Event, (SOLO_PATROL, None, w.round, w.phase, ())))
        else:
            w.first = seat_order(w.players, w.first)[1]
            events.append(_new_tuple(Event, (MARKER_PASSED, None, w.round, w.phase, (),
                                             w.first)))
        w.stack = w.stack[:-1]


def advance_goons(w: Work) -> None:
    """Each goon moves to the next goon space; the one on 6, Fungoids and remove-goon
    cards are discarded instead (LB-R11, LB-goon-fungoid, LB-icon-remove-goon, LB-R35)."""
    spaces = list(w.goon_spaces)
    discard = list(w.goon_discard)
    last = len(spaces) - 1
    goons, index = w.t.goons, w.t.goon_index
    events, round_, phase = w.events, w.round, w.phase
    first_loc = GOON_LOCATIONS[0]
    for idx in range(last, -1, -1):
        card = spaces[idx]
        if not card:
            continue
        loc = idx + first_loc
        g = goons[card]
        spaces[idx] = ""
        if g.kind == "fungoid":
            rule_id, why = "LB-goon-fungoid", "a Fungoid is discarded instead of moving on"
        elif g.remove:
            rule_id, why = "LB-icon-remove-goon", "its remove-goon icon discards it"
        elif idx == last:
            rule_id, why = "LB-R11", "it leaves the last goon space"
        else:
            spaces[idx + 1] = card
            events.append(_new_tuple(Event, (GOON_MOVES, None, round_, phase, (), card, loc,
                                             loc + 1)))
            continue
        discard[index[card]] += 1
        events.append(_new_tuple(Event, (GOON_DISCARDED[rule_id], None, round_, phase, (),
                                         card, loc, why)))
    w.goon_spaces = tuple(spaces)
    w.goon_discard = tuple(discard)
    empty = tuple([idx + first_loc for idx in range(1, len(spaces)) if not spaces[idx]])
    if empty:
        events.append(_new_tuple(Event, (GOON_GAP, None, round_, phase, (), empty)))


__all__ = ["apply_assign", "apply_goals_draw", "apply_goon_draw", "apply_items_draw",
           "apply_legend_draw", "apply_tome_draw", "apply_tunnels", "game", "library",
           "patrol", "refill_goon_deck", "reveal_legend", "round_", "send_home",
           "start_tome_draw", "tome_available"]
