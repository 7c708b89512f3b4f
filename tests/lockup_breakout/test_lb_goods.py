"""Items and goons: the new icons and goon types, the display, goon spaces and decks
(LB-icon-*, LB-goon-*, LB-R10, R11, R22, R35, R42, R43)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import IllegalAction
from boardlab.lockup_breakout.scoring import midgame_valuables, valuables

from .conftest import drive, greedy, ids, kinds, start

DISPLAY = ["Rope Ladder", "Coin Purse", "Crowbar"]


def _forge(**kw):
    kw.setdefault("display", DISPLAY)
    return start(players=2, phase="lightsout", crews={4: ["red 3"]}, **kw)


def test_lb_icon_improve_one_more_resource_for_stars_only_at_crafting() -> None:
    m = _forge(resources={"red": {"scrap": 3}})
    m.push(lb.Craft("Rope Ladder"))
    assert m.state.top.kind == lb.K.IMPROVE and m.legal() == (lb.Take(), lb.Decline())
    events = m.push(lb.Take())
    assert ids(kinds(events, "improve")) == ["LB-icon-improve"]
    assert m.state.resources[0][0] == 0 and m.state.stars[0][1] == 2 + 2
    # Without the resource left after paying, no improvement is offered.
    m = _forge(resources={"red": {"scrap": 2}})
    events = m.push(lb.Craft("Rope Ladder"))
    assert m.state.top.kind != lb.K.IMPROVE
    assert "LB-icon-improve" in ids(events)
    # An item gained without crafting is never improved (LB-R43).
    m = start(players=2, phase="lightsout", legend="The Gilded Saint", display=DISPLAY,
              legend_tokens={"red": "4", "blue": "1"}, resources={"red": {"scrap": 5}})
    events = m.push(lb.TakeItem("Rope Ladder"))
    assert m.state.items[0] == ("Rope Ladder",) and m.state.top.kind != lb.K.IMPROVE


def test_lb_icon_reserve_take_a_display_item_free_craft_it_at_the_cell_block() -> None:
    m = _forge(resources={"red": {"gold": 1}})
    m.push(lb.Craft("Coin Purse"))                  # its reserve icon
    assert m.state.top.kind == lb.K.RESERVE
    assert m.legal() == (lb.Reserve("Crowbar"), lb.Reserve("Rope Ladder"), lb.Decline())
    m.push(lb.Reserve("Crowbar"))
    assert m.state.reserved[0] == ("Crowbar",) and "Crowbar" not in m.state.display
    assert lb.observe(m.state, "blue").reserved[0] == ("Crowbar",)     # public (LB-R10)
    # Crafted later at the CELL BLOCK, not at the Forge.
    m = start(players=2, phase="lightsout", crews={7: ["red 3"]}, display=[],
              reserved={"red": ["Crowbar"]}, resources={"red": {"iron": 2}})
    assert m.legal() == (lb.Craft("Crowbar", reserved=True), lb.Decline())
    events = m.push(lb.Craft("Crowbar", reserved=True))
    assert ids(kinds(events, "craft")) == ["LB-icon-reserve"]
    assert m.state.items[0] == ("Crowbar",) and m.state.reserved[0] == ()
    m = start(players=2, phase="lightsout", crews={4: ["red 3"]}, display=[],
              reserved={"red": ["Crowbar"]}, resources={"red": {"iron": 2}})
    assert m.state.top.kind != lb.K.REWARD or lb.Craft("Crowbar", True) not in m.legal()


def test_lb_icon_remove_goon_discarded_in_patrol_instead_of_moving() -> None:
    events: list = []
    m = start(players=2, phase="patrol", goon_spaces={3: "Dwarf Deserter", 4: "Dwarf"},
              events=events)
    gone = kinds(events, "goon_discarded")
    assert [(e.data["goon"], e.rule.id) for e in gone] == [("Dwarf Deserter",
                                                            "LB-icon-remove-goon")]
    assert m.state.goon_spaces[3] == "Dwarf" and m.state.goon_spaces[2] == ""


def test_lb_icon_wild_valuable_counts_only_at_final_scoring() -> None:
    cfg = lb.Config()
    # Mid-game the wild icon is no valuable at all.
    mid = midgame_valuables(cfg, ["Sacred Robes", "Jeweled Idol"])
    assert mid == Counter({"barrel": 1, "gem": 1})
    assert valuables(cfg, ["Sacred Robes", "Jeweled Idol"], ["coin"]) == \
        Counter({"barrel": 1, "gem": 1, "coin": 1})
    m = start(players=2, phase="final", items={"red": ["Sacred Robes", "Jeweled Idol"]})
    assert m.state.top.kind == lb.K.WILD and m.to_move == "red"
    events = m.push(lb.Declare("coin"))
    assert lb.final_scores(m.state)["red"]["valuables"] == cfg.set_stars
    assert "LB-R12" in ids(events)


def test_lb_goon_dryad_one_star_per_barrel_crew_board_included() -> None:
    events: list = []
    m = start(players=2, phase="final", goons={"red": ["Dryad", "Dryad"]},
              items={"red": ["Crowbar", "Ale Barrel"]}, events=events)
    assert m.is_over
    assert lb.final_scores(m.state)["red"]["goons"] == 2 * 3     # 3 barrels each
    assert kinds(events, "goons")[0].data["dryads"] == 6
    m = start(players=2, phase="final", goons={"red": ["Dryad"]})
    assert lb.final_scores(m.state)["red"]["goons"] == 1          # the crew board's barrel


def test_lb_goon_fungoid_two_per_loot_token_and_one_round_on_offer() -> None:
    m = start(players=2, phase="final", goons={"red": ["Fungoid"]},
              kept_loot={"red": ["Cache", "Scroll", "Bribe"]})
    drive(m, greedy)
    assert lb.final_scores(m.state)["red"]["goons"] == 2 * 3
    events: list = []
    m = start(players=2, phase="patrol", goon_spaces={2: "Fungoid", 5: "Fungoid"},
              events=events)
    assert ids(kinds(events, "goon_discarded")) == ["LB-goon-fungoid"] * 2
    assert m.state.goon_spaces == ("",) * 5
    m.push(lb.Draw("Imp"))
    assert m.state.goon_spaces[0] == "Imp"


def test_lb_goon_fungoid_is_never_on_offer_in_two_rounds() -> None:
    seen = 0
    for seed in range(60):
        m = lb.play(players=3, seed=seed)
        on_offer: dict[int, tuple[str, ...]] = {}
        for record in m.records:           # the goon spaces at every roll call
            s = record.before
            if s.phase == "rollcall" and s.round not in on_offer:
                on_offer[s.round] = s.goon_spaces
        for r in range(2, 7):
            spaces = on_offer[r]
            # A Fungoid on offer in round r arrived on space 2 in the Patrol before it …
            assert all(g != "Fungoid" for g in spaces[1:]), (seed, r, spaces)
            # … and is gone by the next round (recruited or discarded).
            if spaces[0] == "Fungoid" and r < 6:
                seen += 1
                assert on_offer[r + 1][1] != "Fungoid"
    assert seen > 5


def test_lb_goon_golem_counts_as_dwarf_or_ratman_only_if_owned() -> None:
    # Both types owned: the owner chooses (two Golems: two decisions).
    m = start(players=2, phase="final", goons={"red": ["Golem", "Golem", "Dwarf", "Ratman"]})
    assert m.state.top.kind == lb.K.GOLEM
    assert m.legal() == (lb.GolemAs("dwarf"), lb.GolemAs("ratman"))
    m.push(lb.GolemAs("dwarf"))
    m.push(lb.GolemAs("dwarf"))
    assert lb.final_scores(m.state)["red"]["goons"] == 6 + 1        # 3 dwarves + 1 ratman
    # Only Dwarves owned: the Golem can only be a Dwarf (no question asked, LB-R41).
    m = start(players=2, phase="final", goons={"red": ["Golem", "Dwarf"]})
    assert m.is_over and lb.final_scores(m.state)["red"]["goons"] == 3
    # Neither owned: Golems do not count; another Golem does not qualify.
    events: list = []
    m = start(players=2, phase="final", goons={"red": ["Golem", "Golem", "Imp"]},
              events=events)
    assert lb.final_scores(m.state)["red"]["goons"] == 1
    assert "LB-goon-golem" in ids(events)


def _shape_match(**kw) -> Match:
    return start(players=2, phase="lightsout", crews={2: ["red 4"]}, **kw)


def test_lb_goon_shapeshifter_discarded_draw_three_keep_one_repeat() -> None:
    m = _shape_match(goon_spaces={2: "Shapeshifter"})
    m.push(lb.TakeResources("iron"))
    events = m.push(lb.Take())                                # recruit
    assert ids(kinds(events, "shapeshifter")) == ["LB-goon-shapeshifter"]
    assert m.state.top.kind == lb.K.SHAPE_DRAW and m.state.top.n == 3
    m.push(lb.DrawMany(("Dwarf", "Imp", "Shapeshifter")))
    assert m.legal() == (lb.Keep("Dwarf"), lb.Keep("Imp"), lb.Keep("Shapeshifter"))
    m.push(lb.Keep("Shapeshifter"))                           # repeats the effect
    assert m.state.top.kind == lb.K.SHAPE_DRAW
    m.push(lb.DrawMany(("Dryad", "Ratman", "Ratman")))     # sorted by name
    m.push(lb.Keep("Ratman"))
    s = m.state
    assert s.goons[0] == ("Ratman",)
    # Both Shapeshifters and the four others went to the discard pile (none "recruited").
    discard = dict(zip([g.name for g in s.config.goons], s.goon_discard, strict=True))
    assert discard["Shapeshifter"] == 2 and discard["Dwarf"] == 1 and discard["Imp"] == 1
    assert discard["Ratman"] == 1 and discard["Dryad"] == 1 and not any(s.goon_limbo)


def _small_config() -> lb.Config:
    goons = (lb.GoonCard("Dwarf", "dwarf", count=2), lb.GoonCard("Shapeshifter",
             "shapeshifter", count=3), lb.GoonCard("Ratman", "ratman", count=1))
    return lb.Config(goons=goons)


def _chain_distribution(m: Match, prefer: str) -> dict[str, Fraction]:
    """Exact distribution of the goon the chain ends with, over the engine's chance nodes."""
    out: dict[str, Fraction] = {}

    def walk(match: Match, p: Fraction) -> None:
        top = match.state.top
        if top.kind not in (lb.K.SHAPE_DRAW, lb.K.KEEP, lb.K.SHAPE):
            got = match.state.goons[0]
            key = got[0] if got else "none"
            out[key] = out.get(key, Fraction(0)) + p
            return
        if match.to_move is CHANCE:
            for outcome, q in match.outcomes():
                branch = match.branch()
                branch.push(outcome)
                walk(branch, p * q)
        else:
            legal = match.legal()
            choice = next((c for c in legal if c.goon == prefer), min(legal, key=str))
            branch = match.branch()
            branch.push(choice)
            walk(branch, p)

    walk(m, Fraction(1))
    return out


def _brute_chain(deck: list[str], prefer: str) -> dict[str, Fraction]:
    """Every order of the deck, equally likely: the chain by LB-R22 with no discard pile."""
    out: Counter[str] = Counter()
    orders = list(permutations(deck))
    for order in orders:
        pile = list(order)
        result = "none"
        while pile:
            drawn, pile = pile[:3], pile[3:]
            keep = prefer if prefer in drawn else min(drawn)
            if keep != "Shapeshifter":
                result = keep
                break
        out[result] += 1
    return {k: Fraction(v, len(orders)) for k, v in out.items()}


def test_lb_R22_chain_distribution_equals_brute_force_on_a_small_deck() -> None:
    cfg = _small_config()
    for prefer in ("Shapeshifter", "Dwarf", "Ratman"):
        m = _shape_match(config=cfg, goon_spaces={2: "Shapeshifter"})
        m.push(lb.TakeResources("iron"))
        m.push(lb.Take())
        exact = _chain_distribution(m, prefer)
        deck = ["Dwarf", "Dwarf", "Shapeshifter", "Shapeshifter", "Ratman"]
        assert exact == _brute_chain(deck, prefer), prefer
        assert sum(exact.values()) == 1
    # Keeping Shapeshifters whenever possible: the chain may end with no goon at all.
    assert _brute_chain(["Dwarf", "Dwarf", "Shapeshifter", "Shapeshifter", "Ratman"],
                        "Shapeshifter") == {"none": Fraction(3, 5), "Dwarf": Fraction(2, 5)}


def test_lb_R22_short_deck_takes_the_earlier_discards_then_what_is_left() -> None:
    cfg = _small_config()
    s = lb.position(players=2, phase="lightsout", crews={2: ["red 4"]}, config=cfg,
                    goon_spaces={2: "Shapeshifter", 3: "Dwarf", 4: "Dwarf", 5: "Ratman"})
    # One Shapeshifter left in the deck, one in the discard pile from before the chain.
    s = s._replace(goon_deck=(0, 1, 0), goon_discard=(0, 1, 0))
    m = lb.new_match(start=s)
    m.push(lb.TakeResources("iron"))
    events = m.push(lb.Take())
    assert "LB-R22" in ids(events)                            # the discards shuffled in
    assert m.state.top.n == 2                                 # and still short: draw two
    m.push(lb.DrawMany(("Shapeshifter", "Shapeshifter")))
    events = m.push(lb.Keep("Shapeshifter"))
    assert ids(kinds(events, "shape_end")) == ["LB-R22"] and m.state.goons[0] == ()


def test_lb_R10_display_of_three_refilled_in_patrol_reserved_items_public() -> None:
    m = start(players=2, phase="patrol", display=["Crowbar"])
    m.roll()                                                  # the goon for space 2
    assert m.state.top.kind == lb.K.ITEMS_DRAW and m.state.top.n == 2
    outs = m.outcomes()
    assert len(outs) == 55 and all(p == Fraction(1, 55) for _, p in outs)   # C(11, 2)
    m.roll()
    assert len(m.state.display) == 3


def test_lb_R11_goons_on_2_to_6_winner_recruits_patrol_moves_them_sets_score() -> None:
    m = _shape_match(goon_spaces={2: "Imp"})
    m.push(lb.TakeResources("iron"))
    m.push(lb.Take())
    assert m.state.goons[0] == ("Imp",) and m.state.goon_spaces[0] == ""
    events: list = []
    m = start(players=2, phase="patrol", goon_spaces={2: "Imp", 6: "Dwarf"}, events=events)
    assert m.state.goon_spaces[1] == "Imp" and "Dwarf" not in m.state.goon_spaces[1:]
    assert ("Dwarf", "LB-R11") in [(e.data["goon"], e.rule.id)
                                   for e in kinds(events, "goon_discarded")]
    m = start(players=2, phase="final", goons={"red": ["Imp", "Imp", "Imp", "Dwarf"]})
    assert lb.final_scores(m.state)["red"]["goons"] == 6 + 1


def test_lb_R35_an_emptied_goon_space_stays_empty_until_patrol() -> None:
    events: list = []
    m = start(players=2, phase="patrol", goon_spaces={2: "Fungoid", 4: "Imp"}, events=events)
    assert m.state.goon_spaces[1] == "" and m.state.goon_spaces[3] == "Imp"
    assert "LB-R35" in ids(events)


def test_lb_R42_empty_decks_goons_and_tomes_refill_items_do_not() -> None:
    goons = tuple(lb.GoonCard(n, "imp") for n in ("A", "B", "C", "D", "E"))
    items = lb.Config().items[:3]
    cfg = lb.Config(goons=goons, items=items)
    events: list = []
    m = start(players=2, phase="patrol", config=cfg, events=events,
              goon_spaces={2: "A", 3: "B", 4: "C", 5: "D", 6: "E"},
              items={"red": [items[0].name]}, display=[items[1].name, items[2].name])
    # E left space 6 for the discard pile, the deck was empty: the pile became the deck.
    assert "LB-R42" in ids(events)
    assert m.state.top.kind == lb.K.GOON_DRAW and m.outcomes() == ((lb.Draw("E"), 1),)
    events += drive(m, greedy, until=lambda m: m.state.phase == "rollcall")
    gaps = [e for e in events if e.kind == "display"]
    assert ids(gaps) == ["LB-R42"] and len(m.state.display) == 2
    s = lb.position(players=2, phase="lightsout", crews={1: ["red seeker"]},
                    tunnels={1: "single"})
    s = s._replace(tome_discard=s.tome_deck, tome_deck=(0, 0))
    m = lb.new_match(start=s)
    m.push(lb.Decline())
    events = m.push(lb.Stop())
    assert "LB-R42" in ids(events) and m.state.top.kind == lb.K.TOME_DRAW


def test_lb_R43_a_free_item_gives_stars_type_valuables_but_no_icon() -> None:
    m = start(players=2, phase="lightsout", legend="The Gilded Saint",
              display=["Lockpick", "Coin Purse", "Crowbar"],
              legend_tokens={"red": "4", "blue": "1"})
    events = m.push(lb.TakeItem("Lockpick"))                  # advance icon: not used
    assert ids(kinds(events, "gain_item")) == ["LB-R43"]
    assert m.state.stars[0][1] == 2 and m.state.lantern("red") == lb.ENTRANCE
    with pytest.raises(IllegalAction):
        m.push(lb.Step("Stair"))
