"""The layers of boardlab point down only (DESIGN.md "Layers", docs/engine-patterns.md).

    core ← prob ← presentation (svg, words, narrate) ← widgets ← gamekit ← games
         ← application (registry, cli, soak, experiment, the package's front page)

A module may import its own layer and the layers below it, never one above; a game
imports no other game. Every module of ``boardlab/`` is parsed, and *every* import
counts: at the top, inside a function (an import put there to dodge a cycle is still a
dependency), under ``if TYPE_CHECKING:`` (a type named from above is an upward arrow
too). Inside a layer a few pairs are held apart on purpose (:data:`APART`): a game's
state does not import its pictures, an experiment's spec does not import the runner
that plays it.

Exceptions are few and each says why (:data:`ALLOWED`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardlab"

#: The game packages (one layer; none imports another).
GAMES = ("boardlab.mall_of_horror", "boardlab.lockup_breakout", "boardlab.level7_lockdown")

#: The layers, lowest first: each a name and the modules (or packages) it holds.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("boardlab.core",)),
    ("prob", ("boardlab.prob",)),
    # Words and pictures every game shares: SVG helpers, word helpers, the narration of
    # events (which reads only core's Event).
    ("presentation", ("boardlab.svg", "boardlab.words", "boardlab.narrate")),
    ("widgets", ("boardlab.widgets",)),
    # What every game is built from (its spec, its front door, its lazily loaded names):
    # above the generic parts a game uses, below the games that declare themselves with
    # it; the registry (application) loads a game through it.
    ("gamekit", ("boardlab.gamekit",)),
    ("games", GAMES),
    ("application", ("boardlab", "boardlab.__main__", "boardlab.registry", "boardlab.cli",
                     "boardlab.soak", "boardlab.experiment", "boardlab.advice")),
)

#: Upward imports that stay, ``(importer, imported) -> why``. Keep it short.
ALLOWED: dict[tuple[str, str], str] = {
    ("boardlab.mall_of_horror.whatif", "boardlab.experiment"):
        "a deprecated alias: the module forwards its old names to boardlab.experiment.whatif "
        "with a DeprecationWarning, and goes in 0.3",
    ("boardlab.mall_of_horror.whatif", "boardlab.experiment.whatif"):
        "the same deprecated alias",
    ("boardlab.widgets.advice_slot", "boardlab.advice.panel"):
        "the board's Advice toggle loads the advice panel when first switched on (inside "
        "its handler): every board gets the toggle, the advice stays unloaded until asked",
}

#: Pairs inside one layer held apart: ``(importer prefix, imported prefix, why)``; a
#: ``{game}`` stands for each game package.
APART: tuple[tuple[str, str, str], ...] = (
    ("{game}.state", "{game}.render",
     "a state shows itself in a notebook through boardlab.svg.ShowsSvg, whose renderer "
     "the game's front door hands in: the pictures depend on the state, not back"),
    ("boardlab.experiment.spec", "boardlab.experiment.runner",
     "the runner plays a spec; Experiment.run is the runner the package hands in"),
)


class Import(NamedTuple):
    importer: str
    imported: str
    line: int


def module_name(path: Path, root: Path = ROOT) -> str:
    """``boardlab/core/text.py`` → ``boardlab.core.text`` (a package is its folder)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, module: str, *, is_package: bool = False) -> Iterator[Import]:
    """Every boardlab module named by an import anywhere in ``source``: top-level, in a
    function, under TYPE_CHECKING; ``from a import b`` names ``a`` and ``a.b`` (``b``
    may be a module)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield Import(module, target, node.lineno)
            for alias in node.names:
                yield Import(module, f"{target}.{alias.name}", node.lineno)


class Source(NamedTuple):
    text: str
    is_package: bool = False


def all_modules() -> dict[str, Source]:
    """Every module of ``boardlab/``, by name, with its source."""
    return {module_name(p): Source(p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for p in sorted(PACKAGE.rglob("*.py"))}


def resolve(name: str, modules: dict[str, Source]) -> str | None:
    """The boardlab module ``name`` is or lies in (``a.b.Name`` → ``a.b``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def owner(module: str) -> tuple[int, str]:
    """The layer of ``module`` (its index) and the unit of the layer it is in (a game)."""
    best: tuple[int, int, str] | None = None
    for index, (_, members) in enumerate(LAYERS):
        for member in members:
            if (module == member or module.startswith(member + ".")) and \
                    (best is None or len(member) > best[0]):
                best = (len(member), index, member)
    if best is None:
        raise LookupError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py")
    return best[1], best[2]


def edges(modules: dict[str, Source]) -> Iterator[Import]:
    """The imports between boardlab modules (a module's own packages left out: importing
    ``boardlab.core.text`` runs ``boardlab/core/__init__`` anyway)."""
    for name, source in modules.items():
        for imp in imports_of(source.text, name, is_package=source.is_package):
            target = resolve(imp.imported, modules)
            if target is None or target == name or name.startswith(target + "."):
                continue
            yield imp._replace(imported=target)


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def problems(modules: dict[str, Source]) -> list[str]:
    """Every upward import, game-to-game import and import across an APART pair."""
    found: list[str] = []
    apart = [(a.replace("{game}", g), b.replace("{game}", g), why)
             for a, b, why in APART for g in (GAMES if "{game}" in a else ("",))]
    for imp in sorted(set(edges(modules))):
        if (imp.importer, imp.imported) in ALLOWED:
            continue
        where = f"{imp.importer} (line {imp.line}) imports {imp.imported}"
        (low, unit), (high, theirs) = owner(imp.importer), owner(imp.imported)
        if high > low:
            found.append(f"{where}: {LAYERS[low][0]} may not import {LAYERS[high][0]}")
        elif LAYERS[low][0] == "games" and high == low and unit != theirs:
            found.append(f"{where}: a game imports no other game")
        found.extend(f"{where}: held apart ({why})" for a, b, why in apart
                     if _within(imp.importer, a) and _within(imp.imported, b))
    return found


def test_every_import_points_down() -> None:
    assert problems(all_modules()) == []


def test_every_module_is_in_a_layer() -> None:
    unplaced = []
    for module in all_modules():
        try:
            owner(module)
        except LookupError:
            unplaced.append(module)
    assert unplaced == []


def test_every_allowed_exception_is_still_needed() -> None:
    # An entry whose import is gone is removed, so that the list stays short and true.
    seen = {(e.importer, e.imported) for e in edges(all_modules())}
    assert [pair for pair in ALLOWED if pair not in seen] == []


# -- the check itself can fail ---------------------------------------------------------------
FAKE = ("boardlab.core.text", "boardlab.registry", "boardlab.mall_of_horror.state",
        "boardlab.mall_of_horror.render", "boardlab.lockup_breakout.config",
        "boardlab.prob.dist", "boardlab.experiment.spec", "boardlab.experiment.runner")


@pytest.mark.parametrize(("module", "source", "says"), [
    ("boardlab.core.text", "def f():\n    from boardlab import registry\n",
     "boardlab.core.text (line 2) imports boardlab.registry: core may not import application"),
    ("boardlab.core.text", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
     "    import boardlab.prob.dist\n", "core may not import prob"),
    ("boardlab.mall_of_horror.state", "class S:\n    def _repr_svg_(self):\n"
     "        from .render import render_svg\n", "held apart (a state shows itself"),
    ("boardlab.mall_of_horror.state", "from boardlab.lockup_breakout.config import X\n",
     "a game imports no other game"),
    ("boardlab.experiment.spec", "def run():\n    import boardlab.experiment.runner\n",
     "held apart (the runner plays a spec"),
])
def test_the_check_finds_a_wrong_import(module: str, source: str, says: str) -> None:
    fake = {name: Source("") for name in FAKE}
    fake[module] = Source(source)
    found = problems(fake)
    assert len(found) == 1 and says in found[0], found
    fake[module] = Source("from boardlab.core import text\n")   # downward: fine
    assert problems(fake) == []


def test_relative_imports_resolve() -> None:
    found = list(imports_of("from ..core import text\nfrom . import render\n",
                            "boardlab.mall_of_horror.state"))
    assert [i.imported for i in found] == [
        "boardlab.core", "boardlab.core.text", "boardlab.mall_of_horror",
        "boardlab.mall_of_horror.render"]
