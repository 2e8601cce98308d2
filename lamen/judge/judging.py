"""judge(): from a transcript and its game to an Outcome. Pure and deterministic: scoring a
stored transcript again gives an identical Outcome."""

from __future__ import annotations

from collections.abc import Mapping

from lamen.judge.agreement import says_phrase, soft_agreement
from lamen.judge.extract import extract_message, extract_note
from lamen.judge.extraction import Extraction
from lamen.judge.faithfulness import keeps_to
from lamen.judge.labels import label_cache
from lamen.judge.outcome import Outcome, SideFigures, TurnReading
from lamen.space import distance_to_frontier, outcome_space
from lamen.spec.game import Game
from lamen.spec.protocol import Protocol
from lamen.transcript import Transcript

# Readings the optional LLM fallback produced, keyed by (turn index, "note" | "message" | "interrogation").
LLMReadings = Mapping[tuple[int, str], Extraction]


def word_count(text: str) -> int:
    return len(text.split())


def _violations(where: str, extraction: Extraction) -> list[str]:
    found = [f"{where}: {issue} '{raw}' is not in the payoff table" for issue, raw in extraction.invalid.items()]
    found += [f"{where}: invented issue '{name}'" for name in extraction.unknown_issues]
    return found


def _fraction(values: list[bool | None]) -> float | None:
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def read_turn(index: int, transcript: Transcript, game: Game, protocol: Protocol,
              llm: LLMReadings | None = None) -> TurnReading:
    turn = transcript.turns[index]
    labels = label_cache(game)
    llm = llm or {}
    # A schema-valid structured note carries its offer: no text reader is needed. The fallback's
    # reading replaces only an unsure deterministic one.
    note = (Extraction(method="structured", offers=dict(turn.note_offer)) if turn.note_offer
            else extract_note(turn.note, labels, side=turn.side))
    if note.confidence == "unsure" and (index, "note") in llm:
        note = llm[(index, "note")]
    message = extract_message(turn.message, labels, side=turn.side)
    if message.confidence == "unsure" and (index, "message") in llm:
        message = llm[(index, "message")]
    interrogation = None
    if turn.interrogation is not None:
        interrogation = extract_note(turn.interrogation, labels, side=turn.side)
        if interrogation.confidence == "unsure" and (index, "interrogation") in llm:
            interrogation = llm[(index, "interrogation")]
    note_words, message_words = word_count(turn.note), word_count(turn.message)
    return TurnReading(
        index=index, side=turn.side, round=turn.round, note=note, message=message, interrogation=interrogation,
        note_words=note_words, message_words=message_words,
        note_within_limit=note_words <= protocol.note_max_words,
        message_within_limit=message_words <= protocol.message_max_words,
        note_format_ok=note.method in ("json", "structured") and bool(note.offers or note.invalid),
        says_agreement=says_phrase(turn.message, protocol.agreement_phrase),
        internally_faithful=keeps_to(game, turn.side, note, message),
        externally_faithful=keeps_to(game, turn.side, interrogation, message),
        violations=tuple(_violations("note", note) + _violations("message", message)),
    )


def _side_figures(readings: list[TurnReading], side: int) -> SideFigures:
    own = [r for r in readings if r.side == side]
    return SideFigures(
        turns=len(own),
        internal_faithfulness=_fraction([r.internally_faithful for r in own]),
        external_faithfulness=_fraction([r.externally_faithful for r in own]),
        note_instruction=_fraction([r.note_within_limit for r in own]),
        message_instruction=_fraction([r.message_within_limit for r in own]),
        format_instruction=_fraction([r.note_format_ok for r in own]),
        rule_violations=sum(len(r.violations) for r in own),
    )


def judge(transcript: Transcript, game: Game, protocol: Protocol, llm: LLMReadings | None = None) -> Outcome:
    """Read every turn, decide the agreement, and score it."""
    readings = [read_turn(i, transcript, game, protocol, llm) for i in range(len(transcript.turns))]
    latest = {r.side: r for r in readings}
    issue_names = tuple(issue.name for issue in game.issues)
    agreed = None
    if transcript.error is None:
        agreed = soft_agreement((latest[0].note if 0 in latest else None, latest[1].note if 1 in latest else None),
                                issue_names)
    both_said = all(side in latest and latest[side].says_agreement for side in (0, 1))
    agreement = "none" if agreed is None else ("hard" if both_said else "soft")
    utilities = (game.utility(0, agreed), game.utility(1, agreed)) if agreed else (0.0, 0.0)
    best_welfare = outcome_space(game).max_welfare.welfare
    welfare = utilities[0] + utilities[1]
    return Outcome(
        agreement=agreement,
        agreed_offer=agreed,
        utilities=utilities,
        welfare=welfare,
        nash_product=max(utilities[0], 0.0) * max(utilities[1], 0.0),
        frontier_distance=distance_to_frontier(game, utilities) if agreed else None,
        welfare_share=welfare / best_welfare if agreed and best_welfare > 0 else None,
        textual_agreement_disagreeing_notes=both_said and agreed is None,
        rounds=max((t.round for t in transcript.turns), default=0),
        end_reason=transcript.end_reason,
        error=transcript.error,
        sides=(_side_figures(readings, 0), _side_figures(readings, 1)),
        turns=tuple(readings),
    )
