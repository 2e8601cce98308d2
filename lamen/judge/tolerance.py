"""Tolerances: "$1,200 ± 50", "3% +/- 0.5", "110k ± 5k" state the value before the sign with its
slack; the slack is no value of its own. A slack written as an amount of its own ("$1,200 ± $100")
is left alone: two amounts of money written together are a range, as elsewhere. The readers see the text with the slack set aside, and a
reading of such a text is unsure, since a writer may mean the span itself ("the ± is our range")."""

from __future__ import annotations

import re

# The sign and the slack after it, up to its unit ("± 0.5", "+/- $50", "± 5k", "± 2 days").
_SLACK = re.compile(r"\s*(?:±|\+\s*/\s*-|\+-)\s*\d+(?:[,.]\d+)*(?:\s*(?:k\b|%)|\s+[a-z]+\b)?", re.IGNORECASE)


def has_tolerance(text: str) -> bool:
    return ("±" in text or "+/-" in text or "+-" in text) and bool(_SLACK.search(text))


def without_slack(text: str) -> str:
    """The text with every tolerance's slack removed ("rate 3% ± 0.5; fees $10" -> "rate 3%; fees $10")."""
    if not has_tolerance(text):
        return text
    return _SLACK.sub(lambda m: "" if not re.search(r"[a-z]{2,}$", m.group(0), re.IGNORECASE)
                      else re.sub(r"^.*?\d+(?:[,.]\d+)*\s*", " ", m.group(0)), text)
