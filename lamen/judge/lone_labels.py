"""A text label named by its one telling word alone, outside a list and away from its issue's name:
"Continental is fine by us" (continental breakfast), "with 24/7 access to a walk-in" (walk-in unit),
"I'll finance through my bank" (bank loan), "we'd sign for a quarter". A careful reader takes the
word that only one label of the whole game has as that label where the text reads nothing else for
its issue and no clause turns the word down; the readers had only flagged such texts unsure ("words
of … labels but no value read"). Always unsure: a single word is weaker evidence than a wording."""

from __future__ import annotations

import re

from lamen.judge.extraction import Extraction
from lamen.judge.label_verdicts import _ALTERNATIVE, _SET_ASIDE, _TURNED_DOWN, _WISHED, _clauses, _mentions
from lamen.judge.labels import GameLabels
from lamen.judge.values import local_forms

_WORD = re.compile(r"[a-z]+")
# Words of grammar no single word of which names a label, though a label's synonym holds them ("take"
# of "take away", "everything" of "we pack everything"): light verbs and indefinite pronouns.
_GRAMMAR_WORDS = frozenset({"take", "make", "give", "keep", "come", "bring", "have", "put", "get", "goes", "going",
                            "everything", "anything", "nothing", "something", "everyone", "someone"})
# A label word under a count of a week's days is part of a week ("two days a week from home"), no label.
_PART_OF_A_WEEK = re.compile(r"\b(?:\d+|one|two|three|four|five|six)\s+days?\s+(?:a|per|pro|each|every)\s+week\b")
# "no" and "without" a few words before the word deny it ("no waiting on a bank"); the verdicts of
# `label_verdicts` leave them out only because labels say them ("no refund"), and a lone word does not.
# (round 27) "Drip either way", "in either case": the value holds whichever option is taken — said
# of all the options, it weighs no other value against the word.
_EITHER_WAY = re.compile(r"\beither\s+(?:way|case)\b|\bin\s+either\s+case\b", re.IGNORECASE)
_DENIED_BEFORE = re.compile(r"\b(?:no|without)\s+(?:[\w-]+\s+){0,3}$")
# A clause that speaks of the other side offers nothing of the speaker's ("do you have a walk-in?",
# "you asked for a suite", "your bank loan"); a question of the speaker's own proposes ("Is $900
# possible with the basement?"), as issue 12 reads it.
# (and a reflexive says who does the thing, which the party rules decide: "we bring it over ourselves
# except the tall unit" leaves a provider's label unread on purpose)
_NOT_OWN = re.compile(r"\b(?:you|your|they|their|(?:my|our|your|them|him|her|it)sel(?:f|ves))\b", re.IGNORECASE)


def with_lone_labels(found: Extraction, text: str, labels: GameLabels) -> Extraction:
    """The reading, with each open issue of text labels whose one label the text names by a telling
    word (`GameLabels.telling_words`), in a clause that neither turns it down nor weighs it against
    another value nor speaks of the other side, taken as that label, unsure."""
    telling = labels.telling_words
    if not telling or not found.offers:
        return found  # (a text that offers nothing else, "I'll check with my bank", offers no label)
    open_issues = {issue for issue in labels.text_label_issues
                   if issue not in found.offers and issue not in found.ambiguous and issue not in found.invalid}
    if not open_issues:
        return found
    english = local_forms(text).lower()
    # (a set's intersection first, in C: most messages hold no telling word of an open issue)
    if not any(telling[word][0] in open_issues for word in telling.keys() & set(_WORD.findall(english))):
        return found
    named: dict[str, dict[str, list[tuple[int, int]]]] = {}
    for match in _WORD.finditer(english):
        # (a word of a greeting is no label: "Good morning" of a half-day room held in the morning)
        owner = telling.get(match.group(0))
        if owner is not None and owner[0] in open_issues and match.group(0) not in _GRAMMAR_WORDS \
                and english[max(0, match.start() - 5):match.start()] != "good ":
            named.setdefault(owner[0], {}).setdefault(owner[1], []).append(match.span())
    if not named:
        return found
    clauses = _clauses(english)
    offers, reasons = dict(found.offers), []
    for issue, by_label in named.items():
        if len(by_label) != 1:
            continue  # (words of two labels of one issue: the text weighs them, no word decides)
        label, spans = next(iter(by_label.items()))
        if _mentions(issue, english, labels):
            continue  # (a label written out in full was weighed by the wording rules: "… seems steep for X")
        kept = True
        for start, end in spans:
            clause = next(((s, e) for s, e in clauses if s <= start < e), (start, end))
            words = english[clause[0]:start] + " " + english[end:clause[1]]
            if _TURNED_DOWN.search(words) or _SET_ASIDE.search(english, clause[0], start) or _ALTERNATIVE.search(_EITHER_WAY.sub(" ", words)) \
                    or _NOT_OWN.search(english[clause[0]:clause[1] + 1]) or _PART_OF_A_WEEK.search(words) \
                    or _DENIED_BEFORE.search(english, clause[0], start) \
                    or _WISHED.search(english, clause[0], start):  # (a wish before the word)
                kept = False
                break
        if kept:
            offers[issue] = label
            reasons.append(f"{issue}: '{label}' read from its one telling word alone")
    return found.made_unsure(reasons, offers=offers)
