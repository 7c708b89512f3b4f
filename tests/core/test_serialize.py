"""boardlab.core.serialize: typed decoding with the path of every bad field."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

import pytest

from boardlab.core.errors import FormatError
from boardlab.core.serialize import decode, decode_choice, encode


@dataclass(frozen=True)
class Inner:
    n: int
    p: Fraction


class Rec(NamedTuple):
    name: str
    items: tuple[Inner, ...]
    pair: tuple[int, str]
    tags: frozenset[str]
    mode: Literal["a", "b"]
    maybe: int | None = None


def sample() -> Rec:
    return Rec("x", (Inner(1, Fraction(1, 3)),), (2, "y"), frozenset({"q", "p"}), "a")


def test_round_trip() -> None:
    data = encode(sample())
    assert data["items"][0] == {"type": "Inner", "n": 1, "p": "1/3"}
    assert data["tags"] == ["p", "q"]
    assert decode(data, Rec) == sample()


@pytest.mark.parametrize(("mutate", "path"), [
    (lambda d: d["items"][0].update(n="1"), "items[0].n"),
    (lambda d: d["items"][0].update(p="1/0"), "items[0].p"),
    (lambda d: d.update(pair=[1]), "pair"),
    (lambda d: d.update(mode="c"), "mode"),
    (lambda d: d.update(tags=["p", "p"]), "tags"),
    (lambda d: d.pop("name"), "name"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d["items"][0].update(type="Other"), "items[0].type"),
    (lambda d: d.update(maybe=True), "maybe"),
])
def test_bad_fields_are_named(mutate, path: str) -> None:  # noqa: ANN001
    data = encode(sample())
    mutate(data)
    with pytest.raises(FormatError) as err:
        decode(data, Rec)
    assert err.value.path == path


def test_tagged_choice() -> None:
    assert decode_choice({"type": "Inner", "n": 3, "p": "1"}, (Inner,)) == Inner(3, Fraction(1))
    with pytest.raises(FormatError, match="unknown kind 'Nope'"):
        decode_choice({"type": "Nope"}, (Inner,), "choices[0]")
