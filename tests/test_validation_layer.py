"""One validation layer (issue 27): the games check ints, bools, strings and mappings with
:mod:`boardlab.core.validate`, never with a private checker of their own.

Two guards, both read from the source (ASTs), so they fail the moment a game grows a new
checker:

- no module of a game, of ``prob`` or of ``experiment`` defines a function or class with
  one of the old private checker names (the helpers moved onto core.validate);
- ``isinstance(x, bool)`` -- the heart of every "a bool is not a whole number" check --
  appears only in core/validate.py and, elsewhere, at most as often as it did when the
  layer landed (:data:`ALLOWED`): a file may lose occurrences, never gain one, and a new
  file may have none. Lower a count when you move a check onto core.validate.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardlab"

#: Private checkers that were moved onto core.validate and must not come back: the
#: first pass, then Level 7's odds checks, the list checks (core.validate.sequence) and
#: Mall of Horror's unused unknown-name error.
FORBIDDEN = frozenset({
    "strict_int", "strict_str", "known_name", "_mapping", "_int", "_bool", "_str",
    "_check_int", "_check_name", "check_whole", "check_text", "check_flag",
    "_check_count", "_check_flag", "_bounded", "UnknownName",
})
#: Where the forbidden names are looked for.
SCANNED = ("mall_of_horror", "lockup_breakout", "level7_lockdown", "prob", "experiment")

#: ``isinstance(..., bool)`` per file outside core/validate.py when the layer landed (a
#: ratchet: these are inline checks not yet moved, or a bool told from an int for a
#: reason other than refusing it, e.g. drawing or encoding).
ALLOWED: dict[str, int] = {
    "advice/budget.py": 2, "advice/policy.py": 1, "classroom/app.py": 1,
    "classroom/lesson.py": 4, "classroom/tokens.py": 1, "core/agents.py": 1,
    "core/engine.py": 2, "core/errors.py": 2, "core/matchfile.py": 2,
    "core/serialize.py": 6, "core/simulate.py": 1, "experiment/results.py": 1,
    "experiment/runner.py": 2, "experiment/spec.py": 3, "experiment/sweep.py": 1,
    "experiment/whatif.py": 2, "gamekit/spec.py": 1, "level7_lockdown/choices.py": 1,
    "level7_lockdown/config.py": 1, "level7_lockdown/limits.py": 1,
    "level7_lockdown/pieces.py": 0, "level7_lockdown/render.py": 2,
    "level7_lockdown/render_text.py": 1, "level7_lockdown/scenario/reader.py": 0,
    "level7_lockdown/state.py": 1, "lockup_breakout/catacombs.py": 2,
    "lockup_breakout/config.py": 2, "lockup_breakout/config_check.py": 1,
    "lockup_breakout/draws.py": 1, "lockup_breakout/position.py": 2,
    "lockup_breakout/records.py": 1, "lockup_breakout/render.py": 2,
    "lockup_breakout/rules.py": 1, "mall_of_horror/agents.py": 1,
    "mall_of_horror/board.py": 1, "mall_of_horror/choices.py": 1,
    "mall_of_horror/config.py": 2, "mall_of_horror/facts.py": 1,
    "mall_of_horror/invariants.py": 3, "mall_of_horror/position.py": 0,
    "mall_of_horror/render.py": 3, "prob/checks.py": 1, "prob/derivation.py": 5,
    "prob/dice.py": 3, "prob/display.py": 1, "prob/dist.py": 1, "prob/distshow.py": 1,
    "prob/exactnum.py": 1, "prob/limits.py": 1, "prob/svgplot.py": 1,
    "prob/symbolic.py": 1, "widgets/board.py": 3, "widgets/board_checks.py": 1,
    "widgets/log.py": 1,
}


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _bool_checks(tree: ast.AST) -> int:
    """Calls ``isinstance(x, bool)`` or ``isinstance(x, (..., bool, ...))``."""
    n = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "isinstance" and len(node.args) == 2:
            kinds = node.args[1]
            names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
            n += any(isinstance(k, ast.Name) and k.id == "bool" for k in names)
    return n


def test_no_private_checker_is_defined_again() -> None:
    found = []
    for part in SCANNED:
        for path in sorted((PACKAGE / part).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) \
                        and node.name in FORBIDDEN:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert not found, ("private checkers are back; call boardlab.core.validate instead: "
                       f"{found}")


def test_bool_checks_live_in_core_validate() -> None:
    counts: Counter[str] = Counter()
    for path in _modules():
        rel = path.relative_to(PACKAGE).as_posix()
        if rel != "core/validate.py":
            counts[rel] = _bool_checks(ast.parse(path.read_text(encoding="utf-8")))
    grown = {f: (n, ALLOWED.get(f, 0)) for f, n in counts.items() if n > ALLOWED.get(f, 0)}
    assert not grown, ("isinstance(x, bool) outside core/validate.py (file: (now, allowed)); "
                       f"use boardlab.core.validate.whole / flag / is_whole: {grown}")


def test_core_validate_holds_the_checks() -> None:
    assert _bool_checks(ast.parse((PACKAGE / "core" / "validate.py").read_text())) >= 2


@pytest.mark.parametrize("source, n", [
    ("isinstance(x, bool)", 1), ("isinstance(x, (int, bool))", 1), ("isinstance(x, int)", 0),
])
def test_the_scan_counts_bool_checks(source: str, n: int) -> None:
    assert _bool_checks(ast.parse(source)) == n


# -- the checks added when the layer was finished -----------------------------------------
def test_sequence_reads_lists_and_refuses_strings_mappings_and_too_many() -> None:
    from boardlab.core.errors import ConfigError, ConfigTypeError
    from boardlab.core.validate import sequence

    assert sequence((3, 1), "roll") == [3, 1]
    assert sequence({2}, "sealed") == [2] and sequence(None, "x", optional=True) == []
    for bad in ("red", b"red", {"a": 1}, 3, None):
        with pytest.raises(ConfigTypeError, match=r"^lookers: expected a list of colours, got"):
            sequence(bad, "lookers", what="a list of colours", error=ConfigError)
    with pytest.raises(ConfigError, match=r"^tiles: at most 2 entries \(limits.tiles\) "
                                          r"\(got 3\)$"):
        sequence([1, 2, 3], "tiles", longest=2, rule="limits.tiles", error=ConfigError)
    with pytest.raises(ConfigError, match=r"\(got more than 2\)$"):
        sequence(iter(int, 1), "tiles", longest=2, error=ConfigError)   # endless: not read
    with pytest.raises(ConfigTypeError, match="expected a list, got a set"):
        sequence({1}, "stacks", ordered=True, error=ConfigError)


def test_name_words_a_vocabulary_and_a_match_differently() -> None:
    from boardlab.core.errors import ArgumentError, ConfigError, ConfigTypeError
    from boardlab.core.validate import name

    with pytest.raises(ArgumentError, match=r"^viewer: not a seat of this match; one of red, "
                                            r"blue \(got 'x'\)$"):
        name("x", "viewer", ("red", "blue"), what="seat")
    with pytest.raises(ConfigError, match=r"^features\[0\]: not a known feature; one of lift "
                                          r"\(got 'pool'\)$"):
        name("pool", "features[0]", ("lift",), what="known feature", where="",
             error=ConfigError)
    with pytest.raises(ConfigTypeError, match="expected a string, got an int"):
        name(3, "kind", ("guard",), error=ConfigError)


def test_owned_names_the_record_and_keeps_the_field_class_and_inner_owner() -> None:
    from boardlab.core.errors import ConfigError, ConfigTypeError
    from boardlab.core.validate import owned, whole

    with pytest.raises(ConfigTypeError) as err, owned("config"):
        whole(True, "moves", low=1, high=6, error=ConfigError)
    assert (str(err.value), err.value.field, err.value.owner) == (
        "config: moves: expected a whole number, not a bool (got True)", "moves", "config")
    with pytest.raises(ConfigError) as err, owned("config"), owned("tile 'Hub'"):
        raise ConfigError(field="rooms", problem="two rooms share a cell")
    assert str(err.value) == "tile 'Hub': rooms: two rooms share a cell"   # the inner owner


def test_a_saved_record_reports_an_owned_field_in_the_records_words() -> None:
    """A refusal's field is a path of the saved file only when no record owns it (an
    owned field is a path inside the owning record, which need not be the one decoded);
    an owned refusal is reported whole, at the decoded record's path."""
    import json

    import boardlab.level7_lockdown as l7
    from boardlab.core.errors import FormatError
    from boardlab.core.serialize import encode
    from boardlab.level7_lockdown.config import Config, config_from_json

    data = json.loads(l7.new_match(players=2, seed=1).to_json())
    cases = [(("config", "moves"), 0, "setup.config: config: moves: 1 to 6 (got 0)"),
             (("config", "tiles", 0, "doors"), [[0, "Q"]], "setup.config.tiles[0]: tile 'Hub': "
              "doors[0]: not a side of a room; one of N, E, S, W (got 'Q')"),
             (("players",), 7, "setup.players: 1 to 4 (L7-R33) (got 7)")]   # not owned
    for path, value, message in cases:
        setup = {**data["setup"], "config": encode(Config())}
        node: Any = setup
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        with pytest.raises(FormatError) as err:
            l7.load_match(json.dumps({**data, "setup": setup}))
        assert str(err.value) == message
    with pytest.raises(FormatError) as err:    # the configuration's own reader: its field
        config_from_json('{"moves": 0}')
    assert str(err.value) == "moves: 1 to 6 (got 0)"
