"""A fake language model for the errands clerk (tests only): it reads the codes from its system
prompt and files the next unfiled one with probability `p`, a decoy otherwise, and now and then
writes a line no codec reads. `seeded=False` draws from the operating system: only lamen's response
cache can then make a regrown tree identical. Each reply costs `cost` dollars."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

from lamen.chat import ChatReply, ChatRequest, ChatToolCall, Usage
from lamen.core.canonical import content_id
from lamen.spec.agent import AgentSpec


class FakeClerkModel:
    def __init__(self, spec: AgentSpec, p: float = 0.4, slip: float = 0.15, seeded: bool = True, cost: float = 0.001,
                 delay: float = 0.0, refuse_uncached: bool = False) -> None:
        self.spec, self.p, self.slip, self.seeded, self.cost, self.delay = spec, p, slip, seeded, cost, delay
        self.refuse_uncached = refuse_uncached

    @property
    def name(self) -> str:
        return self.spec.id

    async def complete(self, request: ChatRequest) -> ChatReply:
        if self.refuse_uncached:
            raise AssertionError("a call the response cache should have answered")
        if self.delay:
            await asyncio.sleep(self.delay)
        rng = (random.Random(int(content_id(request.model_dump(mode="json", exclude={"meta"})), 16))
               if self.seeded else random.SystemRandom())
        found = re.search(r"File these codes: ([^.]*?)\. ", request.system)
        assert found is not None, "not the errands clerk's prompt"
        codes = found.group(1).split(", ")
        filed = {m.group(1) for msg in request.messages
                 for m in re.finditer(r"(?:RESULT )?filed (\w+)", msg.content)}
        todo = [c for c in codes if c not in filed]
        if rng.random() < self.slip:
            text = "I will file a code now."
        elif todo and rng.random() < self.p:
            text = f"CALL file {json.dumps({'code': todo[0]})}"
        else:
            text = 'CALL file {"code": "Z0"}'
        if request.tools and text.startswith("CALL "):  # offered natively: the same call as a function call
            name, _, args = text[5:].partition(" ")
            call = ChatToolCall.of(f"fc-{rng.randrange(10**6)}", name, json.loads(args))
            return ChatReply(text="", tool_calls=(call,), model=self.spec.model, cost_usd=self.cost,
                             usage=Usage(input_tokens=100, output_tokens=10), finish_reason="tool_calls")
        return ChatReply(text=text, model=self.spec.model, usage=Usage(input_tokens=100, output_tokens=10),
                         cost_usd=self.cost, finish_reason="stop")


def fake_make(**options: Any):  # noqa: ANN201 - the runner's `make` signature
    def make(spec: AgentSpec, **seat: Any) -> FakeClerkModel:
        return FakeClerkModel(spec, **options)
    return make
