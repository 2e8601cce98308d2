"""Offers laid out as options ("Option A: $1,300 rent, 12 months. Option B: $1,200 rent, 24
months."): the option the writer chooses ("Going with Option B", "we'll take Option A") is the
offer; with none chosen, an issue with the same value in every option is offered and an issue
whose value differs between options is ambiguous, never guessed between."""

from __future__ import annotations

import re
from typing import Callable

from lamen.judge.extraction import Extraction

_KIND = r"(?:option|package|alternative|choice|scenario|plan)"
_HEADER = re.compile(rf"\b{_KIND}\s+(?P<name>[A-Da-d]|[1-4])\b\s*(?:[:)—–]|-\s|\(|\.\s)", re.IGNORECASE)
_CHOICE = re.compile(
    rf"\b(?:going\s+with|go(?:ing)?\s+(?:with|for)|take|taking|pick(?:ed|ing)?|my\s+pick\s*:?|choos(?:e|ing)|chose|"
    rf"prefer(?:red)?|offering|select(?:ed|ing)?|opt(?:ing)?\s+for|settle[ds]?\s+on|accept(?:ing)?|recommend)\s+"
    rf"(?:your\s+|the\s+|our\s+)?(?:(?P<kind>{_KIND})\s+)?(?P<name>[A-Da-d]|[1-4])\b(?![$€£%\d]|[.,]\d)", re.IGNORECASE)
Reader = Callable[[str], Extraction]


def _segments(text: str, headers: list[re.Match[str]]) -> tuple[dict[str, str], str]:
    """Each option's text (to the next option, the last to the end of its line or sentence), and
    the text around the options, which holds what they share and any choice."""
    options: dict[str, str] = {}
    for index, header in enumerate(headers):
        if index + 1 < len(headers):
            end = headers[index + 1].start()
        else:
            stop = re.compile(r"\n|\.\s+(?=[A-Z])|(?<=[.!?])$").search(text, header.end())
            end = stop.end() if stop else len(text)
        # The header ("Option 1:") is no value: only what follows it is read.
        options[header.group("name").upper()] = text[header.end():end]
    rest = text[:headers[0].start()] + " " + text[end:]
    return options, rest


def read_options(text: str, read: Reader) -> Extraction | None:
    """The reading of a text that lays out two or more options, or None when it does not."""
    headers = list(_HEADER.finditer(text))
    names = [h.group("name").upper() for h in headers]
    if len(set(names)) < 2 or len(names) != len(set(names)):
        return None
    options, rest = _segments(text, headers)
    for choice in _CHOICE.finditer(rest):
        name = choice.group("name").upper()
        if name in options and (choice.group("kind") or not name.isdigit()):
            return read(f"{rest.strip()}\n{options[name]}")
    readings = [read(f"{option}\n{rest.strip()}") for option in options.values()]
    offers: dict[str, str] = {}
    invalid: dict[str, str] = {}
    ambiguous: list[str] = []
    issues = dict.fromkeys(i for r in readings for i in [*r.offers, *r.invalid, *r.ambiguous])
    for issue in issues:
        values = {r.offers.get(issue) or (f"invalid:{r.invalid[issue]}" if issue in r.invalid else None)
                  for r in readings}
        if len(values) == 1 and None not in values and not any(issue in r.ambiguous for r in readings):
            value = values.pop() or ""
            if value.startswith("invalid:"):
                invalid[issue] = value.removeprefix("invalid:")
            else:
                offers[issue] = value
        else:
            ambiguous.append(issue)
    return Extraction(method=readings[0].method if offers or invalid else "text", offers=offers, invalid=invalid,
                      ambiguous=tuple(ambiguous), confidence="unsure", reason="options offered, none chosen")
