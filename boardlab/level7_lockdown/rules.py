"""The Level 7 [Escape]: Lockdown rules on the stand-in core: pure functions over states.

``step`` copies the state into a :class:`Work` (the turn-step mixins of
:mod:`.moving`, :mod:`.actions`, :mod:`.events_step`, :mod:`.enemies`, :mod:`.cronos`
and :mod:`.turn`), applies the choice or chance outcome, runs every automatic
consequence up to the next decision or chance node, and freezes it again. Only
characters decide (``to_move`` names their seat); enemies and Dr. Cronos are chance and
rulings.

>>> from boardlab.level7_lockdown.rules import RULES
>>> from boardlab.level7_lockdown.state import Setup
>>> s = RULES.initial(Setup(players=2))
>>> RULES.to_move(s), s.pending.kind, s.chars[0].tile
('Leo', 'move', 0)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from boardlab.core.engine import CHANCE, ToMove
from boardlab.core.events import Event
from boardlab.core.rules import RuleRef
from boardlab.level7_lockdown.choices import (
    CHOICE_TYPES,
    Access,
    Attack,
    CardDraw,
    EndStep,
    Explore,
    Extinguish,
    FallDown,
    ItemDraw,
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
)
from boardlab.level7_lockdown.turn import Turn

CHANCE_KINDS: Final = frozenset({"tile_draw", "event_draw", "item_draw", "roll"})
#: What a character may be asked: moves, an action, where a tile goes, where Dr. Cronos
#: appears (scenario 9).
DECISION_KINDS: Final = frozenset({"move", "action", "place", "cronos"})
PENDING_KINDS: Final = frozenset({*DECISION_KINDS, "over", *CHANCE_KINDS})
STEPS: Final = ("move", "action", "events", "enemies", "roundend", "over")
ROLL_PURPOSES: Final = frozenset({"escape", "peek", "attack", "smash", "search", "access",
                                  "enemy_attack", "enemy_barricade", "hunters", "blasters",
                                  "cronos", "special", "cabinet", "swarm", "departure"})


class Work(Turn):
    """Every procedure of a turn on one mutable working copy of a state."""

    __slots__ = ()

    def resolve_roll(self, roll: Roll) -> None:
        purpose = self.pending.purpose
        if purpose == "escape":
            self.resolve_escape(roll)
        elif purpose == "peek":
            self.resolve_peek(roll)
        elif purpose in ("attack", "smash", "search", "access"):
            self.resolve_challenge(roll)
        elif purpose == "enemy_attack":
            self.resolve_enemy_attack(roll)
        elif purpose == "enemy_barricade":
            self.resolve_enemy_barricade(roll)
        elif purpose == "hunters":
            self.resolve_hunters(roll)
        elif purpose == "blasters":
            self.resolve_blasters(roll)
        elif purpose == "cronos":
            self.resolve_cronos(roll)
        elif purpose == "special":
            self.resolve_challenge(roll)
        else:
            self.hooks.resolve_roll(self, roll)

    def decide(self, choice: Any) -> None:
        """Apply a character's decision (already known to be legal)."""
        if isinstance(choice, (Move, Vent, Explore)):
            self.leave(choice)
        elif isinstance(choice, Peek):
            self.peek(choice.door, choice.stack)
        elif isinstance(choice, Place):
            self.put_tile(choice.x, choice.y, choice.rotation, self.pending.tile)
        elif isinstance(choice, StandUp):
            self.stand_up()
        elif isinstance(choice, FallDown):
            self.fall_down()
        elif isinstance(choice, LowerTerror):
            self.lower_terror()
        elif isinstance(choice, EndStep):
            if self.step == "move":
                self.emit("end_moves", f"{self.me.name} ends the move step", "L7-R7",
                          self.me.name)
                self.begin_action()
            else:
                self.emit("no_action", f"{self.me.name} takes no action", "L7-R6",
                          self.me.name)
                self.begin_events()
        elif isinstance(choice, Attack):
            self.attack(choice)
        elif isinstance(choice, Smash):
            self.smash(choice)
        elif isinstance(choice, Search):
            self.search(choice)
        elif isinstance(choice, Access):
            self.access(choice)
        elif isinstance(choice, Extinguish):
            self.extinguish()
        elif isinstance(choice, Special):
            self.special(choice)
        elif isinstance(choice, PlaceCronos):
            self.hooks.place_cronos(self, choice.tile)


_DECISION_RULES = {"move": "L7-R7", "action": "L7-R8", "place": "L7-R5", "over": "L7-R23",
                   "tile_draw": "L7-R5", "event_draw": "L7-R12", "item_draw": "L7-cache",
                   "roll": "L7-R2", "cronos": "L7-R43"}


class Level7Rules:
    """The :class:`~boardlab.core.engine.Rules` of Level 7 [Escape]: Lockdown."""

    name = "level7-lockdown"
    book = BOOK
    setup_type = Setup
    state_type = State
    choice_types = CHOICE_TYPES

    def initial(self, setup: Setup) -> State:
        """The scenario's starting position (L7-R9, L7-SB-setup, L7-S9-setup …)."""
        from boardlab.level7_lockdown.scenarios import hooks_for

        cfg, scen = setup.cfg, setup.scen
        hooks = hooks_for(scen.name)
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
        enemies = tuple(sorted((Enemy(k, n, t) for k, n, t in scen.enemies),
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
                     chars=tuple(chars), enemies=enemies, reserves=reserves, stacks=stacks,
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
        if kind == "over":
            return None
        return state.setup.seat_of(state.chars[state.active].name)

    def legal(self, state: State) -> tuple[Any, ...]:
        kind = state.pending.kind
        w = Work(state)
        if kind == "move":
            return tuple(w.move_choices())
        if kind == "action":
            return tuple(w.action_choices())
        if kind == "place":
            return tuple(w.place_choices())
        if kind == "cronos":
            return tuple(PlaceCronos(t) for t in w.hooks.cronos_choices(w))
        return ()

    def outcomes(self, state: State) -> tuple[tuple[Any, Fraction], ...]:
        p = state.pending
        kind = p.kind
        if kind == "roll":
            return roll_outcomes(state.setup.cfg.die, p.dice, p.icon)
        if kind == "tile_draw":
            return _tile_draws(state.stack(p.stack), state.stack(POOL))
        if kind == "event_draw":
            cfg = state.setup.cfg
            return _counts(cfg.event_names, state.events_deck, CardDraw)
        if kind == "item_draw":
            cfg = state.setup.cfg
            return _counts(cfg.item_names, state.items_deck, ItemDraw)
        return ()

    def step(self, state: State, choice: Any) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal choice or outcome (unchecked: :class:`Match` checks legality)."""
        w = Work(state)
        kind = state.pending.kind
        if kind == "roll":
            w.resolve_roll(choice)
        elif kind == "tile_draw":
            w.tile_drawn(choice)
        elif kind == "event_draw":
            w.card_drawn(choice)
        elif kind == "item_draw":
            w.item_drawn(choice)
        else:
            w.decide(choice)
        return w.freeze(), tuple(w.events)

    def decision_rule(self, state: State) -> RuleRef:
        return BOOK[_DECISION_RULES.get(state.pending.kind, "L7-R6")]

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


@lru_cache(maxsize=4096)
def _tile_draws(tiles: tuple[str, ...], pool: tuple[str, ...]
                ) -> tuple[tuple[Any, Fraction], ...]:
    return tuple((TileDraw(t), p) for t, p in stack_outcomes(tiles, pool))


@lru_cache(maxsize=4096)
def _counts(names: tuple[str, ...], counts: tuple[int, ...], kind: type
            ) -> tuple[tuple[Any, Fraction], ...]:
    total = sum(counts)
    return tuple((kind(name), Fraction(n, total)) for name, n in zip(names, counts,
                                                                     strict=True) if n)


RULES: Final = Level7Rules()
