"""`lamen --version`, `--help` and `lamen games list` start without the heavy libraries: checked by
which modules a fresh interpreter has loaded (deterministic), not by timing — bench/cli_startup.py
prints the times."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Numerics, plotting, data frames, the provider SDKs and lamen's own heavy layers.
HEAVY = ("scipy", "matplotlib", "pandas", "anthropic", "openai", "cohere", "google.genai", "httpx", "trueskill",
         "lamen.report", "lamen.ratings", "lamen.leaderboard", "lamen.runner", "lamen.store", "lamen.judge",
         "lamen.agents")
# Not needed to parse a command line either: the spec models, numpy, the console.
PARSING_ONLY = (*HEAVY, "numpy", "pydantic", "yaml", "rich", "asyncio", "lamen.spec.load", "lamen.space")


def loaded(code: str, cache: Path | None = None) -> set[str]:
    """The modules a fresh interpreter holds after running `code` (stdout of `code` is dropped),
    with `cache` as lamen's cache folder when given."""
    probe = (f"import io, contextlib, json, sys\nwith contextlib.redirect_stdout(io.StringIO()):\n"
             f"    {code}\nprint(json.dumps(sorted(sys.modules)))")
    env = {**os.environ, "PYTHONPATH": str(REPO), **({"LAMEN_CACHE_DIR": str(cache)} if cache else {})}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=REPO,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(name for name in names if name in modules)


def test_importing_the_cli_loads_no_heavy_library() -> None:
    assert heavy(loaded("import lamen.cli"), PARSING_ONLY) == []


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["run", "--help"], ["ratings", "--help"]])
def test_version_and_help_load_no_heavy_library(argv: list[str]) -> None:
    code = f"from lamen.cli import main\n    try: main({argv!r})\n    except SystemExit: pass"
    assert heavy(loaded(code), PARSING_ONLY) == []


def test_games_list_loads_what_it_needs_only(tmp_path: Path) -> None:
    listing = "from lamen.cli import main; main(['games', 'list'])"
    # An empty cache, as on a new machine: the built-in games' shipped rows hold, nothing is parsed.
    modules = loaded(listing, tmp_path)
    assert "lamen.spec.shipped_listing" in modules
    assert heavy(modules, (*HEAVY, "numpy", "pydantic", "yaml", "lamen.spec.load")) == []
    # A user's own game must be read: the spec models load, numpy does not (outcomes are counted).
    user = tmp_path / "user"
    (user / "games").mkdir(parents=True)
    (user / "games" / "studio.yaml").write_text("name: studio\nextends: rental-agreement\nissues: [rent]\n")
    with_user_game = f"from lamen.cli import main; main(['--data', {str(user)!r}, 'games', 'list'])"
    modules = loaded(with_user_game, tmp_path)
    assert "lamen.spec.load" in modules
    assert heavy(modules, (*HEAVY, "numpy")) == []
    # The second listing comes from the cache: no YAML parser, no spec models.
    assert heavy(loaded(with_user_game, tmp_path), (*HEAVY, "numpy", "pydantic", "yaml", "lamen.spec.load")) == []


def test_the_probe_sees_a_heavy_import() -> None:
    # The checks above can fail: the same probe reports pandas when a command loads it.
    assert "pandas" in loaded("import lamen.store.tables")
