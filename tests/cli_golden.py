"""Golden outputs of the command line: the same arguments print the same bytes.

Every command of :data:`COMMANDS` runs through ``boardlab.cli.main`` in a scratch folder
(``--json`` files written by one command are read by the next); the fixture holds,
per command, the exit code, the SHA-256 of stdout and stderr's last line (the error
message: usage lines above it may change with the options a game declares). The
fixture was first written by the command line as it stood before the game registry
(``main`` at f515808), so ``tests/test_cli.py::test_output_is_byte_identical_to_the_golden_record``
shows that moving to the registry changed no byte of ``play``, ``replay`` or ``rules``.

A deliberate change of wording regenerates it in a commit of its own::

    .venv/bin/python -m tests.cli_golden --write
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).with_name("cli_golden.json")


def _commands() -> list[list[str]]:
    game = "mall-of-horror"
    cmds = [["play", game, "--players", str(p), "--seed", str(s)]
            for p in (3, 4, 5, 6) for s in (0, 1, 7)]
    for seed in ("1", "2", "42"):
        cmds += [["play", game, "--seed", seed, "--viewer", v] for v in ("red", "yellow")]
        cmds.append(["play", game, "--seed", seed, "--agents", "heuristic"])
        cmds.append(["play", game, "--players", "5", "--seed", seed, "--agents", "heuristic",
                     "--viewer", "brown"])
    cmds += [
        ["play", game],
        ["play", "--seed", "3", game, "--players", "3"],
        ["play", game, "--seed", "5", "--json", "m5.json"],
        ["play", game, "--players", "6", "--seed", "9", "--agents", "heuristic",
         "--json", "m9.json"],
        ["replay", "m5.json"],
        ["replay", "m5.json", "--viewer", "green"],
        ["replay", "m9.json"],
        ["replay", "m9.json", "--viewer", "black"],
        ["replay", "m9.json", "--viewer", "purple"],
        # A time budget no loaded machine reaches: the golden bytes must not depend on it.
        ["advise", "m5.json", "--ply", "44", "--horizon", "4", "--matches", "0",
         "--seconds", "3600"],
        ["advise", "m5.json", "--ply", "44", "--horizon", "2", "--matches", "20",
         "--explain", "--seconds", "3600"],
        ["advise", "m5.json"],
        ["advise", "m5.json", "--ply", "44", "--seat", "red"],
        ["rules", game],
        ["play", game, "--players", "7"],
        ["play", game, "--players", "2", "--seed", "1"],
        ["play", game, "--viewer", "purple"],
        ["play", "chess"],
        ["rules", "chess"],
        ["play", game, "--agents", "smart"],
        ["play", game, "--players", "x"],
        ["replay", "none.json"],
        ["replay", "broken.json"],
        ["replay", "other.json"],
        ["replay", "list.json"],
        [],
        ["play"],
        ["rules"],
    ]
    return cmds


#: The commands, in order (later ones read the files earlier ones wrote).
COMMANDS = _commands()
#: Files the commands read, written into the scratch folder first.
FILES = {"broken.json": "{", "other.json": '{"game": "chess", "format": "boardlab.match"}',
         "list.json": "[1, 2]"}


def run(argv: list[str]) -> dict[str, Any]:
    """One command through ``main``: exit code, stdout hash, last line of stderr."""
    from boardlab.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:  # argparse's errors
            code = stop.code
    lines = err.getvalue().splitlines()
    return {"argv": argv, "code": code,
            "stdout": hashlib.sha256(out.getvalue().encode()).hexdigest(),
            "stdout_lines": len(out.getvalue().splitlines()),
            "stderr_last": lines[-1] if lines else ""}


def record(folder: Path) -> list[dict[str, Any]]:
    """Run every command in ``folder`` (made if needed) and return their records."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in FILES.items():
        (folder / name).write_text(text)
    here = Path.cwd()
    os.chdir(folder)
    try:
        return [run(argv) for argv in COMMANDS]
    finally:
        os.chdir(here)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the fixture")
    parser.add_argument("--fixture", type=Path, default=FIXTURE)
    parser.add_argument("--folder", type=Path, default=Path("/tmp/boardlab_cli_golden"))
    args = parser.parse_args()
    records = record(args.folder)
    if args.write:
        rows = ",\n".join(json.dumps(r, ensure_ascii=False) for r in records)
        args.fixture.write_text(f"[\n{rows}\n]\n")
        print(f"wrote {len(records)} records to {args.fixture}")
    else:
        print(json.dumps(records, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
