"""boardlab.core.events: immutable, hashable events stored compactly, read as plain text."""

from __future__ import annotations

import pickle

import pytest

from boardlab import mall_of_horror as moh
from boardlab.core.events import NO_DATA, Event, EventTemplate, FrozenMap
from boardlab.core.rules import RuleRef

R = RuleRef("D-1", "Demo", "Moves", "A pawn moves.")
MOVED = EventTemplate("move", R, "{0} moves to {1}", data=("to",),
                      detail=lambda who, to, why: f"{who} moves to {to} because {why}",
                      secret=("why",))


def test_a_template_event_reads_like_a_literal_one_and_equals_it() -> None:
    compact = MOVED.event("red", 2, "m", ("red",), 5, "it is late")
    literal = Event("move", "red moves to 5", R, "red", {"to": 5}, 2, "m",
                    "red moves to 5 because it is late", ("red",), {"why": "it is late"})
    assert compact == literal and hash(compact) == hash(literal)
    assert compact.summary == "red moves to 5"
    assert compact.text_for("red") == "red moves to 5 because it is late"
    assert compact.text_for("blue") == "red moves to 5"
    assert compact.data_for("blue") == {"to": 5}
    assert compact.data_for("red") == {"to": 5, "why": "it is late"}
    assert compact.line() == "red moves to 5 because it is late  (D-1)"
    assert compact != MOVED.event("red", 2, "m", ("red",), 6, "it is late")
    assert repr(compact) == repr(literal)


def test_event_data_and_secret_cannot_be_changed() -> None:
    e = MOVED.event("red", 1, "m", ("red",), 5, "late")
    with pytest.raises(TypeError):
        e.data["to"] = 6  # type: ignore[index]
    with pytest.raises(TypeError):
        e.secret["why"] = "early"  # type: ignore[index]
    with pytest.raises(AttributeError):
        e.kind = "jump"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        e.data._values = (6,)  # type: ignore[misc]
    literal = Event("score", "red scores", R, data={"points": [1]})
    assert isinstance(literal.data, FrozenMap)
    # The literal constructor copies the mapping: changing the caller's dict changes nothing.
    source = {"points": 1}
    e2 = Event("score", "red scores", R, data=source)
    source["points"] = 99
    assert e2.data == {"points": 1}


def test_frozen_maps_behave_as_read_only_dicts() -> None:
    m = FrozenMap(("a", "b"), (1, (2, 3)))
    assert dict(m) == {"a": 1, "b": (2, 3)} and list(m.items()) == [("a", 1), ("b", (2, 3))]
    assert m == {"b": (2, 3), "a": 1} and m != {"a": 1}
    assert "a" in m and "c" not in m and m.get("c") is None
    with pytest.raises(KeyError):
        m["c"]
    assert hash(m) == hash(FrozenMap(("b", "a"), ((2, 3), 1)))
    assert NO_DATA == {} and not NO_DATA
    with pytest.raises(ValueError):
        FrozenMap(("a",), ())
    assert pickle.loads(pickle.dumps(m)) == m


def test_events_of_a_real_match_are_hashable_picklable_and_unchangeable() -> None:
    m = moh.play(players=4, seed=5)
    events = m.events
    assert len(set(events)) > len(events) // 2  # hashable (and mostly distinct)
    for e in events:
        back = pickle.loads(pickle.dumps(e))
        assert back == e and back.summary == e.summary and back.data_for() == e.data_for()
    branch = m.branch(10)
    with pytest.raises(TypeError):
        m.events[5].data["x"] = 1  # type: ignore[index]
    assert branch.events == m.events[:len(branch.events)]


def test_template_events_need_their_values() -> None:
    with pytest.raises(ValueError, match="to, why"):
        MOVED.event("red", 1, "m", ())
