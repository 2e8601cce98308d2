"""An issue whose text labels a message names more than one of, each but one in a clause that turns
it down: "We can't do fully remote — but we can offer a hybrid arrangement", "I understand solo
walks are costly. I'd be willing to accept group play instead". A careful reader takes the label
named where nothing turns it down as the offer; the readers found several values and left the issue
ambiguous. Only text labels (no digit but a slash pair's, "24/7": amounts have their own stance rules), only where exactly one
label is named outside a clause that turns it down, and always unsure."""

from __future__ import annotations

import re
from functools import lru_cache

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels
from lamen.judge.values import local_forms

# A clause ends at a sentence's end or a line's, at a dash set off by spaces, and before a word of
# contrast, which opens the next clause ("… can't discount those — but if he stays in a shared run").
_CLAUSE_BREAK = re.compile(r"[.;!?\n]+|\s[—–-]\s|[—–]|(?=\b(?:but|however|whereas|though|although|instead|while)\b)",
                           re.IGNORECASE)
# What turns a clause's thing down: a negated verb, or a verdict on the thing (too much, too costly, a
# stretch, something reserved for others). "no" and "non-" are left out: labels say them ("no refund").
_TURNED_DOWN = re.compile(
    r"\b(?:can(?:no|')t|cannot|won't|will\s+not|wouldn't|would\s+not|isn't|aren't|not|no\s+longer|unable|don't|"
    r"do\s+not|doesn't|does\s+not|never|too\s+(?:much|high|expensive|costly|low|far|risky|early|late|long|short)|"
    r"difficult|costly|expensive|a\s+stretch|reserved?|impossible|out\s+of\s+the\s+question|off\s+the\s+table|"
    r"uneasy|concerns?)\b", re.IGNORECASE)
# Two values offered side by side leave the choice to the reader's counterpart: no verdict decides it.
_ALTERNATIVE = re.compile(r"\b(?:either|or|otherwise|alternatively)\b", re.IGNORECASE)
# A condition on someone's wish offers nothing ("If the board would like hedge work in, …", "if you'd
# prefer evenings", "if you'd like the shuttle"): it weighs what would follow another's choice. A
# condition of the speaker's own ("fine if it's a suite", "if the files come to us") still proposes.
# (on lower-case text)
_WISHED = re.compile(r"\bif\b[^,.;:!?]*\b(?:would\s+like|'d\s+like|wants?|wish(?:es)?|prefers?|'d\s+prefer|rather)\b")


def _clauses(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in _CLAUSE_BREAK.finditer(text):
        if match.start() > start:
            spans.append((start, match.start()))
        start = max(start, match.end())
    if start < len(text):
        spans.append((start, len(text)))
    return spans


# A label set aside by the words just before it: "a produced spot rather than a host read".
_SET_ASIDE = re.compile(r"\b(?:rather\s+than|instead\s+of|in\s+place\s+of)\s+(?:an?\s+|the\s+)?$", re.IGNORECASE)


@lru_cache(maxsize=2048)
def _plural(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """A label's pattern that also finds its last word in the plural ("our private suites")."""
    return re.compile(pattern.pattern.replace(r"(?![\w-])", r"(?:e?s)?(?![\w-])"), pattern.flags)


def _mentions(issue: str, text: str, labels: GameLabels) -> list[tuple[str, int, int]]:
    """The issue's text labels and synonyms written out in the text, longest wording first, never overlapping."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[str, int, int]] = []
    for owner, label, pattern in labels.phrase_patterns:
        if owner != issue:
            continue
        for match in _plural(pattern).finditer(text):
            if not any(match.start() < end and start < match.end() for start, end in taken):
                taken.append(match.span())
                found.append((label, *match.span()))
    return found


def with_turned_down_labels(found: Extraction, text: str, labels: GameLabels) -> Extraction:
    """The reading, with each ambiguous issue of text labels whose labels but one the text names
    only in clauses that turn them down taken as that one, unsure."""
    candidates = [issue for issue in found.ambiguous if issue in labels.text_label_issues]
    if not candidates:
        return found
    english = local_forms(text)
    clauses = _clauses(english)
    offers, ambiguous, reasons = dict(found.offers), list(found.ambiguous), []
    for issue in candidates:
        named: dict[str, set[bool]] = {}
        alternatives = False
        for label, start, end in _mentions(issue, english, labels):
            clause = next(((s, e) for s, e in clauses if s <= start < e), (start, end))
            # (the label's own words, "not included", say nothing of the clause's verdict on it)
            words = english[clause[0]:start] + " " + english[end:clause[1]]
            named.setdefault(label, set()).add(bool(_TURNED_DOWN.search(words) or _SET_ASIDE.search(english, 0, start)))
            alternatives = alternatives or bool(_ALTERNATIVE.search(words))
        offered = [label for label, verdicts in named.items() if False in verdicts]
        if len(named) == 1 and not offered and not alternatives:
            # one label named, and only where its clause turns it down, in an issue of two labels whose
            # other is its "no" label ("We don't need a second shooter"): the thing turned down is none.
            none = labels.issues[issue].zero_label()
            if none is not None and none not in named and len(labels.issues[issue].issue.labels) == 2:
                named[none], offered = {False}, [none]
        if len(named) < 2 or len(offered) != 1 or alternatives:
            continue
        offers[issue] = offered[0]
        ambiguous.remove(issue)
        reasons.append(f"{issue}: '{offered[0]}' read as the one label no clause turns down")
    return found.made_unsure(reasons, offers=offers, ambiguous=tuple(ambiguous))
