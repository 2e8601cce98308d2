"""What runs on a Ray cluster for `lamen run --executor ray`: one match's play as a pure function
of (tournament, match, agents stopped so far) returning what the driver stores, and the two actors
every worker shares — the per-provider limits and the response cache. Nothing here writes the
database: the driver (lamen.runner.ray_executor) is its only writer. Keys come from each worker's
environment, never from the task's arguments."""

from __future__ import annotations

import asyncio
import sqlite3
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lamen.agents.base import Agent, ChatReply
from lamen.agents.registry import make_agent
from lamen.runner.limits import ProviderGate
from lamen.runner.run import Runner
from lamen.schedule import FamilyMatch, Match
from lamen.spec.library import Library
from lamen.spec.tournament import Limits, Tournament
from lamen.store.db import StoredOutcome
from lamen.transcript import Transcript


class ProviderTokens:
    """The cluster's per-provider limits (a Ray actor, asynchronous): a worker takes a token
    before each request and gives it back after, so `per_provider`, requests and tokens per
    minute hold across every worker as they do in one process. Tokens are held per lease (one
    attempt of one match): the driver gives back all of a lost attempt's tokens at once."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.gates: dict[str, ProviderGate] = {}
        self.held: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))

    def _gate(self, provider: str) -> ProviderGate:
        if provider not in self.gates:
            self.gates[provider] = ProviderGate(provider, self.limits)
        return self.gates[provider]

    async def take(self, provider: str, estimated_tokens: int, lease: str) -> None:
        await self._gate(provider).enter(estimated_tokens)
        self.held[lease][provider] += 1

    async def give_back(self, provider: str, lease: str) -> None:
        held = self.held.get(lease)
        if not held or not held.get(provider):
            return  # already given back when the driver gave up the lease
        held[provider] -= 1
        self._gate(provider).leave()

    async def end_lease(self, lease: str) -> int:
        """Give back every token `lease` still holds (its worker died holding them): how many."""
        held = self.held.pop(lease, {})
        for provider, count in held.items():
            for _ in range(count):
                self._gate(provider).leave()
        return sum(held.values())

    async def peaks(self) -> dict[str, int]:
        """Most requests in flight at once, per provider (for tests and the benchmark)."""
        return {provider: gate.peak for provider, gate in self.gates.items()}


class ReplyCache:
    """The response cache as the workers see it (a Ray actor on the driver's machine): replies
    cached during this run, held in memory until the driver has stored them, and for older ones a
    read-only look into the database — this actor never writes it."""

    def __init__(self, database: str | None) -> None:
        self.fresh: dict[str, str] = {}
        self.database = database
        self._db: sqlite3.Connection | None = None

    def get(self, key: str) -> str | None:
        if key in self.fresh:
            return self.fresh[key]
        if self.database is None or not Path(self.database).exists():
            return None
        if self._db is None:
            self._db = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, check_same_thread=False)
        row = self._db.execute("SELECT reply_json FROM response_cache WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def put(self, key: str, reply_json: str) -> None:
        self.fresh[key] = reply_json

    def stored(self, keys: list[str]) -> None:
        """The driver has written these: the database answers for them from now on."""
        for key in keys:
            self.fresh.pop(key, None)


class ClusterGate:
    """A worker's stand-in for a ProviderGate: the same `slot`, held in the ProviderTokens actor."""

    def __init__(self, tokens: Any, provider: str, lease: str) -> None:
        self.tokens, self.provider, self.lease = tokens, provider, lease

    @asynccontextmanager
    async def slot(self, estimated_tokens: int) -> AsyncIterator[None]:
        await self.tokens.take.remote(self.provider, estimated_tokens, self.lease)
        try:
            yield
        finally:
            await self.tokens.give_back.remote(self.provider, self.lease)


class WorkerStore:
    """What a runner asks of its store while it plays a match — the response cache and stopping
    an agent — answered on a worker: cache reads through the ReplyCache actor, and everything to
    be written kept for the driver."""

    def __init__(self, cache: Any) -> None:
        self.cache = cache
        self.new_replies: list[tuple[str, str, str]] = []  # (key, agent, reply JSON)
        self.stopped: dict[str, str] = {}

    def cached_reply(self, key: str) -> ChatReply | None:
        import ray

        text = ray.get(self.cache.get.remote(key))
        return None if text is None else ChatReply.model_validate_json(text)

    def cache_reply(self, key: str, agent: str, reply: ChatReply) -> None:
        text = reply.model_dump_json()
        self.cache.put.remote(key, text)  # a replay of this match after a lost worker finds it
        self.new_replies.append((key, agent, text))

    def disable_agent(self, tournament: str, agent_id: str, reason: str) -> None:
        self.stopped[agent_id] = reason


@dataclass
class PlayedMatch:
    """One match as a worker played it, for the driver to store: the transcript and outcome, the
    replies to cache, the agents stopped (`stored`: recorded in the database, as the runner's
    `_disable` does) and the runner's messages."""

    match_id: str
    transcript: Transcript
    outcome: StoredOutcome
    new_replies: list[tuple[str, str, str]] = field(default_factory=list)
    stopped: dict[str, str] = field(default_factory=dict)
    stopped_unstored: dict[str, str] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)


class _WorkerRunner(Runner):
    def __init__(self, tournament: Tournament, store: WorkerStore, tokens: Any, lease: str,
                 make: Callable[..., Agent], backoff_base: float) -> None:
        # The library is not read to play a match: the match carries its game and protocol.
        super().__init__(tournament, store, Library(()), make=make, backoff_base=backoff_base)  # type: ignore[arg-type]
        self.tokens, self.lease = tokens, lease

    def _gate(self, provider: str) -> ProviderGate:
        limits = self.tournament.limits
        if provider in limits.per_provider or provider in limits.requests_per_minute \
                or provider in limits.tokens_per_minute:
            return ClusterGate(self.tokens, provider, self.lease)  # type: ignore[return-value]
        # No limit to hold for this provider: no round trip to the tokens actor per request.
        return super()._gate(provider)


def play_match(tournament: Tournament, match: Match | FamilyMatch, stopped: dict[str, str], tokens: Any,
               cache: Any, lease: str, make: Callable[..., Agent] = make_agent,
               backoff_base: float = 1.0) -> PlayedMatch:
    """Play `match` on this worker exactly as the local runner would (Runner.play_match), with
    the agents in `stopped` already stopped, and return what the driver stores of it."""
    store = WorkerStore(cache)
    runner = _WorkerRunner(tournament, store, tokens, lease, make, backoff_base)
    runner.state.disabled.update(stopped)
    transcript, outcome = asyncio.run(runner.play_match(match))  # type: ignore[arg-type]
    newly = {agent: reason for agent, reason in runner.state.disabled.items() if agent not in stopped}
    return PlayedMatch(match.id, transcript, outcome, store.new_replies, dict(store.stopped),
                       {a: r for a, r in newly.items() if a not in store.stopped}, list(runner.state.messages))


class MatchPlayer:
    """One worker process of the cluster's pool (a threaded Ray actor): it plays the matches the
    driver sends, each on a thread of its own with its own event loop, up to the actor's
    `max_concurrency` at once — one for scripted seats (a core's work), many for models (waiting)."""

    def __init__(self, tournament: Tournament, tokens: Any, cache: Any, make: Callable[..., Agent],
                 backoff_base: float) -> None:
        self.tournament, self.tokens, self.cache = tournament, tokens, cache
        self.make, self.backoff_base = make, backoff_base

    def play(self, match: Match | FamilyMatch, stopped: dict[str, str], lease: str) -> PlayedMatch:
        return play_match(self.tournament, match, stopped, self.tokens, self.cache, lease, self.make,
                          self.backoff_base)

    def pid(self) -> int:
        import os

        return os.getpid()
