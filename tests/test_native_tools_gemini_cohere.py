"""A native tool loop through the play loop on Gemini's and Cohere's real SDKs (issue 17, point 3;
OpenAI and Anthropic are in tests/test_core_native_tools.py): a Planning match whose assistant
seat calls the search as a function — the fake answers with a call in the API's own shape, the
loop runs the search on the executor, the rows go back as the API's tool-result message, the
assistant proposes, the user accepts. Checked on the wire: the exact tool-result turn each SDK
sent, and that the user's requests carry none of the search, nor the assistant's words beside it."""

from __future__ import annotations

import asyncio
import json

import pytest

from lamen.agents.providers import make_provider_agent
from lamen.core.play import EpisodeRecord, SeatSampling, play
from tests.fake_servers import SIGNATURE, Asked, FakeProviders, ToolUse
from tests.test_core_native_tools import ARGUMENTS, FAMILY, GAME, PLAN, RESULT, SAID, USER_MODEL, user_answer
from tests.test_provider_common import KEY

MODEL = {"google": "gemini-2.5-flash", "cohere": "command-a-03-2025"}
CALL_ID = "search_6jdf4hr1n2k3"  # Cohere's; Gemini's calls come without one


def after_tool_result(asked: Asked) -> bool:
    """The request ends with the search's result: the assistant's turn goes on after its call."""
    if asked.provider == "google":
        parts = asked.body["contents"][-1]["parts"]
        return asked.body["contents"][-1]["role"] == "user" and "functionResponse" in parts[-1]
    return asked.body["messages"][-1]["role"] == "tool"


def answer(asked: Asked) -> str | ToolUse:
    if asked.model == USER_MODEL:
        return user_answer(asked)
    return PLAN if after_tool_result(asked) else ToolUse(((CALL_ID, "search", ARGUMENTS),), SAID)


def bodies(fake: FakeProviders, model: str) -> list[dict]:
    return [r.body for r in fake.received if r.body.get("model") == model or f"/models/{model}:" in r.path]


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("cohere")
    pytest.importorskip("google.genai")
    monkeypatch.setenv("CO_API_KEY", KEY)
    monkeypatch.setenv("GEMINI_API_KEY", KEY)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)


def run(fake: FakeProviders, provider: str) -> EpisodeRecord:
    seats = {"assistant": make_provider_agent(fake.agent_spec(f"{provider}:{MODEL[provider]}")),
             "user": make_provider_agent(fake.agent_spec(f"{provider}:{USER_MODEL}"))}
    sampling = {"assistant": SeatSampling(max_tokens=300, native_tools=True), "user": SeatSampling(max_tokens=300)}
    return asyncio.run(play(FAMILY, GAME, seats, first="assistant", sampling=sampling))


@pytest.mark.parametrize("provider", ["google", "cohere"])
def test_a_native_search_runs_through_the_loop_and_its_rows_go_back_as_the_apis_tool_result(
        keys: None, provider: str) -> None:
    with FakeProviders(answer) as fake:
        record = run(fake, provider)
    assert [(c.role, c.outcome) for c in record.calls] == [("assistant", "ok"), ("assistant", "ok"), ("user", "ok")]
    assert record.end_reason == "accepted" and record.score is not None and record.score.team > 0
    assert record.score.metrics["searches"] == 1.0
    proposed = next(e.payload for e in record.state.events if e.kind == "propose")
    assert list(proposed) == ["Schwarzes Cafe", "Coffee Nook", "The Cupcake Bar"]  # the rows, in their order
    # The call reached the executor with the model's arguments; Cohere's id is kept, Gemini's made.
    (call,) = [e for e in record.state.events if e.kind == "tool_call"]
    assert call.payload["args"] == ARGUMENTS
    if provider == "cohere":
        assert call.payload["call_id"] == CALL_ID
    else:
        assert call.payload["call_id"].startswith("lamen-call-")

    first, second = bodies(fake, MODEL[provider])
    if provider == "cohere":
        assert [t["function"]["name"] for t in first["tools"]] == ["search"]
        assert [t["function"]["name"] for t in second["tools"]] == ["search"]
        assert [m["role"] for m in first["messages"]] == ["system", "user"]
        # The call replayed as the assistant's tool_calls with its words as the plan, the rows as a tool message.
        assert second["messages"][2:] == [
            {"role": "assistant", "tool_plan": SAID, "tool_calls": [
                {"id": CALL_ID, "type": "function",
                 "function": {"name": "search", "arguments": json.dumps(dict(sorted(ARGUMENTS.items())))}}]},
            {"role": "tool", "tool_call_id": CALL_ID, "content": RESULT}]
    else:
        declared = [d["name"] for tool in first["tools"] for d in tool["functionDeclarations"]]
        assert declared == ["search"] and [c["role"] for c in first["contents"]] == ["user"]
        # The call replayed as a functionCall part (no made id sent, the signature kept), the rows as
        # a functionResponse part of the next user content.
        assert second["contents"][1:] == [
            {"role": "model", "parts": [{"text": SAID},
                                        {"functionCall": {"name": "search", "args": ARGUMENTS},
                                         "thoughtSignature": SIGNATURE}]},
            {"role": "user", "parts": [{"functionResponse": {"name": "search", "response": {"output": RESULT}}}]}]
    # The user turn before the call is the transcript, where the search is no line (only the count of
    # searches left moves on): the call and its rows travel as the API's tool turns alone.
    opening = second["messages"][1]["content"] if provider == "cohere" else second["contents"][0]["parts"][0]["text"]
    assert opening.startswith("Nobody has written yet.") and "search (2 left this turn)" in opening
    assert "Search" not in opening and "Schwarzes" not in opening
    # Nothing private leaks: the user's request has no tool, no rows, no words beside the call.
    (user_body,) = bodies(fake, USER_MODEL)
    sent = json.dumps(user_body)
    assert "Schwarzes Cafe|15|0.1" not in sent and "Search Results" not in sent and SAID not in sent
    assert "search" not in json.dumps(user_body.get("tools", [])) and "functionCall" not in sent
    assert "Schwarzes Cafe, Coffee Nook, The Cupcake Bar" in sent  # the check can fail: the plan is there
