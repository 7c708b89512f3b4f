"""What a procedure in progress may look like: the frame stack of a Breakout state.

A state's ``stack`` (:class:`~.state.Frame`, innermost last) is the procedure the rules
are in: the game at the bottom, a round on it, a location or the legend card resolving,
an advance in the catacombs, and on top the decision or chance node the match waits
for. Only some stacks can arise: each frame has the parents its procedure is started
from (a reward offer sits on a location comparing crews or on the legend card, a step
on an advance), an automatic frame waits only at the stages where its procedure hands
over, the phase and the round follow from the game's and the round's stages, and the
frame on top carries the data its decision or draw needs (the offered reward is the
location's next one, the goon space a draw fills is empty, a tome window's player holds
a tome). :func:`check_pending` reports, naming the frame (``stack[3].loc: …``), every
way a stack breaks those rules, so that a position loaded from a file never hands the
engine a procedure it cannot run.

>>> from boardlab.lockup_breakout import position
>>> from boardlab.lockup_breakout.invariants import invariants
>>> s = position(players=2)
>>> invariants(s._replace(round=0))
["round: 0 in phase 'rollcall'; round 0 is the setup's only (LB-objective)"]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from boardlab.core.errors import show_value
from boardlab.lockup_breakout.catacombs import ESCAPED, TOMB
from boardlab.lockup_breakout.config import (
    GOON_LOCATIONS,
    GUARDS,
    LEGEND,
    REWARD_KINDS,
    ROUNDS,
    SHAPESHIFTER_DRAW,
)
from boardlab.lockup_breakout.limits import LIMITS
from boardlab.lockup_breakout.state import AUTO_KINDS, CHANCE_KINDS, DECISION_KINDS, K, State
from boardlab.lockup_breakout.work import Tables

__all__ = ["CHILDREN", "SOURCES", "WAITS", "check_pending"]

#: Stages at which an automatic frame waits for the frame above it (at any other stage
#: its procedure runs on in the same step: a location's reveal, comparison and tunnel).
WAITS: Final = {
    K.GAME: frozenset(range(1, 8)), K.ROUND: frozenset(range(1, 12)),
    K.LOCATION: frozenset({1, 3, 5}), K.LEGEND: frozenset({1, 3, 4}),
    K.LIBRARY: frozenset({1}), K.PATROL: frozenset({1, 2, 3}), K.FINAL: frozenset({2}),
    K.ADVANCE: frozenset({0, 1}), K.SHAPE: frozenset({0}),
}

_AT_LOCATION_REWARDS = frozenset({K.REWARD, K.ADVANCE, K.RESERVE, K.IMPROVE, K.SHAPE,
                                  K.TOME_DRAW})
#: (parent kind, parent stage) → the kinds that may wait on it.
CHILDREN: Final = {
    (K.GAME, 1): frozenset({K.TUNNELS}), (K.GAME, 2): frozenset({K.LEGEND_DRAW}),
    (K.GAME, 3): frozenset({K.GOALS_DRAW}), (K.GAME, 4): frozenset({K.ITEMS_DRAW}),
    (K.GAME, 5): frozenset({K.GOON_DRAW}), (K.GAME, 6): frozenset({K.ROUND}),
    (K.GAME, 7): frozenset({K.FINAL}),
    (K.ROUND, 1): frozenset({K.ASSIGN}),
    **{(K.ROUND, stage): frozenset({K.LOCATION}) for stage in range(2, 9)},
    (K.ROUND, 9): frozenset({K.LIBRARY}), (K.ROUND, 10): frozenset({K.LEGEND}),
    (K.ROUND, 11): frozenset({K.PATROL}),
    (K.LOCATION, 1): frozenset({K.TOME, K.GUARD_CARD}),
    (K.LOCATION, 3): _AT_LOCATION_REWARDS,          # rewards, a craft's icons, a recruit
    (K.LOCATION, 5): frozenset({K.ADVANCE}),        # the tunnel (LB-tunnel-*)
    (K.LEGEND, 1): frozenset({K.TOME, K.GUARD_CARD}),
    (K.LEGEND, 3): frozenset({K.REWARD, K.ADVANCE, K.TOME_DRAW}),
    (K.LEGEND, 4): frozenset({K.PENALTY}),
    (K.LIBRARY, 1): frozenset({K.TOME_DRAW}),
    (K.PATROL, 1): frozenset({K.GOON_DRAW}), (K.PATROL, 2): frozenset({K.ITEMS_DRAW}),
    (K.PATROL, 3): frozenset({K.LEGEND_DRAW}),
    (K.FINAL, 2): frozenset({K.GOLEM, K.WILD}),
    (K.GOLEM, 0): frozenset({K.GOLEM, K.WILD}), (K.WILD, 0): frozenset({K.GOLEM, K.WILD}),
    (K.GOON_DRAW, 0): frozenset({K.GOON_DRAW}),     # the setup's five draws (LB-R11)
    (K.SHAPE, 0): frozenset({K.SHAPE_DRAW, K.KEEP}),
    # Not moved yet: its first step, a craft's other icons, the player's tunnel advance
    # on the guards' (the player moves first, LB-R25).
    (K.ADVANCE, 0): frozenset({K.STEP, K.RESERVE, K.IMPROVE, K.ADVANCE}),
    # Moved: the next step, the loot of the space entered and what a loot token does.
    (K.ADVANCE, 1): frozenset({K.STEP, K.LOOT, K.LOOT_LOOK, K.GUARD_LOOT, K.RESERVE,
                               K.TOME_DRAW, K.SHAPE}),
    (K.RESERVE, 0): frozenset({K.IMPROVE}),          # a craft's icons (LB-icon-*)
}

_ADVANCE_SOURCES = frozenset({"LB-tunnel-type", "LB-solo-tunnel-guards", "LB-icon-advance",
                              "LB-legend-effect", "LB-advance", "LB-R33", "LB-R17"})
#: Kind → the rule ids (or reward kinds) its ``src`` may hold; any other kind has none.
SOURCES: Final = {
    K.ADVANCE: _ADVANCE_SOURCES, K.STEP: _ADVANCE_SOURCES,
    K.LEGEND_DRAW: frozenset({"LB-setup-legend", "LB-patrol"}),
    K.RESERVE: frozenset({"LB-icon-reserve", "LB-R17"}),
    K.REWARD: frozenset(k for k in REWARD_KINDS if k != "advance"),
    K.SHAPE_DRAW: frozenset({"LB-goon-shapeshifter", "LB-R22"}),
    K.TOME: frozenset({"LB-R13", "LB-legend-tomes"}),
    K.TOME_DRAW: frozenset({"LB-R8", "LB-R17", "LB-legend-effect"}),
}

Check = Callable[[State, Tables, int, list[str]], None]


def check_pending(state: State, t: Tables, problems: list[str]) -> None:
    """Every way ``state``'s procedure stack breaks the rules of :data:`CHILDREN`, the
    phase and round it implies, and the data of each waiting frame (the module docstring);
    ``state``'s fields are already known to be of their types, sizes and names."""
    stack = state.stack
    if any(f.kind == K.OVER for f in stack):
        if len(stack) != 1:
            problems.append("stack: a finished match waits for nothing else (LB-end)")
        elif state.phase != "over":
            problems.append(f"phase: {state.phase!r}, but the match is over (LB-end)")
        return
    if state.phase == "over":
        problems.append("phase: 'over' while the match waits for "
                        f"{stack[-1].kind} (LB-end)")
        return
    if not _shape(state, problems):
        return
    _phase(state, problems)
    if problems:
        return
    for i, f in enumerate(stack):
        _common(state, i, problems)
        check = _CHECKS.get(f.kind)
        if check is not None and not problems:
            check(state, t, i, problems)
        if problems:
            return


def _a(kind: str) -> str:
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def _shape(state: State, problems: list[str]) -> bool:
    """The kinds, stages and parents of the frames, the top a decision or chance node."""
    stack = state.stack
    for i, f in enumerate(stack):
        where = f"stack[{i}]"
        if f.kind not in WAITS and f.kind not in DECISION_KINDS | CHANCE_KINDS:
            problems.append(f"{where}.kind: unknown frame kind {show_value(f.kind)}")
            return False
        if i == 0:
            if f.kind != K.GAME:
                problems.append(f"{where}.kind: the game's own frame is at the bottom of the "
                                f"stack, not {f.kind}")
                return False
        else:
            parent = stack[i - 1]
            allowed = CHILDREN.get((parent.kind, parent.stage), frozenset())
            if f.kind not in allowed:
                problems.append(f"{where}.kind: {_a(f.kind)} cannot wait on "
                                f"{_a(parent.kind)} at stage {parent.stage}" + (
                                    f" (there: {', '.join(sorted(allowed))})" if allowed
                                    else ""))
                return False
        if f.kind in AUTO_KINDS:
            if f.stage not in WAITS[f.kind]:
                problems.append(f"{where}.stage: {_a(f.kind)} never waits at stage "
                                f"{show_value(f.stage)} (it waits at "
                                f"{', '.join(map(str, sorted(WAITS[f.kind])))})")
                return False
        elif f.stage:
            problems.append(f"{where}.stage: {_a(f.kind)} has no stages, got {show_value(f.stage)}")
            return False
    top = stack[-1]
    if top.kind in AUTO_KINDS:
        problems.append(f"stack[{len(stack) - 1}]: an automatic step ({top.kind}) waits on top "
                        "of the stack; a position waits for a decision or a chance node")
        return False
    if top.kind in DECISION_KINDS and top.who not in state.setup.colours:
        problems.append(f"stack[{len(stack) - 1}].who: decision {top.kind} for "
                        f"{show_value(top.who)}, who is not a player"
                        + (" (the guards never decide)" if top.who == GUARDS else ""))
        return False
    return True


def _phase(state: State, problems: list[str]) -> None:
    """The phase and round the game's and the round's stages imply (LB-flow)."""
    stack = state.stack
    game = stack[0].stage
    if game <= 5:
        phase = "setup"
    elif game == 7:
        phase = "final"
    else:
        phase = {1: "rollcall", 11: "patrol"}.get(stack[1].stage, "lightsout")
    if state.phase != phase:
        problems.append(f"phase: {show_value(state.phase)}, but the procedure in progress is "
                        f"{phase}'s ({' > '.join(f.kind for f in stack)}) (LB-flow)")
        return
    if (state.round == 0) != (phase == "setup"):
        problems.append(f"round: {state.round} in phase {phase!r}; round 0 is the setup's "
                        "only (LB-objective)")
    elif phase == "patrol" and state.round == ROUNDS:
        problems.append(f"round: no Patrol in round {ROUNDS} (LB-R40)")
    elif phase == "rollcall" and any(r >= state.round for _, r in state.escaped):
        problems.append("escaped: an escape in this round before its Lights Out (LB-escape)")
    if (game >= 2) != bool(state.tunnels):
        problems.append("tunnels: the tunnel layout is turned up at the end of the setup's "
                        "first step, and only then (LB-setup-tunnels)")
    if phase == "setup" and any(state.crews):
        problems.append("crews: no crew token is out during the setup")
    needs_legend = phase != "setup" or game >= 3
    waits_legend = stack[-1].kind == K.LEGEND_DRAW
    if needs_legend and not state.legend and not waits_legend:
        problems.append("legend: no active legend card (LB-setup-legend)")
    if state.legend and waits_legend:
        problems.append("legend: a legend card is drawn while another is active (LB-patrol)")


def _common(state: State, i: int, problems: list[str]) -> None:
    """Bounds every frame keeps, whatever its kind."""
    f = state.stack[i]
    where = f"stack[{i}]"
    sides = state.setup.sides
    if f.who and f.who not in sides:
        problems.append(f"{where}.who: {show_value(f.who)} is not a side of this match")
    elif f.who == GUARDS and f.kind in DECISION_KINDS:
        problems.append(f"{where}.who: the guards never decide ({f.kind})")
    for name in ("loc", "n", "extra", "index"):
        value = getattr(f, name)
        if not 0 <= value <= LIMITS.number:
            problems.append(f"{where}.{name}: {show_value(value)} (0 to {LIMITS.number:,})")
            return
    if any(side not in sides for side in f.order) or len(set(f.order)) != len(f.order):
        problems.append(f"{where}.order: {show_value(f.order)} is not an order of different "
                        f"sides of this match")
    if len(f.cards) > SHAPESHIFTER_DRAW:
        problems.append(f"{where}.cards: {len(f.cards):,} cards; a frame holds at most "
                        f"{SHAPESHIFTER_DRAW}")
    sources = SOURCES.get(f.kind, frozenset({""}))
    if f.src not in sources:
        problems.append(f"{where}.src: {show_value(f.src)}; {_a(f.kind)} holds "
                        + ", ".join(repr(s) for s in sorted(sources)))


# -- frames, kind by kind ------------------------------------------------------------------------
def _fail(problems: list[str], i: int, field: str, problem: str) -> None:
    problems.append(f"stack[{i}]{'.' + field if field else ''}: {problem}")


def _side_index(state: State, who: str) -> int:
    return state.setup.sides.index(who)


def _round(state: State, t: Tables, i: int, problems: list[str]) -> None:
    if i != 1:
        _fail(problems, i, "kind", "the round sits on the game's frame only")


def _location(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    if f.loc != parent.stage - 1:
        _fail(problems, i, "loc", f"round stage {parent.stage} resolves location "
                                  f"{parent.stage - 1}, not {show_value(f.loc)} (LB-lightsout)")
    elif f.stage == 1 and (f.order or f.index > len(state.setup.sides)):
        _fail(problems, i, "index", "a tome window's turn is one of the sides present")
    elif f.stage == 3 and f.index > len(t.rewards[f.loc]):
        _fail(problems, i, "index", f"location {f.loc} has {len(t.rewards[f.loc])} rewards "
                                    f"(LB-R8), not {f.index}")
    elif f.stage == 5 and not state.tunnels[f.loc - 1]:
        _fail(problems, i, "stage", f"no tunnel at location {f.loc} to advance from "
                                    "(LB-tunnel)")


def _legend(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    if f.stage == 1 and (f.order or f.index > len(state.setup.sides)):
        _fail(problems, i, "index", "a tome window's turn is one of the sides present")
    elif f.stage >= 3 and not f.order:
        _fail(problems, i, "order", "the legend card's ranking is missing (LB-legend-reveal)")


def _library(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    if not f.order or any(c == GUARDS for c in f.order) or not 1 <= f.index <= len(f.order):
        _fail(problems, i, "order", "the players with stragglers in the LIBRARY, in turn, "
                                    "and whose tome it is (LB-R8)")


def _patrol(state: State, t: Tables, i: int, problems: list[str]) -> None:
    if i != 2:
        _fail(problems, i, "kind", "the Patrol sits on a round (LB-patrol)")


def _parent_place(state: State, i: int) -> int:
    """The place (0 = the legend card, 1–7) of the location or legend frame below."""
    parent = state.stack[i - 1]
    return parent.loc if parent.kind == K.LOCATION else LEGEND


def _assign(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    if len(state.hands[_side_index(state, f.who)]) < 2:
        _fail(problems, i, "who", f"{f.who} has fewer than two tokens to assign; their turn "
                                  "is a pass (LB-rollcall-pass)")


def _tome(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    place = _parent_place(state, i)
    at_legend = place == LEGEND
    if f.loc != place or f.src != ("LB-legend-tomes" if at_legend else "LB-R13"):
        _fail(problems, i, "loc", f"a tome window at place {place} (LB-R13, LB-legend-tomes)")
        return
    hand = state.tomes[_side_index(state, f.who)]
    if not any(t.tomes[x].legend or not at_legend for x in hand):
        _fail(problems, i, "who", f"{f.who} holds no tome to play here (LB-R44)")
    if not any(c == f.who for c, _, _ in state.crews[place]):
        _fail(problems, i, "who", f"{f.who} has no crew at place {place} (LB-R13)")


def _guard_card(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    place = _parent_place(state, i)
    if not state.setup.solo or f.loc != place or state.guard_cards[place]:
        _fail(problems, i, "loc", f"a guard card turns up on an empty guard place {place}, in "
                                  "the solitary game only (LB-R23)")


def _reward(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    if parent.kind == K.LOCATION:
        flat, k = t.rewards[parent.loc], parent.index
        offered = flat[k - 1] if 1 <= k <= len(flat) else None
        rank = offered[0] if offered else len(parent.order)
        ok = (offered is not None and f.loc == parent.loc and rank < len(parent.order)
              and parent.order[rank] == f.who and offered[1].kind == f.src
              and offered[1].amount == f.n)
        what = f"the next reward of location {parent.loc} (LB-R8)"
    else:
        card = t.legends[state.legend] if state.legend else None
        reward = card.reward if card is not None else None
        ok = (reward is not None and f.loc == LEGEND and parent.order[:1] == (f.who,)
              and reward.kind == f.src and reward.amount == f.n)
        what = "the active legend card's reward, for its strongest side (LB-legend-effect)"
    if not ok:
        _fail(problems, i, "", f"a reward offer is {what}; {f.who} is offered {f.src} "
                               f"{f.n} at place {f.loc}")


def _improve(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    side = _side_index(state, f.who)
    item = t.items.get(f.cards[0]) if len(f.cards) == 1 else None
    if item is None or item.improve is None or item.name not in state.items[side]:
        _fail(problems, i, "cards", f"an improvement is of an item {f.who} owns that can be "
                                    "improved (LB-icon-improve)")
    elif state.resources[side][t.res_index[item.improve[0]]] < 1:
        _fail(problems, i, "who", f"{f.who} has no {item.improve[0]} to improve "
                                  f"{item.name} with (LB-icon-improve)")


def _advance(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    if f.who not in state.setup.sides or not f.who:
        _fail(problems, i, "who", "an advance moves a side's lantern")
    elif f.who == GUARDS and not state.setup.solo:
        _fail(problems, i, "who", "the guards advance in the solitary game only")
    elif parent.kind == K.ADVANCE and not (parent.who == GUARDS and f.who != GUARDS):
        _fail(problems, i, "who", "an advance waits on another only as the player's tunnel "
                                  "advance on the guards' (LB-R25)")
    elif parent.kind == K.LOCATION and parent.stage == 5 and not (
            (f.loc == parent.loc and f.src in ("LB-tunnel-type", "LB-solo-tunnel-guards"))
            or (f.loc == 0 and f.src == "LB-R33")):
        _fail(problems, i, "loc", f"the tunnel advance of location {parent.loc} (LB-tunnel), "
                                  "or the loot advance after it (LB-R33)")


def _step(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    here = state.lanterns[_side_index(state, f.who)]
    if parent.who != f.who or parent.n < 1 or f.loc != parent.loc or f.src != parent.src:
        _fail(problems, i, "", f"a step is of the advance below it, with steps left "
                               f"({parent.who}: {parent.n}) (LB-R20)")
    elif here in (TOMB, ESCAPED):
        _fail(problems, i, "who", f"{f.who}'s lantern is on {here}: it moves no further "
                                  "(LB-tomb, LB-escape)")


def _stack_at(state: State, t: Tables, i: int, problems: list[str]) -> tuple[str, int] | None:
    f, parent = state.stack[i], state.stack[i - 1]
    if not 0 <= f.loc < len(state.stacks):
        _fail(problems, i, "loc", f"no loot stack {f.loc}")
        return None
    space = t.loot_spaces[f.loc]
    if parent.who != f.who or state.lanterns[_side_index(state, f.who)] != space:
        _fail(problems, i, "loc", f"the loot of {space} is taken by the lantern that entered "
                                  "it (LB-advance-loot)")
        return None
    return space, f.loc


def _loot(state: State, t: Tables, i: int, problems: list[str]) -> None:
    at = _stack_at(state, t, i, problems)
    if at is None:
        return
    f = state.stack[i]
    known, hidden = state.stacks[at[1]]
    if not known or hidden or (at[1], f.who) not in state.looked:
        _fail(problems, i, "loc", f"{f.who} keeps a token of the {at[0]} stack once they have "
                                  "looked at it and it holds some (LB-advance-loot)")


def _loot_look(state: State, t: Tables, i: int, problems: list[str]) -> None:
    at = _stack_at(state, t, i, problems)
    if at is not None and (state.stacks[at[1]][0] or not state.stacks[at[1]][1]):
        _fail(problems, i, "loc", f"the {at[0]} stack's tokens turn up the first time anyone "
                                  "looks, and only then (LB-advance-loot)")


def _guard_loot(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    if f.who != GUARDS:
        _fail(problems, i, "who", "the guards' blind pick is the guards' "
                                  "(LB-solo-tunnel-loot)")
        return
    at = _stack_at(state, t, i, problems)
    if at is not None and not (state.stacks[at[1]][0] or state.stacks[at[1]][1]):
        _fail(problems, i, "loc", f"the {at[0]} stack is empty (LB-solo-tunnel-loot)")


def _shapeshifter(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    if not f.who or not any(state.goon_limbo):
        _fail(problems, i, "", "a Shapeshifter chain holds its Shapeshifter out of the deck "
                               "(goon_limbo) for a side (LB-goon-shapeshifter)")


def _shape_draw(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    if f.who != parent.who or not 1 <= f.n <= min(SHAPESHIFTER_DRAW, sum(state.goon_deck)):
        _fail(problems, i, "n", f"a Shapeshifter draws 1 to {SHAPESHIFTER_DRAW} goons from "
                                f"the {sum(state.goon_deck)} in the deck, for the chain's "
                                "side (LB-goon-shapeshifter, LB-R22)")


def _keep(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    if f.who != parent.who or not f.cards or any(c not in t.goons for c in f.cards):
        _fail(problems, i, "cards", "the goons drawn for the chain's side "
                                    "(LB-goon-shapeshifter)")


def _penalty(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    penalty = t.legends[state.legend].penalty if state.legend else None
    target = f.order[0] if len(f.order) == 1 else ""
    chooser = state.setup.colours[0] if target == GUARDS else target
    if penalty is None or penalty.kind != "resource" or not 1 <= f.n <= penalty.amount \
            or f.who != chooser:
        _fail(problems, i, "", "a resource penalty of the active legend card, chosen by its "
                               "loser (by the player for the guards: LB-solo-legend)")


def _golem(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    g = f.cards[0] if len(f.cards) == 1 else ""
    if g not in t.goons or t.goons[g].kind != "golem" \
            or g not in state.goons[_side_index(state, f.who)]:
        _fail(problems, i, "cards", f"a Golem {f.who} owns (LB-goon-golem)")


def _wild(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    name = f.cards[0] if len(f.cards) == 1 else ""
    if name not in t.items or not t.items[name].wild \
            or name not in state.items[_side_index(state, f.who)]:
        _fail(problems, i, "cards", f"an item with a wild valuable {f.who} owns "
                                    "(LB-icon-wild-valuable)")


def _tome_draw(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    src = {K.LIBRARY: "LB-R8", K.LOCATION: "LB-R8", K.LEGEND: "LB-legend-effect",
           K.ADVANCE: "LB-R17"}[parent.kind]
    if f.who not in state.setup.colours or f.src != src:
        _fail(problems, i, "who", f"a tome is drawn for a player, under {src} here (the guards "
                                  "hold no tomes, LB-R34)")
    elif parent.kind == K.LIBRARY and parent.order[parent.index - 1] != f.who:
        _fail(problems, i, "who", "the LIBRARY's tome is drawn for the player whose turn it "
                                  "is (LB-R8)")
    elif parent.kind == K.ADVANCE and parent.who != f.who:
        _fail(problems, i, "who", "a loot token's tome is its keeper's (LB-R17)")
    elif not any(state.tome_deck):
        _fail(problems, i, "", "a tome is drawn from a deck that holds one (the played tomes "
                               "are shuffled in first, LB-R42): tome_deck is empty")


def _items_draw(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    room = state.setup.config.display_size - len(state.display)
    if not 1 <= f.n <= min(room, sum(state.item_deck)):
        _fail(problems, i, "n", f"a display refill draws 1 to {max(0, room)} items, at most the "
                                f"{sum(state.item_deck)} in the deck (LB-R10)")


def _goals_draw(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f = state.stack[i]
    want = state.setup.config.goals_drawn
    if state.goals or f.n != want or f.n > sum(state.goal_deck):
        _fail(problems, i, "n", f"the public goals are {want} goal cards, drawn once (LB-R14)")


def _legend_draw(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    if f.src != ("LB-setup-legend" if parent.kind == K.GAME else "LB-patrol"):
        _fail(problems, i, "src", "the setup's legend draw cites LB-setup-legend, the "
                                  "Patrol's LB-patrol")
    elif not any(state.legend_deck):
        _fail(problems, i, "", "a legend card is drawn from a deck that holds one (else the "
                               "known card under it turns up, LB-patrol): legend_deck is empty")


def _goon_draw(state: State, t: Tables, i: int, problems: list[str]) -> None:
    f, parent = state.stack[i], state.stack[i - 1]
    first = GOON_LOCATIONS[0]
    want = (GOON_LOCATIONS[-1] if parent.kind == K.GAME else
            first if parent.kind == K.PATROL else parent.loc - 1)
    if f.loc != want or state.goon_spaces[f.loc - first]:
        _fail(problems, i, "loc", f"a goon is drawn for the empty goon space {want} "
                                  "(LB-R11, LB-patrol)")
    elif not any(state.goon_deck):
        _fail(problems, i, "", "a goon is drawn from a deck that holds one (the discards are "
                               "shuffled in first, LB-R42): goon_deck is empty")


def _tunnels(state: State, t: Tables, i: int, problems: list[str]) -> None:
    pass  # its parent (the game at stage 1) and an empty layout are checked by _phase


_CHECKS: dict[str, Check] = {
    K.ROUND: _round, K.LOCATION: _location, K.LEGEND: _legend, K.LIBRARY: _library,
    K.PATROL: _patrol, K.ASSIGN: _assign, K.TOME: _tome, K.GUARD_CARD: _guard_card,
    K.REWARD: _reward, K.IMPROVE: _improve, K.ADVANCE: _advance, K.STEP: _step,
    K.LOOT: _loot, K.LOOT_LOOK: _loot_look, K.GUARD_LOOT: _guard_loot, K.SHAPE: _shapeshifter,
    K.SHAPE_DRAW: _shape_draw, K.KEEP: _keep, K.PENALTY: _penalty, K.GOLEM: _golem,
    K.WILD: _wild, K.TOME_DRAW: _tome_draw, K.ITEMS_DRAW: _items_draw,
    K.GOALS_DRAW: _goals_draw, K.LEGEND_DRAW: _legend_draw, K.GOON_DRAW: _goon_draw,
    K.TUNNELS: _tunnels,
}

