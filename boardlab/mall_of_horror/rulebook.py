"""Every Mall of Horror rule boardlab cites: sections of the rule text and rulings.

Summaries are paraphrases (the text itself is never quoted). Ids ``MoH-<section>``
point at the rule text; ``MoH-R<n>`` at boardlab's rulings (docs/rulings.md).

>>> from boardlab.mall_of_horror.rulebook import BOOK, rule
>>> rule("MoH-f-supermarket").section
'f) Zombie Attack'
>>> rule("MoH-R5").kind
'ruling'
"""

from __future__ import annotations

from functools import partial

from boardlab.core.rules import RuleBook, text_rule
from boardlab.core.rules import ruling as _r

TITLE = "Mall of Horror"


#: ``_t(rule_id, section, summary)``: a section of the rule text; ``_r``: a ruling.
_t = partial(text_rule, TITLE)


BOOK = RuleBook(TITLE, [
    _t("MoH-box", "Box Contents",
       "Six locations with a character capacity each (the Parking Lot has none); 21 action "
       "cards of six kinds; four dice; a Chief of Security badge."),
    _t("MoH-objective", "Objective of the Game",
       "Keep your own characters alive; the best total of survivors wins."),
    _t("MoH-setup", "Setup",
       "Colours, the closed location 2 with 3 or 4 players, the Little Girl with 3, the "
       "first player holds the Chief badge and deals one action card to every player."),
    _t("MoH-setup-characters", "Initial Placement of Characters",
       "In turn, a player rolls two dice and puts one character at a location shown, "
       "falling back to the other die and then to any location with room."),
    _t("MoH-setup-zombies", "Initial Placement of Zombies",
       "Four dice are rolled; each die puts one zombie in front of its location."),
    _t("MoH-round", "Gameplay", "A round is phases a) to f) in order."),
    _t("MoH-voting", "Voting",
       "Players with characters at the location vote in secret; the colour with the most "
       "votes is chosen and its owner picks the character; one vote per character there."),
    _t("MoH-voting-tie", "Voting",
       "A tie leads to a second vote among the tied colours in which everyone votes, "
       "players without characters there with one vote; a second tie depends on the phase."),
    _t("MoH-voting-threat", "Voting",
       "Before a vote, in turn order, Threat cards may be played for one extra vote each."),
    _t("MoH-voting-gunman", "Voting", "A Gunman present adds one vote for his owner."),
    _t("MoH-a", "a) Search the Truck",
       "Characters at the Parking Lot vote; the chosen one draws three cards, keeps one, "
       "gives one away and puts one under the deck; an empty deck ends this phase for good."),
    _t("MoH-b", "b) Elect the Chief of Security",
       "Characters in the Security Room vote for the Chief; with no one there or a double "
       "tie the previous Chief stays. The Chief acts first for the rest of the round."),
    _t("MoH-c", "c) Arrival of the Zombies",
       "The Chief rolls four dice unseen; only a Chief elected this round may look, and "
       "Security Camera cards let their players look too."),
    _t("MoH-d", "d) Choose Destinations",
       "Every player picks in secret a location for one of their characters, never one "
       "where all of them already stand; an elected Chief picks first and says it aloud."),
    _t("MoH-e", "e) Move Characters",
       "Destinations are revealed, the zombie dice are revealed and placed, then in turn "
       "order each player moves a character that is not already at their destination."),
    _t("MoH-e-seal", "e) Move Characters",
       "An empty location (not the Parking Lot) with 8 or more zombies is sealed: its "
       "zombies go, and no character or zombie goes there again."),
    _t("MoH-e-sprint", "e) Move Characters",
       "A Sprint card lets its player change destination while moving, even back to where "
       "the character came from."),
    _t("MoH-e-full", "e) Move Characters",
       "A character whose destination has filled up goes to the Parking Lot instead, or "
       "stays there if it is already there."),
    _t("MoH-f", "f) Zombie Attack",
       "Locations 1 to 6 are checked in order; zombies at least equal to the characters "
       "there break in, and the players there vote whom they eat; after a meal the zombies "
       "there are removed, failed attackers stay."),
    _t("MoH-f-extra", "f) Zombie Attack",
       "The location with strictly the most characters draws one more zombie; the one with "
       "strictly the most Pin-Ups draws another."),
    _t("MoH-f-toughguy", "f) Zombie Attack",
       "A Tough Guy counts as two characters when holding off zombies."),
    _t("MoH-f-supermarket", "f) Zombie Attack",
       "Four zombies always break into the Supermarket, however many characters are inside."),
    _t("MoH-f-cards", "f) Zombie Attack",
       "Before each vote players there may play cards, the Chief first: Hardware holds one "
       "more zombie this round (not at the Parking Lot, not against four at the "
       "Supermarket), a Weapon kills one or two zombies, Hidden takes a character out of "
       "the vote while it still defends. Played cards are discarded."),
    _t("MoH-parking", "Special Case: the Parking Lot",
       "Each zombie at the Parking Lot eats one character, one vote per meal; leftover "
       "zombies with nothing to eat are removed; Hidden lasts for every meal that round."),
    _t("MoH-parking-discard", "Special Case: the Parking Lot",
       "A played card is discarded even if later events make it useless."),
    _t("MoH-eliminated", "Special Case: the Parking Lot",
       "A player with no characters left still votes in second votes and, from the next "
       "round on, drops a zombie where they like at the end of phase d)."),
    _t("MoH-end", "End of Game",
       "The game ends when every survivor stands at one location other than the Parking "
       "Lot, or when 4 survivors remain (6 with six players); survivors score their points, "
       "ties go to the most cards in hand."),
    _r("MoH-R1", "Board data", "Default capacities 3, 4, 4, unlimited, 3, 6; locations 1–3 "
       "are shops; names and capacities are configuration."),
    _r("MoH-R2", "Weapons", "Three Weapon cards kill 1 zombie and three kill 2."),
    _r("MoH-R3", "Players", "3–6 players with fixed colours; location 2 closed with 3–4 "
       "players and its dice ignored; a Little Girl each with 3 players."),
    _r("MoH-R4", "Initial placement", "A die naming a closed or full location counts as full; "
       "two full dice allow any location with room."),
    _r("MoH-R5", "Defence", "Defence = characters (Tough Guy 2, hidden included) + Hardware; "
       "break-in at zombies ≥ defence, at the Supermarket ≥ min(defence, 4); no Hardware at "
       "the Parking Lot."),
    _r("MoH-R6", "Parking Lot", "One meal per zombie, one vote each, until zombies or "
       "characters run out; leftovers removed; Weapons act before the next meal."),
    _r("MoH-R7", "Votes", "Weight = non-hidden characters + 1 for a non-hidden Gunman + "
       "Threats; votes name a colour with a non-hidden character there."),
    _r("MoH-R8", "Tie break", "Second vote among tied colours, everyone else with 1 vote; a "
       "second tie: no search, no new Chief, or a random sacrifice among the tied colours."),
    _r("MoH-R9", "Truck", "Draw min(3, deck): keep one, give one to another player, the "
       "third under the deck; an empty deck skips phase a) for good."),
    _r("MoH-R10", "Chief", "Only a Chief elected this round (and Camera players) may look at "
       "the roll; turn order starts with the Chief and goes clockwise."),
    _r("MoH-R11", "Destinations", "A destination is an open location where at least one of "
       "the player's characters is not; capacity is checked when moving."),
    _r("MoH-R12", "Sealing", "Sealing is checked after the arrival zombies; dice on sealed "
       "locations are ignored; a full or sealed destination sends the mover to the Parking "
       "Lot."),
    _r("MoH-R13", "Extra zombies", "Most characters counts tokens at every open location; "
       "most Pin-Ups needs at least one; ties give no extra zombie."),
    _r("MoH-R14", "Attacks", "Locations 1 → 6; cards Chief first; if every character there "
       "is hidden no one is eaten; zombies leave after a break-in."),
    _r("MoH-R15", "Eliminated players", "They vote in second votes and, from the round after "
       "their elimination, each drop one zombie at the end of phase d)."),
    _r("MoH-R16", "End", "Checked at the end of each round; score = surviving points; ties "
       "on cards in hand, then shared."),
    _r("MoH-R17", "Hidden in second votes", "A player whose characters at the location are "
       "all hidden takes no part in its second vote either (boardlab ruling, docs/rulings.md)."),
    _r("MoH-R18", "No destination", "A player with no legal destination (all their characters "
       "at the only open location) moves no one that round (boardlab ruling)."),
    _r("MoH-R19", "Forced steps", "Steps with a single possible result are applied "
       "automatically: a vote with one eligible colour, a card window for a player with no "
       "playable card, a truck draw of one card (boardlab ruling)."),
    _r("MoH-R20", "Unseen roll", "A position described in phase d) without its arrival roll "
       "was rolled in phase c) but seen by no one: the dice are a chance node drawn at the "
       "end of phase d), just before phase e) reveals them (boardlab ruling)."),
])
#: The :class:`RuleRef` with this id. An unknown id raises
#: :class:`~boardlab.core.errors.UnknownRule` (a boardlab error that is still a
#: ``KeyError``), naming the id and the closest ids.
rule = BOOK.rule
