"""Match a value an agent wrote ("$1,200", "12-month", 1200, "twelve months") to a payoff label.

A value names a label when it is the label after normalising case, whitespace, currency and
number formatting, or when its single number equals the label's single number and it carries
no conflicting unit. Anything else is not a label: values are never snapped to a nearby one
(LAMEN snapped "$1,250" to a neighbour and so hid rule violations).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from functools import lru_cache
from decimal import Decimal, InvalidOperation
from typing import Literal

from lamen.spec.game import Game
from lamen.spec.issue import Issue

NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(k\b)?", re.IGNORECASE)
CURRENCY = re.compile(r"[$€£]|\b(?:usd|eur|euros?|dollars?|bucks)\b", re.IGNORECASE)
UNIT_SINGULAR = {"months": "month", "days": "day", "years": "year", "weeks": "week", "employees": "employee",
                 "seats": "seat", "hours": "hour", "percent": "%", "percentage": "%", "pct": "%",
                 "yrs": "year", "yr": "year", "mos": "month", "mo": "month"}
# Exact conversions between units (a year is exactly 12 months): a value in one unit names the
# label in the other when the numbers agree exactly — a conversion, never a rounding.
CONVERSIONS = {("year", "month"): Decimal(12)}
COMMON_UNITS = {"month", "day", "year", "week", "%", "employee", "seat", "hour"}
PLACEHOLDERS = {"", "null", "none", "tbd", "?", "n/a", "na", "-", "...", "unknown", "<acceptable offer>"}

_UNITS_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
               "ninety": 90}
_SCALE_WORDS = {"hundred": 100, "thousand": 1000}
_NUMBER_WORD = re.compile(
    r"\b(?:(?:" + "|".join([*_UNITS_WORDS, *_TENS_WORDS, *_SCALE_WORDS]) + r")(?:[\s-]+(?:and[\s-]+)?|\b))+",
    re.IGNORECASE)


def words_to_digits(text: str) -> str:
    """'twelve hundred dollars' -> '1200 dollars'; 'twenty-one days' -> '21 days'."""

    def convert(match: re.Match[str]) -> str:
        words = [w for w in re.split(r"[\s-]+", match.group(0).lower().strip()) if w and w != "and"]
        total, current = 0, 0
        for word in words:
            if word in _UNITS_WORDS:
                current += _UNITS_WORDS[word]
            elif word in _TENS_WORDS:
                current += _TENS_WORDS[word]
            elif word == "hundred":
                current = (current or 1) * 100
            elif word == "thousand":
                total += (current or 1) * 1000
                current = 0
        trailing = " " if match.group(0)[-1:].isspace() or match.group(0).endswith("-") else ""
        return f"{total + current}{trailing}"

    return _NUMBER_WORD.sub(convert, text)


def _canonical_number(whole: str, fraction: str | None, thousands: str | None) -> str:
    try:
        value = Decimal(whole.replace(",", "") + (f".{fraction}" if fraction else ""))
    except InvalidOperation:
        return whole
    if thousands:
        value *= 1000
    text = format(value.normalize(), "f")
    return text


def numbers_in(text: str) -> list[str]:
    """Canonical decimal strings of the numbers in a text ('$1,200.00' -> ['1200'])."""
    return [_canonical_number(m.group(1), m.group(2), m.group(3)) for m in NUMBER.finditer(text)]


def normalise(value: str) -> str:
    """The comparable form of a value: lower case, no currency, canonical numbers, singular
    units, no spaces ('$1,000' -> '1000', '12-Month' -> '12month', '5 : 5' -> '5-5')."""
    text = words_to_digits(str(value).lower())
    text = CURRENCY.sub(" ", text)
    text = re.sub(r"[\u2012-\u2015\u2212]", "-", text)
    text = re.sub(r"(?<=\d)\s*[:/–]\s*(?=\d)", "-", text)
    text = NUMBER.sub(lambda m: _canonical_number(m.group(1), m.group(2), m.group(3)), text)
    text = re.sub(r"(?<=\d)-(?=[a-z])", " ", text)
    words = [UNIT_SINGULAR.get(w, w) for w in re.findall(r"[a-z]+|[^a-z\s]+", text)]
    return "".join(words)


_RATE = re.compile(r"(?:\bper|\ba|\ban|\beach|\bevery|/)\s*(?:month|year|week|day|annum)\b|\bmonthly\b|"
                   r"\bannual(?:ly)?\b|\byearly\b|\bp\.?\s?a\b\.?")


def unit_tokens(value: str) -> set[str]:
    """Words and '%' of a value besides its numbers, currency and rate ('per month'), singularised."""
    text = _RATE.sub(" ", CURRENCY.sub(" ", words_to_digits(str(value).lower())))
    tokens = {UNIT_SINGULAR.get(w, w) for w in re.findall(r"[a-z]+", text)}
    if "%" in text:
        tokens.add("%")
    return tokens


def has_currency(value: str) -> bool:
    return bool(CURRENCY.search(str(value)))


MatchKind = Literal["label", "invalid", "ambiguous", "empty"]


@dataclass(frozen=True)
class ValueMatch:
    kind: MatchKind
    label: str | None = None
    candidates: tuple[str, ...] = ()


@dataclass
class IssueLabels:
    """How one issue's labels can be written."""

    issue: Issue
    by_normal: dict[str, str] = field(default_factory=dict)
    by_number: dict[str, list[str]] = field(default_factory=dict)
    units: dict[str, set[str]] = field(default_factory=dict)  # label -> its unit tokens
    currency: bool = False  # labels are amounts of money

    @classmethod
    def of(cls, issue: Issue) -> "IssueLabels":
        table = cls(issue)
        clashes: set[str] = set()
        for label in issue.labels:
            spellings = {label, issue.side_label(1, label)}
            for spelling in spellings:
                key = normalise(spelling)
                if table.by_normal.get(key, label) != label:
                    clashes.add(key)
                table.by_normal[key] = label
            numbers = numbers_in(words_to_digits(label))
            if len(numbers) == 1:
                table.by_number.setdefault(numbers[0], []).append(label)
            table.units[label] = unit_tokens(label)
            table.currency = table.currency or has_currency(label)
        for key in clashes:
            del table.by_normal[key]
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
        """The label meaning none at all ("0 days", "$0"), if the issue has exactly one."""
        found = self.by_number.get("0", [])
        return found[0] if len(found) == 1 else None

    @property
    def all_units(self) -> set[str]:
        return set().union(*self.units.values()) if self.units else set()

    def _converted(self, numbers: list[str], value_units: set[str]) -> ValueMatch | None:
        if len(set(numbers)) != 1:
            return None
        for (source, target), factor in CONVERSIONS.items():
            if source in value_units and target in self.all_units and source not in self.all_units:
                wanted = format((Decimal(numbers[0]) * factor).normalize(), "f")
                labels = [label for label in self.by_number.get(wanted, []) if target in self.units[label]]
                if len(labels) == 1:
                    return ValueMatch("label", labels[0])
        return None

    def match(self, value: object, known_units: set[str]) -> ValueMatch:
        """Map one written value to a label of this issue, or say why not."""
        if value is None or isinstance(value, bool):
            return ValueMatch("empty")
        text = str(value).strip().strip("\"'").strip()
        if text.lower().rstrip(".") in PLACEHOLDERS:
            return ValueMatch("empty")
        exact = self.by_normal.get(normalise(text))
        if exact is not None:
            return ValueMatch("label", exact)
        if re.match(r"^(?:no|zero|not allowed|none allowed)\b", text.lower()) and self.zero_label():
            return ValueMatch("label", self.zero_label())  # "no subletting", "no fees"
        numbers = numbers_in(words_to_digits(text.lower()))
        if not numbers:
            return ValueMatch("invalid")
        value_units = unit_tokens(text) & (known_units | COMMON_UNITS)
        converted = self._converted(numbers, value_units)
        if converted is not None:
            return converted
        labels: list[str] = []
        for number in dict.fromkeys(numbers):
            for label in self.by_number.get(number, []):
                if value_units <= self.units[label] and label not in labels:
                    labels.append(label)
        if len(labels) == 1 and (len(numbers) == 1 or len(set(numbers)) == 1):
            return ValueMatch("label", labels[0])
        if len(labels) >= 2:
            return ValueMatch("ambiguous", candidates=tuple(labels))
        return ValueMatch("invalid")


@dataclass
class GameLabels:
    """Label matchers for every issue of a game, and how issue names are written."""

    game: Game
    issues: dict[str, IssueLabels]
    known_units: set[str]

    @classmethod
    def of(cls, game: Game) -> "GameLabels":
        issues = {issue.name: IssueLabels.of(issue) for issue in game.issues}
        # Every word that follows a label's number is a unit of this game ('month', 'million').
        units = set().union(*(table.all_units for table in issues.values()))
        return cls(game, issues, units)

    def match(self, issue_name: str, value: object) -> ValueMatch:
        return self.issues[issue_name].match(value, self.known_units)

    @cached_property
    def issue_stems(self) -> dict[str, tuple[set[str], set[str]]]:
        """Per issue: the stems of its name, and of description words no other issue uses
        (how messages name an issue)."""
        names = {issue: stem_words(issue) for issue in self.issues}
        described = {issue: stem_words(" ".join(table.issue.descriptions), description=True)
                     for issue, table in self.issues.items()}
        secondary = {}
        for issue, words in described.items():
            others = set().union(*(w | names[o] for o, w in described.items() if o != issue))
            secondary[issue] = words - others - names[issue]
        return {issue: (names[issue], secondary[issue]) for issue in self.issues}

    def issue_for_key(self, key: str) -> str | None:
        """The game issue a JSON key names: case-, space- and punctuation-insensitive; a key whose
        words contain, or are contained in, exactly one issue name's words also names it."""
        wanted = _key_words(key)
        if not wanted:
            return None
        exact = [name for name in self.issues if _key_words(name) == wanted]
        if exact:
            return exact[0]
        loose = [name for name in self.issues
                 if _key_words(name) <= wanted or (wanted <= _key_words(name) and len(wanted) >= 1)]
        if len(loose) == 1:
            return loose[0]
        if loose:
            return None
        # "Board Seats" names the issue whose description, alone, speaks of board seats.
        described = [name for name, table in self.issues.items()
                     if wanted <= _key_words(" ".join(table.issue.descriptions))]
        return described[0] if len(described) == 1 else None


_KEY_STOPWORDS = {"the", "of", "a", "an", "and", "monthly", "level", "total", "number", "proposed",
                  "offer", "acceptable", "you", "have", "to", "negotiate", "how", "is", "are", "will", "be",
                  "what", "that", "this", "your", "for", "in", "on", "with", "as", "by", "it", "can", "each",
                  "which", "we", "our", "their", "they", "or", "not", "at", "from", "company", "companies"}


_DESCRIPTION_STOPWORDS = {"the", "of", "a", "an", "and", "you", "have", "to", "negotiate", "negotiation", "how",
                          "is", "are", "will", "be", "what", "that", "this", "your", "for", "in", "on", "with",
                          "as", "by", "it", "can", "each", "which", "we", "our", "their", "they", "or", "not",
                          "at", "from", "amount", "may", "many", "much", "want", "get", "possible"}


def stem_words(text: str, description: bool = False) -> set[str]:
    """Stems of the content words of a text, for finding issues named in messages. Stems are
    5-letter prefixes, so 'monthly', 'months' and 'month' agree."""
    if not description:
        return {w[:5] for w in _key_words(text)}
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {w[:5] for w in words if w not in _DESCRIPTION_STOPWORDS and len(w) > 2}


def _key_words(text: str) -> set[str]:
    """Words of a key, stemmed by truncation ('subletting' and 'sublet' agree)."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    kept = [w for w in words if w not in _KEY_STOPWORDS] or words
    return {w[:6] for w in kept}


@lru_cache(maxsize=256)
def label_cache(game: Game) -> GameLabels:
    """The label matchers of a game, built once (games are immutable and hashable)."""
    return GameLabels.of(game)
