"""The built-in YAML ships inside the wheel and is found from any working directory."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO


def test_installed_lamen_finds_builtins_from_another_directory(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "lamen", "games", "list"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "rental-agreement" in result.stdout


@pytest.mark.slow
def test_wheel_contains_and_serves_the_builtin_yaml(tmp_path: Path) -> None:
    wheel_dir = tmp_path / "wheel"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(wheel_dir), str(REPO)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    wheel = next(wheel_dir.glob("lamen-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for folder in ("games", "issues", "protocols", "harvests"):
        shipped = {n.rsplit("/", 1)[1] for n in names if n.startswith(f"lamen/_builtin/{folder}/")}
        assert shipped == {p.name for p in (REPO / folder).glob("*.yaml")}
    # PeopleJoin's data folder travels whole: items, the 18 organisations and both licence notices.
    people = {n.split("lamen/families/peoplejoin/data/", 1)[1] for n in names if "families/peoplejoin/data/" in n}
    assert {"dev.jsonl", "DATA_LICENSE.md", "SPIDER_LICENSE.md", "SOURCE.md"} <= people
    assert sum(n.startswith("tenants/") for n in people) == 18
    # Run the unpacked wheel (not the checkout) from an unrelated directory.
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    probe = subprocess.run([sys.executable, "-c", "import lamen, sys; from lamen.spec.library import builtin_root; "
                            "print(lamen.__file__); print(builtin_root()); sys.exit(__import__('lamen.cli').cli.main(['games', 'show', 'rental-2-mixture', '--json']))"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert probe.returncode == 0, probe.stderr
    lines = probe.stdout.splitlines()
    assert lines[0].startswith(str(unpacked)) and lines[1] == str(unpacked / "lamen" / "_builtin")
    assert '"frontier_size": 11' in probe.stdout
    # The shipped rows of the built-in games travel in the wheel and hold there: the first
    # `games list` of an installed lamen parses no YAML.
    assert "lamen/spec/shipped_listing.json" in names
    listing = subprocess.run([sys.executable, "-c", "import sys, contextlib, io\nfrom lamen.cli import main\n"
                              "with contextlib.redirect_stdout(io.StringIO()) as out: main(['games', 'list'])\n"
                              "print('yaml' in sys.modules, 'rental-2-mixture' in out.getvalue())"],
                             cwd=tmp_path, env={**env, "LAMEN_CACHE_DIR": str(tmp_path / "cache")},
                             capture_output=True, text=True, timeout=60)
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.split() == ["False", "True"]
