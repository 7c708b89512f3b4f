"""Pyodide's lock file rewritten to list exactly the wheels of the browser edition.

The Pyodide kernel runs ``loadPackagesFromImports`` on every cell: an ``import sympy``
loads the lock's ``sympy`` entry and everything in its ``depends``. The lock that ships
with the npm package lists hundreds of packages whose files are not in the site (they
live on a CDN), so an entry left there breaks its import offline; and PyPI's micropip
wheel has another sha256 than Pyodide's. :func:`rewrite_lock` therefore keeps the lock's
``info`` and replaces ``packages`` with one entry per wheel of the site, made from the
wheel itself (:func:`read_wheel`, :func:`lock_entry`):

- name and version from ``METADATA``; the file name and its sha256;
- ``imports``: the top-level modules, from ``top_level.txt`` or else from ``RECORD``;
- ``depends``: the ``Requires-Dist`` lines whose markers hold in the browser
  (:func:`browser_environment`: Emscripten, wasm32, the lock's Python), without extras,
  minus the packages excluded on purpose (compiled ones such as matplotlib).

Everything here is a pure function of its arguments (no network, no subprocess):
``tests/lite/test_lockfile.py`` checks it on wheels written by the tests.

>>> sorted(browser_environment("3.14.2").items())[:3]
[('implementation_name', 'cpython'), ('implementation_version', '3.14.2'), ('os_name', 'posix')]
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename


class LockError(ValueError):
    """A wheel or a set of wheels that cannot make a consistent lock (the message says why)."""


@dataclass(frozen=True)
class WheelInfo:
    """What the lock needs to know about one wheel file."""

    name: str                 # as METADATA spells it
    version: str
    file_name: str
    sha256: str
    imports: tuple[str, ...]
    requires: tuple[str, ...]  # the Requires-Dist lines, as written

    @property
    def key(self) -> str:
        """The lock's key for this package: its canonical name (``prompt-toolkit``)."""
        return canonicalize_name(self.name)


def browser_environment(python: str) -> dict[str, str]:
    """Marker values of Pyodide's Python ``python`` (``"3.14.2"``) in a browser."""
    parts = python.split(".")
    if len(parts) < 2 or not all(p.isdigit() for p in parts):
        raise LockError(f"python version {python!r} is not like '3.14' or '3.14.2'")
    full = python if len(parts) > 2 else f"{python}.0"
    return {
        "implementation_name": "cpython",
        "implementation_version": full,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": full,
        "python_version": ".".join(parts[:2]),
        "sys_platform": "emscripten",
    }


def sha256_of(path: Path) -> str:
    """The hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_wheel(path: Path) -> WheelInfo:
    """The :class:`WheelInfo` of a pure-Python wheel file (``*-none-any.whl``)."""
    try:
        name, version, _build, tags = parse_wheel_filename(path.name)
    except Exception as error:  # packaging raises InvalidWheelFilename
        raise LockError(f"{path.name}: not a wheel file name ({error})") from None
    if not all(t.abi == "none" and t.platform == "any" for t in tags):
        raise LockError(f"{path.name}: not a pure-Python wheel (py3-none-any); "
                        "compiled wheels cannot run in the browser edition")
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        dist_info = _dist_info_dir(path.name, names)
        meta = HeaderParser().parsestr(wheel.read(f"{dist_info}/METADATA").decode())
        top_level = f"{dist_info}/top_level.txt"
        if top_level in names:
            imports = [line.strip() for line in wheel.read(top_level).decode().splitlines()]
        else:
            record = wheel.read(f"{dist_info}/RECORD").decode()
            imports = imports_from_record(line.split(",", 1)[0] for line in record.splitlines())
    if canonicalize_name(meta["Name"] or "") != name:
        raise LockError(f"{path.name}: METADATA names {meta['Name']!r}, the file name {name!r}")
    return WheelInfo(name=meta["Name"], version=meta["Version"], file_name=path.name,
                     sha256=sha256_of(path),
                     imports=tuple(sorted({i for i in imports if i and not i.startswith("_")}
                                          or {i for i in imports if i})),
                     requires=tuple(meta.get_all("Requires-Dist") or ()))


def _dist_info_dir(file_name: str, names: list[str]) -> str:
    dirs = {n.split("/", 1)[0] for n in names if n.split("/", 1)[0].endswith(".dist-info")}
    if len(dirs) != 1:
        raise LockError(f"{file_name}: expected one .dist-info folder, found {sorted(dirs)}")
    return dirs.pop()


def imports_from_record(paths: Iterable[str]) -> list[str]:
    """Top-level importable names among a wheel's RECORD paths.

    >>> imports_from_record(["six.py", "pkg/__init__.py", "pkg/a.py", "x-1.0.dist-info/RECORD",
    ...                      "pkg-1.0.data/scripts/run", "mod.cpython-314.pyc", "README"])
    ['pkg', 'six']
    """
    found = set()
    for path in paths:
        top, _, rest = path.partition("/")
        if top.endswith((".dist-info", ".data")) or top == "__pycache__":
            continue
        if rest and top.isidentifier():
            found.add(top)
        elif not rest and top.endswith(".py") and top[:-3].isidentifier():
            found.add(top[:-3])
    return sorted(found)


def depends(info: WheelInfo, environment: Mapping[str, str],
            excluded: Iterable[str] = ()) -> list[str]:
    """Canonical names ``info`` needs in ``environment`` (no extras), minus ``excluded``.

    >>> w = WheelInfo("ipython", "9", "ipython-9-py3-none-any.whl", "0" * 64, ("IPython",),
    ...     ("pexpect>4.6; sys_platform != 'emscripten'", "Prompt_Toolkit<3.1",
    ...      "typing_extensions; python_version < '3.12'", "pytest; extra == 'test'",
    ...      "matplotlib"))
    >>> depends(w, browser_environment("3.14.2"), excluded=["matplotlib"])
    ['prompt-toolkit']
    """
    skip = {canonicalize_name(e) for e in excluded}
    env = {**environment, "extra": ""}
    out: list[str] = []
    for line in info.requires:
        try:
            req = Requirement(line)
        except InvalidRequirement as error:
            raise LockError(f"{info.file_name}: unreadable Requires-Dist {line!r}: {error}") \
                from None
        if req.marker is not None and not Marker(str(req.marker)).evaluate(env):
            continue
        key = canonicalize_name(req.name)
        if key not in skip and key not in out:
            out.append(key)
    return sorted(out)


def lock_entry(info: WheelInfo, environment: Mapping[str, str],
               excluded: Iterable[str] = ()) -> dict[str, Any]:
    """The lock's entry for one wheel, in the shape of Pyodide's own entries."""
    return {
        "depends": depends(info, environment, excluded),
        "file_name": info.file_name,
        "imports": list(info.imports),
        "install_dir": "site",
        "name": info.name,
        "package_type": "package",
        "sha256": info.sha256,
        "unvendored_tests": False,
        "version": info.version,
    }


def rewrite_lock(lock: Mapping[str, Any], wheels: Iterable[WheelInfo], *,
                 excluded: Iterable[str] = (), roots: Iterable[str] = ()) -> dict[str, Any]:
    """``lock`` with ``packages`` made of ``wheels`` alone, checked for consistency.

    ``roots`` are the packages that must be there (boardlab, what the kernel installs);
    every wheel must be needed by a root (directly or not), and everything a wheel
    needs must be a wheel here or be ``excluded``. Both are :class:`LockError` otherwise,
    naming the package and who needs it.
    """
    info = lock.get("info")
    if not isinstance(info, Mapping) or "python" not in info:
        raise LockError("the lock file has no info.python (is it a pyodide-lock.json?)")
    env = browser_environment(str(info["python"]))
    excluded = [canonicalize_name(e) for e in excluded]
    packages: dict[str, dict[str, Any]] = {}
    for wheel in sorted(wheels, key=lambda w: w.key):
        if wheel.key in packages:
            raise LockError(f"two wheels for {wheel.key}: {packages[wheel.key]['file_name']} "
                            f"and {wheel.file_name}")
        if wheel.key in excluded:
            raise LockError(f"{wheel.file_name}: {wheel.key} is excluded from the site")
        packages[wheel.key] = lock_entry(wheel, env, excluded)
    for key, entry in packages.items():
        for dep in entry["depends"]:
            if dep not in packages:
                raise LockError(f"{key} needs {dep}, which is neither a wheel of the site nor "
                                "excluded: pin it in scripts/lite/lite.toml [wheels] (or add "
                                "it to [lock] excluded)")
    needed = _closure([canonicalize_name(r) for r in roots], packages)
    unused = sorted(set(packages) - needed)
    if unused:
        raise LockError(f"not needed by boardlab or the kernel: {', '.join(unused)} "
                        "(remove it from scripts/lite/lite.toml [wheels])")
    return {"info": dict(info), "packages": packages}


def _closure(roots: list[str], packages: Mapping[str, Mapping[str, Any]]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        if key not in packages:
            raise LockError(f"{key} must be in the site but no wheel provides it")
        seen.add(key)
        todo.extend(packages[key]["depends"])
    return seen


def record_hash(data: bytes) -> str:
    """A RECORD line's hash of ``data``: ``sha256=`` and urlsafe base64 without padding.

    >>> record_hash(b"")
    'sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU'
    """
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()
