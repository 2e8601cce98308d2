"""`native_tools` set in a tournament spec (issue 17): an agent's `sampling: {native_tools: true}`
reaches its seat's `SeatSampling.native_tools`, so a `lamen run` of DialOp Planning offers the
assistant its search as a native function and runs the model's calls; set where no seat could use
it (a family without tools, a scripted player), it is one located line before anything runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.agents.base import ChatReply, ChatRequest
from lamen.chat import ChatToolCall
from lamen.cli import main
from lamen.core.play import SeatSampling
from lamen.spec.agent import AgentSpec
from lamen.store import Store
from tests.test_dialop_llm_seats import planning_user_turn

HERE = "tests.test_native_tools_spec"
SEARCH = {"fields": ["name", "price"], "sort_by": ["price"], "limit": 3}


def native_assistant(request: ChatRequest) -> str | ChatReply:
    """`mock:` callable. As the assistant: with the search offered natively, calls it; once its
    result is the last turn, proposes the three rows in the order returned. Offered no tools (the
    option did not reach the seat), it only says so, and the match never gets a plan. As the user
    (no site list in its prompt), the text player of tests/test_dialop_llm_seats."""
    last = next(m.content for m in reversed(request.messages) if m.role == "user")
    if "The sites of this city:" not in request.system:
        return planning_user_turn(request.system, last)
    if request.messages[-1].role == "tool":
        rows = [line.split("|")[0] for line in request.messages[-1].content.splitlines()[2:]]
        return f"[propose] [{', '.join(rows)}]\n[message] The three cheapest stops."
    if [tool.name for tool in request.tools] == ["search"]:
        return ChatReply(text="", model="native", tool_calls=(ChatToolCall.of("call-s1", "search", SEARCH),))
    return "[message] I have no tools."


def write(tmp_path: Path, family: str, agents: str) -> Path:
    path = tmp_path / "t.yaml"
    path.write_text(f"name: t\nfamily: {family}\nagents:\n{agents}"
                    "instances: {config: {source: human}, count: 1}\nself_play: false\ncross_play: true\nseed: 3\n")
    return path


def test_the_spec_option_reaches_the_seat_and_leaves_old_specs_as_they_were() -> None:
    on = AgentSpec.model_validate({"agent": "openai:gpt-4o", "sampling": {"native_tools": True}})
    off = AgentSpec.model_validate("openai:gpt-4o")
    assert SeatSampling.for_match(on.sampling, 7).native_tools is True
    assert SeatSampling.for_match(off.sampling, 7).native_tools is False
    # Off, the option is left out of the spec's dump: stored fingerprints of earlier specs hold.
    assert "native_tools" not in off.model_dump(mode="json")["sampling"]
    assert on.model_dump(mode="json")["sampling"]["native_tools"] is True


def test_a_planning_run_offers_the_search_natively_and_runs_the_models_calls(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    agents = (f"  - {{id: native, agent: 'mock:{HERE}:native_assistant', sampling: {{native_tools: true}}}}\n"
              "  - player:reporter\n")
    db = tmp_path / "t.db"
    code = main(["run", str(write(tmp_path, "dialop.planning", agents)), "--db", str(db), "--quiet", "--yes"])
    assert code == 0, capsys.readouterr().err
    store = Store.open_read_only(db)
    try:
        rows = store.match_rows()
        assisted = [r for r in rows if r["agent_a"] == "native"]
        assert len(rows) == 4 and len(assisted) == 2 and all(r["status"] == "finished" for r in rows)
        for row in assisted:
            calls = list(store.calls(match_id=row["match_id"]))
            requests = [c.request for c in calls if c.agent == "native"]
            assert requests and all(r is not None for r in requests)
            # Every assistant request offers the search as a function ...
            assert all([t.name for t in r.tools] == ["search"] for r in requests)  # type: ignore[union-attr]
            # ... and the one after a call carries its result as a `tool` turn, answering the call.
            answered = [r for r in requests if r.messages[-1].role == "tool"]  # type: ignore[union-attr]
            assert answered and all(r.messages[-1].tool_call_id == "call-s1" for r in answered)  # type: ignore
            assert answered[0].messages[-1].content.startswith("Search Results (3):\nname|price\n")  # type: ignore
            outcome = row["outcome"]
            assert outcome["end_reason"] == "accepted" and outcome["metrics"]["searches"] >= 1.0
        # The reporter user never received a native tool or a search result.
        played = [c for r in assisted for c in store.calls(match_id=r["match_id"]) if c.agent == "player:reporter"]
        assert played and all(not c.request.tools and "Search Results" not in c.request_json  # type: ignore
                              for c in played)
    finally:
        store.close()


@pytest.mark.parametrize(("family", "agents", "message"), [
    ("dialop.mediation", f"  - {{agent: 'mock:{HERE}:native_assistant', sampling: {{native_tools: true}}}}\n"
                         "  - player:random\n",
     f"mock:{HERE}:native_assistant: native_tools is set, but no role of dialop.mediation has tools a model can "
     "call natively"),
    ("dialop.planning", "  - {agent: player:random, sampling: {native_tools: true}}\n  - player:oracle\n",
     "player:random: native_tools is set on a player agent, which calls no tools natively"),
])
def test_native_tools_where_no_seat_can_use_them_is_one_located_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], family: str, agents: str, message: str) -> None:
    path = write(tmp_path, family, agents)
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--quiet", "--yes"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:4: agents[0].sampling.native_tools: {message}"), err
    assert "\n" not in err and not (tmp_path / "t.db").exists()


def test_native_tools_in_a_negotiation_is_one_located_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "n.yaml"
    path.write_text("name: n\ngames: [rental]\nagents:\n  - bot:linear\n"
                    "  - {agent: bot:boulware, sampling: {native_tools: true}}\n")
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--quiet", "--yes"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:5: agents[1].sampling.native_tools: bot:boulware: native_tools is set, but no "
                          "role of negotiation has tools a model can call natively"), err
    assert "\n" not in err and not (tmp_path / "t.db").exists()
