"""Dates written the ways models write them, rewritten into the "Month D" form a game's date labels
use ("March 16"), so that one reading of labels serves every notation: an ISO date "2026-03-16",
a day before its month "16 March", "16th of March", "2. März", "16 Mart", and the CJK "3月16日".
Applied only to the text of a game that has date labels: in any other game "16 March" is left
alone, and so is a day-month date whose month is no label's (it is no value of the game)."""

from __future__ import annotations

import re
from functools import lru_cache

from lamen.judge.caseless import folded, folded_keys

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
# Month names of the languages of the gold parts (lower case, accents kept), one row a month.
_MONTH_WORDS: tuple[tuple[str, ...], ...] = (
    ("january", "jan", "januar", "janvier", "enero", "gennaio", "janeiro", "januari", "ocak", "styczeń", "stycznia"),
    ("february", "feb", "februar", "février", "febrero", "febbraio", "fevereiro", "februari", "şubat", "lutego"),
    ("march", "mar", "märz", "mars", "marzo", "março", "maart", "mart", "marca", "marts"),
    ("april", "apr", "avril", "abril", "aprile", "nisan", "kwietnia"),
    ("may", "mai", "mayo", "maggio", "maio", "mei", "mayıs", "maja"),
    ("june", "jun", "juni", "juin", "junio", "giugno", "junho", "haziran", "czerwca"),
    ("july", "jul", "juli", "juillet", "julio", "luglio", "julho", "temmuz", "lipca"),
    ("august", "aug", "août", "agosto", "augustus", "ağustos", "sierpnia"),
    ("september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro", "eylül", "września"),
    ("october", "oct", "oktober", "octobre", "octubre", "ottobre", "outubro", "ekim", "października"),
    ("november", "nov", "novembre", "noviembre", "novembro", "kasım", "listopada"),
    ("december", "dec", "dezember", "décembre", "diciembre", "dicembre", "dezembro", "aralık", "grudnia"),
)
# The genitive month names of Russian and Ukrainian ("с 6 апреля", "16 березня"), one row a month.
_CYRILLIC_MONTHS: tuple[tuple[str, ...], ...] = (
    ("января", "січня"), ("февраля", "лютого"), ("марта", "березня"), ("апреля", "квітня"), ("мая", "травня"),
    ("июня", "червня"), ("июля", "липня"), ("августа", "серпня"), ("сентября", "вересня"), ("октября", "жовтня"),
    ("ноября", "листопада"), ("декабря", "грудня"),
)
_MONTH_WORDS = tuple(latin + cyrillic for latin, cyrillic in zip(_MONTH_WORDS, _CYRILLIC_MONTHS))
# Ordinal words for a day ("the second of March", "Monday the sixteenth").
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
             "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
             "twentieth")
_ORDINAL_DAY = {word: index + 1 for index, word in enumerate(_ORDINALS)} | \
    {f"twenty{joint}{word}": 21 + index for index, word in enumerate(_ORDINALS[:9]) for joint in ("-", " ", "")} | \
    {"thirtieth": 30, "thirty-first": 31, "thirty first": 31}
_ORDINAL_ALTERNATION = "|".join(sorted((re.escape(word) for word in _ORDINAL_DAY), key=len, reverse=True))
_MONTH_OF = {word: MONTHS[index] for index, words in enumerate(_MONTH_WORDS) for word in words}
# (the words as a case-insensitive pattern matches them: "MART", "ŞUBAT")
_ORDINAL_DAY_FOLDED, _MONTH_OF_FOLDED = folded_keys(_ORDINAL_DAY), folded_keys(_MONTH_OF)
_MONTH_ALTERNATION = "|".join(sorted((re.escape(word) for word in _MONTH_OF), key=len, reverse=True))

_ISO = re.compile(r"(?<![\d-])(?:19|20)\d\d-(\d{1,2})-(\d{1,2})(?![\d-])")
# "16 March", "16th of March", "2. März", "2 de marzo", "Mon 2 March": the day before the month.
_DAY_MONTH = re.compile(rf"(?<![\d.,$€£/-])(\d{{1,2}}|(?<![\w-])(?:{_ORDINAL_ALTERNATION}))(?:st|nd|rd|th|er|e|º|\.)?\s+"
                        rf"(?:of\s+|de\s+|di\s+)?({_MONTH_ALTERNATION})(?!\w)\.?", re.IGNORECASE)
# Month before day as CJK and Korean write it ("3月16日", "3월 16일"), and Vietnamese day-month
# ("ngày 16 tháng 3"). (The date is set apart by spaces: CJK text has none between words.)
_CJK = re.compile(r"(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]")
_VIETNAMESE = re.compile(r"\b(?:ngày\s+)?(\d{1,2})\s+tháng\s+(\d{1,2})\b", re.IGNORECASE)
_DATE_LABEL = re.compile(rf"^(?:{'|'.join(MONTHS)}) \d{{1,2}}$")


def is_date_label(label: str) -> bool:
    """A label written "Month D" ("March 16")."""
    return bool(_DATE_LABEL.match(label))


def _month_day(month: int, day: int) -> str | None:
    return f"{MONTHS[month - 1]} {day}" if 1 <= month <= 12 and 1 <= day <= 31 else None


@lru_cache(maxsize=2048)
def in_label_form(text: str) -> str:
    """The text with its dates written "Month D"; everything else as it was."""
    if not re.search(r"\d|(?:st|nd|rd|th)\b", text):
        return text  # no digit and no ordinal word ("the second of March")
    text = _ISO.sub(lambda m: _month_day(int(m.group(1)), int(m.group(2))) or m.group(0), text)
    text = _DAY_MONTH.sub(_day_month, text)
    if "th" in text:
        text = _VIETNAMESE.sub(lambda m: _month_day(int(m.group(2)), int(m.group(1))) or m.group(0), text)
    return _CJK.sub(_set_apart, text)


def _set_apart(match: re.Match[str]) -> str:
    """'3月16日搬入' -> 'March 16 搬入': a space where a letter touches the date."""
    day = _month_day(int(match.group(1)), int(match.group(2)))
    if day is None:
        return match.group(0)
    text, start, end = match.string, match.start(), match.end()
    before = " " if start > 0 and text[start - 1].isalnum() else ""
    after = " " if end < len(text) and text[end].isalnum() else ""
    return f"{before}{day}{after}"


def _day_month(match: re.Match[str]) -> str:
    day = folded(match.group(1))
    number = int(day) if day.isdigit() else _ORDINAL_DAY_FOLDED[day]
    return f"{_MONTH_OF_FOLDED[folded(match.group(2))]} {number}" if 1 <= number <= 31 else match.group(0)


# A day of the month alone ("from the 16th", "Monday the sixteenth"): the one date label of the
# game on that day, if only one is.
_LONE_DAY = re.compile(rf"\bthe\s+(\d{{1,2}}(?:st|nd|rd|th)|{_ORDINAL_ALTERNATION})\b(?!\s+(?:of\s+)?(?:{_MONTH_ALTERNATION})\b)",
                       re.IGNORECASE)


def lone_days(text: str, date_labels: tuple[str, ...]) -> str:
    """The text with a day written alone ("the 16th") as the one date label of that day."""
    if "the" not in text.lower():
        return text

    def label(match: re.Match[str]) -> str:
        day = folded(match.group(1))
        number = int(day[:-2]) if day[0].isdigit() else _ORDINAL_DAY_FOLDED[day]
        named = [date for date in date_labels if date.endswith(f" {number}")]
        return named[0] if len(named) == 1 else match.group(0)

    return _LONE_DAY.sub(label, text)
