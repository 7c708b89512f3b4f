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
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any, Literal, Union

from boardlab.core.errors import FormatError

JSON = Any


def encode(obj: Any) -> JSON:
    """Plain JSON data for ``obj`` (dataclasses carry their class name as ``type``)."""
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
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


def load_json_object(text: str | Mapping[str, Any]) -> Mapping[str, Any]:
    """Parse ``text`` (or accept an already parsed mapping) as a JSON object."""
    if isinstance(text, Mapping):
        return text
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as err:
        raise FormatError("", f"not valid JSON: {err}") from err
    if not isinstance(data, dict):
        raise FormatError("", f"expected a JSON object, got {type(data).__name__}")
    return data


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def decode(value: JSON, annotation: Any, path: str = "") -> Any:
    """Read ``value`` as an instance of ``annotation``, validating every field."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is Any:
        return value
    if annotation is type(None) or annotation is None:
        if value is not None:
            raise FormatError(path, f"expected null, got {value!r}")
        return None
    if origin in (Union, types.UnionType):
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
        raise FormatError(path, f"{value!r} matches none of the allowed kinds")
    if origin is Literal:
        if value not in args or isinstance(value, bool) != any(isinstance(a, bool) for a in args):
            raise FormatError(path, f"expected one of {list(args)}, got {value!r}")
        return value
    if annotation is bool:
        if not isinstance(value, bool):
            raise FormatError(path, f"expected true or false, got {value!r}")
        return value
    if annotation is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise FormatError(path, f"expected an integer, got {value!r}")
        return value
    if annotation is str:
        if not isinstance(value, str):
            raise FormatError(path, f"expected a string, got {value!r}")
        return value
    if annotation is float:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise FormatError(path, f"expected a number, got {value!r}")
        return float(value)
    if annotation is Fraction:
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise FormatError(path, f"expected a fraction like '1/6', got {value!r}")
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError) as err:
            raise FormatError(path, f"not a fraction: {value!r}") from err
    if origin is tuple:
        if not isinstance(value, list):
            raise FormatError(path, f"expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0], f"{path}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise FormatError(path, f"expected {len(args)} items, got {len(value)}")
        pairs = enumerate(zip(value, args, strict=True))
        return tuple(decode(v, a, f"{path}[{i}]") for i, (v, a) in pairs)
    if origin is frozenset:
        if not isinstance(value, list):
            raise FormatError(path, f"expected a list, got {value!r}")
        items = [decode(v, args[0], f"{path}[{i}]") for i, v in enumerate(value)]
        if len(set(items)) != len(items):
            raise FormatError(path, "repeated item in a set")
        return frozenset(items)
    if is_record(annotation):
        return _decode_dataclass(value, annotation, path)
    raise TypeError(f"boardlab JSON cannot decode the type {annotation!r}")


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
        raise FormatError(path, f"expected an object for {cls.__name__}, got {value!r}")
    tag = value.get("type", cls.__name__)
    if tag != cls.__name__:
        raise FormatError(_join(path, "type"), f"expected {cls.__name__!r}, got {tag!r}")
    hints = _hints(cls)
    fields = _record_fields(cls)
    unknown = set(value) - set(fields) - {"type"}
    if unknown:
        raise FormatError(_join(path, sorted(unknown)[0]), "unknown field")
    kwargs = {}
    for name, required in fields.items():
        if name not in value:
            if required:
                raise FormatError(_join(path, name), "missing")
            continue
        kwargs[name] = decode(value[name], hints[name], _join(path, name))
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as err:
        raise FormatError(path, str(err)) from err


def decode_choice(value: JSON, classes: tuple[type, ...], path: str = "") -> Any:
    """Decode a tagged object whose ``type`` names one of ``classes``."""
    if not isinstance(value, dict):
        raise FormatError(path, f"expected an object, got {value!r}")
    tag = value.get("type")
    by_name = {c.__name__: c for c in classes}
    if tag not in by_name:
        raise FormatError(_join(path, "type"),
                          f"unknown kind {tag!r}; expected one of {sorted(by_name)}")
    return _decode_dataclass(value, by_name[tag], path)
