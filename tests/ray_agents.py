"""Agents the Ray executor's tests seat, made on the workers (so importable, and pickled by
reference through `functools.partial`): a scripted negotiator whose worker dies mid-match once,
and a fake language model that logs when each of its calls starts and ends."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

from lamen.agents.base import Agent, AgentError, ChatReply, ChatRequest, Usage
from lamen.agents.registry import make_agent
from lamen.spec.agent import AgentSpec


class DiesOnce:
    """A scripted negotiator that kills its own worker process (SIGKILL: no cleanup, as when a
    node is lost) at its `at_call`-th request — the first time only, `marker` remembering it."""

    def __init__(self, inner: Agent, marker: Path, at_call: int) -> None:
        self.inner, self.marker, self.at_call, self.calls = inner, marker, at_call, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.calls += 1
        if self.calls == self.at_call:
            try:
                self.marker.open("x").close()
            except FileExistsError:
                pass  # the match's replay: play on
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return await self.inner.complete(request)


def make_dying_in(marker: Path, doomed_seed: int, at_call: int, spec: AgentSpec, **seat: Any) -> Agent:
    """`make_agent`, except that side A of the match with seed `doomed_seed` dies once."""
    agent = make_agent(spec, **seat)
    if seat["seed"] == doomed_seed and seat["side"] == 0:
        return DiesOnce(agent, marker, at_call)  # type: ignore[return-value]
    return agent


class LoggedLLM:
    """A language model stand-in: answers after `pause` seconds (never agreeing) at `cost` USD a
    call, and appends "start end" of each call to a file of its process in `log`; with `fatal`,
    every call fails as a revoked key does."""

    def __init__(self, name: str, log: Path, pause: float, cost: float = 0.0, fatal: bool = False) -> None:
        self.name, self.log, self.pause, self.cost, self.fatal = name, log, pause, cost, fatal

    async def complete(self, request: ChatRequest) -> ChatReply:
        if self.fatal:
            raise AgentError(f"{self.name}: authentication failed (HTTP 401)", retryable=False)
        start = time.time()
        await asyncio.sleep(self.pause)
        with (self.log / f"{os.getpid()}.txt").open("a") as file:
            file.write(f"{start} {time.time()}\n")
        text = 'Acceptable offer: {"rent": "$1200"}' if request.purpose == "note" else "We propose a rent of $1200."
        return ChatReply(text=text, usage=Usage(input_tokens=100, output_tokens=10), model="fake",
                         cost_usd=self.cost)


def make_logged(log: Path, pause: float, spec: AgentSpec, *, cost: float = 0.0, fatal_for: str = "",
                **seat: Any) -> Agent:
    """Scripted negotiators as `make_agent` makes them; every other agent a LoggedLLM."""
    if spec.provider == "bot":
        return make_agent(spec, **seat)
    return LoggedLLM(spec.id, log, pause, cost, spec.id == fatal_for)  # type: ignore[return-value]
