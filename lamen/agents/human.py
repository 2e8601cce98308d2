"""A person at the terminal takes a seat: shown exactly what a language model would see, then
asked to type the note or the message (an empty line ends it)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich.console import Console
from rich.panel import Panel

from lamen.agents.base import ChatReply, ChatRequest
from lamen.spec.agent import AgentSpec


class HumanSeat:
    def __init__(self, spec: AgentSpec, console: Console | None = None,
                 read_line: Callable[[str], str] | None = None) -> None:
        self.spec = spec
        self.console = console or Console()
        self.read_line = read_line or (lambda prompt: input(prompt))
        self._shown_system = False

    @property
    def name(self) -> str:
        return self.spec.id

    def _ask(self, request: ChatRequest) -> str:
        if not self._shown_system:
            self.console.print(Panel(request.system, title="what you know (system prompt)", expand=False), markup=False)
            self._shown_system = True
        for message in request.messages:
            self.console.print(Panel(message.content, title=message.role, expand=False), markup=False)
        what = {"note": "your private note", "message": "your public message",
                "interrogation": "what the other side would accept"}.get(request.purpose, request.purpose)
        self.console.print(f"Type {what}; finish with an empty line.", markup=False)
        lines: list[str] = []
        while True:
            try:
                line = self.read_line("> ")
            except EOFError:
                break
            if not line.strip():
                if lines:
                    break
                continue
            lines.append(line)
        return "\n".join(lines)

    async def complete(self, request: ChatRequest) -> ChatReply:
        text = await asyncio.to_thread(self._ask, request)
        return ChatReply(text=text, model="human", finish_reason="stop")
