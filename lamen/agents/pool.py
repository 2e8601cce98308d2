"""An endpoint pool: one agent served by several replicas of one model server (an agent spec's
`base_url` given as a list). Each request goes to the replica with the fewest requests in flight;
a replica that fails (no connection, a timeout, a server error or a rate limit) is set aside for
a cool-down, then tried again with one request at a time until it answers. The pool counts what
each endpoint did, for the run's record (`Store.save_endpoint_counts`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from lamen.chat import Agent, AgentError, ChatReply, ChatRequest, close_agent
from lamen.spec.agent import AgentSpec

DEFAULT_COOLDOWN_S = 10.0  # a restarted local server is usually back within seconds
MAX_COOLDOWN_FACTOR = 16  # a replica that keeps failing waits at most 16 cool-downs between tries


def shown(url: str) -> str:
    """The endpoint as recorded and printed: without a user or password in it (a key must never
    reach the database or a log)."""
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]))


@dataclass
class Endpoint:
    """One replica: its agent, what is in flight there now, and what it has done so far."""

    url: str  # as `shown`
    agent: Agent
    in_flight: int = 0
    requests: int = 0
    answered: int = 0
    failed: int = 0
    set_aside: int = 0  # times it was set aside
    busy_s: float = 0.0  # seconds of requests, summed
    failures_in_a_row: int = 0
    back_at: float = 0.0  # when (the pool's clock) it may be tried again

    def available(self, now: float) -> bool:
        # After a cool-down a failed replica is on probation: one request at a time until one is answered.
        return self.back_at <= now and not (self.failures_in_a_row and self.in_flight)


@dataclass(frozen=True)
class EndpointCount:
    """What one endpoint of one pool did in one run, as the store keeps it."""

    agent: str
    endpoint: str
    requests: int
    answered: int
    failed: int
    set_aside: int
    busy_s: float


class EndpointPool:
    """An Agent over several replicas. `agents` are the per-endpoint agents, in the spec's order."""

    def __init__(self, spec: AgentSpec, agents: Sequence[tuple[str, Agent]], *,
                 cooldown_s: float = DEFAULT_COOLDOWN_S, clock: Callable[[], float] = time.monotonic) -> None:
        if len(agents) < 2:
            raise ValueError(f"{spec.id}: a pool needs at least two endpoints")
        self.spec = spec
        self.endpoints = [Endpoint(shown(url), agent) for url, agent in agents]
        self.cooldown_s = cooldown_s
        self.clock = clock
        self.on_set_aside: Callable[[str], None] | None = None  # the runner shows these among its messages

    @property
    def name(self) -> str:
        return self.spec.id

    def __repr__(self) -> str:
        return f"EndpointPool({self.spec.id!r}, {len(self.endpoints)} endpoints)"

    def _choose(self, tried: set[int]) -> int | None:
        now = self.clock()
        ready = [i for i, e in enumerate(self.endpoints) if i not in tried and e.available(now)]
        if not ready:
            return None
        # Fewest in flight; among equals the one asked least so far, so a quiet pool still spreads.
        return min(ready, key=lambda i: (self.endpoints[i].in_flight, self.endpoints[i].requests, i))

    def _set_aside(self, endpoint: Endpoint, error: str, retry_after: float | None) -> None:
        endpoint.failures_in_a_row += 1
        endpoint.set_aside += 1
        factor = min(MAX_COOLDOWN_FACTOR, 2 ** (endpoint.failures_in_a_row - 1))
        wait = max(self.cooldown_s * factor, retry_after or 0.0)
        endpoint.back_at = self.clock() + wait
        if self.on_set_aside is not None:
            self.on_set_aside(f"{self.name}: endpoint {endpoint.url} set aside for {wait:g} s after {error}")

    async def aclose(self) -> None:
        """Close every replica's client."""
        for endpoint in self.endpoints:
            await close_agent(endpoint.agent)

    async def complete(self, request: ChatRequest) -> ChatReply:
        """The first answer of the replicas tried in turn; a retryable failure moves on to the next."""
        tried: set[int] = set()
        last: AgentError | None = None
        while (index := self._choose(tried)) is not None:
            tried.add(index)
            endpoint = self.endpoints[index]
            endpoint.in_flight += 1
            endpoint.requests += 1
            started = self.clock()
            try:
                reply = await endpoint.agent.complete(request)
            except AgentError as exc:
                endpoint.failed += 1
                if not exc.retryable:
                    raise  # the request's fault (a bad request, an unknown model), not the replica's
                self._set_aside(endpoint, str(exc), exc.retry_after)
                last = exc
                continue
            except asyncio.CancelledError:
                # The runner's timeout gave up on this replica: it is slow or hung.
                endpoint.failed += 1
                self._set_aside(endpoint, "no answer in time", None)
                raise
            finally:
                endpoint.in_flight -= 1
                endpoint.busy_s += self.clock() - started
            endpoint.answered += 1
            endpoint.failures_in_a_row = 0
            return reply
        now = self.clock()
        wait = max(0.0, min(e.back_at for e in self.endpoints) - now)
        cause = f" (last: {last})" if last is not None else ""
        raise AgentError(f"{self.name}: all {len(self.endpoints)} endpoints are set aside{cause}", retryable=True,
                         retry_after=wait)

    def counts(self) -> list[EndpointCount]:
        return [EndpointCount(self.name, e.url, e.requests, e.answered, e.failed, e.set_aside, round(e.busy_s, 6))
                for e in self.endpoints]


def pool_cooldown(spec: AgentSpec) -> float:
    """`params.endpoint_cooldown_s`, else the default; a fatal AgentError if it is no positive number."""
    value = spec.params.get("endpoint_cooldown_s", DEFAULT_COOLDOWN_S)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < float("inf"):
        raise AgentError(f"{spec.id}: params.endpoint_cooldown_s must be a positive number of seconds, got {value!r}",
                         retryable=False)
    return float(value)
