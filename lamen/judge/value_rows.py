"""A note's offer written as one row of items: "Acceptable offer: $500 / frost protection / seven days
/ three seasons", "rent $1,200 | 24 months | $750 | 2 days", "terms ⟶ rent $1,300 / 12 mo / sublet none".

The grammar such rows share, whatever the separator: an optional lead (the heading, ended by a colon,
an arrow or an equals sign, or on the line above), then items parted by one separator that recurs
(a spaced slash or bar, a middle dot or bullet), each item holding one issue's value with or without
its key. An item is read alone, so its number cannot be taken for a neighbour's issue; an item that
reads as one issue's value gives that value. A row whose items read cleanly is the offer the note
states, and it overrules what the reader took from the prose around it (an estimate, a sum, a
scratch line); anything it cannot read is left to the reading and flagged unsure.
"""

from __future__ import annotations

import re
from typing import Callable

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels
from lamen.judge.notes import quotes_other_side

# The separators of a row's items, tried in this order; the one that recurs most parts the row.
_SEPARATORS = (" / ", " | ", " · ", " • ")
# A lead that heads the row: the writer's own offer ("acceptable offer", "what I'd sign", "my terms",
# "final", "offer"), ended by a colon, an arrow or an equals sign.
_OWN_LEAD = re.compile(r"\b(?:acceptable|accept|offer|terms|sign|final|deal|propos\w*|package|position)\b", re.IGNORECASE)
# Leads that are someone else's or not an offer at all.
_OTHER_LEAD = re.compile(r"\b(?:their|they|them|tenant's|landlord's|opponent\w*|counter\w*|last|walk-?away|target|anchor|"
                         r"reservation|bat?na|opening|opened|estimate\w*|guess\w*|if|r\d|was|before)\b", re.IGNORECASE)
_LEAD_END = re.compile(r"\s*(?::|→|⟶|->|=>|=)\s*")
_SENTENCE = re.compile(r"[.!?]\s+\w")


def _items(line: str) -> list[str] | None:
    """The items of a row of at least three, or None when the line is no such row."""
    best = max(_SEPARATORS, key=line.count)
    if line.count(best) < 2:
        return None
    items = [item.strip().strip("*_`").strip(" .,;") for item in line.split(best)]
    if any(not item or len(item.split()) > 5 or _SENTENCE.search(item) for item in items):
        return None
    return items


def _own_row(note: str) -> list[str] | None:
    """The items of the note's last row headed as the writer's own offer (its lead on the line or
    the line above), or None."""
    lines = [line.strip() for line in note.strip().splitlines()]
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if not any(separator in line for separator in _SEPARATORS) or line.startswith("|"):
            continue  # (a markdown table's row is the table reader's)
        lead, body = "", line
        cut = _LEAD_END.search(line)
        if cut and cut.start() > 0 and len(line[:cut.start()].split()) <= 7 and \
                not any(separator in line[:cut.start()] for separator in _SEPARATORS):
            lead, body = line[:cut.start()], line[cut.end():]
        if not lead and index > 0 and lines[index - 1].rstrip("*_ ").endswith((":", ")")):
            lead = lines[index - 1]  # "My acceptable offer (unchanged since round 4):" above the row
        if not _OWN_LEAD.search(lead) or _OTHER_LEAD.search(lead) or quotes_other_side(lead):
            return None  # the last row is nobody's offer, or someone else's: read no earlier one
        # "... | fees: $0. I would not go above 1.5%": the row ends where a sentence starts.
        last = max(body.rfind(separator) for separator in _SEPARATORS)
        if (end := _SENTENCE.search(body, last)) is not None:
            body = body[:end.start() + 1]
        return _items(body)
    return None


def with_value_row(note: str, reading: Extraction, labels: GameLabels,
                   read: Callable[[str], Extraction]) -> Extraction:
    """`reading` with the values of the note's own row of items (see the module's account), each item
    read alone by `read`; the reading unchanged when there is no such row or it reads nothing new."""
    if not any(separator in note for separator in _SEPARATORS):
        return reading  # (most notes: no row to look for, at the cost of four substring tests)
    items = _own_row(note)
    if items is None:
        return reading
    found: dict[str, str] = {}
    clashes: set[str] = set()
    unread = 0
    for item in items:
        alone = read(item)
        # (a range, a hedge or anything else the text reader doubts is no clean item)
        if len(alone.offers) == 1 and not alone.ambiguous and not alone.invalid and alone.confidence == "sure":
            ((issue, value),) = alone.offers.items()
            if issue in found and found[issue] != value:
                clashes.add(issue)
            found[issue] = value
        else:
            unread += 1
    for issue in clashes:
        del found[issue]
    if len(found) < 2 or len(found) + len(clashes) < len(items) - 1:
        return reading  # most items read nothing: no row of this game's values
    changed = {issue: value for issue, value in found.items() if reading.offers.get(issue) != value}
    if not changed:
        return reading
    offers = {**reading.offers, **found}
    ambiguous = tuple(issue for issue in reading.ambiguous if issue not in found)
    invalid = {issue: value for issue, value in reading.invalid.items() if issue not in found}
    return reading.model_copy(update={
        "offers": offers, "ambiguous": ambiguous, "invalid": invalid, "method": reading.method if reading.method != "none" else "text",
        "confidence": "unsure",
        "reason": "; ".join(filter(None, (reading.reason if reading.method != "none" else "", f"{', '.join(sorted(changed))} read item by item from a row of values")))})
