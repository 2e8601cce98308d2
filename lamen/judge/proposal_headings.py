"""Where a message turns to its proposal by a heading the readers' own list (`extract.
_MESSAGE_OFFER_HEADING`: "here's where I am:", "our revised offer is:") lacks: a bare noun of
proposing opening a line or sentence and closed by a colon ("Proposal: …", "Counter: …",
"Counter-proposal: …", "Proposal to bridge: …", "Compromise: …"), a first-person verb of proposing
closed by one ("As a compromise, I propose: …"), or a conclusion naming the speaker's offer ("So my
offer is $55, …"). Models write a comparison of both sides' positions ("Frequency: you fortnightly,
us weekly") and then such a line; what follows it is the offer, as a careful reader takes it, and
what came before stands only where it leaves off (the caller merges the two)."""

from __future__ import annotations

import re

from lamen.judge.caseless import folded

# (a line's bullets and markup before the noun: "- ", "**", "## ", "> ")
_HEADING = re.compile(
    r"(?:^|(?<=[\n.!?])[ \t]*)[ \t>*#_-]*"
    r"(?:(?:counter[- ]?)?proposal(?:\s+to\s+[a-z]+)?|counter(?:[- ]?offer)?|compromise|"
    r"(?:as\s+a\s+compromise|instead|so|then|therefore|finally),?\s+(?:i|we)(?:\s+would|'d)?\s+propose)"
    r"[*_ \t]*:", re.IGNORECASE)
_CONCLUSION = re.compile(r"\b(?:so|thus|therefore|overall),?\s+(?:my|our)\s+(?:final\s+|revised\s+|new\s+)?"
                         r"(?:offer|proposal)\s+(?:is|would\s+be)\b", re.IGNORECASE)


def last_proposal_heading(message: str) -> re.Match[str] | None:
    """The last heading of this module's kinds in the message, or None. (Substring tests first:
    most messages hold none of the words every heading or conclusion holds.)"""
    found = None
    lowered = folded(message)  # (as the IGNORECASE patterns compare: "COUNTER", "propoſal")
    # (every heading holds a colon and "propos", "counter" or "compromise"; every conclusion "offer" or
    # "proposal", before any spacing and "is" or "would")
    if ":" in message and ("propos" in lowered or "counter" in lowered or "compromise" in lowered):
        for found in _HEADING.finditer(message):
            pass
    if "offer" in lowered or "proposal" in lowered:
        for match in _CONCLUSION.finditer(message):
            if found is None or match.start() > found.start():
                found = match
    return found
