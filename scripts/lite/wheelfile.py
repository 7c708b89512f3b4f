"""boardlab's own pure-Python wheel, written byte for byte the same from the same sources.

``pip wheel`` would need setuptools and wheel in a fresh build environment (a download
on every build) and stamps the current time into the zip. The browser edition only
needs the package's ``.py`` files and the metadata the lock reads, so
:func:`write_pure_wheel` writes them itself: entries sorted, every timestamp fixed,
``RECORD`` with the standard hashes. The same sources give the same sha256, so the
site's lock is reproducible.

>>> meta = wheel_metadata("boardlab", "0.1.0", ["sympy>=1.12"], ">=3.11")
>>> print(meta)
Metadata-Version: 2.1
Name: boardlab
Version: 0.1.0
Requires-Python: >=3.11
Requires-Dist: sympy>=1.12
<BLANKLINE>
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterable
from pathlib import Path

from scripts.lite.lockfile import record_hash

#: Every entry's timestamp (zip cannot store dates before 1980).
FIXED_DATE = (1980, 1, 1, 0, 0, 0)

GENERATOR = "boardlab-scripts-lite"


def wheel_metadata(name: str, version: str, requires: Iterable[str],
                   requires_python: str | None = None) -> str:
    """The ``METADATA`` text of a wheel."""
    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    if requires_python:
        lines.append(f"Requires-Python: {requires_python}")
    lines += [f"Requires-Dist: {r}" for r in requires]
    return "\n".join(lines) + "\n"


def package_files(package_dir: Path) -> list[Path]:
    """The ``.py`` files of a package folder, sorted (caches and other files left out)."""
    if not (package_dir / "__init__.py").is_file():
        raise FileNotFoundError(f"{package_dir} is not a package (no __init__.py)")
    return sorted(p for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts)


def write_pure_wheel(package_dir: Path, out_dir: Path, *, version: str,
                     requires: Iterable[str] = (), requires_python: str | None = None) -> Path:
    """Write ``<name>-<version>-py3-none-any.whl`` for the package at ``package_dir``."""
    name = package_dir.name
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise ValueError(f"package folder name {name!r} is not a Python identifier")
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (p.relative_to(package_dir.parent).as_posix(), p.read_bytes())
        for p in package_files(package_dir)]
    entries += [
        (f"{dist_info}/METADATA",
         wheel_metadata(name, version, requires, requires_python).encode()),
        (f"{dist_info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: {GENERATOR}\n"
                                "Root-Is-Purelib: true\nTag: py3-none-any\n").encode()),
        (f"{dist_info}/top_level.txt", f"{name}\n".encode()),
    ]
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    tmp = target.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            info = zipfile.ZipInfo(path, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)
    tmp.replace(target)
    return target
