"""The toy's picture: both totals and the coin, as a small SVG."""

from __future__ import annotations

from html import escape

from tests.core.toy import ToyState


def render_svg(state: ToyState, *, viewer: str | None = None, omniscient: bool = False,
               width: int = 240) -> str:
    """``state`` as an SVG (the toy keeps no secrets: every viewer sees the same)."""
    coin = {None: "not flipped", True: "heads", False: "tails"}[state.coin]
    text = escape(f"a {state.totals[0]} · b {state.totals[1]} · coin {coin}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="30">'
            f'<text x="4" y="20">{text}</text></svg>')
