"""Per-provider limits: requests in flight, requests per minute, tokens per minute."""

from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager
from typing import AsyncIterator

from lamen.spec.tournament import Limits


class MinuteBudget:
    """A token bucket refilled continuously at `per_minute` units per minute."""

    def __init__(self, per_minute: float) -> None:
        self.rate = per_minute / 60.0
        self.capacity = per_minute
        self.level = per_minute
        self.updated = time.monotonic()
        self.lock = asyncio.Lock()

    async def take(self, amount: float) -> None:
        amount = min(amount, self.capacity)  # a request larger than a minute's budget waits a full minute
        async with self.lock:
            while True:
                now = time.monotonic()
                self.level = min(self.capacity, self.level + (now - self.updated) * self.rate)
                self.updated = now
                if self.level >= amount:
                    self.level -= amount
                    return
                await asyncio.sleep((amount - self.level) / self.rate)


class ProviderGate:
    """What one provider allows; every request of every agent of that provider passes here."""

    def __init__(self, provider: str, limits: Limits) -> None:
        self.provider = provider
        self.slots = asyncio.Semaphore(limits.per_provider.get(provider, 1_000_000))
        rpm = limits.requests_per_minute.get(provider)
        tpm = limits.tokens_per_minute.get(provider)
        self.requests = MinuteBudget(rpm) if rpm else None
        self.tokens = MinuteBudget(tpm) if tpm else None
        self.in_flight = 0
        self.peak = 0

    async def enter(self, estimated_tokens: int) -> None:
        """Wait for a slot and the minute budgets; `leave` gives the slot back. (Split from `slot`
        so a cluster-wide holder can take and give back in two calls: lamen.runner.ray_worker.)"""
        await self.slots.acquire()
        try:
            if self.requests:
                await self.requests.take(1)
            if self.tokens:
                await self.tokens.take(estimated_tokens)
        except BaseException:
            self.slots.release()
            raise
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)

    def leave(self) -> None:
        self.in_flight -= 1
        self.slots.release()

    @asynccontextmanager
    async def slot(self, estimated_tokens: int) -> AsyncIterator[None]:
        await self.enter(estimated_tokens)
        try:
            yield
        finally:
            self.leave()
