"""The Lockup: Breakout state: an immutable, hashable record of tuples.

Per-side tuples (``lanterns``, ``resources``, ``stars`` …) follow ``setup.sides``: the
players in seat order, then ``"guards"`` in solitary. Piles whose order nobody knows are
counts per card kind (draws are exact chance nodes over those counts: lazy and
exchangeable). ``stack`` is the procedure in progress, innermost last: the top
:class:`Frame` says whose decision, which chance event, or which automatic step runs
next — a roll-call turn, a reward offer inside a location inside a round, a lantern
step inside a tunnel advance, a loot pick inside that step.

>>> from boardlab.lockup_breakout.state import Frame, K
>>> Frame(K.STEP, who="red").kind
'step'
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from boardlab import svg
from boardlab.core.errors import ArgumentTypeError
from boardlab.core.records import equal_only_to_itself
from boardlab.lockup_breakout.config import Config, Setup


class K:
    """Frame kinds: what the match waits for (decisions, chance) or runs (automatic)."""

    # chance nodes
    TUNNELS: Final = "tunnels"              # the tunnel layout (LB-setup-tunnels)
    LEGEND_DRAW: Final = "legend_draw"      # the next legend card turns up
    GOALS_DRAW: Final = "goals_draw"        # the public goals (LB-R14)
    ITEMS_DRAW: Final = "items_draw"        # display refill (LB-R10)
    GOON_DRAW: Final = "goon_draw"          # a goon for a goon space (LB-R11)
    TOME_DRAW: Final = "tome_draw"          # a tome for a player (LB-R8, LB-R13)
    LOOT_LOOK: Final = "loot_look"          # a stack's contents, first time anyone looks
    GUARD_LOOT: Final = "guard_loot"        # the guards' blind pick (LB-solo-tunnel-loot)
    GUARD_CARD: Final = "guard_card"        # a guard card turns up (LB-R23)
    SHAPE_DRAW: Final = "shape_draw"        # three goons for a Shapeshifter
    # decisions
    ASSIGN: Final = "assign"                # roll call
    TOME: Final = "tome"                    # tome window before a comparison
    REWARD: Final = "reward"                # take or refuse one reward
    IMPROVE: Final = "improve"              # LB-icon-improve
    RESERVE: Final = "reserve"              # LB-icon-reserve / reserve loot
    STEP: Final = "step"                    # one catacomb step or stop
    LOOT: Final = "loot"                    # keep one token, use it or star
    KEEP: Final = "keep"                    # keep one of a Shapeshifter's three
    PENALTY: Final = "penalty"              # which resource to lose
    GOLEM: Final = "golem"                  # a Golem's type at final scoring
    WILD: Final = "wild"                    # a wild valuable's kind at final scoring
    # automatic procedures
    GAME: Final = "game"
    ROUND: Final = "round"
    LOCATION: Final = "location"
    LIBRARY: Final = "library"
    LEGEND: Final = "legend"
    PATROL: Final = "patrol"
    ADVANCE: Final = "advance"
    SHAPE: Final = "shape"
    FINAL: Final = "final"
    OVER: Final = "over"


CHANCE_KINDS: Final = frozenset({K.TUNNELS, K.LEGEND_DRAW, K.GOALS_DRAW, K.ITEMS_DRAW,
                                 K.GOON_DRAW, K.TOME_DRAW, K.LOOT_LOOK, K.GUARD_LOOT,
                                 K.GUARD_CARD, K.SHAPE_DRAW})
DECISION_KINDS: Final = frozenset({K.ASSIGN, K.TOME, K.REWARD, K.IMPROVE, K.RESERVE, K.STEP,
                                   K.LOOT, K.KEEP, K.PENALTY, K.GOLEM, K.WILD})
AUTO_KINDS: Final = frozenset({K.GAME, K.ROUND, K.LOCATION, K.LIBRARY, K.LEGEND, K.PATROL,
                               K.ADVANCE, K.SHAPE, K.FINAL})
FRAME_KINDS: Final = CHANCE_KINDS | DECISION_KINDS | AUTO_KINDS | {K.OVER}

#: Where a side's stars came from (``final_scores`` reports them in this order).
SOURCES: Final = ("locations", "items", "loot", "escape", "legend", "lantern", "goons",
                  "valuables", "goals")
SOURCE_INDEX: Final = {s: i for i, s in enumerate(SOURCES)}
PHASES: Final = ("setup", "rollcall", "lightsout", "patrol", "final", "over")


_new_tuple = tuple.__new__


class Frame(NamedTuple):
    """One procedure in progress. Fields are used as each kind documents in ``rules``:
    ``who`` (the side concerned), ``loc`` (location, loot stack or reward index),
    ``n`` (steps or cards left), ``stage`` (where the procedure stands), ``extra``
    (deferred loot advances, LB-R33), ``index`` (position in ``order``), ``order`` (sides
    in turn), ``cards`` (cards drawn and on view), ``src`` (the rule that started it)."""

    kind: str
    who: str = ""
    loc: int = 0
    n: int = 0
    stage: int = 0
    extra: int = 0
    # Shadows tuple.index on purpose: the field name is part of saved positions (JSON).
    index: int = 0  # type: ignore[assignment]
    order: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    src: str = ""

    # Positional copies for the hot paths: ``_replace`` parses keywords on every call.
    def staged(self, stage: int) -> Frame:
        """This frame at another ``stage``.

        >>> Frame(K.ROUND, stage=3).staged(4) == Frame(K.ROUND, stage=4)
        True
        """
        kind, who, loc, n, _, extra, index, order, cards, src = self
        return _new_tuple(Frame, (kind, who, loc, n, stage,
                                  extra, index, order, cards, src))

    def counted(self, n: int, stage: int, extra: int) -> Frame:
        """This frame with other ``n``, ``stage`` and ``extra`` (an advance's steps left).

        >>> Frame(K.ADVANCE, "red", 3, 2).counted(1, 1, 0) == Frame(K.ADVANCE, "red", 3, 1, 1)
        True
        """
        kind, who, loc, _, _, _, index, order, cards, src = self
        return _new_tuple(Frame, (kind, who, loc, n, stage,
                                  extra, index, order, cards, src))

    def indexed(self, index: int) -> Frame:
        """This frame at another ``index``."""
        kind, who, loc, n, stage, extra, _, order, cards, src = self
        return _new_tuple(Frame, (kind, who, loc, n, stage,
                                  extra, index, order, cards, src))


class State(NamedTuple):
    """A complete Lockup: Breakout position (see the module docstring)."""

    setup: Setup
    round: int                                        # 0 during setup
    phase: str                                        # one of PHASES
    first: str                                        # holder of the first-player marker
    tunnels: tuple[str, ...]                          # locations 1–7: "", "single", "double"
    hands: tuple[tuple[str, ...], ...]                # holding cells, per side, sorted
    crews: tuple[tuple[tuple[str, str, bool], ...], ...]   # 0 legend, 1–7 board, 8 LIBRARY
    face_down: tuple[int, ...]                        # face-down board tokens this round
    lanterns: tuple[str, ...]
    resources: tuple[tuple[int, ...], ...]
    stars: tuple[tuple[int, ...], ...]                # per side, per SOURCES
    items: tuple[tuple[str, ...], ...]
    reserved: tuple[tuple[str, ...], ...]
    goons: tuple[tuple[str, ...], ...]
    tomes: tuple[tuple[str, ...], ...]
    kept_loot: tuple[tuple[str, ...], ...]
    display: tuple[str, ...]
    item_deck: tuple[int, ...]                        # unseen items, count per config item
    goon_spaces: tuple[str, ...]                      # locations 2–6, "" when empty
    goon_deck: tuple[int, ...]
    goon_discard: tuple[int, ...]
    goon_limbo: tuple[int, ...]                       # out during a Shapeshifter chain
    tome_deck: tuple[int, ...]
    tome_discard: tuple[int, ...]
    goals: tuple[str, ...]
    goal_deck: tuple[int, ...]
    legend: str                                       # the active legend card
    legend_deck: tuple[int, ...]                      # unseen legend cards (top part)
    legend_bottom: tuple[str, ...]                    # known cards under them, top first
    loot_pool: tuple[int, ...]                        # loot tokens never looked at
    stacks: tuple[tuple[tuple[str, ...], int], ...]   # per loot space: (known, unknown)
    looked: tuple[tuple[int, str], ...]               # (stack, side) who has looked
    guard_cards: tuple[str, ...]                      # 0 legend, 1–7: revealed this round
    rewarded: tuple[str, ...]                         # took a reward at this location
    boosts: tuple[tuple[str, int], ...]               # tome strength at this comparison
    escaped: tuple[tuple[str, int], ...]              # (side, round of escape)
    declared: tuple[tuple[str, str, str], ...]        # (side, "golem"/"wild", choice)
    stack: tuple[Frame, ...]

    def __repr__(self) -> str:
        where = "setup" if self.round == 0 else f"round {self.round}, {self.phase}"
        top = self.stack[-1]
        who = f" ({top.who})" if top.who else ""
        mode = "solitary" if self.setup.solo else f"{self.setup.players} players"
        return f"<Lockup: Breakout state: {mode}, {where}, waiting for {top.kind}{who}>"

    @property
    def config(self) -> Config:
        return self.setup.config

    @property
    def sides(self) -> tuple[str, ...]:
        return self.setup.sides

    @property
    def top(self) -> Frame:
        """The innermost procedure: what the match waits for."""
        return self.stack[-1]

    @property
    def is_over(self) -> bool:
        return self.stack[-1].kind == K.OVER

    def side(self, name: str) -> int:
        """Index of ``name`` in the per-side tuples."""
        return self.setup.sides.index(name)

    def lantern(self, name: str) -> str:
        return self.lanterns[self.side(name)]

    def total_stars(self, name: str) -> int:
        return sum(self.stars[self.side(name)])

    def at(self, location: int) -> tuple[tuple[str, str, bool], ...]:
        """``(colour, token, face_down)`` at a location (0 = legend, 8 = LIBRARY)."""
        return self.crews[location]

    def _repr_svg_(self) -> str:
        """The board as SVG, public information only (Jupyter shows it)."""
        return svg.picture(self)   # drawn by render.render_svg, handed in by api.py


# Positions of the fields the hot paths read by index (``state[AT_STACK]``): literal
# constants, so a type checker knows each field's type; checked against State below.
AT_SETUP: Final = 0
AT_ROUND: Final = 1
AT_PHASE: Final = 2
AT_FIRST: Final = 3
AT_HANDS: Final = 5
AT_CREWS: Final = 6
AT_FACE_DOWN: Final = 7
AT_ITEM_DECK: Final = 17
AT_GOON_DECK: Final = 19
AT_TOME_DECK: Final = 22
AT_GOAL_DECK: Final = 25
AT_LEGEND_DECK: Final = 27
AT_LOOT_POOL: Final = 29
AT_STACKS: Final = 30
AT_STACK: Final = 37
for _name, _at in (("setup", AT_SETUP), ("round", AT_ROUND), ("phase", AT_PHASE),
                   ("first", AT_FIRST), ("hands", AT_HANDS), ("crews", AT_CREWS),
                   ("face_down", AT_FACE_DOWN), ("item_deck", AT_ITEM_DECK),
                   ("goon_deck", AT_GOON_DECK), ("tome_deck", AT_TOME_DECK),
                   ("goal_deck", AT_GOAL_DECK), ("legend_deck", AT_LEGEND_DECK),
                   ("loot_pool", AT_LOOT_POOL), ("stacks", AT_STACKS), ("stack", AT_STACK)):
    if State._fields[_at] != _name:  # pragma: no cover - a State field was moved
        raise ImportError(f"State field {_name!r} is not at index {_at}")


# A state equals only a state (docs/api.md, "state equality"); the hash stays the tuple's.
equal_only_to_itself(State)


def require_state(value: Any, name: str = "state") -> State:
    """``value`` if it is a :class:`State`, else an :class:`ArgumentTypeError` naming
    ``name`` (a public function reading a state says what it got instead of failing deep
    inside), worded as every game's front door words it.

    >>> require_state(5)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: state: expected a Lockup: Breakout position ... (got 5)
    """
    if not isinstance(value, State):
        raise ArgumentTypeError(name, value, "expected a Lockup: Breakout position "
                                "(lb.State: match.state, lb.position(...) or "
                                "lb.load_position(...))")
    return value
