"""What happens to a character: fear and terror, wounds, the Infirmary (L7-terror-*,
L7-R21, L7-R22).

Fear forced past 8 becomes terror, and terror 8 is a heart attack (L7-terror-gain,
L7-terror-heart); fear never drops below 1 nor below the terror token
(L7-terror-floor); a character with no vitality left is knocked out to the Infirmary
(L7-R22). Each is a function of the working copy ``w``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.level7_lockdown.config import FEAR_MAX, HEART_ATTACK
from boardlab.level7_lockdown.events import FEAR, KNOCKED_OUT, WOUND
from boardlab.level7_lockdown.state import HEART_ATTACK as HEART
from boardlab.level7_lockdown.state import INFIRMARY, INSIDE

if TYPE_CHECKING:
    from boardlab.level7_lockdown.work import Work


def gain_fear(w: Work, i: int, n: int, why: str, rule_id: str) -> None:
    """Fear forced up by ``n``; past 8 it becomes terror (L7-terror-gain)."""
    c = w.chars[i]
    if c.status != INSIDE or n <= 0:
        return
    fear = c.fear + n
    over = max(0, fear - FEAR_MAX)
    fear = min(fear, FEAR_MAX)
    if not over:
        w.set_char(i, fear=fear)
        w.emit_t(FEAR[rule_id], c.name, fear, c.terror, n, why)
        return
    terror = c.terror + over
    first = " — the terror token goes on the track" if not c.terror else ""
    w.set_char(i, fear=max(fear, min(terror, FEAR_MAX)), terror=terror)
    w.emit("terror", f"{c.name}'s fear would pass 8 ({why}): {over} terror instead, "
           f"terror {terror}{first}", "L7-terror-gain", c.name, fear=fear, terror=terror)
    if terror >= HEART_ATTACK:
        heart_attack(w, i)


def heart_attack(w: Work, i: int) -> None:
    c = w.chars[i]
    w.set_char(i, status=HEART, terror=HEART_ATTACK, fear=FEAR_MAX, down=False)
    w.emit("heart_attack", f"{c.name} reaches terror 8: a heart attack; {c.name} loses and "
           "leaves the game", "L7-terror-heart", c.name)


def lose_fear(w: Work, i: int, n: int, why: str, rule_id: str) -> None:
    """Fear down by ``n``, never below 1 nor below the terror token (L7-terror-floor)."""
    c = w.chars[i]
    if c.status != INSIDE:
        return
    floor = max(1, c.terror)
    fear = max(floor, c.fear - n)
    if fear == c.fear:
        held = (" (the terror token holds it)" if c.terror >= c.fear else "")
        w.emit("fear", f"{c.name}'s fear stays {fear} ({why}){held}",
               "L7-terror-floor" if held else rule_id, c.name, fear=fear)
        return
    w.set_char(i, fear=fear)
    w.emit("fear", f"{c.name} loses fear ({why}): fear {fear}", rule_id, c.name, fear=fear)


def lose_vitality(w: Work, i: int, n: int, why: str, rule_id: str) -> None:
    """``n`` vitality lost; none left is a knock-out (L7-R11, L7-R22)."""
    c = w.chars[i]
    if c.status != INSIDE:
        return
    v = max(0, c.vitality - n)
    w.set_char(i, vitality=v)
    w.emit_t(WOUND[rule_id], c.name, v, n, why)
    if v == 0:
        knock_out(w, i, "no vitality left", "L7-R22")


def knock_out(w: Work, i: int, why: str, rule_id: str) -> None:
    """To the Infirmary (L7-R22): off the map until the end of their next turn."""
    c = w.chars[i]
    w.set_char(i, status=INFIRMARY, down=False, vitality=0)
    w.emit_t(KNOCKED_OUT[rule_id], c.name, why)
