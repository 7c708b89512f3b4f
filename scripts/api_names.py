"""Write the "Public names" tables of every game in docs/api.md from the games themselves.

Each game's table lists every name of its ``__all__`` and every name its spec loads on
first use, with what it is: a function with its signature, a class, a module or a
constant. The tables sit between ``<!-- public names of the games -->`` and
``<!-- end public names of the games -->``; ``tests/test_api_page.py`` fails when they
are not what this script writes::

    .venv/bin/python -m scripts.api_names          # say whether docs/api.md is current
    .venv/bin/python -m scripts.api_names --write  # rewrite the tables
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import importlib
import inspect
import re
import sys
import types
from pathlib import Path
from typing import Any

from boardlab import registry

API = Path(__file__).resolve().parent.parent / "docs" / "api.md"
START = "<!-- public names of the games -->"
END = "<!-- end public names of the games -->"


def _signature(obj: Any) -> str:
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return "(...)"
    parts, star = [], False
    for p in sig.parameters.values():
        if p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        if p.kind is p.VAR_POSITIONAL:
            parts.append(f"*{p.name}")
            star = True
            continue
        if p.kind is p.VAR_KEYWORD:
            parts.append(f"**{p.name}")
            continue
        text = p.name
        if p.default is not p.empty:
            default = p.default
            shown = default.__name__ if isinstance(default, type) else repr(default)
            # A sentinel object's repr carries its address, which changes every run.
            text += "=" + re.sub(r"<object object at 0x[0-9a-f]+>", "<unchanged>", shown)
        parts.append(text)
    return f"({', '.join(parts)})".replace("|", "\\|")


def _first_line(obj: Any) -> str:
    doc = inspect.getdoc(obj) or ""
    line = doc.strip().split("\n\n")[0].replace("\n", " ")
    line = line.split(". ")[0].rstrip(".")
    line = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", line).replace("``", "`")  # RST -> Markdown
    return line.replace("|", "\\|")


def kind(obj: Any) -> str:
    """What ``obj`` is, in a few words, for the table's second column."""
    if isinstance(obj, types.ModuleType):
        return "module"
    if inspect.isclass(obj):
        if issubclass(obj, BaseException):
            what = "exception"
        elif issubclass(obj, enum.Enum):
            what = "enum"
        elif issubclass(obj, tuple) and hasattr(obj, "_fields"):
            what = "named tuple"
        elif dataclasses.is_dataclass(obj):
            params = getattr(obj, "__dataclass_params__", None)
            what = "frozen dataclass" if getattr(params, "frozen", False) else "dataclass"
        else:
            what = "class"
        line = _first_line(obj)
        return f"{what}: {line}" if line else what
    if callable(obj) and not isinstance(obj, type):
        line = _first_line(obj)
        return f"function `{_signature(obj)}`" + (f": {line}" if line else "")
    if isinstance(obj, registry.Game):
        return f"constant: the game's spec (`{type(obj).__name__}`)"
    shown = type(obj).__name__
    return f"constant: a `{shown}`"


def table(module_name: str) -> str:
    """The markdown table of one game module."""
    mod = importlib.import_module(module_name)
    spec = mod.GAME
    rows = ["| name | kind |", "|---|---|"]
    for name in sorted(mod.__all__, key=lambda n: (not n[0].isupper(), n.lower())):
        rows.append(f"| `{name}` | {kind(getattr(mod, name))} |")
    for name in sorted(spec.lazy):
        target = spec.lazy[name]
        where = target.replace(":", ".").rstrip(".")
        where = spec.package + where if where.startswith(".") else where
        rows.append(f"| `{name}` | loaded on first use ({where}): "
                    f"{kind(getattr(mod, name))} |")
    for old, new in sorted(spec.moved.items()):
        rows.append(f"| `{old}` | deprecated since 0.2 (goes in 0.3): the old name of `{new}` |")
    return "\n".join(rows)


def generated() -> str:
    """Every game's table, with its heading, in registration order."""
    parts = [START, ""]
    for reg in registry.BUILTIN:
        game = registry.get(reg.name)
        parts += [f"**`{game.package}`** (`{game.alias}`)", "", table(game.package), ""]
    parts.append(END)
    return "\n".join(parts)


def current(text: str) -> str:
    """The generated block as it stands in ``text``."""
    return text[text.index(START):text.index(END) + len(END)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite docs/api.md's tables")
    args = parser.parse_args()
    text = API.read_text(encoding="utf-8")
    new = generated()
    if args.write:
        API.write_text(text.replace(current(text), new), encoding="utf-8")
        print(f"wrote the public names of {len(registry.BUILTIN)} games into {API}")
        return 0
    if current(text) != new:
        print("docs/api.md's public names of the games are stale: run "
              "python -m scripts.api_names --write")
        return 1
    print("docs/api.md's public names of the games are current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
