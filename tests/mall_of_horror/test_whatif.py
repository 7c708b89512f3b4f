"""What-ifs in one call: ``moh.play(start=...)``, ``moh.win_odds``, ``moh.compare_win_odds``.

The estimates are checked against the exact answer (every vote and tie-break of a short
ending enumerated, with the probabilities random players give them), against matches
played one by one with ``moh.play(start=...)``, and against the experiment statistics
they reuse; bad arguments are refused with errors that name them.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.agents import RandomAgent
from boardlab.core.engine import CHANCE
from boardlab.core.errors import ArgumentError, ArgumentTypeError, BoardlabError
from boardlab.core.simulate import agent_table, play_out
from boardlab.experiment.stats import paired_interval, wilson
from boardlab.experiment.whatif import MAX_MATCHES, WinOdds
from boardlab.mall_of_horror.config import Config
from boardlab.mall_of_horror.rules import RULES
from boardlab.mall_of_horror.state import State


def last_vote() -> State:
    """Round 3, phase f: 4 zombies (2 + the two extra ones) break into the Supermarket,
    where red's and blue's Pin-Ups and yellow's Tough Guy stand; whoever the vote (and
    any second vote or random sacrifice) picks is eaten, the fourth survivor ends the
    game. Red's Gunman and blue's Tough Guy are safe elsewhere."""
    return moh.position(players=3, characters={
        6: ["red pinup", "blue pinup", "yellow toughguy"], 5: ["red gunman"],
        3: ["blue toughguy"]}, zombies={6: 2}, phase="f", round=3)


CHARS = {6: ["red pinup", "blue toughguy", "yellow gunman"],
         1: ["red toughguy", "yellow girl"], 3: ["blue pinup", "blue girl"],
         5: ["yellow toughguy", "red gunman"]}


def supermarket() -> State:
    return moh.position(players=3, characters=CHARS, zombies={6: 2}, phase="c")


def exact_win_chances(state: State) -> dict[str, Fraction]:
    """Each colour's exact chance to win when every decision is uniform among the legal
    choices (what RandomAgent does) and chance follows the rules' outcome table."""
    colours = state.setup.colours

    @cache
    def value(s: State) -> tuple[Fraction, ...]:
        mover = RULES.to_move(s)
        if mover is None:
            won = moh.winners(s)
            return tuple(Fraction(int(c in won)) for c in colours)
        if mover is CHANCE:
            branches = [(p, RULES.step(s, o)[0]) for o, p in RULES.outcomes(s)]
        else:
            legal = RULES.legal(s)
            branches = [(Fraction(1, len(legal)), RULES.step(s, c)[0]) for c in legal]
        total = [Fraction(0)] * len(colours)
        for p, nxt in branches:
            total = [t + p * v for t, v in zip(total, value(nxt), strict=True)]
        return tuple(total)

    return dict(zip(colours, value(state), strict=True))


# -- the estimate against the exact answer ------------------------------------------------------
def test_the_exact_chances_of_the_last_vote_by_enumeration() -> None:
    # Red loses the vote: red keeps 3 points, blue 12 wins. Blue loses: red 10 wins.
    # Yellow loses: blue wins. Each voter picks one of the three colours at random, and
    # ties go to a second vote and then a random sacrifice; the enumeration says 1/3 : 2/3.
    assert exact_win_chances(last_vote()) == {"yellow": 0, "red": Fraction(1, 3),
                                              "blue": Fraction(2, 3)}


def test_win_odds_brackets_the_exact_chances() -> None:
    exact = exact_win_chances(last_vote())
    odds = moh.win_odds(last_vote(), matches=400, seed=0)
    assert [(r.colour, r.wins) for r in odds] == [("yellow", 0), ("red", 125), ("blue", 275)]
    for row in odds:
        assert row.low <= exact[row.colour] <= row.high, row
        assert row.rate == Fraction(row.wins, 400)
        assert (row.low, row.high) == wilson(row.wins, 400)
        assert row.matches == 400 and row.agent == "random" and row.shared == 0
    assert odds.mean_rounds == 3 and odds.matches == 400 and odds.seeds == range(400)


def test_win_odds_counts_the_matches_moh_play_plays_from_the_position() -> None:
    here = supermarket()
    odds = moh.win_odds(here, matches=30, seed=7)
    one_by_one = [moh.winners(moh.play(start=here, seed=s).state) for s in range(7, 37)]
    assert list(odds.winners) == one_by_one
    for row in odds:
        assert row.wins == sum(row.colour in w for w in one_by_one)
        assert row.shared == sum(row.colour in w and len(w) > 1 for w in one_by_one)
    assert sum(r.wins - r.shared for r in odds) + sum(len(w) > 1 for w in one_by_one) == 30


def test_the_heuristic_seat_plays_the_same_as_moh_play_with_that_agent() -> None:
    here = supermarket()
    odds = moh.win_odds(here, matches=8, agents={"red": "heuristic"}, seed=3)
    assert [r.agent for r in odds] == ["random", "heuristic", "random"]
    for i, s in enumerate(range(3, 11)):
        agents = agent_table(here.setup.colours, None, s)
        agents["red"] = moh.HeuristicAgent(seed=s)
        played = play_out(moh.new_match(seed=s, start=here), agents)
        assert odds.winners[i] == moh.winners(played.state)


def test_the_same_call_gives_the_same_answer_and_leaves_the_position_alone() -> None:
    here = supermarket()
    copy = moh.position(players=3, characters=CHARS, zombies={6: 2}, phase="c")
    first = moh.win_odds(here, matches=25, seed=11)
    assert moh.win_odds(here, matches=25, seed=11) == first
    assert here == copy
    assert moh.win_odds(here, matches=25, seed=12).winners != first.winners


# -- paired comparisons -------------------------------------------------------------------------
def test_compare_win_odds_pairs_the_same_seeds() -> None:
    before = supermarket()
    after = moh.position(players=3, characters=CHARS, zombies={6: 2}, phase="c",
                         hands={"blue": ["hardware", "weapon2", "threat"]})
    change = moh.compare_win_odds(before, after, matches=60, seed=4)
    assert change.baseline == moh.win_odds(before, matches=60, seed=4)
    assert change.other == moh.win_odds(after, matches=60, seed=4)
    for d, a, b in zip(change, change.baseline, change.other, strict=True):
        per_seed = [int(d.colour in w2) - int(d.colour in w1)
                    for w1, w2 in zip(change.baseline.winners, change.other.winners,
                                      strict=True)]
        assert (d.mean, d.low, d.high) == paired_interval(per_seed)
        assert d.mean == b.rate - a.rate
        assert (d.baseline_rate, d.other_rate) == (a.rate, b.rate)
        assert d.changed == sum(x != 0 for x in per_seed)
        assert d.clear == (d.low > 0 or d.high < 0)


def test_a_position_compared_with_itself_changes_nothing() -> None:
    here = supermarket()
    change = moh.compare_win_odds(here, here, matches=20, seed=0)
    assert [(d.mean, d.low, d.high, d.changed, d.clear) for d in change] == \
        [(0, 0.0, 0.0, 0, False)] * 3
    assert "cannot tell the positions apart" in str(change)


def test_the_known_difference_of_three_cards_in_blues_hand() -> None:
    before = supermarket()
    after = moh.position(players=3, characters=CHARS, zombies={6: 2}, phase="c",
                         hands={"blue": ["hardware", "weapon2", "threat"]})
    change = moh.compare_win_odds(before, after, matches=200, seed=0)
    assert change["blue"].mean == Fraction(21, 200) and change["blue"].clear
    assert "The interval leaves out 0 for: blue" in str(change)


# -- what the answers look like -----------------------------------------------------------------
def test_win_odds_text_and_html_show_the_counts_and_intervals() -> None:
    odds = moh.win_odds(last_vote(), matches=400, seed=0)
    text = str(odds)
    assert text.splitlines()[0] == ("Win odds from round 3, phase f: 400 matches "
                                    "(seeds 0–399), every seat plays 'random'")
    assert "  blue    random      275  68.8%  64.0%–73.1%" in text
    assert repr(odds) == "<WinOdds 400 matches: yellow 0/400, red 125/400, blue 275/400>"
    html = odds._repr_html_()
    assert "275 of 400" in html and "64.0% – 73.1%" in html and "Wilson" in html
    assert odds["red"] is odds.colours[1]


def test_a_colour_that_is_not_playing_is_refused_by_name() -> None:
    odds = moh.win_odds(last_vote(), matches=3, seed=0)
    with pytest.raises(ArgumentError, match="colour: not a colour of this position "
                                            r"\(yellow, red, blue\) \(got 'green'\)"):
        odds["green"]


# -- bad arguments ------------------------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"matches": True}, ArgumentTypeError, "win_odds matches: expected a whole number"),
    ({"matches": 10.0}, ArgumentTypeError, "win_odds matches: expected a whole number"),
    ({"matches": 0}, ArgumentError, "win_odds matches: at least 1 match"),
    ({"matches": MAX_MATCHES + 1}, ArgumentError, f"at most {MAX_MATCHES}"),
    ({"seed": False}, ArgumentTypeError, "win_odds seed: expected a whole number"),
    ({"seed": "1"}, ArgumentTypeError, "win_odds seed"),
    ({"agents": "clever"}, ArgumentError, "win_odds agents: agent kinds are random, heuristic"),
    ({"agents": {"green": "random"}}, ArgumentError, "not a colour of this position"),
    ({"agents": {"red": "clever"}}, ArgumentError, r"win_odds agents\['red'\]: agent kinds"),
    ({"agents": {"red": RandomAgent()}}, ArgumentError, r"agents\['red'\]"),
    ({"agents": ["random"]}, ArgumentTypeError, "win_odds agents: expected an agent kind"),
])
def test_win_odds_refuses_bad_arguments_by_name(kwargs: dict, error: type,
                                                message: str) -> None:
    with pytest.raises(error, match=message):
        moh.win_odds(last_vote(), **{"matches": 2, **kwargs})


def test_win_odds_wants_a_position_not_a_match_or_anything_else() -> None:
    match = moh.new_match(players=3, seed=1)
    with pytest.raises(ArgumentTypeError, match="for a match, pass match.state"):
        moh.win_odds(match, matches=2)
    with pytest.raises(ArgumentTypeError, match="win_odds position: expected a position "
                                                "of a game"):
        moh.win_odds({"players": 3}, matches=2)


def test_compare_win_odds_refuses_positions_of_different_players() -> None:
    four = moh.position(players=4, characters={6: ["red pinup", "blue pinup"],
                                               4: ["yellow gunman", "green gunman"]})
    with pytest.raises(ArgumentError, match="the positions must have the same players"):
        moh.compare_win_odds(last_vote(), four, matches=2)
    with pytest.raises(ArgumentTypeError, match="compare_win_odds other: expected a position"):
        moh.compare_win_odds(last_vote(), None, matches=2)


def test_every_refusal_is_a_boardlab_error_and_a_value_error() -> None:
    with pytest.raises(BoardlabError):
        moh.win_odds(last_vote(), matches=-1)
    with pytest.raises(ValueError):
        moh.win_odds(last_vote(), matches=2, agents="clever")


# -- play(start=...) ----------------------------------------------------------------------------
def test_play_from_a_position_starts_there_and_plays_to_the_end() -> None:
    here = last_vote()
    match = moh.play(start=here, seed=2)
    assert match.root is here and match.is_over
    assert match.seed == 2
    again = moh.new_match(seed=2, start=here)
    play_out(again, agent_table(here.setup.colours, None, 2))
    assert match.choices == again.choices and match.state == again.state


def test_play_from_a_position_with_agents_of_ones_own() -> None:
    here = last_vote()
    agents = {c: RandomAgent(seed=5) for c in here.setup.colours}
    match = moh.play(start=here, agents=agents, seed=9)
    assert match.is_over and isinstance(match, type(moh.new_match(players=3, seed=1)))


def test_play_without_start_is_unchanged() -> None:
    assert moh.play(seed=5).state == moh.play(players=4, seed=5).state
    assert moh.play(3, seed=5).state.setup.players == 3


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    # The front door's errors, the same in every game (tests/test_front_doors.py).
    ({"start": "round 3"}, ArgumentTypeError, "start: expected a moh.State"),
    ({"players": 4}, ArgumentError, "players: the start position has 3 players"),
    ({"config": Config(dice=3)}, ArgumentError, "config: the start position has a "
                                                "configuration of its own"),
    ({"seed": True}, ArgumentTypeError, "seed: a seed is an integer or None"),
    ({"agents": {"red": RandomAgent()}}, ArgumentError, "agents: no agent for yellow, "
                                                        "blue: every colour needs one"),
    ({"agents": {"purple": RandomAgent()}}, ArgumentError, "agents: not a colour"),
    ({"agents": {"yellow": RandomAgent(), "red": RandomAgent(), "blue": "random"}},
     ArgumentTypeError, r"agents\['blue'\]: an agent has a choose"),
    ({"agents": 3}, ArgumentTypeError, "agents: expected an agent kind"),
])
def test_play_from_a_position_refuses_bad_arguments(kwargs: dict, error: type,
                                                    message: str) -> None:
    arguments = {"start": last_vote(), "seed": 1, **kwargs}
    with pytest.raises(error, match=message):
        moh.play(**arguments)


def test_play_from_the_same_players_and_config_as_the_position_is_fine() -> None:
    here = last_vote()
    match = moh.play(3, start=here, config=here.setup.config, seed=1)
    assert match.root is here and match.is_over


def test_win_odds_result_type() -> None:
    assert isinstance(moh.win_odds(last_vote(), matches=1), WinOdds)
