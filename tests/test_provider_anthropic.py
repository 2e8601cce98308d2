"""Anthropic through the real `anthropic` SDK, answering from recorded Messages API bodies."""

from __future__ import annotations

import asyncio

import pytest

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.agents.providers import make_provider_agent
from lamen.spec.agent import AgentSpec
from tests.test_provider_common import ANSWER, KEY, NOTE_SCHEMA, REQUEST, SYSTEM, Wire, assert_key_hidden

pytest.importorskip("anthropic")

MODEL = "claude-haiku-4-5"


def ask(monkeypatch: pytest.MonkeyPatch, wire: Wire, request: ChatRequest = REQUEST, **spec: object) -> ChatReply:
    agent = build(monkeypatch, wire, **spec)
    return asyncio.run(agent.complete(request))


def build(monkeypatch: pytest.MonkeyPatch, wire: Wire, **spec: object) -> object:
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    return make_provider_agent(AgentSpec(**{"id": f"anthropic:{MODEL}", "provider": "anthropic", "model": MODEL,
                                            **spec}), http_client=wire.client())


def fails(monkeypatch: pytest.MonkeyPatch, wire: Wire) -> AgentError:
    with pytest.raises(AgentError) as caught:
        ask(monkeypatch, wire)
    return caught.value


def test_request_and_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("anthropic", "success")
    reply = ask(monkeypatch, wire)
    request = wire.requests[0]
    assert str(request.url) == "https://api.anthropic.com/v1/messages"
    assert any(KEY in value for value in request.headers.values())
    assert request.headers["x-stainless-retry-count"] == "0"
    assert wire.sent == {
        "model": MODEL,
        "max_tokens": 200,
        # The system prompt is the cached prefix: one block marked ephemeral.
        "system": [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}],
        "messages": [
            {"role": "user", "content": "Landlord: I propose $1400 for 12 months."},
            {"role": "assistant", "content": "Tenant: I could do $1100 for 24 months."},
            {"role": "user", "content": "Landlord: Meet me at $1300?"},
        ],
        "temperature": 0.3,
        "top_p": 0.9,
        "stop_sequences": ["</message>"],
    }  # no seed: the Messages API has none
    assert reply.model_dump(exclude={"latency_s", "cost_usd"}) == {
        "text": ANSWER,
        # 31 uncached + 1840 read from the cache
        "usage": {"input_tokens": 1871, "output_tokens": 42, "cached_tokens": 1840},
        "finish_reason": "end_turn", "model": "claude-haiku-4-5-20251001",
        "from_cache": False, "empty_reason": None,
    }
    # $1/M input, $0.10/M cache read, $5/M output: 31*1 + 1840*0.1 + 42*5 = 425 micro-dollars
    assert reply.cost_usd == pytest.approx(425e-6)
    assert 0 <= reply.latency_s < 5


def test_cache_writes_are_billed_at_the_write_price(monkeypatch: pytest.MonkeyPatch) -> None:
    reply = ask(monkeypatch, Wire("anthropic", "success_cache_write"))
    assert reply.usage == Usage(input_tokens=1871, output_tokens=42, cached_tokens=0)
    assert reply.cost_usd == pytest.approx((31 * 1.00 + 1840 * 1.25 + 42 * 5.00) / 1e6)


def test_defaults_without_system_or_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("anthropic", "success")
    ask(monkeypatch, wire, ChatRequest(system="", messages=REQUEST.messages[:1]))
    assert wire.sent == {"model": MODEL, "max_tokens": 512, "temperature": 0.0,
                         "messages": [{"role": "user", "content": "Landlord: I propose $1400 for 12 months."}]}


def test_response_schema_is_structured_output(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("anthropic", "success")
    ask(monkeypatch, wire, ChatRequest(system="", messages=REQUEST.messages[:1], response_schema=NOTE_SCHEMA))
    assert wire.sent == {"model": MODEL, "max_tokens": 512, "temperature": 0.0,
                         "messages": [{"role": "user", "content": "Landlord: I propose $1400 for 12 months."}],
                         "output_config": {"format": {"type": "json_schema", "schema": NOTE_SCHEMA}}}


def test_sampling_params_off_for_models_that_refuse_them(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("anthropic", "success")
    ask(monkeypatch, wire, params={"sampling_params": False})
    assert "temperature" not in wire.sent and "top_p" not in wire.sent
    err = fails(monkeypatch, Wire("anthropic", "sampling_deprecated"))
    assert str(err) == (f"anthropic:{MODEL}: bad request (HTTP 400): `temperature` is deprecated for this model. "
                        "(set params.sampling_params: false for this agent)")
    assert err.retryable is False
    with pytest.raises(AgentError, match="params.sampling_params must be true or false, got 'no'"):
        build(monkeypatch, Wire("anthropic"), params={"sampling_params": "no"})


def test_rate_limit_is_retryable_after_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("anthropic", "rate_limited")
    err = fails(monkeypatch, wire)
    assert (err.retryable, err.retry_after, err.status) == (True, 17.0, 429)
    assert str(err).startswith(f"anthropic:{MODEL}: rate limited (HTTP 429): This request would exceed")
    assert len(wire.requests) == 1  # the SDK did not retry by itself


@pytest.mark.parametrize(("name", "status", "message"), [
    ("overloaded", 529, "overloaded (HTTP 529): Overloaded"),
    ("server_error", 500, "server error (HTTP 500): Internal server error"),
])
def test_overload_and_server_errors_are_retryable(monkeypatch: pytest.MonkeyPatch, name: str, status: int,
                                                  message: str) -> None:
    wire = Wire("anthropic", name)
    err = fails(monkeypatch, wire)
    assert (str(err), err.retryable, err.retry_after, err.status) == (f"anthropic:{MODEL}: {message}", True, None,
                                                                     status)
    assert len(wire.requests) == 1


def test_bad_key_is_fatal_and_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("anthropic", "unauthorized")
    agent = build(monkeypatch, wire)
    with pytest.raises(AgentError) as caught:
        asyncio.run(agent.complete(REQUEST))
    err = caught.value
    assert str(err) == f"anthropic:{MODEL}: authentication failed (HTTP 401): set ANTHROPIC_API_KEY"
    assert (err.retryable, err.status) == (False, 401)
    assert_key_hidden(err, agent)


def test_unknown_model_is_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = fails(monkeypatch, Wire("anthropic", "not_found"))
    assert str(err) == (f"anthropic:{MODEL}: unknown model '{MODEL}' (HTTP 404): "
                        "model: claude-haiku-4-5-nonexistent")
    assert err.retryable is False


def test_empty_reply_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    reply = ask(monkeypatch, Wire("anthropic", "empty"))
    assert (reply.text, reply.empty_reason, reply.finish_reason) == ("", "empty", "end_turn")
    assert reply.usage == Usage(input_tokens=1871, output_tokens=3, cached_tokens=0)


def test_refusal_is_filtered(monkeypatch: pytest.MonkeyPatch) -> None:
    reply = ask(monkeypatch, Wire("anthropic", "refusal"))
    assert (reply.text, reply.empty_reason, reply.finish_reason) == ("", "filtered", "refusal")


def test_base_url_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("anthropic", "success")
    ask(monkeypatch, wire, base_url="http://127.0.0.1:4000")
    assert str(wire.requests[0].url) == "http://127.0.0.1:4000/v1/messages"
