"""The step-through phase explainer: a round of Mall of Horror told one phase at a time.

Each card says in plain words what the phase is for (short paraphrases written for
boardlab, citing the rule ids, never the rule text), then what happened in it this
round: the phase's events in :func:`boardlab.narrate.narrate`'s words, the same lines
the CLI prints, each ending with the rule that caused it, and a short tally of votes,
dice, attacks, cards and meals. :func:`explain_phase` gives a card as plain lines,
with no widgets; :class:`Explainer` walks the cards with Next / Back / a phase menu /
Next round.

>>> from boardlab import mall_of_horror as moh
>>> match = moh.play(players=4, seed=3, agents=lambda c: moh.HeuristicAgent(seed=3))
>>> card = explain_phase(match, 2, "b")
>>> card[1].startswith("What it does: The players with characters in the Security Room")
True
>>> for line in [card[0], *card[2:]]:
...     print(line)
Round 2 — b) Elect the Chief
Rules: MoH-b, MoH-R10
What happened:
  The Security Room is empty: red stays Chief (and may not look at the roll)  (MoH-b)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from boardlab.core.engine import Match
from boardlab.core.events import Event
from boardlab.mall_of_horror.config import KIND_NAMES
from boardlab.mall_of_horror.rules import PHASE_NAMES, RULES
from boardlab.mall_of_horror.state import State
from boardlab.widgets.explainer import PhaseExplainer, Position, ordered_positions
from boardlab.words import plural

__all__ = ["PHASE_GUIDE", "PHASES", "Explainer", "explain_phase", "phase_positions"]

#: The phases of a round, in order.
PHASES: Final = ("a", "b", "c", "d", "e", "f")
_OPENING: Final = ("setup",)
_CLOSING: Final = ("over",)

#: What each phase does, in boardlab's own words, and the rule ids it paraphrases.
PHASE_GUIDE: Final[Mapping[str, tuple[str, tuple[str, ...]]]] = {
    "setup": (
        "Before the first round every player is dealt one action card; then, in turn, "
        "players roll two dice and put one of their characters at a location the dice "
        "show, until all characters are in the mall; last, four dice bring the first "
        "zombies to the doors they name.",
        ("MoH-setup", "MoH-setup-characters", "MoH-setup-zombies", "MoH-R4")),
    "a": (
        "The players with characters in the Parking Lot vote on who searches the truck. "
        "The searcher draws up to three cards, keeps one, hands one to another player and "
        "slides any third under the deck. Once the deck runs dry the truck is skipped.",
        ("MoH-a", "MoH-R9")),
    "b": (
        "The players with characters in the Security Room vote for the Chief of Security. "
        "If nobody is there, or the vote stays tied, the Chief keeps the badge. The Chief "
        "goes first in every turn order for the rest of the round.",
        ("MoH-b", "MoH-R10")),
    "c": (
        "The Chief rolls the zombie dice out of sight. Only a Chief who won this round's "
        "election may peek; a Security Camera card lets its player peek as well. The dice "
        "say where the next zombies will come.",
        ("MoH-c", "MoH-R10")),
    "d": (
        "Each player secretly picks where one of their characters will go; an elected "
        "Chief picks first and announces it. A player whose characters are all gone "
        "drops a zombie at a door of their choice instead.",
        ("MoH-d", "MoH-R11", "MoH-R15")),
    "e": (
        "The destinations and then the dice are shown, and the new zombies take their "
        "places; an empty location swamped by zombies is sealed for good. Then, in turn "
        "order, each player moves a character; a full destination sends it to the "
        "Parking Lot, and a Sprint card allows a change of plan.",
        ("MoH-e", "MoH-e-seal", "MoH-e-full", "MoH-e-sprint", "MoH-R12")),
    "f": (
        "The most crowded location and the one with the most Pin-Ups each draw one more "
        "zombie. Then locations 1 to 6 are checked in order: where the zombies match the "
        "defence (a Tough Guy counts double; four always get into the Supermarket), the "
        "players there may play cards, then vote on whose character is eaten. In the "
        "Parking Lot every zombie eats.",
        ("MoH-f", "MoH-f-extra", "MoH-R5", "MoH-f-cards", "MoH-parking")),
    "over": (
        "The match ends when all survivors share one location other than the Parking Lot, "
        "or when few enough are left. Every player scores the points of their surviving "
        "characters; more cards in hand break a tie.",
        ("MoH-end", "MoH-R16")),
}



def phase_positions(match: Match) -> list[Position]:
    """Every (round, phase) from the match's first position to its current one.

    >>> from boardlab import mall_of_horror as moh
    >>> m = moh.new_match(players=4, seed=1)
    >>> phase_positions(m)
    [(0, 'setup')]
    >>> positions = phase_positions(moh.play(players=4, seed=3))
    >>> len(positions), positions[:3], positions[-2:]
    (26, [(0, 'setup'), (1, 'a'), (1, 'b')], [(4, 'f'), (4, 'over')])
    """
    start, now = match.root, match.state
    return ordered_positions((start.round, start.phase), (now.round, now.phase), PHASES,
                             opening=_OPENING, closing=_CLOSING)


def in_short(events: Sequence[Event], viewer: str | None = None) -> str:
    """A one-line tally of a phase: votes, dice, attacks, cards and meals.

    Only what ``viewer`` may know: a hidden roll counts only for those who may look.

    >>> from boardlab import mall_of_horror as moh
    >>> m = moh.play(players=4, seed=3, agents=lambda c: moh.HeuristicAgent(seed=3))
    >>> for fact in in_short([e for e in m.events if (e.round, e.phase) == (1, "f")]).split("; "):
    ...     print(fact)
    5 ballots cast in 2 votes
    zombies vs defence 1 vs 1 at 1, 1 vs 5 at 3, 1 vs 4 at 6
    2 cards played
    eaten: yellow's Tough Guy, green's Tough Guy
    """
    ballots = tallies = cards = 0
    dice: list[str] = []
    attacks: list[str] = []
    eaten: list[str] = []
    for e in events:
        data = e.data_for(viewer)
        if e.kind == "ballot":
            ballots += 1
        elif e.kind == "tally":
            tallies += 1
        elif e.kind in ("card", "camera"):
            cards += 1
        elif e.kind == "eaten" and e.who is not None:
            eaten.append(f"{e.who}'s {KIND_NAMES.get(data.get('kind', ''), 'character')}")
        if e.kind in ("arrival_roll", "arrivals", "initial_zombies") and "dice" in data:
            dice.append(", ".join(map(str, data["dice"])))
        if e.kind in ("threat", "holds") and {"zombies", "defence", "location"} <= set(data):
            attacks.append(f"{data['zombies']} vs {data['defence']} at {data['location']}")
    facts = []
    if ballots or tallies:
        facts.append(f"{plural(ballots, 'ballot')} cast in {plural(tallies, 'vote')}")
    if dice:
        facts.append("dice " + "; ".join(dict.fromkeys(dice)))
    if attacks:
        facts.append("zombies vs defence " + ", ".join(attacks))
    if cards:
        facts.append(f"{plural(cards, 'card')} played")
    if eaten:
        facts.append("eaten: " + ", ".join(eaten))
    return "; ".join(facts)


class Explainer(PhaseExplainer):
    """Walk a match phase by phase: ``next()``, ``back()``, ``goto(round, phase)``,
    ``next_round()``; ``card_html`` and ``card_lines`` show the current card.

    ``viewer`` tells the match as that player may know it (``None``: everything).
    The widget (``explainer.widget``) has buttons Back / Next / Next round
    (CSS classes ``bl-explainer-back``, ``-next``, ``-next-round``), a phase menu
    (``bl-explainer-phase``), the card (``bl-explainer-card``) and a position label
    (``bl-explainer-status``). The walking is
    :class:`~boardlab.widgets.explainer.PhaseExplainer`'s; the words are here.

    >>> from boardlab import mall_of_horror as moh
    >>> ex = Explainer(moh.play(players=4, seed=3))
    >>> ex.position
    (0, 'setup')
    >>> ex.next(), ex.next_round(), ex.back()
    ((1, 'a'), (2, 'a'), (1, 'f'))
    >>> ex.goto(3, "d")
    (3, 'd')
    >>> ex.card_lines[0]
    'Round 3 — d) Choose Destinations'
    """

    phases = PHASES
    opening = _OPENING
    closing = _CLOSING
    phase_titles: ClassVar[Mapping[str, str]] = PHASE_NAMES
    phase_guide: ClassVar[Mapping[str, tuple[str, tuple[str, ...]]]] = PHASE_GUIDE
    rules = RULES
    game = "Mall of Horror"

    def players(self, state: State) -> tuple[str, ...]:
        return state.setup.colours

    def in_short(self, events: Sequence[Event], viewer: str | None) -> str:
        return in_short(events, viewer)


#: One card as plain lines: title, what the phase does, rules, what happened (the event
#: lines are exactly :func:`~boardlab.narrate.narrate`'s for that phase, as ``viewer`` may
#: know them; ``None``: everything). Every game has it under this name.
explain_phase = Explainer.card
