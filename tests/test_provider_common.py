"""What every provider shares: the fake wire the provider tests answer through, Retry-After
parsing, one-line errors, params and key checks, and dispatch by provider."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from lamen.agents.base import AgentError, ChatMessage, ChatRequest
from lamen.agents.providers import LLM_PROVIDERS, PROVIDER_ENV_VARS, make_provider_agent
from lamen.agents.providers.common import error_reason, one_line, retry_after_seconds, status_error
from lamen.spec.agent import AgentSpec

DATA = Path(__file__).parent / "data" / "providers"
KEY = "sk-test-lamen-0123456789abcdef"  # also inside the recorded OpenAI 401 body, as OpenAI echoes keys

SYSTEM = ("You are the tenant in a rental negotiation. Issues: rent ($1000-$1400), lease duration "
          "(12/24/36 months). Your payoffs: rent $1000 = 100 ... $1400 = 0. Send one message per turn.")
REQUEST = ChatRequest(
    system=SYSTEM,
    messages=(
        ChatMessage(role="user", content="Landlord: I propose $1400 for 12 months."),
        ChatMessage(role="assistant", content="Tenant: I could do $1100 for 24 months."),
        ChatMessage(role="user", content="Landlord: Meet me at $1300?"),
    ),
    temperature=0.3, max_tokens=200, top_p=0.9, seed=7, stop=("</message>",),
)
ANSWER = "I can accept $1250 if the lease runs 24 months."
NOTE_SCHEMA = {"type": "object", "properties": {"rent": {"type": "string", "enum": ["$1000", "$1200", "$1400"]}},
               "required": ["rent"], "additionalProperties": False}


def recorded(provider: str, name: str) -> dict[str, Any]:
    """A recorded response: {"status": ..., "headers": {...}, "body": JSON or text}."""
    return json.loads((DATA / provider / f"{name}.json").read_text(encoding="utf-8"))


def http_module(provider: str) -> ModuleType:
    """The httpx package the installed SDK takes an http client from (httpx2 for the newer SDKs)."""
    import httpx
    if provider == "cohere":
        return httpx
    if provider == "google":
        return importlib.import_module("httpx2") if importlib.util.find_spec("httpx2") else httpx
    base = importlib.import_module(f"{provider}._base_client")
    return importlib.import_module("httpx2") if hasattr(base, "httpx2") else httpx


class Wire:
    """A fake provider API on an httpx mock transport underneath the real SDK: answers each request
    with the next answer (a recorded response name, (name, header overrides), or an exception the
    transport raises) and keeps every request."""

    def __init__(self, provider: str, *answers: str | tuple[str, dict[str, str]] | Exception) -> None:
        self.provider = provider
        self.http = http_module(provider)
        self.answers = list(answers)
        self.requests: list[Any] = []

    def _handle(self, request: Any) -> Any:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        name, headers = answer if isinstance(answer, tuple) else (answer, {})
        doc = recorded(self.provider, name)
        body = doc["body"]
        content = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        return self.http.Response(doc["status"], headers={**doc["headers"], **headers}, content=content)

    def client(self) -> Any:
        return self.http.AsyncClient(transport=self.http.MockTransport(self._handle))

    @property
    def sent(self) -> dict[str, Any]:
        """The JSON body of the last request."""
        return json.loads(self.requests[-1].content)


def assert_key_hidden(err: AgentError, agent: object) -> None:
    assert KEY not in str(err) and KEY not in repr(err) and KEY not in repr(agent)
    # The SDK exception (whose text may echo the key) is not chained onto the AgentError.
    assert err.__cause__ is None and err.__suppress_context__


# ---- Retry-After -------------------------------------------------------------------------------

NOW = datetime(2026, 10, 21, 7, 28, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("headers", "expected"), [
    ({"retry-after": "17"}, 17.0),
    ({"Retry-After": "2.5"}, 2.5),
    ({"retry-after-ms": "1500", "retry-after": "9"}, 1.5),
    ({"retry-after": "Wed, 21 Oct 2026 07:28:30 GMT"}, 30.0),
    ({"retry-after": "Wed, 21 Oct 2026 07:27:00 GMT"}, 0.0),  # already past
    ({"retry-after": "-3"}, 0.0),
    ({"retry-after": "soon"}, None),
    ({"x-request-id": "abc"}, None),
    (None, None),
])
def test_retry_after_seconds_or_http_date(headers: dict[str, str] | None, expected: float | None) -> None:
    assert retry_after_seconds(headers, now=NOW) == expected


# ---- one-line errors -------------------------------------------------------------------------

def test_error_reason_reads_each_api_error_shape() -> None:
    assert error_reason('{"type": "error", "error": {"type": "x", "message": "Overloaded"}}') == "Overloaded"
    assert error_reason({"message": "invalid api token"}) == "invalid api token"
    assert error_reason({"error": "model not loaded"}) == "model not loaded"
    assert error_reason(b"upstream connect error") == "upstream connect error"
    assert error_reason(None) == ""


def test_one_line_collapses_truncates_and_redacts() -> None:
    text = one_line(f"bad\n  key {KEY}\tgiven " + "x" * 300, secret=KEY)
    assert text.startswith("bad key [redacted] given xxx") and len(text) == 200 and text.endswith("…")


@pytest.mark.parametrize(("status", "retryable", "message"), [
    (401, False, "a:m: authentication failed (HTTP 401): set A_KEY"),
    (403, False, "a:m: permission denied (HTTP 403): check that the key in A_KEY may use model 'm': nope"),
    (404, False, "a:m: unknown model 'm' (HTTP 404): nope"),
    (400, False, "a:m: bad request (HTTP 400): nope"),
    (422, False, "a:m: bad request (HTTP 422): nope"),
    (408, True, "a:m: request timed out (HTTP 408): nope"),
    (429, True, "a:m: rate limited (HTTP 429): nope"),
    (500, True, "a:m: server error (HTTP 500): nope"),
    (529, True, "a:m: overloaded (HTTP 529): nope"),
])
def test_status_error_classifies(status: int, retryable: bool, message: str) -> None:
    err = status_error("a:m", status, reason="nope", headers={"retry-after": "4"}, key_variables=("A_KEY",),
                       model="m")
    assert (str(err), err.retryable, err.status) == (message, retryable, status)
    assert err.retry_after == (4.0 if retryable else None)


# ---- construction ----------------------------------------------------------------------------

def test_env_vars_per_provider() -> None:
    assert PROVIDER_ENV_VARS == {
        "anthropic": ("ANTHROPIC_API_KEY",), "openai": ("OPENAI_API_KEY",), "cohere": ("CO_API_KEY",),
        "google": ("GOOGLE_API_KEY", "GEMINI_API_KEY"),
    }
    assert LLM_PROVIDERS == ("anthropic", "openai", "cohere", "google")


@pytest.mark.parametrize(("provider", "model", "variables"), [
    ("anthropic", "claude-3-5-haiku-latest", "ANTHROPIC_API_KEY"),
    ("openai", "gpt-4o", "OPENAI_API_KEY"),
    ("cohere", "command-r", "CO_API_KEY"),
    ("google", "gemini-2.0-flash", "GOOGLE_API_KEY or GEMINI_API_KEY"),
])
def test_missing_key_is_fatal_and_names_the_variable(monkeypatch: pytest.MonkeyPatch, provider: str, model: str,
                                                     variables: str) -> None:
    pytest.importorskip("google.genai" if provider == "google" else provider)
    for names in PROVIDER_ENV_VARS.values():
        for name in names:
            monkeypatch.delenv(name, raising=False)
    with pytest.raises(AgentError) as caught:
        make_provider_agent(AgentSpec.model_validate(f"{provider}:{model}"))
    assert str(caught.value) == f"{provider}:{model}: no API key: set {variables}"
    assert caught.value.retryable is False


@pytest.mark.parametrize("variable", ["GEMINI_API_KEY", "GOOGLE_API_KEY"])
def test_google_takes_either_key_variable(monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    pytest.importorskip("google.genai")
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    monkeypatch.setenv(variable, KEY)
    assert make_provider_agent(AgentSpec.model_validate("google:gemini-2.0-flash")).name == "google:gemini-2.0-flash"


def test_unknown_params_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    spec = AgentSpec(id="gpt", provider="openai", model="gpt-4o", params={"temprature": 0.2})
    with pytest.raises(AgentError, match=r"^gpt: unknown params 'temprature' for provider openai "
                                         r"\(known: timeout_s, endpoint_cooldown_s, api_key_env\)$"):
        make_provider_agent(spec)
    with pytest.raises(AgentError, match="params.timeout_s must be a positive number"):
        make_provider_agent(AgentSpec(id="gpt", provider="openai", model="gpt-4o", params={"timeout_s": 0}))


def test_non_llm_provider_is_refused() -> None:
    with pytest.raises(AgentError, match="provider 'bot' is not an LLM provider"):
        make_provider_agent(AgentSpec.model_validate("bot:boulware"))


def test_missing_sdk_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cohere", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "lamen.agents.providers.cohere", raising=False)
    monkeypatch.setenv("CO_API_KEY", KEY)
    with pytest.raises(AgentError) as caught:
        make_provider_agent(AgentSpec.model_validate("cohere:command-r"))
    assert str(caught.value) == ("cohere:command-r: the cohere SDK is not installed (cohere): "
                                 "pip install 'lamen[cohere]'")
