"""Round 28 (notes28): issues named by letter codes a legend defines ("Legend: R = rent, D = duration
(months), Dep = deposit, S = subletting days." then "My acceptable offer: R1200 D18 Dep1000 S2"; "Key:
B = benefits, C = control …" then "B30 C7-3"). Each code a legend defines as an issue's name is written
out where it leads a value ("R1200" -> "rent 1200", "C7-3" -> "control 7-3"), and the legend goes: its
definitions are no values. Codes of values inside a code ("Hon=H", "V=M") are not read."""

from __future__ import annotations

import re

from lamen.judge.labels import GameLabels

# One definition: a code of one to three letters, its first a capital, "=" (or ":"), an issue's name.
_DEFINITION = re.compile(r"(?<![\w$€£])(?P<code>[A-Z][A-Za-z]{0,2})\s*(?:=|:=|→)\s*(?P<name>[A-Za-z][A-Za-z' -]{1,30}?)"
                         r"(?=\s*(?:\([^()\n]{0,40}\)\s*)?(?:[,;.]|$|\n))", re.MULTILINE)


def with_codes_written_out(note: str, labels: GameLabels) -> str:
    """The note with a legend's letter codes written out as the issues they stand for."""
    if "=" not in note:
        return note
    codes: dict[str, str] = {}
    legend_lines: set[int] = set()
    lines = note.split("\n")
    for number, line in enumerate(lines):
        found = {}
        for definition in _DEFINITION.finditer(line):
            name = definition.group("name").strip()
            issue = labels.issue_for_key(name) or labels.issue_for_key(name.split()[0])
            if issue is not None:
                found[definition.group("code")] = issue
        if len(found) >= 2:
            codes.update(found)
            legend_lines.add(number)
    if len(codes) < 2:
        return note
    # Longest codes first ("Dep" before "D"); a code leads a number ("R1200", "C7-3", "D 18").
    lead = re.compile(r"(?<![\w$€£])(" + "|".join(sorted(map(re.escape, codes), key=len, reverse=True)) + r")\s?(?=[$€£]?\d)")
    out = [lead.sub(lambda m: f"{codes[m.group(1)]} ", line) for number, line in enumerate(lines) if number not in legend_lines]
    return "\n".join(out)
