"""Offers from a note, a message or an interrogation answer, by the deterministic readers."""

from __future__ import annotations

import re

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels
from lamen.judge.messages import extract_text
from lamen.judge.notes import extract_note_json

_OFFER_SECTION = re.compile(r"acceptable offers?|(?:my|our) offer|final offer|offer\s*:", re.IGNORECASE)


def extract_note(note: str, labels: GameLabels) -> Extraction:
    """The note's acceptable offers: its JSON block (method 'json'); failing that, the prose after
    an 'Acceptable offer:' heading (method 'text'); else nothing (method 'none')."""
    from_json = extract_note_json(note, labels)
    headings = list(_OFFER_SECTION.finditer(note))
    prose = extract_text(_prose_section(note, headings[-1].end()), labels) if headings else None
    # A block broken or cut off reads short; a prose offer beside it that names more, and agrees
    # with what the block does name, is the offer.
    json_offers = from_json.offers if from_json else {}
    if prose is not None and len(prose.offers) > len(json_offers) and \
            (not (from_json and from_json.invalid) and json_offers.items() <= prose.offers.items()
             or from_json is None or bool(from_json.invalid)):
        return prose
    if from_json is not None:
        return from_json
    return Extraction(method="none")


def _prose_section(note: str, start: int) -> str:
    """The text after an offer heading, up to a JSON block or a blank line."""
    section = note[start:]
    for stop in ("{", "```", "\n\n"):
        cut = section.find(stop)
        if cut > 0:
            section = section[:cut]
    return section


def extract_message(message: str, labels: GameLabels, side: int | None = None) -> Extraction:
    """The offers a public message makes (method 'text', or 'none' when it names none). `side`
    is the speaker's (0 or 1), for shares written from its point of view ("6-4 in our favour")."""
    return extract_text(message, labels)
