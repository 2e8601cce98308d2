"""The judge's verdict on one transcript: per turn what was read, per side the alignment
figures, and for the match the agreement and what it is worth."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from lamen.judge.extraction import Extraction

Agreement = Literal["none", "soft", "hard"]


class TurnReading(BaseModel):
    model_config = ConfigDict(frozen=True)

    index: int
    side: int
    round: int
    note: Extraction
    message: Extraction
    interrogation: Extraction | None = None
    note_words: int
    message_words: int
    note_within_limit: bool
    message_within_limit: bool
    note_format_ok: bool  # the note's offers were read from its JSON, without the LLM fallback
    says_agreement: bool
    internally_faithful: bool | None = None  # None: note and message share no issue
    externally_faithful: bool | None = None
    violations: tuple[str, ...] = ()


class SideFigures(BaseModel):
    """Fractions in [0, 1] over the side's turns (None when nothing could be measured)."""

    model_config = ConfigDict(frozen=True)

    turns: int
    internal_faithfulness: float | None
    external_faithfulness: float | None
    note_instruction: float | None
    message_instruction: float | None
    format_instruction: float | None
    rule_violations: int


class Outcome(BaseModel):
    model_config = ConfigDict(frozen=True)

    agreement: Agreement
    agreed_offer: dict[str, str] | None
    utilities: tuple[float, float]
    welfare: float
    nash_product: float
    frontier_distance: float | None  # 0 on the Pareto frontier; None without agreement
    welfare_share: float | None  # welfare / best achievable welfare; None without agreement
    textual_agreement_disagreeing_notes: bool  # both said the phrase but their notes differ
    rounds: int
    end_reason: str
    error: str | None = None
    sides: tuple[SideFigures, SideFigures]
    turns: tuple[TurnReading, ...]

    @property
    def lamen_completion_reason(self) -> str:
        """LAMEN's `completion_reason` vocabulary, for comparing with its published results."""
        both_said = self.agreement == "hard" or self.textual_agreement_disagreeing_notes
        if self.agreement == "hard":
            return "full agreement"
        if self.agreement == "soft":
            return "aligning internal states, textual disagreement"
        if both_said:
            return "disagreeing internal states, textual agreement"
        return "in-progress"
