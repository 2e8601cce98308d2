"""What a scripted negotiator sees of a negotiation at one request: its side, the round, the
deadline, the visible messages and its own notes, the agreement phrase — the structured view of
what the prompt shows a model, never sent to a provider.

It travels in `ChatRequest.meta` (the chat types sit below the negotiation and carry no game
types), written by `as_meta` and read back once, at the bot's door, by `of_meta`: the dict's keys
are defined here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

DEFAULT_PHRASE = "We agree on all issues."


@dataclass(frozen=True)
class VisibleMessage:
    round: int
    side: int
    text: str


@dataclass(frozen=True)
class VisibleNote:
    round: int
    text: str


@dataclass(frozen=True)
class NegotiationView:
    side: int
    round: int = 1
    max_rounds: int = 10
    first_move: bool = False
    messages: tuple[VisibleMessage, ...] = ()
    own_notes: tuple[VisibleNote, ...] = ()
    agreement_phrase: str = DEFAULT_PHRASE

    def as_meta(self) -> dict[str, Any]:
        """The view as `ChatRequest.meta` holds it (lists, so it reads as the prompt's JSON)."""
        return {"side": self.side, "round": self.round, "max_rounds": self.max_rounds, "first_move": self.first_move,
                "messages": [[m.round, m.side, m.text] for m in self.messages],
                "own_notes": [[n.round, n.text] for n in self.own_notes],
                "agreement_phrase": self.agreement_phrase}

    @classmethod
    def of_meta(cls, meta: Mapping[str, Any], side: int) -> "NegotiationView":
        """The view a request's meta holds; a key it lacks takes the default (`side` is the
        bot's own, for a meta that names none)."""
        return cls(side=int(meta.get("side", side)), round=int(meta.get("round", 1)),
                   max_rounds=int(meta.get("max_rounds", 10)), first_move=bool(meta.get("first_move", False)),
                   messages=tuple(VisibleMessage(int(r), int(s), str(t)) for r, s, t in meta.get("messages", ())),
                   own_notes=tuple(VisibleNote(int(r), str(t)) for r, t in meta.get("own_notes", ())),
                   agreement_phrase=str(meta.get("agreement_phrase", DEFAULT_PHRASE)))
