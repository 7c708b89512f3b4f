"""The turn-step explainer: a Level 7 match told one card per turn step.

Each character's turn has four steps (L7-R6): the move step, the action step, the
trigger-events step and the enemy activation step (which ends with Dr. Cronos and the
end of the turn, L7-R72); a new round gets a card of its own. Each card says what the
step is for, in boardlab's own words citing the rules (never the rule text), gives a
one-line tally (moves, rolls, hits, spawns, Dr. Cronos's steps) and then what happened
in that step of this match: the events in :func:`boardlab.narrate.narrate`'s words,
each with the rule that caused it. The walking (Next / Back / Next round / a step
menu) is :class:`~boardlab.widgets.explainer.PhaseExplainer`'s.

Cards are keyed ``(round, "<step>:<character>")``, as the events' phases are
(:mod:`boardlab.level7_lockdown.narration`).

>>> from boardlab import level7_lockdown as l7
>>> match = l7.play(players=2, seed=1)
>>> card = explain_phase(match, 1, "enemies:Leo")
>>> card[0]
"Round 1 — Leo's turn — enemy activation step"
>>> card[2]
'Rules: L7-R6, L7-R72, L7-R83, L7-R32, L7-blaster-activation, L7-SB-cronos, L7-R17, \
L7-cronos-drain'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from boardlab.core.deprecation import warn_deprecated
from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentError
from boardlab.core.events import Event
from boardlab.level7_lockdown.narration import PHASE_TITLES
from boardlab.level7_lockdown.rules import RULES
from boardlab.level7_lockdown.state import State
from boardlab.widgets.explainer import PhaseExplainer, Position

__all__ = ["STEP_GUIDE", "Explainer", "explain_phase", "explain_step", "in_short"]

#: What each turn step does, in boardlab's own words, and the rule ids it follows.
STEP_GUIDE: Final[Mapping[str, tuple[str, tuple[str, ...]]]] = {
    "round": (
        "Every character has had a turn: a new round begins, and the characters play "
        "again in seat order. The match ends when nobody is left inside or after the "
        "scenario's last round.",
        ("L7-R6", "L7-R23")),
    "move": (
        "The active character has two moves: through an open door, through the vents, "
        "or getting up after a fall. Exploring through a door with nothing behind it "
        "draws a tile from the current stack, places it (the explorer picks how it is "
        "turned) and ends the moves; peeking may find the objective instead. Leaving a "
        "tile with enemies takes a bull rush or an outwit roll first.",
        ("L7-R6", "L7-R7", "L7-R5", "L7-R19", "L7-fall-effects")),
    "action": (
        "One action: attack an enemy here (or next door with a gun), smash a barricade, "
        "search a supply cache, use a control panel or an extinguisher — or nothing. A "
        "challenge rolls the stat's dice, changed by terror, weapons, darkness and "
        "adrenaline cards, and succeeds when enough icons come up.",
        ("L7-R8", "L7-R18", "L7-terror-stats", "L7-cache", "L7-barricade-player",
         "L7-ranged-gun")),
    "events": (
        "An event card is drawn. Its sections act on the tiles explored this turn (a "
        "tile with two event icons triggers two sections), then its spawn icon brings a "
        "guard or a clone to the nearest matching tile (two on a war zone). In the "
        "sandbox a LOCKDOWN token joins the pool unless Dr. Cronos shares a tile with a "
        "character.",
        ("L7-R12", "L7-R85", "L7-tile-multievent", "L7-R13", "L7-tile-warzone",
         "L7-SB-cronos")),
    "enemies": (
        "The enemies act, one after another: the card's activation icons (guards, then "
        "clones), the fear hunters' die, the blasters' die, then Dr. Cronos, who rolls "
        "one die per LOCKDOWN token and walks one tile per Speed icon toward the most "
        "frightened character. Each enemy attacks a target where it stands (or next "
        "door, if ranged) or moves toward one. The turn ends with the Alien Zone and "
        "Dr. Cronos's drain.",
        ("L7-R6", "L7-R72", "L7-R83", "L7-R32", "L7-blaster-activation", "L7-SB-cronos",
         "L7-R17", "L7-cronos-drain")),
    "over": (
        "The match is over: every character has escaped, died or been stopped by a "
        "heart attack, or the turn limit has come. Each character's result is told.",
        ("L7-R23",)),
}


#: The tally each kind of event counts in (:func:`in_short`).
_TALLY = {"move": "moves", "place_tile": "tiles", "challenge": "challenges",
          "challenge_won": "won", "peek_won": "won", "enemy_move": "enemy_moves",
          "enemy_attack": "attacks", "barricade_attack": "attacks", "hit": "hits",
          "barricade_battered": "hits", "barricade_gone": "hits", "spawn": "spawns",
          "cronos_roll": "rolled", "cronos_move": "steps", "cronos_stop": "reached"}


def _tally(events: Sequence[Event]) -> Counter[str]:
    n: Counter[str] = Counter()
    for e in events:
        kind = e.kind
        # a barricade a character builds or strengthens is a challenge won, not a hit
        if e.rule.id == "L7-barricade-player" and kind.startswith("barricade_"):
            n["won"] += 1
        elif kind in _TALLY:
            n[_TALLY[kind]] += 1
    return n


def in_short(events: Sequence[Event], viewer: str | None = None) -> str:
    """A one-line tally of a turn step: moves, tiles, rolls, hits, spawns, Dr. Cronos.

    >>> from boardlab import level7_lockdown as l7
    >>> m = l7.play(players=2, seed=1)
    >>> in_short([e for e in m.events if (e.round, e.phase) == (1, "enemies:Cody")])
    '1 enemy move; 3 enemy attacks, 1 hit; Dr. Cronos 1 step, reaches a character'
    """
    n = _tally(events)
    facts = []
    if n["moves"]:
        facts.append(_count(n["moves"], "move"))
    if n["tiles"]:
        facts.append(_count(n["tiles"], "tile") + " placed")
    if n["challenges"]:
        facts.append(f"{_count(n['challenges'], 'challenge')}, {n['won']} won")
    if n["spawns"]:
        facts.append(_count(n["spawns"], "spawn"))
    if n["enemy_moves"]:
        facts.append(_count(n["enemy_moves"], "enemy move"))
    if n["attacks"]:
        facts.append(f"{_count(n['attacks'], 'enemy attack')}, {_count(n['hits'], 'hit')}")
    if n["rolled"]:
        words = _count(n["steps"], "step") + (", reaches a character" if n["reached"] else "")
        facts.append(f"Dr. Cronos {words}")
    return "; ".join(facts)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def explain_step(match: Match, round: int, phase: str,  # noqa: A002 - the game's word
                 viewer: str | None = None) -> list[str]:
    """Deprecated since 0.2 (goes in 0.3): every game's phase explainer function is
    ``explain_phase``, with the same arguments."""
    warn_deprecated("l7.explain_step()", "l7.explain_phase(), with the same arguments")
    return explain_phase(match, round, phase, viewer)



class Explainer(PhaseExplainer):
    """Walk a Level 7 match step by step: ``next()``, ``back()``, ``goto(round, phase)``,
    ``next_round()``; ``card_html`` and ``card_lines`` show the current card.

    One card per turn step that happened, in the order they happened (the generic
    explainer without fixed phases). ``viewer`` is a seat; Level 7 keeps nothing
    secret from a seat but the stacks, so every seat reads the same cards.

    >>> from boardlab import level7_lockdown as l7
    >>> ex = Explainer(l7.play(players=2, seed=1))
    >>> ex.positions[:5]
    [(1, 'move:Leo'), (1, 'action:Leo'), (1, 'events:Leo'), (1, 'enemies:Leo'), \
(1, 'move:Cody')]
    >>> ex.next(), ex.next_round()
    ((1, 'action:Leo'), (2, 'round:'))
    >>> ex.card_lines[0]
    'Round 2 — a new round'
    """

    phase_titles: ClassVar[Mapping[str, str]] = PHASE_TITLES
    phase_guide: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = STEP_GUIDE
    rules = RULES
    game = "Level 7 [Escape]: Lockdown"

    def phase_text(self, phase: str) -> tuple[str, tuple[str, ...]]:
        step = phase.partition(":")[0] if isinstance(phase, str) else None
        if step not in STEP_GUIDE:
            raise ArgumentError("phase", phase, "unknown turn step; steps are "
                                f"{', '.join(STEP_GUIDE)} (as '<step>:<character>')")
        return STEP_GUIDE[step]

    def position_of(self, state: State) -> Position:
        if state.is_over:
            return (0, f"over:{state.chars[state.active].name}")
        return (state.round, f"{state.step}:{state.chars[state.active].name}")

    def players(self, state: State) -> tuple[str, ...]:
        return state.setup.seats

    def in_short(self, events: Sequence[Event], viewer: str | None) -> str:
        return in_short(events, viewer)

    def phase_positions(self) -> list[Position]:
        """Every turn step with events, in play order, then the step now in progress."""
        found = list(self._events)
        now = self.position_of(self._match.state)
        if now not in found:
            found.append(now)
        return found

    def card_for(self, state: Any) -> Position:
        """The card of the step ``state`` stands in (a helper for boards that follow)."""
        return self.position_of(state)


#: One card as plain lines (``phase`` is ``"<step>:<character>"``, ``"round:"`` for a new
#: round, or ``"over:<character>"`` with round 0 for the end); the name every game uses.
explain_phase = Explainer.card
