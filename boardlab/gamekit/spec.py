"""What a game declares about itself: its options, its front door and its narration.

A game's ``game.py`` defines ``GAME``, an instance of a :class:`GameSpec` subclass. The
spec is the single source of everything generic code needs of the game:

- the **front door** (:mod:`boardlab.gamekit.door` builds ``new_match``, ``play``,
  ``load_match``, ``save_position``, ``load_position``, ``rule``, ``observe``,
  ``render_svg``, ``winners``, ``scores``, ``parse_choice`` and the names loaded on first
  use from it): :attr:`~GameSpec.package`, :attr:`~GameSpec.alias`,
  :attr:`~GameSpec.config_type`, :attr:`~GameSpec.keywords`, :attr:`~GameSpec.lazy`,
  :attr:`~GameSpec.moved` and the hooks :meth:`~GameSpec.make_setup`,
  :meth:`~GameSpec.seats`, :meth:`~GameSpec.check_state`, :meth:`~GameSpec.winners_of`;
- the **command line, the soak and experiments** (:mod:`boardlab.registry` finds the
  spec by the game's name): :attr:`~GameSpec.options` as :class:`Option` data, agent
  kinds, illegal choices for the soak's deep checks, the narration's title and result
  lines, the soak plan, an experiment's summary fields.

>>> from boardlab.gamekit import Option
>>> Option("players", int, 4, "number of players").flag
'--players'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from boardlab.core.errors import ArgumentTypeError, ConfigError
from boardlab.core.plan import Plan
from boardlab.core.soundness import check_start
from boardlab.core.text import parse_choice, use_parser

if TYPE_CHECKING:  # the engine loads with the first game, not with `import boardlab`
    import random

    from boardlab.core.agents import Agent
    from boardlab.core.engine import Match, Rules
    from boardlab.core.rules import RuleBook

__all__ = ["RESERVED", "Game", "GameSpec", "Keyword", "Option", "random_agent"]

S = TypeVar("S")
C = TypeVar("C")


#: Option names the command line and the soak use themselves; a game may not take them.
RESERVED = frozenset({"game", "seed", "agents", "json", "viewer", "file", "help", "matches",
                      "workers", "deep_every", "first_seed", "chunk", "progress"})


#: ``Game.play`` called without ``seed=`` (see ``boardlab.core.engine.seed_default``).
_SEED_NOT_GIVEN: Any = object()


def hand_in_parser(spec: GameSpec[Any, Any]) -> None:
    """Give core the game's text parser (``match.push("red votes blue")``) when its spec
    overrides :meth:`GameSpec.parse_choice`: core reads it from there
    (:func:`boardlab.core.text.use_parser`) and never imports the registry. The front
    door (built in the game's ``api``) and the registry's loading both call this."""
    if type(spec).parse_choice is not GameSpec.parse_choice:
        use_parser(spec.rules, spec.parse_choice)


def _config_error(message: str) -> ConfigError:
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
    if not _RANDOM_AGENT:  # imported once, on first use (an import statement per seat
        from boardlab.core.agents import RandomAgent  # costs ten times the lookup)

        _RANDOM_AGENT.append(RandomAgent)
    return _RANDOM_AGENT[0](seed=seed * 1000 + index)


# The RandomAgent class, loaded by the first random_agent() call (the engine loads with
# the first game, not with ``import boardlab``).
_RANDOM_AGENT: list[Callable[..., Agent]] = []


class Keyword(NamedTuple):
    """A keyword of a game's own that ``new_match`` and ``play`` take (beyond the shared
    ``players``, ``seed``, ``config``, ``start`` and ``agents``): Breakout's
    ``difficulty``, Level 7's ``scenario`` and ``mode``.

    ``annotation`` is shown in the signature; ``check(value, path)`` refuses a value of
    the wrong *type* with an ArgumentTypeError (the range is the setup's to check, with
    its rule id); ``None`` accepts anything. ``doc`` is its line in the verbs' docstrings.

    >>> Keyword("difficulty", None, "str | None").default is None
    True
    """

    name: str
    default: Any
    annotation: str
    check: Callable[[Any, str], Any] | None = None
    doc: str = ""


class GameSpec(Generic[S, C]):
    """What a game tells the front door, the command line, the soak and the docs tests.

    A game's ``game.py`` defines ``GAME``, an instance of a subclass that sets
    :attr:`rules` and overrides what its game needs; every method has a default that
    works for a game whose setup is built from its options by keyword and whose
    players are the keys of ``rules.scores``.

    - data: :attr:`rules`, :attr:`phase_titles`, :attr:`options`, :attr:`agents`,
      :attr:`illegal`, :attr:`score_unit`;
    - the front door: :attr:`package`, :attr:`alias`, :attr:`config_type`,
      :attr:`keywords`, :attr:`lazy`, :attr:`moved`; :meth:`make_setup`,
      :meth:`seats`, :meth:`check_state`, :meth:`winners_of`, :meth:`scores_of`;
    - matches: :meth:`setup`, :meth:`start`, :meth:`play`, :meth:`load`;
    - narration: :meth:`players`, :meth:`title`, :meth:`winners`, :meth:`result_lines`,
      :meth:`board_lines`, :attr:`narrate_once`;
    - text: :meth:`parse_choice` (``match.push("...")`` and ``replay --push``);
    - soak: :meth:`soak_plan`; experiments: :meth:`match_fields`.
    """

    #: The rules object (``core.engine.Rules``); ``rules.name`` is the registry name.
    rules: Rules[S, C]
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

    # -- the front door ---------------------------------------------------------------
    #: The package that holds the game (``"boardlab.mall_of_horror"``): the names of
    #: :attr:`lazy` are found in its modules.
    package: str = ""
    #: How the docs import the package (``moh``), for messages: "expected a moh.State".
    alias: str = ""
    #: The class of a game configuration (``config=`` of ``new_match``), if any.
    config_type: type[Any] | None = None
    #: The game's own keywords of ``new_match`` and ``play``, in signature order.
    keywords: tuple[Keyword, ...] = ()
    #: Names a game module loads on first use, ``name -> "module:attribute"`` (a module
    #: path relative to :attr:`package` when it starts with a dot, ``"module:"`` for the
    #: module itself): the board and explainer (ipywidgets), the odds (sympy), what-ifs.
    lazy: Mapping[str, str] = MappingProxyType({
        "Board": ".board:Board", "Explainer": ".explainer:Explainer",
        "explain_phase": ".explainer:explain_phase", "odds": ".odds:",
        "win_odds": "boardlab.experiment.whatif:win_odds",
        "compare_win_odds": "boardlab.experiment.whatif:compare_win_odds",
            "advise": "boardlab.advice:advise"})
    #: Old names kept for one release, ``old -> new`` (a name of the game module): using
    #: one gives the new object with a DeprecationWarning.
    moved: Mapping[str, str] = MappingProxyType({})
    #: What the game calls a seat in a sentence ("colour" in Mall of Horror).
    seat_word: str = "seat"

    def make_setup(self, players: int | None, config: Any, **keywords: Any) -> Any:
        """The setup of ``new_match(players, config=config, **keywords)``; ``players`` is
        ``None`` for the game's default. Default: ``setup_type(players=..., config=...,
        **keywords)`` with the ``None`` ones left out. The setup checks the ranges and
        cites the rules."""
        given = {"players": players, "config": config, **keywords}
        return self.rules.setup_type(**{k: v for k, v in given.items() if v is not None})

    def seats(self, state: Any) -> tuple[str, ...]:
        """The players who decide, in seat order (default: the keys of the scores)."""
        return tuple(self.rules.scores(state))

    def check_state(self, value: Any, path: str = "state", *, sound: bool = True) -> S:
        """``value`` if it is a position of this game, else an ArgumentTypeError naming
        ``path``. With ``sound=True`` (a position a match starts from or a file keeps) the
        position must also be possible and playable, checked as every door checks a
        start (:func:`boardlab.core.soundness.check_start`: the game's invariants, then
        at least one legal continuation): else a ConfigError naming ``path``.
        ``sound=False`` (a picture, a view, a query) checks the type only, so a hand-made
        what-if can still be drawn."""
        state_type = self.rules.state_type
        if not isinstance(value, state_type):
            a = self.alias or self.name
            raise ArgumentTypeError(path, value, f"expected a {self.book.name} position "
                                    f"({a}.{state_type.__name__}: match.state, "
                                    f"{a}.position(...) or {a}.load_position(...))")
        if sound:
            check_start(self.rules, value, path)
        return value

    def scores_of(self, state: Any) -> dict[str, int]:
        """Every side's score in ``state`` (checked here: the rules' scores)."""
        return self.rules.scores(self.check_state(state, sound=False))

    def winners_of(self, state: Any) -> tuple[str, ...]:
        """Who wins ``state`` if the match ends there (of a finished match: who won),
        the argument checked here. Default: every top scorer."""
        scores = self.scores_of(state)
        best = max(scores.values())
        return tuple(p for p, s in scores.items() if s == best)

    def position_words(self, state: Any) -> str:
        """Where a position stands, in a few words ("round 2, phase c"), for titles.
        Default: "setup" in round 0, else the round and the phase."""
        round_ = getattr(state, "round", None)
        phase = getattr(state, "phase", None)
        if round_ is None:
            return "this position"
        if round_ == 0 or phase == "setup":
            return "setup"
        return f"round {round_}" + (f", phase {phase}" if isinstance(phase, str) else "")

    @property
    def default_players(self) -> int | None:
        """The number of players a match has when none is given (the ``players`` option)."""
        for option in self.options:
            if option.name == "players":
                return option.default
        return None

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

    # -- advice (boardlab.advice) -----------------------------------------------------
    def advice_measures(self, state: Any, seat: str, start: Any
                        ) -> Mapping[str, Fraction | int]:
        """The game's own measures of ``state`` for ``seat``, whose expected values an
        advice reports beside the score (``start``: the position advised, for measures
        of change such as points lost). Each value is an int or a Fraction (a 0/1 for
        an event: its expected value is its chance). Default: none."""
        return {}

    def advice_mark(self, state: Any, horizon: str) -> Hashable:
        """What changes when ``horizon`` (``"round"`` or ``"phase"``) ends: an advice to
        that horizon stops where the mark differs from the advised position's. Default:
        ``state.round``, and with it ``state.phase`` for a phase."""
        round_ = getattr(state, "round", None)
        return round_ if horizon == "round" else (round_, getattr(state, "phase", None))

    def advice_key(self, state: Any) -> Hashable:
        """What of ``state`` its future depends on, for merging positions in the exact
        enumeration (two states with one key must have one value). Default: the
        state itself; a game may forget what only its events read (a tally's ballots)."""
        return state

    def advice_parts(self, state: Any, seat: str, horizon: str
                     ) -> tuple[tuple[Any, Any], ...] | None:
        """Positions whose futures to ``horizon`` (``"round"`` or ``"phase"``) together
        are ``state``'s for ``seat``'s measures, for the exact enumeration
        (:mod:`boardlab.advice.exact`): ``(part, since)`` pairs, where the measures
        change from ``since`` to the part's
        horizon as they would in ``state`` (``since``: the part itself, or the part
        before what its first step ran), the parts' changes add up to ``state``'s, and
        no decision in one part changes another (a location attacked after this one,
        say). One part is a smaller position with the same future (what no longer
        matters left out). Default: None, not split."""
        return None

    def advice_leap(self, state: Any, seat: str) -> tuple[Plan, tuple[Any, ...]] | None:
        """Where every seat but ``seat`` chooses uniformly at random among its legal
        choices: the choices from ``state`` up to later positions at once, as a tree
        (:mod:`boardlab.core.plan`: the others' choices and chance counted as whole
        numbers of ways, ``seat``'s own a decision among its legal choices, in their
        order) over those positions, which come before the horizon may (for the exact
        enumeration, :mod:`boardlab.advice.exact`). Default: None, each choice on its
        own."""
        return None

    def advice_worlds(self, state: Any, seat: str, *, limit: int, seed: int
                      ) -> tuple[tuple[tuple[Any, Fraction], ...], bool, str]:
        """The positions ``seat`` cannot tell from ``state``, with the chance of each
        from what the seat may see: ``(worlds, exact, words)``. Built from the seat's
        view only, never from what it cannot see, so permuting the hidden part changes
        nothing; ``exact`` is False when the worlds were sampled (more than ``limit``),
        seeded by ``seed``; ``words`` says what was weighed. Default: the game hides
        nothing, the one world is the state."""
        return ((state, Fraction(1)),), True, ""

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
        """The rules' setup for these option values (the command line's and the soak's
        way in): :meth:`make_setup` with ``players`` and the other options."""
        players = options.pop("players", None)
        return self.make_setup(players, None, **options)

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
        return parse_choice(self.rules, state, text)

    # -- narration -----------------------------------------------------------------
    def players(self, match: Match[Any, Any]) -> tuple[str, ...]:
        """The players, in seat order (:meth:`seats` of the match's state)."""
        return self.seats(match.state)

    def title(self, match: Match[Any, Any]) -> str:
        """The first line of a narration."""
        from boardlab.words import plural

        players = self.players(match)
        return (f"{self.book.name}: {plural(len(players), 'player')} ({', '.join(players)}), "
                f"seed {match.seed}")

    def winners(self, match: Match[Any, Any]) -> tuple[str, ...]:
        """The winner(s) of a finished match (:meth:`winners_of` its state)."""
        return self.winners_of(match.state)

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


#: The name the registry and older code use for :class:`GameSpec`.
Game = GameSpec


