"""Game end and final scoring (LB-end*, LB-solo-end, LB-clar-*, LB-R12, R14, R15, R21,
R26, R27, R32, R38) and the per-side breakdown ``final_scores``."""

from __future__ import annotations

import dataclasses

import pytest

from boardlab import lockup_breakout as lb

from .conftest import drive, ids, kinds, refuse, start


def _final(**kw):
    events: list = []
    kw.setdefault("players", 3)
    m = start(phase="final", events=events, **kw)
    return m, events


def test_lb_end_after_round_six_a_final_raid_then_final_scoring() -> None:
    m = lb.play(players=4, seed=12)
    final = [e for e in m.events if e.phase == "final"]
    assert final[0].kind == "final_raid" and final[0].round == 6
    assert ids(final)[:2] == ["LB-R15", "LB-end"]
    assert m.events[-1].kind == "game_over"


def test_lb_end_lantern_every_lantern_not_escaped_scores_its_space() -> None:
    m, events = _final(lanterns={"red": "Culvert", "blue": "Chapel"}, escaped={"green": 3},
                       round=6)
    fs = lb.final_scores(m.state)
    assert (fs["red"]["lantern"], fs["blue"]["lantern"], fs["green"]["lantern"]) == (11, 9, 0)
    assert fs["green"]["escape"] == 26
    assert ids(kinds(events, "lantern")) == ["LB-end-lantern"] * 3


def test_lb_end_goons_dryads_fungoids_golems_and_sets_in_one_scoring() -> None:
    m, events = _final(goons={"red": ["Dryad", "Fungoid", "Golem", "Imp", "Imp", "Dwarf"]},
                       kept_loot={"red": ["Cache", "Bribe"]})
    goons = kinds(events, "goons")[0]
    assert goons.rule.id == "LB-end-goons"
    # Sets: Imp 2 → 3, Dwarf + Golem → 3; Dryad: 1 barrel → 1; Fungoid: 2 loot → 4.
    assert (goons.data["sets"], goons.data["dryads"], goons.data["fungoids"]) == (6, 1, 4)
    assert lb.final_scores(m.state)["red"]["goons"] == 11


def test_lb_solo_end_both_lanterns_score_guards_golems_counted_at_their_best() -> None:
    m, events = _final(players=1, difficulty="red", lanterns={"red": "Outflow",
                                                              "guards": "TOMB"},
                       goons={"guards": ["Golem", "Dwarf", "Ratman", "Ratman"]})
    fs = lb.final_scores(m.state)
    assert fs["red"]["lantern"] == 8 and fs["guards"]["lantern"] == 15
    assert ("guards", "golem", "ratman") in m.state.declared
    assert fs["guards"]["goons"] == 1 + 6                       # 1 dwarf, 3 ratmen
    assert "LB-solo-end" in ids(events)


def test_lb_clar_explorer_13_deeper_than_tomb_9_equals_10() -> None:
    """Worked example: the Explorer ranking on the default map."""
    m, events = _final(goals=["Explorer"], lanterns={"red": "Deep Gate", "blue": "TOMB",
                                                     "green": "Chapel"})
    fs = lb.final_scores(m.state)
    assert (fs["red"]["goals"], fs["blue"]["goals"], fs["green"]["goals"]) == (6, 3, 0)
    assert ids(kinds(events, "goal")) == ["LB-clar-explorer"]
    m, _ = _final(goals=["Explorer"], lanterns={"red": "Chapel", "blue": "Reliquary",
                                                "green": "Stair"})
    fs = lb.final_scores(m.state)
    # 9 and 10 are equally deep: red and blue tie for first; green takes second (LB-R32).
    assert (fs["red"]["goals"], fs["blue"]["goals"], fs["green"]["goals"]) == (0, 0, 3)


def test_lb_clar_robes_valuable_only_at_final_scoring() -> None:
    """Worked example: Sacred Robes is no valuable mid-game, the best kind at the end."""
    from boardlab.lockup_breakout.scoring import midgame_valuables

    cfg = lb.Config()
    robes = next(i for i in cfg.items if i.name == "Sacred Robes")
    assert robes.wild and robes.valuables == ()
    assert sum(midgame_valuables(cfg, ["Sacred Robes"]).values()) == 1   # the crew board only
    m, _ = _final(items={"red": ["Sacred Robes", "Silver Chalice"]})
    assert m.state.top.kind == lb.K.WILD and m.state.top.cards == ("Sacred Robes",)
    events = m.push(lb.Declare("gem"))                          # barrel + coin + gem: a set
    assert ids(kinds(events, "wild")) == ["LB-clar-robes"]
    assert lb.final_scores(m.state)["red"]["valuables"] == 5
    m, _ = _final(items={"red": ["Sacred Robes", "Silver Chalice"]})
    m.push(lb.Declare("coin"))                                  # no set
    assert lb.final_scores(m.state)["red"]["valuables"] == 0


def _relics() -> lb.Config:
    items = tuple(dataclasses.replace(i, kind="relic") for i in lb.Config().items)
    return lb.Config(items=items)


def test_lb_clar_tomb_raider_two_players() -> None:
    """Worked example: 3 against 2 items → 6 / 0; 2 against 2 → 0 / 0."""
    cfg = _relics()
    m, events = _final(players=2, config=cfg, goals=["Tomb Raider"], display=[],
                       items={"red": ["Crowbar", "Lockpick", "Gem Belt"],
                              "blue": ["Ale Barrel", "Coin Purse"]})
    fs = lb.final_scores(m.state)
    assert (fs["red"]["goals"], fs["blue"]["goals"]) == (6, 0)
    assert ids(kinds(events, "goal")) == ["LB-clar-tomb-raider"]
    m, _ = _final(players=2, config=cfg, goals=["Tomb Raider"], display=[],
                  items={"red": ["Crowbar", "Lockpick"], "blue": ["Ale Barrel", "Coin Purse"]})
    fs = lb.final_scores(m.state)
    assert (fs["red"]["goals"], fs["blue"]["goals"]) == (0, 0)


def test_lb_R12_valuable_sets_score_five_a_wild_counts_for_dryads_too() -> None:
    m, _ = _final(items={"red": ["Silver Chalice", "Jeweled Idol", "Sacred Robes"]},
                  goons={"red": ["Dryad"]})
    m.push(lb.Declare("barrel"))
    fs = lb.final_scores(m.state)
    assert fs["red"]["valuables"] == 5            # barrel (board) + coin + gem
    assert fs["red"]["goons"] == 2                # the declared barrel counts for the Dryad


def test_lb_R14_goals_pay_six_and_three_tied_place_to_nobody() -> None:
    m, events = _final(goals=["Recruiter", "Scavenger"],
                       goons={"red": ["Imp", "Imp"], "blue": ["Imp"], "green": ["Dryad"]},
                       kept_loot={"red": ["Cache"], "blue": ["Cache", "Bribe"]})
    fs = lb.final_scores(m.state)
    # Recruiter: red 2 first (6); blue and green tie on 1 for second: nobody.
    # Scavenger: blue 2 (6), red 1 (3); green has none (LB-R38).
    assert (fs["red"]["goals"], fs["blue"]["goals"], fs["green"]["goals"]) == (6 + 3, 6, 0)
    assert ids(kinds(events, "goal")) == ["LB-R14", "LB-R14"]


def test_lb_R15_the_final_raid_is_logged_and_changes_nothing() -> None:
    m, events = _final(stars={"red": 4})
    raid = kinds(events, "final_raid")
    assert ids(raid) == ["LB-R15"] and not raid[0].data
    assert m.scores()["red"] == 4


def test_lb_R21_final_choices_by_their_owner_in_seat_order() -> None:
    m, _ = _final(first="blue", goons={"red": ["Golem", "Dwarf", "Ratman"],
                                        "blue": ["Golem", "Dwarf", "Ratman"]},
                  items={"red": ["Sacred Robes"]})
    order = []
    while not m.is_over:
        order.append((m.to_move, m.state.top.kind))
        m.push(m.legal()[0])
    assert order == [("blue", "golem"), ("red", "golem"), ("red", "wild")]


def test_lb_R26_solitary_player_wins_only_with_strictly_more_stars() -> None:
    m, events = _final(players=1, difficulty="green", stars={"red": 10, "guards": 10})
    assert lb.winners(m.state) == ("guards",)
    assert ids(kinds(events, "game_over")) == ["LB-R26"]
    m, _ = _final(players=1, difficulty="green", stars={"red": 11, "guards": 10})
    assert lb.winners(m.state) == ("red",)


def test_lb_R27_multiplayer_ties_share_the_win() -> None:
    m, events = _final(stars={"red": 7, "blue": 7, "green": 3})
    assert lb.winners(m.state) == ("red", "blue")
    assert ids(kinds(events, "game_over")) == ["LB-R27"]


def test_lb_R32_tied_first_place_pays_nobody_next_takes_second() -> None:
    m, _ = _final(players=4, goals=["Scavenger"],
                  kept_loot={"red": ["Cache", "Cache"], "blue": ["Bribe", "Bribe"],
                             "green": ["Scroll"]})
    fs = lb.final_scores(m.state)
    assert [fs[c]["goals"] for c in ("red", "blue", "green", "yellow")] == [0, 0, 3, 0]


def test_lb_R38_a_place_needs_one_two_sides_pay_first_only_guards_compete() -> None:
    m, _ = _final(players=3, goals=["Recruiter"], goons={"red": ["Imp"]})
    fs = lb.final_scores(m.state)
    assert [fs[c]["goals"] for c in ("red", "blue", "green")] == [6, 0, 0]
    m, events = _final(players=1, difficulty="yellow", goals=["Scavenger"],
                       kept_loot={"red": ["Cache"], "guards": ["Cache", "Bribe"]})
    fs = lb.final_scores(m.state)
    assert (fs["red"]["goals"], fs["guards"]["goals"]) == (0, 6)
    m, _ = _final(goals=["Explorer"])                # every lantern on ENTRANCE
    assert all(v["goals"] == 0 for v in lb.final_scores(m.state).values())


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_final_scores_breakdown_sums_to_scores(players: int) -> None:
    for seed in range(12):
        m = lb.play(players=players, seed=seed, difficulty="red" if players == 1 else None)
        fs = lb.final_scores(m.state)
        assert {c: sum(v.values()) for c, v in fs.items()} == m.scores()
        over = next(e for e in reversed(m.events) if e.kind == "game_over")
        assert dict(over.data["scores"]) == m.scores()
    m = lb.new_match(3, seed=1)
    drive(m, refuse, until=lambda m: m.state.round == 3)
    assert {c: sum(v.values()) for c, v in lb.final_scores(m.state).items()} == m.scores()
