"""Dates written the ways models write them, rewritten into the "Month D" form a game's date labels
use ("March 16"), so that one reading of labels serves every notation: an ISO date "2026-03-16",
a day before its month "16 March", "16th of March", "2. März", "16 Mart", and the CJK "3月16日".
Applied only to the text of a game that has date labels: in any other game "16 March" is left
alone, and so is a day-month date whose month is no label's (it is no value of the game)."""

from __future__ import annotations

import re
from functools import lru_cache

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
# Month names of the languages of the gold parts (lower case, accents kept), one row a month.
_MONTH_WORDS: tuple[tuple[str, ...], ...] = (
    ("january", "jan", "januar", "janvier", "enero", "gennaio", "janeiro", "januari", "ocak", "styczeń", "stycznia"),
    ("february", "feb", "februar", "février", "febrero", "febbraio", "fevereiro", "februari", "şubat", "lutego"),
    ("march", "mar", "märz", "mars", "marzo", "março", "maart", "mart", "marca", "marts", "mars"),
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
_MONTH_OF = {word: MONTHS[index] for index, words in enumerate(_MONTH_WORDS) for word in words}
_MONTH_ALTERNATION = "|".join(sorted((re.escape(word) for word in _MONTH_OF), key=len, reverse=True))

_ISO = re.compile(r"(?<![\d-])(?:19|20)\d\d-(\d{1,2})-(\d{1,2})(?![\d-])")
# "16 March", "16th of March", "2. März", "2 de marzo", "Mon 2 March": the day before the month.
_DAY_MONTH = re.compile(rf"(?<![\d.,$€£/-])(\d{{1,2}})(?:st|nd|rd|th|er|e|º|\.)?\s+(?:of\s+|de\s+|di\s+)?"
                        rf"({_MONTH_ALTERNATION})\b\.?", re.IGNORECASE)
_CJK = re.compile(r"(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_DATE_LABEL = re.compile(rf"^(?:{'|'.join(MONTHS)}) \d{{1,2}}$")


def is_date_label(label: str) -> bool:
    """A label written "Month D" ("March 16")."""
    return bool(_DATE_LABEL.match(label))


def _month_day(month: int, day: int) -> str | None:
    return f"{MONTHS[month - 1]} {day}" if 1 <= month <= 12 and 1 <= day <= 31 else None


@lru_cache(maxsize=2048)
def in_label_form(text: str) -> str:
    """The text with its dates written "Month D"; everything else as it was."""
    if not re.search(r"\d", text):
        return text
    text = _ISO.sub(lambda m: _month_day(int(m.group(1)), int(m.group(2))) or m.group(0), text)
    text = _DAY_MONTH.sub(lambda m: f"{_MONTH_OF[m.group(2).lower()]} {int(m.group(1))}"
                          if 1 <= int(m.group(1)) <= 31 else m.group(0), text)
    return _CJK.sub(lambda m: _month_day(int(m.group(1)), int(m.group(2))) or m.group(0), text)
