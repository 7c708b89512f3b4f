"""The authority of a lesson: its tables (one match each), who sits where, and the file.

Everything that changes a match happens here, and only through
:meth:`~boardlab.core.engine.Match.push` (a human's choice, an agent's, a chance draw);
after every ply the whole lesson is saved atomically (:mod:`boardlab.classroom.store`;
in a running server by its writer, :mod:`boardlab.classroom.app`), and no page is told
of a ply before the file holds it.

A seat is **claimed** when its page first connects with the seat's token; an unclaimed
seat is played by an agent. A claimed seat's decision waits at most
:attr:`Lesson.timeout` seconds, then the agent plays it and the seat's page says so.
Nothing moves before the teacher starts the lesson (so students can open their links).

>>> from boardlab.classroom.lesson import Lesson
>>> lesson = Lesson.create("mall-of-horror", seed=3, pace=0)
>>> t = lesson.tables[0]
>>> lesson.start()
>>> while t.automatic():       # no seat claimed: agents play the whole match
...     _ = t.play_automatic()
>>> t.match.is_over
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from boardlab.classroom.messages import choice_labels, game_of_match, offer_order
from boardlab.classroom.store import LESSON_FORMAT, read_lesson, write_atomic
from boardlab.classroom.tokens import Keys
from boardlab.core.agents import Agent
from boardlab.core.engine import CHANCE, Match
from boardlab.core.errors import ArgumentError, ArgumentTypeError, ConfigError, FormatError
from boardlab.gamekit.spec import GameSpec

__all__ = ["DEFAULT_PACE", "DEFAULT_TIMEOUT", "Lesson", "Refusal", "Table"]

#: Seconds a claimed seat's decision waits before an agent plays it (teacher-set).
DEFAULT_TIMEOUT = 60.0
#: Seconds between automatic plies (chance, agents), so the projector can be followed.
DEFAULT_PACE = 0.6
#: The longest timeout a teacher may set (an hour).
MAX_TIMEOUT = 3600.0


class Refusal(Exception):
    """A choice the server does not take; ``text`` (with ``rule``, if one applies) goes
    to the page that sent it, and to no other."""

    def __init__(self, text: str, rule: str = "") -> None:
        super().__init__(text)
        self.text, self.rule = text, rule


def _seconds(value: Any, name: str, *, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(name, value, "a number of seconds")
    if not low <= value <= high:
        raise ArgumentError(name, value, f"between {low:g} and {high:g} seconds")
    return float(value)


class Table:
    """One match of the lesson, its seats' agents, claims and notes."""

    def __init__(self, lesson: Lesson, index: int, match: Match[Any, Any],
                 claimed: Sequence[str] = ()) -> None:
        self.lesson, self.index, self.match = lesson, index, match
        self.game: GameSpec[Any, Any] = game_of_match(match)
        self.seats: tuple[str, ...] = tuple(self.game.players(match))
        self.claimed: set[str] = set(claimed) & set(self.seats)
        make = self.game.agents[lesson.agent_kind]
        self.agents: dict[str, Agent] = {p: make(p, i, match.seed)
                                         for i, p in enumerate(self.seats)}
        #: The seat's own line ("an agent played … for you"); the projector's public one.
        self.notes: dict[str, str] = {}
        self.public_note = ""
        #: Raised on every ply; pages' message caches key on it.
        self.version = 0
        # The saved record of the match without its choices, and the choices encoded.
        self._record: dict[str, Any] | None = None
        self._encoded: list[Any] = []
        #: When the current human decision began (time.monotonic()), else None.
        self.waiting_since: float | None = None
        self._mark_wait()

    # -- whose move ------------------------------------------------------------------
    @property
    def mover(self) -> Any:
        return self.match.to_move

    def automatic(self) -> bool:
        """Whether the next ply is the server's to play now: chance, or an unclaimed seat."""
        mover = self.mover
        return self.lesson.started and mover is not None and (
            mover is CHANCE or mover not in self.claimed)

    def waiting_for(self) -> str | None:
        """The claimed seat whose decision the table waits for, if any."""
        mover = self.mover
        if self.lesson.started and mover is not None and mover is not CHANCE \
                and mover in self.claimed:
            return str(mover)
        return None

    def seconds_left(self, now: float | None = None) -> float | None:
        """Seconds until the waiting decision times out (None: no human decision)."""
        if self.waiting_for() is None or self.waiting_since is None:
            return None
        now = time.monotonic() if now is None else now
        return self.waiting_since + self.lesson.timeout - now

    def _mark_wait(self) -> None:
        self.waiting_since = time.monotonic() if self.waiting_for() is not None else None

    # -- plies ---------------------------------------------------------------------------
    def choose(self, seat: str, ply: Any, index: Any) -> None:
        """Seat ``seat`` picks its ``index``-th legal choice at ``ply``; a Refusal if not."""
        match = self.match
        if isinstance(ply, bool) or not isinstance(ply, int) or \
                isinstance(index, bool) or not isinstance(index, int):
            raise Refusal("a choice names the ply and the choice's number")
        if not self.lesson.started:
            raise Refusal("the lesson has not started yet: wait for the teacher")
        if match.is_over:
            raise Refusal("the match is over")
        rule = match.rules.decision_rule(match.state)
        if match.to_move != seat:
            raise Refusal(f"it is not {seat}'s turn (to move: {match.to_move})", rule.cite())
        if ply != match.ply:
            raise Refusal("that choice was for an earlier moment of the match; "
                          "here is the current one", rule.cite())
        legal = match.legal()
        if not 0 <= index < len(legal):
            raise Refusal(f"there is no choice number {index} here", rule.cite())
        # the page's buttons are in the board's order (offer_order), not the rules'
        match.push(legal[offer_order(self.game, match.state, legal)[index]])
        self.notes.pop(seat, None)
        self._after_ply()

    def play_automatic(self) -> bool:
        """Play the next ply if it is the server's (chance or an unclaimed seat's agent)."""
        if not self.automatic():
            return False
        mover = self.mover
        if mover is CHANCE:
            self.match.roll()
        else:
            self._agent_plays(str(mover))
        self._after_ply()
        return True

    def play_timed_out(self) -> bool:
        """Let the agent play the waiting seat's decision once its time is up."""
        seat = self.waiting_for()
        left = self.seconds_left()
        if seat is None or left is None or left > 0:
            return False
        label = self._agent_plays(seat)
        self.notes[seat] = (f"No choice within {self.lesson.timeout:g} s: an agent chose "
                            f"“{label}” for you (ply {self.match.ply}).")
        self.lesson.log(f"table {self.index + 1}: {seat} timed out at ply {self.match.ply}")
        # Public: that the seat's time ran out (everyone saw it wait), not what was chosen.
        self._after_ply(f"{seat}'s time ran out: an agent chose for {seat}.")
        return True

    def _agent_plays(self, seat: str) -> str:
        match = self.match
        legal = match.legal()
        agent = self.agents[seat]
        view = match.observe(seat) if getattr(agent, "uses_view", True) else None
        choice = agent.choose(view, legal)
        label = choice_labels(self.game, match.state, [choice])[0]
        match.push(choice)
        return label

    def _after_ply(self, public_note: str = "") -> None:
        self.public_note = public_note
        self.version += 1
        self._mark_wait()
        self.lesson.saved_ply(self)

    def match_record(self) -> dict[str, Any]:
        """``match.to_dict()``, with the choices encoded once each (a save after every
        ply would otherwise encode the whole history again, every table, every ply)."""
        from boardlab.core.serialize import encode

        match = self.match
        choices = match.choices
        if self._record is None or len(self._encoded) > len(choices):
            self._record = match.to_dict()
            self._encoded = list(self._record["choices"])
        else:
            self._encoded.extend(encode(c) for c in choices[len(self._encoded):])
        return {**self._record, "choices": list(self._encoded)}

    def claim(self, seat: str) -> bool:
        """Mark ``seat`` as played by a person (True when it was not yet)."""
        if seat in self.claimed:
            return False
        self.claimed.add(seat)
        self.version += 1
        self._mark_wait()
        self.lesson.save()
        return True

    def release(self, seat: str) -> None:
        """Give ``seat`` back to its agent (the teacher's button)."""
        if seat not in self.seats:
            raise Refusal(f"no seat {seat!r} at this table")
        self.claimed.discard(seat)
        self.version += 1
        self._mark_wait()
        self.lesson.save()

    def seat_rows(self) -> list[dict[str, Any]]:
        """Each seat's status for the teacher: who plays it, whose move it is."""
        waiting, left = self.waiting_for(), self.seconds_left()
        return [{"table": self.index, "seat": s,
                 "player": "person" if s in self.claimed else "agent",
                 "waiting": (None if s != waiting or left is None else max(0.0, round(left)))}
                for s in self.seats]


class Lesson:
    """Every table of a lesson, its keys (links), its settings and its file."""

    def __init__(self, matches: Sequence[Match[Any, Any]], keys: Keys, *,
                 path: Path | None = None, timeout: float = DEFAULT_TIMEOUT,
                 pace: float = DEFAULT_PACE, agent_kind: str | None = None,
                 started: bool = False, claimed: Sequence[Sequence[str]] = ()) -> None:
        if not matches:
            raise ArgumentError("matches", matches, "a lesson has at least one table")
        game = game_of_match(matches[0])
        self.game = game
        self.path = path
        self.timeout = _seconds(timeout, "timeout", low=1, high=MAX_TIMEOUT)
        self.pace = _seconds(pace, "pace", low=0, high=60)
        kind = agent_kind or ("heuristic" if "heuristic" in game.agents else "random")
        if kind not in game.agents:
            raise ConfigError(f"{game.name} has no agent kind {kind!r} "
                              f"(kinds: {', '.join(game.agents)})")
        self.agent_kind = kind
        self.started = bool(started)
        self.keys = keys
        #: Called with the table after every ply, once the file is saved.
        self.listeners: list[Callable[[Table], None]] = []
        #: Server-side notes for the teacher's page (never a token).
        self.notes: list[str] = []
        #: Set by a running server: takes the file's text and each table's version.
        self.saver: Callable[[str, tuple[int, ...]], None] | None = None
        self.tables = [Table(self, i, m, claimed[i] if i < len(claimed) else ())
                       for i, m in enumerate(matches)]

    # -- making and loading ------------------------------------------------------------
    @classmethod
    def create(cls, game_name: str, *, options: Mapping[str, Any] | None = None,
               seed: int | None = None, tables: int = 1, path: Path | None = None,
               **settings: Any) -> Lesson:
        """A new lesson of ``tables`` matches of ``game_name`` (seeds ``seed``,
        ``seed + 1``, …), saved at ``path`` when one is given."""
        from boardlab import registry

        game = registry.get(game_name)
        if isinstance(tables, bool) or not isinstance(tables, int) or not 1 <= tables <= 32:
            raise ArgumentError("tables", tables, "1 to 32 tables")
        matches = []
        for t in range(tables):
            table_seed = None if seed is None else seed + t
            matches.append(game.start(seed=table_seed, **dict(options or {})))
        keys = Keys.fresh([list(game.players(m)) for m in matches], tables=tables)
        lesson = cls(matches, keys, path=path, **settings)
        lesson.save()
        return lesson

    @classmethod
    def load(cls, path: Path, **settings: Any) -> Lesson:
        """The lesson saved at ``path``, with the same links; ``settings`` override the
        saved timeout and pace. A bad file is a FormatError naming the field."""
        from boardlab import registry

        data = read_lesson(path)
        try:
            game = registry.get(str(data.get("game")))
        except (ConfigError, TypeError, ValueError) as err:
            raise FormatError("game", str(err)) from None
        tables = data.get("tables")
        if not isinstance(tables, list) or not tables:
            raise FormatError("tables", "expected a list of tables")
        matches, claimed = [], []
        for i, table in enumerate(tables):
            if not isinstance(table, dict):
                raise FormatError(f"tables[{i}]", "expected an object")
            record = table.get("match")
            if not isinstance(record, dict):
                raise FormatError(f"tables[{i}].match", "expected a saved match")
            try:
                matches.append(Match.from_json(game.rules, record))
            except FormatError as err:
                raise FormatError(f"tables[{i}].match.{err.path}", err.problem) from None
            seats = table.get("claimed", [])
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise FormatError(f"tables[{i}].claimed", "expected a list of seats")
            claimed.append(seats)
        given = {"timeout": data.get("timeout", DEFAULT_TIMEOUT),
                 "pace": data.get("pace", DEFAULT_PACE),
                 "agent_kind": data.get("agents"), **settings}
        return cls(matches, Keys.from_data(data.get("keys")), path=path,
                   started=bool(data.get("started")), claimed=claimed, **given)

    def to_data(self) -> dict[str, Any]:
        return {"format": LESSON_FORMAT, "version": 1, "game": self.game.name,
                "started": self.started, "timeout": self.timeout, "pace": self.pace,
                "agents": self.agent_kind, "keys": self.keys.to_data(),
                "tables": [{"match": t.match_record(), "claimed": sorted(t.claimed)}
                           for t in self.tables]}

    def save(self) -> None:
        """Write the lesson file atomically (nothing when the lesson has no file).

        A running server sets :attr:`saver`: the text (taken now, so it is this moment's
        lesson) is handed to its writer, which tells no page of a ply before the file
        holds it (see :mod:`boardlab.classroom.app`).
        """
        if self.path is None:
            return
        text = json.dumps(self.to_data(), separators=(",", ":"))
        if self.saver is not None:
            self.saver(text, tuple(t.version for t in self.tables))
        else:
            write_atomic(self.path, text)

    def saved_ply(self, table: Table) -> None:
        self.save()
        for listener in list(self.listeners):
            try:
                listener(table)
            except Exception as err:  # noqa: BLE001 - a notebook's view must not stop play
                self.log(f"a listener failed: {type(err).__name__}")

    def log(self, line: str) -> None:
        self.notes.append(f"{time.strftime('%H:%M:%S')} {line}")
        del self.notes[:-50]

    # -- the teacher's controls ----------------------------------------------------------
    def start(self) -> None:
        """Let the matches begin (agents take every seat nobody has claimed)."""
        if not self.started:
            self.started = True
            for table in self.tables:
                table.version += 1
                table._mark_wait()
            self.save()
            self.log("the lesson started")

    def set_timeout(self, seconds: Any) -> None:
        """The longest a person's decision waits before an agent plays it."""
        self.timeout = _seconds(seconds, "timeout", low=1, high=MAX_TIMEOUT)
        for table in self.tables:
            table.version += 1
        self.save()

    def links(self, base: str) -> dict[str, str]:
        """Every link of the lesson, by name (``teacher``, ``table 1 projector``,
        ``table 1 red``; without "table N" when there is one table)."""
        one = len(self.tables) == 1
        out: dict[str, str] = {}
        for token, role in self.keys.roles():
            where = "" if one or role.table < 0 else f"table {role.table + 1} "
            name = where + (role.seat if role.seat is not None else role.kind)
            out[name] = f"{base.rstrip('/')}/#{token}"
        return dict(sorted(out.items(), key=lambda kv: (kv[0] != "teacher", kv[0])))
