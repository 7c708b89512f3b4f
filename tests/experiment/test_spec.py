"""Experiment specs: every bad field is refused with its path; good ones round-trip."""

from __future__ import annotations

import json

import pytest

from boardlab import registry
from boardlab.experiment import Experiment, Lineup, SpecError, Variant, load_spec
from boardlab.experiment.spec import build_setup
from boardlab.mall_of_horror import Config

MOH = "mall-of-horror"
GAMES = ", ".join(registry.names())
FOUR = ["heuristic", "random", "random", "random"]


def refused(data: dict) -> str:
    with pytest.raises(SpecError) as err:
        Experiment.from_json(data)
    return str(err.value)


@pytest.mark.parametrize(("data", "message"), [
    ({"seeds": 3}, f"game: missing: the registered name of the game ({GAMES})"),
    ({"game": "chess"}, f"game: expected one of {GAMES}, got 'chess'"),
    ({"game": MOH, "varients": []}, "varients: unknown field (fields: game, name, options, "
                                    "config, variants, lineups, seeds)"),
    ({"game": MOH, "variants": {}}, "variants: expected a non-empty list, got {}"),
    ({"game": MOH, "variants": []}, "variants: expected a non-empty list, got []"),
    ({"game": MOH, "variants": [{}, {}, {"config": {"dice": "4"}}]},
     "variants[1].name: 'default' names an earlier one too; give each a name of its own"),
    ({"game": MOH, "variants": [{"name": "a"}, {"name": "b"}, {"config": {"dice": "4"}}]},
     "variants[2].config.dice: expected an integer, got '4'"),
    ({"game": MOH, "variants": [{"config": {"dice": 4.0}}]},
     "variants[0].config.dice: expected an integer, got 4.0"),
    ({"game": MOH, "variants": [{"config": {"dice": True}}]},
     "variants[0].config.dice: expected an integer, got true"),
    ({"game": MOH, "variants": [{"config": {"dice": 13}}]},
     "variants[0].config: dice must be between 1 and 12, got 13"),
    ({"game": MOH, "variants": [{"config": {"capacities": [3, 4, 4, None, 3, "six"]}}]},
     "variants[0].config.capacities[5]: expected an integer or null, got 'six'"),
    ({"game": MOH, "variants": [{"config": {"capacities": 6}}]},
     "variants[0].config.capacities: expected a list, got 6"),
    ({"game": MOH, "variants": [{"config": {"capacities": [3, 4, 4, None, 3, 2]}}]},
     "variants[0].config: capacity of location 6 (2) cannot hold the Supermarket threshold 4"),
    ({"game": MOH, "variants": [{"config": {"zombies": 3}}]},
     "variants[0].config.zombies: no such config field (fields: capacities, names, "
     "weapon_strengths, dice, supermarket_threshold, seal_at)"),
    ({"game": MOH, "variants": [{"name": "x", "colour": "red"}]},
     "variants[0].colour: unknown field (fields: name, options, config)"),
    ({"game": MOH, "variants": [{"name": ""}]},
     "variants[0].name: expected a non-empty string, got ''"),
    ({"game": MOH, "variants": [{"options": {"speed": 2}}]},
     "variants[0].options.speed: mall-of-horror has no option 'speed' (options: players)"),
    ({"game": MOH, "variants": [{"options": {"players": True}}]},
     "variants[0].options.players: expected a whole number, got True"),
    ({"game": MOH, "variants": [{"name": "a"}, {"options": {"players": 7}}]},
     "variants[1].options: Mall of Horror takes 3 to 6 players, got 7 (MoH-R3)"),
    ({"game": MOH, "options": {"players": 2}},
     "options: Mall of Horror takes 3 to 6 players, got 2 (MoH-R3)"),
    ({"game": MOH, "config": {"dice": 0}, "variants": [{"config": {"dice": 3}}]},
     "config: dice must be between 1 and 12, got 0"),
    ({"game": MOH, "config": {"seal_at": "8"}}, "config.seal_at: expected an integer, got '8'"),
    ({"game": MOH, "options": [4]}, "options: expected an object of named values, got a list "
                                    "(got [4])"),
    ({"game": MOH, "lineups": ["random", ["random", "random", "smart"]]},
     "lineups[1].agents[2]: mall-of-horror has no agent kind 'smart' (kinds: random, "
     "heuristic)"),
    ({"game": MOH, "lineups": [{"agents": "greedy"}]},
     "lineups[0].agents: mall-of-horror has no agent kind 'greedy' (kinds: random, heuristic)"),
    ({"game": MOH, "lineups": [{"agents": []}]},
     "lineups[0].agents: expected an agent kind or a non-empty list of them, got []"),
    ({"game": MOH, "lineups": [FOUR], "variants": [{"name": "a"},
                                                   {"name": "three", "options": {"players": 3}}]},
     "lineups[0].agents: 4 agent kinds for the 3 players of variant 'three' "
     "(yellow, red, blue)"),
    ({"game": MOH, "lineups": [{"agents": "random", "name": "x"}, {"name": "x"}]},
     "lineups[1].name: 'x' names an earlier one too; give each a name of its own"),
    ({"game": MOH, "seeds": 0}, "seeds.count: expected 1 to 1000000000, got 0"),
    ({"game": MOH, "seeds": "100"}, "seeds: expected a count or {\"first\": F, \"count\": N}, "
                                    "got '100'"),
    ({"game": MOH, "seeds": {"first": -1, "count": 3}},
     "seeds.first: expected a seed of 0 or more, got -1"),
    ({"game": MOH, "seeds": {"first": 3}}, "seeds.count: missing: how many seeds to play"),
    ({"game": MOH, "seeds": {"count": 2.5}}, "seeds.count: expected an integer, got 2.5"),
    ({"game": MOH, "seeds": {"count": 5, "step": 2}},
     "seeds.step: unknown field (fields: first, count)"),
    ([1, 2], "a spec is a JSON object, got [1, 2]"),
])
def test_a_bad_field_is_named_by_its_path(data: dict, message: str) -> None:
    assert refused(data) == message


def test_a_game_without_a_config_takes_options_only(toy) -> None:
    assert refused({"game": "toy", "variants": [{"config": {"target": 3}}]}) == (
        "variants[0].config: toy has no config to override (its setup has no config "
        "dataclass); use options")
    assert refused({"game": "toy", "options": {"target": 0}}) == (
        "options: the toy's target must be at least 1, got 0 (T-2)")
    exp = Experiment("toy", variants=[{"options": {"target": 3}}, {"options": {"target": 8}}],
                     lineups=["random", ["greedy", "random"]], seeds={"first": 5, "count": 4})
    assert [v.name for v in exp.variants] == ["target=3", "target=8"]
    assert [lu.name for lu in exp.lineups] == ["random", "greedy random"]
    assert exp.seeds == range(5, 9) and exp.matches == 16
    assert exp.players("target=8") == ("a", "b")


def test_the_spec_round_trips_and_its_id_names_it() -> None:
    exp = Experiment(MOH, name="dice", options={"players": 5},
                     variants=[Variant("printed"),
                               Variant("small", config={"capacities": (3, 4, 4, None, 3, 5)})],
                     lineups=[Lineup("random"), Lineup(("heuristic",) + ("random",) * 4, "h")],
                     seeds=range(10, 30))
    data = exp.to_json()
    assert data == {
        "game": MOH, "name": "dice", "options": {"players": 5}, "config": {},
        "variants": [{"name": "printed", "options": {}, "config": {}},
                     {"name": "small", "options": {},
                      "config": {"capacities": [3, 4, 4, None, 3, 5]}}],
        "lineups": [{"name": "random", "agents": "random"},
                    {"name": "h", "agents": ["heuristic", "random", "random", "random",
                                             "random"]}],
        "seeds": {"first": 10, "count": 20}}
    again = Experiment.from_json(json.loads(json.dumps(data)))
    assert again == exp and again.id == exp.id and len(exp.id) == 16
    assert Experiment.from_json({**data, "seeds": {"first": 10, "count": 21}}).id != exp.id
    # The variant's setup is the game's, with the config overridden and checked again.
    setup = build_setup(exp.registration.load(), *exp.effective(exp.variants[1]))
    assert setup.players == 5
    assert setup.config == Config(capacities=(3, 4, 4, None, 3, 5))


def test_variant_names_default_to_their_overrides() -> None:
    exp = Experiment(MOH, variants=[{}, {"config": {"dice": 3, "seal_at": 6}},
                                    {"options": {"players": 3}, "config": {
                                        "weapon_strengths": [1, 1, 1, 1, 2, 2]}}])
    assert [v.name for v in exp.variants] == [
        "default", "dice=3 seal_at=6", "players=3 weapon_strengths=[1, 1, 1, 1, 2, 2]"]


def test_base_options_and_config_apply_to_every_variant_unless_overridden() -> None:
    exp = Experiment(MOH, options={"players": 3}, config={"dice": 5},
                     variants=[{"name": "base"}, {"name": "four", "options": {"players": 4},
                                                  "config": {"dice": 2}}])
    assert exp.effective(exp.variants[0]) == ({"players": 3}, {"dice": 5})
    assert exp.effective(exp.variants[1]) == ({"players": 4}, {"dice": 2})
    assert exp.players("base") == ("yellow", "red", "blue")


def test_load_spec_names_unreadable_and_broken_files(tmp_path) -> None:
    with pytest.raises(SpecError, match=r"^cannot read .*nothing\.json: No such file"):
        load_spec(tmp_path / "nothing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "mall-of-horror",\n "seeds": 10,,}')
    with pytest.raises(SpecError) as err:
        load_spec(broken)
    assert str(err.value) == (f"{broken} is not JSON: Expecting property name enclosed in "
                              "double quotes at line 2 column 14")
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"game": MOH, "seeds": 7}))
    assert load_spec(good) == Experiment(MOH, seeds=7)
