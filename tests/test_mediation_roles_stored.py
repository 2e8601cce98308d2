"""Mediation's two user seats told apart once stored (issue 17): one user agent fills both user
seats, so both are side 1 in the store; each turn also records the role that wrote it ("user-0"
or "user-1", kept per turn in `turns.role`), the store reads it back, and the transcript viewer
labels the turn with it. Checked against a replay of each stored match through the core."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.report.assets import SCRIPT
from lamen.report.data import read_report_data
from lamen.report.transcripts import viewer_data
from lamen.store import Store
from lamen.transcript import Turn

MEDIATION = get_family("dialop.mediation")


@pytest.fixture(scope="module")
def mediation_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("roles")
    spec = tmp_path / "med.yaml"
    spec.write_text("name: med\nfamily: dialop.mediation\nagents: [player:shared-view, player:threshold]\n"
                    "instances: {config: {source: human}, count: 1}\nseed: 5\n")
    db = tmp_path / "t.db"
    assert main(["run", str(spec), "--db", str(db), "--quiet", "--yes"]) == 0
    return db


def replayed_roles(row: dict) -> list[str]:
    """The roles of a stored match's committed moves, replayed through the core with the same seats."""
    config = MEDIATION.config(source="human")
    index = int(row["game"].rsplit(":", 1)[1])
    instance = MEDIATION.instances(config, index)
    seats = {role: PolicyAgent(agent, MEDIATION.players[agent.removeprefix("player:")].make(instance, role),
                               MEDIATION.codec(role), seed=row["seed"])
             for role in ("assistant", "user-0", "user-1")
             for agent in [row["agent_a"] if role == "assistant" else row["agent_b"]]}
    record = asyncio.run(play(MEDIATION, instance, seats, first=MEDIATION.first_movers[row["starts"]]))
    return [call.role for call in record.calls if call.outcome == "ok"]


def test_each_stored_turn_names_the_seat_that_wrote_it(mediation_db: Path) -> None:
    store = Store.open_read_only(mediation_db)
    try:
        rows = [{**match.row, "match_id": match.id} for match in store.stored_matches("med")]
        turns = store.turns_by_match("med", roles=True)
        plain = store.turns_by_match("med")
    finally:
        store.close()
    assert len(rows) == 8 and all(r["status"] == "finished" for r in rows)
    seen: Counter = Counter()
    for row in rows:
        stored = turns[row["match_id"]]
        assert [t.role for t in stored] == replayed_roles(row)
        # Both user seats are side 1; the role is what tells them apart.
        assert all(t.side == (0 if t.role == "assistant" else 1) for t in stored)
        assert all(t.role is None for t in plain[row["match_id"]])  # only read when asked for
        seen.update(t.role for t in stored)
    assert set(seen) == {"assistant", "user-0", "user-1"} and seen["user-0"] > 0 and seen["user-1"] > 0


def test_the_viewer_labels_each_turn_with_its_role(mediation_db: Path) -> None:
    data = read_report_data(mediation_db)
    viewer = viewer_data(data)
    details = {match_id: detail for chunk in viewer.chunks for match_id, detail in chunk.items()}
    assert len(details) == 8
    for match_id, detail in details.items():
        assert [t["role"] for t in detail["turns"]] == [t.role for t in data.turns[match_id]]
        assert {t["role"] for t in detail["turns"]} == {"assistant", "user-0", "user-1"}
    # The viewer's script puts the role in the turn's heading when the turn has one.
    assert 'turn.role ? turn.role + " (side "' in SCRIPT


def test_a_negotiation_turn_serialises_as_before() -> None:
    turn = Turn(side=0, round=1, note="n", message="m")
    assert "role" not in turn.model_dump() and '"role"' not in turn.model_dump_json()
    assert Turn(side=1, round=1, note="", message="", role="user-1").model_dump()["role"] == "user-1"
