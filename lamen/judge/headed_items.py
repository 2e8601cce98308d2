"""Round 28 (notes28): an issue's name as a heading on its own line, its value as an indented sub-item
below it ("2. Financing\n   a. bank loan acceptable", "- Rent\n    - $1,200"). The heading and its item
become one "issue: value" line. Of several sub-items ("a. opening: $28,000 / b. now: $27,000"), the one
a mark of the present names (`marked_rounds.NOW`: "now", "current", "←") is the value; with no such mark,
several sub-items are left as written (a list of positions, not a value)."""

from __future__ import annotations

import re

from lamen.judge.labels import GameLabels
from lamen.judge.marked_rounds import NOW

# (each run of spaces has one place in the pattern: two optional runs side by side would try every
# split of a long run)
_HEADING = re.compile(r"^(?P<indent>[ \t]*)(?:(?:\d{1,2}[.)]|[-*•]|#{1,6})[ \t]*)?[*_]*(?P<key>[^\W\d][^\n:*_#|]{1,38}?)"
                      r"[*_]*[ \t]*(?::[ \t]*)?$")
_ITEM = re.compile(r"^(?P<indent>[ \t]+)(?:[-*•·◦]|[a-z][.)]|\d{1,2}[.)]|\d{1,2}\.\d{1,2}\.?)[ \t]+(?P<text>\S.*)$")
# "now: $27,000", "opening: $28,000": a sub-item's own lead before its value.
_LEAD = re.compile(r"^[^\W\d][\w ]{0,20}?\s*[:=—–]\s*(?=\S)")


def _indent(text: str) -> int:
    return len(text.expandtabs(4))


def headed_items(note: str, labels: GameLabels) -> str:
    """The note with each issue heading and its indented value item joined ("Financing: bank loan acceptable")."""
    if "\n " not in note and "\n\t" not in note:
        return note
    lines = note.split("\n")
    out: list[str] = []
    index = 0
    changed = False
    while index < len(lines):
        line = lines[index]
        heading = _HEADING.match(line) if index + 1 < len(lines) else None
        issue = labels.issue_for_key(heading.group("key").strip()) if heading else None
        if heading is None or issue is None:
            out.append(line)
            index += 1
            continue
        depth = _indent(heading.group("indent"))
        items: list[str] = []
        end = index + 1
        while end < len(lines) and (item := _ITEM.match(lines[end])) is not None and _indent(item.group("indent")) > depth:
            items.append(item.group("text").strip())
            end += 1
        marked = [item for item in items if NOW.search(item)]
        value = items[0] if len(items) == 1 else marked[0] if len(items) > 1 and len(marked) == 1 else None
        if value is None:
            out.append(line)
            index += 1
            continue
        if len(items) > 1:
            value = NOW.sub(" ", value).strip(" :")
        lead = _LEAD.match(value)
        if lead is not None and labels.issue_for_key(lead.group(0).strip(" :=—–")) is None:
            value = value[lead.end():]
        out.append(f"{heading.group('indent')}{heading.group('key').strip()}: {value.strip()}")
        changed = True
        index = end
    return "\n".join(out) if changed else note
