"""The illustrative stand-in data of the core game (LB-R1, LB-R3): **invented**.

Nothing in this module comes from a rule text. The expansion text names these things
(locations, items, goons, tomes, goals, legend cards, loot tokens, guard cards) but the
core game that defines them is not given; boardlab invents the smallest set that makes
every rule of the expansion bite, and labels it as such (``docs/lockup_breakout_standin.md``).
Names are made up; numbers are chosen so that every branch of the expansion's rules can
happen in a six-round game. Replace any of it through :class:`~.config.Config`.

>>> sum(g.count for g in GOONS), sum(t.count for t in LOOT), len(ITEMS)
(20, 30, 12)
"""

from __future__ import annotations

from typing import Final

from boardlab.lockup_breakout.config import (
    Goal,
    GoonCard,
    GuardCard,
    GuardLevel,
    Item,
    LegendCard,
    Location,
    LootToken,
    Penalty,
    Reward,
    Tome,
)


def _res(n: int) -> Reward:
    return Reward("resources", n)


#: Locations 1–7 and their ranked rewards (LB-R8): the strongest crew takes the first
#: bundle, the next the second. Locations 2–6 let the winner recruit the goon there
#: (LB-R11); location 4 and the CELL BLOCK (7) craft; location 6 pays stars.
LOCATIONS: Final = (
    Location(1, "Mess Hall", ((_res(2),), (_res(1),))),
    Location(2, "Yard", ((_res(2), Reward("recruit")), (_res(1),))),
    Location(3, "Workshop", ((_res(2), Reward("recruit")), (_res(1),))),
    Location(4, "Forge", ((Reward("craft"), Reward("recruit")), (_res(1),))),
    Location(5, "Chapel", ((Reward("tome"), Reward("recruit")), (_res(1),))),
    Location(6, "Warden's Office", ((Reward("stars", 3), Reward("recruit")),
                                    (Reward("stars", 1),))),
    Location(7, "CELL BLOCK", ((Reward("craft"),), (_res(1),))),
)

#: Twelve items (LB-R10), one copy each; "Sacred Robes" carries the wild valuable
#: (LB-clar-robes); Tomb Raider counts relics.
ITEMS: Final = (
    Item("Lockpick", (("scrap", 1), ("iron", 1)), 2, "tool", advance=True),
    Item("Crowbar", (("iron", 2),), 2, "tool", ("barrel",)),
    Item("Lantern Oil", (("potion", 1), ("scrap", 1)), 1, "tool", advance=True),
    Item("Rope Ladder", (("scrap", 2),), 2, "tool", improve=("scrap", 2)),
    Item("Silver Chalice", (("gold", 2),), 3, "relic", ("coin",), improve=("gold", 3)),
    Item("Jeweled Idol", (("gold", 1), ("potion", 1)), 3, "relic", ("gem",)),
    Item("Coin Purse", (("gold", 1),), 1, "relic", ("coin",), reserve=True),
    Item("Ale Barrel", (("scrap", 1), ("potion", 1)), 1, "provision", ("barrel",)),
    Item("Smuggler's Map", (("potion", 2),), 2, "tool", reserve=True, advance=True),
    Item("Sacred Robes", (("potion", 1), ("iron", 1)), 2, "garb", wild=True),
    Item("Gem Belt", (("iron", 1), ("gold", 1)), 2, "garb", ("gem",), improve=("iron", 2)),
    Item("Guard Uniform", (("scrap", 1), ("iron", 1), ("potion", 1)), 4, "garb", ("barrel",)),
)

#: Twenty goon cards (LB-R11 and the four new types of the text).
GOONS: Final = (
    GoonCard("Dwarf", "dwarf", count=3),
    GoonCard("Dwarf Deserter", "dwarf", remove=True),
    GoonCard("Ratman", "ratman", count=3),
    GoonCard("Ratman Runner", "ratman", remove=True),
    GoonCard("Imp", "imp", count=3),
    GoonCard("Dryad", "dryad", count=3),
    GoonCard("Fungoid", "fungoid", count=2),
    GoonCard("Golem", "golem", count=2),
    GoonCard("Shapeshifter", "shapeshifter", count=2),
)

#: Eight tomes (LB-R13): six add strength at a location only; two also at the legend.
TOMES: Final = (
    Tome("Tome of Might", 2, count=6),
    Tome("Tome of Legends", 2, legend=True, count=2),
)

#: Five goal cards (LB-R14); two are drawn at setup.
GOALS: Final = (
    Goal("Explorer", "explorer"),
    Goal("Tomb Raider", "items", "relic"),
    Goal("Recruiter", "goons"),
    Goal("Scavenger", "loot"),
    Goal("Collector", "valuables"),
)

#: Eight legend cards (LB-R16): rewards for the strongest legend token, penalties for
#: the weakest ("resource" penalties let the loser choose: LB-solo-legend).
LEGENDS: Final = (
    LegendCard("The Drowned King", Reward("stars", 3), Penalty("stars", 1)),
    LegendCard("The Lamp Keeper", Reward("advance", 1)),
    LegendCard("The Miser Ghost", Reward("resources", 2), Penalty("resource", 1)),
    LegendCard("The Hollow Monk", Reward("tome"), Penalty("stars", 2)),
    LegendCard("The Gilded Saint", Reward("item")),
    LegendCard("The Silent Warden", Reward("stars", 2), Penalty("resource", 1)),
    LegendCard("The Bone Choir", Reward("stars", 4), Penalty("resource", 1)),
    LegendCard("The Pale Gaoler", None, Penalty("stars", 2)),
)

#: Thirty loot tokens, six of each kind (LB-R17): enough for five stacks of five.
LOOT: Final = (
    LootToken("Cache", "resources", 2, count=6),
    LootToken("Passage", "advance", 1, count=6),
    LootToken("Claim", "reserve", 1, count=6),
    LootToken("Scroll", "tome", 1, count=6),
    LootToken("Bribe", "recruit", 1, count=6),
)

#: The eight blue guard cards (LB-solo-setup, LB-R23); strength 0 = no guards (LB-R39).
GUARD_BLUE: Final = (
    GuardCard("blue 0", 0),
    GuardCard("blue 1", 1, count=2),
    GuardCard("blue 2", 2),
    GuardCard("blue 2 seeker", 2, seeker=True),
    GuardCard("blue 3", 3),
    GuardCard("blue 3 seeker", 3, seeker=True),
    GuardCard("blue 4", 4),
)

#: Three difficulty levels of six cards each (LB-solo-setup): green (easy), yellow
#: (normal), red (hard).
GUARD_LEVELS: Final = (
    GuardLevel("green", (GuardCard("green 0", 0, count=2), GuardCard("green 1", 1, count=2),
                         GuardCard("green 2 seeker", 2, seeker=True),
                         GuardCard("green 3", 3))),
    GuardLevel("yellow", (GuardCard("yellow 1", 1), GuardCard("yellow 2", 2, count=2),
                          GuardCard("yellow 3 seeker", 3, seeker=True),
                          GuardCard("yellow 4", 4), GuardCard("yellow 4 seeker", 4, seeker=True))),
    GuardLevel("red", (GuardCard("red 2", 2), GuardCard("red 3", 3),
                       GuardCard("red 3 seeker", 3, seeker=True), GuardCard("red 4", 4),
                       GuardCard("red 5 seeker", 5, seeker=True),
                       GuardCard("red 6 seeker", 6, seeker=True))),
)
