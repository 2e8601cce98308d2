"""A tournament of the four providers' real SDKs against fake APIs, replayed from its response
cache into a new database with the APIs gone: the same turns and outcomes for every match,
every call answered by the cache, nothing spent."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store
from tests.fake_servers import Asked, FakeProviders
from tests.store_snapshot import match_results

AGENTS = ("anthropic:claude-haiku-4-5", "openai:gpt-4o-mini", "cohere:command-r", "google:gemini-2.0-flash")
KEYS = {"ANTHROPIC_API_KEY": "sk-ant-test-replay", "OPENAI_API_KEY": "sk-test-replay", "CO_API_KEY": "co-test-replay",
        "GEMINI_API_KEY": "AIza-test-replay"}


def conceder(asked: Asked) -> str:
    """The landlord asks $1400 and the tenant offers $1000, each conceding $100 a round until
    they meet at $1200 in round 3, where both agree."""
    landlord = "You are Landlord's representative" in asked.system
    found = re.search(r"Round (\d+) of", asked.last_user)
    round_number = int(found.group(1)) if found else 1
    rent = 1400 - 100 * (round_number - 1) if landlord else 1000 + 100 * (round_number - 1)
    rent = max(rent, 1200) if landlord else min(rent, 1200)
    if "acceptable offer format" in asked.last_user:
        return f'Concede one step a round.\n```json{{"rent": "${rent}"}}```'
    if rent == 1200:
        return "A rent of $1200 it is. We agree on all issues."
    return f"We propose a monthly rent of ${rent}."


def run(tournament: Tournament, database: Path) -> None:
    store = Store(database)
    try:
        asyncio.run(Runner(tournament, store, Library.default(), backoff_base=0.001).run())
    finally:
        store.close()


def seed_cache(source: Path, target: Path) -> int:
    """Copy the response cache of one database into another (a new, empty one)."""
    Store(target).close()  # creates the schema
    with sqlite3.connect(target) as db:
        db.execute("ATTACH DATABASE ? AS source", (str(source),))
        db.execute("INSERT INTO response_cache SELECT * FROM source.response_cache")
        copied = db.execute("SELECT COUNT(*) FROM response_cache").fetchone()[0]
        db.commit()
        db.execute("DETACH DATABASE source")
    return copied


def test_a_tournament_replays_from_its_response_cache_without_network(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for variable, key in KEYS.items():
        monkeypatch.setenv(variable, key)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    with FakeProviders(conceder) as fake:
        tournament = Tournament.model_validate({
            "name": "replay", "agents": [fake.spec(agent) for agent in AGENTS], "games": ["rental-1-distributive"],
            "self_play": False, "limits": {"max_retries": 0}})
        run(tournament, tmp_path / "played.db")
        sent = len(fake.received)
    # The fake APIs are gone: a request that missed the cache would fail its match (no retries).
    played = match_results(tmp_path / "played.db")
    assert len(played) == 6 * 4 and sent > 0
    assert {outcome[:3] for outcome in played.values()} == {("finished", "hard", '{"rent": "$1200"}')}
    assert {outcome[5] for outcome in played.values()} == {3}  # rounds: they met in round 3

    assert seed_cache(tmp_path / "played.db", tmp_path / "replayed.db") > 0
    run(tournament, tmp_path / "replayed.db")

    assert match_results(tmp_path / "replayed.db") == played
    assert len(fake.received) == sent
    with sqlite3.connect(tmp_path / "replayed.db") as db:
        calls, from_cache, spent = db.execute(
            "SELECT COUNT(*), SUM(from_cache), SUM(cost_usd) FROM calls").fetchone()
    with sqlite3.connect(tmp_path / "played.db") as db:
        assert db.execute("SELECT COUNT(*) FROM calls").fetchone()[0] == calls
        assert db.execute("SELECT SUM(cost_usd) FROM calls").fetchone()[0] > 0
    assert from_cache == calls and spent == 0.0
