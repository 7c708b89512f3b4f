"""``explain=True`` cites the chance outcomes and the events that make the difference,
in the narration's words with their rule ids (issue 30): the exact reason lines of one
position per game (the positions of tests/advice/test_known_best.py).
"""

from __future__ import annotations

from boardlab import mall_of_horror as moh
from boardlab.advice import advise
from tests.advice.test_known_best import SLOW, _at

BUDGET = {"seconds": SLOW, "matches": 0}


def test_mall_of_horror_reasons_cite_the_feast_and_the_extra_zombie() -> None:
    state = moh.position(players=3, characters={3: ["red pinup"], 5: ["yellow toughguy"],
                                                6: ["blue gunman"]},
                         zombies={3: 4, 4: 4, 5: 4, 6: 4}, phase="d", chief="red",
                         chief_elected=True, roll=(3, 4, 5, 6))
    advice = advise(moh.new_match(start=state, seed=1), budget=BUDGET, explain=True)
    assert advice.reasons == (
        "choose destination 1: red's score at the horizon is 0 with chance 21/32, "
        "7 with chance 11/32",
        "choose destination 6 (the next best): 0 with chance 25/32, 7 with chance 7/32",
        "a score of 0 is less likely by 1/8 with choose destination 1",
        "a score of 7 is more likely by 1/8 with choose destination 1",
        "what happens by the horizon, with choose destination 1 against choose "
        "destination 6:",
        "1 Shop 1 has the most Pin-Ups (1): one extra zombie arrives  (MoH-f-extra): "
        "chance 1 against 0",
        "6 Supermarket has the most Pin-Ups (1): one extra zombie arrives  "
        "(MoH-f-extra): chance 0 against 1",
        "The zombies eat red's Pin-Up at 6 Supermarket  (MoH-f): chance 0 against 25/32",
        "red is chosen at 6 Supermarket  (MoH-f): chance 0 against 25/32",
        "5 zombies wait in front of the empty 6 Supermarket  (MoH-f): chance 3/4 "
        "against 0",
    )


def test_breakout_reasons_cite_the_stars_scored() -> None:
    advice = advise(_at("lockup-breakout", 0, 47), horizon=3, budget=BUDGET, explain=True)
    assert advice.reasons == (
        "take it: blue's score at the horizon is 3 with chance 1",
        "decline (the next best): 0 with chance 1",
        "a score of 0 is less likely by 1 with take it",
        "a score of 3 is more likely by 1 with take it",
        "what happens by the horizon, with take it against decline:",
        "blue declines 3 stars at 6 Warden's Office  (LB-R8): chance 0 against 1",
        "blue scores 3 stars at 6 Warden's Office  (LB-R8): chance 1 against 0",
    )


def test_level7_reasons_cite_chance_outcomes_and_events() -> None:
    advice = advise(_at("level7-lockdown", 0, 115), horizon=2, budget=BUDGET, explain=True)
    assert advice.reasons == (
        "move to tile 11: Cody's score at the horizon is 1 with chance 1",
        "fall down (the next best): 0 with chance 1",
        "a score of 0 is less likely by 1 with move to tile 11",
        "a score of 1 is more likely by 1 with move to tile 11",
        "what happens by the horizon, with move to tile 11 against fall down:",
        "a chance outcome: Dr. Cronos stands with a character: the lockdown pool "
        "empties  (L7-SB-cronos): chance 1 against 0",
        "a chance outcome: rogue clone 1 moves from Hub to Storage Bay, toward Leo  "
        "(L7-R10): chance 5/11 against 0",
        "Cody drops to the floor  (L7-fall): chance 0 against 1",
        "Cody is out of play: the rest of the turn runs without them  (L7-R87): "
        "chance 1 against 0",
    )
