"""Build a mid-game Mall of Horror position from a plain description, for what-ifs.

>>> from boardlab.mall_of_horror.position import position
>>> s = position(players=4, characters={6: ["red pinup", "blue toughguy"],
...                                     4: ["yellow gunman", "green pinup"]},
...              zombies={6: 3}, phase="c")
>>> s.pending.kind, s.zombies[5]
('arrival_roll', 3)
>>> position(players=4, characters={2: ["red pinup"]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardlab.core.errors.ConfigError: location 2 is closed with 3–4 players (MoH-R3): ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from boardlab.core.errors import ConfigError
from boardlab.mall_of_horror.config import CARDS, KINDS, LOCATIONS, PARKING, Config, Setup
from boardlab.mall_of_horror.invariants import invariants
from boardlab.mall_of_horror.rules import start_phase
from boardlab.mall_of_horror.state import Pending, State

CharacterSpec = str | tuple[str, str]
PHASE_STARTS = ("a", "b", "c", "d", "f")


def _parse_character(spec: CharacterSpec) -> tuple[str, str]:
    if isinstance(spec, str):
        parts = spec.replace("'s", "").split()
        if len(parts) != 2:
            raise ConfigError(f"a character is written 'colour kind', e.g. 'red pinup'; "
                              f"got {spec!r}")
        return parts[0].lower(), parts[1].lower().replace("-", "").replace(" ", "")
    colour, kind = spec
    return colour, kind


def position(players: int = 4, *, characters: Mapping[int, Iterable[CharacterSpec]],
             zombies: Mapping[int, int] | None = None,
             hands: Mapping[str, Iterable[str]] | None = None,
             discard: Mapping[str, int] | None = None,
             chief: str | None = None, chief_elected: bool = False, phase: str = "a",
             round: int = 1, sealed: Iterable[int] = (),
             eliminated: Mapping[str, int] | None = None,
             config: Config | None = None) -> State:
    """A position at the start of ``phase`` (``"a"``, ``"b"``, ``"c"``, ``"d"`` or ``"f"``).

    ``characters`` maps locations to the characters standing there (``"red pinup"`` or
    ``("red", "pinup")``); characters not listed have been eaten. A colour with no
    character left counts as eliminated in the previous round, so it drops a zombie at
    the end of this round's phase d) (MoH-R15); ``eliminated={"green": 2}`` says when
    instead. ``zombies`` maps
    locations to zombies in front; ``hands`` colours to cards; cards in no hand and not
    in ``discard`` are in the deck. ``chief_elected`` says whether the Chief was elected
    this round (needed to start at phase c or d). Starting at ``"f"`` applies the
    extra-zombie rule first, as the phase does.

    Everything is validated; a problem raises :class:`ConfigError` naming it.
    """
    setup = Setup(players=players, config=config or Config())
    colours, kinds = setup.colours, setup.kinds
    if phase not in PHASE_STARTS:
        raise ConfigError(f"phase must be one of {PHASE_STARTS}, got {phase!r}")
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise ConfigError(f"round must be a positive integer, got {round!r}")
    sealed_t = tuple(sorted(set(sealed)))
    for loc in sealed_t:
        if loc not in LOCATIONS or loc == PARKING:
            raise ConfigError(f"location {loc} cannot be sealed (MoH-e-seal: 1–6, never the "
                              "Parking Lot)")
        if loc in setup.closed:
            raise ConfigError(f"location {loc} is closed, not sealed (MoH-R3)")
    chars: list[tuple[str, str, int]] = []
    seen: dict[tuple[str, str], int] = {}
    for loc, group in characters.items():
        if loc not in LOCATIONS:
            raise ConfigError(f"unknown location {loc!r}: locations are 1–6")
        for spec in group:
            colour, kind = _parse_character(spec)
            if colour not in colours:
                raise ConfigError(f"unknown colour {colour!r}: with {players} players the "
                                  f"colours are {', '.join(colours)} (MoH-R3)")
            if kind not in KINDS:
                raise ConfigError(f"unknown character kind {kind!r}: one of {', '.join(KINDS)}")
            if kind not in kinds:
                raise ConfigError(f"there is no {kind} with {players} players (MoH Setup)")
            if (colour, kind) in seen:
                raise ConfigError(f"{colour} {kind} is in two places: {seen[colour, kind]} "
                                  f"and {loc}")
            if loc in setup.closed:
                raise ConfigError(f"location {loc} is closed with 3–4 players (MoH-R3): "
                                  f"{colour} {kind} cannot stand there")
            if loc in sealed_t:
                raise ConfigError(f"location {loc} is sealed (MoH-e-seal): {colour} {kind} "
                                  "cannot stand there")
            seen[colour, kind] = loc
            chars.append((colour, kind, loc))
    cfg = setup.config
    for loc, n in Counter(loc for _, _, loc in chars).items():
        cap = cfg.capacities[loc - 1]
        if cap is not None and n > cap:
            raise ConfigError(f"location {loc} holds {n} characters, over its capacity {cap} "
                              "(MoH Box Contents, MoH-R1)")
    z = [0] * 6
    for loc, n in (zombies or {}).items():
        if loc not in LOCATIONS:
            raise ConfigError(f"unknown location {loc!r} for zombies")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ConfigError(f"zombies at {loc} must be a non-negative integer, got {n!r}")
        if n and (loc in setup.closed or loc in sealed_t):
            raise ConfigError(f"no zombie can stand at the closed or sealed location {loc}")
        z[loc - 1] = n
    hand_list: list[tuple[str, ...]] = []
    in_hands: Counter[str] = Counter()
    for colour in colours:
        cards = tuple(sorted((hands or {}).get(colour, ())))
        for card in cards:
            if card not in CARDS:
                raise ConfigError(f"unknown card {card!r}: one of {', '.join(CARDS)}")
        in_hands.update(cards)
        hand_list.append(cards)
    for colour in hands or {}:
        if colour not in colours:
            raise ConfigError(f"unknown colour {colour!r} in hands")
    used = Counter(in_hands)
    for card, n in (discard or {}).items():
        if card not in CARDS:
            raise ConfigError(f"unknown card {card!r} in discard")
        used[card] += n
    box = dict(zip(CARDS, cfg.deck(), strict=True))
    for card, n in used.items():
        if n > box[card]:
            raise ConfigError(f"{n} {card} cards in play, but the box has {box[card]} "
                              "(MoH Box Contents, MoH-R2)")
    chief = chief or colours[0]
    if chief not in colours:
        raise ConfigError(f"unknown Chief {chief!r}")
    alive = {c for c, _, _ in chars}
    elim = dict(eliminated or {})
    for colour in colours:
        if colour not in alive:
            elim.setdefault(colour, round - 1)
    for colour, r in elim.items():
        if colour in alive:
            raise ConfigError(f"{colour} still has characters and cannot be eliminated")
        if colour not in colours or not 0 <= r <= round:
            raise ConfigError(f"bad elimination {colour}: round {r}")
    eaten = tuple((c, k) for c in colours for k in kinds if (c, k) not in seen)
    state = State(setup=setup, round=round, phase=phase, chars=tuple(sorted(chars)),
                  eaten=eaten, zombies=tuple(z), sealed=sealed_t, hands=tuple(hand_list),
                  deck=tuple(box[c] - used[c] for c in CARDS), bottom=(),
                  discard=tuple((discard or {}).get(c, 0) for c in CARDS), chief=chief,
                  chief_elected=chief_elected, roll=(), lookers=(), destinations=(),
                  hardware=(0,) * 6, hidden=(), eliminated=tuple(sorted(elim.items())),
                  pending=Pending("over"))
    result = start_phase(state, phase)
    broken = invariants(result)
    if broken:
        raise ConfigError(f"the described position is not sound: {broken[0]}")
    return result
