"""The what-ifs page runs as printed: its ``pycon`` blocks are doctests, in order, sharing
one namespace as a reader types them (docs/what-ifs.md)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "what-ifs.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)


def test_what_ifs_examples_run_as_printed() -> None:
    text = "\n".join(m.group(2) for m in FENCE.finditer(PAGE.read_text(encoding="utf-8"))
                     if m.group(1) == "pycon")
    assert text.count(">>>") > 20
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {PAGE.name} failed (see above)"


def test_every_what_if_function_of_the_table_has_an_example() -> None:
    text = PAGE.read_text(encoding="utf-8")
    examples = "\n".join(m.group(2) for m in FENCE.finditer(text) if m.group(1) == "pycon")
    for call in ("odds.round_odds(", "odds.break_in(", ".P()", "moh.play(start=",
                 "moh.win_odds(", "moh.compare_win_odds("):
        assert call in text.split("\n## ")[0], f"{call} is not in the page's table"
        assert call in examples, f"{call} has no example"
