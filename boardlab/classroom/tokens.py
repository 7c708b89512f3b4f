"""Secret links: one unguessable token per seat, one for the projector, one for the teacher.

A token is 32 random bytes from :mod:`secrets` (43 URL-safe characters). A link carries
it after ``#`` (``http://127.0.0.1:8765/#TOKEN``): a browser never sends the part after
``#`` in a request, so no token reaches a server log, a proxy's log or a ``Referer``
header; the page hands it to the server inside its websocket instead. A token is looked
up by comparing it in constant time with *every* known token, so the time a refusal takes
says nothing about how close a guess was.

>>> keys = Keys.fresh(["red", "blue"], tables=1)
>>> role = keys.find(keys.token_of(0, "seat", "red"))
>>> (role.table, role.kind, role.seat)
(0, 'seat', 'red')
>>> keys.find("not-a-token") is None, keys.find(None) is None
(True, True)
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from boardlab.core.errors import FormatError

__all__ = ["TOKEN_BYTES", "Keys", "Role", "looks_like_token"]

#: Random bytes in a token (256 bits: not guessable, not enumerable).
TOKEN_BYTES = 32
#: A token's text length bounds (what ``secrets.token_urlsafe(32)`` gives is 43).
_MIN, _MAX = 32, 64
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class Role(NamedTuple):
    """Whom a token lets in: a seat of a table, that table's projector, or the teacher."""

    table: int        # -1 for the teacher (all tables)
    kind: str         # "seat", "projector" or "teacher"
    seat: str | None  # the seat, for kind "seat"


def looks_like_token(value: Any) -> bool:
    """Whether ``value`` has a token's shape (checked before any comparison)."""
    return (isinstance(value, str) and _MIN <= len(value) <= _MAX
            and all(ch in _ALPHABET for ch in value))


class Keys:
    """Every token of a lesson and the role it opens."""

    def __init__(self, roles: Mapping[str, Role]) -> None:
        self._roles = dict(roles)
        self._by_role = {role: token for token, role in self._roles.items()}

    @classmethod
    def fresh(cls, seats: Sequence[str] | Sequence[Sequence[str]], *, tables: int) -> Keys:
        """New tokens for ``tables`` tables (``seats``: one list for all, or one per table)."""
        per_table: list[list[str]] = (
            [[str(s) for s in seats]] * tables if seats and isinstance(seats[0], str)
            else [[str(x) for x in s] for s in seats])
        roles: dict[str, Role] = {secrets.token_urlsafe(TOKEN_BYTES): Role(-1, "teacher", None)}
        for t, table_seats in enumerate(per_table):
            roles[secrets.token_urlsafe(TOKEN_BYTES)] = Role(t, "projector", None)
            for seat in table_seats:
                roles[secrets.token_urlsafe(TOKEN_BYTES)] = Role(t, "seat", seat)
        return cls(roles)

    def find(self, given: Any) -> Role | None:
        """The role of token ``given``, or ``None``; compared in constant time with every
        known token (the loop never stops early)."""
        if not looks_like_token(given):
            return None
        probe = given.encode("ascii")
        found: Role | None = None
        for token, role in self._roles.items():
            if hmac.compare_digest(probe, token.encode("ascii")):
                found = role
        return found

    def token_of(self, table: int, kind: str, seat: str | None = None) -> str:
        """The token of a role (for the links the teacher is given)."""
        return self._by_role[Role(table, kind, seat)]

    def roles(self) -> Iterable[tuple[str, Role]]:
        return self._roles.items()

    def to_data(self) -> list[list[Any]]:
        """Plain data for the lesson file: ``[token, table, kind, seat]`` rows."""
        return [[tok, r.table, r.kind, r.seat] for tok, r in self._roles.items()]

    @classmethod
    def from_data(cls, rows: Any, path: str = "keys") -> Keys:
        """Keys back from :meth:`to_data`; a bad row is a FormatError naming its path."""
        if not isinstance(rows, list):
            raise FormatError(path, "expected a list of [token, table, kind, seat] rows")
        roles: dict[str, Role] = {}
        for i, row in enumerate(rows):
            where = f"{path}[{i}]"
            if not (isinstance(row, list) and len(row) == 4):
                raise FormatError(where, "expected [token, table, kind, seat]")
            token, table, kind, seat = row
            if not looks_like_token(token) or token in roles:
                raise FormatError(f"{where}[0]", "not a token, or a repeated one")
            if isinstance(table, bool) or not isinstance(table, int) or table < -1:
                raise FormatError(f"{where}[1]", "a table number (-1: the teacher)")
            if kind not in ("seat", "projector", "teacher"):
                raise FormatError(f"{where}[2]", "one of seat, projector, teacher")
            if (kind == "seat") != isinstance(seat, str) or (seat is not None
                                                            and not isinstance(seat, str)):
                raise FormatError(f"{where}[3]", "a seat name for a seat, else null")
            roles[token] = Role(table, kind, seat)
        return cls(roles)
