"""What must hold in every Mall of Horror state (checked by the conformance test).

>>> from boardlab.mall_of_horror import new_match
>>> invariants(new_match(players=4).state)
[]
"""

from __future__ import annotations

from collections import Counter

from boardlab.mall_of_horror.config import CARDS, LOCATIONS, PARKING, SUPERMARKET
from boardlab.mall_of_horror.state import PENDING_KINDS, PHASES, Kind, Phase, State

__all__ = ["PENDING_KINDS", "PHASES", "invariants"]


def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state``, in words (empty when the state is sound)."""
    problems: list[str] = []
    setup, cfg = state.setup, state.setup.config
    colours = setup.colours
    # Characters: each exists once, alive or eaten, at a real, open location.
    alive = [(c, k) for c, k, _ in state.chars]
    everyone = alive + list(state.eaten)
    if len(set(everyone)) != len(everyone):
        problems.append("a character is in two places (alive twice, or alive and eaten)")
    for c, k in everyone:
        if c not in colours or k not in setup.kinds:
            problems.append(f"unknown character {c} {k}")
    if state.phase != Phase.SETUP and state.pending.kind not in (Kind.PLACE, Kind.PLACE_ROLL,
                                                                 Kind.DEAL):
        dealt = len(colours) * len(setup.kinds)
        if len(everyone) != dealt:
            problems.append(f"alive + eaten = {len(everyone)}, but {dealt} characters were dealt")
    if list(state.chars) != sorted(state.chars):
        problems.append("characters are not in canonical order")
    counts = Counter(loc for _, _, loc in state.chars)
    for loc, n in counts.items():
        if loc not in LOCATIONS:
            problems.append(f"a character stands at unknown location {loc}")
            continue
        cap = cfg.capacities[loc - 1]
        if cap is not None and n > cap:
            problems.append(f"location {loc} holds {n} characters, over its capacity {cap}")
        if loc in setup.closed:
            problems.append(f"a character stands at the closed location {loc}")
        if loc in state.sealed:
            problems.append(f"a character stands at the sealed location {loc}")
    # Zombies and sealed locations.
    if len(state.zombies) != 6 or any(z < 0 for z in state.zombies):
        problems.append(f"bad zombie counts {state.zombies}")
    for loc in (*state.sealed, *setup.closed):
        if len(state.zombies) == 6 and state.zombies[loc - 1]:
            problems.append(f"zombies in front of the sealed or closed location {loc}")
    if PARKING in state.sealed or any(s not in LOCATIONS for s in state.sealed):
        problems.append(f"bad sealed locations {state.sealed}")
    # The 21 action cards are all somewhere.
    if len(state.deck) != len(CARDS) or len(state.discard) != len(CARDS):
        problems.append(f"deck and discard need one count per card kind {CARDS}")
        return problems
    seen: Counter[str] = Counter()
    for card, n in zip(CARDS, state.deck, strict=True):
        seen[card] += n
    for card, n in zip(CARDS, state.discard, strict=True):
        seen[card] += n
    for hand in state.hands:
        seen.update(hand)
        if list(hand) != sorted(hand):
            problems.append("a hand is not sorted")
    seen.update(state.bottom)
    seen.update(state.pending.drawn)
    expected = dict(zip(CARDS, cfg.deck(), strict=True))
    if any(n < 0 for n in (*state.deck, *state.discard)):
        problems.append("negative card count")
    if dict(seen) != {c: n for c, n in expected.items() if n} or sum(seen.values()) != 21:
        problems.append(f"the action cards do not add up to the 21 of the box: {dict(seen)}")
    if len(state.hands) != len(colours):
        problems.append("one hand per player expected")
    # Bookkeeping.
    if state.chief not in colours:
        problems.append(f"unknown Chief {state.chief}")
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase}")
    if state.pending.kind not in PENDING_KINDS:
        problems.append(f"unknown pending step {state.pending.kind}")
    if any(n < 0 for n in state.hardware) or state.hardware[PARKING - 1]:
        problems.append("Hardware at the Parking Lot or negative Hardware")
    for c, k in state.hidden:
        if (c, k) not in alive and (c, k) not in state.eaten:
            problems.append(f"hidden character {c} {k} does not exist")
    for c, r in state.eliminated:
        if any(x == c for x, _ in alive) or r > state.round:
            problems.append(f"{c} is marked eliminated but still has characters")
    for colour in colours:
        if (state.round and colour not in {c for c, _ in alive}
                and colour not in {c for c, _ in state.eliminated}):
            problems.append(f"{colour} has no characters but is not marked eliminated")
    p = state.pending
    if p.order and any(c not in colours for c in p.order):
        problems.append("unknown player in the pending order")
    if p.order and p.kind != Kind.OVER and not 0 <= p.index < len(p.order):
        problems.append("pending turn index out of range")
    if SUPERMARKET in setup.closed:
        problems.append("the Supermarket cannot be closed")
    return problems
