"""Every Level 7 [Escape]: Lockdown rule boardlab cites: text sections and rulings.

Summaries are paraphrases (the text itself is never quoted). ``L7-<section>`` ids point
at the general part of the rule text (rules/003), ``L7-S9-…`` … ``L7-S13-…`` at its
scenarios;
``L7-R<n>`` at rulings (shared/RULINGS.md L7-R1…R4, the Lockdown plan's L7-R5…R78, and
boardlab's own from L7-R79, see docs/rulings.md); ``L7-SB-*`` at the
invented rules of the sandbox scenario.

>>> from boardlab.level7_lockdown.rulebook import BOOK, rule
>>> rule("L7-barricade-enemy").section
'Barricade Markers'
>>> rule("L7-R37").kind
'ruling'
>>> len([r for r in BOOK if r.kind == "text"])
133
"""

from __future__ import annotations

from functools import partial

from boardlab.core.rules import RULINGS_BOOK, RuleBook, text_rule
from boardlab.core.rules import ruling as _r

TITLE = "Level 7 [Escape]: Lockdown"
RULINGS = RULINGS_BOOK


#: ``_t(rule_id, section, summary)``: a section of the rule text; ``_r``: a ruling.
_t = partial(text_rule, TITLE)


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

# The text's scenario headings, shortened to their numbers (the titles are data).
S9 = "Scenario 9"
S10 = "Scenario 10"
S11 = "Scenario 11"
S12 = "Scenario 12"
S13 = "Scenario 13"

SCENARIO_TEXT = [
    # -- scenario 9
    _t("L7-S9-objective", S9, "Bring the generators back, power Central Command and use it "
       "to open the lift out."),
    _t("L7-S9-setup", S9, "The locked Security Lift sits between Corridor 101-A and Squad "
       "Bay A; the characters start on the two side tiles, split as evenly as possible."),
    _t("L7-S9-stacks", S9, "Central Command and the four generators stay out; every player "
       "explores from an own stack of six tiles plus a generator until finding it; a fifth "
       "stack of leftovers serves once all player stacks are empty."),
    _t("L7-S9-flashlight", S9, "Each character begins with a flashlight."),
    _t("L7-S9-few", S9, "Under four players the spare generators and Central Command make an "
       "objective stack drawn by peeks, and two running generators suffice for the access."),
    _t("L7-S9-solo", S9, "Single-player version: Dr. Cronos appears two moves from Central "
       "Command."),
    _t("L7-S9-start", S9, "Vitality 5 and threat 1 each; a turn ended beside two other "
       "characters costs 1 threat."),
    _t("L7-S9-stats", S9, "Guards 6, secure number 2; pack limit 2 with ten clones, rogues "
       "numbered 1–6 and warriors 1–4; threat and accessed markers; 24 threat tokens; "
       "no lockdown pool."),
    _t("L7-S9-versus", S9, "Guards count as fear 4 for aliens, clones as threat 4 for guards."),
    _t("L7-S9-rules", S9, "The Alien Zone and peeking apply."),
    _t("L7-S9-peek", S9, "With one's generator found: one's own stack peeks as after Stack A, "
       "another's stack may be used; with one's own stack empty, any stack peeks as after "
       "Stack B; a successful peek puts Central Command against one's tile."),
    _t("L7-S9-lift", S9, "Nobody unlocks the lift the usual way; only accessing Central "
       "Command removes its markers."),
    _t("L7-S9-flashlight-loss", S9, "Failing a combat, bull rush or outwit costs a carried "
       "flashlight, returned to the box."),
    _t("L7-S9-generator", S9, "Restarting a generator is an Intelligence 4 challenge; a "
       "running one carries an accessed marker, adds a guard to the reserves and draws "
       "guards as a threat-4 target; a guard activating there only takes the marker off."),
    _t("L7-S9-surge", S9, "When the first turn with a running generator ends, every security "
       "tile and guard post gets a guard, nearest the lift first."),
    _t("L7-S9-access", S9, "With three generators running, accessing Central Command "
       "(Intelligence 4) starts lockdown: its marker goes on, the lift opens, Dr. Cronos "
       "appears next to it."),
    _t("L7-S9-lockdown", S9, "In lockdown guards ignore generators but go for Central Command "
       "(threat 6) while it is marked; taking its marker off locks the lift again."),
    _t("L7-S9-cronos", S9, "In lockdown he rolls two dice after each trigger-events step and "
       "walks one tile per Speed icon toward the most frightened character, stopping on "
       "reaching one."),
    _t("L7-S9-escape", S9, "Reaching the Security Lift is escaping; every escape gives him "
       "one more die."),
    _t("L7-S9-easy", S9, "Easy: player stacks of five tiles plus the generator; Dr. Cronos "
       "within two moves of Central Command."),
    _t("L7-S9-hard", S9, "Hard: no starting flashlight; every tile is dark until two "
       "generators run."),
    # -- scenario 10
    _t("L7-S10-objective", S10, "Smash the lab samples so the clones leave the vents, then "
       "escape through the vents."),
    _t("L7-S10-setup", S10, "Everyone on the Security Lift; the labs and the Environmental "
       "Control Room stay out; Stack A of 6, Stack B of 11 plus the 7 labs, a final stack; "
       "explored in that order."),
    _t("L7-S10-start", S10, "Vitality 5 and threat 1 each."),
    _t("L7-S10-stats", S10, "Guards 4, secure number 1; pack limit 2 with ten clones, rogues "
       "numbered 1–6 and warriors 1–4; threat, LOCKDOWN and SWARM markers; threat pool twice the "
       "players; lockdown pool 1, never emptied by the players."),
    _t("L7-S10-versus", S10, "Guards count as fear 4, clones as threat 4."),
    _t("L7-S10-rules", S10, "The Alien Zone and peeking apply."),
    _t("L7-S10-peek", S10, "A successful peek puts the Environmental Control Room against "
       "one's tile."),
    _t("L7-S10-boxed", S10, "A clone that would go back to the reserves goes to the box."),
    _t("L7-S10-cabinet", S10, "On a lab, breaking the sample cabinet is a Strength 3 action "
       "(weapons count); success leaves a swarm marker that spawns like a clone nest and a "
       "die whose Intelligence icons each take a threat token from the pool."),
    _t("L7-S10-trigger", S10, "A turn ending with empty clone reserves starts lockdown."),
    _t("L7-S10-lockdown", S10, "Dr. Cronos appears on the Security Lift; after each "
       "trigger-events step his pool gains a token, or empties if he shares a tile with a "
       "character."),
    _t("L7-S10-cronos", S10, "In lockdown, after each enemy step, he rolls a die per pool "
       "token and walks one tile per Speed icon toward the most frightened character."),
    _t("L7-S10-escape", S10, "Once the clone reserves are empty, reaching the Environmental "
       "Control Room is escaping."),
    _t("L7-S10-easy", S10, "Easy: eight clones (rogues 1–6, warriors 1–2)."),
    _t("L7-S10-hard", S10, "Hard: clones go back to the reserves as usual."),
    # -- scenario 11
    _t("L7-S11-objective", S11, "Find the Airlock, lure its aliens away, go down a floor and "
       "find the way out there."),
    _t("L7-S11-setup", S11, "Everyone on Corridor 104-A; the Airlock, A-Lift and Security "
       "Lift stay out; each floor has its own Stacks A and B, then the leftovers."),
    _t("L7-S11-start", S11, "Vitality 5 and threat 1 each."),
    _t("L7-S11-stats", S11, "Guards 4, secure number 1; pack limit 2 with ten clones, rogues "
       "numbered 1–4 and warriors 1–6; blasters limit 1; threat, LOCKDOWN and POWER markers; 24 "
       "threat tokens; lockdown pool 1, never emptied by the players."),
    _t("L7-S11-versus", S11, "Guards count as fear 4; clones as threat 4, blasters 8."),
    _t("L7-S11-rules", S11, "The Alien Zone, peeking and control panels apply."),
    _t("L7-S11-peek", S11, "An upper-floor peek places the Airlock (no room, no peek) with "
       "two rogues and two blasters in its rooms; a lower-floor peek places the A-Lift."),
    _t("L7-S11-floors", S11, "The two floors' maps never join; one move links the Airlock's "
       "elevator and the Security Lift, which enemies treat as neighbours."),
    _t("L7-S11-trigger", S11, "The turn in which someone first reaches the Security Lift "
       "ends in lockdown."),
    _t("L7-S11-lockdown", S11, "Dr. Cronos appears on Corridor 104-A; after each "
       "trigger-events step his pool gains a token, or is cut to one if he shares a tile "
       "with a character."),
    _t("L7-S11-cronos", S11, "In lockdown, after each enemy step, he rolls a die per pool "
       "token and walks one tile per Speed icon toward the most frightened character."),
    _t("L7-S11-escape", S11, "Reaching the A-Lift is escaping."),
    _t("L7-S11-easy", S11, "Easy: a bull rush or outwit gets past the Airlock's aliens even "
       "before lockdown."),
    _t("L7-S11-hard", S11, "Hard: the lockdown pool starts with two tokens."),
    _t("L7-S11-airlock", S11, "The Airlock's aliens wait until it joins the map; before "
       "lockdown nobody slips past them."),
    # -- scenario 12
    _t("L7-S12-objective", S12, "Dr. Cronos and his horde block the way out: get past him."),
    _t("L7-S12-setup", S12, "Seven tiles stay out, four of them unused; four random tiles lie "
       "face down in a row between the C-Lift (Dr. Cronos and a swarm token) and the "
       "Security Lift (the characters); exploring a face-down tile turns it over."),
    _t("L7-S12-maps", S12, "The map cards leave the item deck."),
    _t("L7-S12-start", S12, "Vitality 5 and threat 1 each."),
    _t("L7-S12-stats", S12, "Guards 4, secure number 1; pack limit 2 with ten clones, rogues "
       "numbered 1–4 and warriors 1–6; fear hunters 3 (limit 1), blasters 2 (limit 1); threat pool "
       "twice the players; lockdown pool players + 2, never emptied by the players."),
    _t("L7-S12-versus", S12, "Guards count as fear 4; clones as threat 4, hybrids 8."),
    _t("L7-S12-rules", S12, "The Alien Zone and control panels apply; no peeking."),
    _t("L7-S12-vents", S12, "No vent move into or through a swarm."),
    _t("L7-S12-precronos", S12, "Before lockdown, at each round's end, he takes a pool token "
       "and moves a tile toward the most frightened character, exploring if no path leads "
       "there (no event card)."),
    _t("L7-S12-trigger", S12, "Lockdown starts at the end of the turn in which he first "
       "reaches a character or the pool runs out."),
    _t("L7-S12-departure", S12, "Leaving a tile without a swarm token he rolls two dice: 3+ "
       "Strength spawns a fear hunter, 3+ Intelligence a blaster, anything else or an empty "
       "reserve leaves a swarm token."),
    _t("L7-S12-swarm", S12, "Entering a swarm tile costs a character a three-die Strength "
       "attack; a guard entering one goes back."),
    _t("L7-S12-lockdown", S12, "In lockdown he acts after every enemy step: two dice, a tile "
       "per Speed icon, exploring where no path leads, stopping on a character."),
    _t("L7-S12-escape", S12, "Reaching the C-Lift is escaping; each escape gives him one "
       "more die."),
    _t("L7-S12-easy", S12, "Easy: every tile he leaves simply gets a swarm marker."),
    _t("L7-S12-hard", S12, "Hard: as lockdown starts, each fear tile, swarm token and nest "
       "gets a clone, nearest the C-Lift first."),
    _t("L7-S12-layout", S12, "The row: Security Lift at one end, C-Lift at the other; no "
       "Security Lift door faces the row, one C-Lift door does."),
    # -- scenario 13
    _t("L7-S13-objective", S13, "Lure Dr. Cronos onto the Tank Farm and blow it up from "
       "elsewhere, then flee through the sewers."),
    _t("L7-S13-setup", S13, "Corridor 104-A with everyone, joined by its middle door to Waste "
       "Processing (swarm marker); the Tank Farm waits; three objective tiles; Stack A 6, "
       "Stack B 8, a final stack."),
    _t("L7-S13-start", S13, "Vitality 5, threat 0; nobody gains threat."),
    _t("L7-S13-stats", S13, "Pack limit 2 with ten clones, rogues numbered 1–2 and warriors 1–8; "
       "guards 4, secure number 1; threat and LOCKDOWN markers; 24 threat tokens; empty "
       "lockdown pool, never emptied by the players."),
    _t("L7-S13-waste", S13, "Nobody enters Waste Processing while its swarm marker is there."),
    _t("L7-S13-aux", S13, "An Intelligence 5 access at the Auxiliary Station destroys the "
       "Tank Farm and kills everyone on it."),
    _t("L7-S13-trigger", S13, "Finding the Lair starts lockdown."),
    _t("L7-S13-lockdown", S13, "Dr. Cronos comes to the Lair after the finder's "
       "trigger-events step; he rolls a die per pool token after each enemy step; the pool "
       "gains a token per trigger-events step, or empties if he shares a tile with a "
       "character."),
    _t("L7-S13-versus", S13, "Guards count as fear 6, clones as threat 6."),
    _t("L7-S13-rules", S13, "The Alien Zone, peeking and control panels apply."),
    _t("L7-S13-peek", S13, "A successful peek places a random objective tile and costs the "
       "peeker 1 fear; the Abandoned Lab brings the Tank Farm next to it; with all three "
       "found, no more peeking."),
    _t("L7-S13-escape", S13, "Dr. Cronos on the Tank Farm when it blows up dies, and the "
       "characters win."),
    _t("L7-S13-easy", S13, "Easy: the access is Intelligence 4."),
    _t("L7-S13-hard", S13, "Hard: his death is no win; Waste Processing loses its swarm and "
       "is the exit, and the aliens activate once more every trigger-events step."),
    _t("L7-S13-solo", S13, "Advice: alone, play two characters or more."),
]

SCENARIO_RULINGS = [
    _r("L7-R38", _S, "Scenario 9: in seat order the characters start alternately on "
       "Corridor 101-A and Squad Bay A."),
    _r("L7-R39", _S, "Scenario 9 with fewer than four players: one stack of six plus a "
       "generator each; spare generators and Central Command form the objective stack; "
       "the rest is the fifth stack."),
    _r("L7-R40", _S, "Scenario 9: finding a generator means one's own; until then one "
       "explores only from one's own stack."),
    _r("L7-R41", _S, "Scenario 9: the guard reserves hold 6 plus one per accessed marker in "
       "play; a marker lost takes a guard from the reserves, or the next one to come back."),
    _r("L7-R42", _S, "Scenario 9: the guard surge happens once, after the turn the first "
       "generator ran, nearest the lift first, until the reserves run out."),
    _r("L7-R43", _S, "Scenario 9: the character who started lockdown chooses Dr. Cronos's "
       "tile among those at the stated door-graph distance from Central Command."),
    _r("L7-R44", _S, "Scenario 9: Dr. Cronos cannot unlock the lift either; lockdown never "
       "ends; Central Command may be accessed again to reopen the lift."),
    _r("L7-R45", _S, "Scenario 9: \"two other players\" means at least two."),
    _r("L7-R46", _S, "Scenario 10: Stack B is 11 tiles plus the 7 labs (18)."),
    _r("L7-R47", _S, "Scenario 10: each lab's cabinet breaks once."),
    _r("L7-R48", _S, "Scenario 10: lockdown and the open exit both latch when a turn first "
       "ends with empty clone reserves, Hard mode included."),
    _r("L7-R49", _S, "Scenario 11: the five piles are the two floors' Stacks A and B and one "
       "shared final stack."),
    _r("L7-R50", _S, "Scenario 11: the Security Lift starts LEVEL 5 when the Airlock is "
       "placed; a character's floor is the grid it stands on."),
    _r("L7-R51", _S, "Scenario 11: the Airlock's aliens come from the reserves and the "
       "component pool (no spawn limit) and stay inactive in the turn it is placed."),
    _r("L7-R52", _S, "Scenario 11: the Airlock and the Security Lift neighbour each other for "
       "spawning and moving, not for ranged attacks or the Alien Zone."),
    _r("L7-R53", _S, "Scenario 11: before lockdown nobody reaches the Airlock's elevator "
       "(and the lift) while an alien is on the Airlock; Easy allows it by bull rush or "
       "outwit."),
    _r("L7-R54", _S, "Scenario 12: the Lair stays out of the game."),
    _r("L7-R55", _S, "Scenario 12: C-Lift, four face-down cells and the Security Lift in one "
       "row; turning a face-down tile over draws from the unseen tiles."),
    _r("L7-R56", _S, "Scenario 12: exploring \"in that direction\" uses his tile's free "
       "door whose far cell is nearest his target's; with none he stays."),
    _r("L7-R57", _S, "Scenario 12: his single round-end move may go to guards; a lockdown "
       "triggered then starts at once."),
    _r("L7-R58", _S, "Scenario 12: both hybrids spawn if both thresholds are met; a hybrid "
       "at its limit counts as an empty reserve."),
    _r("L7-R59", _S, "Scenario 12: entering the C-Lift resolves the swarm attack first; a "
       "character knocked out by it does not escape."),
    _r("L7-R60", _S, "Scenario 12 Hard: one clone per listed feature, nearest the C-Lift "
       "first, until the reserves run out."),
    _r("L7-R61", _S, "Scenario 13: the station access needs the Tank Farm on the map; "
       "destroying it without Dr. Cronos is defeat for everyone inside."),
    _r("L7-R62", _S, "Scenario 13: Dr. Cronos comes after that step's pool check; his pool "
       "first grows at the next one."),
    _r("L7-R63", _S, "Scenario 13: every character still in play wins; the dead do not."),
    _r("L7-R64", _S, "Scenario 13: with no room beside the Abandoned Lab, the Tank Farm goes "
       "to the legal place whose tile is nearest it."),
    _r("L7-R65", _S, "\"Scenarios 9–14\" is read as 9–13."),
    _r("L7-R71", _S, "Scenario 9: back from the Infirmary on one's own starting side tile."),
    _r("L7-R73", _S, "Scenario 13 Hard: the extra alien activation starts with the "
       "trigger-events step after the turn Dr. Cronos died."),
    _r("L7-R75", _S, "Scenario 11: inactive Airlock aliens gain no power tokens."),
    _r("L7-R77", _S, "A war zone gets two enemies where a scenario places one on every tile "
       "of a feature."),
    # boardlab's own, made while building the scenarios
    _r("L7-R88", _S, "A tile Dr. Cronos explores takes its first legal placement (rotation, "
       "then x, y) and he steps onto it."),
    _r("L7-R89", _S, "Scenario 9: with no tile at Dr. Cronos's distance, the largest smaller "
       "distance that has one; Easy's \"within two\" wins over the single-player \"two\"."),
    _r("L7-R90", _S, "Scenarios 9–12 keep the stand-in threat gain: defeating an enemy "
       "gains 1 threat."),
    _r("L7-R91", _S, "Per-player numbers and player stacks count characters, so one seat "
       "playing several characters counts each."),
    _r("L7-R92", _S, "Scenario 12 Hard: a clone placement onto a tile at the pack limit is "
       "skipped."),
    _r("L7-R93", _S, "Scenario 13: the Tank Farm takes the first legal place by door order; "
       "with no room anywhere it waits for the next tile placed."),
    _r("L7-R94", _S, "Scenario 12: a swarm token follows a departure roll unless every "
       "hybrid it called for spawned."),
    _r("L7-R95", _S, "Scenario 12: swarm tokens and swarm markers are one kind of marker."),
    _r("L7-R96", _S, "Reaching an exit means moving onto it while it is the exit."),
    _r("L7-R97", _S, "Scenario 9: Central Command needs running generators (with their "
       "markers) when it is accessed."),
    _r("L7-R98", _S, "Scenario 9: drawing from another character's stack while one's own "
       "still holds tiles allows no peeking."),
    _r("L7-R99", _S, "A scenario's end-of-turn rules come after the Alien Zone and Dr. "
       "Cronos's drain."),
    _r("L7-R100", _S, "What a face-down stack or deck holds is public (the setup deals "
       "known tiles and cards, and everything drawn or discarded is seen); only its order "
       "is unknown, so every seat knows each draw's exact odds."),
    _r("L7-R101", _S, "Scenario 13: when the Tank Farm leaves play, the locked markers and "
       "barricades on its doors leave with it, since those doors no longer join two tiles."),
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

BOOK = RuleBook(TITLE, [*TEXT, *SCENARIO_TEXT, *RULINGS_LIST, *SCENARIO_RULINGS, *SANDBOX])
#: The rule with id ``rule_id`` (an UnknownRule, still a KeyError, names an unknown id).
rule = BOOK.rule
