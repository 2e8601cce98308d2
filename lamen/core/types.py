"""The core's data types (FAMILIES.md §2.2): roles, actions, events with visibility, what a role
observes and may do, and the open named score. Data only, no I/O.

Actions and events are frozen pydantic models so that a state holding them serialises to JSON and
reads back equal (snapshot → restore); observations and action spaces are never stored, so they
are plain frozen dataclasses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, field_validator, model_serializer

from lamen.core.canonical import as_json_value

RoleId = str
JSON = Any  # a JSON value; payloads are normalised to it (lists, not tuples)


class Relation(StrEnum):
    """How the roles' payoffs relate; it chooses the schedule and the rating design (§3)."""

    MIXED_MOTIVE = "mixed-motive"
    COMMON_PAYOFF = "common-payoff"
    AGENT_VS_ENV = "agent-vs-env"


@dataclass(frozen=True)
class RoleSpec:
    name: RoleId
    kind: Literal["contestant", "simulator", "either"]
    group: str | None = None  # roles one binding fills together (all colleagues, both users)
    interchangeable_with: tuple[RoleId, ...] = ()  # symmetric seats: the schedule swaps them to debias


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _WithPayload(_Value):
    @field_validator("payload", mode="before", check_fields=False)
    @classmethod
    def _json_payload(cls, value: Any) -> Any:
        return as_json_value(value)


# ---- actions: a reply parses to a sequence of these ------------------------------------------
class Message(_Value):
    kind: Literal["message"] = "message"
    text: str
    to: tuple[RoleId, ...] | None = None  # None: everyone in the channel


class Think(_WithPayload):
    kind: Literal["think"] = "think"
    text: str
    payload: JSON = None


class Propose(_WithPayload):
    kind: Literal["propose"] = "propose"
    payload: JSON
    to: tuple[RoleId, ...] | None = None
    partial: bool = False


class Respond(_Value):
    kind: Literal["respond"] = "respond"
    accept: bool


class ToolCall(_Value):
    kind: Literal["tool_call"] = "tool_call"
    name: str
    args: dict[str, JSON] = Field(default_factory=dict)
    call_id: str = ""
    # An opaque token the model's API wants back with the call when it is replayed (Gemini's
    # thought signature): kept on the call's event so the next request can carry it. Left out of
    # the dump while empty, so calls without one serialise as before.
    signature: str = ""

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and not self.signature:
            data.pop("signature", None)
        return data


class Submit(_WithPayload):
    kind: Literal["submit"] = "submit"
    payload: JSON


class EndTurn(_Value):
    kind: Literal["end_turn"] = "end_turn"


class EndSession(_Value):
    kind: Literal["end_session"] = "end_session"


Action = Annotated[Union[Message, Think, Propose, Respond, ToolCall, Submit, EndTurn, EndSession],
                   Field(discriminator="kind")]

# ---- events: the transcript is the event list -------------------------------------------------
EventKind = Literal["message", "think", "propose", "respond", "tool_call", "tool_result", "submit",
                    "end_turn", "end_session", "format_error", "illegal_move", "reward", "system", "end"]


class Event(_WithPayload):
    index: int
    role: RoleId | None  # None: the environment
    kind: EventKind
    text: str = ""  # exactly what was written or shown
    payload: JSON = None
    to: tuple[RoleId, ...] | None = None
    visible_to: tuple[RoleId, ...] | None = None  # None: every role; a sorted tuple so JSON round-trips
    reward: float = 0.0

    def visible(self, role: RoleId) -> bool:
        return self.visible_to is None or role in self.visible_to


# ---- what one role sees and may do -------------------------------------------------------------
@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: JSON  # JSON schema of the arguments


@dataclass(frozen=True)
class ActionSpace:
    kinds: frozenset[str]  # e.g. {"message", "propose"}; {"respond"} while a proposal waits for this role
    recipients: tuple[RoleId, ...] = ()
    tools: tuple[ToolSpec, ...] = ()
    must: str | None = None  # the obligation in words, for codecs ("accept or reject the proposal first")
    max_actions: int = 1
    # Names a codec needs to read a reply (reviewers, papers, rooms), as (kind, names) pairs.
    vocabulary: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def names(self, kind: str) -> tuple[str, ...]:
        return dict(self.vocabulary).get(kind, ())


@dataclass(frozen=True, slots=True)  # made at every step: no per-instance dict
class Observation:
    role: RoleId
    private: JSON  # this role's share of the instance, typed per family
    history: tuple[Event, ...]  # the events this role can see, in order
    step: int  # committed moves so far in the episode
    public: Mapping[str, JSON] = field(default_factory=dict)  # e.g. the pending proposal
    budget: Mapping[str, int] = field(default_factory=dict)  # steps_left, calls_left, words_left


@dataclass(frozen=True, slots=True)
class Request:
    role: RoleId
    purpose: str = "act"  # "act" | "respond" | family-specific (LAMEN "interrogation")
    rewind: bool = False  # a probe on a rewound view: its answer is stored but seen by no role


class IllegalMove(Exception):
    """Parsed, but not allowed now (a new proposal while one waits for an answer). The text is fed
    back to the role that tried it."""


class Score(_Value):
    """Open named scores: every family fills `per_role` and `end_reason`; `metrics` holds what
    only that family knows (optimum, optimal, p_prec ...). Pure in (instance, final state)."""

    per_role: dict[RoleId, float]
    team: float | None = None  # common-payoff / agent-vs-env headline
    agreement: Literal["none", "soft", "hard"] | None = None
    metrics: dict[str, float] = Field(default_factory=dict)
    end_reason: str
