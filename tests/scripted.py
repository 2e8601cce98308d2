"""An agent that answers from a fixed list — reply texts, or exceptions it raises in their turn —
and keeps every request it got, for driving a family's play loop by hand in tests."""

from __future__ import annotations

from collections.abc import Iterable

from lamen.agents.base import ChatReply, ChatRequest


class Scripted:
    def __init__(self, replies: Iterable[str | Exception], name: str = "scripted") -> None:
        self.replies: list[str | Exception] = list(replies)
        self.requests: list[ChatRequest] = []
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return ChatReply(text=reply)
