"""A second look at a sure reading, for what the readers are known to get wrong: text in another
language, values written relative to another value, hedges, quotations, a choice left to the
other side, two values for one issue in a note's offer, a value given per period that is no
label, and notes whose offer names fewer issues than the game has. Such a reading is marked `unsure` (with the reason), so
that the LLM fallback, when configured, reads it; a sure reading stays as it is."""

from __future__ import annotations

import re

from lamen.judge.caseless import caseless
from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels
from lamen.judge.dates import MONTHS, in_label_form
from lamen.judge.email_frame import email_body
from lamen.judge.messages import extract_text, mentions
from lamen.judge.proximity import word_weights
from lamen.judge.values import in_english, local_forms

_RELATIVE = caseless(
    r"\b(?:less|more|lower|higher|cheaper|fewer|longer|shorter)\s+than\s+(?:you|your|what|the|my|our|last|before|"
    r"previous|that)|[\d%]\s*(?:[a-z]+\s+)?(?:less|more|lower|higher|off|down|up|cheaper)\s+(?:than|from|on|of)\b|"
    r"\bsame\s+(?:as|terms|deal|package|offer)\b|\bas\s+before\b|\bhalf\s*-?way\b|\bsplit\s+the\s+difference\b|"
    r"\b(?:knock|shave|take)\s+\S+\s+off\b|\bpoints?\s+(?:more|less|lower|higher|from)\b|"
    # "$50 under your deposit figure", "a seat more than you asked"
    r"[\d%]\s*(?:[a-z]+\s+)?(?:under|over|below|above)\s+(?:your|their|the|what)\b")
# "prime + 1%", "CPI plus 2%", "base rate + 0.5%": a margin over a reference, not the value itself.
_ADDED_TO_REFERENCE = re.compile(r"\b[a-z]{3,}\s*(?:\+|\bplus\b)\s*\d[\d.,]*\s*(?:%|percent|points?\b|bps\b)",
                                 re.IGNORECASE)
_HEDGE = caseless(r"\b(?:might|maybe|perhaps|possibly|(?:could|would)\s+consider|open\s+to|not\s+sure|"
                  r"thinking\s+(?:of|about)|ideally)\b")
_QUOTED = re.compile(r"(?m)^\s*>|\byou\s+(?:wrote|said)\b|\bwrote\s*:|[«“]|\bheard\s+you\b|\byou(?:'re|\s+are)\s+at\b",
                     re.IGNORECASE)
# A range or alternatives written out: two values for one issue are then meant (ambiguous by rule).
_ALTERNATIVES = re.compile(r"\bor\b|\bto\b|\bbetween\b|\brange\b|\beither\b|\boptions?\b|\d\s?[-–]\s?[$€£]?\d|"
                           r"\bou\b|\boder\b|\bo\b", re.IGNORECASE)
# The choice left to the other side ("Plated or buffet, whichever your kitchen prefers").
_LEFT_OPEN = caseless(r"\b(?:whichever|either\s+way|up\s+to\s+you|your\s+(?:choice|call|pick))\b")
# A value given per period ("$14,400 per year") that is no label: it may need converting.
# (A month is the period money issues are usually quoted in: "$1,250 a month" is only invalid.)
_PER_PERIOD = re.compile(r"\b(?:per|a|an|each|every)\s+(?:year|annum|week|day)\b|/\s*(?:yr|year|wk|week)\b|"
                         r"\b(?:annual(?:ly)?|yearly|weekly|daily)\b", re.IGNORECASE)


# A short line with a number and no key ("✅ 24 months", "- $1,200"), beside keyed lines.
KEYLESS_LINE = re.compile(r"(?m)^[^\n:=|]{0,12}\d[^\n:=|]{0,30}$")
# A line crossed out at its value ("❌ $100,000", "👎 Rent: $1,400"): turned down, see stance.py.
_CROSSED_VALUE = re.compile(r"(?m)^[^\S\n]*(?:[-*•][^\S\n]*)?[❌✘✗❎👎⛔][^\S\n]*(?:[^\W\d][^\n:—–]{0,30}:[^\S\n]*)?[$€£]?\d")
_CROSS_MARK = re.compile("[❌✘✗❎👎⛔]")
# A note that says itself it makes no offer ("No acceptable offer yet.").
NO_OFFER_YET = re.compile(r"\bno\s+(?:acceptable\s+)?offer\s+(?:yet|for\s+now|this\s+(?:round|turn))\b|"
                          r"\bnot\s+(?:ready\s+)?(?:to\s+)?(?:make|making)\s+(?:an?\s+)?offer\b", re.IGNORECASE)


def doubts(text: str, kind: str, reading: Extraction, labels: GameLabels) -> list[str]:
    """Why a reading of this text may be wrong, though no reader rule was unsure of it."""
    if kind == "note" and reading.method == "none" and NO_OFFER_YET.search(text):
        return []  # the issues it names are what it thinks about, not values it left out
    reasons = []
    has_numbers = bool(re.search(r"\d", text))
    complete = reading.is_complete(tuple(labels.issues))
    if not in_english(text) and (kind == "message" or not complete):
        reasons.append("text not in English")
    elif (kind == "message" or not complete) and _few_english_words(text, labels):
        # (round twenty: a note too, where its reading leaves issues out: "Hyväksyttävä tarjous:
        # 50 $ yöltä, yhteinen kennel" reads its heading and amount and none of its labels)
        reasons.append("few English words: the text may be in a language the lexicon lacks")
    if has_numbers and _RELATIVE.search(text) and (kind == "message" or not complete):
        reasons.append("a value written relative to another")
    if has_numbers and ("+" in text or "plus" in text.lower()) and _ADDED_TO_REFERENCE.search(text):
        reasons.append("a value added to a reference rate or amount")
    if kind == "message" and has_numbers and _HEDGE.search(text):
        reasons.append("a hedged value")
    if _QUOTED.search(text) and has_numbers and (kind == "message" or not complete):
        reasons.append("quoted text")
    if kind == "message" and _LEFT_OPEN.search(text):
        reasons.append("the choice is left to the other side")
    if kind == "note" and reading.ambiguous and not _ALTERNATIVES.search(text):
        # An offer block says one value per issue: two there with no range or alternative written
        # (a table of payoffs, a column per party) is more likely misread than meant.
        reasons.append(f"two values for {', '.join(reading.ambiguous)} in the offer")
    if any(_PER_PERIOD.search(raw) or _PER_PERIOD.search(_after(text, raw)) for raw in reading.invalid.values()):
        reasons.append("a value given per period, which may need converting")
    if not complete:
        read = {*reading.offers, *reading.invalid, *reading.ambiguous}
        forms = local_forms(text)
        unread = [issue for issue in _named_issues(forms, labels) if issue not in read
                  and (kind == "note" or _worded(issue, labels) or not reading.found_anything)]
        if unread:
            reasons.append(f"{', '.join(unread)} named in the {kind} but no value read")
        told = _told_unread(forms, labels, read | set(unread))
        # (the labels' telling words first, else their own words: "non-exclusive is fine")
        worded = told or _label_words_unread(forms, labels, read | set(unread))
        if worded:
            reasons.append(f"words of {', '.join(worded)} labels but no value read")
        if not unread and not told and _LIST_LINE.search(text) and _silent_list_line(text, labels):
            reasons.append("a listed line gave no value")
        if has_numbers and _CROSS_MARK.search(text) and _CROSSED_VALUE.search(text):
            # "❌ $100,000 — I was hoping for $120,000": the crossed value is turned down, and
            # what is asked instead may be worded beyond the grammar
            reasons.append("a value crossed out, what is asked instead unread")
        if not labels.has_dates and _dated(email_body(text)):  # (a subject line's date is no term)
            reasons.append("a date in a game whose labels are no dates")
        if kind == "note" and reading.found_anything and not unread and not told and KEYLESS_LINE.search(text):
            # "- rent $1,200 / - 24 months": a value with no key beside keyed ones, which the
            # offer left out but free text reads
            beside = [issue for issue in extract_text(text, labels).offers if issue not in read]
            if beside:
                reasons.append(f"a value of {', '.join(beside)} in the note beside its offer, unread")
    return reasons


# Words English prose can hardly do without; a sentence of six words or more that has none of
# them, and words the game does not know, is likely in a language the lexicon lacks.
_ENGLISH_FUNCTION = frozenset("the a an to and of we i you is are am be for in on at with can could our your my me us it "
                              "that this will would or if as by no not do does per so but all from let here there "
                              "what how yes ok please "
                              # and the words of any negotiation in English
                              "offer offers final proposal counter issue issues company party usd eur dollars month "
                              "months year years day days week weeks hour hours percent new revised terms deal".split())


def _few_english_words(text: str, labels: GameLabels) -> bool:
    words = re.findall(r"[^\W\d_]{2,}", text.lower())
    if len(words) < 6 or any(word in _ENGLISH_FUNCTION for word in words):
        return False
    known = labels.label_words
    unknown = [word for word in words if word not in known and not word_weights(word, labels)]
    return len(unknown) >= 3


_SELF = re.compile(r"^(?:my|your|our|them|it|him|her)sel(?:f|ves)$")


def _told_unread(text: str, labels: GameLabels, read: set[str]) -> list[str]:
    """Worded issues with no reading whose labels' telling words the text uses ("grab it from
    the shop myself": the self of self-assembly; "bring it to your door": home delivery)."""
    telling = labels.telling_words
    if not telling:
        return []
    found: dict[str, None] = {}
    for word in set(re.findall(r"[a-z]+", text.lower())):
        owner = telling.get("self" if _SELF.match(word) else word)
        if owner and owner[0] not in read:
            found[owner[0]] = None
    return list(found)


def _label_words_unread(text: str, labels: GameLabels, read: set[str]) -> list[str]:
    """Unread issues whose labels' own words the text uses ("non-exclusive is fine")."""
    owners = labels.issue_label_words
    return list(dict.fromkeys(owners[word] for word in re.findall(r"[a-z]+", text.lower())
                              if word in owners and owners[word] not in read))


# A line of a list: a number, a letter or a bullet and then its item ("4. We put it together").
_LIST_LINE = re.compile(r"(?m)^\s*(?:\d{1,2}[.)]|[a-z][.)]|[-*•])\s+\S")


def _silent_list_line(text: str, labels: GameLabels) -> bool:
    """A list of three or more items one of which names nothing the readers place: an item in
    words the grammar does not know ("We put it together for you" for assembly included)."""
    items = [line for line in text.splitlines() if _LIST_LINE.match(line)]
    if len(items) < 3:
        return False
    return any(not mentions(_LIST_LINE.sub("", line, count=1), labels) for line in items)


_MONTH_DAY = re.compile(rf"\b(?:{'|'.join(MONTHS)})\s+\d{{1,2}}(?:st|nd|rd|th)?\b")


def _dated(text: str) -> bool:
    """A date written out ("1 March", "March 28th", "2026-04-06"): in a game without date labels,
    a term given by its dates (a lease "from 1 March through 28 February") the grammar cannot count."""
    return bool(re.search(r"\d", text)) and (in_label_form(text) != text or bool(_MONTH_DAY.search(text)))


def _after(text: str, raw: str) -> str:
    """The few words after a raw value in the text ('$14,400' -> ' per year, a two-year lease')."""
    at = text.find(raw)
    return text[at + len(raw):at + len(raw) + 12] if at >= 0 else ""


def _worded(issue: str, labels: GameLabels) -> bool:
    """An issue whose labels are words ("pickup", "assembly included"), which a message may
    paraphrase beyond the grammar ("if you include assembly")."""
    return any(not re.search(r"\d", label) for label in labels.issues[issue].issue.labels)


def _named_issues(text: str, labels: GameLabels) -> list[str]:
    """Issues whose own name (or a clipping of it) the text uses."""
    named: dict[str, None] = {}
    for word in set(re.findall(r"[a-z]+", text.lower())):
        for issue, weight in word_weights(word, labels):
            if weight == 0.0:
                named[issue] = None
    return list(named)


def second_look(text: str, kind: str, reading: Extraction, labels: GameLabels) -> Extraction:
    """The reading, marked unsure when a second look finds a reason to doubt it."""
    if reading.confidence == "unsure" or not text.strip():
        return reading
    reasons = doubts(text, kind, reading, labels)
    if not reasons:
        return reading
    return reading.model_copy(update={"confidence": "unsure", "reason": "; ".join(reasons)})
