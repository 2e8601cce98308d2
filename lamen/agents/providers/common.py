"""What the provider modules share: API keys from the environment, one-line AgentErrors for each
kind of failure (with Retry-After), the OpenAI-style function tools (which OpenAI and Cohere v2
both speak), and the ChatReply with its cost."""

from __future__ import annotations

import importlib
import json
import math
import os
import re
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Generic, TypeVar

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.chat import ChatMessage, ChatTool, ChatToolCall
from lamen.agents.prices import cost_usd, load_prices
from lamen.spec.agent import AgentSpec

DEFAULT_MAX_TOKENS = 512  # Anthropic requires a limit; the others get the same one so agents compare
DEFAULT_TIMEOUT_S = 120.0  # the SDKs wait up to 10 minutes; a negotiation turn never needs that long
# endpoint_cooldown_s: how long a failed replica of an endpoint pool is set aside (lamen.agents.pool)
COMMON_PARAMS = ("timeout_s", "endpoint_cooldown_s")

# Statuses worth retrying: timeout, conflict, rate limit, and every server error (Anthropic's
# 529 "overloaded" included). The same set the SDKs retry themselves when left to.
RETRYABLE_STATUSES = frozenset({408, 409, 429})


def _transport_errors() -> tuple[type[Exception], ...]:
    """httpx's and httpx2's TransportError, whichever are installed: cohere and google let them
    through unwrapped (anthropic and openai wrap them in their APIConnectionError)."""
    found = []
    for package in ("httpx", "httpx2"):
        try:
            found.append(importlib.import_module(package).TransportError)
        except ImportError:
            continue
    return tuple(found)


TRANSPORT_ERRORS = _transport_errors()


class ProviderAgent:
    """What every provider agent shares: its name is its AgentSpec id, and its repr shows only
    that id (never the key or the client holding it)."""

    _spec: AgentSpec
    _clients: Clients[Any]

    @property
    def name(self) -> str:
        return self._spec.id

    async def aclose(self) -> None:
        """Close the SDK clients this agent made (the runner calls it when a run ends)."""
        await self._clients.aclose()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._spec.id!r})"


Client = TypeVar("Client")

# Requests in flight per SDK client before another is made. Each client has its own HTTP connection
# pool, and the pool looks over all its connections (probing the idle ones' sockets) whenever a
# request starts or ends: at 128 in flight through one client that scan was most of the HTTP cost.
REQUESTS_PER_CLIENT = 16
MAX_CLIENTS = 32


class Clients(Generic[Client]):
    """One agent's SDK clients, made as the requests in flight need them: each request goes to the
    client with the fewest in flight. With an injected HTTP client (tests) there is only one."""

    def __init__(self, make: Callable[[], Client], *, injected: bool,
                 close: Callable[[Client], Awaitable[None] | None] | None = None) -> None:
        self._make = make
        self._injected = injected
        self._close = close
        self._limit = 1 if injected else MAX_CLIENTS
        self._clients = [make()]
        self._in_flight = [0]

    async def aclose(self) -> None:
        """Close the clients this agent made (their connection pools), on the loop that used them;
        an injected HTTP client is its owner's to close. A later request makes a fresh client."""
        clients, self._clients, self._in_flight = self._clients, [], []
        if self._injected or self._close is None:
            return
        for client in clients:
            closing = self._close(client)
            if closing is not None:
                await closing

    def _ensure_one(self) -> None:
        if not self._clients:  # after aclose: the next request makes a fresh client
            self._clients.append(self._make())
            self._in_flight.append(0)

    @property
    def first(self) -> Client:
        self._ensure_one()
        return self._clients[0]

    @contextmanager
    def one(self) -> Iterator[Client]:
        self._ensure_one()
        index = min(range(len(self._clients)), key=self._in_flight.__getitem__)
        if self._in_flight[index] >= REQUESTS_PER_CLIENT and len(self._clients) < self._limit:
            self._clients.append(self._make())
            self._in_flight.append(0)
            index = len(self._clients) - 1
        self._in_flight[index] += 1
        try:
            yield self._clients[index]
        finally:
            self._in_flight[index] -= 1


def sampling_options(request: ChatRequest, *, top_p: str = "top_p", stop: str = "stop_sequences") -> dict[str, Any]:
    """The optional settings a request sets (top_p, seed, stop), under the provider's own names;
    unset ones are left out, so the provider's defaults hold."""
    options: dict[str, Any] = {}
    if request.top_p is not None:
        options[top_p] = request.top_p
    if request.seed is not None:
        options["seed"] = request.seed
    if request.stop:
        options[stop] = list(request.stop)
    return options


def chat_messages_with_tools(request: ChatRequest,
                             turn: Callable[[ChatMessage], dict[str, Any]]) -> list[dict[str, Any]]:
    """`chat_messages`, or, once the conversation holds tool turns, the system text first and each
    message as the provider's `turn` renders it (its assistant-with-calls and tool messages)."""
    if not any(m.role == "tool" or m.tool_calls for m in request.messages):
        return chat_messages(request)
    system = [{"role": "system", "content": request.system}] if request.system else []
    return [*system, *(turn(m) for m in request.messages)]


def chat_messages(request: ChatRequest) -> list[dict[str, Any]]:
    """The request as role/content messages, the system text first as a `system` message (for
    the APIs that take it there: OpenAI chat completions, Cohere v2). Tool turns are left to the
    provider (`function_calls`, and each API's own assistant and tool messages)."""
    system = [{"role": "system", "content": request.system}] if request.system else []
    return system + [{"role": m.role, "content": m.content} for m in request.messages]


def function_tools(tools: Sequence[ChatTool]) -> list[dict[str, Any]]:
    """Tools as OpenAI-style function declarations (OpenAI chat completions, Cohere v2)."""
    declared = []
    for tool in tools:
        function: dict[str, Any] = {"name": tool.name}
        if tool.description:
            function["description"] = tool.description
        function["parameters"] = tool.parameters
        declared.append({"type": "function", "function": function})
    return declared


def function_calls(calls: Sequence[ChatToolCall]) -> list[dict[str, Any]]:
    """An assistant's calls as OpenAI-style `tool_calls`, arguments as the model wrote them."""
    return [{"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments_json()}}
            for call in calls]


def provider_params(spec: AgentSpec, known: Sequence[str]) -> dict[str, Any]:
    """`spec.params`, refusing keys this provider does not read (a typo must not go unnoticed)."""
    allowed = (*COMMON_PARAMS, *known)
    unknown = sorted(set(spec.params) - set(allowed))
    if unknown:
        raise AgentError(f"{spec.id}: unknown params '{unknown[0]}' for provider {spec.provider} "
                         f"(known: {', '.join(allowed)})", retryable=False)
    timeout = spec.params.get("timeout_s", DEFAULT_TIMEOUT_S)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise AgentError(f"{spec.id}: params.timeout_s must be a positive number of seconds, got {timeout!r}",
                         retryable=False)
    return {**spec.params, "timeout_s": float(timeout)}


def api_key(agent: str, variables: Sequence[str]) -> str:
    """The key from the first of `variables` that is set; a fatal AgentError naming them if none is."""
    for variable in variables:
        value = os.environ.get(variable, "").strip()
        if value:
            return value
    raise AgentError(f"{agent}: no API key: set {' or '.join(variables)}", retryable=False)


def check_prices() -> None:
    """Read the prices file now, so a bad one stops the run before the first call, not during it."""
    load_prices()


def retry_after_seconds(headers: Mapping[str, str] | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from `retry-after-ms`, or `Retry-After` as seconds or an HTTP date."""
    if not headers:
        return None
    lower = {key.lower(): value for key, value in headers.items()}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            seconds = float(lower.get(name, "")) * scale
        except ValueError:
            continue
        if math.isfinite(seconds):
            return max(seconds, 0.0)
    text = lower.get("retry-after")
    if not text:
        return None
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max((when - (now or datetime.now(timezone.utc))).total_seconds(), 0.0)


def one_line(text: str, secret: str = "", limit: int = 200) -> str:
    """`text` on one line, at most `limit` characters, with `secret` blanked out."""
    if secret:
        text = text.replace(secret, "[redacted]")
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_reason(body: object) -> str:
    """The human part of an error body: {"error": {"message": ...}}, {"message": ...} or text."""
    if isinstance(body, bytes):
        body = body.decode("utf-8", "replace")
    if isinstance(body, str):
        try:
            body = json.loads(body)
        except ValueError:
            return body
    if isinstance(body, Mapping):
        error = body.get("error")
        if isinstance(error, Mapping) and isinstance(error.get("message"), str):
            return error["message"]
        if isinstance(error, str):
            return error
        if isinstance(body.get("message"), str):
            return body["message"]
    return "" if body is None else json.dumps(body)[:200]


def status_error(agent: str, status: int, *, reason: str, headers: Mapping[str, str] | None,
                 key_variables: Sequence[str], model: str, secret: str = "") -> AgentError:
    """The AgentError for an HTTP error status: retryable for 408/409/429/5xx, fatal otherwise."""
    reason = one_line(reason, secret)
    detail = f": {reason}" if reason else ""
    keys = " or ".join(key_variables)
    if status == 401:
        return AgentError(f"{agent}: authentication failed (HTTP 401): set {keys}", retryable=False, status=status)
    if status == 403:
        return AgentError(f"{agent}: permission denied (HTTP 403): check that the key in {keys} may use "
                          f"model '{model}'{detail}", retryable=False, status=status)
    if status == 404:
        return AgentError(f"{agent}: unknown model '{model}' (HTTP 404){detail}", retryable=False, status=status)
    if status in RETRYABLE_STATUSES or status >= 500:
        what = {408: "request timed out", 409: "conflict", 429: "rate limited", 529: "overloaded"}.get(
            status, "server error")
        return AgentError(f"{agent}: {what} (HTTP {status}){detail}", retryable=True,
                          retry_after=retry_after_seconds(headers), status=status)
    return AgentError(f"{agent}: bad request (HTTP {status}){detail}", retryable=False, status=status)


def transport_error(agent: str, exc: BaseException) -> AgentError:
    """A timeout or a failed / dropped connection: retryable. Named by the transport's own error
    (ConnectError, RemoteProtocolError, ...) where the SDK wrapped it in its connection error."""
    cause = exc.__cause__ or exc
    timed_out = any("timeout" in type(e).__name__.lower() for e in (exc, cause))
    what = "timed out" if timed_out else f"connection failed ({type(cause).__name__})"
    return AgentError(f"{agent}: {what}", retryable=True)


def malformed(agent: str, what: str) -> AgentError:
    """A 200 whose body is not the API's response shape (a proxy's HTML page, a truncated body).

    Not retryable: the call's outcome is unknown and a retry is not known to help; the runner
    records the failed call instead of counting an empty reply as the agent's answer."""
    return AgentError(f"{agent}: malformed response (HTTP 200): {what}", retryable=False, status=200)


def reply(*, provider: str, spec: AgentSpec, text: str, model: str, usage: Usage, latency_s: float,
          finish_reason: str | None, filtered: bool, cache_write_tokens: int = 0,
          tool_calls: Sequence[ChatToolCall] = ()) -> ChatReply:
    """The ChatReply, priced by the reply's model name (else the requested one). A filtered or
    empty answer keeps text "" with `empty_reason`, so it is recorded rather than raised; a reply
    that only calls tools is not empty (its calls are the answer)."""
    table = load_prices()
    priced_as = model if table.price_for(provider, model) is not None else spec.model
    if filtered:
        text, empty_reason, tool_calls = "", "filtered", ()
    elif tool_calls:
        empty_reason = None
    elif not text.strip():
        text, empty_reason = "", "empty"
    else:
        empty_reason = None
    return ChatReply(
        text=text, usage=usage, latency_s=latency_s, finish_reason=finish_reason, model=model or spec.model,
        cost_usd=cost_usd(provider, priced_as, usage, cache_write_tokens=cache_write_tokens, prices=table),
        empty_reason=empty_reason, tool_calls=tuple(tool_calls),
    )
