"""A game module's names loaded on first use, and its old names kept for a release.

:func:`module_attributes` gives a game package the ``__getattr__`` and ``__dir__`` it
needs: the names of its spec's :attr:`~boardlab.gamekit.spec.GameSpec.lazy` table load
their module on first access (the board and explainer import ipywidgets, the odds sympy,
the what-ifs the experiment statistics), and each old name of
:attr:`~boardlab.gamekit.spec.GameSpec.moved` gives the new object with a
DeprecationWarning. ``dir()`` lists the public names (``__all__`` and the lazy ones),
not the helpers a module imports.

>>> from boardlab import mall_of_horror as moh
>>> "Board" in dir(moh), "importlib" in dir(moh), "Any" in dir(moh)
(True, False, False)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

from boardlab.core.deprecation import warn_deprecated

__all__ = ["load", "module_attributes"]


def load(target: str, package: str) -> Any:
    """The object ``target`` names: ``"module:attr"``, ``"module:"`` for the module;
    a module path starting with a dot is relative to ``package``.

    >>> load(".odds:", "boardlab.mall_of_horror").__name__
    'boardlab.mall_of_horror.odds'
    """
    module_name, _, attr = target.partition(":")
    if module_name.startswith("."):
        module_name = package + module_name
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def module_attributes(namespace: MutableMapping[str, Any], lazy: Mapping[str, str],
                      moved: Mapping[str, str] = {},  # noqa: B006 - read only
                      *, alias: str = "",
                      ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for the module whose globals are ``namespace``;
    ``alias`` is how the docs import it (``l7``), for the warnings' wording."""
    package = namespace["__name__"]
    alias = alias or package.rsplit(".", 1)[-1]

    def __getattr__(name: str) -> Any:  # noqa: N807 - the module hook's own name
        if name in lazy:
            value = load(lazy[name], package)
            namespace[name] = value
            return value
        if name in moved:
            new = moved[name]
            warn_deprecated(f"{alias}.{name}", f"{alias}.{new}")
            return namespace[new] if new in namespace else __getattr__(new)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:  # noqa: N807
        public = set(namespace.get("__all__", ())) | set(lazy)
        return sorted(public | {n for n in namespace if n.startswith("__")})

    return __getattr__, __dir__
