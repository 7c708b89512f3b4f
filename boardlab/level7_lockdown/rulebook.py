"""Every Level 7 [Escape]: Lockdown rule boardlab cites: text sections and rulings.

Summaries are paraphrases (the text itself is never quoted). ``L7-<section>`` ids point
at the general part of the rule text (rules/003; scenarios 9–13 come in a later issue);
``L7-R<n>`` at rulings (shared/RULINGS.md L7-R1…R4, the Lockdown plan's L7-R5…R78, and
boardlab's own from L7-R79, see docs/level7_lockdown_rulings.md); ``L7-SB-*`` at the
invented rules of the sandbox scenario.

>>> from boardlab.level7_lockdown.rulebook import BOOK, rule
>>> rule("L7-barricade-enemy").section
'Barricade Markers'
>>> rule("L7-R37").kind
'ruling'
>>> len([r for r in BOOK if r.kind == "text"])
50
"""

from __future__ import annotations

from boardlab.core.rules import RuleBook, RuleRef

TITLE = "Level 7 [Escape]: Lockdown"
RULINGS = "boardlab rulings"


def _t(rule_id: str, section: str, summary: str) -> RuleRef:
    return RuleRef(rule_id, TITLE, section, summary, "text")


def _r(rule_id: str, section: str, summary: str) -> RuleRef:
    return RuleRef(rule_id, RULINGS, section, summary, "ruling")


_NEW = "New Core Rules and Components"

TEXT = [
    _t("L7-components", "Components",
       "The box contents (tiles, cards, tokens, markers, figures) are data, not limits."),
    _t("L7-core-additions", _NEW, "The expansion's rules come on top of the core rules."),
    _t("L7-use-old-scenarios", _NEW,
       "Older scenarios may take any subset of the new components."),
    _t("L7-blaster-variant", _NEW,
       "Blaster hybrids may stand in for the standard hybrids of scenarios 4 and 6."),
    _t("L7-use-all", _NEW,
       "The Lockdown scenarios use all new cards and tiles mixed into the old ones."),
    _t("L7-lockdown-icon", _NEW, "New cards and tiles carry the Lockdown mark."),
    _t("L7-marker-roles", _NEW,
       "Barricade and gas markers enter through events; terror serves the new rules."),
    _t("L7-barricade", "Barricade Markers",
       "A new barricade is full strength; one damage batters it, a second removes it."),
    _t("L7-barricade-block", "Barricade Markers",
       "No one crosses a barricaded door, yet enemies plan their routes through it."),
    _t("L7-barricade-player", "Barricade Markers",
       "A character damages a barricade with a Strength challenge of 3."),
    _t("L7-barricade-enemy", "Barricade Markers",
       "An enemy whose route crosses a barricade attacks it, needing 3 Strength icons; "
       "each other enemy of its type on its tile adds a die and is spent for the turn."),
    _t("L7-cloud", "Clouds",
       "Any target on a tile with a gas or extinguisher cloud has +1 Toughness."),
    _t("L7-cloud-gas", "Clouds", "Stepping onto a gas tile discards an adrenaline card."),
    _t("L7-fall", "Falling Down",
       "A character may fall down at any point of their turn; events can force it."),
    _t("L7-fall-effects", "Falling Down",
       "Downed: +1 Toughness against ranged attacks; no moving until a move is spent to "
       "get up."),
    _t("L7-ranged", "Ranged Attacks",
       "Ranged attacks reach the own tile or a neighbour; a locked or barricaded door "
       "between two tiles stops them being neighbours for this."),
    _t("L7-ranged-gun", "Ranged Attacks",
       "A gun allows an attack challenge against a target on a neighbouring tile."),
    _t("L7-ranged-enemy", "Ranged Attacks",
       "A ranged enemy shoots a target on its tile if it can, else one next door, and "
       "only moves when no target is in reach."),
    _t("L7-cache", "Supply Cache",
       "Searching a supply cache is an Intelligence 4 challenge: success draws an item, "
       "missing by 2 or more removes the cache."),
    _t("L7-terror-gain", "Terror", "Each point of fear forced past 8 becomes terror."),
    _t("L7-terror-adrenaline", "Terror", "Terror is never taken to pay for adrenaline."),
    _t("L7-terror-token", "Terror",
       "The terror token starts at 1 on the fear track and climbs one per terror."),
    _t("L7-terror-floor", "Terror", "Fear cannot drop below the terror token."),
    _t("L7-terror-lower", "Terror",
       "Terror drops by 1 for two discarded adrenaline cards, and only so."),
    _t("L7-terror-stats", "Terror", "With a terror token: +1 Strength, −1 Intelligence."),
    _t("L7-terror-heart", "Terror",
       "Terror 8 is a heart attack: the character loses and leaves at once."),
    _t("L7-terror-aliens", "Terror",
       "Aliens count each terror as two fear (fear 5 with terror 3 reads 11)."),
    _t("L7-terror-infirmary", "Terror",
       "Back from the Infirmary, fear becomes the higher of 4 and the terror."),
    _t("L7-tiles", "New Tile Features", "Fourteen new tiles, some with new features."),
    _t("L7-tile-generators", "New Tile Features",
       "The Lair and the Strong Point carry a clone nest and a guard post."),
    _t("L7-tile-multievent", "New Tile Features",
       "A tile with two event icons applies the card's first matching section, then its "
       "second."),
    _t("L7-tile-warzone", "New Tile Features",
       "A war zone counts as a security and a fear tile for spawning only; when it is the "
       "closest such tile, two enemies spawn there."),
    _t("L7-enemies", "New Enemies",
       "Warrior clones and blaster hybrids join the rogue clones and fear hunters."),
    _t("L7-warrior", "Warrior Clones",
       "Warrior clones follow the clone rules and also attack at range."),
    _t("L7-warrior-reserves", "Warrior Clones",
       "Warriors are added to the rogues; rogues are spawned and activated first."),
    _t("L7-warrior-chart", "Warrior Clones",
       "Rogue and warrior reserve numbers for scenarios 1–8 (a table)."),
    _t("L7-blaster", "Blaster Hybrids",
       "Blaster hybrids attack at range; scenarios say how they spawn."),
    _t("L7-blaster-activation", "Blaster Hybrids",
       "Blasters act last in the enemy step, on a die of their own rolled after the "
       "card's icons and after the fear hunters' die."),
    _t("L7-blaster-power", "Blaster Hybrids",
       "Intelligence on the blasters' die gives every blaster in play a power token, up to "
       "five each."),
    _t("L7-blaster-icons", "Blaster Hybrids",
       "Strength and Speed icons activate the matching blaster once per icon, the "
       "Strength one first."),
    _t("L7-blaster-attack", "Blaster Hybrids",
       "A blaster attacks with one extra die per power token against Toughness, then "
       "loses all its tokens."),
    _t("L7-blaster-doors", "Blaster Hybrids",
       "Blasters may cross locked doors as hybrids do, paying a power token as well."),
    _t("L7-cronos", "Dr. Cronos",
       "Dr. Cronos appears in every Lockdown scenario, with common rules and scenario "
       "rules."),
    _t("L7-cronos-immune", "Dr. Cronos", "Dr. Cronos cannot be attacked."),
    _t("L7-cronos-threat", "Dr. Cronos", "Dr. Cronos has no threat and gains none."),
    _t("L7-cronos-guards", "Dr. Cronos",
       "Guards activating on his tile go back to the reserves; he spends a move per guard "
       "on his tile before leaving it."),
    _t("L7-cronos-locked", "Dr. Cronos",
       "A locked door on his way costs him a move to remove its marker."),
    _t("L7-cronos-barricade", "Dr. Cronos",
       "A barricade on his way costs him a move per damage until it is gone."),
    _t("L7-cronos-stay", "Dr. Cronos", "He never leaves a tile with a character on it."),
    _t("L7-cronos-drain", "Dr. Cronos",
       "At the end of each turn every character on his tile loses 1 vitality."),
]

_S = "Level 7 rulings"
RULINGS_LIST = [
    _r("L7-R1", _S, "The absent core game is modelled only as far as the expansion needs "
       "it; everything invented is labelled a stand-in."),
    _r("L7-R2", _S, "Challenge dice: six faces Strength, 2 Strength, Speed, 2 Speed, "
       "Intelligence, 2 Intelligence (configurable)."),
    _r("L7-R3", _S, "Tiles and features are data; distances are door-graph paths; locked "
       "and barricaded doors stop characters and break ranged adjacency."),
    _r("L7-R4", _S, "Highest fear means fear + 2 × terror for aliens and Dr. Cronos; ties "
       "go by turn order from the active character."),
    _r("L7-R5", _S, "Tiles lie on a square grid per floor and join where doors face each "
       "other; exploring places the drawn tile behind a free door, turned as the explorer "
       "chooses; no legal placement is not enough space; face-down tiles join nothing."),
    _r("L7-R6", _S, "A turn: move step, action step, trigger-events step, enemy activation "
       "step, then the end-of-turn rules; a round is one turn per character."),
    _r("L7-R7", _S, "Two moves per move step; a move crosses one open door, climbs a vent "
       "or stands up; exploring ends the step; leaving enemies needs a bull rush or outwit "
       "against their number, and failing ends the step."),
    _r("L7-R8", _S, "Challenge: stat + modifiers dice (0…cap); success at icons ≥ "
       "difficulty; darkness −1, weapon +1 Strength in combat, adrenaline +1 each."),
    _r("L7-R9", _S, "Characters: Strength, Speed, Intelligence 3, Toughness 2, fear 1, "
       "four adrenaline cards (invented, configurable)."),
    _r("L7-R10", _S, "Enemy profiles (invented): guard 2 dice T2; clones 2 dice T1; fear "
       "hunter 3 dice T3; blaster 2 dice (+power) T3; one tile per move; guards and clones "
       "stop at locked doors, hybrids cross them at an extra move."),
    _r("L7-R11", _S, "An attack hits when its Strength icons reach the target's Toughness "
       "(+1 on a cloud tile, +1 downed against ranged): a character loses 1 vitality, an "
       "enemy goes back to the reserves."),
    _r("L7-R12", _S, "Event cards (invented): a spawn icon, activation icons and sections "
       "keyed by tile event icons; one card per trigger-events step."),
    _r("L7-R13", _S, "A spawn puts one enemy from the reserves on the closest matching tile "
       "to the active character (door-graph distance, every door counts)."),
    _r("L7-R14", _S, "After guards activate, a character sharing a tile with at least the "
       "secure number of guards is captured (knocked out)."),
    _r("L7-R15", _S, "A clone never moves onto a tile already holding the pack limit of "
       "clones."),
    _r("L7-R16", _S, "Threat comes from the threat pool; a gain from an empty pool spawns a "
       "guard instead; the pool never goes below 0."),
    _r("L7-R17", _S, "Ending one's turn on a fear tile or with an alien costs 1 fear (the "
       "Alien Zone)."),
    _r("L7-R18", _S, "On a dark tile challenges roll one die fewer without a flashlight."),
    _r("L7-R19", _S, "Peeking: once Stack A (1 die) or Stacks A and B (2 dice) are used up, "
       "an Intelligence icon places the objective tile; a failed peek explores."),
    _r("L7-R20", _S, "A control panel: an Intelligence 3 access locks or unlocks a door of "
       "its tile."),
    _r("L7-R21", _S, "Items (invented): weapon, gun, flashlight, map, extinguisher; "
       "adrenaline +1 die for +1 fear, never past 8; hands are public."),
    _r("L7-R22", _S, "At 0 vitality a character goes to the Infirmary, misses a turn and "
       "returns to the start tile with full vitality."),
    _r("L7-R23", _S, "Results: escaped, dead, heart attack, inside; after the turn limit "
       "(rounds) everyone inside loses."),
    _r("L7-R24", _S, "Ties: characters by turn order from the active one; tiles by placement "
       "order; sides N, E, S, W."),
    _r("L7-R25", _S, "A roll uses at most 8 dice."),
    _r("L7-R26", _S, "LOCKDOWN tokens and blasters' POWER tokens share the pool but are "
       "counted apart."),
    _r("L7-R27", _S, "A hybrid limit stops spawns while that many of the kind are in play; "
       "setup ignores it."),
    _r("L7-R28", _S, "Enemy types: guards; clones (rogues and warriors); fear hunters; "
       "blasters."),
    _r("L7-R29", _S, "Numbered figures spawn and activate lowest number first, rogues "
       "before warriors."),
    _r("L7-R30", _S, "Each Intelligence icon on the blasters' die gives each blaster one "
       "token; blaster 1 bears Strength, blaster 2 Speed."),
    _r("L7-R31", _S, "Component counts are not caps, except 5 power tokens per blaster, "
       "terror 8 and the reserves."),
    _r("L7-R32", _S, "With a fear hunter in play one die is rolled for them after the card's "
       "icons; each hunter activates once per icon shown."),
    _r("L7-R33", _S, "Single-player version: one seat playing one or more characters."),
    _r("L7-R34", _S, "A downed character may still act; falling while down does nothing."),
    _r("L7-R35", _S, "Clouds do not stack and stay put; a gas tile costs nothing without an "
       "adrenaline card."),
    _r("L7-R36", _S, "Ranged neighbours share at least one open door; among neighbouring "
       "targets the highest total fear is shot."),
    _r("L7-R37", _S, "Dr. Cronos takes a cheapest path: open door 1, locked door 2, "
       "barricade 1 + its remaining damage."),
    _r("L7-R66", _S, "A downed character's +1 Toughness holds against every ranged attack, "
       "even from the same tile."),
    _r("L7-R67", _S, "A blaster attacking a barricade adds and spends its power tokens."),
    _r("L7-R68", _S, "On a face with Intelligence and another icon, power tokens come first, "
       "then activations."),
    _r("L7-R69", _S, "A character and a guard tied on fear as an alien's target: the "
       "character first."),
    _r("L7-R70", _S, "A hybrid crossing a locked door reaches it on one activation and "
       "crosses on the next; blasters pay a token; the door stays locked."),
    _r("L7-R72", _S, "End of turn order: activation icons, fear-hunter die, blaster die, "
       "Dr. Cronos, end-of-turn rules."),
    _r("L7-R74", _S, "A successful peek places the tile against the peeker's tile; the "
       "peeker stays and the move step ends."),
    _r("L7-R76", _S, "A clone spawn onto a full tile goes to the next-closest matching tile; "
       "with none, nothing spawns."),
    _r("L7-R78", _S, "Dr. Cronos sends guards on his tile back even with a character there."),
    # boardlab's own rulings, made while building the engine
    _r("L7-R79", _S, "Not enough space: when a drawn tile fits nowhere behind the door, it is "
       "shuffled back into its stack, the explorer stays and the move step ends."),
    _r("L7-R80", _S, "A peek needs a tile without enemies; with every stack used up a failed "
       "peek places nothing."),
    _r("L7-R81", _S, "Dr. Cronos is no enemy figure for bull rush, outwit, the Alien Zone or "
       "targets."),
    _r("L7-R82", _S, "A target worth 0 (threat for guards) is no target."),
    _r("L7-R83", _S, "An enemy attacks the best target on its tile, else (ranged) the best on "
       "a neighbouring tile, else moves one tile toward the best reachable target."),
    _r("L7-R84", _S, "A character knocked out misses their next turn entirely and is back on "
       "the start tile at its end."),
    _r("L7-R85", _S, "Event sections act on the tiles explored this turn and on the active "
       "character; barricade and lock take the first suitable joined door (N, E, S, W)."),
    _r("L7-R87", _S, "A character who leaves play during their own turn (escaping) skips the "
       "rest of their move and action steps; the trigger-events and enemy steps still run."),
    _r("L7-R86", _S, "Empty decks are reshuffled from their discards; an empty item deck "
       "with no discards gives nothing."),
]

_SB = "Sandbox scenario (invented)"
SANDBOX = [
    _r("L7-SB-setup", _SB, "The sandbox map, enemies, markers, stacks and starting items."),
    _r("L7-SB-cronos", _SB, "Dr. Cronos: a LOCKDOWN token joins the pool after each "
       "trigger-events step unless he shares a tile with a character (then the pool "
       "empties); after each enemy step he rolls one die per token and moves one tile per "
       "Speed icon toward the most frightened character, stopping on reaching one."),
    _r("L7-SB-exit", _SB, "Entering the Exit Shaft is escaping."),
    _r("L7-SB-threat", _SB, "Defeating an enemy gains 1 threat from the pool."),
]

BOOK = RuleBook(TITLE, [*TEXT, *RULINGS_LIST, *SANDBOX])
_BY_ID = {r.id: r for r in BOOK}


def rule(rule_id: str) -> RuleRef:
    """The rule with id ``rule_id``."""
    return _BY_ID[rule_id]
