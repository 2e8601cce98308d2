"""Codecs: the text protocol between a role and the engine (FAMILIES.md §2.2).

A codec renders a chat request from what a role observes and may do, parses a reply into actions
(raising `FormatError` with feedback the role is shown), and renders actions canonically, so a
scripted player writes exactly the text a model would and goes through the same parser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from lamen.chat import ChatReply, ChatRequest
from lamen.core.types import Action, ActionSpace, Observation


class FormatError(Exception):
    """The reply could not be read; `feedback` is sent back to the same role."""

    def __init__(self, feedback: str, fallback: Sequence[Action] | None = None) -> None:
        super().__init__(feedback)
        self.feedback = feedback
        # What the reply still counts as under `record_and_continue` (a LAMEN note without a
        # readable offer is still the note); None: the reply counts as nothing.
        self.fallback = tuple(fallback) if fallback is not None else None


@dataclass(frozen=True)
class FeedbackPolicy:
    """What happens after a reply that cannot be read or is not allowed (per family).

    DialOp resamples up to 3 times and then ends the episode; LAMEN retries 0 times and goes on
    (a format miss is a measured instruction-following failure, not a reason to stop)."""

    retries_per_request: int = 3
    errors_per_episode: int | None = None  # PeopleJoin: the session ends after 3 failures in all
    # record_and_continue: the miss is recorded and the reply counts as the error's fallback (LAMEN).
    on_exhausted: Literal["end_episode", "skip_turn", "record_and_continue"] = "end_episode"


class Codec(Protocol):
    name: str

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest: ...

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]: ...

    def render(self, actions: Sequence[Action]) -> str: ...
