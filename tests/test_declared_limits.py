"""Every game's declared size limits are listed in docs/bad-input.md with their values
(issue 26: "the limits declared in one place per game and listed in docs/bad-input.md"),
so a limit changed in code and not on the page fails here."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from boardlab.level7_lockdown.limits import LIMIT_DOCS
from boardlab.level7_lockdown.limits import LIMITS as L7_LIMITS
from boardlab.lockup_breakout.limits import LIMITS as LB_LIMITS
from boardlab.lockup_breakout.limits import Limits
from boardlab.mall_of_horror import config as moh_config

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "bad-input.md").read_text(
    encoding="utf-8")


def section(title: str) -> str:
    """The part of the page's "Each game's limits" from the game's title to the next."""
    limits = PAGE[PAGE.index("### Each game's limits"):PAGE.index("## Reproducers")]
    start = limits.index(f"**{title}**")
    end = limits.find("\n**", start + 1)
    return limits[start:] if end < 0 else limits[start:end]


def test_mall_of_horror_limits_are_listed() -> None:
    text = section("Mall of Horror")
    for name in ("MAX_SETTING", "MAX_COUNT"):
        assert f"| `{name}` | {getattr(moh_config, name):,} |" in text, name


def test_breakout_limits_are_listed() -> None:
    text = section("Lockup: Breakout")
    names = [f.name for f in fields(Limits)]
    assert text.count("\n| `") == len(names)
    for name in names:
        assert f"| `{name}` | {getattr(LB_LIMITS, name):,} |" in text, name


def test_level7_limits_are_listed() -> None:
    text = section("Level 7 [Escape]: Lockdown")
    assert set(LIMIT_DOCS) == set(L7_LIMITS)
    assert text.count("\n| `") == len(L7_LIMITS)
    for name, value in L7_LIMITS.items():
        assert f"| `{name}` | {value:,} |" in text, name
