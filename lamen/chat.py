"""The chat types every layer speaks: a request, its reply, what a failed call raises, and the
`Agent` that answers. The bottom layer: it imports nothing of lamen, so the judge, the core and
the store can use these types without importing the agents that implement them.

LLM providers, local models, scripted negotiators and a human at the terminal all answer
through `Agent.complete`, so the loop cannot tell them apart.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field


class ChatMessage(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: Literal["user", "assistant"]
    content: str


class ChatRequest(BaseModel):
    """System text + alternating user/assistant messages + sampling settings.

    `system` is the static part of every request of one agent in one match (game, role, payoff
    tables, rules): providers keep it as a stable prefix so prompt caching can reuse it.
    `purpose` says what is asked (note, message, interrogation, extraction, ping) — for logs
    and cost accounting; it is not sent, and neither is `meta`. `response_schema` asks for JSON of that schema when
    the provider can constrain its output (structured notes).
    """

    model_config = ConfigDict(frozen=True)

    system: str
    messages: tuple[ChatMessage, ...]
    temperature: float = 0.0
    max_tokens: int | None = None
    top_p: float | None = None
    seed: int | None = None
    stop: tuple[str, ...] = ()
    response_schema: dict[str, Any] | None = None
    purpose: str = "message"
    # A structured view of what the prompt shows (round, side, the visible messages...), for
    # agents that are not language models (scripted negotiators); never sent to a provider.
    meta: dict[str, Any] = Field(default_factory=dict)

    def folded(self) -> tuple[ChatMessage, ...]:
        """The messages with the system text folded into the first user message, for providers
        that have no system role."""
        if not self.system:
            return self.messages
        if self.messages and self.messages[0].role == "user":
            first = ChatMessage(role="user", content=f"{self.system}\n\n{self.messages[0].content}")
            return (first, *self.messages[1:])
        return (ChatMessage(role="user", content=self.system), *self.messages)


class Usage(BaseModel):
    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0  # input tokens served from the provider's prompt cache


class ChatReply(BaseModel):
    """What an agent answered, with what it cost."""

    model_config = ConfigDict(frozen=True)

    text: str
    usage: Usage = Usage()
    latency_s: float = 0.0
    finish_reason: str | None = None  # the provider's raw value ("stop", "end_turn", "length", ...)
    model: str = ""
    cost_usd: float = 0.0
    from_cache: bool = False  # answered by lamen's response cache, not the provider
    empty_reason: str | None = Field(default=None, description="why the text is empty: 'empty' or 'filtered'")


class AgentError(Exception):
    """A failed call. `retryable` failures (rate limit, overload, 5xx, timeout, connection) may be
    retried after `retry_after` seconds; the others (auth, unknown model, bad request) are fatal
    for the agent. The message is one line naming the agent and, for auth, the variable to set."""

    def __init__(self, message: str, *, retryable: bool, retry_after: float | None = None,
                 status: int | None = None, exhausted: bool = False) -> None:
        super().__init__(message)
        self.retryable = retryable
        self.retry_after = retry_after
        self.status = status
        self.exhausted = exhausted  # a retryable failure that ran out of retries (not the agent's fault)


@runtime_checkable
class Agent(Protocol):
    """Anything that can answer a chat request."""

    @property
    def name(self) -> str: ...

    async def complete(self, request: ChatRequest) -> ChatReply: ...
