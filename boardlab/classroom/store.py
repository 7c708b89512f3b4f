"""The lesson file: every table's match and the links, written atomically after each ply.

A save writes the whole lesson to a temporary file beside the real one, flushes it to
the disk (``fsync``), then renames it over the real one (``os.replace``, atomic on one
file system) and flushes the folder. A server killed at any instant leaves either the
old file or the new one, never half of one. The file holds the tokens, so it is
created readable by its owner only (mode 0600).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "lesson.json"
>>> write_atomic(path, '{"a": 1}')
>>> path.read_text(), oct(path.stat().st_mode & 0o777)
('{"a": 1}', '0o600')
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from boardlab.core.errors import FormatError

__all__ = ["LESSON_FORMAT", "read_lesson", "sync_file", "write_atomic"]

#: The ``format`` field of a lesson file.
LESSON_FORMAT = "boardlab-classroom"


def write_atomic(path: Path, text: str, *, sync: bool = True) -> None:
    """Replace ``path`` by ``text`` atomically (see the module notes).

    ``sync=False`` leaves out the two flushes to the disk: the rename is still atomic, so
    a killed *process* leaves the old or the new file, whole; only a power cut or a
    crash of the operating system can then lose what was not flushed yet
    (:func:`sync_file` flushes it; the classroom server does so within a second).
    """
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            if sync:
                os.fsync(out.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        with _quiet():
            os.unlink(tmp)
        raise
    if sync:
        _sync_folder(folder)


def sync_file(path: Path) -> None:
    """Flush ``path`` and its folder (the last rename) to the disk."""
    with open(path, "rb") as f:
        os.fsync(f.fileno())
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


class _quiet:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return True


def read_lesson(path: Path) -> dict[str, Any]:
    """The lesson file's data; FormatError when it is not a lesson file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise FormatError("", f"cannot read the lesson file {path}: {err}") from None
    if not isinstance(data, dict) or data.get("format") != LESSON_FORMAT:
        raise FormatError("format", f"{path} is not a boardlab classroom lesson file")
    if data.get("version") != 1:
        raise FormatError("version", f"unknown lesson file version {data.get('version')!r}")
    return data
