"""Every game's front door, built from its spec with one error policy.

:class:`FrontDoor` turns a :class:`~boardlab.gamekit.spec.GameSpec` into the verbs every
game offers under the same names, signatures and checks — ``new_match``, ``play``,
``load_match``, ``save_position``, ``load_position``, ``rule``, ``observe``,
``render_svg``, ``winners``, ``scores`` and ``parse_choice`` — as functions of the
game's own module (their ``__module__``, ``__doc__`` and ``inspect.signature`` are the
game's: the shared parameters first, then the game's own keywords).

The error policy, the same for every game (docs/bad-input.md):

- a value of the wrong **type** (a bool for a number, a string for a seed, something
  that is not a match or a position where one is needed, a keyword the verb does not
  take) is an :class:`~boardlab.core.errors.ArgumentTypeError` naming the argument;
- a **bad value** of the right type is the game's ``ConfigError`` (a setup the rules
  refuse: the message cites the rule) or an :class:`~boardlab.core.errors.ArgumentError`
  naming the argument (a viewer who is not a seat, a start position that disagrees with
  ``players=``);
- an unknown rule id is :class:`~boardlab.core.errors.UnknownRule`; a malformed saved
  file a :class:`~boardlab.core.errors.FormatError` naming the field.

>>> from boardlab.gamekit.door import FrontDoor
>>> from tests.core.toy_game import GAME
>>> door = FrontDoor(GAME)
>>> door.new_match(seed=3).seed
3
>>> door.new_match(seed="3")
Traceback (most recent call last):
...
boardlab.core.errors.ArgumentTypeError: seed: a seed is an integer or None (got '3')
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from boardlab import svg
from boardlab.core import validate
from boardlab.core.engine import (
    SEED_NOT_GIVEN,
    Match,
    check_seed,
    position_from_json,
    position_to_json,
    seed_default,
)
from boardlab.core.errors import ArgumentError, ArgumentTypeError, show_value
from boardlab.core.matchfile import check_indent
from boardlab.core.simulate import play_out
from boardlab.gamekit import _docs
from boardlab.gamekit.spec import hand_in_parser

if TYPE_CHECKING:
    from boardlab.core.agents import Agent
    from boardlab.core.rules import RuleRef
    from boardlab.gamekit.spec import GameSpec

__all__ = ["SHARED_VERBS", "FrontDoor"]

S = TypeVar("S")
C = TypeVar("C")

#: The verbs every game's module has, built here, in the order the docs list them.
SHARED_VERBS = ("new_match", "play", "load_match", "save_position", "load_position",
                "rule", "observe", "render_svg", "winners", "scores", "parse_choice")

_P = inspect.Parameter
_POS, _KW = _P.POSITIONAL_OR_KEYWORD, _P.KEYWORD_ONLY


class FrontDoor(Generic[S, C]):
    """The shared verbs of one game, checked as the error policy says.

    ``module`` is the module the verbs are published in (their ``__module__``: the
    game's ``api`` module). Each verb is also a method here (``door.new_match(...)``)
    for generic code that holds a spec rather than a game module.
    """

    new_match: Callable[..., Match[S, C]]
    play: Callable[..., Match[S, C]]
    load_match: Callable[..., Match[S, C]]
    save_position: Callable[..., str]
    load_position: Callable[..., S]
    rule: Callable[..., RuleRef]
    observe: Callable[..., Any]
    render_svg: Callable[..., str]
    winners: Callable[..., tuple[str, ...]]
    scores: Callable[..., dict[str, int]]
    parse_choice: Callable[..., C]

    def __init__(self, spec: GameSpec[S, C], *, module: str | None = None,
                 render: Callable[..., str] | None = None) -> None:
        self.spec = spec
        self.module = module or (f"{spec.package}.api" if spec.package else __name__)
        self.alias = spec.alias or spec.name
        self._render = render
        if render is not None:
            # A state's _repr_svg_ draws with this (boardlab.svg.picture): the state module
            # needs no import of the render module, which imports the state.
            svg.register_picture(spec.rules.state_type, render)
        hand_in_parser(spec)
        # The picture's own options (highlight, odds, width …) are the keyword-only
        # parameters of the game's render function, after viewer and omniscient.
        self._picture = tuple(
            p for p in (inspect.signature(render).parameters.values() if render else ())
            if p.kind is _KW and p.name not in ("viewer", "omniscient"))
        self._keywords = {k.name: k for k in spec.keywords}
        for verb in SHARED_VERBS:
            setattr(self, verb, self._publish(verb))

    # -- publishing --------------------------------------------------------------------
    def signature(self, verb: str) -> inspect.Signature:
        """The signature ``verb`` has in this game: the shared parameters, then the
        game's own keywords (for ``new_match`` and ``play``) or picture options (for
        ``render_svg``)."""
        state = _P("state", _POS)
        game_kw = [_P(k.name, _KW, default=k.default, annotation=k.annotation)
                   for k in self.spec.keywords]
        match_kw = [_P("seed", _KW, default=None, annotation="int | None"),
                    _P("config", _KW, default=None, annotation="Config | None"),
                    _P("start", _KW, default=None, annotation="State | None")]
        players = _P("players", _POS, default=None, annotation="int | None")
        params: list[inspect.Parameter]
        if verb == "new_match":
            params = [players, *match_kw, *game_kw]
        elif verb == "play":
            params = [players, _P("agents", _KW, default=None, annotation="AgentSpec"),
                      match_kw[0].replace(default=SEED_NOT_GIVEN), *match_kw[1:], *game_kw]
        elif verb in ("load_match", "load_position"):
            params = [_P("text", _POS, annotation="str | bytes | Mapping[str, Any]")]
        elif verb == "save_position":
            params = [state, _P("indent", _KW, default=None, annotation="int | None")]
        elif verb == "rule":
            params = [_P("rule_id", _POS, annotation="str")]
        elif verb == "observe":
            params = [state, _P("player", _POS, annotation="str")]
        elif verb == "render_svg":
            params = [state, _P("viewer", _KW, default=None, annotation="str | None"),
                      _P("omniscient", _KW, default=False, annotation="bool"),
                      *self._picture]
        elif verb == "parse_choice":
            params = [_P("text", _POS, annotation="str"), state]
        else:  # winners, scores
            params = [state]
        return inspect.Signature(params)

    def _publish(self, verb: str) -> Callable[..., Any]:
        method = getattr(type(self), "_" + verb).__get__(self)

        def published(*args: Any, **kwargs: Any) -> Any:
            return method(*args, **kwargs)

        published.__name__ = published.__qualname__ = verb
        published.__module__ = self.module
        published.__signature__ = self.signature(verb)  # type: ignore[attr-defined]
        published.__doc__ = _docs.verb_doc(self, verb)
        return published

    # -- checks shared by the verbs -----------------------------------------------------
    def _state(self, value: Any, path: str = "state", *, sound: bool = False) -> S:
        return self.spec.check_state(value, path, sound=sound)

    def _game_keywords(self, verb: str, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every game keyword's value (the given ones type-checked, the rest at their
        default); a keyword the game does not take is an ArgumentTypeError."""
        for key in given:
            if key not in self._keywords:
                takes = ", ".join(p for p in self.signature(verb).parameters) or "nothing"
                raise ArgumentTypeError(key, given[key], f"{self.alias}.{verb}() takes no "
                                        f"keyword {key!r} (it takes {takes})")
        values = {}
        for name, keyword in self._keywords.items():
            value = given.get(name, keyword.default)
            if name in given and keyword.check is not None:
                value = keyword.check(value, name)
            values[name] = value
        return values

    def _given(self, verb: str, keywords: Mapping[str, Any]) -> dict[str, Any]:
        """The game keywords given explicitly, type-checked."""
        values = self._game_keywords(verb, keywords)
        return {k: values[k] for k in keywords}

    def _players(self, players: Any) -> int | None:
        return None if players is None else validate.whole(players, "players")

    def _config(self, config: Any) -> Any:
        cls = self.spec.config_type
        if config is None:
            return None
        if cls is None:
            raise ArgumentTypeError("config", config, f"{self.alias} has no configuration "
                                    "to give (leave config out)")
        if not isinstance(config, cls):
            raise ArgumentTypeError("config", config, f"expected a {self.alias}."
                                    f"{cls.__name__} (or None for the game's own)")
        return config

    def _agree_with_start(self, start: S, given: Mapping[str, Any]) -> None:
        """A match from ``start`` takes its players, configuration and options from it:
        each one given as well (not ``None``) must be the position's own."""
        setup = getattr(start, "setup", None)
        for name, value in given.items():
            own = getattr(setup, name, _MISSING)
            if name == "players" and own is _MISSING:
                own = len(self.spec.seats(start))
            if value is None or own is _MISSING or own == value:
                continue
            if name == "players":
                has = f"{own} players"
            elif name == "config":
                has = "a configuration of its own (start.setup.config)"
            else:
                has = f"{name}={show_value(own)}"
            raise ArgumentError(name, value, f"the start position has {has}; leave {name} "
                                "out to play on from it")

    def _agents(self, agents: Any, seats: tuple[str, ...], seed: int) -> dict[str, Agent]:
        """One agent per seat from ``agents``: None (seeded random players), a kind name
        (``"heuristic"``), a mapping seat → agent, or a function of the seat."""
        word = self.spec.seat_word
        if agents is None:
            agents = "random"
        if isinstance(agents, str):
            kinds = self.spec.agents
            if agents not in kinds:
                raise ArgumentError("agents", agents, "no agent kind of that name; kinds: "
                                    + ", ".join(kinds))
            make = kinds[agents]
            return {p: make(p, i, seed) for i, p in enumerate(seats)}
        if callable(agents) and not isinstance(agents, Mapping):
            table = {p: agents(p) for p in seats}
        elif isinstance(agents, Mapping):
            unknown = [p for p in agents if p not in seats]
            if unknown:
                raise ArgumentError("agents", unknown[0], f"not a {word} of this match ("
                                    f"{', '.join(seats)})")
            missing = [p for p in seats if p not in agents]
            if missing:
                raise ArgumentError("agents", sorted(map(str, agents)), "no agent for "
                                    f"{', '.join(missing)}: every {word} needs one")
            table = dict(agents)
        else:
            raise ArgumentTypeError("agents", agents, "expected an agent kind ("
                                    f"{', '.join(self.spec.agents)}), a mapping of seats "
                                    "to agents, a function of the seat, or None")
        for seat, agent in table.items():
            if not callable(getattr(agent, "choose", None)):
                raise ArgumentTypeError(f"agents[{seat!r}]", agent,
                                        "an agent has a choose(view, legal) method")
        return table

    # -- the verbs ---------------------------------------------------------------------
    def _new_match(self, players: Any = None, *, seed: Any = None, config: Any = None,
                   start: Any = None, **keywords: Any) -> Match[S, C]:
        players = self._players(players)
        if seed is not None:
            check_seed(seed)
        config = self._config(config)
        values = self._game_keywords("new_match", keywords)
        given = {k: values[k] for k in keywords}
        if start is not None:
            state = self._state(start, "start", sound=True)
            self._agree_with_start(state, {"players": players, "config": config, **given})
            return Match(self.spec.rules, getattr(state, "setup", None), seed=seed,
                         state=state)
        setup = self.spec.make_setup(players, config, **values)
        return Match(self.spec.rules, setup, seed=seed)

    def _play(self, players: Any = None, *, agents: Any = None, seed: Any = SEED_NOT_GIVEN,
              config: Any = None, start: Any = None, **keywords: Any) -> Match[S, C]:
        if start is not None:  # refused before the seed's warning
            state = self._state(start, "start", sound=True)
            self._agree_with_start(state, {"players": self._players(players),
                                           "config": self._config(config),
                                           **self._given("play", keywords)})
        seed = seed_default(seed, f"{self.alias}.play()")
        if seed is not None:
            check_seed(seed)
        match = self._new_match(players, seed=seed, config=config, start=start, **keywords)
        table = self._agents(agents, self.spec.seats(match.state), match.seed)
        return play_out(match, table)

    def _load_match(self, text: Any) -> Match[S, C]:
        return Match.from_json(self.spec.rules, text)

    def _save_position(self, state: Any, *, indent: Any = None) -> str:
        state = self._state(state, sound=True)
        return position_to_json(self.spec.rules, state, indent=check_indent(indent))

    def _load_position(self, text: Any) -> S:
        return position_from_json(self.spec.rules, text)

    def _rule(self, rule_id: Any) -> RuleRef:
        validate.text(rule_id, "rule_id")
        return self.spec.book[rule_id]

    def _seat(self, value: Any, path: str, state: S) -> str:
        return validate.name(value, path, self.spec.seats(state), what=self.spec.seat_word)

    def _observe(self, state: Any, player: Any) -> Any:
        state = self._state(state)
        return self.spec.rules.observe(state, self._seat(player, "player", state))

    def _render_svg(self, state: Any, *, viewer: Any = None, omniscient: Any = False,
                    **picture: Any) -> str:
        state = self._state(state)
        if viewer is not None:
            self._seat(viewer, "viewer", state)
        validate.flag(omniscient, "omniscient")
        known = {k.name for k in self._picture}
        for key, value in picture.items():  # the game's picture checks the values
            if key not in known:
                raise ArgumentTypeError(key, value, f"{self.alias}.render_svg() takes no "
                                        f"keyword {key!r}")
        if self._render is None:
            raise ArgumentError("render_svg", None, f"{self.alias} has no picture")
        return self._render(state, viewer=viewer, omniscient=omniscient, **picture)

    def _winners(self, state: Any) -> tuple[str, ...]:
        return self.spec.winners_of(state)  # the spec checks: a game may take a view too

    def _scores(self, state: Any) -> dict[str, int]:
        return self.spec.scores_of(state)

    def _parse_choice(self, text: Any, state: Any) -> C:
        # The text itself is checked where it is read (core.text: type, length).
        return self.spec.parse_choice(text, self._state(state))


_MISSING: Any = object()
