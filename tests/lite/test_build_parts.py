"""The pure parts of the browser-edition build: wheels, lock entries, contents, config."""

from __future__ import annotations

import doctest
import importlib.util
import json
import zipfile
from pathlib import Path

import pytest

from boardlab import registry
from scripts.lite import build, contents, lockfile, wheelfile

ROOT = Path(__file__).resolve().parents[2]
ENV = lockfile.browser_environment("3.14.2")
LOCK = {"info": {"python": "3.14.2", "platform": "emscripten_5_0_3"},
        "packages": {"numpy": {"file_name": "numpy-2.whl"}}}


@pytest.mark.parametrize("module", [lockfile, wheelfile, contents])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def make_wheel(tmp: Path, name: str, requires: list[str], version: str = "1.0") -> Path:
    pkg = tmp / "src" / name
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text(f"NAME = {name!r}\n")
    (pkg / "sub.py").write_text("X = 1\n")
    return wheelfile.write_pure_wheel(pkg, tmp / "wheels", version=version, requires=requires,
                                      requires_python=">=3.11")


def test_own_wheel_reads_back_and_is_reproducible(tmp_path: Path) -> None:
    first = make_wheel(tmp_path, "alpha", ["beta>=1", "gamma; extra == 'x'"])
    sha = lockfile.sha256_of(first)
    again = make_wheel(tmp_path, "alpha", ["beta>=1", "gamma; extra == 'x'"])
    assert lockfile.sha256_of(again) == sha          # same sources, same bytes
    info = lockfile.read_wheel(again)
    assert (info.name, info.version, info.imports) == ("alpha", "1.0", ("alpha",))
    assert info.requires == ("beta>=1", "gamma; extra == 'x'")
    assert info.file_name == "alpha-1.0-py3-none-any.whl" and info.sha256 == sha
    with zipfile.ZipFile(again) as z:  # RECORD lists every file with its real hash
        record = z.read("alpha-1.0.dist-info/RECORD").decode().splitlines()
        for line in record:
            path, digest, size = line.split(",")
            if path.endswith("RECORD"):
                continue
            data = z.read(path)
            assert digest == lockfile.record_hash(data) and int(size) == len(data)
        assert all(i.date_time == wheelfile.FIXED_DATE for i in z.infolist())
    (tmp_path / "src" / "alpha" / "sub.py").write_text("X = 2\n")
    assert lockfile.sha256_of(make_wheel(tmp_path, "alpha", [])) != sha


def test_imports_from_record_when_there_is_no_top_level(tmp_path: Path) -> None:
    path = tmp_path / "six_like-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("six_like-1.0.dist-info/METADATA", "Name: six-like\nVersion: 1.0\n")
        z.writestr("six_like-1.0.dist-info/RECORD",
                   "six.py,,\nextra/__init__.py,,\nsix_like-1.0.dist-info/RECORD,,\n")
        z.writestr("six.py", "")
    info = lockfile.read_wheel(path)
    assert info.imports == ("extra", "six") and info.key == "six-like"


def test_a_compiled_wheel_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "numpy-2.0-cp314-cp314-pyodide_2026_0_wasm32.whl"
    path.write_bytes(b"")
    with pytest.raises(lockfile.LockError, match="not a pure-Python wheel"):
        lockfile.read_wheel(path)


def test_depends_follow_the_browsers_markers() -> None:
    info = lockfile.WheelInfo("x", "1", "x-1-py3-none-any.whl", "0" * 64, ("x",), (
        "pexpect; sys_platform != 'emscripten'", "colorama; sys_platform == 'win32'",
        "Typing_Extensions; python_version < '3.12'", "exceptiongroup; python_version < '3.11'",
        "wasm-only; platform_machine == 'wasm32'", "tomli>=1", "pytest; extra == 'test'",
        "matplotlib>=3"))
    assert lockfile.depends(info, ENV) == ["matplotlib", "tomli", "wasm-only"]
    assert lockfile.depends(info, ENV, excluded=["Matplotlib"]) == ["tomli", "wasm-only"]
    # Python 3.11 in the browser would need typing_extensions: the version is honoured.
    assert "typing-extensions" in lockfile.depends(info, lockfile.browser_environment("3.11"))


def test_rewrite_lock_lists_exactly_the_wheels(tmp_path: Path) -> None:
    wheels = [lockfile.read_wheel(make_wheel(tmp_path, "app", ["Lib_Two", "matplotlib"])),
              lockfile.read_wheel(make_wheel(tmp_path, "lib_two", [], "2.5"))]
    new = lockfile.rewrite_lock(LOCK, wheels, excluded=["matplotlib"], roots=["app"])
    assert new["info"] == LOCK["info"]
    assert sorted(new["packages"]) == ["app", "lib-two"]           # numpy's entry is gone
    entry = new["packages"]["app"]
    assert entry["depends"] == ["lib-two"] and entry["imports"] == ["app"]
    assert entry["file_name"] == "app-1.0-py3-none-any.whl"
    assert entry["sha256"] == lockfile.sha256_of(tmp_path / "wheels" / entry["file_name"])
    assert new["packages"]["lib-two"]["version"] == "2.5"


def test_rewrite_lock_names_what_is_missing_or_unused(tmp_path: Path) -> None:
    app = lockfile.read_wheel(make_wheel(tmp_path, "app", ["lib_two", "matplotlib"]))
    two = lockfile.read_wheel(make_wheel(tmp_path, "lib_two", []))
    spare = lockfile.read_wheel(make_wheel(tmp_path, "spare", []))
    with pytest.raises(lockfile.LockError, match="app needs matplotlib, which is neither"):
        lockfile.rewrite_lock(LOCK, [app, two], roots=["app"])
    with pytest.raises(lockfile.LockError, match="not needed by boardlab or the kernel: spare"):
        lockfile.rewrite_lock(LOCK, [app, two, spare], excluded=["matplotlib"], roots=["app"])
    with pytest.raises(lockfile.LockError, match="no wheel provides it"):
        lockfile.rewrite_lock(LOCK, [two], roots=["app"])
    with pytest.raises(lockfile.LockError, match="no info.python"):
        lockfile.rewrite_lock({"packages": {}}, [two], roots=["lib-two"])


def test_site_notebooks_teacher_student_and_exclusions(tmp_path: Path) -> None:
    for name in ("00_a.ipynb", "01_b.ipynb"):
        (tmp_path / name).write_text("{}")
    assert [p for _, p in contents.site_notebooks(tmp_path)] == ["teacher/00_a.ipynb",
                                                                 "teacher/01_b.ipynb"]
    (tmp_path / "student").mkdir()
    (tmp_path / "student" / "00_a.ipynb").write_text("{}")
    assert [p for _, p in contents.site_notebooks(tmp_path, ["01_b.ipynb"])] == [
        "teacher/00_a.ipynb", "student/00_a.ipynb"]
    with pytest.raises(ValueError, match="names no notebook .*: 09_gone.ipynb"):
        contents.site_notebooks(tmp_path, ["09_gone.ipynb"])
    # The student site: the student edition alone, no teacher notebook at all.
    assert [p for _, p in contents.site_notebooks(tmp_path, [], "student")] == [
        "student/00_a.ipynb"]
    with pytest.raises(ValueError, match="audience must be one of"):
        contents.site_notebooks(tmp_path, [], "parents")


def test_the_real_sites_notebooks() -> None:
    config = build.load_config()
    notebooks = ROOT / "notebooks"
    teacher = [p for _, p in contents.site_notebooks(notebooks, config.exclude_notebooks)]
    student = [p for _, p in contents.site_notebooks(notebooks, config.exclude_notebooks,
                                                     "student")]
    assert "teacher/02_lesson_four_dice.ipynb" in teacher
    assert "student/02_lesson_four_dice.ipynb" in teacher and student
    assert not [p for p in student if not p.startswith("student/")]
    assert "student/08_design_your_own_rules.ipynb" not in student   # excluded (matplotlib)
    # Every notebook of a site has a landing-page entry: a title and a one-line goal.
    entries = build.landing_entries(teacher)
    assert [e.number for e in entries] == sorted({p.split("/")[1][:2] for p in teacher})
    for e in entries:
        assert len(e.goal) <= 100 and e.title and e.links
        assert [label for label, _ in e.links] == ["teacher edition", "student edition"]
    assert all([label for label, _ in e.links] == ["open"]
               for e in build.landing_entries(student))


def test_the_landing_pages() -> None:
    config = build.load_config()
    apps = [(a.title, f"apps/{a.name}.html") for a in config.apps]
    notebooks = ROOT / "notebooks"
    pages = {}
    for audience in contents.AUDIENCES:
        paths = [p for _, p in contents.site_notebooks(notebooks, config.exclude_notebooks,
                                                       audience)]
        pages[audience] = contents.landing_page(build.landing_entries(paths), apps, audience)
    for page in pages.values():
        assert "https://" not in page and "http://" not in page and "<script" not in page
        assert page.count('href="apps/') == len(config.apps) == 3
        goal = json.loads((notebooks / "12_lesson_chases.ipynb").read_text())["metadata"]
        assert contents.html.escape(goal["boardlab"]["goal"]) in page
    assert "path=teacher/" not in pages["student"] and "teacher edition" not in pages["student"]
    assert pages["teacher"].count("path=teacher/") == pages["teacher"].count("path=student/")
    with pytest.raises(ValueError, match="one-line metadata.boardlab.goal"):
        contents.entry({"cells": [{"source": "# A"}], "metadata": {}}, [("open", "s/01_a")])


def test_the_app_notebook_says_nothing_about_loading() -> None:
    nb = contents.app_notebook("Mall of Horror", "board")
    assert "load" not in json.dumps(nb).lower()


def test_the_config_pins_what_the_site_needs() -> None:
    config = build.load_config()
    assert config.pyodide_version == "314.0.6" and config.python == "3.14"
    assert {n: v for n, (v, _s) in config.tools.items()} == {
        "jupyterlite-core": "0.8.6", "jupyterlite-pyodide-kernel": "0.8.6",
        "jupyterlab-widgets": "3.0.17"}
    assert build.tool_requirements(config)[0] == "jupyterlab-widgets==3.0.17"
    # One app page per game that has a board (boardlab.<game>.board).
    with_board = [r.name for r in map(registry.registration, registry.names())
                  if importlib.util.find_spec(f"{r.package}.board") is not None]
    assert "mall-of-horror" in with_board
    assert sorted(a.name for a in config.apps) == sorted(with_board)
    # A notebook left out of the site says so at its top.
    for name in config.exclude_notebooks:
        nb = json.loads((ROOT / "notebooks" / name).read_text())
        assert contents.says_not_in_browser(nb), name


def test_site_settings_keep_the_kernel_offline(tmp_path: Path) -> None:
    lite = build.jupyter_lite_json()["jupyter-config-data"]
    kernel = lite["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"] == {"packages": ["boardlab"]}
    cfg = build.lite_config([tmp_path / "w.whl"], tmp_path / "out")["LiteBuildConfig"]
    assert cfg["ignore_sys_prefix"] is True and cfg["federated_extensions"] == [
        str(tmp_path / "w.whl")]


def test_boardlab_wheel_carries_the_projects_dependencies(tmp_path: Path) -> None:
    wheel = build.boardlab_wheel(tmp_path)
    info = lockfile.read_wheel(wheel)
    version, requires, _ = build.project_metadata()
    assert info.version == version and list(info.requires) == requires
    assert "matplotlib" in lockfile.depends(info, ENV)      # the desktop dependency stays
    assert "matplotlib" not in lockfile.depends(info, ENV, build.load_config().excluded)
    with zipfile.ZipFile(wheel) as z:
        assert "boardlab/prob/charts.py" in z.namelist()
