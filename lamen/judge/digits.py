"""Digits of every script as ASCII digits, before any number is read: full-width (`１，２００`),
Arabic-Indic (`١٬٢٠٠`, `٢٫٥٪`), Persian (`۱۲۰۰`), Devanagari (`१,२००`) and the other decimal
digits Unicode knows. A number's separators in those scripts (the full-width comma and point,
the Arabic thousands and decimal marks, the full-width and Arabic percent) become ASCII too, so
one number grammar reads them all."""

from __future__ import annotations

import re
import unicodedata

# Every decimal digit outside ASCII: `\d` of Python's regular expressions is Unicode's decimal
# digits, so a script the readers were never shown is folded all the same, with no table to
# build or keep.
_FOREIGN_DIGIT = re.compile(r"(?![0-9])\d")
# Marks that are a number's separators only between digits (the full-width comma is also the
# CJK comma between words, so it is folded only there).
_SEPARATORS = {"\uff0c": ",", "\u066c": ",", "\uff0e": ".", "\u066b": "."}
_BETWEEN_DIGITS = re.compile(r"(?<=\d)[\uff0c\u066c\uff0e\u066b](?=\d)")
_MARKS = str.maketrans({"\uff05": "%", "\u066a": "%", "\uff04": "$", "\uff0d": "-", "\u2212": "-"})


# Round 26: keycap digits ("1️⃣8️⃣ meses", "$6️⃣,0️⃣0️⃣0️⃣", "3️⃣% rate"): a digit, the emoji variation
# selector and the enclosing keycap. A run of them is the number; a single keycap opening a line
# ("2️⃣ Duration: 5 years") numbers a list and stays.
_KEYCAP_RUN = re.compile(r"(?:\d\ufe0f?\u20e3)+")
_KEYCAP_MARKS = re.compile("[\ufe0f\u20e3]")


def _keycap(match: re.Match[str]) -> str:
    digits = _KEYCAP_MARKS.sub("", match.group(0))
    if len(digits) == 1 and not match.string[:match.start()].rsplit("\n", 1)[-1].strip(" \t*-•>#|"):
        return match.group(0)
    return digits


def ascii_digits(text: str) -> str:
    """The text with every decimal digit, and the separators and percent signs between and after
    them, in ASCII ('月１，３００ドル' -> '月1,300ドル', '٢٫٥٪' -> '2.5%'); other text unchanged."""
    if text.isascii():
        return text
    if "\u20e3" in text:
        text = _KEYCAP_RUN.sub(_keycap, text)
    if not _FOREIGN_DIGIT.search(text):
        return text
    folded = _FOREIGN_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group(0))), text)
    folded = _BETWEEN_DIGITS.sub(lambda m: _SEPARATORS[m.group(0)], folded)
    return folded.translate(_MARKS)
