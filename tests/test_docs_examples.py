"""The quick start's examples really run: its ``pycon`` blocks as doctests (in order,
sharing one namespace, as a reader types them) and its ``sh`` commands as commands."""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent.parent / "docs" / "quickstart.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)


def blocks(language: str) -> list[str]:
    return [m.group(2) for m in FENCE.finditer(PAGE.read_text()) if m.group(1) == language]


def test_quickstart_python_examples() -> None:
    text = "\n".join(blocks("pycon"))
    assert text.count(">>>") > 5
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {PAGE.name} failed (see above)"


COMMANDS = [line.split("#")[0].strip() for block in blocks("sh") for line in block.splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for all commands, so ``replay m.json`` finds what ``--json m.json`` wrote."""
    return tmp_path_factory.mktemp("quickstart")


@pytest.mark.parametrize("command", COMMANDS)
def test_quickstart_commands(command: str, workdir: Path) -> None:
    args = shlex.split(command)
    assert args[0] == "python", "quickstart commands start with python -m"
    done = subprocess.run([sys.executable, *args[1:]], cwd=workdir,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
