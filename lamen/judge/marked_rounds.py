"""Round 28 (notes28): a history of positions written round by round, one of them marked as the
current one ("Round 1 → $130k / remote … / Round 3 (now) → $120k / hybrid …", "R1: $900 + 8d → R2:
$1,000 + 6d → R3: $1,100 + 5d ← current", "Round 3 → board 4-6, … ← acceptable now"). The history is
segments each led by a round's name (on lines of their own, or one line split at arrows); the segment
that a mark of the present names ("now", "current", "today", "latest", "←") is the offer. A history
with no mark, or more than one, is left to the other rules."""

from __future__ import annotations

import re

# A round's name leading a segment: "Round 3", "R3", "Rd 3", "Draft 2", "v2", "Turn 4" (and the same in
# the languages models write notes in); optionally a parenthesis ("Round 3 (now)"), then a separator.
_ROUND = (r"(?:round|rnd|rd|r|turn|draft|version|v|ronda|runde|tour|rodada|turno|giro|раунд|ラウンド|第)\s*\d{1,2}"
          r"(?:\s*(?:回|轮|輪|회))?")
_LEAD = re.compile(rf"(?i)(?<![\w$€£])(?:[-*•]\s*)?\**{_ROUND}\b\**(?:\s*\([^()\n]{{0,24}}\))?\s*(?::|→|->|=>|[—–-](?=\s)|\|)\s*")
# A mark of the present: a word, or an arrow pointing back at the segment.
NOW = re.compile(r"(?i)(?:←|<-{1,2}|⬅|👈)|\b(?:now|current(?:ly)?|today|latest|this\s+round|actual|aktuell|jetzt|ahora|"
                  r"actuel(?:le)?|atual|attuale|teraz|сейчас|现在|当前|今回|現在|지금)\b")
_NOW_WORDS = ("now", "current", "today", "latest", "this round", "actual", "aktuell", "jetzt", "ahora", "atual", "attuale",
              "teraz", "сейчас", "现在", "当前", "今回", "現在", "지금", "←", "<-", "⬅", "👈")
_ROUND_DIGIT = re.compile(r"(?:round|rnd|rd|r|turn|draft|version|v|ronda|runde|tour|rodada|turno|giro|раунд|ラウンド|第) ?\d")
# (spaces before an arrow are taken from their first: a search from each space of a long run would
# scan the run again)
_ARROWS = re.compile(r"(?<!\s)\s*(?:→|->|=>|⟶)\s*(?=" + _ROUND + r"\b)", re.IGNORECASE)
_BACK_MARK = re.compile(r"(?<!\s)\s*(?:←|<-{1,2}|⬅|👈).*$")


def _segments(note: str) -> list[str]:
    """The note's segments led by a round's name: lines of their own, each split at arrows before
    the next round's name ("R1: … → R2: …")."""
    found: list[str] = []
    for line in note.split("\n"):
        for part in _ARROWS.split(line):
            if _LEAD.match(part.strip()):
                found.append(part.strip())
    return found


def marked_round(note: str) -> str | None:
    """The values of the segment of a round-by-round history that is marked as the present one,
    without its round's name and its mark; None when the note has no such history."""
    # (cheap tests first: most notes hold no mark of the present, and no round's name before a digit)
    lower = note.lower()
    if not any(word in lower for word in _NOW_WORDS) or not _ROUND_DIGIT.search(lower) or not NOW.search(note):
        return None
    segments = _segments(note)
    if len(segments) < 2:
        return None
    marked = [segment for segment in segments if NOW.search(segment)]
    if len(marked) != 1:
        return None
    segment = marked[0]
    lead = _LEAD.match(segment)
    body = segment[lead.end():] if lead else segment
    # the mark and any words after it ("← acceptable now", "← current")
    back = _BACK_MARK.search(body)
    if back:
        body = body[:back.start()]
    body = NOW.sub(" ", body).strip(" ,;:.")
    return body or None
