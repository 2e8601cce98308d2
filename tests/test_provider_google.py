"""Gemini through the real `google-genai` SDK, answering from recorded generateContent bodies."""

from __future__ import annotations

import asyncio

import pytest

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.agents.providers import make_provider_agent
from lamen.spec.agent import AgentSpec
from tests.test_provider_common import ANSWER, KEY, NOTE_SCHEMA, REQUEST, SYSTEM, Wire, assert_key_hidden

pytest.importorskip("google.genai")

MODEL = "gemini-2.5-flash"


def build(monkeypatch: pytest.MonkeyPatch, wire: Wire) -> object:
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    monkeypatch.setenv("GEMINI_API_KEY", KEY)
    return make_provider_agent(AgentSpec.model_validate(f"google:{MODEL}"), http_client=wire.client())


def ask(monkeypatch: pytest.MonkeyPatch, wire: Wire, request: ChatRequest = REQUEST) -> ChatReply:
    return asyncio.run(build(monkeypatch, wire).complete(request))


def fails(monkeypatch: pytest.MonkeyPatch, wire: Wire) -> AgentError:
    with pytest.raises(AgentError) as caught:
        ask(monkeypatch, wire)
    return caught.value


def test_request_and_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("google", "success")
    reply = ask(monkeypatch, wire)
    request = wire.requests[0]
    assert request.url.host == "generativelanguage.googleapis.com"
    assert request.url.path.endswith(f"/models/{MODEL}:generateContent")
    assert request.headers["x-goog-api-key"] == KEY
    assert wire.sent == {
        "contents": [
            {"role": "user", "parts": [{"text": "Landlord: I propose $1400 for 12 months."}]},
            {"role": "model", "parts": [{"text": "Tenant: I could do $1100 for 24 months."}]},
            {"role": "user", "parts": [{"text": "Landlord: Meet me at $1300?"}]},
        ],
        "systemInstruction": {"role": "user", "parts": [{"text": SYSTEM}]},
        "generationConfig": {"temperature": 0.3, "maxOutputTokens": 200, "topP": 0.9, "seed": 7,
                             "stopSequences": ["</message>"]},
    }
    assert reply.model_dump(exclude={"latency_s", "cost_usd"}) == {
        # output = 40 answer + 120 thinking tokens, both billed as output
        "text": ANSWER, "usage": {"input_tokens": 2100, "output_tokens": 160, "cached_tokens": 2048},
        "finish_reason": "STOP", "model": MODEL, "from_cache": False, "empty_reason": None,
    }
    # $0.30/M input, $0.075/M cached, $2.50/M output: 52*0.3 + 2048*0.075 + 160*2.5 = 569.2 micro-dollars
    assert reply.cost_usd == pytest.approx(569.2e-6)


def test_response_schema_is_sent_as_json_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("google", "success")
    ask(monkeypatch, wire, ChatRequest(system="", messages=REQUEST.messages[:1], response_schema=NOTE_SCHEMA))
    assert wire.sent == {
        "contents": [{"role": "user", "parts": [{"text": "Landlord: I propose $1400 for 12 months."}]}],
        "generationConfig": {"temperature": 0.0, "maxOutputTokens": 512, "responseMimeType": "application/json",
                             "responseJsonSchema": NOTE_SCHEMA},
    }


def test_rate_limit_waits_the_retry_delay_of_the_body(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = Wire("google", "rate_limited")
    err = fails(monkeypatch, wire)
    assert (err.retryable, err.retry_after, err.status) == (True, 37.0, 429)
    assert str(err) == (f"google:{MODEL}: rate limited (HTTP 429): You exceeded your current quota, please check "
                        "your plan and billing details.")
    assert len(wire.requests) == 1


@pytest.mark.parametrize(("name", "status", "retry_after", "message"), [
    ("unavailable", 503, 5.0, "server error (HTTP 503): The model is overloaded. Please try again later."),
    ("server_error", 500, None, "server error (HTTP 500): An internal error has occurred."),
])
def test_server_errors_are_retryable(monkeypatch: pytest.MonkeyPatch, name: str, status: int,
                                     retry_after: float | None, message: str) -> None:
    wire = Wire("google", name)
    err = fails(monkeypatch, wire)
    assert str(err).startswith(f"google:{MODEL}: {message}")
    assert (err.retryable, err.status, err.retry_after) == (True, status, retry_after)
    assert len(wire.requests) == 1


def test_invalid_key_is_fatal_and_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Gemini API answers a wrong key with 400 INVALID_ARGUMENT / API_KEY_INVALID, not 401.
    agent = build(monkeypatch, Wire("google", "api_key_invalid"))
    with pytest.raises(AgentError) as caught:
        asyncio.run(agent.complete(REQUEST))
    err = caught.value
    assert str(err) == f"google:{MODEL}: authentication failed (HTTP 401): set GOOGLE_API_KEY or GEMINI_API_KEY"
    assert err.retryable is False
    assert_key_hidden(err, agent)


def test_permission_denied_is_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = fails(monkeypatch, Wire("google", "permission_denied"))
    assert str(err).startswith(f"google:{MODEL}: permission denied (HTTP 403): check that the key in GOOGLE_API_KEY "
                               f"or GEMINI_API_KEY may use model '{MODEL}'")
    assert (err.retryable, err.status) == (False, 403)


def test_unknown_model_is_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = fails(monkeypatch, Wire("google", "not_found"))
    assert str(err).startswith(f"google:{MODEL}: unknown model '{MODEL}' (HTTP 404): "
                               "models/gemini-9-ultra is not found")
    assert err.retryable is False


def test_empty_reply_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    # Thinking used the whole budget: a candidate with no parts.
    reply = ask(monkeypatch, Wire("google", "empty"))
    assert (reply.text, reply.empty_reason, reply.finish_reason) == ("", "empty", "MAX_TOKENS")
    assert reply.usage == Usage(input_tokens=2100, output_tokens=512, cached_tokens=0)


@pytest.mark.parametrize(("name", "finish_reason"), [("safety", "SAFETY"), ("prompt_blocked", "PROHIBITED_CONTENT")])
def test_safety_block_is_filtered(monkeypatch: pytest.MonkeyPatch, name: str, finish_reason: str) -> None:
    reply = ask(monkeypatch, Wire("google", name))
    assert (reply.text, reply.empty_reason, reply.finish_reason) == ("", "filtered", finish_reason)
