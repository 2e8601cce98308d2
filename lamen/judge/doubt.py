"""A second look at a sure reading, for what the readers are known to get wrong: text in another
language, values written relative to another value, hedges, quotations, and notes whose offer
names fewer issues than the game has. Such a reading is marked `unsure` (with the reason), so
that the LLM fallback, when configured, reads it; a sure reading stays as it is."""

from __future__ import annotations

import re

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels
from lamen.judge.proximity import word_weights
from lamen.judge.values import in_english, local_forms

_RELATIVE = re.compile(
    r"\b(?:less|more|lower|higher|cheaper|fewer|longer|shorter)\s+than\s+(?:you|your|what|the|my|our|last|before|"
    r"previous|that)|[\d%]\s*(?:[a-z]+\s+)?(?:less|more|lower|higher|off|down|up|cheaper)\s+(?:than|from|on|of)\b|"
    r"\bsame\s+(?:as|terms|deal|package|offer)\b|\bas\s+before\b|\bhalf\s*-?way\b|\bsplit\s+the\s+difference\b|"
    r"\b(?:knock|shave|take)\s+\S+\s+off\b|\bpoints?\s+(?:more|less|lower|higher|from)\b", re.IGNORECASE)
_HEDGE = re.compile(r"\b(?:might|maybe|perhaps|possibly|(?:could|would)\s+consider|open\s+to|not\s+sure|"
                    r"thinking\s+(?:of|about)|ideally)\b", re.IGNORECASE)
_QUOTED = re.compile(r"(?m)^\s*>|\byou\s+(?:wrote|said)\b|\bwrote\s*:|[«“]", re.IGNORECASE)


def doubts(text: str, kind: str, reading: Extraction, labels: GameLabels) -> list[str]:
    """Why a reading of this text may be wrong, though no reader rule was unsure of it."""
    reasons = []
    has_numbers = bool(re.search(r"\d", text))
    complete = reading.is_complete(tuple(labels.issues))
    if not in_english(text) and (kind == "message" or not complete):
        reasons.append("text not in English")
    if has_numbers and _RELATIVE.search(text) and (kind == "message" or not complete):
        reasons.append("a value written relative to another")
    if kind == "message" and has_numbers and _HEDGE.search(text):
        reasons.append("a hedged value")
    if _QUOTED.search(text) and has_numbers and (kind == "message" or not complete):
        reasons.append("quoted text")
    if not complete:
        read = {*reading.offers, *reading.invalid, *reading.ambiguous}
        unread = [issue for issue in _named_issues(local_forms(text), labels) if issue not in read
                  and (kind == "note" or _worded(issue, labels) or not reading.found_anything)]
        if unread:
            reasons.append(f"{', '.join(unread)} named in the {kind} but no value read")
    return reasons


def _worded(issue: str, labels: GameLabels) -> bool:
    """An issue whose labels are words ("pickup", "assembly included"), which a message may
    paraphrase beyond the grammar ("if you include assembly")."""
    return any(not re.search(r"\d", label) for label in labels.issues[issue].issue.labels)


def _named_issues(text: str, labels: GameLabels) -> list[str]:
    """Issues whose own name (or a clipping of it) the text uses."""
    named: dict[str, None] = {}
    for word in set(re.findall(r"[a-z]+", text.lower())):
        for issue, weight in word_weights(word, labels):
            if weight == 0.0:
                named[issue] = None
    return list(named)


def second_look(text: str, kind: str, reading: Extraction, labels: GameLabels) -> Extraction:
    """The reading, marked unsure when a second look finds a reason to doubt it."""
    if reading.confidence == "unsure" or not text.strip():
        return reading
    reasons = doubts(text, kind, reading, labels)
    if not reasons:
        return reading
    return reading.model_copy(update={"confidence": "unsure", "reason": "; ".join(reasons)})
