"""Match a value an agent wrote ("$1,200", "12-month", 1200, "twelve months", "Self assembly",
"6 to A, 4 to B") to a payoff label.

A value names a label when it is the label (or a declared synonym) after normalising case,
spacing, hyphens, currency and number formatting; when it contains exactly one label's wording;
or when its one number equals the label's number in a compatible unit, exact unit conversions
included (2 years = 24 months, 1 week = 7 days, 0.035 = 3.5%). Words for nothing ("none",
"waived", "interest-free") name the issue's zero label. Two different numbers in one value (a
range, "A or B") are ambiguous. Anything else is not a label: values are never snapped to a
nearby one (LAMEN snapped "$1,250" to a neighbour and so hid rule violations).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cached_property, lru_cache
from collections.abc import Collection
from typing import TYPE_CHECKING, Literal

from lamen.judge.caseless import Caseless, caseless, folded
from lamen.judge.dates import is_date_label
from lamen.judge.issue_names import SYNONYMS, close_spelling, key_words, stem_words, synonym_variants
from lamen.judge.numbers import (
    CONVERSIONS, UNIT_LETTERS, UNIT_SINGULAR, Quantity, _unit_tokens, decimal_text, has_currency, normalise,
    numbers_in, prepare, quantities, unit_tokens,
)
from lamen.judge.values import in_english, local_forms, squash, word_sequence, words_to_digits
from lamen.spec.game import Game
from lamen.spec.issue import Issue

if TYPE_CHECKING:
    from lamen.judge.extraction import Extraction
    from lamen.judge.glossary import Glossary

__all__ = ["CONVERSIONS", "UNIT_LETTERS", "UNIT_SINGULAR", "GameLabels", "IssueLabels", "ValueMatch", "label_cache",
           "normalise", "numbers_in", "unit_tokens", "words_to_digits"]

PLACEHOLDERS = {"", "null", "tbd", "?", "n/a", "na", "-", "...", "unknown", "<acceptable offer>", "tba", "pending"}
# Words for nothing: they name the issue's zero label ("no subletting", "waive the fee").
# (a value that is only a casual "no" is one too: "nope", "nah", "zilch", "nada", "no way")
ZERO_WORDS = re.compile(r"^\s*(?:none|no|zero|nil|nothing|not\s+(?:allowed|permitted|any))\b|"
                        r"^\s*(?:nope|nah|zilch|nada|no\s+way)\s*[.!]*\s*$|\bwaive[ds]?\b|"
                        r"\b(?:interest|fee|cost|charge)[\s-]?free\b|\bfree of (?:charge|interest)\b|"
                        r"\bno\s+\w+\s+(?:allowed|permitted)\b|\bnot\s+(?:allowed|permitted)\b", re.IGNORECASE)
# Asides in parentheses are dropped, unless they offer an alternative ("24 months (or 27)").
EVEN_SPLIT = caseless(r"\b(?:even(?:ly)?|equal(?:ly)?|50[\s/-]?50|fifty[\s-]fifty|half\s+each|half\s+(?:of\s+)?the|"
                      r"split\s+(?:down\s+the\s+)?"
                      r"(?:middle|evenly|equally))\b")
_FILLER_WORDS = {"a", "an", "the", "is", "be", "to", "of", "and", "please", "yes", "with", "for", "it", "fine", "ok",
                 # a preposition or possessive around a label's word says nothing of which label
                 # ("via my bank" is the bank loan, "at your home" the home visits)
                 # (not "in" nor "at": "fuel in" is the fuel in the price, "fuel at cost" the fuel extra)
                 "via", "through", "by", "my", "our", "your", "their"}

_WHOLE_UNIT = re.compile(r"(?:full|whole|entire|complete)\s+(year|month|week|day)", re.IGNORECASE)
_BARE_COUNT = re.compile(r"[\d\s.,]+")
_OPENING_PREPOSITIONS = frozenset({"by", "at", "on", "in", "for", "from", "with"})
_NEGATIONS = frozenset({"non", "no", "not", "without"})


def _negated_in(phrase: tuple[str, ...], content: set[str]) -> bool:
    """The label negates one of the value's words, and the value does not ("exclusive" is no part
    of "non-exclusive licence")."""
    return any(word in _NEGATIONS and word not in content and following in content
               for word, following in zip(phrase, phrase[1:]))


def other_numbers(word: str) -> tuple[str, ...]:
    """The other grammatical number of an English noun, by the regular rules ("evening" and
    "evenings", "delivery" and "deliveries", "lunch" and "lunches"): the forms a careful reader takes
    as the same word. A word that is no noun gets forms no text writes, which cost nothing."""
    if word.endswith("ies") and len(word) > 4:
        return (word[:-3] + "y",)
    if word.endswith(("ches", "shes", "sses", "xes")):
        return (word[:-2],)
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return (word[:-1],)
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return (word[:-1] + "ies",)
    if word.endswith(("ch", "sh", "ss", "x")):
        return (word + "es",)
    return (word + "s",)


def _word_stem(word: str) -> str:
    """The first five letters of a word, "fully" as "full" (an adverb of a short word)."""
    return (word[:-1] if word.endswith("lly") else word)[:5]


# Abbreviations of unit words in text labels ("business hrs" is "business hours").
_ABBREVIATIONS = {"hrs": "hours", "hr": "hour", "yrs": "years", "yr": "year", "mos": "months", "mo": "month",
                  "wks": "weeks", "wk": "week", "mins": "minutes", "min": "minute", "&": "and", "w/": "with",
                  "w/o": "without", "incl": "included", "incl.": "included"}
_SLASH_NUMBER = re.compile(r"(?<![\d/])\d{1,3}/\d{1,3}(?![\d/])")  # "24/7": no date (two slashes) nor amount
_ABBREVIATION = re.compile(r"(?<![\w/])(?:hrs|hr|yrs|yr|mos|mo|wks|wk|mins|min|w/o|w/|incl\.?)(?![\w/])|&", re.IGNORECASE)
_YES_NO = re.compile(r"\s*(?:(?P<yes>yes|y|true|included|include|incl\.?|with)|"
                     r"(?P<no>no|n|false|none|not\s+included|excluded|without|not\s+provided))\s*[.!]?\s*", re.IGNORECASE)
# "we take 6 of 10 seats": whose share it is depends on who speaks, which a value alone does not say.
_SPEAKER_WORDS = re.compile(r"\b(?:we|us|our|ours|i|my|mine|you|your|yours)\b")
# A party named by its letter: "Company B", "from A", "B:" — not the article ("a 55% share").
_PARTY_LETTER = re.compile(r"\b(?:company|party|firm|side|team|to|for|from|by)\s+([ab])\b(?!\s*-)|\b([ab])\s*:")
# Where a decoration after a value starts ("Hybrid — 2 days/week in office", "pickup (store hours)").
_DECORATION_BREAK = re.compile(r"\s[—–-]\s|—|–|\s\(|[,;:]\s")
_SHARE_OF_WHOLE = re.compile(r"\d\s*%?\s*(?:[a-z]+\s+)?(?:of|out\s+of)\s+(?:the\s+|all\s+)?\d")

# How often, in a word a label may use: "every day" is "daily" ("Debris removal: every day").
_FREQUENCY = re.compile(r"\b(?:every|each)\s+(?:single\s+)?(day|week|month)\b", re.IGNORECASE)
_FREQUENCY_WORDS = {"day": "daily", "week": "weekly", "month": "monthly"}
# How often, as a count of units: "every two weeks", "every other month", "every 14 days". The
# period is reckoned in days and named by whichever period word a label of the game uses
# ("fortnightly" or "biweekly" for fourteen days), so a game's own wording decides. The count is
# read by the value grammar (`words_to_digits`), so any number word it knows counts here too;
# only the ordinals of "every other / second / third week" are this module's own.
_EVERY_COUNT = re.compile(r"\b(?:every|each|once\s+every)\s+(?P<count>\d{1,3}|[a-z]+(?:-[a-z]+)?)"
                          r"\s+(?P<unit>day|week|month|year)s?\b", re.IGNORECASE)
_ORDINAL_COUNTS = {"other": 2, "second": 2, "third": 3}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_EVERY_PERIOD_WORDS = {1: ("daily",), 7: ("weekly",), 14: ("fortnightly", "biweekly"), 30: ("monthly",),
                 60: ("bimonthly",), 90: ("quarterly",), 180: ("semiannually", "semiannual", "biannually"),
                 365: ("yearly", "annually", "annual")}


def _period_days(count: int, unit: str) -> int:
    days = count * _UNIT_DAYS[unit]
    # months and years in days: "every 12 months" is yearly, "every 52 weeks" too
    return {360: 365, 364: 365, 28: 30, 84: 90, 91: 90, 182: 180}.get(days, days)


def _every_count(match: re.Match[str], label_words: frozenset[str]) -> str:
    count = match.group("count").lower()
    digits = words_to_digits(count).strip()
    if count in _ORDINAL_COUNTS:
        number = _ORDINAL_COUNTS[count]
    elif digits.isdigit():
        number = int(digits)
    else:
        return match.group(0)  # "each single week", "every working day": no count of units
    for word in _EVERY_PERIOD_WORDS.get(_period_days(number, match.group("unit").lower()), ()):
        if word in label_words:
            return word
    return match.group(0)


# Everyday phrases for a label's word, used only where a label of the game has that word:
# "cleanup at the end" is the final cleanup, "put it together myself" self-assembly. Round
# twelve adds everyday synonyms of label words ("a second photographer" is the second shooter, a
# "full bar" the open bar), each also only where no label of the game is worded with the
# writer's phrase itself (its squashed form, the last field).
_EQUIVALENTS = [
    (re.compile(r"\bat\s+the\s+(?:very\s+)?end(?!\s+of\s+(?:the\s+)?(?:month|week|year|day))\b", re.IGNORECASE),
     "at the end final", "final", "attheend"),
    (re.compile(r"\bput(?:s|ting)?\s+(?:(?:it|them|everything|the\s+\w+)\s+)?together\b", re.IGNORECASE),
     "assemble", "assembly", "together"),
    (re.compile(r"\bphotographers?\b", re.IGNORECASE), "shooter", "shooter", "photographer"),
    (re.compile(r"\bfull\s+bar\b", re.IGNORECASE), "open bar", "open", "fullbar"),
    # (round sixteen: a credit union is a bank, to whoever lends through it)
    (re.compile(r"\bcredit\s+union\b", re.IGNORECASE), "bank", "bank", "creditunion"),
    # (a day of the week is a weekday or the weekend, where labels say which: "on a Saturday")
    (re.compile(r"\b(?:saturday|sunday|samstag|sonntag|samedi|dimanche|sábado|domingo|sabato|domenica|zaterdag|"
                r"zondag|sobota|niedziela|neděle|cumartesi|pazar|lördag|søndag|lauantai|sunnuntai)s?\b", re.IGNORECASE),
     "weekend", "weekend", "saturday"),
    (re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|montag|dienstag|mittwoch|donnerstag|freitag|lundi|"
                r"mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes|lunedì|martedì|mercoledì|"
                r"giovedì|venerdì|maandag|dinsdag|woensdag|donderdag|vrijdag)s?\b", re.IGNORECASE),
     "weekday", "weekday", "monday"),
    # (a sign-on bonus is a signing bonus, with or without the word "bonus")
    (re.compile(r"\bsign[\s-]?on(?:\s+bonus)?\b", re.IGNORECASE), "signing bonus", "bonus", "signon"),
]


def frequency_words(text: str, label_words: frozenset[str], wordings: Collection[str] = ()) -> str:
    """'every day' -> 'daily' where a label of the game says 'daily' (and so on for weeks and
    months), and the everyday phrases of `_EQUIVALENTS` where a label says their word and none
    of `wordings` (the game's squashed label wordings) says the writer's phrase."""
    for pattern, replacement, word, source in _EQUIVALENTS:
        if word in label_words and pattern.search(text) and not any(source in wording for wording in wordings):
            text = pattern.sub(replacement, text)
    if "every" not in text.lower() and "each" not in text.lower():
        return text
    text = _EVERY_COUNT.sub(lambda m: _every_count(m, label_words), text)
    return _FREQUENCY.sub(lambda m: _FREQUENCY_WORDS[folded(m.group(1))]
                          if _FREQUENCY_WORDS[folded(m.group(1))] in label_words else m.group(0), text)


_VULGAR = re.compile(r"[\u00bc-\u00be\u2150-\u215e]")
_DENIED = re.compile(r"\s*(?:no|without|not|zero)\s+(\w[\w\s'-]*?)\s*[.!]?\s*", re.IGNORECASE)


def _negates(label: str, other: str) -> bool:
    """Whether `label` is "no" and words of `other` ("no free trial" of "free trial lesson")."""
    words, others = word_sequence(label.lower()), set(word_sequence(other.lower()))
    return len(words) >= 2 and words[0] in ("no", "without") and set(words[1:]) <= others


# Words of labels that say nothing of which label is meant on their own.
_NOT_TELLING = {"with", "without", "only", "included", "include", "including", "none", "from", "this", "that", "next",
                "week", "weeks", "month", "months", "year", "years", "days", "hours", "your", "their", "every",
                # words of labels that ordinary sentences use for other things ("open to", "the event",
                # "work for us", "three days in the office", "after all", "within reason")
                "open", "down", "after", "within", "around", "round", "full", "fully", "three", "work", "based",
                "high", "paid", "event", "site", "range", "house", "clock", "office", "business", "standard", "basic"}

# ("$1,250 — a reduction from my earlier $1,500", "18 months, an increase on your 12": a step
# named by its noun, from the value it replaces)
_REPLACED_TAIL = caseless(r"(?<=\S)\s*[(,—–-]?\s*\b(?:instead\s+of|rather\s+than|down\s+from|up\s+from|in\s+place\s+of|"
                          r"(?:an?\s+|the\s+)?(?:\w+\s+)?(?:reduction|decrease|drop|cut|increase|raise|rise|step|move|change|"
                          r"concession|discount)\s+(?:down\s+|up\s+)?(?:from|on|of)\s+(?:my|our|your|their|the|its)\b).*$", re.DOTALL)

MatchKind = Literal["label", "invalid", "ambiguous", "empty"]


@dataclass(frozen=True)
class ValueMatch:
    kind: MatchKind
    label: str | None = None
    candidates: tuple[str, ...] = ()
    unsure: str = ""  # why this reading is not certain ("" when it is)


@dataclass
class IssueLabels:
    """How one issue's labels can be written."""

    issue: Issue
    by_normal: dict[str, str] = field(default_factory=dict)
    by_number: dict[str, list[str]] = field(default_factory=dict)
    units: dict[str, set[str]] = field(default_factory=dict)  # label -> its unit tokens
    currency: bool = False  # labels are amounts of money
    by_wording: dict[str, str] = field(default_factory=dict)  # squashed label or synonym -> label
    phrases: list[tuple[tuple[str, ...], str]] = field(default_factory=list)  # words of text labels, longest first
    pair_total: Decimal | None = None  # "6-4" labels: the sum both numbers make
    counted: set[tuple[str, ...]] = field(default_factory=set)  # phrases in digit form ("1 proofreading pass")
    match_cache: dict[str, ValueMatch] = field(default_factory=dict)
    # The party whose share the labels are, when the description names exactly one ("the
    # percentage ... owned by Company A"): a share written for the other party is the complement.
    party: str | None = None

    @classmethod
    def of(cls, issue: Issue) -> "IssueLabels":
        table = cls(issue)
        clashes: set[str] = set()
        wording_clashes: set[str] = set()
        pair_sums: set[Decimal] = set()
        slashed: set[str] = set()  # labels named by a slash-written number ("24/7 access")
        glosses: list[tuple[tuple[str, ...], str]] = []  # label wordings as the lexicon glosses them
        for label in issue.labels:
            spellings = {label, issue.side_label(1, label)}
            for spelling in spellings:
                key = normalise(spelling)
                if table.by_normal.get(key, label) != label:
                    clashes.add(key)
                table.by_normal[key] = label
            for wording in spellings | set(issue.label_synonyms(label)):
                key = squash(wording)
                if table.by_wording.get(key, label) != label:
                    wording_clashes.add(key)
                table.by_wording[key] = label
                words = word_sequence(wording)
                if _SLASH_NUMBER.search(wording) and re.search(r"[a-z]{3}", wording.lower()):
                    # "24/7 access": a number written as a slash pair beside words is no amount nor
                    # split but a name, read as a phrase; its number alone ("we need 24/7") names
                    # it too, where no other label of the issue holds that number.
                    table.phrases.append((tuple(words), label))
                    digits = tuple(w for w in words if w.isdigit())
                    if not any(numbers_in(other) == list(digits) for other in issue.labels if other != label):
                        table.phrases.append((digits, label))
                    slashed.add(label)
                    continue
                # A text label's synonym may hold a number beside its words ("50% deposit" for
                # "half upfront"): read as a phrase too, since no number grammar reads it.
                # A label whose number follows a word ("net 60", "tier 2") is read by its whole
                # wording too: the number alone belongs to no unit the grammar knows.
                if words and (not numbers_in(wording) or not numbers_in(label) and
                              any(not re.search(r"\d", word) for word in words)
                              or len(words) >= 2 and re.fullmatch(r"[a-z]+", words[0]) is not None
                              and re.fullmatch(r"\d+", words[1]) is not None and not has_currency(wording)):
                    table.phrases.append((tuple(words), label))
                    # The readers turn number words into digits before they look for a label
                    # ("one proofreading pass" is read as "1 proofreading pass", "within a month"
                    # as "within 1 month"): the wording goes through the same rewrite, so it is
                    # found in the text as the text is read.
                    counted = word_sequence(words_to_digits(wording))
                    # ("full year": the reader reads "a full year" as "1 year", a length of one unit)
                    if (whole := _WHOLE_UNIT.fullmatch(wording.strip())) is not None:
                        counted = ["1", whole.group(1).lower()]
                    if counted != words:
                        table.phrases.append((tuple(counted), label))
                        table.counted.add(tuple(counted))
                        key = squash(words_to_digits(wording))
                        if table.by_wording.get(key, label) != label:
                            wording_clashes.add(key)
                        table.by_wording[key] = label
                    # A label's English word that the lexicon takes for another language's
                    # ("solo walks": Spanish / Italian "solo" = only) is glossed in the text before
                    # any label is looked for, so the label is looked for as glossed too ("only
                    # walks"); only word glosses (a gloss into a number, "one quarter" -> "25%",
                    # would name an amount), and only where no other label is worded so.
                    glossed = word_sequence(local_forms(wording))
                    if glossed != words and glossed != counted and not any(re.search(r"\d", w) for w in glossed):
                        glosses.append((tuple(glossed), label))
            numbers = numbers_in(words_to_digits(label)) if label not in slashed else []
            if len(numbers) == 1:
                table.by_number.setdefault(numbers[0], []).append(label)
            elif len(numbers) == 2:
                pair_sums.add(Decimal(numbers[0]) + Decimal(numbers[1]))
            table.units[label] = unit_tokens(label)
            table.currency = table.currency or has_currency(label)
        for words, label in glosses:
            if not any(set(words) <= set(other) for other, owner in table.phrases if owner != label):
                table.phrases.append((words, label))
                key = squash(" ".join(words))
                if table.by_wording.get(key, label) != label:
                    wording_clashes.add(key)
                table.by_wording[key] = label
        # "powertrain only", "email only": the restricting "only" may go unsaid ("the powertrain
        # warranty", "Support: email"), when no other label of the issue is worded that way.
        for words, label in list(table.phrases):
            shorter = tuple(w for w in words if w != "only")
            if shorter and shorter != words and words == tuple(word_sequence(label)) and not any(other == shorter or set(shorter) <= set(other)
                                                        for other, owner in table.phrases if owner != label):
                table.phrases.append((shorter, label))
        # "by the glass only": the preposition and article opening a label may go unsaid ("glass
        # only on the list"), when what is left (two words or more) is no other label's wording.
        for words, label in list(table.phrases):
            if len(words) >= 4 and words[0] in _OPENING_PREPOSITIONS and words[1] in ("the", "a", "an"):
                shorter = words[2:]
                if not any(set(shorter) <= set(other) for other, owner in table.phrases if owner != label):
                    table.phrases.append((shorter, label))
        for key in clashes:
            del table.by_normal[key]
        for key in wording_clashes:
            del table.by_wording[key]
        table.phrases.sort(key=lambda p: -len(p[0]))
        if len(pair_sums) == 1 and not table.by_number:
            table.pair_total = pair_sums.pop()
        # "50-50" for "50%-50%": percent signs dropped, when that names one label only.
        bare: dict[str, list[str]] = {}
        for key, label in list(table.by_normal.items()):
            if "%" in key:
                bare.setdefault(key.replace("%", ""), []).append(label)
        for key, found in bare.items():
            if len(set(found)) == 1 and key not in table.by_normal:
                table.by_normal[key] = found[0]
        return table

    def zero_label(self) -> str | None:
        """The label meaning none at all ("0 days", "$0", "no warranty"), if the issue has exactly one."""
        found = self.by_number.get("0", []) + [label for words, label in self.phrases
                                               if words[0] in ("no", "none", "zero") and label in self.issue.labels]
        found = list(dict.fromkeys(found))
        return found[0] if len(found) == 1 else None

    @cached_property
    def phrase_words(self) -> frozenset[str]:
        """Words of this issue's text labels and synonyms."""
        return frozenset(word for words, _ in self.phrases for word in words)

    @cached_property
    def all_units(self) -> frozenset[str]:
        # Read only once the table is built (`of`), so computing it once is safe.
        return frozenset().union(*self.units.values()) if self.units else frozenset()

    @cached_property
    def measure_units(self) -> frozenset[str]:
        """Units of the labels that are numbers ('day' of '15 days'); the words of a text label
        ('no bonus') measure nothing."""
        measured = [units for label, units in self.units.items() if re.search(r"\d", label)]
        return frozenset().union(*measured) if measured else frozenset()

    @property
    def is_pair(self) -> bool:
        return self.pair_total is not None

    @cached_property
    def percent(self) -> bool:
        return bool(self.units) and all("%" in units for units in self.units.values())

    def phrase_labels(self, words: list[str]) -> list[str]:
        """Text labels whose wording (or a synonym's) occurs in a word sequence, in order, overlaps aside."""
        found: list[tuple[int, str]] = []
        taken: set[int] = set()
        for phrase, label in self.phrases:
            size = len(phrase)
            for start in range(len(words) - size + 1):
                if tuple(words[start:start + size]) == phrase and not taken & set(range(start, start + size)):
                    found.append((start, label))
                    taken |= set(range(start, start + size))
        return list(dict.fromkeys(label for _, label in sorted(found)))

    def partial_labels(self, words: list[str]) -> list[str]:
        """Text labels of which a value's content words are a part, when that is one label
        ('included' of 'assembly included'); used only where the key names the issue."""
        content = {w for w in words if w not in _FILLER_WORDS}
        if not content:
            return []
        found = list(dict.fromkeys(label for phrase, label in self.phrases
                                   if content <= set(phrase) and not _negated_in(phrase, content)))
        if len(found) > 1:
            # "Crew: skipper" of "skipper only" beside the synonym "skipper and cook" of "full
            # crew": a label's own words outrank another label's synonym.
            own = [label for label in found if content <= set(word_sequence(label.lower()))]
            return own if len(own) == 1 else found
        return found

    def reordered_labels(self, words: list[str]) -> list[str]:
        """Text labels whose words a value holds all of, in another order: "remote full" (as
        "remoto completo" translates) is "fully remote", "packing full" is "full packing". Words
        compare by their first five letters, an adverb of a short word as the word ("fully")."""
        content = {_word_stem(w) for w in words if w not in _FILLER_WORDS}
        if len(content) < 2:
            return []
        # (the label's own filler words count for nothing either: "only glass" is "by the glass only")
        return list(dict.fromkeys(label for phrase, label in self.phrases
                                  if len(phrase) >= 2 and {_word_stem(w) for w in phrase if w not in _FILLER_WORDS} == content))

    def _label_for(self, quantity: Quantity) -> tuple[str | None, bool]:
        """(label, compatible): the label a quantity names, and whether its unit fits this issue at all."""
        units = set(quantity.units)
        if quantity.currency and not self.currency and self.all_units:
            return None, False
        if units <= self.all_units:
            labels = [label for label in self.by_number.get(quantity.number, []) if units <= self.units[label]]
            if not labels and self.percent and not units and Decimal(quantity.number) < 1:
                # 0.035 for a rate written in percent: an exact conversion too.
                labels = self.by_number.get(decimal_text(Fraction(Decimal(quantity.number)) * 100) or "", [])
            return (labels[0] if len(labels) == 1 else None), True
        for (source, target), factor in CONVERSIONS.items():
            if source in units and target in self.all_units and source not in self.all_units:
                wanted = decimal_text(Fraction(Decimal(quantity.number)) * factor)
                labels = [label for label in self.by_number.get(wanted or "", []) if target in self.units[label]]
                return (labels[0] if len(labels) == 1 else None), True
        return None, False

    def match(self, value: object, known_units: set[str]) -> ValueMatch:
        """Map one written value to a label of this issue, or say why not (memoised per text)."""
        if isinstance(value, bool) and self.included_label:
            # {"trial": false}, Python's 'fuel_included': True: of two labels, one saying the thing
            # is included, the boolean chooses.
            return ValueMatch("label", self.included_label[0] if value else self.included_label[1])
        if value is None or isinstance(value, bool):
            return ValueMatch("empty")
        key = str(value)
        if key not in self.match_cache:
            self.match_cache[key] = self._match(key, known_units)
        return self.match_cache[key]

    def match_in_text(self, value: str, known_units: set[str], word_after: str = "") -> ValueMatch:
        """`match` for a number found in running text, not under its issue's key: a bare count
        ("1" of "一周", "two weeks, single proofread") names no label only a synonym's digit form
        holds ("1 proofreading pass"), nor a label written in words ("two-linguist review"): there
        it counts weeks or anything else, and "nothing of this issue" is the reading. Under a key
        ("sets: two") `match` reads it."""
        result = self.match(value, known_units)
        if result.kind != "label" or not self.counted or not _BARE_COUNT.fullmatch(value):
            return result
        if re.search(r"\d", result.label or ""):
            return result
        # ("2 rounds" of "two rounds": the label's own word after the count names it)
        if word_after and any(word_after in words or word_after.rstrip("s") in words
                              for words, label in self.phrases if label == result.label):
            return result
        return ValueMatch("empty")

    def _match(self, value: str, known_units: set[str]) -> ValueMatch:
        text = str(value).strip().strip("\"'`*_ ").strip()
        if not text.isascii() and _VULGAR.search(text):
            # "3½%": the fraction is part of the number, which normalising for an exact match
            # would drop ("3%").
            text = local_forms(text)
        if text.lower().rstrip(".") in PLACEHOLDERS:
            return ValueMatch("empty")
        exact = self.by_normal.get(normalise(text)) or self.by_wording.get(squash(text))
        if exact is None and _ABBREVIATION.search(text):
            exact = self.by_wording.get(squash(_ABBREVIATION.sub(lambda m: _ABBREVIATIONS[folded(m.group(0))], text)))
        if exact is None and self.included_label and _YES_NO.fullmatch(text):
            # "assembly: yes" / "not included": of two labels, one saying the thing is included.
            included, other = self.included_label
            exact = other if _YES_NO.fullmatch(text).group("no") else included
        elif exact is None and self.included_label and (denied := _DENIED.fullmatch(text)) and \
                set(word_sequence(denied.group(1))) <= set(word_sequence(f"{self.included_label[0]} {self.issue.name}")):
            # "no trial" of ("no free trial", "free trial lesson"): "no" and words of the thing
            # included is the label without it.
            exact = self.included_label[1]
        if exact is not None:
            return ValueMatch("label", exact)
        # "3% instead of 4%", "$20 (down from $40)": the value after the word is the one replaced.
        text = _REPLACED_TAIL.sub("", text) if _REPLACED_TAIL.search(text) else text
        prepared = prepare(frequency_words(text, self.phrase_words, self.by_wording) if self.phrases else text)
        if self.phrases:
            named = self.phrase_labels(word_sequence(prepared))
            if len(named) == 1:
                return ValueMatch("label", named[0])
            head = _DECORATION_BREAK.split(prepared, 1)[0]
            if len(named) > 1 and head != prepared and len(leading := self.phrase_labels(word_sequence(head))) == 1:
                return ValueMatch("label", leading[0])  # "Hybrid — 2 days/week in office": a decorated label
            if len(named) > 1:
                return ValueMatch("ambiguous", candidates=tuple(named))
            partial = self.partial_labels(word_sequence(prepared))
            if len(partial) == 1:
                return ValueMatch("label", partial[0])  # "Assembly: included"
            reordered = self.reordered_labels(word_sequence(prepared))
            if len(reordered) == 1:
                return ValueMatch("label", reordered[0])  # "remote full": a label's words reordered
            words = word_sequence(prepared)
            if words and words[-1].isalpha() and len(words[-1]) >= 4:
                # "slot: evening" of "evenings", "desks: hot-desks" of "hot desk": the head noun, last
                # in English, in the label's other grammatical number
                renumbered = [self.phrase_labels([*words[:-1], form]) for form in other_numbers(words[-1])
                              if form in self.phrase_words]  # (a set's look-up first: most values hold none)
                if len(renumbered) == 1 and len(renumbered[0]) == 1:
                    return ValueMatch("label", renumbered[0][0])
            # (round twenty: a label's number word, which `prepare` turns into digits: "half-day" of
            # "half-day room" is "0.5-day" once prepared, a part of no label)
            plain = word_sequence(text.lower())
            if plain != word_sequence(prepared) and not any(word.isdigit() for word in plain):
                named = self.phrase_labels(plain) or self.partial_labels(plain)
                if len(named) == 1:
                    return ValueMatch("label", named[0])
        numbers = [q for q in quantities(prepared, known_units)]
        if ZERO_WORDS.search(prepared) and self.zero_label() and all(q.number == "0" for q in numbers):
            return ValueMatch("label", self.zero_label())
        if len(numbers) == 1 and numbers[0].number == "0" and not numbers[0].units and not self.by_number.get("0") \
                and self.zero_label() and _BARE_ZERO.fullmatch(prepared):
            # "signing_bonus": 0 for an issue whose nothing is written in words ("no bonus").
            return ValueMatch("label", self.zero_label())
        if self.is_pair:
            return self._match_pair(prepared, numbers)
        readings = [self._label_for(q) for q in numbers]
        fitting = [(q, label) for q, (label, compatible) in zip(numbers, readings) if compatible]
        distinct = list(dict.fromkeys(q.number for q, _ in fitting))
        if not fitting:
            if self.phrases and not numbers:
                return ValueMatch("invalid", unsure=f"'{text}' is no wording of a label of this issue")
            return ValueMatch("invalid", unsure="" if numbers else f"no number or label in '{text}'")
        labels = list(dict.fromkeys(label for _, label in fitting if label))
        if len(distinct) == 1:
            return ValueMatch("label", labels[0]) if labels else ValueMatch("invalid")
        if _attributed(prepared) and len(labels) >= 1 and self.party is not None:
            return self._match_share(prepared, fitting)
        return ValueMatch("ambiguous", candidates=tuple(labels))

    def _match_share(self, prepared: str, fitting: list[tuple[Quantity, str | None]]) -> ValueMatch:
        owner = (self.party or "").lower()
        for chunk in re.split(r"[,;/]|\bvs\.?\b|\bversus\b|\band\b", prepared):
            if owner and (owner in chunk or re.search(rf"\b{re.escape(owner[-1])}\b", chunk)):
                for quantity, label in fitting:
                    if quantity.number in chunk:
                        return ValueMatch("label", label) if label else ValueMatch("invalid")
        return ValueMatch("ambiguous", candidates=tuple(label for _, label in fitting if label))

    @cached_property
    def included_label(self) -> tuple[str, str] | None:
        """(the label saying the thing is included, the other) of a two-label issue like
        ("assembly included", "self-assembly"), else None (of the issue alone: worked out once)."""
        labels = self.issue.labels
        included = [label for label in labels if re.search(r"\b(?:included|including|with)\b", label, re.IGNORECASE)]
        if len(labels) == 2 and not included:
            # ("no second shooter", "second shooter"): the label the other negates is the thing
            # included, so "Second photographer: yes" names it.
            # ("no free trial", "free trial lesson"), ("no battery", "battery backup"): a label that
            # is "no" and words of the other one negates it.
            negated = [label for label in labels if _negates(label, next(o for o in labels if o != label))]
            included = [label for label in labels if label not in negated] if len(negated) == 1 else []
        if len(labels) != 2 or len(included) != 1:
            return None
        return included[0], next(label for label in labels if label != included[0])

    def even_label(self) -> str | None:
        """The split label giving both parties the same ('5-5', '50%-50%')."""
        if self.pair_total is None:
            return None
        half = format((self.pair_total / 2).normalize(), "f")
        percent = "%" if self.percent else ""
        return self.by_normal.get(normalise(f"{half}{percent}-{half}{percent}"))

    def _match_pair(self, prepared: str, numbers: list[Quantity]) -> ValueMatch:
        """'6 to A, 4 to B', 'A 55% / B 45%', '60/40': the first number is the first party's
        unless the text attributes them the other way. 'Evenly split' is the even label."""
        if not numbers and EVEN_SPLIT.search(prepared) and self.even_label():
            return ValueMatch("label", self.even_label())
        if len(numbers) == 1 and self.pair_total is not None and not _SPEAKER_WORDS.search(prepared):
            # "A 55%", "55% of retained staff from A": one named party's share fixes the split.
            parties = {first or second for first, second in _PARTY_LETTER.findall(prepared)}
            share = Decimal(numbers[0].number)
            if len(parties) == 1 and share <= self.pair_total:
                first, second = (share, self.pair_total - share) if parties == {"a"} else (self.pair_total - share, share)
                percent = "%" if self.percent else ""
                label = self.by_normal.get(normalise(f"{format(first.normalize(), 'f')}{percent}-"
                                                     f"{format(second.normalize(), 'f')}{percent}"))
                if label:
                    return ValueMatch("label", label)
        if len(numbers) == 1 and self.pair_total is not None and _EACH.search(prepared) and \
                Decimal(numbers[0].number) * 2 == self.pair_total:
            # "5 each", "5 apiece", "50% per side": the same share for both parties.
            half = format(Decimal(numbers[0].number).normalize(), "f") + ("%" if self.percent else "")
            if (label := self.by_normal.get(normalise(f"{half}-{half}"))) is not None:
                return ValueMatch("label", label)
        if len(numbers) < 2:
            # One number for a split: one party's share, whose other half may stand elsewhere.
            return ValueMatch("invalid", unsure="one number for a split" if numbers else "no pair of numbers")
        first, second = Decimal(numbers[0].number), Decimal(numbers[1].number)
        if self.percent and first + second == 1 and first < 1 and second < 1:
            first, second = first * 100, second * 100  # "(0.6, 0.4)": fractions of a percent split
        chunks = re.split(r"[,;/]|\bvs\.?\b|\bversus\b", prepared)
        share = _SHARE_OF_WHOLE.search(prepared)
        if share and _SPEAKER_WORDS.search(prepared):
            return ValueMatch("invalid", unsure="whose share it is depends on who speaks")
        if len(numbers) == 2 and share and Decimal(numbers[1].number) in (self.pair_total, Decimal(100)) and first <= second:
            # "6 of 10 seats to A": one named party's share of the whole, the rest the other's.
            parties = {one or other for one, other in _PARTY_LETTER.findall(prepared)}
            if len(parties) != 1:
                return ValueMatch("invalid", unsure="a share of the whole without the party it is for")
            first, second = (first, second - first) if parties == {"a"} else (second - first, first)
        elif len(chunks) >= 2 and re.search(r"\bb\b", chunks[0]) and re.search(r"\ba\b", chunks[1]):
            first, second = second, first
        percent = "%" if self.percent else ""
        parts = in_pair_units(self, first, second)
        key = normalise("-".join(f"{format(part.normalize(), 'f')}{percent}" for part in parts))
        label = self.by_normal.get(key) or self.by_normal.get(key.replace("%", ""))
        if label:
            return ValueMatch("label", label)
        return ValueMatch("invalid")


# A number word and the word after it in a label read as a number ("six-month term", "two months out").
_NUMBER_WORD_UNIT = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty|"
                               r"thirty|forty|fifty|sixty|ninety)[\s-]+([^\W\d_]+)", re.IGNORECASE)
_PERIOD_WORDS = {"month": r"\b(?:month|monthly|per month|a month)\b", "year": r"\b(?:year|yearly|annual|annually|per annum)\b"}
_BARE_ZERO = re.compile(r"\s*\$?\s*0(?:\.0+)?\s*(?:dollars)?\s*")
_EACH = re.compile(r"\b(?:each|apiece|a piece|per (?:side|party|company)|both)\b", re.IGNORECASE)


def in_pair_units(table: IssueLabels, first: Decimal, second: Decimal) -> tuple[Decimal, Decimal]:
    """A split written in percent of a whole counted otherwise ("a 60-40 board split" of ten
    seats is 6-4): an exact conversion, kept only when both parts come out whole."""
    total = table.pair_total
    if total is None or total == 100 or first + second != 100 or table.percent:
        return first, second
    scaled = (first * total / 100, second * total / 100)
    return scaled if all(part == part.to_integral_value() for part in scaled) else (first, second)


def _attributed(text: str) -> bool:
    return bool(re.search(r"\b(?:a|b|company a|company b)\b", text))


def _other_issues_words_dropped(issues: dict[str, "IssueLabels"]) -> None:
    """Round twenty: a label's wording with its "only" left unsaid ("room" of "room only") that is
    all words of another issue's name or labels ("meeting room", "half-day room") names that other
    issue as often: it is no wording of the label in this game ("the room block is released")."""
    for name, table in issues.items():
        others = {word for other, theirs in issues.items() if other != name
                  for word in (*word_sequence(other.lower()), *(w for alias in theirs.issue.aliases for w in word_sequence(alias.lower())),
                               *(w for phrase, _ in theirs.phrases for w in phrase))}
        table.phrases[:] = [(words, label) for words, label in table.phrases
                            if not ("only" in word_sequence(label.lower()) and "only" not in words
                                    and words == tuple(w for w in word_sequence(label.lower()) if w != "only")
                                    and set(words) <= others)]


@dataclass
class GameLabels:
    """Label matchers for every issue of a game, and how issue names are written."""

    game: Game
    issues: dict[str, IssueLabels]
    known_units: set[str]
    key_cache: dict[str, str | None] = field(default_factory=dict)
    word_cache: dict[str, list[tuple[str, float]]] = field(default_factory=dict)  # message word -> issues it names
    # A keyed value read as free text alone (`keyed_values.value_alone`), by (value, side): a note's
    # blocks are read more than once.
    keyed_value_cache: dict[tuple[str, int | None], "Extraction"] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game) -> "GameLabels":
        issues = {issue.name: IssueLabels.of(issue) for issue in game.issues}
        _other_issues_words_dropped(issues)
        for table in issues.values():
            named = [party for party in game.parties
                     if re.search(rf"\b{re.escape(party.lower())}\b", " ".join(table.issue.descriptions).lower())]
            table.party = named[0] if len(named) == 1 and table.percent else None
        # Every word that follows a label's number is a unit of this game ('month', 'million').
        units = set().union(*(table.all_units for table in issues.values()))
        return cls(game, issues, units)

    def match(self, issue_name: str, value: object) -> ValueMatch:
        return self.issues[issue_name].match(value, self.known_units)

    @cached_property
    def glossary(self) -> "Glossary | None":
        """The game's words in other languages (`glossary.py`), built once per game."""
        from lamen.judge.glossary import game_glossary  # (glossary builds on the lexicon, as this module does)
        return game_glossary(self.game)

    @cached_property
    def even_split_labels(self) -> dict[str, str]:
        """Each split issue's even label ("5-5", "50%-50%"), of the game alone (`even_shares.even_splits`)."""
        return {issue: label for issue, table in self.issues.items() if (label := table.even_label())}

    @cached_property
    def date_labels(self) -> tuple[str, ...]:
        """The labels that are dates written "Month D" (`lamen/judge/dates.py`), of every issue
        (of the game alone: worked out once, not per text)."""
        return tuple(label for table in self.issues.values() for label in table.issue.labels if is_date_label(label))

    @cached_property
    def party_sides(self) -> dict[str, dict[int, str]]:
        """issue -> {side: label} for the issues whose text labels name a party
        (`party_labels._side_table`), of the game alone: looked up once here, not per text (hashing
        a game costs more than the rest of a look-up). Callers must not change the tables."""
        from lamen.judge.party_labels import _side_table  # (party_labels builds on this module)
        return {issue: dict(table) for issue in self.issues if (table := _side_table(self.game, issue))}

    @cached_property
    def party_issues(self) -> tuple[str, ...]:
        """The issues whose text labels name a party, in the game's order."""
        return tuple(self.party_sides)

    @cached_property
    def party_issue_words(self) -> dict[str, frozenset[str]]:
        """`party_labels._issue_words` of each issue (the stems that speak of it), looked up once."""
        from lamen.judge.party_labels import _issue_words
        return {issue: _issue_words(self.game, issue) for issue in self.issues}

    @cached_property
    def party_side_words(self) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
        """`party_labels._party_words` of each party-named issue (the words naming each side), looked up once."""
        from lamen.judge.party_labels import _party_words
        return {issue: _party_words(self.game, issue) for issue in self.party_sides}

    @cached_property
    def done_by_served(self) -> tuple[tuple[str, tuple[int, str]], ...]:
        """`party_labels._done_by_served_issues` of the game, looked up once."""
        from lamen.judge.party_labels import _done_by_served_issues
        return _done_by_served_issues(self.game)

    @cached_property
    def self_labels(self) -> dict[str, tuple[int, str, str | None]]:
        """`party_labels._self_labels` of the game, looked up once."""
        from lamen.judge.party_labels import _self_labels
        return _self_labels(self.game)

    @cached_property
    def doer_verbs(self) -> tuple[tuple[str, re.Pattern[str], dict[int, str]], ...]:
        """The issues whose labels say who does a deed, with its verbs (`doer_verbs._issue_verbs`)."""
        from lamen.judge.doer_verbs import _issue_verbs  # (doer_verbs builds on this module)
        return _issue_verbs(self.game)

    @cached_property
    def has_dates(self) -> bool:
        """Some issue's labels are dates written "Month D" (`lamen/judge/dates.py`)."""
        return bool(self.date_labels)

    @cached_property
    def money_issues(self) -> int:
        return sum(table.currency for table in self.issues.values())

    def money_issues_spanning(self, number: str) -> list[str]:
        """The money issues whose labels' range (lowest to highest) holds a number: a careful
        reader gives "$7,500" to the loan amount ($0-$10,000), not to the fees ($0-$100)."""
        value = Decimal(number)
        return [issue for issue, (low, high) in self._money_ranges.items() if low <= value <= high]

    @property
    def money_ranges(self) -> dict[str, tuple[Decimal, Decimal]]:
        """Each money issue's lowest and highest label."""
        return self._money_ranges

    @cached_property
    def _money_ranges(self) -> dict[str, tuple[Decimal, Decimal]]:
        return {issue: (min(map(Decimal, table.by_number)), max(map(Decimal, table.by_number)))
                for issue, table in self.issues.items() if table.currency and table.by_number}

    @cached_property
    def percent_issues(self) -> int:
        return sum(table.percent for table in self.issues.values())

    @cached_property
    def paraphrase_stems(self) -> list[tuple[str, str, frozenset[str]]]:
        """(issue, label, stems of its words) for text labels and synonyms of two or more words
        whose stems name that label only (phrases.paraphrased_labels); words for nothing aside."""
        entries: dict[frozenset[str], set[tuple[str, str]]] = {}
        for issue, table in self.issues.items():
            for words, label in table.phrases:
                if words in table.counted:
                    continue  # (a paraphrase is read in words; the digit form is for exact wording)
                stems = frozenset(word[:5] for word in words if word not in ("the", "a", "to", "of", "and"))
                if len(stems) >= 2 and words[0] not in ("no", "none", "zero"):
                    entries.setdefault(stems, set()).add((issue, label))
        return [(issue, label, stems) for stems, owners in entries.items() if len(owners) == 1
                for issue, label in owners]

    @cached_property
    def telling_words(self) -> dict[str, tuple[str, str]]:
        """word -> (issue, label) for words of four or more letters that stand in exactly one
        text label (or its synonyms) of the whole game, and name no issue or party ("bank" of
        "bank loan", "after" of "pay after the event"): one of them beside its issue's name
        says which label is meant ("financing through my bank")."""
        name_stems = set().union(*(primary for primary, _ in self.issue_stems.values()))
        telling = {word: next(iter(found)) for word, found in self._phrase_word_owners.items()
                   if len(found) == 1 and word not in self._named_words and word not in _NOT_TELLING
                   and word[:5] not in name_stems}
        # A noun tells its label in either number: "an evening slot" is "evenings", "nights" of a
        # label "night shift" the same. The other form counts only where no label, issue or party
        # has it as a word of its own, and no other telling word's other form is the same.
        others: dict[str, set[tuple[str, str]]] = {}
        for word, owner in telling.items():
            for form in other_numbers(word):
                if len(form) >= 4 and form not in self._phrase_word_owners and form not in self._named_words \
                        and form not in _NOT_TELLING and form[:5] not in name_stems:
                    others.setdefault(form, set()).add(owner)
        telling.update((form, next(iter(owners))) for form, owners in others.items() if len(owners) == 1)
        return telling

    @cached_property
    def text_label_issues(self) -> frozenset[str]:
        """The issues all of whose labels are words (no digit but a slash pair's, "24/7 access")."""
        return frozenset(issue for issue, table in self.issues.items()
                         if not any(re.search(r"\d", re.sub(r"\d+/\d+", "", label)) for label in table.issue.labels))

    @cached_property
    def issue_label_words(self) -> dict[str, str]:
        """word -> issue for words of four or more letters in the text labels of exactly one issue
        ("exclusive" of "exclusive licence" and "non-exclusive licence"), naming no issue or party:
        a text that uses one and reads no value of its issue has left a value unread."""
        owners = {word: {issue for issue, _ in found} for word, found in self._phrase_word_owners.items()}
        return {word: next(iter(found)) for word, found in owners.items()
                if len(found) == 1 and word not in self._named_words and word not in _NOT_TELLING}

    @cached_property
    def _issue_word_stems(self) -> dict[str, frozenset[str]]:
        """Per issue: the stems of the words of its labels no other issue has (not of its name: "delivery
        as discussed" names the issue and leaves it as it was)."""
        stems: dict[str, set[str]] = {issue: set() for issue in self.issues}
        for word, issue in self.issue_label_words.items():
            stems[issue].add(word[:5])
        return {issue: frozenset(found) for issue, found in stems.items()}

    def speaks_of(self, text: str, issue: str) -> bool:
        """Whether a text names an issue by its labels' words: a word of four or more letters sharing
        its first five with a word only the issue's labels have ("walk" of "walk-in unit",
        "curbside" of "curbside drop-off")."""
        stems = self._issue_word_stems.get(issue, frozenset())
        return any(word[:5] in stems for word in _SPOKEN_WORD.findall(text.lower()))

    @cached_property
    def _phrase_word_owners(self) -> dict[str, set[tuple[str, str]]]:
        """word -> the (issue, label) pairs whose text phrases hold it, for words of four or more letters."""
        owners: dict[str, set[tuple[str, str]]] = {}
        for issue, table in self.issues.items():
            for words, label in table.phrases:
                for word in words:
                    if len(word) >= 4 and word.isalpha():
                        owners.setdefault(word, set()).add((issue, label))
        return owners

    @cached_property
    def _named_words(self) -> set[str]:
        """The words of the issues' names and aliases and of the parties' names."""
        named = {word for issue, table in self.issues.items()
                 for word in re.findall(r"[a-z]+", " ".join((issue, *table.issue.aliases)).lower())}
        named |= {word for party in self.game.parties for word in re.findall(r"[a-z]+", party.lower())}
        return named

    @cached_property
    def compound_labels(self) -> list[tuple[str, str, str]]:
        """(issue, label, word) for one-word text labels and synonyms ("pickup"), which a
        phrasal verb writes apart ("pick it up")."""
        return [(issue, label, words[0]) for issue, table in self.issues.items() for words, label in table.phrases
                if len(words) == 1 and len(words[0]) >= 5]

    @cached_property
    def phrase_patterns(self) -> list[tuple[str, str, re.Pattern[str]]]:
        """(issue, label, pattern) for every text label and synonym, longest wording first;
        spaces and hyphens between its words are optional ('drop-off', 'drop off', 'dropoff')."""
        patterns = []
        for issue, table in self.issues.items():
            for words, label in table.phrases:
                # "by the end of the month" writes "end of month" with an article between its words.
                # "50% paid upfront" for "50% upfront": a payment's participle between its words;
                # "up front" and "pre-payment" for "upfront" and "prepayment": a prefix written apart.
                # ("business hrs" for "business hours": a unit word of a label of words alone, abbreviated)
                spell = _split_prefix if any(c.isdigit() for w in words for c in w) else _abbreviable
                body = "".join((r"\s*[/-]\s*" if previous.isdigit() and word.isdigit()
                                else r"[\s-]*(?:(?:the|a|an|paid|payable|due)\s+)?") + spell(word)
                               if index else spell(word)
                               for index, (previous, word) in enumerate(zip(("",) + words, words)))
                patterns.append((len(" ".join(words)), issue, label,
                                 re.compile(rf"{_PHRASE_EDGE_BEFORE}{body}{_PHRASE_EDGE_AFTER}", re.IGNORECASE)))
        # "NBD" for "next business day", "FVP" for "full value protection": the capital initials of
        # a label of three or more words, where they stand for one label of the game only.
        acronyms: dict[str, set[tuple[str, str]]] = {}
        for issue, table in self.issues.items():
            for words, label in table.phrases:
                content = [word for word in words if word not in ("the", "a", "an", "of", "and", "to")]
                if len(content) >= 3 and all(word.isalpha() for word in content):
                    acronyms.setdefault("".join(word[0] for word in content).upper(), set()).add((issue, label))
        for acronym, owners in acronyms.items():
            if len(owners) == 1:
                issue, label = owners.pop()
                patterns.append((len(acronym), issue, label, re.compile(rf"(?<![\w-]){acronym}(?![\w-])")))
        return [(issue, label, pattern) for _, issue, label, pattern in sorted(patterns, key=lambda p: -p[0])]

    @cached_property
    def phrase_gate(self) -> "Caseless | re.Pattern[str] | None":
        """(round 28) The wordings of every case-insensitive phrase pattern as one pattern, without
        the edges they require (`(?<![\\w-])` before, `(?![\\w-])` after): wherever one of them
        matches, this finds something, so a sentence it finds nothing in holds none of them
        (`phrases.label_phrases` skips them there: one scan instead of one per wording)."""
        bodies = []
        for _, _, pattern in self.phrase_patterns:
            if pattern.flags & re.IGNORECASE:
                source = pattern.pattern
                if not (source.startswith(_PHRASE_EDGE_BEFORE) and source.endswith(_PHRASE_EDGE_AFTER)):
                    return None  # (a wording of another build: no gate)
                bodies.append(source[len(_PHRASE_EDGE_BEFORE):len(source) - len(_PHRASE_EDGE_AFTER)])
        if not bodies:
            return None
        union = "|".join(f"(?:{body})" for body in bodies)
        try:
            return caseless(union)
        except ValueError:
            return re.compile(union, re.IGNORECASE)

    @cached_property
    def label_words(self) -> frozenset[str]:
        """Words of the game's text labels and their synonyms ("cash", "delivery", "bar")."""
        return frozenset(word for table in self.issues.values() for phrase, _ in table.phrases for word in phrase
                         if not re.search(r"\d", word))

    @cached_property
    def label_wordings(self) -> frozenset[str]:
        """Every text label and synonym of the game, squashed ("openbar", "clickandcollect")."""
        return frozenset(wording for table in self.issues.values() for wording in table.by_wording)

    @cached_property
    def number_label_words(self) -> frozenset[str]:
        """Words right after a number in a label ("months" of "12 months"; "month" of "six-month
        term" and "days" of its synonym "30 days before arrival", labels the issue reads as numbers):
        units, not text."""
        return frozenset(match.group(1).lower() for table in self.issues.values() for label in table.issue.labels
                         for match in re.finditer(r"\d\s*([^\W\d_]+)", label)) | frozenset(
            match.group(1).lower() for table in self.issues.values() for named in table.by_number.values()
            for label in named for wording in (label, *table.issue.label_synonyms(label))
            for match in (*_NUMBER_WORD_UNIT.finditer(wording), *re.finditer(r"\d\s*([^\W\d_]+)", wording)))

    @cached_property
    def money_periods(self) -> dict[str, frozenset[str]]:
        """The period each money issue is counted in, as its name and descriptions say ("the
        monthly rent amount" -> month; "fees charged monthly" -> month; "the yearly base salary"
        -> year): an amount written "a month" belongs to the money issue counted monthly."""
        periods: dict[str, frozenset[str]] = {}
        for issue, table in self.issues.items():
            if not table.currency:
                continue
            words = " ".join([issue, *table.issue.descriptions]).lower()
            found = {period for period, pattern in _PERIOD_WORDS.items() if re.search(pattern, words)}
            periods[issue] = frozenset(found)
        return periods

    @cached_property
    def issue_stems(self) -> dict[str, tuple[set[str], set[str]]]:
        """Per issue: the stems of its name and aliases, and of description words no other issue
        uses (how messages name an issue)."""
        names = {issue: stem_words(" ".join((issue, *table.issue.aliases))) for issue, table in self.issues.items()}
        described = {issue: stem_words(" ".join(table.issue.descriptions), description=True)
                     for issue, table in self.issues.items()}
        # Words negotiators use for an issue's name ("staff" for employees, "stake" for ownership)
        # weigh as its description's words do.
        for issue in self.issues:
            for word in key_words(" ".join((issue, *self.issues[issue].issue.aliases))):
                described[issue] |= {other[:5] for other in SYNONYMS.get(word, ())}
        secondary = {}
        for issue, words in described.items():
            others = set().union(*(w | names[o] for o, w in described.items() if o != issue))
            secondary[issue] = words - others - names[issue]
        return {issue: (names[issue], secondary[issue]) for issue in self.issues}

    @cached_property
    def clippings(self) -> dict[str, frozenset[str]]:
        """Per issue, every prefix of its name stems: a word is a clipping of the name ("dep",
        "fee") when it is one of them (see proximity.word_weights)."""
        return {issue: frozenset(stem[:size] for stem in primary for size in range(1, len(stem) + 1))
                for issue, (primary, _) in self.issue_stems.items()}

    @cached_property
    def _name_words(self) -> dict[str, list[set[str]]]:
        return {name: [key_words(name), *(key_words(alias) for alias in table.issue.aliases)]
                for name, table in self.issues.items()}

    def issue_for_key(self, key: str) -> str | None:
        """The game issue a key names: its name or an alias, case-, space- and punctuation-
        insensitive; a key whose words contain, or are contained in, exactly one issue's name
        words; a key word close in spelling to one issue's name ('duraton'); else the key's words
        found in exactly one issue's description ('Board Seats'). Answers are memoised."""
        if key not in self.key_cache:
            self.key_cache[key] = self._issue_for_key(key)
        return self.key_cache[key]

    @cached_property
    def _description_words(self) -> dict[str, set[str]]:
        return {name: key_words(" ".join(table.issue.descriptions)) for name, table in self.issues.items()}

    def _issue_for_key(self, key: str) -> str | None:
        # Keys in other languages ("Miete", "租金") are read through the same small lexicon as values.
        wanted = key_words(local_forms(key))
        if not wanted:
            return None
        names = self._name_words
        exact = [name for name, spellings in names.items() if wanted in spellings]
        if exact:
            return exact[0]
        loose = [name for name, spellings in names.items()
                 if any(words <= wanted or wanted <= words for words in spellings)]
        if len(loose) == 1:
            return loose[0]
        if loose:
            return None
        described = [name for name, words in self._description_words.items()
                     if all(len(word) >= 3 for word in wanted) and wanted <= words]
        if len(described) == 1:
            return described[0]
        close = [name for name, spellings in names.items()
                 if any(close_spelling(word, other) for words in spellings for other in words for word in wanted)]
        if len(close) == 1:
            return close[0]
        if close:
            return None
        synonyms = {name for variant in synonym_variants(wanted) for name, spellings in names.items()
                    if any(words <= variant or variant <= words for words in spellings)}
        return synonyms.pop() if len(synonyms) == 1 else None


_PREFIXED = re.compile(r"^(up|down|pre|non|self|in|out|over|under|off|back)([a-z]{4,})$")


# The unit words of `_ABBREVIATIONS` a label of words alone may be written short in ("business hrs");
# "mo" and "min" are left out, short words with other meanings ("min" of a minimum).
_ABBREVIATED_UNITS = {"hours": "hrs?", "hour": "hr", "years": "yrs?", "year": "yr", "weeks": "wks?", "week": "wk",
                      "months": "mos"}


_SPOKEN_WORD = re.compile(r"[a-z]{4,}")


_PHRASE_EDGE_BEFORE, _PHRASE_EDGE_AFTER = r"(?<![\w-])", r"(?![\w-])"  # (a phrase pattern's edges)


def _abbreviable(word: str) -> str:
    """A label word's pattern, its abbreviation too where it is a unit word ("hours" or "hrs")."""
    short = _ABBREVIATED_UNITS.get(word)
    return f"(?:{re.escape(word)}|{short})" if short else _split_prefix(word)


def _split_prefix(word: str) -> str:
    """A pattern for a word that may be written with its prefix apart ("upfront", "up front",
    "up-front")."""
    found = _PREFIXED.match(word)
    return f"{found.group(1)}[\\s-]?{found.group(2)}" if found else re.escape(word)


# A period word right before an amount or a word of money ("monthly 1,000 dollars" as 月額 reads,
# "a monthly fee of $1,000") or right after an amount, ending the clause ("$1,000 monthly,"), is
# the amount's period.
# (after an amount, only where the clause ends: "1200 dollars weekly visits" are visits)
_CLAUSE_END = re.compile(r"\s*(?:[,.;:!?)\n]|$|and\b|—|–)", re.IGNORECASE)
_PERIOD_LABEL = re.compile(r"(?:monthly|weekly|yearly|annual|annually|daily|quarterly)", re.IGNORECASE)
_MONEY_AFTER = re.compile(r"\s*(?:(?:fee|rate|price|rent|payment|cost|charge|retainer|amount)s?\b|[$€£]\s*\d|\d[\d,.]*\s*"
                          r"(?:[$€£]|dollars?\b|usd\b|eur\b|euros?\b))", re.IGNORECASE)
_MONEY_BEFORE = re.compile(r"(?:[$€£]\s*\d(?:[\d,.]*\d)?k?|\d(?:[\d,.]*\d)?k?\s*(?:[$€£]|dollars?|usd|eur|euros?))"
                           r"\s*(?:a\s+|per\s+)?$",
                           re.IGNORECASE)


def money_periods_dropped(found: list[tuple[str, str, int, int]], sentence: str,
                          labels: "GameLabels") -> list[tuple[str, str, int, int]]:
    """Text labels found in a sentence, less a period label ("monthly" of a visit frequency) that
    is the period of an amount beside it: "$1,000 monthly, fortnightly visits" offers fortnightly.
    Only in a game with a money issue, for a label of an issue that holds no money."""
    if not labels.money_ranges:
        return found
    return [(issue, label, start, end) for issue, label, start, end in found
            if labels.issues[issue].currency or not _PERIOD_LABEL.fullmatch(sentence[start:end])
            or not (_MONEY_AFTER.match(sentence, end) or _MONEY_BEFORE.search(sentence[max(0, start - 30):start])
                    and _CLAUSE_END.match(sentence, end))]


@lru_cache(maxsize=256)
def label_cache(game: Game) -> GameLabels:
    """The label matchers of a game, built once (games are immutable and hashable)."""
    return GameLabels.of(game)


def forget_memos(labels: GameLabels | None = None) -> None:
    """Drop every memoised answer (and a game's), so the next reading costs as much as a first
    one: for timing readings honestly (bench/extraction_gold.py)."""
    from lamen.judge.glossary import text_languages  # (glossary builds on this module's imports)
    from lamen.judge.values import _words
    for memo in (normalise, prepare, _unit_tokens, words_to_digits, local_forms, in_english, text_languages, _words):
        memo.cache_clear()
    if labels is not None:
        labels.key_cache.clear()
        labels.word_cache.clear()
        labels.keyed_value_cache.clear()
        for table in labels.issues.values():
            table.match_cache.clear()
