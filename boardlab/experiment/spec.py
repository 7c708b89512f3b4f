"""What an experiment is: a game, rule variants × agent line-ups × seeds, as checked data.

An :class:`Experiment` is built from Python values or from a JSON spec file (the same
fields; see docs/experiments.md). Everything is checked once, in the process that
builds it, and every problem is a :class:`SpecError` that names the field by its path
(``variants[2].config.dice: expected an integer, got '4'``):

- ``game``: a registered game (:mod:`boardlab.registry`);
- ``options``, ``config``: the base of every variant — the game's options, and
  overrides of the fields of its setup's ``config`` (a frozen dataclass, as Mall of
  Horror's :class:`~boardlab.mall_of_horror.config.Config`); JSON lists become tuples;
- ``variants``: rule variants, each with a ``name`` and its own ``options`` and
  ``config`` on top of the base (default: one variant, the base itself);
- ``lineups``: who plays, each a ``name`` and ``agents`` — one agent kind for every
  seat (``"random"``) or one per seat (``["heuristic", "random", "random"]``);
- ``seeds``: a count from 0 or ``{"first": 100, "count": 500}``; every variant and
  line-up plays the same seeds (common random numbers).

>>> exp = Experiment("mall-of-horror", variants=[{}, {"config": {"dice": 3}}], seeds=10)
>>> [v.name for v in exp.variants], exp.matches
(['default', 'dice=3'], 20)
>>> Experiment("mall-of-horror", variants=[{}, {"config": {"dice": 3}},
...                                        {"config": {"dice": "4"}}])
Traceback (most recent call last):
...
boardlab.experiment.spec.SpecError: variants[2].config.dice: expected an integer, got '4'
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self, cast

from boardlab import registry
from boardlab.core.errors import BoardlabError
from boardlab.core.validate import mapping

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from boardlab.experiment.results import Results
    from boardlab.registry import Game

__all__ = ["Experiment", "Lineup", "SpecError", "Variant", "build_setup", "load_spec"]

#: What plays an experiment (:func:`boardlab.experiment.runner.run`), handed in by the
#: package's ``__init__`` (:func:`use_runner`), which Python runs before any module of the
#: package: the spec is below the runner that plays it and never imports it.
_RUNNER: list[Callable[..., Results]] = []


def use_runner(run: Callable[..., Results]) -> None:
    """Play experiments with ``run`` (``Experiment.run`` calls it): the runner's own
    :func:`~boardlab.experiment.runner.run`, handed in by ``boardlab.experiment``.

    >>> from boardlab.experiment import runner
    >>> _RUNNER == [runner.run]
    True
    """
    _RUNNER[:] = [run]


#: Fields of a spec file, in the order they are written.
FIELDS = ("game", "name", "options", "config", "variants", "lineups", "seeds")
VARIANT_FIELDS = ("name", "options", "config")
LINEUP_FIELDS = ("name", "agents")
#: More seeds than this in one experiment is a typo rather than a plan.
MAX_SEEDS = 10**9


class SpecError(BoardlabError):
    """A bad experiment spec; ``path`` names the field (``variants[2].config.dice``)."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)

    @classmethod
    def at(cls, path: str, value: Any, problem: str) -> Self:
        """See :meth:`boardlab.core.errors.BoardlabError.at` (the value as JSON)."""
        return cls(path, f"{problem} (got {_show(value)})")


def _show(value: Any) -> str:
    """A value as the error messages quote it: JSON-like, short."""
    text = repr(value) if isinstance(value, str) else json.dumps(value, default=repr)
    return text if len(text) <= 60 else text[:57] + "..."


# -- JSON values checked against type hints ------------------------------------------------
_NAMES = {int: "an integer", str: "a string", float: "a number", bool: "true or false",
          type(None): "null"}


def _expected(hint: Any) -> str:
    """What a type hint asks for, in the words of an error message."""
    if hint in _NAMES:
        return _NAMES[hint]
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_expected(h) for h in typing.get_args(hint))
    if origin is tuple:
        return "a list"
    return f"a {getattr(hint, '__name__', hint)}"


def coerce(hint: Any, value: Any, path: str) -> Any:
    """``value`` (from JSON or Python) as type ``hint`` asks; lists become tuples.

    >>> coerce(tuple[int | None, ...], [3, None], "capacities")
    (3, None)
    >>> coerce(int, True, "dice")
    Traceback (most recent call last):
    ...
    boardlab.experiment.spec.SpecError: dice: expected an integer, got true
    """
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return coerce(option, value, path)
            except SpecError:
                continue
        raise SpecError(path, f"expected {_expected(hint)}, got {_show(value)}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise SpecError(path, f"expected a list, got {_show(value)}")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(coerce(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise SpecError(path, f"expected a list of {len(args)}, got {len(value)} items")
        return tuple(coerce(a, v, f"{path}[{i}]")
                     for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif hint in (str, bool):
        ok = isinstance(value, hint)
    elif hint is type(None):
        ok = value is None
    else:
        raise SpecError(path, f"cannot be set from a spec (its type is {hint})")
    if not ok:
        raise SpecError(path, f"expected {_expected(hint)}, got {_show(value)}")
    return float(value) if hint is float else value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def to_json_value(value: Any) -> Any:
    """Tuples as lists, recursively: the JSON form of a checked value."""
    if isinstance(value, tuple | list):
        return [to_json_value(v) for v in value]
    return value


def _config_values(config_type: type, given: Mapping[str, Any], path: str) -> dict[str, Any]:
    """The overrides for ``config_type`` (a dataclass), each checked against its hint."""
    names = [f.name for f in dataclasses.fields(config_type)]
    hints = _hints(config_type)
    values = {}
    for key, value in given.items():
        if key not in names:
            raise SpecError(f"{path}.{key}", f"no such config field (fields: {', '.join(names)})")
        values[key] = coerce(hints[key], value, f"{path}.{key}")
    return values


def _option_values(game: Game, given: Mapping[str, Any], path: str) -> dict[str, Any]:
    """Every option's value, each given one checked (SpecError names it)."""
    known = {o.name: o for o in game.options}
    for key, value in given.items():
        if key not in known:
            raise SpecError(f"{path}.{key}", f"{game.name} has no option {_show(key)} "
                                             f"(options: {', '.join(known) or 'none'})")
        if value is not None:
            try:
                known[key].check(value)
            except BoardlabError as err:
                raise SpecError(f"{path}.{key}",
                                str(err).removeprefix(f"option {key}: ")) from None
    return game.option_values(given)


def build_setup(game: Game, options: Mapping[str, Any], config: Mapping[str, Any], *,
                options_path: str = "options", config_path: str = "config") -> Any:
    """The setup of one variant: the game's setup from ``options``, then ``config`` overrides.

    ``config`` overrides fields of ``setup.config`` (a dataclass); the game's own checks
    run again on the new values. A problem is a :class:`SpecError` naming the field
    (under ``options_path`` or ``config_path``).

    >>> from boardlab import registry
    >>> build_setup(registry.get("mall-of-horror"), {"players": 3}, {"dice": 3}).config.dice
    3
    >>> build_setup(registry.get("mall-of-horror"), {"players": 7}, {})
    Traceback (most recent call last):
    ...
    boardlab.experiment.spec.SpecError: options: Mall of Horror takes 3 to 6 players, got 7 (MoH-R3)
    """
    values = _option_values(game, options, options_path)
    try:
        setup = game.setup(**values)
    except BoardlabError as err:
        raise SpecError(options_path, str(err)) from None
    if not config:
        return setup
    base = getattr(setup, "config", None)
    if not (dataclasses.is_dataclass(setup) and dataclasses.is_dataclass(base)):
        raise SpecError(config_path, f"{game.name} has no config to override (its setup has "
                                     "no config dataclass); use options")
    overrides = _config_values(type(base), config, config_path)
    try:
        new_config = dataclasses.replace(cast(Any, base), **overrides)
        return dataclasses.replace(cast(Any, setup), config=new_config)
    except (BoardlabError, TypeError, ValueError) as err:
        raise SpecError(config_path, str(err)) from None


# -- the parts -----------------------------------------------------------------------------
def _named_values(value: Any, path: str) -> dict[str, Any]:
    """An object of named values (``None``: an empty one), by core's mapping check."""
    return dict(mapping(value, path, what="an object of named values", optional=True,
                        text_keys=True, error=SpecError))


def _name(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SpecError(path, f"expected a non-empty string, got {_show(value)}")
    return value.strip()


def _only(given: Mapping[str, Any], allowed: Sequence[str], path: str) -> None:
    unknown = [k for k in given if k not in allowed]
    if unknown:
        where = f"{path}.{unknown[0]}" if path else unknown[0]
        raise SpecError(where, f"unknown field (fields: {', '.join(allowed)})")


def _label(options: Mapping[str, Any], config: Mapping[str, Any]) -> str:
    """A variant's default name: its overrides (``dice=3 players=5``), else ``default``."""
    items = [*options.items(), *config.items()]
    text = " ".join(f"{k}={json.dumps(to_json_value(v))}" if not isinstance(v, int | str)
                    else f"{k}={v}" for k, v in items)
    return text or "default"


@dataclass(frozen=True)
class Variant:
    """A rule variant: options and config overrides on top of the experiment's base.

    >>> Variant("three dice", config={"dice": 3}).to_json()
    {'name': 'three dice', 'options': {}, 'config': {'dice': 3}}
    """

    name: str | None = None
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    config: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "options": dict(self.options),
                "config": {k: to_json_value(v) for k, v in self.config.items()}}


@dataclass(frozen=True)
class Lineup:
    """Who plays: one agent kind for every seat, or one per seat in seat order.

    >>> Lineup(["heuristic", "random", "random", "random"]).kinds(4)
    ('heuristic', 'random', 'random', 'random')
    >>> Lineup("random").name, Lineup("random").kinds(3)
    ('random', ('random', 'random', 'random'))
    """

    agents: str | tuple[str, ...] = "random"
    name: str | None = None

    def __post_init__(self) -> None:
        if self.name is None:
            label = self.agents if isinstance(self.agents, str) else " ".join(self.agents)
            object.__setattr__(self, "name", label)
        if not isinstance(self.agents, str):
            object.__setattr__(self, "agents", tuple(self.agents))

    def kinds(self, seats: int) -> tuple[str, ...]:
        """The agent kind of each of ``seats`` seats."""
        return (self.agents,) * seats if isinstance(self.agents, str) else self.agents

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name,
                "agents": self.agents if isinstance(self.agents, str) else list(self.agents)}


def _variant(value: Any, path: str) -> Variant:
    if isinstance(value, Variant):
        value = value.to_json()
    value = _named_values(value, path)
    _only(value, VARIANT_FIELDS, path)
    options = _named_values(value.get("options"), f"{path}.options")
    config = _named_values(value.get("config"), f"{path}.config")
    name = value.get("name")
    name = _label(options, config) if name is None else _name(name, f"{path}.name")
    return Variant(name, options, config)


def _lineup(value: Any, game: Game, path: str) -> Lineup:
    if isinstance(value, Lineup):
        value = value.to_json()
    elif isinstance(value, str | list | tuple):
        value = {"agents": value}
    value = _named_values(value, path)
    _only(value, LINEUP_FIELDS, path)
    agents = value.get("agents", "random")
    kinds = [agents] if isinstance(agents, str) else agents
    if not isinstance(kinds, list | tuple) or not kinds:
        raise SpecError(f"{path}.agents", "expected an agent kind or a non-empty list of them, "
                                          f"got {_show(agents)}")
    for i, kind in enumerate(kinds):
        where = f"{path}.agents" + ("" if isinstance(agents, str) else f"[{i}]")
        if kind not in game.agents:
            raise SpecError(where, f"{game.name} has no agent kind {_show(kind)} "
                                   f"(kinds: {', '.join(game.agents)})")
    name = value.get("name")
    return Lineup(agents if isinstance(agents, str) else tuple(agents),
                  None if name is None else _name(name, f"{path}.name"))


def _seeds(value: Any) -> range:
    if isinstance(value, range):
        if value.step != 1:
            raise SpecError("seeds", f"expected consecutive seeds, got a step of {value.step}")
        value = {"first": value.start, "count": len(value)}
    if isinstance(value, int) and not isinstance(value, bool):
        value = {"first": 0, "count": value}
    if not isinstance(value, Mapping):
        raise SpecError("seeds", f"expected a count or {{\"first\": F, \"count\": N}}, "
                                 f"got {_show(value)}")
    _only(value, ("first", "count"), "seeds")
    first = coerce(int, value.get("first", 0), "seeds.first")
    count = coerce(int, value.get("count"), "seeds.count") if "count" in value else None
    if count is None:
        raise SpecError("seeds.count", "missing: how many seeds to play")
    if not 1 <= count <= MAX_SEEDS:
        raise SpecError("seeds.count", f"expected 1 to {MAX_SEEDS}, got {count}")
    if first < 0:
        raise SpecError("seeds.first", f"expected a seed of 0 or more, got {first}")
    return range(first, first + count)


def _unique(names: list[str], path: str) -> None:
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            raise SpecError(f"{path}[{i}].name", f"{_show(name)} names an earlier one too; "
                                                 "give each a name of its own")
        seen.add(name)


# -- the experiment --------------------------------------------------------------------------
class Experiment:
    """A checked grid of rule variants × agent line-ups × seeds of one game.

    ``variants`` and ``lineups`` take :class:`Variant` / :class:`Lineup` objects or
    their JSON form (mappings; a line-up may also be just an agent kind or a list of
    kinds); ``seeds`` a count from 0, a ``range`` with step 1, or
    ``{"first": F, "count": N}``. Raises :class:`SpecError` naming the field.

    >>> exp = Experiment("mall-of-horror", options={"players": 4},
    ...                  lineups=["random", ["heuristic", "random", "random", "random"]],
    ...                  seeds=range(100, 150))
    >>> [l.name for l in exp.lineups], exp.seeds, exp.matches
    (['random', 'heuristic random random random'], range(100, 150), 100)
    >>> exp.players("default")
    ('yellow', 'red', 'blue', 'green')
    """

    def __init__(self, game: str, *, variants: Sequence[Any] | None = None,
                 lineups: Sequence[Any] | None = None, seeds: Any = 100,
                 options: Mapping[str, Any] | None = None,
                 config: Mapping[str, Any] | None = None, name: str | None = None) -> None:
        if not isinstance(game, str) or game not in registry.names():
            raise SpecError("game", f"expected one of {', '.join(registry.names())}, "
                                    f"got {_show(game)}")
        self.game = game
        description = registry.get(game)
        self.name = _name(name, "name") if name is not None else game
        self.options = _named_values(options, "options")
        self.config = _named_values(config, "config")
        if variants is not None and (isinstance(variants, str | Mapping)
                                     or not isinstance(variants, Sequence) or not variants):
            raise SpecError("variants", f"expected a non-empty list, got {_show(variants)}")
        if lineups is not None and (isinstance(lineups, str | Mapping)
                                    or not isinstance(lineups, Sequence) or not lineups):
            raise SpecError("lineups", f"expected a non-empty list, got {_show(lineups)}")
        self.variants = tuple(_variant(v, f"variants[{i}]")
                              for i, v in enumerate(variants or [{}]))
        self.lineups = tuple(_lineup(v, description, f"lineups[{i}]")
                             for i, v in enumerate(lineups or ["random"]))
        _unique([v.name for v in self.variants], "variants")  # type: ignore[misc]
        _unique([v.name for v in self.lineups], "lineups")  # type: ignore[misc]
        self.seeds = _seeds(seeds)
        self._players: dict[str, tuple[str, ...]] = {}
        self._check_setups(description)

    def _check_setups(self, game: Game) -> None:
        """Build every variant's setup and fit every line-up to its seats (SpecError)."""
        from boardlab.core.engine import Match

        if self.config or self.options:  # the base alone: its errors name the base's fields
            build_setup(game, self.options, self.config)
        for i, variant in enumerate(self.variants):
            options, config = self.effective(variant)
            setup = build_setup(
                game, options, config,
                options_path=f"variants[{i}].options" if variant.options else "options",
                config_path=f"variants[{i}].config" if variant.config else "config")
            players = game.players(Match(game.rules, setup, seed=self.seeds.start))
            self._players[variant.name] = players  # type: ignore[index]
            for j, lineup in enumerate(self.lineups):
                if not isinstance(lineup.agents, str) and len(lineup.agents) != len(players):
                    raise SpecError(f"lineups[{j}].agents",
                                    f"{len(lineup.agents)} agent kinds for the "
                                    f"{len(players)} players of variant {variant.name!r} "
                                    f"({', '.join(players)})")

    def effective(self, variant: Variant) -> tuple[dict[str, Any], dict[str, Any]]:
        """A variant's options and config overrides, the base included."""
        return {**self.options, **variant.options}, {**self.config, **variant.config}

    def players(self, variant: str) -> tuple[str, ...]:
        """The players of ``variant``'s matches, in seat order."""
        return self._players[variant]

    @property
    def matches(self) -> int:
        """How many matches the experiment plays."""
        return len(self.variants) * len(self.lineups) * len(self.seeds)

    @property
    def registration(self) -> registry.Registration:
        return registry.registration(self.game)

    # -- as data -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The spec, every default filled in: what a spec file holds, and the results
        file's header (re-reading it gives the same experiment)."""
        return {"game": self.game, "name": self.name, "options": dict(self.options),
                "config": {k: to_json_value(v) for k, v in self.config.items()},
                "variants": [v.to_json() for v in self.variants],
                "lineups": [lineup.to_json() for lineup in self.lineups],
                "seeds": {"first": self.seeds.start, "count": len(self.seeds)}}

    @property
    def id(self) -> str:
        """A short hash of the spec: results files carry it."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @classmethod
    def from_json(cls, data: Any) -> Experiment:
        """An experiment from a spec's JSON value (a dict); SpecError names a bad field.

        >>> Experiment.from_json({"game": "mall-of-horror", "seeds": 5}).matches
        5
        >>> Experiment.from_json({"game": "mall-of-horror", "varients": []})
        Traceback (most recent call last):
        ...
        boardlab.experiment.spec.SpecError: varients: unknown field (fields: game, name, \
options, config, variants, lineups, seeds)
        """
        if not isinstance(data, Mapping):
            raise SpecError("", f"a spec is a JSON object, got {_show(data)}")
        _only(data, FIELDS, "")
        if "game" not in data:
            raise SpecError("game", "missing: the registered name of the game "
                                    f"({', '.join(registry.names())})")
        return cls(data["game"], variants=data.get("variants"), lineups=data.get("lineups"),
                   seeds=data.get("seeds", 100), options=data.get("options"),
                   config=data.get("config"), name=data.get("name"))

    def run(self, executor: Executor | Any = None, *, workers: int | None = None,
            chunk: int | None = None, out: str | Path | None = None,
            scheduler: str | None = None, progress: bool = True) -> Results:
        """Play every match; see :func:`boardlab.experiment.runner.run`."""
        return _RUNNER[0](self, executor, workers=workers, chunk=chunk, out=out,
                          scheduler=scheduler, progress=progress)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Experiment) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return (f"<Experiment {self.name!r}: {self.game}, {len(self.variants)} variant(s) × "
                f"{len(self.lineups)} line-up(s) × {len(self.seeds)} seeds = "
                f"{self.matches} matches>")


def load_spec(path: str | Path) -> Experiment:
    """Read a spec file (JSON); an unreadable file or a bad field is a SpecError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise SpecError("", f"cannot read {path}: {err.strerror or err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SpecError("", f"{path} is not JSON: {err.msg} at line {err.lineno} "
                            f"column {err.colno}") from None
    return Experiment.from_json(data)
