"""A fake language model for runner tests: answers as the mock provider's `mock:agree-at-1000`
(tests/data/mock/agree-at-1000.yaml), plus what only a runner test needs — latency, failures on
demand, a cost per call, and a count of calls in flight."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from lamen.agents.base import AgentError, ChatReply, ChatRequest, Usage
from lamen.agents.mock import MockAgent
from lamen.spec.agent import AgentSpec

AGREE_AT_1000 = AgentSpec.model_validate(
    {"agent": "mock:agree-at-1000", "params": {"replies": str(Path(__file__).parent / "data/mock/agree-at-1000.yaml")}})


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
    answers: MockAgent = field(default_factory=lambda: MockAgent(AGREE_AT_1000))

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.counter.calls += 1
        self.counter.in_flight += 1
        self.counter.peak = max(self.counter.peak, self.counter.in_flight)
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            if self.failures:
                raise self.failures.pop(0)
            reply = await self.answers.complete(request)
            return reply.model_copy(update={"usage": Usage(input_tokens=100, output_tokens=20), "model": "fake",
                                            "cost_usd": self.cost_per_call})
        finally:
            self.counter.in_flight -= 1
