"""The note-then-message turn as a codec (`lamen-note-message`).

Requests are built with today's prompt builder (`lamen.play.prompts`): the same system prompt,
memory windows, round header, tasks and formats as `lamen.play.Negotiation.next_request`, from a
role's visible events instead of the loop's private fields. Replies are read with today's
judge readers: a note or an interrogation answer becomes a `Think` holding the offer the judge
reads from it (`extract_note`, or `read_structured_note` for a structured note), a message
becomes a `Message`. LAMEN never rejects a reply: a note whose offer cannot be read from JSON
(the judge's `note_format_ok` is false) is a `FormatError` whose fallback is the note itself, so
the miss is recorded and the turn goes on (feedback policy `record_and_continue`, no retries).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lamen.chat import AgentError, ChatMessage, ChatReply, ChatRequest
from lamen.agents.negotiation_view import NegotiationView, VisibleMessage, VisibleNote
from lamen.core.codec import FormatError
from lamen.core.types import Action, ActionSpace, Event, Message, Observation, RoleId, Think
from lamen.families.negotiation.instances import ROLES, Seat, side_of
from lamen.judge.extract import extract_note
from lamen.judge.labels import label_cache
from lamen.play import prompts
from lamen.play.structured import note_schema, read_structured_note, refuses_schema, why_not_valid
from lamen.spec.game import Game
from lamen.spec.protocol import Protocol

PURPOSES = ("note", "interrogation", "message")


@dataclass(frozen=True, repr=False)
class TurnSpace(ActionSpace):
    """What a side may write now, and what reading it needs: the request's purpose, the game
    (its labels), whether a structured note was asked for, and which side writes (the reader is
    told the writer of a note, as the judge tells it, so "we keep six seats" reads the same in
    both places)."""

    purpose: str = "note"
    game: Game | None = None
    structured: bool = False
    side: int | None = None

    def __repr__(self) -> str:
        return f"TurnSpace(purpose={self.purpose!r}, game={self.game.name if self.game else None!r})"


@dataclass(frozen=True)
class SeatTexts:
    """The texts of a seat's requests that do not depend on the dialogue: its system prompt and
    tasks, and the round headers (built lazily)."""

    system: str
    note: str
    interrogation: str
    message_first: str
    message_later: str
    rounds: dict[int, str]

    def round(self, number: int, protocol: Protocol) -> str:
        text = self.rounds.get(number)
        if text is None:
            text = self.rounds[number] = prompts.round_text(number, protocol)
        return text


# A seat's texts by the identity of what they are built from: every request of a side shares them,
# and hashing a whole game (a frozen pydantic model hashes every field) or formatting them per
# request would cost more than a lookup. The key's objects are held in the value, so their ids
# cannot be reused while an entry lives.
_SEAT_TEXTS: dict[tuple[int, int, int, int, int], tuple[tuple[object, ...], SeatTexts]] = {}


def seat_texts(seat: Seat) -> SeatTexts:
    key = (id(seat.game), id(seat.protocol), seat.side, id(seat.persona), id(seat.opponent_persona))
    held = _SEAT_TEXTS.get(key)
    if held is None:
        if len(_SEAT_TEXTS) >= 1024:
            _SEAT_TEXTS.clear()
        game, protocol = seat.game, seat.protocol
        texts = SeatTexts(
            system=prompts.system_prompt(game, protocol, seat.side, seat.persona, seat.opponent_persona),
            note=prompts.note_task(game, protocol), interrogation=prompts.interrogation_task(game),
            message_first=prompts.message_task(protocol, first_move=True),
            message_later=prompts.message_task(protocol, first_move=False), rounds={})
        held = _SEAT_TEXTS[key] = ((game, protocol, seat.persona, seat.opponent_persona), texts)
    return held[1]


def system_prompt(seat: Seat) -> str:
    """Built once per seat, as Negotiation does per match: every request of a side shares it."""
    return seat_texts(seat).system


def messages_of(history: Sequence[Event]) -> list[tuple[int, int, str]]:
    """The public messages so far as (round, side, text)."""
    sides = _SIDES
    return [(e.payload["round"], sides[e.role], e.text) for e in history if e.kind == "message" and e.role]


_SIDES = {role: side_of(role) for role in ROLES}  # side_of, as a lookup: read for every message of every request


def notes_of(history: Sequence[Event], role: RoleId) -> list[Event]:
    """The role's own notes (never its interrogation answers, which no role sees)."""
    return [e for e in history if e.kind == "think" and e.role == role and e.payload.get("purpose") == "note"]


def schema_refused(event: Event, role: RoleId) -> bool:
    """The play loop's record that the API refused `role`'s note schema (see `refuses_schema`)."""
    return event.kind == "system" and event.role == role and isinstance(event.payload, dict) \
        and "schema_refused" in event.payload


def structured_now(protocol: Protocol, history: Sequence[Event], role: RoleId) -> bool:
    """Structured notes are asked for until the side's first note that was not schema-valid, or
    the API's first refusal of the schema."""
    if not protocol.structured_notes:
        return False
    return not any(schema_refused(e, role) or (e.kind == "think" and e.role == role
                                                and e.payload.get("structured_fallback")) for e in history)


# The last request built, by the identity of its inputs: a scripted player's policy asks for the
# very request the loop just rendered from the same observation (see players.BotPolicy). The
# inputs are kept alive with it, so their ids cannot be reused while it is held.
_last: list[tuple[Seat, Sequence[Event], tuple[str, str, int], ChatRequest]] = []


def request_for(seat: Seat, history: Sequence[Event], role: RoleId, purpose: str, round_number: int) -> ChatRequest:
    """The request today's loop sends `role` for `purpose` in round `round_number`, given the
    events the role can see. Without sampling settings: the play loop adds them."""
    if _last and _last[0][0] is seat and _last[0][1] is history and _last[0][2] == (role, purpose, round_number):
        return _last[0][3]
    request = _request_for(seat, history, role, purpose, round_number)
    _last[:] = [(seat, history, (role, purpose, round_number), request)]
    return request


def _request_for(seat: Seat, history: Sequence[Event], role: RoleId, purpose: str, round_number: int) -> ChatRequest:
    game, protocol, side = seat.game, seat.protocol, seat.side
    texts = seat_texts(seat)
    messages = messages_of(history)
    notes = notes_of(history, role)
    finished = [(n.payload["round"], n.text) for n in notes if n.payload["round"] < round_number]
    if purpose == "message":
        draft = [(n.payload["round"], n.text) for n in notes if n.payload["round"] == round_number]
        visible = prompts.Visible(own_notes=tuple(prompts.window(finished + draft, protocol.message_sees_notes)),
                                  messages=tuple(prompts.window(messages, protocol.message_sees_messages)))
        task = texts.message_later if messages else texts.message_first
    else:  # the interrogation rewinds to the note's view of the dialogue
        visible = prompts.Visible(own_notes=tuple(prompts.window(finished, protocol.note_sees_notes)),
                                  messages=tuple(prompts.window(messages, protocol.note_sees_messages)))
        task = texts.note if purpose == "note" else texts.interrogation
    header = texts.round(round_number, protocol)
    if protocol.format == "dialogue":
        pairs = prompts.dialogue_messages(game, side, visible, header, task)
    else:
        pairs = [("user", prompts.transcript_user_message(game, side, visible, header, task))]
    structured = purpose == "note" and structured_now(protocol, history, role)
    return ChatRequest(
        system=texts.system,
        messages=tuple(ChatMessage(role=r, content=text) for r, text in pairs),  # type: ignore[arg-type]
        purpose=purpose, response_schema=note_schema(game) if structured else None,
        # What today's scripted negotiators read (lamen.agents.bots), keyed in one place
        # (NegotiationView); the core loop replaces it with the typed observation, from which
        # players.BotPolicy rebuilds it.
        meta=NegotiationView(
            side=side, round=round_number, max_rounds=protocol.max_rounds, first_move=not messages,
            messages=tuple(VisibleMessage(*m) for m in visible.messages),
            own_notes=tuple(VisibleNote(*n) for n in visible.own_notes),
            agreement_phrase=protocol.agreement_phrase).as_meta())


# read_offer's answers by (text, id(game), structured, empty_reason, side); the game is held with each.
_OFFERS: dict[tuple[str, int, bool, str | None, int | None], tuple[Game, tuple[dict[str, Any], bool]]] = {}


def read_offer(text: str, game: Game, structured: bool, empty_reason: str | None = None,
               side: int | None = None) -> tuple[dict[str, Any], bool]:
    """What the judge reads from a note or interrogation answer, and whether it is well formed
    (the judge's `note_format_ok`: offers read from JSON or a schema-valid structured note).
    Memoised by the game's identity (hashing a game per reply costs more than a lookup): a
    scripted player's reply is read by its policy and again by the loop, and bots repeat their
    notes. Callers must not change the payload it returns (it is copied into a frozen action)."""
    key = (text, id(game), structured, empty_reason, side)
    held = _OFFERS.get(key)
    if held is None or held[0] is not game:
        if len(_OFFERS) >= 4096:
            _OFFERS.clear()
        held = _OFFERS[key] = (game, _read_offer(text, game, structured, empty_reason, side))
    return held[1]


def _read_offer(text: str, game: Game, structured: bool, empty_reason: str | None,
                side: int | None) -> tuple[dict[str, Any], bool]:
    if structured:
        offer = read_structured_note(text, game)
        if offer is not None:
            return {"offer": offer, "method": "structured"}, True
        fallback = why_not_valid(text, empty_reason)
    else:
        fallback = None
    reading = extract_note(text, label_cache(game), side=side)
    ok = reading.method in ("json", "structured") and bool(reading.offers or reading.invalid)
    payload: dict[str, Any] = {"offer": dict(reading.offers) or None, "method": reading.method}
    if fallback is not None:
        payload["structured_fallback"] = fallback
    return payload, ok


# parse's Think actions by (text, id(game), purpose, structured, empty_reason, side), with the game.
_THOUGHTS: dict[tuple[str, int, str, bool, str | None, int | None], tuple[Game, tuple[Think], bool]] = {}


class NoteMessageCodec:
    name = "lamen-note-message"

    def request(self, obs: Observation, legal: ActionSpace, feedback: tuple[str, ...]) -> ChatRequest:
        # LAMEN retries nothing, so `feedback` is always empty: a miss is measured, not corrected.
        return request_for(obs.private, obs.history, obs.role, obs.public["purpose"], obs.public["round"])

    def parse(self, reply: ChatReply, legal: ActionSpace) -> Sequence[Action]:
        if not isinstance(legal, TurnSpace) or legal.game is None:
            raise TypeError("the negotiation codec reads replies against a TurnSpace")
        text = reply.text
        if legal.purpose == "message":
            return (Message(text=text),)
        structured = legal.structured and legal.purpose == "note"
        key = (text, id(legal.game), legal.purpose, structured, reply.empty_reason, legal.side)
        held = _THOUGHTS.get(key)
        if held is None or held[0] is not legal.game:  # a Think is immutable: one per text and reading
            payload, ok = read_offer(text, legal.game, structured, reply.empty_reason, legal.side)
            if len(_THOUGHTS) >= 4096:
                _THOUGHTS.clear()
            held = _THOUGHTS[key] = (legal.game, (Think(text=text, payload={"purpose": legal.purpose, **payload}),), ok)
        thought, ok = held[1], held[2]
        if not ok:
            what = "note" if legal.purpose == "note" else "answer"
            raise FormatError(f"the {what} has no acceptable offer in JSON that could be read", fallback=thought)
        return thought

    @staticmethod
    def refuses_schema(error: AgentError) -> bool:
        """The API refused the structured-note schema itself: the play loop asks again in free text."""
        return refuses_schema(error)

    def render(self, actions: Sequence[Action]) -> str:
        if len(actions) != 1 or not isinstance(actions[0], (Think, Message)):
            raise ValueError("a negotiation reply is one note, interrogation answer or message")
        return actions[0].text
