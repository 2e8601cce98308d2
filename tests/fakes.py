"""Fake language-model agents for runner tests: fixed answers, latency, failures on demand."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage


@dataclass
class Counter:
    in_flight: int = 0
    peak: int = 0
    calls: int = 0


@dataclass
class FakeLLM:
    """Proposes rent $1000 and agrees at once; `failures` are raised before answering."""

    name: str
    latency: float = 0.0
    counter: Counter = field(default_factory=Counter)
    failures: list[AgentError] = field(default_factory=list)
    cost_per_call: float = 0.0

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.counter.calls += 1
        self.counter.in_flight += 1
        self.counter.peak = max(self.counter.peak, self.counter.in_flight)
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            if self.failures:
                raise self.failures.pop(0)
            text = ('Acceptable offer: {"rent": "$1000"}' if request.purpose == "note"
                    else "Rent $1000. We agree on all issues.")
            return ChatReply(text=text, usage=Usage(input_tokens=100, output_tokens=20), model="fake",
                             cost_usd=self.cost_per_call)
        finally:
            self.counter.in_flight -= 1
