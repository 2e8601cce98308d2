"""What happened in one negotiation: the turns as written, with the requests that produced them.

The play loop writes transcripts and the judge reads them; neither knows the other. Rounds are
numbered from 1; a round ends after the second mover's turn.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

from lamen.chat import ChatReply, ChatRequest

EndReason = Literal["agreement", "max_rounds", "error"]
# fatal: the agent cannot go on (auth, unknown model, bad request); exhausted: retryable failures
# ran out of retries; crash: the agent raised something unexpected; stopped: an agent was already
# stopped by an earlier fatal error.
ErrorKind = Literal["fatal", "exhausted", "crash", "stopped"]


class ModelCall(BaseModel):
    """One request to an agent and what it cost (tokens, latency, money, cache)."""

    model_config = ConfigDict(frozen=True)

    purpose: str  # note | message | interrogation | extraction
    request: ChatRequest | None = None
    reply: ChatReply | None = None
    agent: str | None = None  # who answered, when not the turn's negotiator (e.g. the extraction reader)


class Turn(BaseModel):
    """One side's turn: its private note, then its public message."""

    model_config = ConfigDict(frozen=True)

    side: int
    round: int
    note: str
    message: str
    # The agent's answer when the dialogue was rewound and it was asked what the opponent would
    # accept (external faithfulness); None when the protocol does not interrogate.
    interrogation: str | None = None
    calls: tuple[ModelCall, ...] = ()
    # The note's offer when it was asked for as structured output and the reply was schema-valid:
    # the judge takes it as it is (reading method "structured"). None for a free-text note.
    note_offer: dict[str, str] | None = None
    # Why this side gave up structured notes at this turn (the API refused the schema, or the
    # reply was not schema-valid): its notes are free text from here on. None when nothing changed.
    structured_fallback: str | None = None
    # The family role that wrote the turn (a game family's match: "assistant", "user-0" ...). A
    # side may fill several roles (Mediation's user agent sits in both user seats), so the side
    # alone cannot tell them apart. None for negotiation, and left out of the dump then, so a
    # negotiation transcript serialises exactly as before.
    role: str | None = None

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and self.role is None:
            data.pop("role", None)
        return data


class Transcript(BaseModel):
    model_config = ConfigDict(frozen=True)

    game: str
    protocol: str = "default"
    agents: tuple[str, str] = ("", "")
    starts: int = 0  # the side that moves first
    turns: tuple[Turn, ...] = ()
    end_reason: EndReason = "max_rounds"
    error: str | None = None
    error_kind: ErrorKind | None = None
    error_side: int | None = None  # the side whose agent failed
    # Calls of a turn cut short by an error (say, its note was written, then the message call
    # failed): paid for, so kept and counted, though the turn never happened.
    unfinished_calls: tuple[ModelCall, ...] = ()
    # An agent-vs-environment match's episode as its rules logged it, one JSON object per event
    # (index, role, kind, text, to, visible_to): who wrote to whom, each tool call and its result —
    # what the thread view shows and the turns cannot (a tool result is written by no seat). Empty
    # elsewhere, and left out of the dump then, so other transcripts serialise exactly as before.
    events: tuple[dict[str, Any], ...] = ()

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and not self.events:
            data.pop("events", None)
        return data

    @property
    def calls(self) -> tuple[ModelCall, ...]:
        return tuple(call for turn in self.turns for call in turn.calls) + self.unfinished_calls
