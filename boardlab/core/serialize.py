"""Versioned JSON for setups, choices and positions: plain data, no pickle, no eval.

:func:`encode` turns frozen dataclasses, tuples, frozensets and Fractions into JSON
values; :func:`decode` reads them back *guided by the type hints* of the target
class, and rejects anything malformed with a :class:`FormatError` that names the path
of the bad field.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Vote:
...     colour: str
>>> encode(Vote("red"))
{'type': 'Vote', 'colour': 'red'}
>>> decode({'type': 'Vote', 'colour': 'red'}, Vote)
Vote(colour='red')
>>> decode({'type': 'Vote', 'colour': 3}, Vote, 'choices[0]')
Traceback (most recent call last):
...
boardlab.core.errors.FormatError: choices[0].colour: expected a string, got 3

**Limits.** A saved file or JSON text is read only up to :data:`MAX_SAVED_BYTES` (16 MiB;
a Mall of Horror match takes about 30 KB), holding at most :data:`MAX_SAVED_VALUES` values
(the longest real match about 2,300), nested at most :data:`MAX_NESTING` levels deep (a
saved match needs fewer than 10), with no integer of more digits than Python reads (4,300,
also in a mapping handed in directly); beyond any of them it is refused with a
:class:`FormatError` before any of it is decoded, so a hostile file can neither exhaust
memory nor the interpreter's recursion limit. A record class may check its raw JSON
object against limits of its own before any field is decoded (a ``check_saved``
class method, see :func:`decode`). Messages show at most about 200 characters of a bad
value (:func:`~boardlab.core.errors.show_value`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any, Final, Literal, Union

from boardlab.core.chance import Chance
from boardlab.core.errors import ArgumentTypeError, FormatError, show_value, too_many_digits
from boardlab.core.validate import whole

__all__ = [
    "MAX_NESTING", "MAX_SAVED_BYTES", "MAX_SAVED_VALUES", "decode", "decode_choice", "encode",
    "is_record", "load_json_object", "read_saved_text",
]

JSON = Any

#: The largest saved file or JSON text boardlab reads, in bytes (characters for text).
MAX_SAVED_BYTES: Final = 16 * 1024 * 1024
#: The deepest nesting of lists and objects a saved file may have.
MAX_NESTING: Final = 64
#: The most values (lists, objects, numbers, strings) a saved file may hold: 85 times
#: the longest real match (a Breakout match of 373 plies holds about 2,300), and few
#: enough that reading them takes a small part of a second and some MiB (16 MiB of
#: ``[]`` would be 5.6 million lists: 360 MiB and seconds before any check could run).
MAX_SAVED_VALUES: Final = 200_000


def encode(obj: Any) -> JSON:
    """Plain JSON data for ``obj`` (dataclasses carry their class name as ``type``)."""
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, Chance):
        return str(obj)
    if isinstance(obj, Fraction):
        return str(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {"type": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name))
        return out
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a NamedTuple record
        out = {"type": type(obj).__name__}
        for name, value in zip(obj._fields, obj, strict=True):
            out[name] = encode(value)
        return out
    if isinstance(obj, (tuple, list)):
        return [encode(x) for x in obj]
    if isinstance(obj, frozenset):
        return sorted((encode(x) for x in obj), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(obj, float):
        return obj
    raise TypeError(f"cannot encode {type(obj).__name__} as boardlab JSON")


def load_json_object(text: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    """Parse ``text`` (or accept an already parsed mapping) as a JSON object.

    Text (or UTF-8 bytes) longer than :data:`MAX_SAVED_BYTES`, not UTF-8, not JSON, or
    nested deeper than :data:`MAX_NESTING` raises :class:`FormatError`; so does a
    mapping nested too deep.

    >>> load_json_object('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> load_json_object("[" * 100_000)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: <root>: nested deeper than 64 levels
    >>> load_json_object(b"\\xff{}")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.FormatError: <root>: not UTF-8 text (byte 0xff at position 0)
    """
    if isinstance(text, Mapping):
        _check_nesting(text)
        return text
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVED_BYTES:
            raise FormatError("", _too_large(len(text)))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise FormatError("", f"not UTF-8 text (byte 0x{err.object[err.start]:02x} at "
                                  f"position {err.start})") from None
    if not isinstance(text, str):
        raise ArgumentTypeError("text", text, "expected JSON text (str or bytes) or a "
                                              "mapping")
    if len(text) > MAX_SAVED_BYTES:
        raise FormatError("", _too_large(len(text)))
    # Every value but the first follows a comma or opens a list or object: at most this
    # many values (commas inside strings count too, which only errs on the safe side).
    values = text.count(",") + text.count("[") + text.count("{") + 1
    if values > MAX_SAVED_VALUES:
        raise FormatError("", _too_many(values, "commas and brackets"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError("", f"not valid JSON: {err}") from None
    except RecursionError:  # the decoder guards its recursion: far deeper than allowed
        raise FormatError("", f"nested deeper than {MAX_NESTING} levels") from None
    except ValueError as err:  # a number too long for int(): Python refuses 4,300+ digits
        problem = "a number with too many digits" if "digits" in str(err) else \
            show_value(str(err))
        raise FormatError("", f"not readable JSON: {problem}") from None
    if not isinstance(data, dict):
        raise FormatError("", f"expected a JSON object, got {type(data).__name__}")
    _check_nesting(data)
    return data


def _too_many(values: int, counted: str = "values") -> str:
    return (f"{values:,} {counted}: more values than a saved file may hold "
            f"({MAX_SAVED_VALUES:,}; boardlab.core.serialize.MAX_SAVED_VALUES)")


def _too_large(size: int) -> str:
    return (f"{size:,} bytes is more than a saved file may hold ({MAX_SAVED_BYTES:,}; "
            "boardlab.core.serialize.MAX_SAVED_BYTES)")


#: Values that hold no others, skipped at once (the abstract Mapping check is slow; an
#: int is looked at for its digits).
_LEAVES: Final = frozenset({str, float, bool, type(None)})


def _check_nesting(data: Any) -> None:
    """FormatError if ``data`` nests lists and mappings deeper than :data:`MAX_NESTING`,
    or holds an integer longer than JSON text may hold (Python reads at most 4,300 digits:
    a mapping handed in directly is held to what its text would be)."""
    level: list[Any] = [data]
    seen = 0
    leaves = _LEAVES
    for _ in range(MAX_NESTING + 1):
        deeper: list[Any] = []
        seen += len(level)
        if seen > MAX_SAVED_VALUES:
            raise FormatError("", _too_many(seen))
        for item in level:
            kind = item.__class__
            if kind is int:
                if too_many_digits(item):
                    raise FormatError(_path_to(data, item), "not readable JSON: a number "
                                      "with too many digits")
                continue
            if kind in leaves:
                continue
            if isinstance(item, Mapping):
                deeper.extend(item.values())
            elif isinstance(item, (list, tuple)):
                deeper.extend(item)
        if not deeper:
            return
        level = deeper
    raise FormatError("", f"nested deeper than {MAX_NESTING} levels")


def _path_to(data: Any, target: Any) -> str:
    """The path of ``target`` (found by identity) inside ``data``, for a message: each
    list or mapping is looked into once, so even a cyclic mapping is searched quickly."""
    seen: set[int] = set()
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, node = stack.pop()
        if node is target:
            return path
        if id(node) in seen:
            continue
        if isinstance(node, Mapping):
            seen.add(id(node))
            stack.extend((_join(path, k if isinstance(k, str) else show_value(k)), v)
                         for k, v in reversed(list(node.items())))
        elif isinstance(node, (list, tuple)):
            seen.add(id(node))
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(node))))
    return ""


def read_saved_text(path: str | os.PathLike[str]) -> str:
    """The text of a saved file, read up to :data:`MAX_SAVED_BYTES` and decoded as UTF-8.

    A larger file (or a device that never ends, such as ``/dev/zero``) and bytes that
    are not UTF-8 raise :class:`FormatError`; a file that cannot be opened raises
    ``OSError`` as ``open`` does.
    """
    with open(path, "rb") as f:
        raw = f.read(MAX_SAVED_BYTES + 1)
    if len(raw) > MAX_SAVED_BYTES:
        raise FormatError("", f"the file is larger than a saved file may be "
                              f"({MAX_SAVED_BYTES:,} bytes; "
                              "boardlab.core.serialize.MAX_SAVED_BYTES)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FormatError("", f"not UTF-8 text (byte 0x{raw[err.start]:02x} at position "
                              f"{err.start})") from None


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def decode(value: JSON, annotation: Any, path: str = "") -> Any:
    """Read ``value`` as an instance of ``annotation``, validating every field.

    A record class (a dataclass or NamedTuple) with a ``check_saved(value, path)`` class
    method has it called with its raw JSON object before any field is decoded: a game
    bounds its lists and numbers there (a FormatError naming the field), so a small
    hostile file never makes the decoder or the game allocate in proportion to a count
    it would refuse. A class that refuses its fields with an error carrying ``field``
    and ``problem`` (a :class:`~boardlab.core.errors.ConfigError` of a check) is
    reported at that field's path.
    """
    if annotation is Any:
        return value
    if annotation is type(None) or annotation is None:
        if value is not None:
            raise FormatError(path, f"expected null, got {show_value(value)}")
        return None
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        return _decode_union(value, typing.get_args(annotation), path)
    if origin is Literal:
        args = typing.get_args(annotation)
        if value not in args or isinstance(value, bool) != any(isinstance(a, bool) for a in args):
            raise FormatError(path, f"expected one of {list(args)}, got {show_value(value)}")
        return value
    for kind, read in _SCALARS:
        if annotation is kind:
            return read(value, path)
    if origin is tuple:
        return _decode_tuple(value, typing.get_args(annotation), path)
    if origin is frozenset:
        return _decode_frozenset(value, typing.get_args(annotation)[0], path)
    if is_record(annotation):
        return _decode_dataclass(value, annotation, path)
    raise TypeError(f"boardlab JSON cannot decode the type {annotation!r}")


def _decode_union(value: JSON, args: tuple[Any, ...], path: str) -> Any:
    """``value`` as the first of a union's kinds that reads it (null for an Optional)."""
    if value is None and type(None) in args:
        return None
    options = [a for a in args if a is not type(None)]
    if len(options) == 1:
        return decode(value, options[0], path)
    classes = [a for a in options if is_record(a)]
    if classes and len(classes) == len(options):
        return decode_choice(value, tuple(classes), path)
    for option in options:
        try:
            return decode(value, option, path)
        except FormatError:
            continue
    raise FormatError(path, f"{show_value(value)} matches none of the allowed kinds")


def _decode_bool(value: JSON, path: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(path, f"expected true or false, got {show_value(value)}")
    return value


def _decode_int(value: JSON, path: str) -> int:
    return whole(value, path, error=FormatError)  # core's wording, a FormatError


def _decode_str(value: JSON, path: str) -> str:
    if not isinstance(value, str):
        raise FormatError(path, f"expected a string, got {show_value(value)}")
    return value


def _decode_float(value: JSON, path: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise FormatError(path, f"expected a number, got {show_value(value)}")
    # A whole number stays an int (a float field holds one fine), so that a saved
    # file reads back to exactly what it says: save -> load -> save is byte-identical.
    return value


def _decode_fraction(value: JSON, path: str) -> Fraction:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise FormatError(path, f"expected a fraction like '1/6', got {show_value(value)}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError) as err:
        raise FormatError(path, f"not a fraction: {show_value(value)}") from err


#: The scalar annotations and their readers, in the order ``decode`` tries them.
_SCALARS: Final[tuple[tuple[type, Any], ...]] = (
    (bool, _decode_bool), (int, _decode_int), (str, _decode_str), (float, _decode_float),
    (Fraction, _decode_fraction),
)


def _decode_tuple(value: JSON, args: tuple[Any, ...], path: str) -> tuple[Any, ...]:
    """A JSON list as ``tuple[X, ...]`` or as a fixed ``tuple[A, B, ...]``."""
    if not isinstance(value, list):
        raise FormatError(path, f"expected a list, got {show_value(value)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(v, args[0], f"{path}[{i}]") for i, v in enumerate(value))
    if len(value) != len(args):
        raise FormatError(path, f"expected {len(args)} items, got {len(value)}")
    pairs = enumerate(zip(value, args, strict=True))
    return tuple(decode(v, a, f"{path}[{i}]") for i, (v, a) in pairs)


def _decode_frozenset(value: JSON, item: Any, path: str) -> frozenset[Any]:
    """A JSON list of distinct items as a ``frozenset[item]``."""
    if not isinstance(value, list):
        raise FormatError(path, f"expected a list, got {show_value(value)}")
    items = [decode(v, item, f"{path}[{i}]") for i, v in enumerate(value)]
    try:
        unique = len(set(items))
    except TypeError:
        raise FormatError(path, "a set holds only numbers, strings and records") from None
    if unique != len(items):
        raise FormatError(path, "repeated item in a set")
    return frozenset(items)


def is_record(cls: Any) -> bool:
    """Whether ``cls`` is a dataclass or a NamedTuple class (both encode as objects)."""
    return isinstance(cls, type) and (
        dataclasses.is_dataclass(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields")))


def _record_fields(cls: type) -> dict[str, bool]:
    """Field name → whether it is required, for a dataclass or NamedTuple class."""
    if dataclasses.is_dataclass(cls):
        return {f.name: f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING
                for f in dataclasses.fields(cls) if f.init}
    defaults = cls._field_defaults  # type: ignore[attr-defined]
    return {name: name not in defaults for name in cls._fields}  # type: ignore[attr-defined]


def _decode_dataclass(value: JSON, cls: type, path: str) -> Any:
    if not isinstance(value, dict):
        raise FormatError(path, f"expected an object for {cls.__name__}, got {show_value(value)}")
    tag = value.get("type", cls.__name__)
    if tag != cls.__name__:
        raise FormatError(_join(path, "type"), f"expected {cls.__name__!r}, got {show_value(tag)}")
    hints = _hints(cls)
    fields = _record_fields(cls)
    unknown = [k for k in value if k not in fields and k != "type"]
    if unknown:
        first = unknown[0] if isinstance(unknown[0], str) else show_value(unknown[0])
        raise FormatError(_join(path, first), "unknown field")
    # A record may bound the sizes of its saved form before any of it is decoded (a
    # game's declared limits: the length of a list, the digits of a number).
    check = getattr(cls, "check_saved", None)
    if check is not None:
        check(value, path)
    kwargs = {}
    for name, required in fields.items():
        if name not in value:
            if required:
                raise FormatError(_join(path, name), "missing")
            continue
        kwargs[name] = decode(value[name], hints[name], _join(path, name))
    try:
        return cls(**kwargs)
    except (ValueError, TypeError, KeyError, IndexError) as err:
        # A class that checks its own fields (a Config) says why, naming the field when
        # its error carries one; KeyError and IndexError from a class that does not are
        # refusals too.
        field, problem = getattr(err, "field", None), getattr(err, "problem", None)
        # An owned field ("tile 'Hub'": rooms) is a path inside the record that names
        # itself, which need not be this one: the whole message is said here instead.
        if isinstance(field, str) and field and not getattr(err, "owner", "") \
                and isinstance(problem, str):
            where = f"{path}{field}" if field.startswith("[") else _join(path, field)
            raise FormatError(where, problem) from err
        raise FormatError(path, str(err) or type(err).__name__) from err


def decode_choice(value: JSON, classes: tuple[type, ...], path: str = "") -> Any:
    """Decode a tagged object whose ``type`` names one of ``classes``."""
    if not isinstance(value, dict):
        raise FormatError(path, f"expected an object, got {show_value(value)}")
    tag = value.get("type")
    by_name = {c.__name__: c for c in classes}
    if not isinstance(tag, str) or tag not in by_name:
        raise FormatError(_join(path, "type"),
                          f"unknown kind {show_value(tag)}; expected one of {sorted(by_name)}")
    return _decode_dataclass(value, by_name[tag], path)
