"""Small modules named for what they hold: no module of ``boardlab/`` over 600 lines
(DESIGN.md; issue 27). A module that grows past it is split by topic into a package
whose ``__init__`` re-exports the same names (as the three games' ``odds`` were).

:data:`KNOWN` lists the modules still over the limit, each with who is splitting it; an
entry is removed when its split lands (the second test fails while a listed module is
already small enough, so the list cannot go stale).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 600

#: Modules over the limit for now: path → whose work in progress splits it.
KNOWN: dict[str, str] = {}


def sizes() -> dict[str, int]:
    return {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
            for p in sorted((ROOT / "boardlab").rglob("*.py"))}


def test_no_module_is_over_600_lines() -> None:
    over = {path: n for path, n in sizes().items() if n > LIMIT and path not in KNOWN}
    assert over == {}


def test_every_known_exception_is_still_over_the_limit() -> None:
    found = sizes()
    assert {path: found.get(path, 0) for path in KNOWN
            if found.get(path, 0) <= LIMIT} == {}


#: The longest a function of boardlab/ may be, in lines of its body (its docstring not
#: counted): a longer one is split into named steps (docs/engine-patterns.md).
FUNCTION_LIMIT = 60


def long_functions(folder: Path = ROOT / "boardlab") -> dict[str, int]:
    """``path:line name`` → body length of every function under ``folder`` over the limit."""
    out = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = node.body[0]
                doc = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                       and isinstance(first.value.value, str))
                start = (first.end_lineno or first.lineno) + 1 if doc else node.lineno
                length = (node.end_lineno or node.lineno) - start + 1
                if length > FUNCTION_LIMIT:
                    name = path.relative_to(folder.parent).as_posix()
                    out[f"{name}:{node.lineno} {node.name}"] = length
    return out


def test_no_function_is_over_60_lines() -> None:
    assert long_functions() == {}


def test_the_function_check_finds_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(61))
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        f'def short():\n    """Doc."""\n{body[:-len(body.splitlines()[-1]) - 1]}\n\n\n'
        f'def long():\n    """Doc."""\n{body}\n', encoding="utf-8")
    assert long_functions(tmp_path / "pkg") == {"pkg/m.py:65 long": 61}
