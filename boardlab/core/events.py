"""Events: what a transition did, in plain words, and the rule that made it happen.

>>> from boardlab.core.rules import RuleRef
>>> from boardlab.core.events import Event
>>> r = RuleRef("D-2", "Demo", "Scoring", "A pawn on the goal scores.")
>>> e = Event("score", "red scores 1", r, who="red", data={"points": 1})
>>> e.line()
'red scores 1  (D-2)'

Engines emit thousands of events per second and keep every one for undo, so an event is
stored compactly: an :class:`EventTemplate` shared by every event of its kind (the kind,
the rule, how to word it, the names of its data) plus the few values that differ (who,
when, the arguments). The text is formatted only when it is read, and reads exactly as
an eagerly built one would:

>>> scored = EventTemplate("score", r, "{0} scores {1}", data=("points",))
>>> e2 = scored.event("red", 0, "", (), 1)
>>> e2.summary, dict(e2.data), e2 == e
('red scores 1', {'points': 1}, True)

Events are immutable and hashable; ``data`` and ``secret`` are read-only mappings:

>>> e.data["points"] = 2
Traceback (most recent call last):
...
TypeError: 'FrozenMap' object does not support item assignment
>>> len({e, e2})
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from boardlab.core.rules import RuleBook, RuleRef

__all__ = ["NO_DATA", "Event", "EventTemplate", "FrozenMap", "templates_citing"]

_new_tuple = tuple.__new__


class FrozenMap(Mapping[str, Any]):
    """A small read-only, hashable mapping (an event's ``data`` or ``secret``).

    It compares equal to any mapping with the same items (a ``dict`` included) and
    cannot be changed after it is made.

    >>> m = FrozenMap(("a", "b"), (1, 2))
    >>> m == {"b": 2, "a": 1}, m["b"], hash(m) == hash(FrozenMap(("b", "a"), (2, 1)))
    (True, 2, True)
    >>> m
    {'a': 1, 'b': 2}
    """

    __slots__ = ("_keys", "_values")
    _keys: tuple[str, ...]
    _values: tuple[Any, ...]

    def __init__(self, keys: tuple[str, ...] = (), values: tuple[Any, ...] = ()) -> None:
        if len(keys) != len(values):
            raise ValueError("FrozenMap needs one value per key")
        object.__setattr__(self, "_keys", keys)
        object.__setattr__(self, "_values", values)

    @classmethod
    def of(cls, mapping: Mapping[str, Any] | None) -> FrozenMap:
        """A read-only copy of ``mapping`` (the shared empty map for nothing)."""
        if not mapping:
            return NO_DATA
        if isinstance(mapping, FrozenMap):
            return mapping
        return cls(tuple(mapping), tuple(mapping.values()))

    def __getitem__(self, key: str) -> Any:
        keys = self._keys
        for i in range(len(keys)):  # a handful of keys: a scan beats hashing
            if keys[i] == key:
                return self._values[i]
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __hash__(self) -> int:
        return hash(frozenset(zip(self._keys, self._values, strict=True)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return dict(zip(self._keys, self._values, strict=True)) == \
                dict(zip(other._keys, other._values, strict=True))
        if isinstance(other, Mapping):
            return dict(zip(self._keys, self._values, strict=True)) == dict(other.items())
        return NotImplemented

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("FrozenMap is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("FrozenMap is read-only")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._keys, self._values))

    def __repr__(self) -> str:
        return repr(dict(zip(self._keys, self._values, strict=True)))


#: The empty read-only mapping: ``data`` and ``secret`` of events that have none.
NO_DATA = FrozenMap()

Text = str | Callable[..., str]


class EventTemplate:
    """What every event of one kind shares: kind, rule, wording, names of its data.

    ``summary`` and ``detail`` are ``str.format`` templates or callables, both given the
    event's ``who`` then its arguments (``"{0}"`` is ``who``, ``"{1}"`` the first
    argument). The arguments are the values of ``data`` in order, then of ``secret``,
    then any that only the text uses. A game builds its templates once, at import.

    >>> r = RuleRef("D-1", "Demo", "Moves", "A pawn moves.")
    >>> moved = EventTemplate("move", r, "{0} moves to {1}", data=("to",))
    >>> moved.event("red", 2, "m", (), 5).line()
    'red moves to 5  (D-1)'
    """

    __slots__ = ("kind", "rule", "summary", "detail", "data", "secret", "_n_data", "_n_keys")

    def __init__(self, kind: str, rule: RuleRef, summary: Text, *, detail: Text = "",
                 data: tuple[str, ...] = (), secret: tuple[str, ...] = ()) -> None:
        self.kind = kind
        self.rule = rule
        self.summary = summary
        self.detail = detail
        self.data = data
        self.secret = secret
        self._n_data = len(data)
        self._n_keys = len(data) + len(secret)

    def event(self, who: str | None, round: int, phase: str,
              visible_to: tuple[str, ...], *args: Any) -> Event:
        """An event of this kind (engines may build the tuple directly: see :class:`Event`)."""
        if len(args) < self._n_keys:
            raise ValueError(f"event {self.kind!r} needs values for "
                             f"{', '.join((*self.data, *self.secret))}")
        return _new_tuple(Event, (self, who, round, phase, visible_to, *args))

    def text(self, template: Text, who: str | None, args: tuple[Any, ...]) -> str:
        """``template`` worded for one event (``summary`` or ``detail``)."""
        if isinstance(template, str):
            return template.format(who, *args)
        return template(who, *args)

    def __repr__(self) -> str:
        return f"<EventTemplate {self.kind!r} {self.rule.id}>"


class _Literal(EventTemplate):
    """The template of an event built with literal text (``Event(kind, summary, rule)``)."""

    __slots__ = ("data_map", "secret_map")

    def __init__(self, kind: str, rule: RuleRef, summary: str, detail: str,
                 data: Mapping[str, Any] | None, secret: Mapping[str, Any] | None) -> None:
        super().__init__(kind, rule, summary, detail=detail)
        self.data_map = FrozenMap.of(data)
        self.secret_map = FrozenMap.of(secret)

    def text(self, template: Text, who: str | None, args: tuple[Any, ...]) -> str:
        return template  # type: ignore[return-value]


class Event(tuple):  # type: ignore[type-arg]
    """One thing that happened.

    ``kind`` is a short machine-readable tag (``"vote"``, ``"break_in"``), ``summary``
    a sentence for humans, ``rule`` the cause, ``who`` the player concerned (if any),
    ``data`` the numbers behind it, and ``round``/``phase`` where in the match it
    happened (used to group logs and explainers). ``detail`` is a fuller summary for
    the players in ``visible_to`` (a secret vote's content, the cards a searcher drew);
    everyone else sees only ``summary``. ``secret`` holds the numbers behind ``detail``
    (a vote's colour, the dice under the box), for the same players only; ``data`` never
    holds a secret.

    Events are immutable and hashable; two events are equal when everything above is.
    Inside, an event is a tuple ``(template, who, round, phase, visible_to, *args)``
    (see :class:`EventTemplate`): text and mappings are built when read.
    """

    __slots__ = ()

    def __new__(cls, kind: str, summary: str, rule: RuleRef, who: str | None = None,
                data: Mapping[str, Any] | None = None, round: int = 0, phase: str = "",
                detail: str = "", visible_to: tuple[str, ...] = (),
                secret: Mapping[str, Any] | None = None) -> Event:
        template = _Literal(kind, rule, summary, detail, data, secret)
        return _new_tuple(cls, (template, who, round, phase, tuple(visible_to)))

    # -- what every event says --------------------------------------------------------
    @property
    def template(self) -> EventTemplate:
        return self[0]  # type: ignore[no-any-return]

    @property
    def kind(self) -> str:
        return self[0].kind  # type: ignore[no-any-return]

    @property
    def rule(self) -> RuleRef:
        return self[0].rule  # type: ignore[no-any-return]

    @property
    def who(self) -> str | None:
        return self[1]  # type: ignore[no-any-return]

    @property
    def round(self) -> int:
        return self[2]  # type: ignore[no-any-return]

    @property
    def phase(self) -> str:
        return self[3]  # type: ignore[no-any-return]

    @property
    def visible_to(self) -> tuple[str, ...]:
        return self[4]  # type: ignore[no-any-return]

    @property
    def args(self) -> tuple[Any, ...]:
        """The values this event does not share with its kind (see :class:`EventTemplate`)."""
        return self[5:]

    @property
    def summary(self) -> str:
        t = self[0]
        return t.text(t.summary, self[1], self[5:])  # type: ignore[no-any-return]

    @property
    def detail(self) -> str:
        t = self[0]
        text: str = t.text(t.detail, self[1], self[5:]) if t.detail else ""
        return text

    @property
    def data(self) -> FrozenMap:
        t = self[0]
        if isinstance(t, _Literal):
            return t.data_map
        return FrozenMap(t.data, self[5:5 + t._n_data]) if t.data else NO_DATA

    @property
    def secret(self) -> FrozenMap:
        t = self[0]
        if isinstance(t, _Literal):
            return t.secret_map
        if not t.secret:
            return NO_DATA
        return FrozenMap(t.secret, self[5 + t._n_data:5 + t._n_keys])

    # -- views ------------------------------------------------------------------------
    def data_for(self, viewer: str | None = None) -> dict[str, Any]:
        """``data``, plus ``secret`` when ``viewer`` may know it (``None``: everyone)."""
        secret = self.secret
        if secret and (viewer is None or viewer in self[4]):
            return {**self.data, **secret}
        return dict(self.data)

    def text_for(self, viewer: str | None = None) -> str:
        """The summary as ``viewer`` may read it (``None``: the omniscient narrator)."""
        if self[0].detail and (viewer is None or viewer in self[4]):
            detail = self.detail
            if detail:
                return detail
        return self.summary

    def line(self, viewer: str | None = None) -> str:
        """The text for ``viewer`` followed by the rule id, as the CLI and logs print it."""
        return f"{self.text_for(viewer)}  ({self[0].rule.id})"

    # -- identity -----------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.summary, self.rule, self.who, self.data, self.round,
                self.phase, self.detail, self.visible_to, self.secret)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Event):
            return NotImplemented
        if tuple.__eq__(self, other):  # same template, same values: no text to build
            return True
        return self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (e.g. to another process) with its text: templates hold functions.
        return (Event, (self.kind, self.summary, self.rule, self.who, dict(self.data),
                        self.round, self.phase, self.detail, self.visible_to,
                        dict(self.secret)))

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, summary={self.summary!r}, rule={self.rule!r}, "
                f"who={self.who!r}, data={self.data!r}, round={self.round!r}, "
                f"phase={self.phase!r}, detail={self.detail!r}, "
                f"visible_to={self.visible_to!r}, secret={self.secret!r})")


#: An event as a game's fast step (``Rules.node``) may hand it to the match: a plain
#: tuple laid out as an :class:`Event`, ``(template, who, round, phase, visible_to,
#: *args)``. A plain tuple comes from the free list and goes back to it, at a fraction of
#: the cost of an Event; :class:`~boardlab.core.engine.Match` makes it an Event, once,
#: when the ply's events are first read. No other code ever sees a row.
EventRow = tuple[Any, ...]


def as_events(events: Sequence[Any]) -> tuple[Event, ...]:
    """``events`` as a tuple of Events: every :data:`EventRow` in it made an Event.

    >>> from boardlab.core.rules import RuleRef
    >>> said = EventTemplate("say", RuleRef("D-1", "Demo", "Talk", "Say it."), "{0} says {1}")
    >>> row = (said, "red", 1, "a", (), "hi")
    >>> (e,) = as_events((row,))
    >>> type(e).__name__, e.summary, as_events((e,))[0] is e
    ('Event', 'red says hi', True)
    """
    for e in events:
        if e.__class__ is tuple:
            return tuple([_new_tuple(Event, x) if x.__class__ is tuple else x for x in events])
    return events if events.__class__ is tuple else tuple(events)


def templates_citing(book: RuleBook | Mapping[str, RuleRef]) -> Callable[..., EventTemplate]:
    """The maker of a game's event templates: ``t(kind, rule_id, summary, **options)`` is
    ``EventTemplate(kind, book[rule_id], summary, **options)`` (every game's events
    module builds its templates with one; an unknown rule id fails at import).

    >>> from boardlab.core.rules import RuleBook
    >>> t = templates_citing(RuleBook("Demo", [RuleRef("D-1", "Demo", "Moves", "A pawn moves.")]))
    >>> t("move", "D-1", "{0} moves to {1}", data=("to",)).event("red", 1, "m", (), 4).line()
    'red moves to 4  (D-1)'
    """
    def template(kind: str, rule_id: str, summary: Any, **options: Any) -> EventTemplate:
        return EventTemplate(kind, book[rule_id], summary, **options)

    return template
