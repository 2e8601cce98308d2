"""OpenAI (and OpenAI-compatible servers) through the real `openai` SDK, answering from recorded
Chat Completions bodies."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.agents.providers import make_provider_agent
from lamen.spec.agent import AgentSpec
from tests.test_provider_common import ANSWER, KEY, NOTE_SCHEMA, REQUEST, SYSTEM, Wire, assert_key_hidden

pytest.importorskip("openai")

MODEL = "gpt-4o"
MESSAGES = [
    {"role": "system", "content": SYSTEM},
    {"role": "user", "content": "Landlord: I propose $1400 for 12 months."},
    {"role": "assistant", "content": "Tenant: I could do $1100 for 24 months."},
    {"role": "user", "content": "Landlord: Meet me at $1300?"},
]


def build(monkeypatch: pytest.MonkeyPatch, wire: Wire, **spec: object) -> object:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    return make_provider_agent(AgentSpec(**{"id": f"openai:{MODEL}", "provider": "openai", "model": MODEL, **spec}),
                               http_client=wire.client())


def ask(monkeypatch: pytest.MonkeyPatch, wire: Wire, request: ChatRequest = REQUEST, **spec: object) -> ChatReply:
    return asyncio.run(build(monkeypatch, wire, **spec).complete(request))


def fails(monkeypatch: pytest.MonkeyPatch, wire: Wire) -> AgentError:
    with pytest.raises(AgentError) as caught:
        ask(monkeypatch, wire)
    return caught.value


def test_request_and_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("openai", "success")
    reply = ask(monkeypatch, wire)
    request = wire.requests[0]
    assert str(request.url) == "https://api.openai.com/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert wire.sent == {
        "model": MODEL, "messages": MESSAGES, "temperature": 0.3, "max_completion_tokens": 200, "top_p": 0.9,
        "seed": 7, "stop": ["</message>"],
    }
    assert reply.model_dump(exclude={"latency_s", "cost_usd"}) == {
        "text": ANSWER, "usage": {"input_tokens": 2006, "output_tokens": 58, "cached_tokens": 1920},
        "finish_reason": "stop", "model": "gpt-4o-2024-08-06", "from_cache": False, "empty_reason": None,
    }
    # $2.50/M input, $1.25/M cached, $10/M output: 86*2.5 + 1920*1.25 + 58*10 = 3195 micro-dollars
    assert reply.cost_usd == pytest.approx(3195e-6)


def test_response_schema_is_strict_json_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("openai", "success")
    ask(monkeypatch, wire, ChatRequest(system="", messages=REQUEST.messages[:1], response_schema=NOTE_SCHEMA))
    assert wire.sent == {
        "model": MODEL, "temperature": 0.0, "max_completion_tokens": 512,
        "messages": [{"role": "user", "content": "Landlord: I propose $1400 for 12 months."}],
        "response_format": {"type": "json_schema",
                            "json_schema": {"name": "response", "schema": NOTE_SCHEMA, "strict": True}},
    }


def test_compatible_server_at_base_url_needs_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    wire = Wire("openai", "local_server")
    spec = AgentSpec(id="local-qwen", provider="openai", model="qwen2.5-7b-instruct",
                     base_url="http://127.0.0.1:8080/v1")
    reply = asyncio.run(make_provider_agent(spec, http_client=wire.client()).complete(REQUEST))
    request = wire.requests[0]
    assert str(request.url) == "http://127.0.0.1:8080/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer not-needed"
    assert wire.sent["max_tokens"] == 200 and "max_completion_tokens" not in wire.sent
    assert (reply.text, reply.model, reply.cost_usd) == ("Deal at $1250.", "qwen2.5-7b-instruct", 0.0)
    assert reply.usage == Usage(input_tokens=180, output_tokens=6, cached_tokens=0)


def test_base_url_key_from_a_named_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GATEWAY_KEY", "gw-secret-42")
    wire = Wire("openai", "success")
    spec = AgentSpec(id="gw", provider="openai", model="gpt-4o", base_url="https://gateway.example/v1",
                     params={"api_key_env": "GATEWAY_KEY"})
    asyncio.run(make_provider_agent(spec, http_client=wire.client()).complete(REQUEST))
    assert wire.requests[0].headers["authorization"] == "Bearer gw-secret-42"
    monkeypatch.delenv("GATEWAY_KEY")
    with pytest.raises(AgentError, match="^gw: no API key: set GATEWAY_KEY$"):
        make_provider_agent(spec)


def test_rate_limit_with_http_date_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    when = format_datetime(datetime.now(timezone.utc) + timedelta(seconds=30), usegmt=True)
    wire = Wire("openai", ("rate_limited", {"retry-after": when}))
    err = fails(monkeypatch, wire)
    assert (err.retryable, err.status) == (True, 429)
    assert err.retry_after == pytest.approx(30, abs=1.5)
    assert str(err).startswith(f"openai:{MODEL}: rate limited (HTTP 429): Rate limit reached for gpt-4o")
    assert len(wire.requests) == 1


def test_exhausted_quota_is_not_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    err = fails(monkeypatch, Wire("openai", "insufficient_quota"))
    assert str(err) == (f"openai:{MODEL}: quota exhausted (HTTP 429): check the plan and billing of the key in "
                        "OPENAI_API_KEY")
    assert err.retryable is False


def test_server_error_is_retryable(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("openai", "server_error")
    err = fails(monkeypatch, wire)
    assert (err.retryable, err.status, err.retry_after) == (True, 500, None)
    assert str(err) == (f"openai:{MODEL}: server error (HTTP 500): The server had an error while processing your "
                        "request. Sorry about that!")
    assert len(wire.requests) == 1


def test_bad_key_is_fatal_and_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    agent = build(monkeypatch, Wire("openai", "unauthorized"))  # the recorded body echoes the key
    with pytest.raises(AgentError) as caught:
        asyncio.run(agent.complete(REQUEST))
    err = caught.value
    assert str(err) == f"openai:{MODEL}: authentication failed (HTTP 401): set OPENAI_API_KEY"
    assert (err.retryable, err.status) == (False, 401)
    assert_key_hidden(err, agent)


def test_unknown_model_is_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = fails(monkeypatch, Wire("openai", "not_found"))
    assert str(err) == (f"openai:{MODEL}: unknown model '{MODEL}' (HTTP 404): The model `gpt-4o-nonexistent` does "
                        "not exist or you do not have access to it.")
    assert err.retryable is False


def test_empty_reply_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    reply = ask(monkeypatch, Wire("openai", "empty"))
    assert (reply.text, reply.empty_reason, reply.finish_reason) == ("", "empty", "stop")


@pytest.mark.parametrize(("name", "finish_reason"), [("content_filter", "content_filter"), ("refusal", "stop")])
def test_content_filter_and_refusal_are_filtered(monkeypatch: pytest.MonkeyPatch, name: str,
                                                 finish_reason: str) -> None:
    reply = ask(monkeypatch, Wire("openai", name))
    assert (reply.text, reply.empty_reason, reply.finish_reason) == ("", "filtered", finish_reason)
