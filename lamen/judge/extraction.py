"""What was read from one note, message or interrogation answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Method = Literal["json", "text", "llm", "none", "structured"]  # structured: a schema-valid note (play)
Confidence = Literal["sure", "unsure"]


class Extraction(BaseModel):
    """Offers found in one text, and everything that could not be taken as an offer.

    `invalid` holds values written for a real issue that are not labels of its payoff table
    (raw text kept: a rule violation); `unknown_issues` holds issues the game does not have
    (invented issues); `ambiguous` holds issues offered with several values at once.
    """

    model_config = ConfigDict(frozen=True)

    method: Method = "none"
    offers: dict[str, str] = {}
    invalid: dict[str, str] = {}
    unknown_issues: tuple[str, ...] = ()
    ambiguous: tuple[str, ...] = ()
    # "unsure": the reader met something it cannot read with certainty (said in `reason`); only
    # such readings go to the LLM fallback.
    confidence: Confidence = "sure"
    reason: str = ""

    @property
    def found_anything(self) -> bool:
        return bool(self.offers or self.invalid or self.unknown_issues or self.ambiguous)

    def made_unsure(self, reasons: Sequence[str], **update: Any) -> Extraction:
        """This reading with `update` applied and flagged unsure for `reasons` (joined after any reason
        it already had); itself, untouched, when a rule found no reason to change it."""
        if not reasons:
            return self
        return self.model_copy(update={**update, "confidence": "unsure",
                                       "reason": "; ".join(filter(None, (self.reason, *reasons)))})

    def is_complete(self, issue_names: list[str] | tuple[str, ...]) -> bool:
        return all(name in self.offers for name in issue_names)
