"""The scorer: today's judge over the transcript the events spell, returned as open named
scores. Pure: the same instance and final state always give the same Score."""

from __future__ import annotations

from collections.abc import Sequence

from lamen.core.types import Event, Score
from lamen.families.negotiation.instances import ROLES, NegotiationInstance, side_of
from lamen.families.negotiation.rules import NegotiationState
from lamen.judge import Outcome, judge
from lamen.transcript import ModelCall, Transcript, Turn


def transcript_of(instance: NegotiationInstance, state: NegotiationState,
                  calls: Sequence[Sequence[ModelCall]] = ()) -> Transcript:
    """The transcript today's loop would have written: one turn per message, with the note and
    interrogation answer its side wrote in that round, and the `calls` of each turn when given
    (the store's business)."""
    turns: list[Turn] = []
    draft: dict[str, Event] = {}  # this turn's note and interrogation answer, by purpose
    refused: str | None = None  # the API refused this turn's note schema
    for event in state.events:
        kind = event.kind
        if kind == "think" and isinstance(event.payload, dict):
            draft[event.payload["purpose"]] = event
        elif kind == "message" and event.role is not None:
            note, probe = draft.get("note"), draft.get("interrogation")
            read = note.payload if note is not None else {}
            fallback = read.get("structured_fallback") or (f"structured output refused: {refused}" if refused else None)
            turns.append(Turn(side=side_of(event.role), round=event.payload["round"],
                              note=note.text if note is not None else "", message=event.text,
                              interrogation=probe.text if probe is not None else None,
                              calls=tuple(calls[len(turns)]) if len(turns) < len(calls) else (),
                              note_offer=read["offer"] if read.get("method") == "structured" else None,
                              structured_fallback=fallback))
            draft, refused = {}, None
        elif kind == "system" and isinstance(event.payload, dict) and "schema_refused" in event.payload:
            refused = event.payload["schema_refused"]
    ended = state.ended if state.ended in ("agreement", "max_rounds", "error") else "max_rounds"
    return Transcript(game=instance.game.name, protocol=instance.protocol.name,
                      agents=(state.seating.get(ROLES[0], ""), state.seating.get(ROLES[1], "")),
                      starts=side_of(state.first), turns=tuple(turns), end_reason=ended,  # type: ignore[arg-type]
                      error=None if state.ended != "error" else _error_text(state))


def _error_text(state: NegotiationState) -> str:
    return next((e.text for e in reversed(state.events) if e.kind == "end"), "error")


def metrics_of(outcome: Outcome) -> dict[str, float]:
    found: dict[str, float] = {
        "welfare": outcome.welfare, "nash_product": outcome.nash_product, "rounds": float(outcome.rounds),
        "textual_agreement_disagreeing_notes": float(outcome.textual_agreement_disagreeing_notes)}
    if outcome.frontier_distance is not None:
        found["frontier_distance"] = outcome.frontier_distance
    if outcome.welfare_share is not None:
        found["welfare_share"] = outcome.welfare_share
    for role, figures in zip(ROLES, outcome.sides):
        for name, value in figures.model_dump().items():
            if value is not None:
                found[f"{role}.{name}"] = float(value)
    return found


def score(instance: NegotiationInstance, state: NegotiationState) -> Score:
    outcome = judge(transcript_of(instance, state), instance.game, instance.protocol)
    return Score(per_role=dict(zip(ROLES, outcome.utilities)), agreement=outcome.agreement,
                 metrics=metrics_of(outcome), end_reason=state.ended or "unfinished")
