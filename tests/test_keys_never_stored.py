"""API keys reach the provider and nothing else: a whole tournament of the four providers' real
SDKs against fake APIs on 127.0.0.1, in process and through `lamen run`, then a search for the
keys in every table and column of the database, in every file the run wrote, in the logs (all
loggers at DEBUG) and in the command's output. One fake API echoes the key in an error body."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.store import Store
from tests.fake_servers import ECHO_KEY_MODEL, FakeProviders

MARK = "LEAKCHECK"
KEYS = {
    "ANTHROPIC_API_KEY": f"sk-ant-test-{MARK}-a1b2c3",
    "OPENAI_API_KEY": f"sk-test-{MARK}-d4e5f6",
    "CO_API_KEY": f"co-test-{MARK}-g7h8i9",
    "GEMINI_API_KEY": f"AIza-test-{MARK}-j0k1l2",
}
KEY_OF = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY", "cohere": "CO_API_KEY",
          "google": "GEMINI_API_KEY"}
AGENTS = ("anthropic:claude-haiku-4-5", "openai:gpt-4o-mini", "cohere:command-r", "google:gemini-2.0-flash",
          f"openai:{ECHO_KEY_MODEL}")
SECRETS = (MARK, *KEYS.values())


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable, key in KEYS.items():
        monkeypatch.setenv(variable, key)
    for variable in ("GOOGLE_API_KEY", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                     "all_proxy"):
        monkeypatch.delenv(variable, raising=False)  # the SDKs must talk to 127.0.0.1 directly


def write_spec(folder: Path, fake: FakeProviders) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    spec = {"name": "keys", "agents": [fake.spec(agent) for agent in AGENTS], "games": ["rental-1-distributive"],
            "self_play": False, "limits": {"max_retries": 0, "concurrency": 4}, "database": str(folder / "keys.db")}
    path = folder / "keys.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    return path


def database_text(path: Path) -> str:
    """Every value of every column of every table, as text."""
    with sqlite3.connect(path) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        assert {"calls", "response_cache", "outcomes", "matches", "agents", "tournaments"} <= set(tables)
        return "\n".join(repr(row) for table in tables for row in db.execute(f"SELECT * FROM {table}"))


def leaks(text: str | bytes, where: str) -> list[str]:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return [f"{secret!r} in {where}" for secret in SECRETS if secret.lower() in text.lower()]


def files_leaks(folder: Path) -> list[str]:
    return [found for path in sorted(folder.rglob("*")) if path.is_file()
            for found in leaks(path.read_bytes(), str(path))]


def assert_run_was_real(database: Path, fake: FakeProviders) -> None:
    """The keys did go out (so the search above could have found them), the run played, and
    the echoed key was scrubbed from the error it caused."""
    for provider, variable in KEY_OF.items():
        sent = [value for request in fake.received if request.provider == provider
                for value in request.headers.values()]
        assert any(KEYS[variable] in value for value in sent), f"the {provider} fake never saw its key"
    with sqlite3.connect(database) as db:
        played = db.execute("SELECT COUNT(*) FROM calls WHERE from_cache=0 AND cost_usd > 0").fetchone()[0]
        assert played > 0
        reason = db.execute("SELECT disabled_reason FROM agents WHERE agent_id=?",
                            (f"openai:{ECHO_KEY_MODEL}",)).fetchone()[0]
    assert reason.startswith("side ")  # side A or B: whichever match met the error first
    assert reason.endswith(f" (openai:{ECHO_KEY_MODEL}): openai:{ECHO_KEY_MODEL}: bad request (HTTP 400): "
                           "Incorrect API key provided: [redacted]")


def test_keys_never_reach_the_database_logs_or_files(keys: None, tmp_path: Path,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    # The SDKs' loggers must exist before their levels are set.
    import lamen.agents.providers.anthropic
    import lamen.agents.providers.cohere
    import lamen.agents.providers.google
    import lamen.agents.providers.openai  # noqa: F401

    caplog.set_level(logging.DEBUG)
    for name in list(logging.root.manager.loggerDict):
        caplog.set_level(logging.DEBUG, logger=name)
    folder = tmp_path / "run"
    with FakeProviders() as fake:
        spec = write_spec(folder, fake)
        tournament = load_tournament(spec)
        store = Store(tournament.database_path())
        runner = Runner(tournament, store, Library.default(), backoff_base=0.001)
        state = asyncio.run(runner.run())
        store.close()
    assert (state.done, state.total) == (6 * 4, 10 * 4)  # every match but the echoing agent's
    assert caplog.records  # the SDKs and the transport did log
    found = leaks(database_text(tournament.database_path()), "database")
    found += files_leaks(folder)
    found += leaks("\n".join(f"{r.name} {r.getMessage()} {r.args!r}" for r in caplog.records), "logs")
    found += leaks(repr(state), "run state")
    assert found == []
    assert_run_was_real(tournament.database_path(), fake)


def test_keys_never_reach_the_output_of_lamen_run(keys: None, tmp_path: Path) -> None:
    folder = tmp_path / "cli"
    with FakeProviders() as fake:
        spec = write_spec(folder, fake)
        done = subprocess.run([sys.executable, "-m", "lamen", "run", str(spec), "--quiet"], cwd=folder,
                              env=dict(os.environ), capture_output=True, timeout=300, check=False)
    out, err = done.stdout.decode(), done.stderr.decode()
    assert done.returncode == 1, err  # the echoing agent's matches are unfinished
    assert f"stopped openai:{ECHO_KEY_MODEL}: " in out and "Incorrect API key provided" in out
    assert leaks(out, "stdout") + leaks(err, "stderr") + files_leaks(folder) == []
    assert_run_was_real(folder / "keys.db", fake)
