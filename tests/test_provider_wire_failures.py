"""Failures every provider must map the same way, driven through each real SDK: a malformed
200 body is a failed call (never an empty reply), and a dropped connection is retryable."""

from __future__ import annotations

import pytest

from tests import test_provider_anthropic, test_provider_cohere, test_provider_google, test_provider_openai
from tests.test_provider_common import Wire

PROVIDERS = {"anthropic": test_provider_anthropic, "cohere": test_provider_cohere,
             "google": test_provider_google, "openai": test_provider_openai}


@pytest.mark.parametrize("provider", sorted(PROVIDERS))
@pytest.mark.parametrize("name", ["malformed_html", "malformed_shape"])
def test_malformed_body_is_a_failed_call_not_an_empty_reply(monkeypatch: pytest.MonkeyPatch, provider: str,
                                                            name: str) -> None:
    module = PROVIDERS[provider]
    err = module.fails(monkeypatch, Wire(provider, name))
    assert str(err).startswith(f"{provider}:{module.MODEL}: malformed response (HTTP 200): ")
    assert (err.retryable, err.status) == (False, 200)


@pytest.mark.parametrize("provider", sorted(PROVIDERS))
@pytest.mark.parametrize(("error", "message"), [
    ("ConnectError", "connection failed (ConnectError)"),
    ("RemoteProtocolError", "connection failed (RemoteProtocolError)"),
    ("ReadTimeout", "timed out"),
])
def test_dropped_connection_is_retryable(monkeypatch: pytest.MonkeyPatch, provider: str, error: str,
                                         message: str) -> None:
    module = PROVIDERS[provider]
    http = Wire(provider).http
    wire = Wire(provider, getattr(http, error)("Server disconnected without sending a response."))
    err = module.fails(monkeypatch, wire)
    assert (str(err), err.retryable) == (f"{provider}:{module.MODEL}: {message}", True)
    assert len(wire.requests) == 1
