"""Event templates of the frequent Lockup: Breakout events (docs/engine-patterns.md).

An event is stored as its template plus the few values that differ; its text is worded
only when read. The templates here cover the events a match emits most (roll-call
assignments, the reveal and comparison of every location, rewards, tomes, stragglers);
rarer events are built with literal text through :meth:`~.work.Work.emit`.

>>> e = ASSIGN["LB-R7"].event("red", 1, "rollcall", (), 3, "4", False, "Forge")
>>> e.line(), dict(e.data)
('red assigns a 4 to 3 Forge  (LB-R7)', {'location': 3, 'token': '4', 'face_down': False})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardlab.core.events import EventTemplate, templates_citing
from boardlab.lockup_breakout.config import SEEKER
from boardlab.lockup_breakout.rulebook import BOOK
from boardlab.words import and_list, plural


def token_name(token: str) -> str:
    """``'the seeker'`` or ``'a 3'``."""
    return "the seeker" if token == SEEKER else f"a {token}"


def join(items: list[str] | tuple[str, ...]) -> str:
    """``'a'``, ``'a and b'``, ``'a, b and c'`` (``'nobody'`` for none): the shared
    :func:`boardlab.words.and_list` (``plural`` here is :func:`boardlab.words.plural`)."""
    return and_list(items, empty="nobody")


def owner(side: str, *, start: bool = False) -> str:
    """``"red's"``, or ``"the guards'"`` (``"The guards'"`` to start a sentence).

    >>> owner("red"), owner("guards"), owner("guards", start=True)
    ("red's", "the guards'", "The guards'")
    """
    if side == "guards":
        return "The guards'" if start else "the guards'"
    return f"{side}'s"


def crew_text(entries: tuple[tuple[str, str, bool], ...]) -> str:
    """``'red 2+seeker; blue 4'`` — the tokens at a place, by owner."""
    by: dict[str, list[str]] = {}
    for c, tok, _ in entries:
        by.setdefault(c, []).append(tok)
    return "; ".join(f"{c} {'+'.join(toks)}" for c, toks in by.items()) or "no crew"


_t = templates_citing(BOOK)


def _per_rule(kind: str, summary: Any, rules: tuple[str, ...], **kw: Any
              ) -> dict[str, EventTemplate]:
    return {r: _t(kind, r, summary, **kw) for r in rules}


# -- roll call ----------------------------------------------------------------------------
def _assigned(who: str, loc: int, token: str, _face_down: bool, label: str) -> str:
    return f"{who} assigns {token_name(token)} to {loc} {label}"


ASSIGN = _per_rule("assign", _assigned, ("LB-R7", "LB-rollcall-seeker"),
                   data=("location", "token", "face_down"))
ASSIGN_DOWN = _t(
    "assign", "LB-rollcall-facedown",
    lambda who, loc, _fd, _tok, label: f"{who} assigns a token face down to {loc} {label}",
    detail=lambda who, loc, _fd, tok, label:
        f"{who} assigns {token_name(tok)} face down to {loc} {label}",
    data=("location", "face_down"), secret=("token",))


def _passed(who: str, token: str) -> str:
    note = " (the seeker: strength 1, nothing more there)" if token == SEEKER else ""
    return f"{who} passes: {token_name(token)} goes face down on the legend card{note}"


LEGEND_TOKEN = _t("legend_token", "LB-rollcall-pass",
                  "{0} has one token left, passes, and puts it face down on the legend card",
                  detail=_passed, secret=("token",))

# -- a location ------------------------------------------------------------------------------
REVEAL = _t("reveal", "LB-lightsout",
            lambda _who, _loc, crews, where: f"{where}: {crew_text(crews)}",
            data=("location", "crews"))


def _strengths(_who: Any, _loc: int, strengths: tuple[tuple[str, int], ...], where: str) -> str:
    shown = ", ".join(f"{c} {s}" for c, s in strengths) or "nobody"
    tied = len({s for _, s in strengths}) < len(strengths)
    note = " (ties go by seat order from the first player)" if tied else ""
    return f"Strength at {where}: {shown}{note}"


STRENGTHS = _per_rule("strengths", _strengths, ("LB-R8", "LB-R4", "LB-legend-reveal"),
                      data=("location", "strengths"))
RESOURCES = _per_rule("resources", "{0} takes {3} {2} at {4}", ("LB-R8", "LB-legend-effect"),
                      data=("location", "kind", "amount"))
DECLINE = _per_rule("decline", "{0} declines {3} at {4}",
                    ("LB-R8", "LB-tunnel-reward", "LB-legend-effect"),
                    data=("location", "reward"))
SKIP_REWARD = _t("skip_reward", "LB-R41", "{0} misses out on {3} at {4}: {5}",
                 data=("location", "reward"))
TOME_PLAYED = _per_rule("tome_played", "{0} plays {1}: +{3} strength at {4}",
                        ("LB-R13", "LB-legend-tomes"), data=("tome", "location"))


def _stragglers(_who: Any, _loc: int, home: tuple[str, ...], lost: tuple[str, ...],
                where: str) -> str:
    parts = []
    if home:
        parts.append(f"{join(home)} took a reward and go{'es' if len(home) == 1 else ''} home")
    if lost:
        parts.append(f"{join(lost)} earned nothing: stragglers to the LIBRARY")
    return f"{where}: {'; '.join(parts)}"


STRAGGLERS = _per_rule("stragglers", _stragglers, ("LB-R8", "LB-tunnel-stragglers"),
                       data=("location", "home", "stragglers"))

# -- tomes ----------------------------------------------------------------------------------
_TOME_DRAWS: dict[str, EventTemplate] = {}


def tome_draw(rule_id: str) -> EventTemplate:
    """The template of a tome drawn under ``rule_id`` (the LIBRARY, a reward, a loot)."""
    t = _TOME_DRAWS.get(rule_id)
    if t is None:
        t = _TOME_DRAWS[rule_id] = _t("tome", rule_id, "{0} draws a tome",
                                      detail="{0} draws {1}", secret=("tome",))
    return t


Wording = Callable[..., str]


# -- the guards -------------------------------------------------------------------------------
def _guard_card(_who: Any, loc: int, _card: str, strength: int, seeker: bool) -> str:
    where = "the legend card" if loc == 0 else f"location {loc}"
    if strength == 0 and loc:
        return f"The guard card on {where} is turned up: strength 0, no guards there"
    return (f"The guard card on {where} is turned up: strength {strength}"
            f"{' with a seeker' if seeker else ''}")


GUARD_CARD = _per_rule("guard_card", _guard_card, ("LB-R23", "LB-R39"),
                       data=("location", "card", "strength", "seeker"))
GUARD_RESOURCES = _t("guard_reward", "LB-R24",
                     "The guards take {3} {2} at {4} (the first listed kind)",
                     data=("location", "kind", "amount"))
GUARD_STARS = _t("guard_reward", "LB-R24",
                 lambda _w, _loc, stars, where: f"The guards score {plural(stars, 'star')} at "
                 f"{where}", data=("location", "stars"))
GUARD_OTHER = _t("guard_reward", "LB-R24",
                 "The guards earn '{3}' at {4}: it becomes {2} stars for them",
                 data=("location", "stars"))
GUARD_LEGEND = _t("guard_reward", "LB-solo-legend",
                  "The guards earn {2} at the legend card: it becomes {1} stars for them",
                  data=("stars",))

# -- tunnels, goons, legend cards ------------------------------------------------------------
TUNNEL_NONE = _t("tunnel", "LB-tunnel-seekers",
                 "The {2} tunnel at {3}: no seeker there, no one advances", data=("location",))


def _tunnel_won(who: str, _loc: int, steps: int, seekers: tuple[str, ...], kind: str,
                where: str) -> str:
    why = ("the only seeker" if len(seekers) == 1
           else f"the strongest crew among the seekers of {join(seekers)}")
    return (f"The {kind} tunnel at {where}: {who} has {why} and may advance up to "
            f"{plural(steps, 'space')}")


TUNNEL_WON = _t("tunnel", "LB-tunnel-seekers", _tunnel_won,
                data=("location", "steps", "seekers"))
GOON_ARRIVES = _t("goon", "LB-R11", "{2} arrives on the goon space of location {1}",
                  data=("location", "goon"))
LEGEND_REVEAL = _t("legend_reveal", "LB-legend",
                   lambda _who, card, crews: f"The legend card {card} resolves last; its tokens "
                   f"are turned up: {crew_text(crews)}", data=("card", "crews"))
LEGEND_UP = _per_rule("legend", "{1} is turned up as the active legend",
                      ("LB-setup-legend", "LB-patrol"), data=("card",))

# -- rewards, goods and the legend's effects (worded when read) ---------------------------
STARS = _per_rule("stars", lambda who, _loc, stars, where: f"{who} scores "
                  f"{plural(stars, 'star')} at {where}", ("LB-R8", "LB-legend-effect"),
                  data=("location", "stars"))


def _crafted(who: str, name: str, stars: int, _loc: int, cost: tuple[tuple[str, int], ...],
             reserved: bool) -> str:
    paid = ", ".join(f"{n} {k}" for k, n in cost)
    src = "a reserved item at the CELL BLOCK" if reserved else "from the display"
    return f"{who} crafts {name} ({src}), paying {paid}: {plural(stars, 'star')}"


CRAFT = _per_rule("craft", _crafted, ("LB-R10", "LB-icon-reserve"),
                  data=("item", "stars", "location"))
NO_IMPROVE = _t("improve", "LB-icon-improve",
                lambda who, name, kind: f"{who} has no {kind} left to improve {name}",
                data=("item",))
IMPROVE = _t("improve", "LB-icon-improve",
             lambda who, name, stars, kind: f"{who} improves {name}: 1 more {kind} for "
             f"{plural(stars, 'star')}", data=("item", "stars"))
NOT_IMPROVED = _t("improve", "LB-icon-improve", "{0} does not improve {1} (only possible now, "
                  "at crafting)", data=("item",))
_RECRUITS: dict[str, EventTemplate] = {}


def recruited(rule_id: str) -> EventTemplate:
    """The template of a goon recruited under ``rule_id`` (a reward, a loot token)."""
    t = _RECRUITS.get(rule_id)
    if t is None:
        t = _RECRUITS[rule_id] = _t("recruit", rule_id, "{0} recruits {1} from location {2}",
                                    data=("goon", "location"))
    return t


LEGEND_SEEKER = _t("legend_seeker", "LB-R30",
                   lambda _who, seekers: f"{join(seekers)}'s seeker on the legend card counts "
                   "1 and does nothing more there", data=("seekers",))
LEGEND_REWARD = _t("legend_reward", "LB-legend-effect",
                   lambda who, _kind, reward: f"{who} is strongest at the legend: {reward}",
                   data=("reward",))
LEGEND_PENALTY = _per_rule("legend_penalty",
                           lambda who, _kind, penalty: f"{who} is weakest at the legend: "
                           f"{penalty}", ("LB-R31", "LB-legend-effect"), data=("penalty",))
LEGEND_RETURN = _t("legend_return", "LB-legend-return",
                   "Every player takes the legend token home")


def _lost_stars(who: str, lost: int, wanted: int) -> str:
    capped = "" if lost == wanted else f" (only {lost}: a total never goes below 0)"
    return f"{who} loses {plural(lost, 'star')}{capped}"


LOSE_STARS = _per_rule("lose_stars", _lost_stars, ("LB-R45", "LB-legend-effect"),
                       data=("stars",))


def _lost_resource(who: str, kind: str, chooser: str) -> str:
    by = "" if chooser == who else f" ({chooser} chooses for them)"
    return f"{who} loses 1 {kind}{by}"


LOSE_RESOURCE = _per_rule("lose_resource", _lost_resource,
                          ("LB-R41", "LB-solo-legend", "LB-legend-effect"),
                          data=("kind", "chooser"))
LOSE_NOTHING = _t("lose_nothing", "LB-legend-effect", "{0} has no resource left to lose")

# -- the solitary game's tunnels (LB-R25) ------------------------------------------------------
SOLO_TUNNEL_GUARDS = _t("tunnel", "LB-solo-tunnel-guards",
                        lambda _who, _loc, kind, where, guards, player: f"The {kind} tunnel "
                        f"at {where}: the guards are strongest ({guards} against {player}) "
                        "and advance one space", data=("location",))


def _solo_tunnel_player(who: str, _loc: int, steps: int, kind: str, where: str, seeker: bool,
                        guards: int, player: int) -> str:
    why = ("the only seeker there" if not seeker else
           f"stronger than the guards' seeker ({player} against {guards}; a tie goes to the "
           "player)")
    return (f"The {kind} tunnel at {where}: {who} has {why} and may advance up to "
            f"{plural(steps, 'space')}")


SOLO_TUNNEL_PLAYER = _t("tunnel", "LB-solo-tunnel-player", _solo_tunnel_player,
                        data=("location", "steps"))
SOLO_TUNNEL_OUTMATCHED = _t("tunnel", "LB-R25",
                            lambda who, _loc, kind, where, guards, player: f"The {kind} "
                            f"tunnel at {where}: the guards' seeker outmatches {who}'s "
                            f"({guards} against {player})", data=("location",))
SOLO_TUNNEL_NONE = _t("tunnel", "LB-R25", "The {2} tunnel at {3}: no one advances",
                      data=("location",))
