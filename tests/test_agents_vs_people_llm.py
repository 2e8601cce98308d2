"""Model seats in agent-vs-environment tournaments through `lamen run` (issue 18 point 4): a `mock`
agent plays the hub / the agent and, under the same id, the simulator — every PeopleJoin colleague
and the primary, the ToolWOZ customer — each seat from its own requests; and SmolLM2 (`local:`)
plays one match per family, as the PeopleJoin hub and as the ToolWOZ customer, without a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from lamen.agents.base import ChatRequest
from lamen.agents.local import local_model_available
from lamen.cli import main
from lamen.store import Store
from tests.test_peoplejoin_llm_seats import reply

PEOPLEJOIN_MOCK = {"agent": "mock:seat", "id": "mock", "params": {"callable": "tests.test_peoplejoin_llm_seats:reply"}}
TOOLWOZ_MOCK = {"agent": "mock:seat", "id": "mock",
                "params": {"callable": "tests.test_toolwoz_llm_seats:toolwoz_reply"}}
CONCERT_SINGER = 1  # dev item 1: "How many concerts are there in 2014 or 2015?", answered through a redirect


def run(tmp_path: Path, spec: dict) -> list[dict]:
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    database = tmp_path / "t.db"
    assert main(["run", str(path), "--db", str(database), "--yes", "--quiet"]) == 0
    store = Store.open_read_only(database)
    try:
        rows = store.match_rows(spec["name"])
        for row in rows:
            row["transcript"] = json.loads(store.transcript_json(row["match_id"]) or "{}")
        return rows
    finally:
        store.close()


def test_a_mock_hub_and_mock_colleagues_answer_through_the_redirect(tmp_path: Path) -> None:
    rows = run(tmp_path, {"name": "pj", "family": "peoplejoin.qa", "agents": [PEOPLEJOIN_MOCK, "player:sql-oracle"],
                          "simulators": [PEOPLEJOIN_MOCK, "player:table-dump"],
                          "instances": {"seeds": [CONCERT_SINGER]}})
    assert len(rows) == 4 and all(row["status"] == "finished" for row in rows)
    mock = next(row for row in rows if row["agent_a"] == row["agent_b"] == "mock")
    metrics = mock["outcome"]["metrics"]
    assert (metrics["match"], metrics["p_prec"], metrics["p_rec"], metrics["people"]) == (100, 1.0, 1.0, 2)
    transcript = mock["transcript"]
    # The mock simulator wrote as the primary and as both colleagues it was asked, each its own seat.
    written = {(turn["role"], turn["side"]) for turn in transcript["turns"]}
    assert {("hub", 0), ("primary", 1), ("colleague:bhushan", 1), ("colleague:hannah", 1)} <= written
    talk = [(e["role"], e["to"][0]) for e in transcript["events"] if e["kind"] == "message"]
    assert talk == [("primary", "hub"), ("hub", "colleague:bhushan"), ("colleague:bhushan", "hub"),
                    ("hub", "colleague:hannah"), ("colleague:hannah", "hub"), ("hub", "primary"), ("primary", "hub")]
    # The mock simulator against the SQL oracle: the oracle asks the gold people, whom the mock plays.
    oracle = next(row for row in rows if row["agent_a"] == "player:sql-oracle" and row["agent_b"] == "mock")
    assert oracle["outcome"]["metrics"]["p_rec"] == 1.0


def test_a_mock_agent_serves_a_mock_customer_and_scripted_agents_serve_it(tmp_path: Path) -> None:
    # (The test's mock agent reads only its own mock customer's way of asking, so it meets no
    # scripted customer here.)
    rows = run(tmp_path, {"name": "tw", "family": "toolwoz",
                          "agents": [TOOLWOZ_MOCK, "player:oracle", "player:speak-only"],
                          "simulators": [TOOLWOZ_MOCK], "instances": {"seeds": [0]}})
    assert len(rows) == 3 and all(row["status"] == "finished" for row in rows)
    by = {row["agent_a"]: row for row in rows}
    both = by["mock"]
    assert both["outcome"]["end_reason"] == "end_conversation" and both["outcome"]["team"] == 0.0
    assert both["outcome"]["metrics"]["format_errors"] == 1.0 and both["outcome"]["metrics"]["api_errors"] == 1.0
    assert {(turn["role"], turn["side"]) for turn in both["transcript"]["turns"]} == {("agent", 0), ("user", 1)}
    # The oracle completes shipped goal 0 with the mock customer; talking alone completes nothing.
    assert by["player:oracle"]["outcome"]["metrics"]["reward"] == 1.0
    assert by["player:speak-only"]["outcome"]["metrics"]["reward"] == 0.0


SMOLLM2 = {"agent": "local:smollm2", "sampling": {"seed": 5, "max_tokens": 64}}


@pytest.mark.local
@pytest.mark.slow
@pytest.mark.skipif(bool(local_model_available()), reason=str(local_model_available()))
@pytest.mark.parametrize("family, agents, simulators", [
    ("peoplejoin.qa", [SMOLLM2], ["player:table-dump"]),  # the model as the hub
    ("toolwoz", ["player:slot-filler"], [SMOLLM2]),  # the model as the customer
])
def test_smollm2_plays_one_match_per_family_through_lamen_run(tmp_path: Path, family: str, agents: list,
                                                               simulators: list) -> None:
    """Whatever SmolLM2-135M writes, the match is stored finished with its family's metrics (an
    episode ended by unreadable replies counts), never errored."""
    rows = run(tmp_path, {"name": "smol", "family": family, "agents": agents, "simulators": simulators,
                          "instances": {"seeds": [0]}})
    assert len(rows) == 1 and rows[0]["status"] == "finished", rows[0]["error"]
    outcome = rows[0]["outcome"]
    assert outcome["end_reason"] != "error" and outcome["metrics"]
    model_side = 0 if agents == [SMOLLM2] else 1
    assert any(turn["side"] == model_side for turn in rows[0]["transcript"]["turns"]) or \
        outcome["metrics"]["format_errors"] > 0


def doing(text: str) -> str:
    """What a hub's reply does: the tag of its first part that is not a thought."""
    return next(line for line in text.split("\n") if line.startswith("[") and not line.startswith("[think]"))[1:] \
        .split("]")[0]


def thinking_reply(request: ChatRequest) -> str:
    """The mock seats' replies, the hub's each opened by a thought naming what the reply does, so
    each stored move's note can be checked against its own message."""
    text = reply(request)
    if request.system.startswith("You are an assistant working for") and text.startswith("["):
        return f"[think] next: {doing(text)}\n{text}"
    return text


def test_a_hubs_thoughts_stay_with_each_of_its_moves_when_it_calls_tools_in_one_turn(tmp_path: Path) -> None:
    mock = {**PEOPLEJOIN_MOCK, "params": {"callable": "tests.test_agents_vs_people_llm:thinking_reply"}}
    rows = run(tmp_path, {"name": "pj", "family": "peoplejoin.qa", "agents": [mock], "simulators": [mock],
                          "instances": {"seeds": [CONCERT_SINGER]}})
    hub = [turn for turn in rows[0]["transcript"]["turns"] if turn["role"] == "hub"]
    # The hub handles its user's question in two moves (search the people, then write to one) and
    # the redirect in two (resolve the name, then write): tool calls and messages in one turn.
    assert [doing(turn["message"]) for turn in hub] == [
        "tool", "message to bhushan", "tool", "message to hannah", "message to primary", "end session"]
    # Each move keeps its own thoughts (the first also the mock hub's own).
    assert [turn["note"] for turn in hub] == [
        "next: tool\nwho knows about this?", "next: message to bhushan", "next: tool", "next: message to hannah",
        "next: message to primary", "next: end session"]
