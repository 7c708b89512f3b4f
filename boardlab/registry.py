"""The game registry: every game boardlab knows, by the name its saved files carry.

A game registers under its ``rules.name`` (``"mall-of-horror"``) with the package that
holds it. Nothing of the game is imported until it is asked for: :func:`get` imports
the package's ``game`` module and returns its ``GAME``, a :class:`Game` that tells the
command line, the soak and the docs tests everything they need — the rules and rule
book, the phase titles, the game's own options (as :class:`Option` data), its agent
kinds, how to build a setup from options, and how to tell a match's result.
``boardlab.GAMES`` and the lazy ``boardlab.<package>`` attributes come from here too.

>>> from boardlab import registry
>>> reg = registry.registration(registry.names()[0])
>>> reg.name == registry.get(reg.name).name
True

Adding a game is one line in :data:`BUILTIN` plus a ``game.py`` in its package (see
docs/adding-a-game.md); the CLI and the soak take it as it is. Tests and notebooks may
add games of their own with :func:`register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import product
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # the engine loads with the first game, not with `import boardlab`
    import random

    from boardlab.core.agents import Agent
    from boardlab.core.engine import Match, Rules
    from boardlab.core.errors import ConfigError
    from boardlab.core.rules import RuleBook

__all__ = [
    "BUILTIN", "RESERVED", "Game", "Option", "Registration", "get", "names", "random_agent",
    "register", "registration", "unregister",
]

#: Option names the command line and the soak use themselves; a game may not take them.
RESERVED = frozenset({"game", "seed", "agents", "json", "viewer", "file", "help", "matches",
                      "workers", "deep_every", "first_seed", "chunk", "progress"})


#: ``Game.play`` called without ``seed=`` (see ``boardlab.core.engine.seed_default``).
_SEED_NOT_GIVEN: Any = object()


def _config_error(message: str) -> ConfigError:
    # Imported here: boardlab.core (the engine) is not loaded by `import boardlab`.
    from boardlab.core.errors import ConfigError

    return ConfigError(message)


class Option:
    """One option of a game, as data: ``--NAME VALUE`` for ``play``, a list for the soak.

    ``type`` is ``int`` or ``str``; ``choices`` (optional) are the only values allowed;
    ``default`` is used when the option is not given (``None``: the game's own
    default); ``soak`` are the values the soak runs in turn by default (``None``: just
    ``default``). Values are checked again by the game when it builds its setup, so an
    option need not repeat a range the rules already enforce with a rule id.

    >>> o = Option("players", int, 4, "number of players", soak=(3, 4, 5))
    >>> o.flag, o.parse("5"), o.parse_list("3,5"), o.soak_values
    ('--players', 5, (3, 5), (3, 4, 5))
    >>> o.check(True)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ConfigError: option players: expected a whole number, got True
    """

    __slots__ = ("name", "type", "default", "help", "choices", "soak", "metavar")

    def __init__(self, name: str, type: type = int, default: Any = None, help: str = "", *,
                 choices: Sequence[Any] | None = None, soak: Sequence[Any] | None = None,
                 metavar: str | None = None) -> None:
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            raise ValueError(f"option name must be a Python identifier, got {name!r}")
        if name in RESERVED:
            raise ValueError(f"option name {name!r} is used by the command line itself")
        if type not in (int, str):
            raise ValueError(f"option {name}: type must be int or str, got {type!r}")
        self.name, self.type, self.help, self.metavar = name, type, help, metavar
        self.choices = None if choices is None else tuple(choices)
        if self.choices is not None:
            if not self.choices:
                raise ValueError(f"option {name}: choices must not be empty")
            for value in self.choices:
                self._check_type(value)
        self.default = None if default is None else self.check(default)
        self.soak = None if soak is None else tuple(self.check(v) for v in soak)
        if self.soak == ():
            raise ValueError(f"option {name}: soak values must not be empty")

    @property
    def flag(self) -> str:
        """The command-line flag: ``--first-player`` for ``first_player``."""
        return "--" + self.name.replace("_", "-")

    @property
    def soak_values(self) -> tuple[Any, ...]:
        """The values the soak runs in turn when the option is not given."""
        return self.soak if self.soak is not None else (self.default,)

    def _check_type(self, value: Any) -> Any:
        if self.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise _config_error(f"option {self.name}: expected a whole number, got {value!r}")
        if self.type is str and not isinstance(value, str):
            raise _config_error(f"option {self.name}: expected a string, got {value!r}")
        return value

    def check(self, value: Any) -> Any:
        """``value`` if it has the right type and is one of the choices; else ConfigError."""
        self._check_type(value)
        if self.choices is not None and value not in self.choices:
            raise _config_error(f"option {self.name}: {value!r} is not one of "
                              f"{', '.join(map(str, self.choices))}")
        return value

    def parse(self, text: str) -> Any:
        """A value from command-line text (ValueError names what was expected)."""
        try:
            value = self.type(text.strip())
        except ValueError:
            raise ValueError(f"expected a whole number, got {text!r}") from None
        try:
            return self.check(value)
        except ValueError as err:  # ConfigError
            raise ValueError(str(err).removeprefix(f"option {self.name}: ")) from None

    def parse_list(self, text: str) -> tuple[Any, ...]:
        """Comma-separated values, as the soak takes them (``"3,4,5"``)."""
        return tuple(self.parse(part) for part in text.split(","))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Option) and all(
            getattr(self, s) == getattr(other, s) for s in self.__slots__)

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"Option({self.name!r}, {self.type.__name__}, default={self.default!r})"


#: Makes the agent of one seat: ``(player, seat index, match seed) -> Agent``.
AgentMaker = Callable[[str, int, int], "Agent"]
#: Illegal choices to try at a state in the soak's deep checks (see core.conformance).
IllegalMaker = Callable[[Any, "random.Random"], Iterable[Any]]


def random_agent(player: str, index: int, seed: int) -> Agent:
    """The seeded random agent every game has (the one ``core.simulate.agent_table`` makes).

    >>> random_agent("red", 1, 7).choose(None, ("a", "b", "c")) in ("a", "b", "c")
    True
    """
    from boardlab.core.agents import RandomAgent

    return RandomAgent(seed=seed * 1000 + index)


class Game:
    """What a game tells the command line, the soak and the docs tests.

    A game's ``game.py`` defines ``GAME``, an instance of a subclass that sets
    :attr:`rules` and overrides what its game needs; every method has a default that
    works for a game whose setup is built from its options by keyword and whose
    players are the keys of ``rules.scores``.

    - data: :attr:`rules`, :attr:`phase_titles`, :attr:`options`, :attr:`agents`,
      :attr:`illegal`, :attr:`score_unit`;
    - matches: :meth:`setup`, :meth:`start`, :meth:`play`, :meth:`load`;
    - narration: :meth:`players`, :meth:`title`, :meth:`winners`, :meth:`result_lines`,
      :meth:`board_lines`, :attr:`narrate_once`;
    - text: :meth:`parse_choice` (``match.push("...")`` and ``replay --push``);
    - soak: :meth:`soak_plan`; experiments: :meth:`match_fields`.
    """

    #: The rules object (``core.engine.Rules``); ``rules.name`` is the registry name.
    rules: Rules[Any, Any]
    #: Heading of each phase key in the narration (``{"a": "a) Search the Truck"}``).
    phase_titles: Mapping[str, str] = MappingProxyType({})
    #: The game's own options, in the order ``--help`` lists them.
    options: tuple[Option, ...] = ()
    #: Agent kinds for ``--agents``, the first one the default; ``random`` is always there.
    agents: Mapping[str, AgentMaker] = MappingProxyType({"random": random_agent})
    #: Makes illegal choices for the soak's deep checks to try; the soak tries none if None.
    illegal: IllegalMaker | None = None
    #: What a score counts ("point", "star"), for the result lines.
    score_unit: str = "point"
    #: Event kinds the command line tells once per text (``narrate.Style.once``): a
    #: line that would be repeated every round with nothing new in it.
    narrate_once: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        """The registry name, as in saved files (``rules.name``)."""
        return self.rules.name

    @property
    def book(self) -> RuleBook:
        return self.rules.book

    def describe_problems(self) -> list[str]:
        """Mistakes in this description (empty when it is sound); checked on loading."""
        problems = []
        for attr in ("name", "book", "initial", "step", "setup_type"):
            if not hasattr(self.rules, attr):
                problems.append(f"rules has no {attr!r}")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            problems.append(f"an option name is repeated: {names}")
        if not self.agents or next(iter(self.agents)) != "random":
            problems.append("agents must start with 'random' (the default)")
        return problems

    # -- matches ----------------------------------------------------------------------
    def option_values(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value: ``given`` checked, the others at their default.

        An unknown option name is a :class:`~boardlab.core.errors.ConfigError` that
        lists the game's options.
        """
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            have = ", ".join(known) or "none"
            raise _config_error(f"{self.name} has no option {unknown[0]!r} (options: {have})")
        return {n: o.default if given.get(n) is None else o.check(given[n])
                for n, o in known.items()}

    def setup(self, **options: Any) -> Any:
        """The rules' setup for these option values (default: ``setup_type(**options)``
        with the options left at ``None`` not passed)."""
        return self.rules.setup_type(**{k: v for k, v in options.items() if v is not None})

    def start(self, *, seed: int | None = None, **options: Any) -> Match[Any, Any]:
        """A new match before its first choice, from option values."""
        from boardlab.core.engine import Match

        return Match(self.rules, self.setup(**self.option_values(options)), seed=seed)

    def play(self, *, seed: int | None = _SEED_NOT_GIVEN, agents: str = "random",
             **options: Any) -> Match[Any, Any]:
        """A whole match: chance from ``seed``, every seat played by an ``agents`` agent.

        ``seed=None`` draws a fresh seed (kept in ``match.seed``, which seeds the agents
        too). Without ``seed=`` this release plays seed 0 and warns (the default becomes
        ``None`` in 0.3).
        """
        from boardlab.core.engine import SEED_NOT_GIVEN, seed_default
        from boardlab.core.simulate import play_out

        if agents not in self.agents:
            raise _config_error(f"{self.name} has no agent kind {agents!r} "
                              f"(kinds: {', '.join(self.agents)})")
        if seed is _SEED_NOT_GIVEN:
            seed = seed_default(SEED_NOT_GIVEN, f"{type(self).__name__}.play()")
        match = self.start(seed=seed, **options)
        make = self.agents[agents]
        return play_out(match, {p: make(p, i, match.seed)
                                for i, p in enumerate(self.players(match))})

    def load(self, text: str | bytes | Mapping[str, Any]) -> Match[Any, Any]:
        """A match saved with ``match.to_json()``; a bad field raises FormatError."""
        from boardlab.core.engine import Match

        return Match.from_json(self.rules, text)

    def parse_choice(self, text: str, state: Any) -> Any:
        """The legal choice (or chance outcome) ``text`` names at ``state``.

        Default: the legal choice whose own ``str()`` reads as ``text``, ignoring case
        and spacing (:func:`boardlab.core.text.choice_from_text`). A game overrides it
        to accept what players say ("red votes blue"); ``match.push(text)`` uses it.
        A refusal is a :class:`~boardlab.core.errors.ChoiceTextError` listing the legal
        choices.
        """
        from boardlab.core.text import parse_choice

        return parse_choice(self.rules, state, text)

    # -- narration -----------------------------------------------------------------
    def players(self, match: Match[Any, Any]) -> tuple[str, ...]:
        """The players, in seat order (default: the keys of the scores)."""
        return tuple(match.scores())

    def title(self, match: Match[Any, Any]) -> str:
        """The first line of a narration."""
        from boardlab.narrate import plural

        players = self.players(match)
        return (f"{self.book.name}: {plural(len(players), 'player')} ({', '.join(players)}), "
                f"seed {match.seed}")

    def winners(self, match: Match[Any, Any]) -> tuple[str, ...]:
        """The winner(s) of a finished match (default: every top scorer)."""
        scores = match.scores()
        best = max(scores.values())
        return tuple(p for p, s in scores.items() if s == best)

    def board_lines(self, state: Any) -> list[str]:
        """A compact text snapshot of the board in ``state``, which the command line tells
        before each round and at the end (default: none). Public information only."""
        return []

    def result_lines(self, match: Match[Any, Any]) -> list[str]:
        """The closing lines: scores, then the winner(s) (see ``narrate.standings``)."""
        from boardlab.narrate import standings

        over = match.is_over
        return standings(match.scores(), self.winners(match) if over else (), over=over,
                         ply=match.ply, unit=self.score_unit)

    def match_fields(self, match: Match[Any, Any]) -> dict[str, int | float | str | bool | None]:
        """The game's own summary of a finished match, one value per name, for the rows
        of an experiment (``boardlab.experiment``): rounds played, survivors, … (default:
        none). Numbers get a mean per variant and paired differences between variants.
        """
        return {}

    # -- soak --------------------------------------------------------------------
    def soak_plan(self, values: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
        """The option combinations the soak cycles through, match ``i`` taking entry
        ``i % len(plan)`` (default: every combination, the first option slowest).

        Override it when some combinations make no sense (a difficulty that only
        applies to one player).
        """
        names = [o.name for o in self.options]
        return [dict(zip(names, combo, strict=True))
                for combo in product(*(values[n] for n in names))]

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


class Registration(NamedTuple):
    """Where a game lives: ``module`` defines ``GAME`` (default ``<package>.game``)."""

    name: str
    package: str
    module: str = ""

    @property
    def entry(self) -> str:
        return self.module or f"{self.package}.game"

    def load(self) -> Game:
        """Import the game's description (once per process) and check it."""
        game = _LOADED.get(self)
        if game is None:
            module = importlib.import_module(self.entry)
            game = getattr(module, "GAME", None)
            if not isinstance(game, Game):
                raise TypeError(f"{self.entry}.GAME must be a boardlab.registry.Game, "
                                f"got {type(game).__name__}")
            problems = game.describe_problems()
            if game.name != self.name:
                problems.append(f"rules.name is {game.name!r}, registered as {self.name!r}")
            if problems:
                raise TypeError(f"game {self.name!r} ({self.entry}): {'; '.join(problems)}")
            _LOADED[self] = game
        return game


#: The games that ship with boardlab, by registry name (the saved files' ``game``).
BUILTIN: tuple[Registration, ...] = (
    Registration("mall-of-horror", "boardlab.mall_of_horror"),
    Registration("lockup-breakout", "boardlab.lockup_breakout"),
    Registration("level7-lockdown", "boardlab.level7_lockdown"),
)

_REGISTRY: dict[str, Registration] = {r.name: r for r in BUILTIN}
_LOADED: dict[Registration, Game] = {}


def register(name: str, package: str, *, module: str = "") -> Registration:
    """Add a game (or move a name to another package); returns its registration.

    The package is not imported until the game is used.
    """
    if not isinstance(name, str) or not name or name != name.strip().lower() or " " in name:
        raise ValueError(f"a game name is lower case without spaces, got {name!r}")
    reg = Registration(name, package, module)
    _REGISTRY[name] = reg
    return reg


def unregister(name: str) -> None:
    """Remove a game added with :func:`register` (KeyError if there is none)."""
    del _REGISTRY[name]


def names() -> list[str]:
    """Registered game names, sorted.

    >>> "mall-of-horror" in names()
    True
    """
    return sorted(_REGISTRY)


def registration(name: str) -> Registration:
    """The registration of ``name``; ConfigError listing the games if there is none."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise _config_error(f"no game {name!r}; games: {', '.join(names())}") from None


def get(name: str) -> Game:
    """The description of game ``name``, importing its package on first use."""
    return registration(name).load()


def package_names() -> tuple[str, ...]:
    """The ``boardlab.<name>`` attribute of every built-in game, in registration order."""
    return tuple(r.package.removeprefix("boardlab.") for r in BUILTIN
                 if r.package.startswith("boardlab.") and r.package.count(".") == 1)
