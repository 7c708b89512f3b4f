"""Bad input is refused from the start, hidden information stays hidden (LB-R37), and
every rule id has a test named after it."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from boardlab import lockup_breakout as lb
from boardlab.core.engine import CHANCE
from boardlab.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoardlabError,
    ConfigError,
    FormatError,
    IllegalAction,
)
from boardlab.lockup_breakout.game import illegal_candidates

from .conftest import start

HERE = Path(__file__).resolve().parent


# -- hidden information -------------------------------------------------------------------
def _states_with_secrets(count: int, seed: int = 0):
    """Random states (random matches stopped at random plies) where some player has at
    least two face-down tokens of different kinds."""
    rng = random.Random(seed)
    found = []
    match_seed = 0
    while len(found) < count:
        players = rng.choice((2, 3, 4, 5))
        m = lb.new_match(players, seed=match_seed)
        match_seed += 1
        agent = lb.RandomAgent(match_seed)
        while not m.is_over and len(found) < count:
            s = m.state
            for c in s.setup.colours:
                toks = {tok for entries in s.crews for p, tok, fd in entries if fd and p == c}
                if len(toks) >= 2 and rng.random() < 0.3:
                    found.append((s, c))
                    break
            if m.to_move is CHANCE:
                m.roll()
            else:
                m.push(agent.choose(None, m.legal()))
    return found


def _permute(state: lb.State, owner: str, rng: random.Random) -> lb.State:
    """``owner``'s face-down tokens shuffled among the places they lie."""
    places = [(loc, i) for loc, entries in enumerate(state.crews)
              for i, (c, _, fd) in enumerate(entries) if fd and c == owner]
    tokens = [state.crews[loc][i][1] for loc, i in places]
    rng.shuffle(tokens)
    crews = [list(e) for e in state.crews]
    for (loc, i), tok in zip(places, tokens, strict=True):
        crews[loc][i] = (owner, tok, True)
    return state._replace(crews=tuple(tuple(sorted(e)) for e in crews))


def test_lb_R37_permuting_an_opponents_face_down_tokens_leaves_the_view_unchanged() -> None:
    rng = random.Random(7)
    changed = 0
    states = _states_with_secrets(1000)
    assert len(states) == 1000
    for state, owner in states:
        other = _permute(state, owner, rng)
        assert lb.RULES.invariants(other) == []
        for viewer in state.setup.colours:
            if viewer != owner:
                assert lb.observe(other, viewer) == lb.observe(state, viewer)
        if other != state:
            changed += 1
            assert lb.observe(other, owner) != lb.observe(state, owner)   # not vacuous
    assert changed > 500


def test_lb_R37_tomes_unlooked_stacks_and_guard_cards_are_hidden() -> None:
    m = start(players=3, phase="lightsout", tunnels={1: "single"}, crews={1: ["red seeker"]},
              tomes={"blue": ["Tome of Might"]}, stacks={"Stair": ["Cache", "Scroll", "Bribe"]})
    m.push(lb.Decline())
    m.push(lb.Step("Stair"))
    red, blue = lb.observe(m.state, "red"), lb.observe(m.state, "blue")
    assert red.stacks[0] == ("Bribe", "Cache", "Scroll") and blue.stacks[0] is None
    assert blue.my_tomes == ("Tome of Might",) and red.my_tomes == ()
    assert red.tome_counts == (0, 1, 0)
    # Public: holding cells, kept loot, resources, stars, lanterns.
    assert red.hands == blue.hands and red.lanterns == blue.lanterns
    with pytest.raises(ArgumentError, match="player: not a colour of this match"):
        lb.observe(m.state, "guards")


# -- bad input ---------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [0, 6, True, 3.0, "4", None])
def test_setup_refuses_bad_player_counts(bad) -> None:
    with pytest.raises(ConfigError, match="players"):
        lb.Setup(players=bad)
    if bad is None:  # new_match's default: the game's own number of players
        assert lb.new_match(bad).setup.players == 4
        return
    # The front door's policy: a wrong type is an ArgumentTypeError, a bad count the
    # setup's ConfigError citing LB-R5.
    error = ConfigError if type(bad) is int else ArgumentTypeError
    with pytest.raises(error, match="players"):
        lb.new_match(bad)


def test_setup_refuses_bad_difficulties_and_configs() -> None:
    with pytest.raises(ConfigError, match="difficulty: unknown difficulty 'purple'"):
        lb.Setup(players=1, difficulty="purple")
    with pytest.raises(ConfigError, match="difficulty: the solitary game needs"):
        lb.Setup(players=1)
    with pytest.raises(ConfigError, match="only the solitary game"):
        lb.Setup(players=3, difficulty="red")
    with pytest.raises(ConfigError, match="difficulty: expected"):
        lb.Setup(players=1, difficulty=3)
    with pytest.raises(ConfigError, match="config: expected a Config"):
        lb.Setup(players=2, config={"colours": []})
    with pytest.raises(ArgumentTypeError, match="difficulty: expected a string"):
        lb.new_match(1, difficulty=2)
    assert lb.new_match(1, difficulty="hard").setup.difficulty == "red"
    assert lb.new_match(1).setup.difficulty == "yellow"
    with pytest.raises(ArgumentTypeError, match="seed"):
        lb.new_match(2, seed=True)
    with pytest.raises(ArgumentTypeError, match="start: expected a Lockup: Breakout position"):
        lb.new_match(2, start="state")
    with pytest.raises(ConfigError, match="setup: expected a Setup"):
        lb.RULES.initial({"players": 2})


@pytest.mark.parametrize("kwargs, message", [
    ({"colours": ("red", "red", "blue", "green", "pink")}, "colours: five different"),
    ({"colours": ("red", "blue", "green", "yellow", "guards")}, r"colours\[4\]"),
    ({"crew_strengths": (1, 2, 2, 3, 3, False)}, r"crew_strengths\[5\]: expected a whole number, "
                                                 r"not a bool"),
    ({"resources": ("a", "a")}, "resources: distinct"),
    ({"start_resources": (1, 1, 1)}, "start_resources: one starting amount"),
    ({"start_resources": (1, 1, 1, -1)}, r"start_resources\[3\]: 0 to 1000 \(LIMITS\.number\) "
                                         r"\(got -1\)"),
    ({"valuables": ("gem", "coin")}, "valuables: the barrel"),
    ({"goal_stars": (6,)}, "goal_stars"),
    ({"goals_drawn": 9}, "goals_drawn"),
    ({"display_size": 0}, r"display_size: 1 to 12 \(LIMITS\.display\) \(got 0\)"),
    ({"loot": (lb.LootToken("X", "advance", count=3),)}, "loot: 5 loot stacks"),
    ({"guard_blue": ()}, "guard_blue: needs at least 1"),
    ({"goon_set_types": ("dwarf", "ratman", "fungoid")}, r"goon_set_types\[2\]"),
    ({"goon_set_types": ("dwarf",)}, "ratman must be a set type"),
])
def test_config_refuses_bad_fields_naming_them(kwargs, message) -> None:
    with pytest.raises(ConfigError, match=message):
        lb.Config(**kwargs)


def test_records_refuse_bad_values_naming_them() -> None:
    with pytest.raises(ConfigError, match="kind: unknown reward 'gift'"):
        lb.Reward("gift")
    with pytest.raises(ConfigError, match="amount: a stars reward needs"):
        lb.Reward("stars")
    with pytest.raises(ConfigError, match=r"ranks\[0\]\[0\]\.kind: only locations 2–6"):
        lb.Location(1, "X", ((lb.Reward("recruit"),),))
    with pytest.raises(ConfigError,
                       match=r"cost\[0\]\[1\]: 1 to 1000 \(LIMITS\.number\) \(got 0\)"):
        lb.Item("X", (("iron", 0),), 1, "tool")
    with pytest.raises(ConfigError, match="seeker: a strength-0 guard card"):
        lb.GuardCard("g", 0, seeker=True)
    with pytest.raises(ConfigError, match="cards: a difficulty adds exactly 6"):
        lb.GuardLevel("pink", (lb.GuardCard("p", 1, count=5),))
    with pytest.raises(ConfigError, match="item_type"):
        lb.Goal("T", "items")
    with pytest.raises(ConfigError, match="reward: a legend card needs"):
        lb.LegendCard("L")
    with pytest.raises(ConfigError, match="effect: unknown loot effect"):
        lb.LootToken("L", "teleport")
    with pytest.raises(ConfigError, match="stars: expected a whole number, got a float"):
        lb.Space("X", 1.5, 0)
    with pytest.raises(ConfigError, match=r"cost\[0\]: expected \[resource, amount\]"):
        lb.Path("A", "B", ("iron",))


@pytest.mark.parametrize("kwargs, message", [
    ({"crews": {1: ["red 3", "red 3", "red 3"]}}, "red has only 2 token"),
    ({"crews": {1: ["pink 3"]}}, r"crews\[1\]: unknown colour 'pink'"),
    ({"crews": {1: ["red 7"]}}, r"crews\[1\]: unknown token '7'"),
    ({"crews": {1: [3]}}, r"crews\[1\]: a token is written"),
    ({"crews": {1: "red 3"}}, r"crews\[1\]: expected a list"),
    ({"crews": {1: ["red 1*", "red 2*", "red 3*"]}}, "allowance is 2"),
    ({"tunnels": {1: "triple"}}, r"tunnels\[1\]: 'single' or 'double'"),
    ({"tunnels": {1: "double", 2: "double"}}, "tunnels: the set"),
    ({"tunnels": {9: "single"}}, "tunnels: unknown location 9"),
    ({"lanterns": {"red": "Moon"}}, r"lanterns\[red\]: unknown space"),
    ({"lanterns": {"pink": "Stair"}}, r"lanterns \(a key\): not a side of this match; one of "
                                      r"red, blue, green \(got 'pink'\)"),
    ({"lanterns": {"red": "ESCAPED"}}, "needs its escape round"),
    ({"resources": {"red": {"iron": -1}}}, r"resources\[red\]\[iron\]"),
    ({"resources": {"red": {"iron": True}}}, r"resources\[red\]\[iron\]"),
    ({"resources": {"red": {"wood": 1}}}, "unknown resource 'wood'"),
    ({"stars": {"red": "5"}}, r"stars\[red\]"),
    ({"items": {"red": ["Crown"]}}, r"items\[red\]: unknown name 'Crown'"),
    ({"items": {"red": ["Crowbar"]}, "display": ["Crowbar"]}, "'Crowbar' is in two places"),
    ({"goon_spaces": {7: "Imp"}}, "goon_spaces: unknown goon space 7"),
    ({"goons": {"red": ["Golem"] * 3}}, "3 Golem cards in play"),
    ({"stacks": {"Ossuary": ["Cache"]}}, "'Ossuary' is not a loot space"),
    ({"stacks": {"Stair": ["Cache"] * 4}}, "at most 3 tokens"),
    ({"legend": "Nobody"}, "legend: unknown legend card"),
    ({"phase": "dawn"}, "phase: one of"),
    ({"round": 0}, "round: an integer 1–6"),
    ({"round": True}, "round: an integer 1–6"),
    ({"first": "pink"}, "first: unknown player"),
    ({"turn": "pink"}, "turn: unknown player"),
    ({"escaped": {"red": 5}, "round": 3}, r"escaped\[red\]"),
    ({"phase": "patrol", "crews": {1: ["red 3"]}}, "no token is out during patrol"),
])
def test_position_refuses_bad_descriptions_naming_them(kwargs, message) -> None:
    kwargs = {"players": 3, **kwargs}
    with pytest.raises(ConfigError, match=message):
        lb.position(**kwargs)


def test_illegal_choices_are_refused_naming_a_rule_and_change_nothing() -> None:
    rng = random.Random(3)
    tried = 0
    for seed in range(12):
        players = (1, 2, 3, 4, 5)[seed % 5]
        m = lb.new_match(players, seed=seed)
        agent = lb.RandomAgent(seed)
        while not m.is_over:
            if rng.random() < 0.15:
                legal = set(m.legal())
                for bad in illegal_candidates(m.state, rng):
                    if bad in legal:
                        continue
                    before, ply, n = m.state, m.ply, len(m.events)
                    with pytest.raises(IllegalAction) as err:
                        m.push(bad)
                    assert err.value.rule is not None and err.value.rule.id in str(err.value)
                    assert m.state is before and m.ply == ply and len(m.events) == n
                    tried += 1
            if m.to_move is CHANCE:
                m.roll()
            else:
                m.push(agent.choose(None, m.legal()))
    assert tried > 500
    with pytest.raises(IllegalAction, match="the match is over"):
        m.push(lb.Pass())


def test_saved_matches_and_positions_refuse_bad_fields() -> None:
    m = lb.play(players=2, seed=4)
    data = json.loads(m.to_json())
    assert lb.load_match(json.dumps(data)).state == m.state
    bad = json.loads(json.dumps(data))
    bad["choices"][40] = {"type": "Assign", "token": "9", "location": 1, "face_down": False}
    with pytest.raises(FormatError, match=r"choices\[40\]"):
        lb.load_match(bad)
    bad = json.loads(json.dumps(data))
    bad["setup"]["players"] = 7
    with pytest.raises(FormatError, match="setup"):
        lb.load_match(bad)
    bad = json.loads(json.dumps(data))
    bad["choices"][3] = {"type": "Teleport"}
    with pytest.raises(FormatError, match=r"choices\[3\]\.type: unknown kind"):
        lb.load_match(bad)
    text = lb.save_position(m.state)
    assert lb.load_position(text) == m.state
    pos = json.loads(text)
    pos["state"]["resources"][0][0] = -3
    with pytest.raises(FormatError, match=r"^state: resources\[0\]\[0\]: bad resources for red: "
                                          r"-3 \(0 to "):
        lb.load_position(pos)
    pos = json.loads(text)
    pos["state"]["round"] = "six"
    with pytest.raises(FormatError, match=r"state\.round: expected a whole number, got a str "
                                          r"\(got 'six'\)"):
        lb.load_position(pos)


# -- every rule has a test ----------------------------------------------------------------
def _test_names() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def test_lb_rulebook_every_rule_id_has_a_test_named_after_it() -> None:
    names = _test_names()
    missing = []
    for ref in lb.BOOK:
        stem = "test_lb_" + ref.id.removeprefix("LB-").replace("-", "_")
        if not any(n == stem or n.startswith(stem + "_") for n in names):
            missing.append(ref.id)
    assert missing == []
    assert len(lb.BOOK) == 104
    assert [r.id for r in lb.BOOK if r.kind == "ruling"] == [f"LB-R{i}" for i in range(1, 46)]


def test_every_event_cites_a_rule_of_the_book() -> None:
    for players in (1, 2, 5):
        m = lb.play(players=players, seed=players, difficulty="red" if players == 1 else None)
        assert {e.rule.id for e in m.events} <= {r.id for r in lb.BOOK}
        assert all(e.rule is lb.BOOK[e.rule.id] for e in m.events)


@pytest.mark.parametrize("name", ["tunnels", "crews", "goon_spaces", "stacks", "lanterns",
                                  "resources", "items", "legend_tokens"])
def test_position_refuses_a_list_where_a_mapping_is_expected(name) -> None:
    with pytest.raises(ConfigError, match=f"{name}: expected a mapping"):
        lb.position(players=2, **{name: [1, 2]})


@pytest.mark.parametrize("call", [lb.final_scores, lb.winners, lb.save_position,
                                  lambda s: lb.observe(s, "red")])
@pytest.mark.parametrize("bad", [5, None, "state", {"round": 1}])
def test_functions_of_a_state_refuse_anything_else_naming_it(call, bad) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^state: expected a Lockup: Breakout "
                                                r"position \(lb.State"):
        call(bad)


def test_play_refuses_bad_agents_naming_them() -> None:
    with pytest.raises(ArgumentTypeError, match="^agents: expected an agent kind"):
        lb.play(players=2, agents=5, seed=0)
    with pytest.raises(ArgumentError, match="^agents: no agent for blue: every colour"):
        lb.play(players=2, agents={"red": lb.RandomAgent(1)}, seed=0)
    with pytest.raises(ArgumentError, match="^agents: not a colour of this match"):
        lb.play(players=1, agents={"red": lb.RandomAgent(1), "guards": lb.RandomAgent(2)},
                seed=0)
    with pytest.raises(ArgumentTypeError, match=r"^agents\['blue'\]: an agent has a "
                                                r"choose.*\(got 7\)"):
        lb.play(players=2, agents={"red": lb.RandomAgent(1), "blue": 7}, seed=0)
    with pytest.raises(ArgumentTypeError, match=r"^agents\['red'\]: an agent has a choose"):
        lb.play(players=2, agents=lambda colour: "random", seed=0)
    # Well-formed tables still play, as a mapping or as a function of the colour.
    a = lb.play(players=2, seed=3, agents={c: lb.RandomAgent(i) for i, c in
                                            enumerate(("red", "blue"))})
    b = lb.play(players=2, seed=3, agents=lambda c: lb.RandomAgent(("red", "blue").index(c)))
    assert a.is_over and a.state == b.state


def test_a_huge_bad_value_is_shown_cut_short_in_the_message() -> None:
    for call in (lambda: lb.new_match("x" * 10**6),
                 lambda: lb.position(players=3, lanterns={"red": "y" * 10**6}),
                 lambda: lb.position(players=3, crews={1: ["red 2"] * 10**5})):
        with pytest.raises(BoardlabError) as err:
            call()
        assert len(str(err.value)) < 400


@pytest.mark.parametrize("bad", [0, 6, True, "3", None, [3], 2.0])
def test_tunnel_outcomes_refuses_bad_player_counts(bad) -> None:
    with pytest.raises(ConfigError, match=r"^players: 1 \(solitary\) to 5 players, got .*LB-R5"):
        lb.tunnel_outcomes(bad)


@pytest.mark.parametrize("bad", [0, 7, True, "4", None, 4.0])
def test_escape_stars_refuses_rounds_outside_one_to_six(bad) -> None:
    with pytest.raises(ConfigError, match=r"^round: an integer 1–6, got .*\(LB-escape\)"):
        lb.escape_stars(bad)


@pytest.mark.parametrize("bad", ["a", True, float("nan"), float("inf"), None])
def test_space_coordinates_are_finite_numbers(bad) -> None:
    with pytest.raises(ConfigError, match=r"^y: expected a finite number"):
        lb.Space("Crypt", 3, 2, y=bad)
    assert lb.Space("Crypt", 3, 2, x=1, y=2.5).y == 2.5
