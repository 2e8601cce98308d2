"""A message written as a chat transcript ("Landlord: ... / Tenant: ... / Landlord: ..."): the
other party's lines are quotations; the writer's own lines are its offer, a later own line
revising what it names while what only an earlier own line names still stands."""

from __future__ import annotations

import re
from collections.abc import Callable

from lamen.judge.extraction import Extraction

# "Tenant:", "**Company B:**", "Officer —": a short name opening a line, then its words.
_TURN = re.compile(r"^[ \t>*_]*(?P<name>[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff][\w .'&/()-]{0,28}?)[*_]*"
                   r"\s*(?::|：)\s*[*_]*\s*(?P<words>\S.*)$")
# Names that head a part of a message, not a speaker.
_NOT_A_SPEAKER = re.compile(r"^(?:counter\w*|offer|proposal|propose|subject|re|note|ps|p\.s\.|update|revised|final|terms|"
                            r"total|summary|answer|question|option\s*\w*|package|plan|step\s*\d*|bottom line|walk-?away|"
                            r"target|recap|tl;?dr|edit|correction|deal|result|status|from|to|cc|date|sent|"
                            r"our|my|your|their|why|because|example|reason|remember|important|also)\b", re.IGNORECASE)


def own_turns(message: str, is_issue: Callable[[str], bool]) -> list[str] | None:
    """The writer's own lines of a message that is a transcript of two or more speakers, every
    line opening with one (the writer speaks last), or None when it is no transcript."""
    lines = [line for line in message.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        return None
    turns = []
    for line in lines:
        match = _TURN.match(line)
        if match is None:
            return None
        name = match.group("name").strip()
        if len(name.split()) > 3 or _NOT_A_SPEAKER.match(name):
            return None
        turns.append((name.lower(), match.group("words")))
    speakers = {name for name, _ in turns}
    if not 2 <= len(speakers) <= 3:
        return None
    # A name that is also an issue's ("Venue:" of the venue's fee) is a speaker only when it
    # speaks again after another: a list of "issue: value" lines names each issue once.
    names = [name for name, _ in turns]
    if any(is_issue(name) for name in speakers) and not any(
            names[i] == names[j] for i in range(len(names)) for j in range(i + 2, len(names)) if names[i + 1] != names[i]):
        return None
    writer = turns[-1][0]
    return [words for name, words in turns if name == writer]


def merged_turns(readings: list[Extraction]) -> Extraction:
    """The readings of the writer's lines in order: a later line's values replace what an
    earlier one said of the same issues."""
    offers: dict[str, str] = {}
    invalid: dict[str, str] = {}
    ambiguous: list[str] = []
    unknown: list[str] = []
    reasons: list[str] = []
    for reading in readings:
        for issue in {*reading.offers, *reading.invalid, *reading.ambiguous}:
            offers.pop(issue, None)
            invalid.pop(issue, None)
            ambiguous = [name for name in ambiguous if name != issue]
        offers.update(reading.offers)
        invalid.update(reading.invalid)
        ambiguous += list(reading.ambiguous)
        unknown += list(reading.unknown_issues)
        reasons += [reading.reason] if reading.reason else []
    unsure = any(reading.confidence == "unsure" for reading in readings)
    found = bool(offers or invalid or ambiguous or unknown)
    return Extraction(method="text" if found else "none", offers=offers, invalid=invalid,
                      unknown_issues=tuple(dict.fromkeys(unknown)), ambiguous=tuple(dict.fromkeys(ambiguous)),
                      confidence="unsure" if unsure else "sure", reason="; ".join(dict.fromkeys(reasons)))
