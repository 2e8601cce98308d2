"""Cohere through the real `cohere` SDK (v2 client), answering from recorded v2 Chat bodies."""

from __future__ import annotations

import asyncio

import pytest

from lamen.agents.base import AgentError, ChatReply, ChatRequest
from lamen.agents.providers import make_provider_agent
from lamen.spec.agent import AgentSpec
from tests.test_provider_common import ANSWER, KEY, NOTE_SCHEMA, REQUEST, SYSTEM, Wire, assert_key_hidden

pytest.importorskip("cohere")
# cohere's own models use a pydantic v1 attribute on every parse: not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore:The `__fields__` attribute is deprecated")

MODEL = "command-r-plus-08-2024"


def build(monkeypatch: pytest.MonkeyPatch, wire: Wire) -> object:
    monkeypatch.setenv("CO_API_KEY", KEY)
    return make_provider_agent(AgentSpec.model_validate(f"cohere:{MODEL}"), http_client=wire.client())


def ask(monkeypatch: pytest.MonkeyPatch, wire: Wire, request: ChatRequest = REQUEST) -> ChatReply:
    return asyncio.run(build(monkeypatch, wire).complete(request))


def fails(monkeypatch: pytest.MonkeyPatch, wire: Wire) -> AgentError:
    with pytest.raises(AgentError) as caught:
        ask(monkeypatch, wire)
    return caught.value


def test_request_and_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("cohere", "success")
    reply = ask(monkeypatch, wire)
    request = wire.requests[0]
    assert str(request.url) == "https://api.cohere.com/v2/chat"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert wire.sent == {
        "model": MODEL,
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": "Landlord: I propose $1400 for 12 months."},
            {"role": "assistant", "content": "Tenant: I could do $1100 for 24 months."},
            {"role": "user", "content": "Landlord: Meet me at $1300?"},
        ],
        "temperature": 0.3, "max_tokens": 200, "p": 0.9, "seed": 7, "stop_sequences": ["</message>"],
        "stream": False,
    }
    assert reply.model_dump(exclude={"latency_s", "cost_usd"}) == {
        # billed units, not `tokens` (which add Cohere's own prompt template)
        "text": ANSWER, "usage": {"input_tokens": 1650, "output_tokens": 44, "cached_tokens": 1024},
        "finish_reason": "COMPLETE", "model": MODEL, "from_cache": False, "empty_reason": None,
    }
    # command-r-plus: $2.50/M input (cached too), $10/M output
    assert reply.cost_usd == pytest.approx((1650 * 2.5 + 44 * 10) / 1e6)


def test_response_schema_is_a_json_object_format(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("cohere", "success")
    ask(monkeypatch, wire, ChatRequest(system="", messages=REQUEST.messages[:1], response_schema=NOTE_SCHEMA))
    assert wire.sent == {
        "model": MODEL, "temperature": 0.0, "max_tokens": 512, "stream": False,
        "messages": [{"role": "user", "content": "Landlord: I propose $1400 for 12 months."}],
        "response_format": {"type": "json_object", "json_schema": NOTE_SCHEMA},
    }


def test_rate_limit_is_retryable_after_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("cohere", "rate_limited")
    err = fails(monkeypatch, wire)
    assert (err.retryable, err.retry_after, err.status) == (True, 60.0, 429)
    assert str(err).startswith(f"cohere:{MODEL}: rate limited (HTTP 429): You are using a Trial key")
    assert len(wire.requests) == 1


def test_server_error_is_retryable(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("cohere", "server_error")
    err = fails(monkeypatch, wire)
    assert str(err) == (f"cohere:{MODEL}: server error (HTTP 500): internal server error, this has been reported "
                        "to our developers")
    assert (err.retryable, err.status) == (True, 500)
    assert len(wire.requests) == 1


def test_bad_key_is_fatal_and_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    agent = build(monkeypatch, Wire("cohere", "unauthorized"))
    with pytest.raises(AgentError) as caught:
        asyncio.run(agent.complete(REQUEST))
    err = caught.value
    assert str(err) == f"cohere:{MODEL}: authentication failed (HTTP 401): set CO_API_KEY"
    assert (err.retryable, err.status) == (False, 401)
    assert_key_hidden(err, agent)


def test_unknown_model_is_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = fails(monkeypatch, Wire("cohere", "not_found"))
    assert str(err).startswith(f"cohere:{MODEL}: unknown model '{MODEL}' (HTTP 404): model 'command-x' not found")
    assert err.retryable is False


def test_empty_reply_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    reply = ask(monkeypatch, Wire("cohere", "empty"))
    assert (reply.text, reply.empty_reason, reply.finish_reason) == ("", "empty", "COMPLETE")
