"""Results files: JSON lines, a header that names the experiment, then one row per match.

The first line is the header::

    {"boardlab": "experiment results", "format": 1, "version": "0.1.0",
     "id": "3f2a…", "spec": {...the experiment's full spec...}}

then one JSON object per finished match (see :func:`boardlab.experiment.play.match_row`),
appended chunk by chunk as chunks finish and flushed to the operating system after
each. Opening an existing file checks its header against the experiment: the same spec
resumes (the matches already there are not played again), any other is refused with
the first field that differs. A last line cut short (the process was killed while
writing) is dropped; a damaged line elsewhere, or a match twice, is an error.

>>> import tempfile, pathlib
>>> from boardlab.experiment.spec import Experiment
>>> exp = Experiment("mall-of-horror", seeds=3)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "r.jsonl"
>>> with ResultFile.open(path, exp) as f:
...     f.append([{"variant": "default", "lineup": "random", "seed": 0}])
>>> sorted(ResultFile.open(path, exp).done)
[('default', 'random', 0)]
>>> ResultFile.open(path, Experiment("mall-of-horror", seeds=4))
Traceback (most recent call last):
...
boardlab.experiment.store.ResultsFileError: ... holds another experiment (seeds.count is 3 \
there, 4 here); give another file, or remove it to start again
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import boardlab
from boardlab.core.errors import BoardlabError
from boardlab.experiment.spec import Experiment

__all__ = ["FORMAT", "MAGIC", "ResultFile", "ResultsFileError", "read_results"]

MAGIC = "experiment results"
FORMAT = 1

Key = tuple[str, str, int]


class ResultsFileError(BoardlabError):
    """A results file that cannot be used for this experiment (names the file and why)."""


def header(experiment: Experiment) -> dict[str, Any]:
    return {"boardlab": MAGIC, "format": FORMAT, "version": boardlab.__version__,
            "id": experiment.id, "spec": experiment.to_json()}


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The path of the first place two JSON values differ (``None``: they are equal).

    >>> first_difference({"seeds": {"count": 3}}, {"seeds": {"count": 4}})
    'seeds.count'
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return f"{path}.{key}" if path else key
            found = first_difference(a[key], b[key], f"{path}.{key}" if path else key)
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b and type(a) is type(b) else path


def _at(data: Any, path: str) -> Any:
    """The value at a path made by :func:`first_difference` (or ``None``)."""
    import re

    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path):
        try:
            data = data[int(index)] if index else data[name]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _row_key(row: Any, where: str) -> Key:
    if not isinstance(row, dict):
        raise ResultsFileError(f"{where}: expected a JSON object per match")
    try:
        key = (row["variant"], row["lineup"], row["seed"])
    except KeyError as err:
        raise ResultsFileError(f"{where}: a match row without {err.args[0]!r}") from None
    if not (isinstance(key[0], str) and isinstance(key[1], str) and isinstance(key[2], int)):
        raise ResultsFileError(f"{where}: variant, lineup and seed of a row are text, text "
                               "and a whole number")
    return key


def read_results(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """``(header, rows, bytes of whole lines)`` of a results file.

    A last line without its end (cut while writing) is not counted; any other line that
    is not JSON is an error naming the file and line.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ResultsFileError(f"cannot read {path}: {err.strerror or err}") from None
    end = data.rfind(b"\n") + 1  # whole lines only: a cut last line is dropped
    lines = data[:end].decode("utf-8", errors="replace").splitlines()
    if not lines:
        raise ResultsFileError(f"{path} has no header line: not a boardlab results file")
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("boardlab") != MAGIC:
        raise ResultsFileError(f"{path} is not a boardlab experiment results file "
                               "(its first line is not the header)")
    if head.get("format") != FORMAT:
        raise ResultsFileError(f"{path}: results format {head.get('format')!r}, this boardlab "
                               f"reads format {FORMAT}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            raise ResultsFileError(f"{path} line {number} is damaged (not JSON); the rows "
                                   "before it are intact") from None
    return head, rows, end


class ResultFile:
    """An open results file of one experiment, positioned to append.

    Use :meth:`open`; ``done`` holds the keys ``(variant, lineup, seed)`` already in the
    file and ``rows`` their rows, in file order.
    """

    def __init__(self, path: Path, handle: IO[bytes], done: dict[Key, dict[str, Any]]) -> None:
        self.path = path
        self._handle = handle
        self.done = done

    @property
    def rows(self) -> list[dict[str, Any]]:
        return list(self.done.values())

    @classmethod
    def open(cls, path: str | Path, experiment: Experiment) -> ResultFile:
        """Open ``path`` for ``experiment``: create it with its header, or resume it."""
        path = Path(path)
        if not path.exists() or path.stat().st_size == 0:
            handle = _open(path, "wb")
            handle.write(json.dumps(header(experiment), separators=(",", ":")).encode() + b"\n")
            handle.flush()
            return cls(path, handle, {})
        head, rows, end = read_results(path)
        if head.get("version") != boardlab.__version__:
            raise ResultsFileError(
                f"{path} was written by boardlab {head.get('version')}, this is "
                f"{boardlab.__version__}: matches may differ between versions, so it is not "
                "resumed; give another file")
        ours = experiment.to_json()
        if head.get("id") != experiment.id or head.get("spec") != ours:
            where = first_difference(head.get("spec"), ours) or "id"
            theirs, mine = _at(head.get("spec"), where), _at(ours, where)
            raise ResultsFileError(
                f"{path} holds another experiment ({where} is {json.dumps(theirs)} there, "
                f"{json.dumps(mine)} here); give another file, or remove it to start again")
        wanted = {(v.name, lineup.name) for v in experiment.variants
                  for lineup in experiment.lineups}
        done: dict[Key, dict[str, Any]] = {}
        for number, row in enumerate(rows, start=2):
            key = _row_key(row, f"{path} line {number}")
            if key[:2] not in wanted or key[2] not in experiment.seeds:
                raise ResultsFileError(f"{path} line {number}: a match that is not part of "
                                       f"this experiment ({key})")
            if key in done:
                raise ResultsFileError(f"{path} line {number}: match {key} is there twice")
            done[key] = row
        handle = _open(path, "r+b")
        handle.seek(end)
        handle.truncate()  # drop a last line cut short
        return cls(path, handle, done)

    def append(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Write rows (one chunk) and flush them to the operating system."""
        text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows)
        self._handle.write(text.encode())
        self._handle.flush()

    def close(self) -> None:
        if not self._handle.closed:
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()

    def __enter__(self) -> ResultFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def _open(path: Path, mode: str) -> IO[bytes]:
    try:
        return path.open(mode)
    except OSError as err:
        raise ResultsFileError(f"cannot write {path}: {err.strerror or err}") from None
