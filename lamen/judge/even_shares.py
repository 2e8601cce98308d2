"""An even share of an issue counted as one party's share ("ownership": 25% ... 75% for Company A):
'equal ownership', 'even stakes', 'ownership split evenly', 'an even split of the equity' is half of
the whole, the 50% label — as 'an even board' is the 5-5 of a split issue (`phrases.even_mentions`).

Only the tight forms are read: the even word right before a word of the issue ("equal ownership"),
or the issue's word right before "split/shared/divided evenly, equally, down the middle" — not an
"even" elsewhere in the sentence ("we can't even accept 60% ownership" is no even share)."""

from __future__ import annotations

import re

from lamen.judge.caseless import caseless
from lamen.judge.labels import GameLabels, IssueLabels

Found = tuple[str, str, int, int]

_HINT = re.compile(r"even|equal|middle|fifty", re.IGNORECASE)
# "equal ownership", "an even equity split", "even stakes"; "ownership split evenly", "the equity shared
# equally", "ownership divided down the middle"; "an even split of the ownership".
_BEFORE = caseless(r"\b(?:even|equal)\s+(?P<word>[a-z]+)")
_AFTER = caseless(r"\b(?P<word>[a-z]+)\s+(?:(?:is|be|being|to\s+be)\s+)?(?:split|shared|divided)\s+"
                  r"(?:evenly|equally|down\s+the\s+middle|fifty[\s-]fifty)\b")
_SPLIT_OF = caseless(r"\b(?:even|equal)\s+split\s+(?:of|on|in)\s+(?:the\s+)?(?P<word>[a-z]+)")
# (round 27) "split the board down the middle", "divide the seats evenly": the verb before its object.
_SPLIT_THE = caseless(r"\b(?:split|divide|share)\s+(?:the\s+|our\s+)?(?P<word>[a-z]+)\s+"
                      r"(?:evenly|equally|down\s+the\s+middle|fifty[\s-]fifty)\b")


def even_share_label(table: IssueLabels) -> str | None:
    """The half share of a one-party share issue counted in percent, when it is a label."""
    if table.party is None or not table.percent:
        return None
    match = table.match("50%", set())
    return match.label if match.kind == "label" else None


def even_shares(sentence: str, labels: GameLabels, stems: dict[str, tuple[set[str], set[str]]]) -> list[Found]:
    """The 50% label of each one-party share issue the sentence says is held evenly."""
    if not _HINT.search(sentence):
        return []
    shares = {issue: label for issue, table in labels.issues.items() if (label := even_share_label(table))}
    if not shares:
        return []
    found: list[Found] = []
    for pattern in (_BEFORE, _AFTER, _SPLIT_OF):
        for match in pattern.finditer(sentence):
            word = match.group("word").lower()
            named = [issue for issue in shares if word[:5] in stems[issue][0] | stems[issue][1]]
            if len(named) == 1 and not any(f[2] <= match.start() < f[3] for f in found):
                found.append((named[0], shares[named[0]], match.start(), match.end()))
    return found


# (the even words as words: "seven", "event" hold no even split)
_TIGHT_HINT = re.compile(r"\b(?:even|equal|middle|fifty)", re.IGNORECASE)


def even_splits(sentence: str, labels: GameLabels, stems: dict[str, tuple[set[str], set[str]]]) -> list[Found]:
    """(Round 27) The even label of a split issue said in a tight form — the even word right before
    a word of the issue ("an even board"), the issue's word right before "split evenly" ("control
    is split evenly", "the board split down the middle"), "an even split of the board", "split the
    board down the middle": read whatever other split issue the sentence names nearby ("an even
    board, and on employees 35%-65%"), which the looser nearest-issue rule leaves undecided."""
    if not _TIGHT_HINT.search(sentence):
        return []
    evens = labels.even_split_labels
    if not evens:
        return []
    found: list[Found] = []
    for pattern in (_BEFORE, _AFTER, _SPLIT_OF, _SPLIT_THE):
        for match in pattern.finditer(sentence):
            word = match.group("word").lower()
            named = [issue for issue in evens if word[:5] in stems[issue][0] | stems[issue][1]]
            if len(named) == 1 and not any(f[2] < match.end() and match.start() < f[3] for f in found):
                found.append((named[0], evens[named[0]], match.start(), match.end()))
    return found
