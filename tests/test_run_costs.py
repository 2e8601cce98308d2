"""What a tournament spends counts every paid call: the interrogation calls of a protocol that
interrogates land in the calls table, in the run's spend and in the store's summary, priced from
the usage the (fake) API reports through the real OpenAI SDK."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store
from tests.fake_servers import FakeProviders

CALL_USD = 0.00018  # gpt-4o-mini: 1000 input tokens × $0.15/M + 50 output tokens × $0.60/M


def test_interrogation_calls_are_counted_in_the_calls_table_and_the_spend(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-costs")
    (tmp_path / "protocols").mkdir()
    (tmp_path / "protocols" / "interrogated.yaml").write_text("name: interrogated\ninterrogation: true\n")
    library = Library.default([tmp_path])
    with FakeProviders() as fake:
        tournament = Tournament.model_validate({
            "name": "costs", "agents": [fake.spec("openai:gpt-4o-mini")], "games": ["rental-1-distributive"],
            "protocol": "interrogated", "cross_play": False, "limits": {"max_retries": 0}})
        store = Store(tmp_path / "costs.db")
        state = asyncio.run(Runner(tournament, store, library).run())
        summary = store.summary("costs")
        store.close()
    # 4 self-play matches; each: A note, interrogation, proposal; B note, interrogation, agreement;
    # A note, interrogation, agreement. Every request differs (side, round, per-match seed): none cached.
    with sqlite3.connect(tmp_path / "costs.db") as db:
        by_purpose = {purpose: (n, cost) for purpose, n, cost in db.execute(
            "SELECT purpose, COUNT(*), SUM(cost_usd) FROM calls WHERE from_cache=0 GROUP BY purpose")}
        cached = db.execute("SELECT COUNT(*) FROM calls WHERE from_cache=1").fetchone()[0]
    assert cached == 0
    assert {purpose: n for purpose, (n, _) in by_purpose.items()} == {"note": 12, "interrogation": 12, "message": 12}
    assert by_purpose["interrogation"][1] == pytest.approx(12 * CALL_USD)
    assert state.spend_usd == pytest.approx(36 * CALL_USD)
    assert summary["spend_usd"] == pytest.approx(36 * CALL_USD)
    assert len(fake.received) == 36
