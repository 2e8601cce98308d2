"""Round 25: the forms a value or a whole offer takes in the structured text models write, read
by one grammar each.

Offers: a URL query string (`?price=1200&delivery=local+drop-off`) and an SQL INSERT
(`INSERT INTO t (rent, subletting) VALUES ('$1,000', '5 days')`) are key/value pairs like any
other block's.

Values: an ISO 8601 duration (`P2Y`, `P12M`, `P1W`, `P1Y6M`) is that many years, months, weeks or
days; a menu of options with one of them in bold (`$300 / **$400** / $500`) is the bold one; and a
boolean under a key is read by what the key names: a key that is a label's wording
(`"exclusive": true`, `"sole_licence": false`, `"mileageCap": true`) is that label when true and
the other label of a two-label issue when false; a key that names an issue
(`"seed_saving_allowed": false`) is the issue's one label of denial ("no saving") when false.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote_plus

from lamen.judge.labels import GameLabels

Pairs = list[tuple[str, Any]]

_ISO_DURATION = re.compile(r"P(?=\d)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?")


def iso_duration(value: str) -> str | None:
    """'P2Y' -> '2 years', 'P1Y6M' -> '18 months', 'P1W' -> '7 days'; None for anything else."""
    match = _ISO_DURATION.fullmatch(value.strip())
    if match is None:
        return None
    years, months, weeks, days = (int(part) if part else 0 for part in match.groups())
    if not (years or months or weeks or days):
        return None
    if (weeks or days) and (years or months):
        return None  # a mixed calendar span names no one unit
    if weeks or days:
        total = weeks * 7 + days
        return f"{total} day" if total == 1 else f"{total} days"
    if months:
        total = years * 12 + months
        return f"{total} month" if total == 1 else f"{total} months"
    return f"{years} year" if years == 1 else f"{years} years"


_QUERY = re.compile(r"(?<![\w/.])\??(?P<body>[A-Za-z_][\w.%+-]*=[^&\s=]*(?:&[A-Za-z_][\w.%+-]*=[^&\s=]*)+)")
_INSERT = re.compile(r"\binsert\s+into\s+[\w.\"`\[\]]+\s*\((?P<columns>[^()]*)\)\s*values\s*\((?P<values>(?:[^()']|'(?:[^']|'')*')*)\)",
                     re.IGNORECASE)
_SQL_ITEM = re.compile(r"\s*(?:'(?P<quoted>(?:[^']|'')*)'|(?P<bare>[^,]+?))\s*(?:,|$)")


def _sql_items(text: str) -> list[str]:
    items = []
    for match in _SQL_ITEM.finditer(text):
        if match.start() == match.end():
            break
        quoted = match.group("quoted")
        items.append(quoted.replace("''", "'") if quoted is not None else match.group("bare").strip())
    return items


def form_blocks(text: str) -> list[tuple[int, int, Pairs]]:
    """(start, end, pairs) of every query string and SQL INSERT of a text."""
    found: list[tuple[int, int, Pairs]] = []
    if "&" in text and "=" in text:
        for match in _QUERY.finditer(text):
            pairs = [tuple(unquote_plus(part).strip() for part in item.split("=", 1))
                     for item in match.group("body").split("&")]
            if len(pairs) >= 2 and all(key and value for key, value in pairs):
                found.append((match.start(), match.end(), [(key.replace("_", " "), value) for key, value in pairs]))
    if ("INSERT" in text or "insert" in text) and _INSERT.search(text):
        for match in _INSERT.finditer(text):
            columns = [column.strip().strip("\"`[]") for column in match.group("columns").split(",")]
            values = _sql_items(match.group("values"))
            if len(columns) == len(values) and all(columns):
                found.append((match.start(), match.end(), list(zip(columns, values))))
    return found


_BOLD = re.compile(r"^(?:\*\*(?P<a>[^*]+)\*\*|__(?P<b>[^_]+)__)$")
_MENU_KEY = re.compile(r"^(?P<key>[^:]{1,48}:\s*)(?P<options>.+)$")


def menu_choice(line: str) -> str:
    """'rent: $300 / **$400** / $500' -> 'rent: $400': of options parted by ' / ', the one in
    bold is the value; a line with no such menu is returned as it is (a table row's '|' is no menu)."""
    match = _MENU_KEY.match(line.strip())
    body = match.group("options") if match else line.strip()
    options = [option.strip() for option in re.split(r"\s+/\s+", body)]
    if len(options) < 2:
        return line
    chosen = [_BOLD.match(option) for option in options]
    picked = [m.group("a") or m.group("b") for m in chosen if m]
    if len(picked) != 1:
        return line
    lead = line[:len(line) - len(line.lstrip())]
    return f"{lead}{match.group('key') if match else ''}{picked[0].strip()}"


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NEGATED_LABEL = re.compile(r"^(?:no|non|not|none|without|zero)\b", re.IGNORECASE)
_KEY_FILLER = re.compile(r"\b(?:is|has|allowed|permitted|included|enabled|on|yes|flag|ok)\b", re.IGNORECASE)


def key_words(key: str) -> str:
    """'mileageCap' -> 'mileage Cap', 'sole_licence' -> 'sole licence'."""
    return re.sub(r"\s+", " ", _CAMEL.sub(" ", key).replace("_", " ").replace("-", " ")).strip()


def boolean_label(key: str, value: bool, labels: GameLabels) -> tuple[str, str] | None:
    """(issue, label) a boolean under `key` says, or None."""
    words = key_words(key)
    named = [(issue, match.label) for issue in labels.issues
             if (match := labels.match(issue, words)).kind == "label" and match.label is not None]
    if len(named) == 1:
        issue, label = named[0]
        if value:
            return issue, label
        others = [other for other in labels.issues[issue].by_wording.values() if other != label]
        others = list(dict.fromkeys(others))
        return (issue, others[0]) if len(others) == 1 else None
    issue = labels.issue_for_key(words) or labels.issue_for_key(_KEY_FILLER.sub(" ", words).strip())
    if issue is None or named:
        return None
    table = labels.issues[issue]
    options = list(dict.fromkeys(table.by_normal.values()))
    denials = [label for label in options if _NEGATED_LABEL.match(label)]
    if len(denials) != 1:
        return None
    if not value:
        return issue, denials[0]
    rest = [label for label in options if label != denials[0]]
    return (issue, rest[0]) if len(rest) == 1 else None


# A revision keyed as one ("Revised: transport → launch drop-off", "**Updated:** schedule monthly"):
# explicit, so it needs no number to be one.
KEYED_REVISION = re.compile(r"^\W*(?:revised|revision|updated?|correction|corrected)\W*:", re.IGNORECASE)
# What follows a dash, "since" or "because" in a revision is its reason, not its value
# ("make the amount $8,000 — I don't need the extra thousand").
_REASON = re.compile(r"\s[—–-]\s|\s—|\s+(?:since|because|as)\s+(?=\w)", re.IGNORECASE)


def revision_clauses(sentence: str) -> list[str]:
    """The clauses of a sentence after an offer block that may each revise it: a semicolon parts
    independent clauses ("I'd accept 35% if it closes; updated offer is the same with 35%")."""
    return [clause for clause in re.split(r";\s+", sentence) if clause.strip()]


def without_reason(clause: str) -> str:
    """A revision clause less the reason given after its value."""
    cut = _REASON.search(clause)
    return clause[:cut.start()] if cut and re.search(r"\w", clause[:cut.start()]) else clause
