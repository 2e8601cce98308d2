"""Numbers, units and currency as agents write them: canonical numbers ("$1,200.00" -> "1200"),
the comparable form of a value, unit words, exact unit conversions, and the quantities of a
value once its asides and rates are dropped."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache

from lamen.judge.values import local_forms, words_to_digits

NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(k\b)?", re.IGNORECASE)
CURRENCY = re.compile(r"[$€£]|\b(?:usd|eur|euros?|dollars?|bucks)\b", re.IGNORECASE)
UNIT_SINGULAR = {"months": "month", "days": "day", "years": "year", "weeks": "week", "employees": "employee",
                 "seats": "seat", "hours": "hour", "percent": "%", "percentage": "%", "pct": "%",
                 "yrs": "year", "yr": "year", "mos": "month", "mo": "month", "wk": "week", "wks": "week",
                 "hrs": "hour", "hr": "hour", "nights": "night"}
# Letters models abbreviate units to ("18m", "3d"): a unit only where the game has that unit.
UNIT_LETTERS = {"m": "month", "d": "day", "y": "year", "w": "week", "h": "hour"}
# Exact conversions between units: a value in one unit names the label in the other when the
# numbers agree exactly — a conversion, never a rounding.
CONVERSIONS = {("year", "month"): Fraction(12), ("month", "year"): Fraction(1, 12),
               ("week", "day"): Fraction(7), ("week", "night"): Fraction(7)}
COMMON_UNITS = {"month", "day", "year", "week", "%", "employee", "seat", "hour"}
_UNITS_KEPT = frozenset(COMMON_UNITS | {source for source, _ in CONVERSIONS})
_PARENTHESES = re.compile(r"\((?!\s*(?:or|maybe|possibly|perhaps)\b)[^()]*\)|\[[^\[\]]*\]", re.IGNORECASE)
_RATE = re.compile(r"(?:\bper|\ba|\ban|\beach|\bevery|/)\s*(?:month|year|week|day|annum|mo|yr|y|m)\b|\bmonthly\b|"
                   r"\bannual(?:ly)?\b|\byearly\b|\bp\.?\s?a\b\.?|\bapr\b")
_QUANTITY = re.compile(r"(?P<cur>[$€£])?\s?(?P<num>(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?P<k>k\b)?"
                       r"(?:[\s-]?(?P<unit>%|[a-z]+))?", re.IGNORECASE)



def _canonical_number(whole: str, fraction: str | None, thousands: str | None) -> str:
    try:
        value = Decimal(whole.replace(",", "") + (f".{fraction}" if fraction else ""))
    except InvalidOperation:
        return whole
    if thousands:
        value *= 1000
    return format(value.normalize(), "f")


def decimal_text(value: Fraction) -> str | None:
    """A fraction as a canonical decimal string, or None when it has no finite decimal form."""
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(decimal) != value:
        return None
    return format(decimal.normalize(), "f")


def numbers_in(text: str) -> list[str]:
    """Canonical decimal strings of the numbers in a text ('$1,200.00' -> ['1200'])."""
    return [_canonical_number(m.group(1), m.group(2), m.group(3)) for m in NUMBER.finditer(text)]


# Compiled once: normalise and _unit_tokens run for every value of every reading.
_DASHES = re.compile(r"[\u2012-\u2015\u2212]")
_PAIR_SEPARATOR = re.compile(r"(?<=\d)\s*[:/–]\s*(?=\d)")
_DIGIT_DASH_WORD = re.compile(r"(?<=\d)-(?=[a-z])")
_NORMAL_TOKENS = re.compile(r"[a-z]+|[^a-z\s]+")
_LETTERS = re.compile(r"[a-z]+")
_DIGIT_OR_WORD = re.compile(r"\d|[a-z]{3}")


@lru_cache(maxsize=4096)
def normalise(value: str) -> str:
    """The comparable form of a value: lower case, no currency, canonical numbers, singular
    units, no spaces ('$1,000' -> '1000', '12-Month' -> '12month', '5 : 5' -> '5-5')."""
    text = words_to_digits(str(value).lower())
    text = CURRENCY.sub(" ", text)
    text = _DASHES.sub("-", text)
    text = _PAIR_SEPARATOR.sub("-", text)
    text = NUMBER.sub(lambda m: _canonical_number(m.group(1), m.group(2), m.group(3)), text)
    text = _DIGIT_DASH_WORD.sub(" ", text)
    words = [UNIT_SINGULAR.get(w, w) for w in _NORMAL_TOKENS.findall(text)]
    return "".join(words)


def unit_tokens(value: str) -> set[str]:
    return set(_unit_tokens(str(value)))


@lru_cache(maxsize=4096)
def _unit_tokens(value: str) -> frozenset[str]:
    """Words and '%' of a value besides its numbers, currency and rate ('per month'), singularised."""
    text = _RATE.sub(" ", CURRENCY.sub(" ", words_to_digits(str(value).lower())))
    tokens = {UNIT_SINGULAR.get(w, w) for w in _LETTERS.findall(text)}
    if "%" in text:
        tokens.add("%")
    return frozenset(tokens)


def has_currency(value: str) -> bool:
    return bool(CURRENCY.search(str(value)))


@dataclass(frozen=True)
class Quantity:
    number: str
    units: frozenset[str]  # singular unit words and '%'; currency is not a unit
    currency: bool


def quantities(text: str, known_units: set[str] | frozenset[str]) -> list[Quantity]:
    """The numbers of a prepared (lower-case, digits for words) value with their units."""
    found = []
    for match in _QUANTITY.finditer(text):
        unit = (match.group("unit") or "").lower()
        unit = UNIT_SINGULAR.get(unit, unit)
        if unit in UNIT_LETTERS and UNIT_LETTERS[unit] in known_units:
            unit = UNIT_LETTERS[unit]
        currency = bool(match.group("cur")) or unit in ("dollar", "dollars", "usd", "eur", "euro", "euros", "bucks")
        # (a unit is kept if the game knows it, or it is common, or it converts into another)
        units = frozenset((unit,)) if unit in known_units or unit in _UNITS_KEPT else frozenset()
        number = _canonical_number(match.group("num").split(".")[0], (match.group("num").split(".") + [None])[1],
                                   match.group("k"))
        found.append(Quantity(number, units, currency))
    return found


@lru_cache(maxsize=4096)
def prepare(value: str) -> str:
    """A value as the grammar reads it: local number formats and number words resolved, asides
    in parentheses and rates ('/month', 'per year') dropped."""
    text = words_to_digits(local_forms(str(value))).lower()
    outside = _PARENTHESES.sub(" ", text)
    if _DIGIT_OR_WORD.search(outside):
        text = outside
    text = re.sub(r"\bhalf\b", "0.5", text) if not re.search(r"\d", text) else text
    text = CURRENCY.sub(lambda m: "$" if m.group(0) in "$€£" else " dollars", text)
    return _RATE.sub(" ", text)
