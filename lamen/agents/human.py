"""A person at the terminal takes a seat: shown exactly what a language model in that seat would
see (its own notes and both sides' messages, never the opponent's notes), then asked to type the
note or the message (an empty line ends it).

Reading is done on the event loop's own thread, not in a worker thread: a worker blocked in
`input()` cannot be interrupted, so Ctrl-C would be held until the interpreter exits. `lamen play`
runs nothing else meanwhile, so blocking the loop costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from lamen.agents.base import AgentError, ChatReply, ChatRequest
from lamen.spec.agent import AgentSpec
from lamen.text_safety import terminal

WHAT = {"note": "your private note", "message": "your public message",
        "move": "your move, in the tags the instructions name",
        "interrogation": "what the other side would accept"}


class SeatLeft(AgentError):
    """The person closed the input (Ctrl-D, or the end of piped answers) with nothing typed: the
    match ends there, as they chose, instead of going on with empty turns."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} left the match (end of input)", retryable=False)


class HumanSeat:
    def __init__(self, spec: AgentSpec, console: Console | None = None,
                 read_line: Callable[[str], str] | None = None) -> None:
        self.spec = spec
        self.console = console or Console(highlight=False)
        self.read_line = read_line or input
        self._shown_system = False
        self.left = False  # set once the person has closed the input

    @property
    def name(self) -> str:
        return self.spec.id

    def _show(self, text: str, title: str, style: str = "none") -> None:
        # Model-written text is hostile: control sequences shown, never obeyed.
        self.console.print(Panel(Text(terminal(text)), title=Text(terminal(title)), border_style=style, expand=False))

    def _ask(self, request: ChatRequest) -> str:
        if not self._shown_system:
            self._show(request.system, "what you know (system prompt)", "dim")
            self._shown_system = True
        for message in request.messages:
            self._show(message.content, message.role)
        what = WHAT.get(request.purpose, request.purpose)
        self.console.print(Text(f"Type {what}; finish with an empty line (Ctrl-D ends the match, Ctrl-C stops it)."))
        lines: list[str] = []
        while True:
            try:
                line = self.read_line("> ")
            except EOFError:
                if lines:
                    break  # Ctrl-D after some text finishes the answer, like an empty line
                self.left = True
                raise SeatLeft(self.name) from None
            if line.strip():
                lines.append(line)
            elif lines:
                break
            else:
                # An empty answer is never sent by accident: ask again, and say why.
                self.console.print(Text(f"(nothing typed yet: type {what}, then an empty line)"))
        return "\n".join(lines)

    async def complete(self, request: ChatRequest) -> ChatReply:
        return ChatReply(text=self._ask(request), model="human", finish_reason="stop")
