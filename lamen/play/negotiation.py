"""The note → message loop of the paper as a state machine you can step by hand.

Each turn the moving side writes a private note, optionally answers the interrogation question
(what would the opponent accept? — asked on a rewound dialogue: the answer never enters its
memory), then writes a public message. A round ends after the second mover. The negotiation
ends when both latest messages say the agreement phrase, at max rounds, or on an agent error.

With the protocol's `structured_notes`, a side's note is asked for as JSON of the game's note
schema; a schema-valid reply becomes the turn's `note_offer`. When the API refuses the schema
(`refuse_structured`) or a reply is not schema-valid, that side writes free-text notes from then
on, and the turn records why (`structured_fallback`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from lamen.agents.base import ChatMessage, ChatReply, ChatRequest
from lamen.agents.negotiation_view import NegotiationView, VisibleMessage, VisibleNote
from lamen.judge.agreement import says_phrase
from lamen.play import prompts
from lamen.play.structured import note_schema, read_structured_note, why_not_valid
from lamen.spec.agent import Persona, Sampling
from lamen.spec.game import Game
from lamen.spec.protocol import Protocol
from lamen.transcript import EndReason, ErrorKind, ModelCall, Transcript, Turn

Purpose = Literal["note", "interrogation", "message"]


@dataclass(frozen=True)
class Step:
    """What the loop must ask next: which side, for what, with which exact request."""

    side: int
    purpose: Purpose
    request: ChatRequest


@dataclass
class _Draft:
    note: str | None = None
    interrogation: str | None = None
    calls: list[ModelCall] = field(default_factory=list)
    note_offer: dict[str, str] | None = None
    structured_fallback: str | None = None


class Negotiation:
    """One match's state. `next_request()` → ask the agent → `submit(reply)`, until done."""

    def __init__(self, game: Game, protocol: Protocol, *, starts: int = 0,
                 personas: tuple[Persona | None, Persona | None] = (None, None),
                 sampling: tuple[Sampling, Sampling] = (Sampling(), Sampling()),
                 agent_names: tuple[str, str] = ("", "")) -> None:
        if starts not in (0, 1):
            raise ValueError("starts must be side 0 or 1")
        self.game = game
        self.protocol = protocol
        self.starts = starts
        self.sampling = sampling
        self.agent_names = agent_names
        self.turns: list[Turn] = []
        self.systems = tuple(prompts.system_prompt(game, protocol, side, personas[side], personas[1 - side])
                             for side in (0, 1))
        self._draft = _Draft()
        self._schema = note_schema(game) if protocol.structured_notes else None
        self.structured = [self._schema is not None] * 2  # per side: still asking for structured notes
        self.end_reason: EndReason | None = None
        self.error: str | None = None
        self.error_kind: ErrorKind | None = None
        self.error_side: int | None = None

    # ---- position ---------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.end_reason is not None

    @property
    def side(self) -> int:
        return self.starts if len(self.turns) % 2 == 0 else 1 - self.starts

    @property
    def round(self) -> int:
        return len(self.turns) // 2 + 1

    @property
    def phase(self) -> Purpose:
        if self._draft.note is None:
            return "note"
        if self.protocol.interrogation and self._draft.interrogation is None:
            return "interrogation"
        return "message"

    # ---- requests ---------------------------------------------------------------------------

    def _visible(self, side: int, notes_window: int, messages_window: int, include_draft_note: bool) -> prompts.Visible:
        notes = [(t.round, t.note) for t in self.turns if t.side == side]
        if include_draft_note and self._draft.note is not None:
            notes.append((self.round, self._draft.note))
        messages = [(t.round, t.side, t.message) for t in self.turns]
        return prompts.Visible(own_notes=tuple(prompts.window(notes, notes_window)),
                               messages=tuple(prompts.window(messages, messages_window)))

    def next_request(self) -> Step | None:
        if self.done:
            return None
        side, purpose, protocol = self.side, self.phase, self.protocol
        if purpose == "message":
            visible = self._visible(side, protocol.message_sees_notes, protocol.message_sees_messages, True)
            task = prompts.message_task(protocol, first_move=not self.turns)
        else:
            # The interrogation rewinds to the note's view of the dialogue.
            visible = self._visible(side, protocol.note_sees_notes, protocol.note_sees_messages, False)
            task = prompts.note_task(self.game, protocol) if purpose == "note" else prompts.interrogation_task(self.game)
        header = prompts.round_text(self.round, protocol)
        if protocol.format == "dialogue":
            pairs = prompts.dialogue_messages(self.game, side, visible, header, task)
        else:
            pairs = [("user", prompts.transcript_user_message(self.game, side, visible, header, task))]
        sampling = self.sampling[side]
        request = ChatRequest(
            system=self.systems[side],
            messages=tuple(ChatMessage(role=role, content=text) for role, text in pairs),  # type: ignore[arg-type]
            temperature=sampling.temperature, max_tokens=sampling.max_tokens, top_p=sampling.top_p,
            seed=sampling.seed, stop=sampling.stop, purpose=purpose,
            response_schema=self._schema if purpose == "note" and self.structured[side] else None,
            meta=NegotiationView(
                side=side, round=self.round, max_rounds=protocol.max_rounds, first_move=not self.turns,
                messages=tuple(VisibleMessage(*m) for m in visible.messages),
                own_notes=tuple(VisibleNote(*n) for n in visible.own_notes),
                agreement_phrase=protocol.agreement_phrase).as_meta(),
        )
        return Step(side=side, purpose=purpose, request=request)

    # ---- answers ----------------------------------------------------------------------------

    def submit(self, step: Step, reply: ChatReply) -> None:
        """Record the answer to `step` and move on."""
        if self.done or step.purpose != self.phase or step.side != self.side:
            raise RuntimeError(f"answer for {step.purpose} of side {step.side} does not match the negotiation's state")
        self._draft.calls.append(ModelCall(purpose=step.purpose, request=step.request, reply=reply))
        text = reply.text if isinstance(reply.text, str) else ""
        if step.purpose == "note":
            self._draft.note = text
            if step.request.response_schema is not None:
                self._draft.note_offer = read_structured_note(text, self.game)
                if self._draft.note_offer is None:
                    self._give_up_structured(step.side, why_not_valid(text, reply.empty_reason))
        elif step.purpose == "interrogation":
            self._draft.interrogation = text
        else:
            self._finish_turn(text)

    def refuse_structured(self, step: Step, reason: str) -> None:
        """The API refused the note schema for `step`: ask that side again, and from now on, for a
        free-text note. The refused call returned nothing, so there is no reply to record."""
        if self.done or step.purpose != "note" or step.side != self.side or step.request.response_schema is None:
            raise RuntimeError("only a structured note request of the side to move can be refused")
        self._give_up_structured(step.side, f"structured output refused: {reason}")

    def _give_up_structured(self, side: int, reason: str) -> None:
        self.structured[side] = False
        self._draft.structured_fallback = reason

    def _finish_turn(self, message: str) -> None:
        draft = self._draft
        self.turns.append(Turn(side=self.side, round=self.round, note=draft.note or "", message=message,
                               interrogation=draft.interrogation, calls=tuple(draft.calls),
                               note_offer=draft.note_offer, structured_fallback=draft.structured_fallback))
        self._draft = _Draft()
        phrase = self.protocol.agreement_phrase
        latest = {t.side: t for t in self.turns}
        if len(latest) == 2 and all(says_phrase(latest[s].message, phrase) for s in (0, 1)):
            self.end_reason = "agreement"
        elif len(self.turns) >= 2 * self.protocol.max_rounds:
            self.end_reason = "max_rounds"

    def fail(self, reason: str, *, kind: ErrorKind = "fatal", side: int | None = None) -> None:
        """An agent could not answer: the match is errored, never a non-agreement."""
        self.end_reason = "error"
        self.error = reason
        self.error_kind: ErrorKind | None = kind
        self.error_side = side

    def transcript(self) -> Transcript:
        return Transcript(game=self.game.name, protocol=self.protocol.name, agents=self.agent_names,
                          starts=self.starts, turns=tuple(self.turns), end_reason=self.end_reason or "max_rounds",
                          error=self.error, error_kind=self.error_kind, error_side=self.error_side,
                          unfinished_calls=tuple(self._draft.calls))
