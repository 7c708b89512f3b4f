"""``@dataclass(frozen=True, slots=True)`` as the standard library makes it, made faster
(and ``@dataclass(frozen=True)``).

The games' choices and configuration records are frozen, slotted dataclasses: about a
hundred of them are created when a game is imported, and on Python 3.11 each costs a
third of a millisecond, nearly all of it compiling the six generated methods
(``__init__``, ``__repr__``, ``__eq__``, ``__setattr__``, ``__delattr__``,
``__hash__``) from source text, one ``exec`` each: a third of what a first board waits
for in Breakout and Level 7 (issue 28). :func:`dataclass` builds the very same class:
the same fields (made by the standard library's own field logic), the same methods
with the same bytecode, names, defaults, annotations and closures, the same
``__slots__``, ``__match_args__`` and pickling support (the slots by the standard
library's own ``_add_slots``). Only the compiling is shared:
the six methods' code is compiled once per *shape* (the number of fields, whether there
is a ``__post_init__``), in one go, with placeholder names, and each class
gets a copy of that code with its own field names put in (``CodeType.replace``).

Anything else — other flags, ``field(...)``, ``ClassVar`` / ``InitVar`` / ``KW_ONLY``,
dataclass bases, hand-written dunders, a field named like something the generated code
uses (``self``, ``hash``), or any Python but 3.11 (whose generated text this module
reproduces) — goes to :func:`dataclasses.dataclass` unchanged.
``tests/core/test_frozen.py`` compares every class made here with the standard
library's twin, method by method.

>>> @dataclass(frozen=True, slots=True)
... class Move:
...     to: int
...     escape: str = ""
>>> Move(3), Move(3) == Move(3, ""), hash(Move(3)) == hash((3, ""))
(Move(to=3, escape=''), True, True)
>>> import dataclasses
>>> [f.name for f in dataclasses.fields(Move)], Move.__slots__, Move.__match_args__
(['to', 'escape'], ('to', 'escape'), ('to', 'escape'))
"""

from __future__ import annotations

import abc
import dataclasses
import re
import sys
from functools import cache
from types import CellType, CodeType, FunctionType
from typing import TYPE_CHECKING, Any

__all__ = ["dataclass", "made_here"]

_dc: Any = dataclasses  # the standard library's internals this module reuses
#: The standard library whose generated source text this module reproduces.
_SUPPORTED = sys.version_info[:2] == (3, 11) and all(hasattr(_dc, name) for name in (
    "_get_field", "_FIELD", "_FIELDS", "_PARAMS", "_DataclassParams", "_set_new_attribute",
    "_set_qualname", "_recursive_repr", "_add_slots", "_field_init", "_init_param",
    "_tuple_str", "_POST_INIT_NAME", "_is_kw_only", "_is_type", "_HAS_DEFAULT_FACTORY"))
#: The methods a frozen dataclass gets; a class that writes one itself goes the long way.
_MADE = ("__init__", "__repr__", "__eq__", "__setattr__", "__delattr__", "__hash__",
         "__match_args__", "__slots__", "__getstate__", "__setstate__")
_PLACEHOLDER = "_boardlab_field_{}_"
_PREFIX = "_boardlab_field_"
_PLACEHOLDERS = re.compile(r"_boardlab_field_(\d+)_")

#: Every class this module built itself (not handed to the standard library), in order.
made_here: list[type] = []


def _fast(cls: type, slots: bool = True) -> type:
    """``dataclasses.dataclass(frozen=True, slots=slots)(cls)``, sharing the compiling."""
    if not _SUPPORTED or not _simple(cls):
        return dataclasses.dataclass(frozen=True, slots=slots)(cls)
    module = sys.modules.get(cls.__module__)
    namespace = module.__dict__ if module is not None else {}
    setattr(cls, _dc._PARAMS, _dc._DataclassParams(True, True, True, False, False, True))
    fields = {name: _dc._get_field(cls, name, kind, False)
              for name, kind in cls.__dict__.get("__annotations__", {}).items()}
    flist = list(fields.values())
    names = tuple(fields)
    required = sum(f.default is dataclasses.MISSING for f in flist)
    if any(f._field_type is not _dc._FIELD for f in flist) or _defaults_out_of_order(fields):
        return _long_way(cls, slots)
    code = {method: _rename(c, names) for method, c in
            _templates(len(flist), hasattr(cls, _dc._POST_INIT_NAME)).items()}
    if any(map(_collides, code.values())):
        return _long_way(cls, slots)
    setattr(cls, _dc._FIELDS, fields)
    init = _function(code["__init__"], namespace, {"__dataclass_builtins_object__": object},
                     tuple(f.default for f in flist[required:]))
    init.__annotations__ = {**{f.name: f.type for f in flist}, "return": None}
    _dc._set_new_attribute(cls, "__init__", init)
    _dc._set_new_attribute(cls, "__repr__", _dc._recursive_repr(
        _function(code["__repr__"], namespace)))
    _dc._set_new_attribute(cls, "__eq__", _function(code["__eq__"], namespace))
    frozen = {"cls": cls, "FrozenInstanceError": dataclasses.FrozenInstanceError}
    for method in ("__setattr__", "__delattr__"):
        _dc._set_new_attribute(cls, method, _function(code[method], namespace, frozen))
    cls.__hash__ = _dc._set_qualname(cls, _function(  # type: ignore[method-assign]
        code["__hash__"], namespace))
    _dc._set_new_attribute(cls, "__match_args__", names)
    if slots:
        cls = _dc._add_slots(cls, True, False)
    abc.update_abstractmethods(cls)
    made_here.append(cls)
    return cls


def _simple(cls: type) -> bool:
    """Whether ``cls`` is the plain case this module builds (else: the standard library)."""
    if not cls.__doc__ or any(name in cls.__dict__ for name in _MADE):
        return False
    if any(hasattr(base, _dc._FIELDS) for base in cls.__mro__[1:]):
        return False
    for name, kind in cls.__dict__.get("__annotations__", {}).items():
        if _dc._is_kw_only(kind, dataclasses) or (isinstance(kind, str) and _dc._is_type(
                kind, cls, dataclasses, dataclasses.KW_ONLY, _dc._is_kw_only)):
            return False
        if isinstance(cls.__dict__.get(name), dataclasses.Field):
            return False
    return not any(isinstance(v, dataclasses.Field) for v in cls.__dict__.values())


def _defaults_out_of_order(fields: dict[str, Any]) -> bool:
    """A required field after one with a default (the standard library says so, raising)."""
    seen = False
    for f in fields.values():
        if f.default is not dataclasses.MISSING:
            seen = True
        elif seen:
            return True
    return False


def _collides(code: CodeType) -> bool:
    """Whether a field's name is one the renamed method already uses for something else
    (``hash``, ``self``, ``__class__`` …): the standard library's text would compile to
    other name tables than the template's, so such a class goes the long way."""
    local = code.co_varnames + code.co_freevars + code.co_cellvars
    return len(set(code.co_names)) != len(code.co_names) or len(set(local)) != len(local)


def _long_way(cls: type, slots: bool) -> type:
    """Undo what :func:`_fast` set and let the standard library do all of it."""
    for attr in (_dc._PARAMS, _dc._FIELDS):
        if attr in cls.__dict__:
            delattr(cls, attr)
    return dataclasses.dataclass(frozen=True, slots=slots)(cls)


def _function(code: CodeType, namespace: dict[str, Any], free: dict[str, Any] | None = None,
              defaults: tuple[Any, ...] = ()) -> Any:
    """A function of ``code`` in the module ``namespace``, its free names from ``free``."""
    closure = tuple(CellType((free or {})[name]) for name in code.co_freevars)
    return FunctionType(code, namespace, code.co_name, defaults or None, closure or None)


def _rename(code: CodeType, names: tuple[str, ...]) -> CodeType:
    """``code`` with each placeholder (in names and string constants) put in its field's
    name; a field name that looks like a placeholder is refused with a collision."""
    def name(match: re.Match[str]) -> str:
        return names[int(match.group(1))]

    def new(value: Any) -> Any:
        if isinstance(value, str):
            return _PLACEHOLDERS.sub(name, value) if _PREFIX in value else value
        if isinstance(value, (tuple, frozenset)):
            return type(value)(new(v) for v in value)
        return value

    if any(_PREFIX in n for n in names):
        return code.replace(co_names=code.co_names * 2)  # a collision: the long way
    return code.replace(co_varnames=tuple(map(new, code.co_varnames)),
                        co_names=tuple(map(new, code.co_names)),
                        co_consts=tuple(map(new, code.co_consts)))


def _fields(count: int) -> list[Any]:
    """``count`` placeholder fields."""
    fields = []
    for i in range(count):
        f = dataclasses.field()
        f.name, f.type, f.kw_only = _PLACEHOLDER.format(i), None, False
        f._field_type = _dc._FIELD
        fields.append(f)
    return fields


@cache
def _templates(count: int, post_init: bool) -> dict[str, CodeType]:
    """The six methods' code for ``count`` placeholder fields, from the standard library's
    own source text, compiled together. Defaults are no part of the code (they are the
    function's ``__defaults__``), so one ``__init__`` serves every split of required
    fields and fields with defaults."""
    fields = _fields(count)
    init_locals: dict[str, Any] = {f"_type_{f.name}": None for f in fields}
    init_locals.update({"MISSING": None, "_HAS_DEFAULT_FACTORY": None,
                        "__dataclass_builtins_object__": None, "_return_type": None})
    body = [_dc._field_init(f, True, init_locals, "self", True) for f in fields]
    if post_init:
        body.append(f"self.{_dc._POST_INIT_NAME}()")
    reprs = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in fields)
    names = "(" + ",".join(repr(f.name) for f in fields) + ",)" if fields else "()"
    frozen = ("cls", "FrozenInstanceError")
    self_tuple, other_tuple = _dc._tuple_str("self", fields), _dc._tuple_str("other", fields)
    return _compile({
        "__init__": (["self", *map(_dc._init_param, fields)], body or ["pass"],
                     tuple(init_locals), "->_return_type"),
        "__repr__": (["self"], ['return self.__class__.__qualname__ + f"(' + reprs + ')"'],
                     (), ""),
        "__eq__": (["self", "other"], [
            "if other.__class__ is self.__class__:", f" return {self_tuple}=={other_tuple}",
            "return NotImplemented"], (), ""),
        "__setattr__": (["self", "name", "value"], [
            f"if type(self) is cls or name in {names}:",
            ' raise FrozenInstanceError(f"cannot assign to field {name!r}")',
            "super(cls, self).__setattr__(name, value)"], frozen, ""),
        "__delattr__": (["self", "name"], [
            f"if type(self) is cls or name in {names}:",
            ' raise FrozenInstanceError(f"cannot delete field {name!r}")',
            "super(cls, self).__delattr__(name)"], frozen, ""),
        "__hash__": (["self"], [f"return hash({self_tuple})"], (), ""),
    })


def _compile(methods: dict[str, tuple[list[str], list[str], tuple[str, ...], str]],
             ) -> dict[str, CodeType]:
    """Each method's code as ``dataclasses._create_fn`` writes it (args, body lines, the
    wrapper's locals, the return annotation), all compiled in one go."""
    texts = []
    for name, (args, body, local_names, annotation) in methods.items():
        lines = "\n".join(f"  {b}" for b in body)
        text = f" def {name}({','.join(args)}){annotation}:\n{lines}"
        texts.append(f"def __create_fn__({', '.join(local_names)}):\n{text}\n return {name}")
    # dont_inherit: not this module's own __future__ flags (the standard library has none).
    module = compile("\n".join(texts), "<string>", "exec", dont_inherit=True)
    wrappers = [c for c in module.co_consts if isinstance(c, CodeType)]
    code = {}
    for name, wrapper in zip(methods, wrappers, strict=True):
        inner = next(c for c in wrapper.co_consts if isinstance(c, CodeType))
        # Compiled alone (as the standard library does) the method starts on line 2.
        code[name] = inner.replace(co_firstlineno=2)
    return code


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass  # type checkers see the standard one
else:
    def dataclass(cls: type | None = None, /, **flags: Any) -> Any:
        """:func:`dataclasses.dataclass`; ``frozen=True`` (with or without ``slots=True``)
        and no other flag is made faster."""
        if flags not in ({"frozen": True, "slots": True}, {"frozen": True}):
            return dataclasses.dataclass(cls, **flags)
        slots = flags.get("slots", False)

        def make(cls: type) -> type:
            return _fast(cls, slots)
        return make if cls is None else make(cls)
