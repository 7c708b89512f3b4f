"""Bad input is refused at every public entry point with a boardlab error naming the
field (types — a bool is not an int —, names, ranges, sizes); an illegal choice leaves
the match unchanged and names its rule."""

from __future__ import annotations

import json

import pytest

from boardlab.core.chance import CHANCE
from boardlab.core.errors import (
    ArgumentError,
    BoardlabError,
    ConfigError,
    FormatError,
    IllegalAction,
)
from boardlab.level7_lockdown import (
    Attack,
    Character,
    Config,
    Door,
    EnemyProfile,
    EventCard,
    ItemCard,
    Move,
    Roll,
    Setup,
    load_match,
    load_position,
    new_match,
    observe,
    play,
    position,
    save_position,
)
from boardlab.level7_lockdown.config import AdrenalineCard, Components, config_from_json
from boardlab.level7_lockdown.game import GAME


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": True}, r"players: expected a whole number, not a bool \(got True\)"),
    ({"players": 0}, r"players: 1 to 4 \(L7-R33\) \(got 0\)"),
    ({"players": 5}, r"players: 1 to 4 \(L7-R33\) \(got 5\)"),
    ({"players": "2"}, r"players: expected a whole number, got a str \(got '2'\)"),
    ({"scenario": "14"}, r"unknown scenario '14'; scenarios: sandbox, 9, 10, 11, 12, 13 "
                         r"\(L7-R65\)"),
    ({"scenario": 9}, r"scenario: expected a name such as '12' or 'sandbox', got 9"),
    ({"scenario": True}, r"scenario: expected a name such as '12' or 'sandbox', got True"),
    ({"scenario": "9", "mode": "expert"}, r"mode: expected one of easy, normal, hard, got "
                                          r"'expert'"),
    ({"scenario": "9", "mode": 1}, r"mode: expected one of easy, normal, hard, got 1"),
    ({"mode": "hard"}, r"mode: the sandbox has only the normal mode, got 'hard'"),
    ({"characters": ("Leo", "Zed")}, r"unknown character 'Zed'; characters are Leo, Cody"),
    ({"characters": ("Leo", "Leo")}, r"characters: a character is listed twice"),
    ({"characters": ["Leo", "Cody"]}, r"characters: expected a tuple of names, got list"),
    ({"characters": ("Leo",)}, r"characters: 2 players play one character each, got 1"),
    ({"turn_limit": True}, r"turn_limit: expected rounds 0–500"),
    ({"turn_limit": 501}, r"turn_limit: expected rounds 0–500"),
    ({"config": {"moves": 2}}, r"config: expected a Config, got dict"),
])
def test_l7_errors_setup_refuses_bad_values(kwargs: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Setup(**{"players": 2, **kwargs})


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Character("Leo", intelligence=9), r"character 'Leo': intelligence: 0 to 8 \(got 9\)"),
    (lambda: Character("", strength=3), r"character: name: expected a non-empty string \(got ''\)"),
    (lambda: Character("Leo", toughness=0), r"character 'Leo': toughness: 1 to 8 \(got 0\)"),
    (lambda: EnemyProfile("dragon", dice=2, toughness=2), r"enemy profile: kind: not a known "
        r"enemy kind; one of .*\(L7-enemies\) \(got 'dragon'\)"),
    (lambda: EnemyProfile("guard", dice=2.0, toughness=2),   # type: ignore[arg-type]
     r"enemy profile 'guard': dice: expected a whole number, got a float \(got 2.0\)"),
    (lambda: EventCard("X", spawn="hybrid"), r"event card 'X': spawn: not a known spawn icon; "
                                             r"one of .* \(got 'hybrid'\)"),
    (lambda: EventCard("X", activations=("blaster",)), r"activations\[0\]: not a known "
        r"activation; one of guard, clone \(got 'blaster'\)"),
    (lambda: EventCard("X", sections=(("alarm", "explode"),)), r"sections\[0\]\[1\]: not a known "
        r"effect; one of .* \(got 'explode'\)"),
    (lambda: EventCard("X", sections=(("alarm", "fear"), ("alarm", "calm"))),
     r"one section per tile icon"),
    (lambda: ItemCard("X", "sword"), r"item card 'X': kind: not a known item kind; one of .* "
                                     r"\(got 'sword'\)"),
    (lambda: ItemCard("X", "gun", copies=0), r"item card 'X': copies: 1 to 20 \(got 0\)"),
    (lambda: AdrenalineCard(""), r"adrenaline card: name"),
    (lambda: Config(die=(("Strength", "Luck"),)), r"config: die\[0\]\[1\]: not a known icon; one "
                                                  r"of .* \(got 'Luck'\)"),
    (lambda: Config(die=()), r"config: die: a die needs at least one face"),
    (lambda: Config(enemies=Config().enemies[:-1]), r"config: enemies: no profile for blaster"),
    (lambda: Config(characters=(Character("A"), Character("A"))),
     r"config: characters\[1\]\.name: 'A' appears twice"),
    (lambda: Config(dice_cap=True), r"config: dice_cap: expected a whole number, not a bool "
                                    r"\(got True\)"),
    (lambda: Config(tiles=("Hub",)), r"config: tiles\[0\]: expected a TileSpec, got str"),
    (lambda: Components(tiles=1), r"components: tiles: expected True or False"),
])
def test_l7_errors_data_records_name_the_bad_field(make, message: str) -> None:  # noqa: ANN001
    with pytest.raises(ConfigError, match=message):
        make()


def test_l7_errors_config_json_names_the_path() -> None:
    with pytest.raises(FormatError, match=r"^characters\[0\]\.strength: expected a whole number, "
                                          r"not a bool \(got True\)"):
        config_from_json('{"characters": [{"name": "Leo", "strength": true}]}')
    with pytest.raises(FormatError, match=r"^weather: unknown field"):
        config_from_json('{"weather": 1}')
    with pytest.raises(FormatError, match=r"^events: expected a list"):
        config_from_json('{"events": {}}')
    with pytest.raises(FormatError, match=r"^dice_cap: 1 to 12 \(got 20\)"):
        config_from_json('{"dice_cap": 20}')
    with pytest.raises(FormatError, match="not valid JSON"):
        config_from_json("{")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"characters": {"Zed": {}}}, r"characters\['Zed'\]: not a character of this match"),
    ({"characters": {"Leo": {"fear": True}}}, r"characters\['Leo'\]\.fear: expected a whole "
                                              r"number, not a bool"),
    ({"characters": {"Leo": {"fear": 0}}}, r"characters\['Leo'\]\.fear: 1 to 8 \(got 0\)"),
    ({"characters": {"Leo": {"tile": "Armory"}}}, r"characters\['Leo'\]\.tile: tile 'Armory' "
                                                  "is not on the map"),
    ({"characters": {"Leo": {"mood": 1}}}, r"characters\['Leo'\]\.mood: unknown field"),
    ({"characters": {"Leo": {"items": "Pistol"}}}, r"items: expected a list of item names"),
    ({"characters": {"Leo": {"items": ["Laser"]}}}, r"items\[0\]: unknown item 'Laser'"),
    ({"characters": {"Leo": {"fear": 2, "terror": 3}}}, r"fear 2 is below terror 3"),
    ({"characters": {"Leo": {"fear": 8, "terror": 8}}}, r"terror 8 is a heart attack"),
    ({"characters": {"Leo": {"down": 1}}}, r"characters\['Leo'\]\.down: expected True or False "
                                           r"\(got 1\)"),
    ({"characters": {"Leo": {"items": ["Pistol", "Pistol", "Pistol"]}}},
     r"more Pistol cards carried than the deck holds \(2\)"),
    ({"enemies": {"warrior#9": "Hub"}}, r"enemies\['warrior#9'\]: no such figure"),
    ({"enemies": {"rogue#1": ("Hub", 2)}}, r"power: only blasters hold power tokens"),
    ({"enemies": {"blaster#1": ("Hub", True)}}, r"enemies\['blaster#1'\]\.power: expected a "
                                                r"whole number, not a bool \(got True\)"),
    ({"tiles": [("Armory", 0, 0, 0, 0)]}, r"tiles: .*overlaps"),
    ({"tiles": [("Hub", 0, 5, 5, 0)]}, r"tiles\[0\]: 'Hub' is in no stack"),
    ({"tiles": [("Armory", 0, 5, 5, 4)]}, r"tiles\[0\]\.rotation: 0 to 3 \(got 4\)"),
    ({"tiles": "Armory"}, r"tiles: expected a list"),
    ({"cronos": "Moon"}, r"cronos: tile 'Moon' is not on the map"),
    ({"locked": [Door(0, 5, 5, "N")]}, r"locked: .* is not a joined door"),
    ({"barricades": {Door(0, 0, 0, "E"): 3}}, r"barricades\[.*\]: 1 to 2 \(got 3\)"),
    ({"clouds": [("Hub", "smoke")]}, r"clouds\[0\]: expected \(tile, 'gas' or 'extinguisher'\)"),
    ({"step": "dance"}, r"step: one of move, action, events, enemies"),
    ({"tasks": ("cronos",)}, r"tasks: only with step='enemies'"),
    ({"step": "enemies", "tasks": ("nap",)}, r"tasks\[0\]: 'nap' is not one of"),
    ({"step": "enemies", "tasks": ("activate:guard#1",)}, r"no enemy 'guard#1' in play"),
    ({"event": "Doom"}, r"event: unknown event card 'Doom'"),
    ({"round": 11}, r"round: 1 to 10 \(got 11\)"),
    ({"active": "Ava"}, r"active: 'Ava' is not a character of this match"),
    ({"moves": 3}, r"moves: 0 to 2 \(got 3\)"),
])
def test_l7_errors_position_names_the_bad_field(kwargs: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        position(**kwargs)


def test_l7_errors_illegal_choices_leave_the_match_unchanged() -> None:
    m = new_match(players=2, seed=3)
    before = m.state
    for bad in (Move(2), Attack("cronos"), Move(1, "bullrush")):
        with pytest.raises(IllegalAction) as err:
            m.push(bad)
        assert err.value.rule is not None and err.value.rule.id == "L7-R7"
        assert m.state is before and m.ply == 0
    with pytest.raises(IllegalAction, match=r"Move\.to: expected a whole number, not a bool "
                                            r"\(got True\)"):
        Move(True)                                      # a bool is not a tile index
    with pytest.raises(IllegalAction, match=r"Move\.escape: one of"):
        Move(1, "fly")
    with pytest.raises(IllegalAction, match=r"Roll\.speed: at least 0 \(got -1\)"):
        Roll(speed=-1)
    while m.to_move is not CHANCE:
        m.push(m.legal()[-1])
    chance_state = m.state
    with pytest.raises(IllegalAction, match="is not a legal outcome"):
        m.push(Move(1))
    assert m.state is chance_state


def test_l7_errors_saved_files_name_the_bad_field() -> None:
    m = play(players=2, seed=2)
    data = json.loads(m.to_json())
    i = next(i for i, c in enumerate(data["choices"]) if c["type"] == "Move")
    data["choices"][i]["to"] = "north"
    with pytest.raises(FormatError, match=rf"^choices\[{i}\]\.to: expected a whole number, got a "
                                          rf"str \(got 'north'\)"):
        load_match(json.dumps(data))
    data["choices"][i]["to"] = 99
    with pytest.raises(FormatError, match=rf"^choices\[{i}\]: .*not a legal choice"):
        load_match(json.dumps(data))
    data = json.loads(m.to_json())
    data["setup"]["players"] = 7
    with pytest.raises(FormatError, match=r"^setup.players: 1 to 4 \(L7-R33\) \(got 7\)"):
        load_match(json.dumps(data))
    pos = json.loads(save_position(m.state))
    pos["state"]["chars"][0]["fear"] = 0
    with pytest.raises(FormatError, match=r"^state: chars\[0\]\.fear: 1 to 8 \(fear, "
                                          r"L7-terror-floor\) \(got 0\)"):
        load_position(json.dumps(pos))
    assert load_position(save_position(m.state)) == m.state


def test_l7_errors_unknown_players_options_and_agents() -> None:
    s = new_match(players=2).state
    with pytest.raises(ArgumentError, match="player: not a seat of this match; one of Leo, "
                                            "Cody"):
        observe(s, "Ava")
    with pytest.raises(ConfigError, match="option scenario: '14' is not one of sandbox, 9"):
        GAME.start(seed=1, scenario="14")
    with pytest.raises(ConfigError, match="option scenario: expected a string, got 12"):
        GAME.start(seed=1, scenario=12)
    with pytest.raises(ConfigError, match="option mode: 'expert' is not one of easy, normal"):
        GAME.start(seed=1, scenario="12", mode="expert")
    with pytest.raises(ConfigError, match="has no agent kind 'smart'"):
        GAME.play(seed=1, agents="smart")
    with pytest.raises(BoardlabError):
        GAME.start(seed=1, players=True)
