"""Impossible pending procedures (issue 26): every pending kind, damaged field by field.

A saved start whose pending step disagrees with the state — ``pending.chosen='purple'``,
a camera for a player without the card, a deal or a placement roll without its data —
used to load, then fail with ``list.remove`` or leave a player to move with nothing to
choose. Now every pending kind's data is checked against the state
(:mod:`boardlab.mall_of_horror.pending_facts`) and the core's start check asks for a
legal continuation. The probe: real states of each pending kind from seeded matches,
each pending field set to values a file could hold, loaded: each variant is refused
with a boardlab error or loads to a match that plays on soundly.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from functools import cache
from typing import Any

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.engine import CHANCE, position_to_json
from boardlab.core.errors import BoardlabError, ConfigError, FormatError
from boardlab.mall_of_horror.invariants import invariants
from boardlab.mall_of_horror.pending_facts import PHASE_OF, USES, procedure_facts
from boardlab.mall_of_horror.state import PENDING_KINDS, Pending, State


@cache
def by_kind() -> dict[str, tuple[State, ...]]:
    """Up to three real states of every pending kind, from seeded matches of 3–6 players."""
    found: dict[str, list[State]] = defaultdict(list)
    for players in (3, 4, 5, 6):
        for seed in range(8):
            m = moh.play(players=players, seed=seed, agents="heuristic" if seed % 2 else None)
            for s in (*(r.before for r in m.records), m.state):
                if len(found[s.pending.kind]) < 3:
                    found[s.pending.kind].append(s)
    # No match played from the start draws an unseen roll: a phase d) described without
    # its roll does, once the destinations are chosen (MoH-R20).
    for players, characters in ((3, {4: ["red girl"], 6: ["yellow pinup", "blue pinup"]}),
                                (4, {5: ["red pinup"], 1: ["green gunman"]})):
        m = moh.new_match(start=moh.position(players=players, characters=characters,
                                             phase="d"), seed=players)
        while m.state.pending.kind != "unseen_roll":
            m.push(m.legal()[0])
        found["unseen_roll"].append(m.state)
    return {k: tuple(v) for k, v in found.items()}


def test_the_probe_has_every_pending_kind_and_the_checks_know_them() -> None:
    assert set(by_kind()) == set(PENDING_KINDS) == set(USES) == set(PHASE_OF)


def _saved_start(state: State) -> dict[str, Any]:
    """A saved match that starts at ``state`` (no choice after it)."""
    match = moh.new_match(start=next(iter(by_kind()["deal"])), seed=1)
    data: dict[str, Any] = json.loads(match.to_json())
    data["start"] = json.loads(position_to_json(moh.RULES, state))["state"]
    data["setup"] = data["start"]["setup"]
    return data


def _damaged(kind: str, **fields: Any) -> State:
    s = by_kind()[kind][0]
    return s._replace(pending=s.pending._replace(**fields))


#: The issue's examples and their kin: the pending step and what the refusal says.
ISSUE = [
    ("truck_split", dict(chosen="purple"), "pending.chosen: the truck_split step needs a "
                                           "player, got 'purple'"),
    ("pick_victim", dict(chosen="purple"), "pending.chosen: the pick_victim step needs a "
                                           "player, got 'purple'"),
    ("camera", dict(order=("red", "red")), "pending.order: a player is listed twice"),
    ("deal", dict(order=()), "pending.order: the deal gives one card to each player in "
                             "seat order (MoH-setup)"),
    ("place_roll", dict(n=5), "pending.n: the placement number counts the characters "
                              "placed"),
    ("place", dict(dice=()), "pending.dice: a placement follows the roll of two dice"),
    ("truck_draw", dict(n=0), "pending.n: the searcher draws 1 to 3 cards in all"),
    ("window", dict(purpose="truck"), "pending.purpose: a truck vote is held in phase a"),
    ("tiebreak", dict(location=1), "pending.candidates: a tie is broken among two or more "
                                   "players with a character in view at location 1"),
]


@pytest.mark.parametrize(("kind", "fields", "says"), ISSUE,
                         ids=[f"{k}-{next(iter(f))}" for k, f, _ in ISSUE])
def test_the_issue_cases_are_refused_at_every_door(kind: str, fields: dict[str, Any],
                                                   says: str) -> None:
    bad = _damaged(kind, **fields)
    with pytest.raises(ConfigError) as err:
        moh.new_match(start=bad, seed=1)
    assert str(err.value).startswith(f"start: the position is not sound: {says}")
    with pytest.raises(FormatError) as err:
        moh.load_position(position_to_json(moh.RULES, bad))
    assert err.value.path == "state" and err.value.problem.startswith(says)
    with pytest.raises(FormatError) as err:
        moh.load_match(_saved_start(bad))
    assert err.value.path == "start" and err.value.problem.startswith(says)


def test_a_camera_for_a_player_without_the_card_is_refused() -> None:
    s = by_kind()["camera"][0]
    colour = s.pending.order[s.pending.index]
    seat = s.setup.colours.index(colour)
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != "camera")
    deck = list(s.deck)
    deck[1] += len(s.hands[seat]) - len(hands[seat])  # the card back in the deck
    bad = s._replace(hands=tuple(hands), deck=tuple(deck))
    assert procedure_facts(bad) == [
        "pending.order: the players still to decide on the Security Camera hold one, have "
        f"not looked at the roll and have characters (MoH-c); got "
        f"{s.pending.order[s.pending.index:]!r}"]


def test_every_real_state_agrees_with_its_pending_step() -> None:
    """No false refusal: the states of real matches of every pending kind are sound."""
    for states in by_kind().values():
        for s in states:
            assert procedure_facts(s) == [] and invariants(s) == []


#: What a damaged file may put in each pending field.
VALUES: dict[str, list[Any]] = {
    "purpose": ["", "truck", "chief", "sacrifice", "meal"],
    "location": [0, 1, 4, 5, 6, 7],
    "order": [(), ("purple",), ("red",), ("yellow", "red"), ("red", "red")],
    "index": [0, 1, 3, 9],
    "n": [0, 1, 3, 4, 17],
    "dice": [(), (6,), (6, 6), (1, 2, 3)],
    "candidates": [(), ("red",), ("red", "blue"), ("purple", "red")],
    "weights": [(), (("red", 1),), (("red", 2), ("blue", 1))],
    "threats": [(), (("red", 1),)],
    "ballots": [(), (("yellow", "red"),)],
    "second": [True, False],
    "chosen": ["", "purple", "red", "yellow"],
    "drawn": [(), ("threat",), ("camera", "sprint"), ("threat",) * 4],
}


def _variants(s: State) -> list[State]:
    p = s.pending
    out = [s._replace(pending=p._replace(**{f: v})) for f, vs in VALUES.items() for v in vs
           if getattr(p, f) != v]
    for kind in sorted(PENDING_KINDS - {p.kind}):  # another step, with or without data
        out += [s._replace(pending=p._replace(kind=kind)), s._replace(pending=Pending(kind))]
    return out


@pytest.mark.parametrize("kind", sorted(PENDING_KINDS))
def test_every_damaged_pending_step_is_refused_or_plays_on_soundly(kind: str) -> None:
    rng = random.Random(kind)
    refused = 0
    for s in by_kind()[kind][:2]:
        for bad in _variants(s):
            try:
                state = moh.load_position(position_to_json(moh.RULES, bad))
            except BoardlabError:
                refused += 1
                continue
            match = moh.new_match(start=state, seed=rng.randrange(100))
            for _ in range(60):
                if match.is_over:
                    break
                if match.to_move is CHANCE:
                    match.roll()
                else:
                    legal = match.legal()
                    assert legal, (bad.pending, match.ply)
                    match.push(legal[rng.randrange(len(legal))])
                assert invariants(match.state) == [], (bad.pending, match.ply)
    # Some damage is harmless (a turn further on in the same order) and plays on, as
    # checked above; the rest is refused, and every kind has damage that is.
    assert refused > 0
