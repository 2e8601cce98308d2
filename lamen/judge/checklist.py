"""Checklists: lines opened by a tick (✅ ✔ ✓ ☑ 👍 🟢) and a cross (❌ ✘ ✗ ❎ 👎 🔴 ⛔). Of a list that
has both, the ticked lines are the offer and the crossed ones are turned down: they are set aside
before reading, unless a crossed line itself opens with a denial ("❌ No damage waiver — hirer
liable" crosses out the waiver, which states the writer's term)."""

from __future__ import annotations

import re

from lamen.judge.labels import GameLabels
from lamen.judge.messages import extract_text, mentions

_TICK = re.compile(r"^\s*(?:[-*•]\s*)?(?:✅|✔️?|✓|☑️?|👍|🟢)", re.MULTILINE)
_CROSSED_LINE = re.compile(r"^[ \t]*(?:[-*•][ \t]*)?(?:❌|✘|✗|❎|👎|🔴|⛔)[ \t]*(?P<rest>[^\n]*)(?:\n|$)", re.MULTILINE)
_DENIAL = re.compile(r"(?:no|not|none|without|zero|nil)\b", re.IGNORECASE)
# A task list's boxes ("- [x] Rent: $1,200", "- [ ] Rent: $1,300", "☑ …", "☐ …"): of a list that has
# both, the boxes left empty are the options not chosen.
_CHECKED_BOX = re.compile(r"^[ \t]*(?:[-*•+][ \t]*)?(?:\[[xX✓✔]\]|☑|☒)", re.MULTILINE)
_EMPTY_BOX_LINE = re.compile(r"^[ \t]*(?:[-*•+][ \t]*)?(?:\[[ \t]?\]|☐)[^\n]*(?:\n|$)", re.MULTILINE)


def without_empty_boxes(text: str, labels: GameLabels) -> str:
    """The text without a task list's unticked lines whose issues a ticked line gives a value: the
    writer ticked its choice among them ("- [ ] Deposit: $250 (maybe)" alone of its issue stays)."""
    if "[" not in text and "☐" not in text:
        return text
    if not _CHECKED_BOX.search(text) or not _EMPTY_BOX_LINE.search(text):
        return text
    ticked = set(extract_text(_EMPTY_BOX_LINE.sub("", text), labels).offers)

    def kept(match: re.Match[str]) -> str:
        boxed = {mention.issue for mention in mentions(match.group(0), labels)}
        return "" if boxed and boxed <= ticked else match.group(0)

    return _EMPTY_BOX_LINE.sub(kept, text)


def without_crossed_lines(text: str, labels: GameLabels) -> str:
    """The text without the crossed lines of a checklist that also ticks lines, where a ticked line
    gives the crossed line's issues their value: "❌ Subletting: none" alone of its issue marks the
    writer's "none", while "❌ rent $1,400 (theirs)" below "✅ rent $1,200" turns a value down."""
    if not _TICK.search(text) or not _CROSSED_LINE.search(text):
        return text
    ticked = set(extract_text(_CROSSED_LINE.sub("", text), labels).offers)

    def kept(match: re.Match[str]) -> str:
        if _DENIAL.match(match.group("rest")):
            return match.group(0)
        crossed = {mention.issue for mention in mentions(match.group("rest"), labels)}  # theirs too
        return "" if crossed and crossed <= ticked else match.group(0)

    return _CROSSED_LINE.sub(kept, text)
