"""Agents as the runner uses them: behind their provider's gate, answered from the response
cache when the identical request was seen, and retried on retryable failures with exponential
backoff and jitter that honours Retry-After."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections.abc import Callable

from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, stop_after_attempt

from lamen.agents.base import Agent, AgentError, ChatReply, ChatRequest
from lamen.chat import close_agent
from lamen.runner.limits import ProviderGate
from lamen.spec.agent import AgentSpec
from lamen.text_safety import without_surrogates


def cache_key(spec: AgentSpec, request: ChatRequest) -> str:
    """(provider, model, server, messages, sampling, seed): what makes two requests the same."""
    identity = json.dumps([spec.provider, spec.model, spec.base_url]).encode()
    sent = request.model_dump_json(exclude={"meta", "purpose"}).encode()  # field order is fixed by the model
    return hashlib.sha256(identity + b"\0" + sent).hexdigest()


def _encodable(reply: ChatReply) -> ChatReply:
    """A reply whose text has a lone surrogate (a provider's JSON may carry "\\ud83d" alone) gets
    U+FFFD in its place: such text has no UTF-8 form, so the next prompt, the response cache and
    the store could not carry it."""
    text, model = without_surrogates(reply.text), without_surrogates(reply.model) if reply.model else reply.model
    if text is reply.text and model is reply.model:
        return reply
    return reply.model_copy(update={"text": text, "model": model})


def _is_retryable(exc: BaseException) -> bool:
    return isinstance(exc, asyncio.TimeoutError) or (isinstance(exc, AgentError) and exc.retryable)


class _Backoff:
    """Exponential backoff with full jitter, never shorter than the server's Retry-After."""

    def __init__(self, base: float, cap: float, rng: random.Random) -> None:
        self.base, self.cap, self.rng = base, cap, rng

    def first(self) -> float:
        return self.rng.uniform(self.base / 2, self.base)

    def __call__(self, state: RetryCallState) -> float:
        # The first retry happened before tenacity took over: start one step further.
        exponential = min(self.cap, self.base * 2 ** state.attempt_number)
        wait = self.rng.uniform(exponential / 2, exponential)
        error = state.outcome.exception() if state.outcome else None
        retry_after = getattr(error, "retry_after", None)
        return max(wait, retry_after or 0.0)


class ResilientAgent:
    """Wraps one agent for one run. `store` (optional) provides the response cache."""

    def __init__(self, spec: AgentSpec, agent: Agent, gate: ProviderGate, *, max_retries: int, timeout_s: float,
                 cache: object | None = None, backoff_base: float = 1.0, backoff_cap: float = 60.0,
                 on_retry: Callable[[str], None] | None = None) -> None:
        self.spec = spec
        self.agent = agent
        self.gate = gate
        self.max_retries = max_retries
        self.timeout_s = timeout_s
        self.cache = cache
        self.backoff = _Backoff(backoff_base, backoff_cap, random.Random(hash(spec.id) & 0xFFFF))
        self.on_retry = on_retry

    @property
    def name(self) -> str:
        return self.spec.id

    async def _once(self, request: ChatRequest) -> ChatReply:
        estimate = (len(request.system) + sum(len(m.content) for m in request.messages)) // 4 + (request.max_tokens or 512)
        async with self.gate.slot(estimate):
            return await asyncio.wait_for(self.agent.complete(request), timeout=self.timeout_s)

    async def aclose(self) -> None:
        await close_agent(self.agent)

    async def complete(self, request: ChatRequest) -> ChatReply:
        key = cache_key(self.spec, request) if self.cache is not None else None
        if key is not None:
            hit = self.cache.cached_reply(key)  # type: ignore[attr-defined]
            if hit is not None:
                return hit.model_copy(update={"from_cache": True, "cost_usd": 0.0, "latency_s": 0.0})
        try:
            reply = await self._with_retries(request)
        except asyncio.TimeoutError:
            raise AgentError(f"{self.name}: no answer within {self.timeout_s:g} s (gave up after "
                             f"{self.max_retries + 1} tries)", retryable=False, exhausted=True) from None
        except AgentError as exc:
            if exc.retryable:
                raise AgentError(f"{exc} (gave up after {self.max_retries + 1} tries)", retryable=False,
                                 status=exc.status, exhausted=True) from None
            raise
        reply = _encodable(reply)
        if key is not None:
            self.cache.cache_reply(key, self.name, reply)  # type: ignore[attr-defined]
        return reply

    async def _with_retries(self, request: ChatRequest) -> ChatReply:
        try:  # the first try outside tenacity: most calls succeed, and retrying machinery costs CPU
            return await self._once(request)
        except (AgentError, asyncio.TimeoutError) as exc:
            if not _is_retryable(exc) or self.max_retries == 0:
                raise
            first = exc
        self._tell_error(first)
        await asyncio.sleep(max(self.backoff.first(), getattr(first, "retry_after", None) or 0.0))
        async for attempt in AsyncRetrying(stop=stop_after_attempt(self.max_retries), wait=self.backoff,
                                           retry=retry_if_exception(_is_retryable), reraise=True,
                                           before_sleep=self._tell):
            with attempt:
                return await self._once(request)
        raise AssertionError("unreachable: tenacity re-raises the last failure")

    def _tell_error(self, error: BaseException) -> None:
        if self.on_retry is not None:
            self.on_retry(f"{self.name}: retrying after {error}")

    def _tell(self, state: RetryCallState) -> None:
        if self.on_retry is not None and state.outcome is not None:
            self.on_retry(f"{self.name}: retrying after {state.outcome.exception()}")
