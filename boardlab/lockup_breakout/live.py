"""The odds a Lockup: Breakout board shows, as one seat knows them (``odds.live_odds``).

During roll call: P(the viewer may advance through the tunnel) at each tunnel location
where the viewer has a token, from what that seat sees
(:func:`~boardlab.lockup_breakout.odds.seeker_contest`). At a chance node: the engine's
outcome table, by outcome — for a narrator (``viewer=None``). A seat reads the table from
what it may know: the goon, item, legend and goal piles are made of the configuration's
cards less what was drawn in sight of everyone, so its table is the engine's; but the
tome deck shares its unseen cards with the other players' hidden hands (LB-R13), so a
seat draws, as far as it can tell, uniformly from all the tomes it has not seen (the
configuration's, less its own and the discard pile). Otherwise nothing.

>>> from boardlab.lockup_breakout import odds, position
>>> s = position(players=3, tunnels={3: "double"}, crews={3: ["red seeker",
...     "red 2", "blue seeker", "blue 3*"], 5: ["blue 1*"]}, turn="red")
>>> odds.live_odds(s, viewer="red")
{'3': Fraction(1, 2)}
>>> print(odds.live_odds(s, viewer="red", explain=True).parts[0][1].question)
P(red may advance through the tunnel at location 3)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, overload

from boardlab.core import validate
from boardlab.core.engine import CHANCE
from boardlab.core.errors import ArgumentTypeError
from boardlab.lockup_breakout.rules import RULES
from boardlab.lockup_breakout.state import K, State

if TYPE_CHECKING:  # built only with explain=True: a board's first odds never load prob
    from boardlab.prob.derivation import Derivation

#: Said by every answer that depends on invented data (as odds.STAND_IN).
STAND_IN = "stand-in data (invented: the core game is not in the rule text, LB-R1)"

__all__ = ["live_odds"]

#: A chance table with more rows than this is not shown (42–140 tunnel layouts).
_MAX_ROWS = 24
_QUESTION = "What the board shows: P(the viewer may advance) per tunnel location, or the draw"


@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[False] = ...) -> dict[str, Fraction]: ...
@overload
def live_odds(state: State, *, viewer: str | None = ...,
              explain: Literal[True]) -> Derivation[dict[str, Fraction]]: ...
def live_odds(state: State, *, viewer: str | None = None, explain: bool = False) -> Any:
    """What the odds panel shows for ``state`` as ``viewer`` knows it (exact); see the
    module docstring. ``viewer`` is a seat, ``"public"`` or ``None`` (a narrator, who has
    no seat of its own: no contest odds)."""
    if not isinstance(state, State):
        raise ArgumentTypeError("state", state, "expected a Lockup: Breakout position "
                                "(lb.State: match.state, lb.position(...) or "
                                "lb.load_position(...))")
    who = validate.viewer(viewer, "viewer", state.setup.colours)
    explain = validate.flag(explain, "explain")
    if state.is_over:
        answer: dict[str, Fraction] = {}
        return _empty(answer, "The match is over.") if explain else answer
    if RULES.to_move(state) is CHANCE:
        if who is not None and state.top.kind == K.TOME_DRAW:
            return _unseen_tomes(state, who, explain)
        return _draw(state, explain)
    if who is None or who == validate.PUBLIC or state.phase != "rollcall":
        answer = {}
        return _empty(answer, "Only a seat's roll-call contest has odds here.") \
            if explain else answer
    return _contests(state, who, explain)


def _empty(answer: dict[str, Fraction], why: str) -> Derivation[dict[str, Fraction]]:
    from boardlab.prob.derivation import Derivation

    return Derivation(_QUESTION, answer, steps=(why,))


def _draw(state: State, explain: bool) -> Any:
    if state.top.kind == K.TUNNELS:
        answer: dict[str, Fraction] = {}
        return _empty(answer, "The tunnel layout is drawn: 42–140 layouts, too many rows "
                              "to show (odds.tunnel_layouts counts them).") if explain \
            else answer
    table: dict[str, Fraction] = {}
    for outcome, p in RULES.outcomes(state):
        key = str(outcome)
        table[key] = table.get(key, Fraction(0)) + p
    if len(table) > _MAX_ROWS:
        table = {}
    if not explain:
        return table
    from boardlab.prob.derivation import Derivation

    return Derivation(_QUESTION, table, steps=(
        "A draw is next: each outcome of the engine's own chance node, with its exact "
        "probability (outcomes that read the same are added up)" +
        ("" if table else f"; more than {_MAX_ROWS} rows are not shown") + ".",))


def _contests(state: State, who: str, explain: bool) -> Any:
    from boardlab.lockup_breakout.odds import seeker_contest

    out: dict[str, Fraction] = {}
    parts = []
    for loc in range(1, 8):
        if state.tunnels and state.tunnels[loc - 1] and any(
                c == who for c, _, _ in state.at(loc)):
            if explain:
                part = seeker_contest(state, loc, who, explain=True)
                out[str(loc)] = part.answer
                parts.append((str(loc), part))
            else:
                out[str(loc)] = seeker_contest(state, loc, who)
    if not explain:
        return out
    from boardlab.prob.derivation import Derivation

    return Derivation(_QUESTION, out, parts=parts, steps=(
        f"Roll call: at each tunnel location where {who} has a token, the contest as it "
        f"stands, from what {who} sees (odds.seeker_contest).",))


def _unseen_tomes(state: State, who: str, explain: bool) -> Any:
    """A tome draw as ``who`` (a seat or ``"public"``) knows it: uniform over the tomes it
    has not seen — the deck and the other players' hands together (LB-R13)."""
    from boardlab.lockup_breakout.choices import Draw

    cfg = state.setup.config
    colours = state.setup.colours
    mine = state.tomes[colours.index(who)] if who in colours else ()
    unseen = [t.count - mine.count(t.name) - gone
              for t, gone in zip(cfg.tomes, state.tome_discard, strict=True)]
    total = sum(unseen)
    table = {str(Draw(t.name)): Fraction(n, total)
             for t, n in zip(cfg.tomes, unseen, strict=True) if n}
    if not explain:
        return table
    from boardlab.prob.derivation import Derivation

    return Derivation(_QUESTION, table, total=None, steps=(
        f"A tome is drawn: {who} cannot tell the deck from the other players' hidden "
        f"tomes, so each of the {total} tomes {who} has not seen is equally likely "
        "(the configuration's tomes, less its own and the discard pile; LB-R13).",),
        facts=(("tomes", STAND_IN),))
