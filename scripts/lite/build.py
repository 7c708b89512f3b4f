"""Build the browser edition of boardlab (two JupyterLite sites) into build/.

    .venv/bin/python -m scripts.lite.build              (make lite) both sites
    .venv/bin/python -m scripts.lite.build tools        print the build tools' pins (pip)
    .venv/bin/python -m scripts.lite.build serve [PORT] [student]   (make lite-serve)

Two sites, one per audience: ``build/lite/`` for the teacher (the teacher edition with its
solutions and the student edition) and ``build/lite-student/`` for the class (the student
edition alone: nothing in it holds a solution or a teacher note). Each opens on a landing
page: the lessons and walkthroughs with their one-line goals, and the app pages.

Every input is pinned in scripts/lite/lite.toml. Downloads are cached under
build/lite-cache/ and checked against their pins on every build (a second build
downloads nothing):

1. the Pyodide core: ``npm pack pyodide@VERSION`` (the only use of npm), checked
   against its npm integrity;
2. the pure-Python wheels: ``pip download --no-deps`` for the ``any`` platform and the
   browser's Python, each checked against its sha256; the labextensions come from the
   pinned jupyterlab-widgets and jupyterlite-pyodide-kernel wheels, not from .venv;
3. boardlab's own wheel, written from the sources (scripts/lite/wheelfile.py);
4. ``static/pyodide/``: the core, the wheels, and pyodide-lock.json rewritten to list
   exactly those wheels (scripts/lite/lockfile.py);
5. the notebooks (scripts/lite/contents.py) and one app page per game;
6. ``jupyter lite build`` into the site's folder, with PyPI fallback disabled;
7. the landing page, ``index.html`` (JupyterLite's own front door, a redirect to
   JupyterLab, is replaced; JupyterLab stays at ``lab/``).

A machine without npm (and no cached Pyodide) gets :class:`MissingTool` with the reason.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scripts.lite import contents, lockfile, wheelfile

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "scripts" / "lite" / "lite.toml"
BUILD = ROOT / "build"
CACHE = BUILD / "lite-cache"
SOURCE = BUILD / "lite-src"
OUTPUT = BUILD / "lite"
#: The student site (the student edition alone).
STUDENT_OUTPUT = BUILD / "lite-student"
OUTPUTS = {"teacher": OUTPUT, "student": STUDENT_OUTPUT}
APP_PAGE = Path(__file__).resolve().parent / "app.html"

#: The JupyterLite apps the site carries (the REPL and the file editor are left out).
APPS = ("lab", "notebooks", "tree")


class MissingTool(RuntimeError):
    """A tool the build needs (npm, the jupyterlite packages) is not there."""


@dataclass(frozen=True)
class App:
    """One game's app page: its registry name, title and the code that shows the board."""

    name: str
    title: str
    code: str


@dataclass(frozen=True)
class Config:
    """scripts/lite/lite.toml, read and checked."""

    tools: dict[str, tuple[str, str]]           # name -> (version, sha256)
    pyodide_version: str
    pyodide_integrity: str
    python: str
    wheels: dict[str, tuple[str, str]]          # name -> (version, sha256)
    excluded: tuple[str, ...]
    kernel: tuple[str, ...]
    exclude_notebooks: tuple[str, ...]
    apps: tuple[App, ...] = field(default=())


def load_config(path: Path = CONFIG) -> Config:
    """Read the pins; a missing or malformed field is a ValueError naming it."""
    data = tomllib.loads(path.read_text())

    def need(table: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
        value = table.get(key)
        if not isinstance(value, kind):
            raise ValueError(f"{path.name}: {where}.{key} must be a {kind.__name__}, "
                             f"got {value!r}")
        return value

    def pins(section: str) -> dict[str, tuple[str, str]]:
        out = {}
        for name, pin in need(data, section, dict, "").items():
            version = need(pin, "version", str, f"{section}.{name}")
            sha = need(pin, "sha256", str, f"{section}.{name}")
            if len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
                raise ValueError(f"{path.name}: {section}.{name}.sha256 is not a hex sha256")
            out[name] = (version, sha)
        return out

    pyodide = need(data, "pyodide", dict, "")
    lock = need(data, "lock", dict, "")
    site = need(data, "site", dict, "")
    apps = tuple(App(name, need(spec, "title", str, f"site.apps.{name}"),
                     need(spec, "code", str, f"site.apps.{name}"))
                 for name, spec in need(site, "apps", dict, "site").items())
    return Config(
        tools=pins("tools"),
        pyodide_version=need(pyodide, "version", str, "pyodide"),
        pyodide_integrity=need(pyodide, "integrity", str, "pyodide"),
        python=need(pyodide, "python", str, "pyodide"),
        wheels=pins("wheels"),
        excluded=tuple(need(lock, "excluded", list, "lock")),
        kernel=tuple(need(lock, "kernel", list, "lock")),
        exclude_notebooks=tuple(need(site, "exclude", list, "site")),
        apps=apps,
    )


def tool_requirements(config: Config) -> list[str]:
    """``name==version`` of every build tool, for ``pip install``."""
    return [f"{name}=={version}" for name, (version, _sha) in sorted(config.tools.items())]


def log(message: str) -> None:
    print(f"[lite] {message}", flush=True)


# -- 1. the Pyodide core ------------------------------------------------------------------------
def npm_integrity(path: Path) -> str:
    """The npm ``integrity`` string (``sha512-<base64>``) of a package tarball."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def fetch_pyodide(config: Config, cache: Path = CACHE) -> Path:
    """The unpacked npm package ``pyodide`` (its ``package/`` folder), fetched once."""
    version = config.pyodide_version
    tarball = cache / f"pyodide-{version}.tgz"
    unpacked = cache / f"pyodide-{version}"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise MissingTool("npm is needed once, to fetch the Pyodide core "
                              f"(npm pack pyodide@{version}); install Node.js/npm")
        cache.mkdir(parents=True, exist_ok=True)
        log(f"npm pack pyodide@{version}")
        subprocess.run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(cache),
                        "--silent"], check=True, cwd=cache, stdout=subprocess.DEVNULL)
    got = npm_integrity(tarball)
    if got != config.pyodide_integrity:
        raise ValueError(f"{tarball.name}: integrity {got} differs from the pin "
                         f"{config.pyodide_integrity} (delete it to fetch it again)")
    if not (unpacked / "package" / "pyodide-lock.json").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(tarball) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


# -- 2. the wheels ------------------------------------------------------------------------------
def wheel_file_names(folder: Path) -> dict[str, Path]:
    """The wheels in ``folder`` by canonical project name."""
    from packaging.utils import canonicalize_name, parse_wheel_filename

    return {canonicalize_name(parse_wheel_filename(p.name)[0]): p
            for p in sorted(folder.glob("*.whl"))}


def pip_download(pins: Mapping[str, tuple[str, str]], dest: Path, python: str) -> None:
    """``pip download`` the pinned pure-Python wheels into ``dest``, hashes required."""
    dest.mkdir(parents=True, exist_ok=True)
    requirements = dest / "requirements.txt"
    requirements.write_text("".join(f"{name}=={version} --hash=sha256:{sha}\n"
                                    for name, (version, sha) in sorted(pins.items())))
    log(f"pip download {len(pins)} wheels for Python {python} (any platform)")
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--platform", "any", "--python-version", python,
                    "--implementation", "py", "--abi", "none", "--require-hashes",
                    "-r", str(requirements), "-d", str(dest)], check=True)


def fetch_wheels(pins: Mapping[str, tuple[str, str]], dest: Path, python: str) -> list[Path]:
    """The pinned wheels, downloaded when missing, each checked against its sha256."""
    from packaging.utils import canonicalize_name

    have = wheel_file_names(dest) if dest.is_dir() else {}
    wanted = {canonicalize_name(n): (n, v, s) for n, (v, s) in pins.items()}
    missing = {n: (v, s) for key, (n, v, s) in wanted.items()
               if key not in have or lockfile.sha256_of(have[key]) != s}
    for key, (n, _v, _s) in wanted.items():
        if n in missing and key in have:
            have[key].unlink()  # a stale version or a damaged file
    if missing:
        pip_download(missing, dest, python)
        have = wheel_file_names(dest)
    out = []
    for key, (name, version, sha) in sorted(wanted.items()):
        path = have.get(key)
        if path is None:
            raise FileNotFoundError(f"pip did not download {name}=={version}")
        if lockfile.sha256_of(path) != sha:
            raise ValueError(f"{path.name}: sha256 differs from the pin in lite.toml")
        out.append(path)
    return out


# -- 3. boardlab's wheel ------------------------------------------------------------------------
def project_metadata(root: Path = ROOT) -> tuple[str, list[str], str | None]:
    """boardlab's version, its dependencies and Requires-Python (from pyproject.toml)."""
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    version = None
    for line in (root / "boardlab" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            version = line.split("=", 1)[1].strip().strip("\"'")
    if not version:
        raise ValueError("boardlab/__init__.py has no __version__")
    return version, list(project.get("dependencies", [])), project.get("requires-python")


def boardlab_wheel(dest: Path, root: Path = ROOT) -> Path:
    version, requires, requires_python = project_metadata(root)
    for old in dest.glob("boardlab-*.whl"):
        old.unlink()
    return wheelfile.write_pure_wheel(root / "boardlab", dest, version=version,
                                      requires=requires, requires_python=requires_python)


# -- 4.–6. the site -----------------------------------------------------------------------------
#: Files of the npm package the kernel loads (the rest are docs, types and consoles).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json")


def write_static_pyodide(core: Path, wheels: Iterable[Path], target: Path,
                         config: Config) -> dict[str, Any]:
    """Fill ``static/pyodide``: the core, the wheels and the rewritten lock."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(core / name, target / name)
    infos = []
    for wheel in wheels:
        shutil.copy2(wheel, target / wheel.name)
        infos.append(lockfile.read_wheel(wheel))
    lock = json.loads((core / "pyodide-lock.json").read_text())
    new = lockfile.rewrite_lock(lock, infos, excluded=config.excluded,
                                roots=["boardlab", *config.kernel])
    (target / "pyodide-lock.json").write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
    return new


def write_contents(files: Path, config: Config, root: Path = ROOT,
                   audience: str = "teacher") -> list[str]:
    """The notebooks and app notebooks under ``files/``; returns their site paths."""
    shutil.rmtree(files, ignore_errors=True)
    written = []
    for source, path in contents.site_notebooks(root / "notebooks", config.exclude_notebooks,
                                                audience):
        nb = contents.for_the_browser(json.loads(source.read_text()))
        _write_json(files / path, nb)
        written.append(path)
    for app in config.apps:
        path = contents.site_path("apps", f"{app.name}.ipynb")
        _write_json(files / path, contents.app_notebook(app.title, app.code))
        written.append(path)
    return written


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def landing_entries(paths: Iterable[str], root: Path = ROOT) -> list[contents.Entry]:
    """One landing-page entry per notebook of the site (its editions side by side)."""
    editions: dict[str, list[tuple[str, str]]] = {}
    for path in paths:
        folder, name = path.split("/", 1)
        if folder in ("teacher", "student"):
            editions.setdefault(name, []).append((f"{folder} edition", path))
    out = []
    for name, links in sorted(editions.items()):
        nb = json.loads((root / "notebooks" / name).read_text(encoding="utf-8"))
        if len(links) == 1:
            links = [("open", links[0][1])]
        out.append(contents.entry(nb, links))
    return out


#: JupyterLite's page configuration in an ``index.html``: every app reads it from the
#: index.html of each folder above it, the site's root included (config-utils.js).
CONFIG_SCRIPT = re.compile(r'<script id="jupyter-config-data"[^>]*>.*?</script>', re.S)


def write_landing_page(output: Path, config: Config, paths: Iterable[str],
                       audience: str, root: Path = ROOT) -> None:
    """``index.html``: the site's front page (contents.landing_page), in place of
    JupyterLite's redirect to JupyterLab, keeping its configuration script (data, not
    code), without which no app of the site starts."""
    index = output / "index.html"
    found = CONFIG_SCRIPT.search(index.read_text(encoding="utf-8"))
    if found is None:
        raise RuntimeError(f"{index} holds no jupyter-config-data script")
    apps = [(app.title, f"apps/{app.name}.html") for app in config.apps]
    page = contents.landing_page(landing_entries(paths, root), apps, audience)
    index.write_text(page.replace("</head>", found.group(0) + "\n</head>", 1),
                     encoding="utf-8")


def write_app_pages(output: Path, config: Config) -> list[str]:
    """``apps/<game>.html`` in the built site: the board alone (see app.html)."""
    template = APP_PAGE.read_text()
    pages = []
    for app in config.apps:
        page = output / "apps" / f"{app.name}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(template.replace("{{TITLE}}", app.title)
                        .replace("{{NOTEBOOK}}", f"apps/{app.name}.ipynb"))
        pages.append(f"apps/{app.name}.html")
    return pages


def lite_config(wheel_extensions: Iterable[Path], output: Path) -> dict[str, Any]:
    """``jupyter_lite_config.json``: what ``jupyter lite build`` takes, nothing from .venv."""
    return {"LiteBuildConfig": {
        "apps": list(APPS),
        "contents": ["files"],
        "federated_extensions": [str(p) for p in wheel_extensions],
        "ignore_sys_prefix": True,
        "no_sourcemaps": True,
        "no_unused_shared_packages": True,
        "output_dir": str(output),
    }}


def jupyter_lite_json() -> dict[str, Any]:
    """The site's ``jupyter-lite.json``: no PyPI fallback, the app object exposed."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "boardlab (browser edition)",
        # The app pages drive the notebook app through window.jupyterapp.
        "exposeAppInBrowser": True,
        "litePluginSettings": {
            "@jupyterlite/pyodide-kernel-extension:kernel": {
                "disablePyPIFallback": True,
                # boardlab and its dependencies load with the kernel: a cell's imports are
                # found by parsing it, which fails on a cell that starts with a %magic.
                "loadPyodideOptions": {"packages": ["boardlab"]},
            },
        },
    }}


def build_all(*, cache: Path = CACHE, root: Path = ROOT) -> dict[str, dict[str, Any]]:
    """Both sites (teacher, student); their summaries by audience."""
    return {audience: build(output, audience=audience, cache=cache,
                            source=BUILD / f"lite-src-{audience}", root=root)
            for audience, output in OUTPUTS.items()}


def build(output: Path = OUTPUT, *, audience: str = "teacher", cache: Path = CACHE,
          source: Path = SOURCE, root: Path = ROOT) -> dict[str, Any]:
    """Build one audience's site; returns a summary (timings, sizes, lock packages)."""
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError as error:
        raise MissingTool(f"{error.name} is not installed: .venv/bin/pip install "
                          f"{' '.join(tool_requirements(load_config()))}") from None
    started = time.monotonic()
    config = load_config()
    core = fetch_pyodide(config, cache)
    wheels = fetch_wheels(config.wheels, cache / "wheels", config.python)
    # The labextensions (widgets, Pyodide kernel) come from their pinned wheels.
    tool_wheels = fetch_wheels({n: pin for n, pin in config.tools.items()
                                if n != "jupyterlite-core"}, cache / "tools", config.python)
    fetched = time.monotonic()
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    own = boardlab_wheel(cache / "own", root)
    lock = write_static_pyodide(core, [*wheels, own], source / "static" / "pyodide", config)
    paths = write_contents(source / "files", config, root, audience)
    _write_json(source / "jupyter_lite_config.json", lite_config(tool_wheels, output))
    _write_json(source / "jupyter-lite.json", jupyter_lite_json())
    shutil.rmtree(output, ignore_errors=True)
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
    log(f"jupyter lite build -> {output}")
    done = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build",
                           "--lite-dir", str(source)], cwd=source, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"jupyter lite build failed:\n{done.stdout[-3000:]}\n"
                           f"{done.stderr[-3000:]}")
    pages = write_app_pages(output, config)
    write_landing_page(output, config, paths, audience, root)
    size, count = _size(output)
    summary = {"audience": audience, "seconds": round(time.monotonic() - started, 1),
               "download_seconds": round(fetched - started, 1),
               "bytes": size, "files": count, "notebooks": paths, "app_pages": pages,
               "lock_packages": sorted(lock["packages"]),
               "pyodide": config.pyodide_version,
               "tools": {n: v for n, (v, _s) in config.tools.items()}}
    _write_json(output / "boardlab-lite.json", summary)
    log(f"built the {audience} site: {count} files, {size / 1e6:.1f} MB in {summary['seconds']} s "
        f"(downloads and checks {summary['download_seconds']} s)")
    return summary


def _size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def serve(folder: Path = OUTPUT, port: int = 8000) -> None:
    """Serve the built site on http://127.0.0.1:PORT/ until interrupted."""
    import functools
    import http.server

    if not (folder / "index.html").exists():
        raise SystemExit(f"{folder} holds no site yet: run `make lite` first")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(f"boardlab browser edition: http://127.0.0.1:{port}/ (Ctrl+C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.lite.build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "tools",
                                                                          "serve"))
    parser.add_argument("port", nargs="?", type=int, default=8000)
    parser.add_argument("audience", nargs="?", default="teacher", choices=tuple(OUTPUTS),
                        help="serve: which site (default: teacher)")
    args = parser.parse_args(argv)
    if args.command == "tools":
        print(" ".join(tool_requirements(load_config())))
        return 0
    if args.command == "serve":
        serve(OUTPUTS[args.audience], port=args.port)
        return 0
    try:
        build_all()
    except MissingTool as error:
        print(f"[lite] cannot build: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
