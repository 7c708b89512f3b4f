"""A toy position by description (explicit keywords, checked like every game's)."""

from __future__ import annotations

from boardlab.core import validate
from boardlab.core.errors import ConfigError
from tests.core.toy import ToySetup, ToyState


def position(players: int = 2, *, totals: tuple[int, int] = (0, 0), mover: str = "a",
             coin: bool | None = None, target: int = 5) -> ToyState:
    """The toy at ``totals``, ``mover`` to play, the coin as flipped (``None``: not yet).

    >>> position(totals=(1, 2), mover="b").mover
    1
    """
    if validate.whole(players, "players") != 2:
        raise ConfigError(f"players: the toy has 2 players, got {players} (T-1)")
    validate.instance(totals, "totals", tuple, "a pair of totals, (a, b)")
    if len(totals) != 2:
        raise ConfigError(f"totals: a pair of totals, (a, b); got {len(totals)} of them")
    # The target first: it bounds the totals (found by the long hostile profile: a
    # target of '' reached the totals' range check as a str).
    target = validate.whole(target, "target", low=1)
    a, b = (validate.whole(t, f"totals[{i}]", low=0, high=target) for i, t in
            enumerate(totals))
    validate.name(mover, "mover", ("a", "b"), what="player")
    if coin is not None:
        validate.flag(coin, "coin")
    return ToyState(ToySetup(target=target), (a, b), ("a", "b").index(mover), coin)
