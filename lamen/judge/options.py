"""Offers laid out as options ("Option A: $1,300 rent, 12 months. Option B: $1,200 rent, 24
months."): the option the writer chooses ("Going with Option B", "we'll take Option A") is the
offer; with none chosen, an issue with the same value in every option is offered and an issue
whose value differs between options is ambiguous, never guessed between."""

from __future__ import annotations

import re
from typing import Callable

from lamen.judge.caseless import folded
from lamen.judge.extraction import Extraction

_KIND = r"(?:option|package|alternative|choice|scenario|plan)"
_HEADER = re.compile(rf"\b{_KIND}\s+(?P<name>[A-Da-d]|[1-4])\b\s*(?:[:)—–]|-\s|\(|\.\s)", re.IGNORECASE)
_CHOICE = re.compile(
    rf"\b(?:going\s+with|go(?:ing)?\s+(?:with|for)|take|taking|pick(?:ed|ing)?|my\s+pick\s*:?|choos(?:e|ing)|chose|"
    rf"prefer(?:red)?|offering|select(?:ed|ing)?|opt(?:ing)?\s+for|settle[ds]?\s+on|accept(?:ing)?|recommend|"
    rf"(?:lead|open|start)(?:ing)?\s+with|present(?:ing)?|propos(?:e|ing))\s+"
    rf"(?:your\s+|the\s+|our\s+|number\s+|no\.\s*)?(?:(?P<kind>{_KIND})\s+)?"
    # (a bare "2 days" is a value, but "Option B this round", "Option 2 first" name the option)
    rf"(?:#\s?(?P<hash>[1-9])|(?P<name>[A-Da-d]|[1-9])\b(?(kind)(?![$€£%\d]|[.,]\d)|(?![$€£%\d]|[.,]\d|\s*[-–]?\s*[^\W\d_]))|"
    rf"(?P<ordinal>first|second|third|fourth|last|latter|former)\b(?!\s+(?:time|round|offer|proposal|issue)))",
    re.IGNORECASE)
# Round 28 (notes28): a choice stated as the answer to the options rather than with a verb: "Acceptable
# offer: Option 1.", "Acceptable offer = option A.", "Answer: (b).", "Decision — package 2".
_STATED_CHOICE = re.compile(
    rf"\b(?:acceptable\s+offer|(?:my\s+)?answer|decision|verdict|final(?:\s+(?:choice|answer|offer|pick))?|(?:my\s+)?(?:choice|pick))"
    rf"\s*(?:[:=—–]|\bis\b)\s*(?:the\s+)?(?:(?P<kind>{_KIND})\s+)?\(?(?P<name>[A-Da-d]|[1-9])\)?(?=\s*(?:[.,;!]|$))",
    re.IGNORECASE | re.MULTILINE)
# Round 28 (notes28): packages ranked by ordinal rather than named ("1st choice: …", "2nd choice → …",
# "First preference — …"), each leading its line: options, the rank their name.
_RANK_HEADER = re.compile(r"(?im)^[ \t>*_-]*(?P<name>1st|2nd|3rd|4th|first|second|third|fourth)\s+"
                          r"(?:choice|preference|option|pick|package|best)\b[*_]*\s*(?:[:—–]|->|→|-\s)[ \t]*")
_ORDINALS = {"first": 0, "former": 0, "second": 1, "third": 2, "fourth": 3, "last": -1, "latter": -1}
Reader = Callable[[str], Extraction]


_LAST_OPTION_END = re.compile(r"\n|[.?!]\s+(?=[A-Z])|(?<=[.!?])$")


def _segments(text: str, headers: list[re.Match[str]]) -> tuple[dict[str, str], str]:
    """Each option's text (to the next option, the last to the end of its line or sentence), and
    the text around the options, which holds what they share and any choice."""
    options: dict[str, str] = {}
    for index, header in enumerate(headers):
        if index + 1 < len(headers):
            end = headers[index + 1].start()
        else:
            # (round 27: a question or exclamation ends the last option too: "(b) $1,100 with 24
            # months? Deposit $1,000 either way" shares the deposit)
            stop = _LAST_OPTION_END.search(text, header.end())
            end = stop.end() if stop else len(text)
        # The header ("Option 1:") is no value: only what follows it is read.
        options[(header.groupdict().get("line") or header.group("name")).upper()] = text[header.end():end]
    rest = text[:headers[0].start()] + " " + text[end:]
    return options, rest


# "1) ... or 2) ...", "(a) ... or (b) ...", and, one to a line, "1. ...", "#2 ...", "B) ...":
# options numbered without a word.
_BARE_HEADER = re.compile(r"(?:^|(?<=[\s,;:]))\(?(?P<name>[1-4]|[a-d])\)[ \t]*|"
                          r"^[ \t]*(?:#|\()?(?P<line>[1-4]|[A-Da-d])(?:[.)]|\s*[:—–-])[ \t]+(?!\d)", re.IGNORECASE | re.MULTILINE)
_OR = re.compile(r"\bor\b|\beither\b", re.IGNORECASE)
# Where a second, alternative package starts: "Otherwise it's $1,300 for 12 months", "...; for
# 12 months it would be $1,200", "Alternatively, ...".
_ALTERNATIVE_BREAK = re.compile(r"(?:[.;,!]\s*|\s+)(?=(?:otherwise|alternatively|or else|or if|if instead)\b)|"
                                # "8 hours and a premium album for $3,500 — or 6 hours ... for $3,000"
                                r"\s*(?:[—–]|\s-{1,2}\s|;)\s*or\b,?\s*|"
                                r";\s*(?=(?:for|if|with)\b)|[.!]\s+(?=(?:for|if|with)\b)(?!with\s+(?:that|this|all\s+(?:that|this))\s+in\s+mind\b)|\bor,?\s+(?=if\b)|"
                                # "$1,100 on a 24-month lease, or $1,200 if you prefer 12 months"
                                r",\s*or\s+(?=[$€£]?\d[^.;!?]{0,40}\bif\b)",
                                re.IGNORECASE)


def _header_name(header: re.Match[str]) -> str:
    return (header.group("name") or header.group("line")).upper()


def _numbered_headers(text: str) -> list[re.Match[str]]:
    """Bare option numbers ("1)", "(b)", a line starting "2.") in order from the first."""
    headers: list[re.Match[str]] = []
    for header in _BARE_HEADER.finditer(text):
        name = _header_name(header).lower()
        expected = "1" if not headers or _header_name(headers[0]).isdigit() else "a"
        if not headers:
            expected = "1" if name.isdigit() else "a"
        position = ord(name) - ord(expected) if len(name) == 1 else -1
        if position == len(headers) and (name.isdigit() == expected.isdigit()):
            headers.append(header)
    return headers if len(headers) >= 2 else []


def _are_options(text: str, headers: list[re.Match[str]], options: dict[str, str], rest: str, read: Reader) -> bool:
    """Numbered parts are options, not a numbered list of issues or reasons, when "or" (or
    "either") stands between the first two, when the text chooses one of them ("Going with #2"),
    or when each part is a whole package (values for two or more issues)."""
    if _OR.search(text, headers[0].end(), headers[1].start()) or \
            _OR.search(text[max(0, headers[0].start() - 30):headers[0].start()]):
        return True
    if _chosen(rest, options) is not None:
        return True
    return all(len({*r.offers, *r.invalid, *r.ambiguous}) >= 2 for r in (read(part) for part in options.values()))


def _inner_names(options: dict[str, str]) -> dict[str, str]:
    """Names written inside numbered options ("1. **Option A** — rent $1,000"): name -> option."""
    inner = {}
    for key, part in options.items():
        named = re.match(rf"[\W_]*{_KIND}\s+([A-Da-d]|[1-4])\b", part, re.IGNORECASE)
        if named:
            inner[named.group(1).upper()] = key
    return inner if len(inner) == len(options) else {}


def _chosen(rest: str, options: dict[str, str]) -> str | None:
    """The name of the option the text around the options chooses, if it chooses one; an option
    numbered "2." and named "Option B" inside is chosen by either name."""
    names = list(options)
    inner = _inner_names(options)
    for choice in [*_CHOICE.finditer(rest), *_STATED_CHOICE.finditer(rest)]:
        found = choice.groupdict()
        if found.get("ordinal"):
            index = _ORDINALS[folded(found["ordinal"])]
            if index < len(names):
                return names[index]
            continue
        name = (found.get("hash") or found.get("name") or "").upper()
        if name in inner and (found.get("kind") or name not in options):
            return inner[name]
        if name in options and (found.get("kind") or found.get("hash") or choice.re is _STATED_CHOICE or not name.isdigit()
                                or re.match(r"\s*(?:[,.;!)]|$)", rest[choice.end():])):
            return name
    return None


_KEEPS_THE_REST = re.compile(r"\b(?:same|unchanged|as\s+before|everything\s+else|the\s+rest)\b", re.IGNORECASE)


def read_alternatives(text: str, read: Reader,
                      speaks_of: Callable[[str, str], bool] | None = None) -> Extraction | None:
    """Alternative packages written without option names ("If you accept 24 months, rent $1,100.
    Otherwise it's $1,300 for 12 months."): read as options when at least two parts offer
    something and two of them give one issue different values; else None. `speaks_of(part,
    issue)`: whether a part names an issue in words (round 21: such a part that reads no value for
    it does not leave it as it was)."""
    if not _ALTERNATIVE_BREAK.search(text):
        return None
    parts = [part for part in _ALTERNATIVE_BREAK.split(text) if part and part.strip()]
    read_parts = [(part, reading) for part, reading in ((part, read(part)) for part in parts) if reading.found_anything]
    readings = [reading for _, reading in read_parts]
    if len(readings) < 2:
        return None
    values = [{**{issue: "?" for issue in r.ambiguous}, **r.invalid, **r.offers} for r in readings]
    clash = any(len({value[issue] for value in values if issue in value}) > 1 for issue in set().union(*values))
    if not clash:
        return None
    # (an issue read in one part and named in words, with no value read, in another: "$140 for a
    # garage-size unit — or $100 for a walk-in" is no garage-size unit either way)
    # (not a part that says it keeps the rest: "same terms otherwise")
    spoken = {issue for part, reading in read_parts for issue in set().union(*values)
              if speaks_of is not None and issue not in reading.offers and not _KEEPS_THE_REST.search(part)
              and speaks_of(part, issue)}
    return _merged(readings, inherit=True, spoken=spoken)


def read_options(text: str, read: Reader) -> Extraction | None:
    """The reading of a text that lays out two or more options, or None when it does not."""
    headers = list(_HEADER.finditer(text))
    names = [h.group("name").upper() for h in headers]
    numbered = len(set(names)) < 2 or len(names) != len(set(names))
    if numbered and ("choice" in text or "pref" in text or "Choice" in text or "Pref" in text) and \
            len(ranked := list(_RANK_HEADER.finditer(text))) >= 2:
        headers, numbered = ranked, False
    if numbered:
        headers = _numbered_headers(text)
        if not headers:
            return None
    options, rest = _segments(text, headers)
    if numbered and not _are_options(text, headers, options, rest, read):
        return None
    name = _chosen(rest, options)
    if name is not None:
        return read(f"{rest.strip()}\n{options[name]}")
    return _merged([read(f"{option}\n{rest.strip()}") for option in options.values()])


def _merged(readings: list[Extraction], inherit: bool = False, spoken: set[str] | frozenset[str] = frozenset()) -> Extraction:
    """Options with none chosen: what they share is offered, what differs is ambiguous. With
    `inherit` (alternatives written as prose), an issue only some parts name keeps its value:
    the other parts leave it as it was."""
    offers: dict[str, str] = {}
    invalid: dict[str, str] = {}
    ambiguous: list[str] = []
    issues = dict.fromkeys(i for r in readings for i in [*r.offers, *r.invalid, *r.ambiguous])
    for issue in issues:
        values = {r.offers.get(issue) or (f"invalid:{r.invalid[issue]}" if issue in r.invalid else None)
                  for r in readings}
        if inherit and len(values - {None}) == 1 and issue not in spoken:
            values -= {None}
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
