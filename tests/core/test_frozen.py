"""boardlab.core.frozen.dataclass builds the very classes the standard library would.

Every class the fast path made (every game's records and choices) is compared with its
twin from ``dataclasses.dataclass(frozen=True, slots=True)``: the same fields, flags,
slots, ``__match_args__`` and pickling hooks, and each generated method with the same
bytecode, constants, names, defaults, annotations and closure. Then the instances of a
few classes behave the same in everything a user can do with them.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import pickle
import re
import sys
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

from boardlab.core import frozen
from boardlab.core.frozen import dataclass

ROOT = Path(__file__).resolve().parents[2]
#: Every module that imports the fast decorator (imported here, so their classes are made).
USERS = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for path in (ROOT / "boardlab").rglob("*.py")
    if "from boardlab.core.frozen import dataclass" in path.read_text(encoding="utf-8"))
METHODS = ("__init__", "__repr__", "__eq__", "__setattr__", "__delattr__", "__hash__")
#: What a code object is made of; the line table holds column offsets of the source
#: text, which is the template's (the names differ in length), so it alone may differ.
CODE_PARTS = ("co_code", "co_names", "co_varnames", "co_freevars", "co_cellvars",
              "co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_nlocals",
              "co_stacksize", "co_flags", "co_name", "co_qualname", "co_firstlineno",
              "co_filename", "co_exceptiontable")
FIELD_PARTS = ("name", "type", "default", "default_factory", "init", "repr", "hash",
               "compare", "metadata", "kw_only", "_field_type")


def twin(cls: type) -> type:
    """``cls`` made again by the standard library from the same class body."""
    fields = dataclasses.fields(cls)
    made = {*METHODS, "__match_args__", "__slots__", "__getstate__", "__setstate__",
            "__dataclass_fields__", "__dataclass_params__", "__dict__", "__weakref__",
            *(f.name for f in fields)}
    body = {k: v for k, v in vars(cls).items() if k not in made}
    body.update({f.name: f.default for f in fields if f.default is not dataclasses.MISSING})
    body["__qualname__"] = cls.__qualname__
    return dataclasses.dataclass(frozen=True, slots="__slots__" in vars(cls))(
        type(cls.__name__, cls.__bases__, body))


def code_differences(a: CodeType, b: CodeType, where: str) -> list[str]:
    out = [f"{where}.{part}" for part in CODE_PARTS if getattr(a, part) != getattr(b, part)]
    if len(a.co_consts) != len(b.co_consts):
        return [*out, f"{where}.co_consts"]
    for i, (x, y) in enumerate(zip(a.co_consts, b.co_consts, strict=True)):
        if isinstance(x, CodeType) and isinstance(y, CodeType):
            out += code_differences(x, y, f"{where}.co_consts[{i}]")
        elif type(x) is not type(y) or x != y:
            out.append(f"{where}.co_consts[{i}]")
    return out


def function_differences(a: Any, b: Any, where: str) -> list[str]:
    out = [f"{where}.{attr}" for attr in ("__name__", "__qualname__", "__module__", "__doc__",
                                          "__defaults__", "__kwdefaults__", "__annotations__")
           if getattr(a, attr) != getattr(b, attr)]
    if hasattr(a, "__wrapped__") or hasattr(b, "__wrapped__"):  # __repr__'s recursion guard
        out += function_differences(a.__wrapped__, b.__wrapped__, f"{where}.__wrapped__")
        return out
    out += code_differences(a.__code__, b.__code__, where)
    if a.__globals__ is not b.__globals__:
        out.append(f"{where}.__globals__")
    for name, x, y in zip(a.__code__.co_freevars, a.__closure__ or (), b.__closure__ or (),
                          strict=True):
        same = (x.cell_contents.__qualname__ == y.cell_contents.__qualname__ if name == "cls"
                else x.cell_contents is y.cell_contents)
        if not same:
            out.append(f"{where} closure {name}")
    return out


def differences(cls: type, std: type) -> list[str]:
    """Everything in which ``cls`` and its standard-library twin ``std`` differ."""
    out = []
    for f, g in zip(dataclasses.fields(cls), dataclasses.fields(std), strict=True):
        out += [f"field {f.name}.{part}" for part in FIELD_PARTS
                if getattr(f, part) != getattr(g, part)]
    if len(dataclasses.fields(cls)) != len(dataclasses.fields(std)):
        out.append("number of fields")
    for attr in ("__match_args__", "__slots__", "__doc__", "__qualname__", "__module__",
                 "__getstate__", "__setstate__", "__post_init__", "__str__"):
        if getattr(cls, attr, None) != getattr(std, attr, None):
            out.append(attr)
    if repr(cls.__dataclass_params__) != repr(std.__dataclass_params__):  # type: ignore[attr-defined]
        out.append("__dataclass_params__")
    if set(vars(cls)) != set(vars(std)):
        out.append(f"class attributes {set(vars(cls)) ^ set(vars(std))}")
    if str(inspect.signature(cls)) != str(inspect.signature(std)):
        out.append("signature")
    for name in METHODS:
        out += function_differences(vars(cls)[name], vars(std)[name], name)
    return out


def made_classes() -> list[type]:
    for name in USERS:
        importlib.import_module(name)
    return list(frozen.made_here)


def test_the_games_records_are_made_here() -> None:
    # The fast path is taken where it matters: the records of every game's first board.
    names = {f"{c.__module__}.{c.__qualname__}" for c in made_classes()}
    for record in ("boardlab.level7_lockdown.choices.Move", "boardlab.lockup_breakout.records."
                   "Location", "boardlab.mall_of_horror.choices.Place",
                   "boardlab.level7_lockdown.pieces.TileSpec"):
        assert record in names
    assert len(USERS) >= 14


@pytest.mark.skipif(not frozen._SUPPORTED, reason="the fast path is for Python 3.11 only")
def test_every_class_made_here_is_the_standard_librarys_class() -> None:
    found = {f"{c.__module__}.{c.__qualname__}": differences(c, twin(c))
             for c in made_classes()}
    assert len(found) >= 60
    assert {name: d for name, d in found.items() if d} == {}


def test_the_comparison_can_fail() -> None:
    # A class with another default, or a field renamed, is told apart.
    @dataclass(frozen=True, slots=True)
    class A:
        """A record."""

        x: int
        y: str = ""

    @dataclasses.dataclass(frozen=True, slots=True)
    class B:
        """A record."""

        x: int
        y: str = "!"

    @dataclasses.dataclass(frozen=True, slots=True)
    class C:
        """A record."""

        x: int
        z: str = ""

    assert differences(A, twin(A)) == []
    assert "__init__.__defaults__" in differences(A, B)
    assert {"field y.name", "__eq__.co_names", "__init__.co_varnames"} <= set(differences(A, C))


@dataclass(frozen=True, slots=True)
class Move:
    """A choice."""

    to: int
    escape: str = ""
    adrenaline: int = 0

    def __post_init__(self) -> None:
        if self.to < 0:
            raise ValueError(f"to: {self.to}")

    def __str__(self) -> str:
        return f"move to {self.to}"


@dataclass(frozen=True, slots=True)
class Empty:
    """No fields."""


@dataclass(frozen=True)
class Unslotted:
    """Frozen without slots: the defaults stay on the class."""

    x: int
    y: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Named:
    """A field named as a builtin the methods use, and one like a parameter."""

    hash: int
    name: str = "n"


StdMove = twin(Move)


def test_instances_behave_as_the_standard_librarys() -> None:
    assert frozen._SUPPORTED is False or Move in frozen.made_here
    other: list[tuple[type, str]] = []
    for cls in (Move, StdMove):
        m = cls(3, adrenaline=1)
        assert (repr(m), str(m)) == ("Move(to=3, escape='', adrenaline=1)", "move to 3")
        assert m == cls(3, "", 1) and m != cls(4) and m != (3, "", 1)
        assert hash(m) == hash((3, "", 1)) and {m, cls(3, "", 1)} == {m}
        assert copy.deepcopy(m) == m and copy.copy(m) == m
        if cls is Move:  # the twin's name is this module's Move: only it pickles by name
            assert pickle.loads(pickle.dumps(m)) == m
        assert dataclasses.replace(m, to=5) == cls(5, "", 1)
        assert dataclasses.astuple(m) == (3, "", 1) and dataclasses.is_dataclass(m)
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'to'"):
            m.to = 4  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'to'"):
            del m.to  # type: ignore[misc]
        try:  # 3.11's own frozen slotted classes raise a TypeError here: so must these
            m.other = 1  # type: ignore[attr-defined]
        except Exception as exc:  # noqa: BLE001 - compared below, whatever it is
            other.append((type(exc), str(exc)))
        with pytest.raises(ValueError, match="to: -1"):
            cls(-1)
        with pytest.raises(TypeError, match=re.escape(
                "Move.__init__() missing 1 required positional argument: 'to'")):
            cls()  # type: ignore[call-arg]
        match m:
            case cls(3, escape):  # type: ignore[misc]
                assert escape == ""
            case _:
                pytest.fail("no match")
    assert len(other) == 2 and other[0] == other[1]
    assert Empty() == Empty() and repr(Empty()) == "Empty()" and hash(Empty()) == hash(())
    assert Named(1) == Named(1, "n") and repr(Named(2)) == "Named(hash=2, name='n')"
    assert differences(Named, twin(Named)) == [] and differences(Empty, twin(Empty)) == []
    u = Unslotted(1)
    assert Unslotted in frozen.made_here or not frozen._SUPPORTED
    assert (u.y, Unslotted.y, vars(u), differences(Unslotted, twin(Unslotted))) == (
        (), (), {"x": 1, "y": ()}, [])


def test_what_the_fast_path_does_not_handle_goes_to_the_standard_library() -> None:
    before = len(frozen.made_here)

    @dataclass(frozen=True, slots=True)
    class WithField:
        """A field(...) default."""

        items: tuple[int, ...] = dataclasses.field(default=())

    @dataclass(frozen=True, slots=True)
    class OwnRepr:
        """A hand-written __repr__ is kept."""

        x: int

        def __repr__(self) -> str:
            return "mine"

    @dataclass(frozen=True, slots=True)
    class Self:
        """A field named self."""

        self: int

    @dataclass(frozen=True, order=True)
    class Ordered:
        """Other flags."""

        x: int

    assert len(frozen.made_here) == before
    assert WithField().items == () and repr(OwnRepr(1)) == "mine" and Self(1).self == 1
    assert Ordered(1) < Ordered(2)
    with pytest.raises(TypeError, match="non-default argument 'y' follows default argument"):
        @dataclass(frozen=True, slots=True)
        class Order:
            """Out of order."""

            x: int = 0
            y: int  # type: ignore[misc]
    with pytest.raises(ValueError, match="mutable default"):
        @dataclass(frozen=True, slots=True)
        class Mutable:
            """A list as default."""

            x: list[int] = []  # noqa: RUF012  # type: ignore[misc]
    assert sys.modules[__name__].Move is Move
