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
import sys
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # the engine loads with the first game, not with `import boardlab`
    from boardlab.core.errors import ConfigError
    from boardlab.gamekit.spec import RESERVED, Game, GameSpec, Option, random_agent

__all__ = [
    "BUILTIN", "RESERVED", "Game", "GameSpec", "Option", "Registration", "game_of", "get",
    "names", "random_agent", "register", "registration", "unregister",
]

#: The spec's names, found here as before (``boardlab.registry.Game``): they live in
#: :mod:`boardlab.gamekit.spec` and load with the first game, not with `import boardlab`.
_FROM_SPEC = frozenset({"RESERVED", "Game", "GameSpec", "Option", "random_agent",
                        "AgentMaker", "IllegalMaker"})


def __getattr__(name: str) -> Any:
    if name in _FROM_SPEC:
        from boardlab.gamekit import spec

        return getattr(spec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _config_error(message: str) -> ConfigError:
    # Imported here: boardlab.core (the engine) is not loaded by `import boardlab`.
    from boardlab.core.errors import ConfigError

    return ConfigError(message)


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
            from boardlab.gamekit.spec import GameSpec, hand_in_parser

            if not isinstance(game, GameSpec):
                raise TypeError(f"{self.entry}.GAME must be a boardlab.registry.Game, "
                                f"got {type(game).__name__}")
            problems = game.describe_problems()
            if game.name != self.name:
                problems.append(f"rules.name is {game.name!r}, registered as {self.name!r}")
            if problems:
                raise TypeError(f"game {self.name!r} ({self.entry}): {'; '.join(problems)}")
            hand_in_parser(game)   # match.push(text) reads the game's own words
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


def game_of(thing: Any) -> Game:
    """The spec of the game a match, a position or a rules object belongs to.

    >>> from boardlab import mall_of_horror as moh
    >>> game_of(moh.new_match(seed=1)).name, game_of(moh.new_match(seed=1).state).name
    ('mall-of-horror', 'mall-of-horror')
    >>> game_of(None)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.ArgumentTypeError: position: expected a match or a position ...
    """
    from boardlab.core.errors import ArgumentTypeError

    rules = getattr(thing, "rules", None)
    name = getattr(rules, "name", None) if rules is not None else getattr(thing, "name", None)
    if isinstance(name, str) and name in _REGISTRY:
        game = get(name)
        if game.rules is rules or game.rules is thing:
            return game
    for reg in _REGISTRY.values():  # a position: the game (already imported) of its type
        if reg.package in sys.modules and type(thing) is reg.load().rules.state_type:
            return reg.load()
    raise ArgumentTypeError("position", thing, "expected a match or a position of a "
                            "registered game")


def package_names() -> tuple[str, ...]:
    """The ``boardlab.<name>`` attribute of every built-in game, in registration order."""
    return tuple(r.package.removeprefix("boardlab.") for r in BUILTIN
                 if r.package.startswith("boardlab.") and r.package.count(".") == 1)
