"""What each Mall of Horror event says: one :class:`~boardlab.core.events.EventTemplate` per
kind of event and rule, built once at import.

The rules store only an event's template, who, when, and its arguments; the sentences
below are formatted when someone reads an event (a log, the CLI, an explainer). Every
template's text is called with the event's ``who`` first, then its arguments: the values
of its ``data`` (in the order named), of its ``secret``, then those only the text needs
(a location's label, a card). Labels are precomputed strings shared by every event.

>>> e = PLACE.event("red", 0, "setup", (), 6, "pinup", "6 Supermarket")
>>> e.summary, dict(e.data), e.rule.id
('red places the Pin-Up at 6 Supermarket', {'location': 6, 'kind': 'pinup'}, 'MoH-setup-characters')
"""

from __future__ import annotations

from boardlab.core.events import EventTemplate, templates_citing
from boardlab.mall_of_horror.config import CARD_NAMES, KIND_NAMES, SUPERMARKET
from boardlab.mall_of_horror.rulebook import BOOK
from boardlab.words import and_list, plural

__all__ = ["n_of", "and_list", "faces_text", "places_text"]


#: ``'1 zombie'``, ``'3 zombies'``: the one pluraliser, :func:`boardlab.words.plural`
#: (``and_list`` is :func:`boardlab.words.and_list`).
n_of = plural


def faces_text(faces: tuple[int, ...]) -> str:
    return ", ".join(map(str, faces)) if faces else "nothing"


def places_text(placed: tuple[int, ...]) -> str:
    return ", ".join(map(str, placed)) if placed else "no location"


def _name(colour: str, kind: str) -> str:
    return f"{colour}'s {KIND_NAMES[kind]}"


_t = templates_citing(BOOK)


# -- setup ---------------------------------------------------------------------------------
DEAL = _t("deal", "MoH-setup", "{0} is dealt an action card", secret=("card",),
          detail=lambda who, card: f"{who} is dealt {CARD_NAMES[card]}")
PLACEMENT_ROLL = _t("placement_roll", "MoH-setup-characters",
                    "{0} rolls {1[0]} and {1[1]} to place a character", data=("dice",))
PLACE = _t("place", "MoH-setup-characters",
           lambda who, loc, kind, label: f"{who} places the {KIND_NAMES[kind]} at {label}",
           data=("location", "kind"))
PLACE_FALLBACK = _t("place", "MoH-R4",
                    lambda who, loc, kind, label: f"{who} places the {KIND_NAMES[kind]} at "
                    f"{label} (both dice full: any location with room)",
                    data=("location", "kind"))
INITIAL_ZOMBIES = _t("initial_zombies", "MoH-setup-zombies",
                     lambda who, dice, placed: f"The first player rolls {faces_text(dice)}: "
                     f"zombies arrive at {places_text(placed)}", data=("dice", "placed"))
DIE_CLOSED = _t("die_ignored", "MoH-R3",
                "The die showing {1} is ignored: the location is closed in this game",
                data=("location",))
DIE_SEALED = _t("die_ignored", "MoH-R12", "The die showing {1} is ignored: the location is sealed",
                data=("location",))

# -- rounds, phases a) to c) ----------------------------------------------------------------
ROUND = _t("round", "MoH-round", "Round {1} begins; {2} holds the Chief badge")
SKIP_TRUCK_EMPTY = _t("skip", "MoH-R9",
                      "The truck is empty: no search this round or any later one")
SKIP_PARKING_EMPTY = _t("skip", "MoH-a", "No one is at the Parking Lot: no one searches the truck")
SKIP_SECURITY_EMPTY = _t("skip", "MoH-b", "The Security Room is empty: {1} stays Chief "
                         "(and may not look at the roll)")
ARRIVAL_ROLL_ELECTED = _t(
    "arrival_roll", "MoH-c",
    lambda who, dice, n, chief: f"The Chief rolls {n} zombie dice under the box; "
    f"{chief}, elected this round, may look",
    secret=("dice",),
    detail=lambda who, dice, n, chief: f"The zombie dice show {faces_text(dice)} "
    f"({chief}, elected this round, may look)")
ARRIVAL_ROLL_UNSEEN = _t(
    "arrival_roll", "MoH-R10",
    lambda who, dice, n, chief: f"The Chief rolls {n} zombie dice under the box; no one may look",
    secret=("dice",),
    detail=lambda who, dice, n, chief: f"The zombie dice show {faces_text(dice)} "
    "(no one may look)")
CAMERA = _t("camera", "MoH-c", "{0} plays a Security Camera and looks at the roll",
            detail=lambda who, roll: f"{who} plays a Security Camera: the dice show "
            f"{faces_text(roll)}")

# -- phase d) --------------------------------------------------------------------------------
NO_DESTINATION = _t("no_destination", "MoH-R18",
                    "{0} has no legal destination (all their characters stand at the only "
                    "open location) and moves no one this round")
DESTINATION_CHIEF = _t("destination", "MoH-d", "Chief {0} announces destination {2}",
                       data=("location",))
DESTINATION_SECRET = _t("destination", "MoH-d", "{0} chooses a destination in secret",
                        secret=("location",), detail="{0} chooses destination {2} in secret")
UNSEEN_ROLL = _t(
    "unseen_roll", "MoH-R20",
    lambda who, dice, n: f"The {n} zombie dice rolled in phase c), which no one has seen, "
    "are uncovered",
    secret=("dice",),
    detail=lambda who, dice, n: f"The zombie dice rolled in phase c), which no one has "
    f"seen, show {faces_text(dice)}")
ZOMBIE_DROP = _t("zombie_drop", "MoH-R15", "{0}, eliminated, returns as a zombie at {2}",
                 data=("location",))

# -- phase e) --------------------------------------------------------------------------------
REVEAL_DESTINATIONS = _t(
    "reveal_destinations", "MoH-e",
    lambda who, dests: "Destinations revealed: " + ", ".join(f"{c} → {loc}" for c, loc in dests),
    data=("destinations",))
ARRIVALS = _t("arrivals", "MoH-e",
              lambda who, dice, placed: f"The zombie dice are revealed: {faces_text(dice)}; "
              f"zombies arrive at {places_text(placed)}", data=("dice", "placed"))
SEALED = _t("sealed", "MoH-e-seal",
            "{3} is empty with {2} zombies in front: it is sealed for the rest of the game "
            "and its zombies removed", data=("location", "zombies"))
SPRINT_BACK = _t("sprint", "MoH-e-sprint",
                 lambda who, to, kind, label, dest: f"{who} plays Sprint and keeps the "
                 f"{KIND_NAMES[kind]} where it stands instead of sending it to {dest}",
                 data=("to",))
SPRINT_TOWARDS = _t("sprint", "MoH-e-sprint",
                    lambda who, to, kind, label, dest: f"{who} plays Sprint and sends the "
                    f"{KIND_NAMES[kind]} towards {label} instead of to {dest}", data=("to",))
_MOVE_DATA = ("kind", "start", "end")
MOVE_STAYS = _t("move", "MoH-e-sprint",
                lambda who, kind, start, end, label: f"{_name(who, kind)} stays at {label}",
                data=_MOVE_DATA)
MOVE = _t("move", "MoH-e",
          lambda who, kind, start, end, from_, to: f"{_name(who, kind)} moves from {from_} "
          f"to {to}", data=_MOVE_DATA)


def _blocked(rule_id: str, why: str) -> tuple[EventTemplate, EventTemplate]:
    stays = _t("move", rule_id,
               lambda who, kind, start, end, target: f"{target} is {why}: "
               f"{_name(who, kind)} stays at the Parking Lot", data=_MOVE_DATA)
    falls_back = _t("move", rule_id,
                    lambda who, kind, start, end, target, from_: f"{target} is {why}: "
                    f"{_name(who, kind)} goes from {from_} to the Parking Lot", data=_MOVE_DATA)
    return stays, falls_back


#: ``(stays at the Parking Lot, goes to the Parking Lot)`` when the target is sealed / full.
MOVE_SEALED = _blocked("MoH-R12", "sealed")
MOVE_FULL = _blocked("MoH-e-full", "full")

# -- phase f) --------------------------------------------------------------------------------
EXTRA_NONE = _t("extra_zombie", "MoH-R13", "No location has any {1}: no extra zombie",
                data=("what",))
EXTRA_TIE = _t("extra_zombie", "MoH-R13",
               lambda who, what, tied, top: f"Tie for the most {what} ({top}) at "
               f"{', '.join(map(str, tied))}: no extra zombie", data=("what", "tied"))
EXTRA_ZOMBIE = _t("extra_zombie", "MoH-f-extra",
                  "{3} has the most {2} ({4}): one extra zombie arrives",
                  data=("location", "what"))
WAITING = _t("waiting", "MoH-f",
             lambda who, loc, z, label: f"{n_of(z, 'zombie')} {'waits' if z == 1 else 'wait'} "
             f"in front of the empty {label}",
             data=("location", "zombies"))
PARKING_MEALS = _t("parking", "MoH-parking",
                   lambda who, loc, z: f"{n_of(z, 'zombie')} at the Parking Lot: each eats one "
                   "character, one vote per meal", data=("location", "zombies"))
_ATTACK_DATA = ("location", "zombies", "defence", "threshold")


def _attack_note(tough: bool, supermarket: bool, t: int) -> str:
    note = " (a Tough Guy counts twice)" if tough else ""
    return f"{note}; {t} are enough at the Supermarket" if supermarket else note


def _attack(kind: str, rule_id: str, end: str, supermarket: bool) -> EventTemplate:
    return _t(kind, rule_id,
              lambda who, loc, z, d, t, label, tough: f"{n_of(z, 'zombie')} against defence "
              f"{d} at {label}{_attack_note(tough, supermarket, t)}: {end}",
              data=_ATTACK_DATA)


_BREAK = "they break in unless cards stop them"
_HOLDS = "the door holds"
#: By rule: MoH-R5 (plain), MoH-f-toughguy (a Tough Guy there), MoH-f-supermarket (capped).
THREAT = {rule_id: _attack("threat", rule_id, _BREAK, rule_id == "MoH-f-supermarket")
          for rule_id in ("MoH-R5", "MoH-f-toughguy", "MoH-f-supermarket")}
HOLDS = {rule_id: _attack("holds", rule_id, _HOLDS, rule_id == "MoH-f-supermarket")
         for rule_id in ("MoH-R5", "MoH-f-toughguy", "MoH-f-supermarket")}

_CARD = ("card", "location")
CARD_THREAT = _t("card", "MoH-voting-threat", "{0} plays a Threat: an extra vote for {0} in "
                 "this vote", data=_CARD)
CARD_HARDWARE = _t("card", "MoH-f-cards",
                   lambda who, card, loc, label, defence: f"{who} plays Hardware at {label}: "
                   f"defence {defence} this round"
                   + (" (it cannot stop 4 zombies at the Supermarket)" if loc == SUPERMARKET
                      else ""),
                   data=_CARD)
CARD_WEAPON = _t("card", "MoH-f-cards",
                 lambda who, card, loc, killed, label, left: f"{who} plays a Weapon at {label}: "
                 f"{n_of(killed, 'zombie')} killed, {left} left",
                 data=("card", "location", "killed"))
CARD_HIDDEN = _t("card", "MoH-f-cards",
                 lambda who, card, loc, character: f"{who} plays Hidden: the "
                 f"{KIND_NAMES[character]} hides, cannot vote or be chosen, but still defends",
                 data=("card", "location", "character"))
FORCED_VOTE = _t("forced_vote", "MoH-R19", "Only {0} can be chosen at {2}: no vote is needed",
                 data=("location",))
REPELLED = _t("repelled", "MoH-f-cards",
              lambda who, loc, z, t, label: f"After the cards, {n_of(z, 'zombie')} against "
              f"{t} needed: no break-in at {label}", data=("location",))
REPELLED_PARKING = _t("repelled", "MoH-R6", "No zombie is left at the Parking Lot",
                      data=("location",))
ALL_HIDDEN = _t("all_hidden", "MoH-R14", "Every character at {2} is hidden: no one is eaten "
                "and the zombies leave", data=("location",))

# -- votes ---------------------------------------------------------------------------------
BALLOT = _t("ballot", "MoH-voting", "{0} votes in secret", secret=("colour",),
            detail="{0} votes for {1}")


def _tally(title: str, rule_id: str) -> EventTemplate:
    def text(who: None, loc: int, ballots: tuple[tuple[str, str], ...],
             counts: tuple[tuple[str, int], ...], label: str,
             weights: tuple[tuple[str, int], ...]) -> str:
        weight = dict(weights)
        shown = "; ".join(f"{v} votes {c}" + (f" with {weight[v]} votes" if weight[v] != 1
                                               else "") for v, c in ballots)
        totals = ", ".join(f"{c} {n}" for c, n in counts)
        return f"{title} at {label}: {shown}. Totals: {totals}"
    return _t("tally", rule_id, text, data=("location", "ballots", "counts"))


TALLY = _tally("Votes", "MoH-R7")
TALLY_SECOND = _tally("Second vote", "MoH-R8")
SECOND_VOTE = _t("second_vote", "MoH-voting-tie",
                 lambda who, tied, hid: f"Tie between {and_list(tied)}: a second vote among "
                 "them, everyone else with one vote"
                 + (" (players whose characters there all hide do not vote)" if hid else ""),
                 data=("tied",))
NO_RESULT_TRUCK = _t("no_result", "MoH-R8", "Tie again: no one searches the truck")
NO_RESULT_CHIEF = _t("no_result", "MoH-R8", "Tie again: no one is elected; {1} stays Chief "
                     "and may not look at the roll")
NO_RESULT_CHANCE = _t("no_result", "MoH-R8",
                      lambda who, tied: f"Tie again between {and_list(tied)}: chance decides",
                      data=("tied",))
TIEBREAK = _t("tiebreak", "MoH-R8", "Chance picks {0}")
SEARCHER = _t("searcher", "MoH-R9",
              lambda who, n: f"{who} searches the truck and draws {n_of(n, 'card')}",
              data=("cards",))
CHIEF = _t("chief", "MoH-b", "{0} is elected Chief of Security for this round")
CHOSEN = {purpose: _t("chosen", "MoH-parking" if purpose == "meal" else "MoH-f",
                      "{0} is chosen at {2}", data=("location",))
          for purpose in ("meal", "sacrifice")}

# -- the truck -------------------------------------------------------------------------------
TRUCK_ONLY = _t("truck", "MoH-R9", "{0} keeps the only card",
                detail=lambda who, card: f"{who} keeps {CARD_NAMES[card]}")


def _split_summary(who: str, keep: str, give: str | None, to: str | None,
                   under: str | None) -> str:
    text = f"{who} keeps one card"
    if give is not None and to is not None:
        text += f", gives one to {to}"
    if under is not None:
        text += " and puts one under the deck"
    return text


def _split_detail(who: str, keep: str, give: str | None, to: str | None,
                  under: str | None) -> str:
    text = f"{who} keeps {CARD_NAMES[keep]}"
    if give is not None and to is not None:
        text += f", gives {CARD_NAMES[give]} to {to}"
    if under is not None:
        text += f" and puts {CARD_NAMES[under]} under the deck"
    return text


TRUCK_SPLIT = _t("truck", "MoH-R9", _split_summary, detail=_split_detail)
GIFT = _t("gift", "MoH-R9", "{0} receives a card from {2}",
          detail=lambda who, give, giver: f"{who} receives {CARD_NAMES[give]} from {giver}")

# -- meals, the end ------------------------------------------------------------------------
EATEN = {purpose: _t("eaten", "MoH-parking" if purpose == "meal" else "MoH-f",
                     lambda who, kind, loc, points, label: f"The zombies eat "
                     f"{_name(who, kind)} at {label}", data=("kind", "location", "points"))
         for purpose in ("meal", "sacrifice")}
ELIMINATED = _t("eliminated", "MoH-eliminated", "{0} has no characters left: they still vote "
                "in second votes and will return as zombies")
FEAST_OVER = _t("feast_over", "MoH-R14", "After the feast the zombies at {2} are removed",
                data=("location",))
LEFTOVERS = _t("leftovers", "MoH-parking",
               lambda who, loc, z: f"{n_of(z, 'zombie')} at the Parking Lot have no one left to "
               "eat and are removed", data=("location", "zombies"))
GAME_OVER = _t("game_over", "MoH-end",
               lambda who, scores, why: f"The rescue arrives: {why}. Scores: "
               + ", ".join(f"{c} {n}" for c, n in scores), data=("scores",))
