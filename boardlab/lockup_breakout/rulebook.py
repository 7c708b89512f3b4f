"""Every Lockup: Breakout rule boardlab cites: sections of the text and rulings.

Ids ``LB-<section>`` point at the rule text (rules/002, paraphrased, never quoted);
``LB-R<n>`` at rulings: LB-R1…R4 from the project's RULINGS.md, LB-R5…R35 from the
expansion plan, LB-R36… made while building the engine (``docs/rulings.md``).

>>> from boardlab.lockup_breakout.rulebook import BOOK, rule
>>> rule("LB-escape").section
'Prison Breakout'
>>> rule("LB-R25").kind
'ruling'
>>> sum(r.kind == "text" for r in BOOK)
59
"""

from __future__ import annotations

from functools import partial

from boardlab.core.rules import RuleBook, text_rule
from boardlab.core.rules import ruling as _r

TITLE = "Lockup: Breakout"


#: ``_t(rule_id, section, summary)``: a section of the rule text; ``_r``: a ruling.
_t = partial(text_rule, TITLE)


_OBJ = "Objective of the Game"
_SETUP = "Preparation (Setup)"
_SOLO_SETUP = "Solitary Mode - Setup"
_RC = "I. Roll Call Phase"
_LO = "II. Lights Out Phase"
_TUN = "Resolving Tunnel Locations"
_SOLO_TUN = "Solitary Mode - Resolving Tunnel Locations"
_ADV = "Advancing in the Catacombs"
_LEG = "Resolving the Legend Card"
_ICON = "New Special Effect Icons"
_GOON = "New Goon Types"
_END = "Game End and Scoring"
_CLAR = "Clarifications"

TEXT = [
    _t("LB-objective", _OBJ, "Six rounds; the largest pile of reputation stars after round 6 "
       "wins. New star sources: the seeker's trip through the catacombs and the legend card."),
    _t("LB-setup", _SETUP, "The expansion's cards join their decks; its own steps follow the "
       "core setup."),
    _t("LB-setup-catacombs", _SETUP, "The catacombs board goes below the main board (a map "
       "in boardlab, LB-R2)."),
    _t("LB-setup-lanterns", _SETUP, "Every lantern starts on ENTRANCE."),
    _t("LB-setup-loot", _SETUP, "Loot tokens are shuffled into face-down stacks on the loot "
       "icons, each as tall as the player count; the rest leave unseen."),
    _t("LB-setup-tunnels", _SETUP, "Seven tunnel markers chosen by player count (collapsed/"
       "single/double 5/1/1, 4/2/1, 3/3/1) are dealt face down to locations 1-7, turned up, "
       "and the collapsed ones removed."),
    _t("LB-setup-legend", _SETUP, "The legend deck is shuffled and its top card turned up as "
       "the active legend."),
    _t("LB-setup-seekers", _SETUP, "Each player adds a seeker of their colour to their "
       "holding cell."),
    _t("LB-solo-setup", "Solitary Mode - Setup", "The guard deck holds 8 blue cards and 6 of "
       "the difficulty's colour; a guard lantern starts on ENTRANCE."),
    _t("LB-flow", "Game Flow", "A round follows the core game with the changes below."),
    _t("LB-rollcall-seeker", _RC, "The seeker is a seventh crew token of strength 1 placed "
       "like any other and earning its location's rewards."),
    _t("LB-rollcall-limit", _RC, "Six of the seven tokens at most go to the board; one "
       "always stays in the holding cell."),
    _t("LB-rollcall-pass", _RC, "A player down to one token must pass and puts it face down "
       "on the active legend card."),
    _t("LB-rollcall-facedown", _RC, "The legend token does not count against the face-down "
       "allowance (2 with 3-5 players, 3 with 2)."),
    _t("LB-rollcall-legend-only", _RC, "The forced pass is the only way onto the legend card."),
    _t("LB-solo-rollcall", "Solitary Mode - Roll Call Phase", "At the start of roll call an "
       "eighth guard card goes face down on the legend card."),
    _t("LB-lightsout", _LO, "Locations resolve as in the core game; the legend card after "
       "all of them."),
    _t("LB-tunnel", _TUN, "At a tunnel location strengths and rewards come first, then the "
       "tunnel, before any token goes home or to the LIBRARY."),
    _t("LB-tunnel-seekers", _TUN, "A lone seeker's owner advances; among several seekers the "
       "owner with the strongest crew there does; ties by seat order from the first player."),
    _t("LB-tunnel-type", _TUN, "A single tunnel allows up to one space, a double up to two."),
    _t("LB-tunnel-stragglers", _TUN, "Players who earned nothing there send their tokens to "
       "the LIBRARY; the others take them home."),
    _t("LB-tunnel-reward", _TUN, "A tunnel advance is a reward (no straggling) and may be "
       "refused like any reward."),
    _t("LB-solo-tunnel-guards", _SOLO_TUN, "The guards advance when strongest at a tunnel "
       "location, seeker or not, always by exactly one space."),
    _t("LB-solo-tunnel-path", _SOLO_TUN, "At a fork the guards take the costed path if they "
       "can pay, the other one otherwise."),
    _t("LB-solo-tunnel-loot", _SOLO_TUN, "On a loot space the guards take the top token "
       "unseen and apply it; never the star."),
    _t("LB-solo-tunnel-player", _SOLO_TUN, "The player advances as in the multiplayer game: "
       "lone seeker, or stronger when both sides have one."),
    _t("LB-advance", _ADV, "A lantern moves when a tunnel or another effect grants it."),
    _t("LB-advance-forward", _ADV, "Each step goes to a connected space; at a fork the "
       "player picks."),
    _t("LB-advance-cost", _ADV, "A path with resource icons is usable only by paying them."),
    _t("LB-advance-arrows", _ADV, "Steps follow the arrows; lanterns never go back."),
    _t("LB-advance-loot", _ADV, "On a loot space: look at the stack, keep one token, return "
       "the rest face down, and use it at once or take 1 star instead."),
    _t("LB-advance-keep-loot", _ADV, "Kept loot tokens stay with the player (Fungoids count "
       "them)."),
    _t("LB-tomb", "Khathandor's Tomb", "On TOMB the lantern takes loot as usual, moves no "
       "more, and is worth 15 stars at final scoring."),
    _t("LB-escape", "Prison Breakout", "Reaching ESCAPED scores at once 17 stars plus 3 per "
       "round still to come (23 in round 4)."),
    _t("LB-finished-seeker", "Prison Breakout", "A lantern on TOMB or ESCAPED does not stop "
       "its seeker from earning rewards or blocking other seekers."),
    _t("LB-legend", _LEG, "The legend card resolves after every location."),
    _t("LB-legend-reveal", _LEG, "Its tokens are turned up and compared; ties by seat order "
       "from the first player."),
    _t("LB-legend-effect", _LEG, "Its effect rewards and/or penalises players by their "
       "relative strength there."),
    _t("LB-legend-tomes", _LEG, "No tome may be played while it resolves unless the tome "
       "says so."),
    _t("LB-legend-return", _LEG, "Then every legend token goes home."),
    _t("LB-solo-legend", "Solitary Mode - Resolving the Legend Card", "A legend reward to the "
       "guards becomes 2 stars; a guard penalty with a choice is chosen by the player."),
    _t("LB-patrol", "III. Patrol Phase", "The active legend card goes under the deck and the "
       "next one is turned up."),
    _t("LB-solo-patrol", "Solitary Mode - Patrol Phase", "Solitary mode changes nothing here."),
    _t("LB-icon-advance", _ICON, "A one-space lantern advance may be taken, with path cost "
       "and loot as usual."),
    _t("LB-icon-improve", _ICON, "On crafting an item with this icon, one more resource of "
       "the shown kind buys extra stars; once, at crafting only."),
    _t("LB-icon-reserve", _ICON, "Reserve any display item free, face down; craft it later "
       "at the CELL BLOCK."),
    _t("LB-icon-remove-goon", _ICON, "A goon card with this icon is discarded in Patrol "
       "instead of moving on."),
    _t("LB-icon-wild-valuable", _ICON, "At final scoring only, this icon is one valuable of "
       "the owner's choice; otherwise none."),
    _t("LB-goon-dryad", _GOON, "Each Dryad scores 1 star per barrel icon its owner has, the "
       "crew board's included."),
    _t("LB-goon-fungoid", _GOON, "Each Fungoid scores 2 stars per loot token kept; it is "
       "discarded instead of advancing, so it is offered for one round."),
    _t("LB-goon-golem", _GOON, "In goon scoring a Golem counts as a Dwarf or a Ratman, only "
       "as a type its owner already has; otherwise it is a Golem."),
    _t("LB-goon-shapeshifter", _GOON, "A recruited Shapeshifter is discarded; draw three "
       "goons, keep one, discard two; a kept Shapeshifter repeats this."),
    _t("LB-end", _END, "After round 6: one last raid, then final scoring."),
    _t("LB-end-lantern", _END, "Lanterns that did not escape score their space (TOMB 15); "
       "escapes scored when they happened."),
    _t("LB-end-goons", _END, "Goon scoring applies the Dryad, Fungoid and Golem rules."),
    _t("LB-solo-end", "Solitary Mode - Game End", "Both sides score their lantern unless it "
       "escaped; the guards' Golems count in their best way."),
    _t("LB-clar-explorer", _CLAR, "For Explorer the space worth 13 is deeper than TOMB, and "
       "those worth 9 and 10 are equally deep."),
    _t("LB-clar-robes", _CLAR, "Sacred Robes is a valuable of its owner's choice, at final "
       "scoring only."),
    _t("LB-clar-tomb-raider", _CLAR, "With two players Tomb Raider pays 6 to the one with "
       "strictly more items of its type and nothing to the other; a tie pays no one."),
]

RULINGS = [
    _r("LB-R1", "Core game", "The core rules are not in the texts: only what the expansion "
       "needs is modelled, with stand-in data named as such."),
    _r("LB-R2", "Catacombs board", "One illustrative map as data (any other loads from a "
       "file); arrows, ends, TOMB 15 and the escape value are checked on every map."),
    _r("LB-R3", "Decks", "Legend cards, loot tokens, goons and items are small illustrative "
       "data sets; their mechanics follow the text."),
    _r("LB-R4", "Strength ties", "Ties are broken by seat order from the first player, "
       "clockwise, wherever strength is compared."),
    _r("LB-R5", "Players", "2-5 players or solitary; the solitary player keeps the first "
       "player marker, otherwise it moves one seat clockwise every round."),
    _r("LB-R6", "Crew", "Core crew strengths 1, 2, 2, 3, 3, 4 (configurable); the seeker 1."),
    _r("LB-R7", "Roll call", "One token per turn from the first player; tokens may share a "
       "location; no voluntary pass; 3 face-down tokens in solitary."),
    _r("LB-R8", "Board and rewards", "Locations 1-7 (7 = CELL BLOCK) pay ranked rewards; no "
       "reward makes a straggler; the LIBRARY resolves after 7 and gives each straggling "
       "player one tome."),
    _r("LB-R9", "Resources", "Four kinds, unlimited supply, no limit held."),
    _r("LB-R10", "Items", "A display of three refilled from the deck; an item has cost, "
       "stars, type, valuables and icons; reserved items are public."),
    _r("LB-R11", "Goons", "One goon on each of locations 2-6, recruited free by the "
       "winner; Patrol moves them on, the one on 6 is discarded, 2 gets a new card; same-type "
       "sets score k(k+1)/2."),
    _r("LB-R12", "Valuables", "Barrel, gem, coin (the crew board shows a barrel); a full set "
       "scores 5; a wild valuable is declared once for all final scoring."),
    _r("LB-R13", "Tomes", "Hand cards giving +2 strength at the location resolving, played "
       "before its comparison; one kind is playable at the legend."),
    _r("LB-R14", "Goals", "Two public goals scored at the end: 6 for first, 3 for second; a "
       "tied place goes to nobody; Explorer ranks by map depth."),
    _r("LB-R15", "Suspicion and raids", "Not modelled; the final raid is logged only."),
    _r("LB-R16", "Legend cards", "Each rewards the strongest legend token and/or penalises "
       "the weakest; some penalties offer a choice."),
    _r("LB-R17", "Loot tokens", "Resources, advance, reserve, tome, recruit; a returned "
       "stack is shuffled; whoever looked remembers what is left."),
    _r("LB-R18", "Solitary loot", "Stacks hold 2 tokens in solitary, one per lantern."),
    _r("LB-R19", "Blocked or refused tunnels", "Only the named seeker-holder may advance; if "
       "they cannot or will not, no one does, and not moving is no reward."),
    _r("LB-R20", "Multi-space advances", "Each step chosen on its own; every space entered "
       "counts (loot included); stopping early is allowed."),
    _r("LB-R21", "Final-scoring choices", "Golem types and wild valuables are chosen by "
       "their owner at final scoring in seat order; the guards' to their best."),
    _r("LB-R22", "Shapeshifter chains", "Chain discards stay out until it ends; short decks "
       "take the earlier discard pile, then what is left; none left ends it with no goon."),
    _r("LB-R23", "Guard cards", "Strength and maybe a seeker icon; the whole guard deck is "
       "shuffled every roll call: 7 face down on locations 1-7, the eighth on the legend."),
    _r("LB-R24", "Guard economy", "Guards keep resource and star rewards, any other reward "
       "becomes 2 stars; they pay path costs; in effects they take the first option."),
    _r("LB-R25", "Solitary tunnels", "Player and guard conditions are checked apart, player "
       "first; guards need at least 1 and strictly more strength; ties go to the player."),
    _r("LB-R26", "Solitary result", "The player wins with strictly more stars than the "
       "guards."),
    _r("LB-R27", "Multiplayer ties", "Equal best totals share the win."),
    _r("LB-R28", "Tunnel order", "Tunnels resolve location by location, right after that "
       "location's rewards."),
    _r("LB-R29", "Map depth", "Every space has a depth apart from its stars; farther means "
       "deeper; the default map meets the Explorer clarifications."),
    _r("LB-R30", "Seeker on the legend", "A seeker as the last token goes to the legend "
       "with strength 1 and no other effect."),
    _r("LB-R31", "Ties for weakest", "Seat order is a strict ranking, so among tied weakest "
       "tokens the later seat takes the penalty."),
    _r("LB-R32", "Ties for goal places", "Tied players get nothing for that place; the next "
       "player below takes the next place."),
    _r("LB-R33", "Loot advance mid-move", "A loot advance gained during a multi-space move "
       "comes after the move ends."),
    _r("LB-R34", "Solitary escape and odd loot", "Guards score ESCAPED like a player; a loot "
       "effect they cannot use becomes 2 stars."),
    _r("LB-R35", "Empty goon spaces", "A goon space emptied by a discard stays empty until "
       "Patrol moves the next goon onto it."),
    _r("LB-R36", "Solitary tunnel set", "The solitary game uses the two-player tunnel set "
       "(5 collapsed, 1 single, 1 double): two lanterns compete."),
    _r("LB-R37", "Hidden information", "Holding cells, kept loot, items, resources and stars "
       "are public; face-down tokens (until their location or the legend resolves), tome "
       "hands, unlooked loot stacks and unrevealed guard cards are hidden."),
    _r("LB-R38", "Goal places", "A place needs at least one of what the goal counts "
       "(Explorer: a lantern off ENTRANCE); with two sides only first place pays; the "
       "solitary guards compete as a side."),
    _r("LB-R39", "Guard strength 0", "A guard card of strength 0 means no guards at that "
       "location; at the legend the guards always take part."),
    _r("LB-R40", "Last Patrol", "Round 6 has no Patrol: nothing it changes is ever scored."),
    _r("LB-R41", "Forced steps", "Steps with nothing to decide are applied without asking: "
       "the forced pass, rewards that cannot be taken, useless loot uses, tome windows "
       "that cannot change the ranking, single-type Golems, one-option penalties."),
    _r("LB-R42", "Empty decks", "Goon and tome decks refill from their discards when a card "
       "is needed; the item deck does not, leaving gaps in the display."),
    _r("LB-R43", "Items gained", "Item stars count when the item is gained; its icons act "
       "only when it is crafted; a free item brings stars, type and valuables only."),
    _r("LB-R44", "Tome windows", "In seat order each player with crew at the resolving "
       "location may play one tome (discarded); at the legend only legend tomes; guards "
       "play none."),
    _r("LB-R45", "Star penalties", "A star penalty never takes a total below 0."),
]

BOOK = RuleBook(TITLE, [*TEXT, *RULINGS])
#: The :class:`RuleRef` for ``rule_id`` (an UnknownRule, still a KeyError, names an unknown id).
rule = BOOK.rule
