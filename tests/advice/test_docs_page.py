"""docs/advice.md's examples really run: its ``python`` blocks as doctests, in order."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "advice.md"
FENCE = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def test_the_advice_page_examples() -> None:
    text = "\n".join(m.group(1) for m in FENCE.finditer(PAGE.read_text(encoding="utf-8")))
    assert text.count(">>>") >= 8
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {PAGE.name} failed"
