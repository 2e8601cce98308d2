"""Round 27, hand "notes27": key/value structure written in notations the structured reader did
not know, rewritten into the plain forms it reads (one key, one separator, one value).

- Set and mapping notation: a key, a separator of mathematics (`∈`, `↦`, `≔`) and a value
  (`rent ∈ {$1,100}`, `{rent ↦ $1300, duration ↦ 12 months}`); a value that is a set in braces is
  its one member, or its members as alternatives ("a or b"), which choose nothing.
- A value in braces after `=` (a BibTeX entry's `ownership = {60%},`) is the value.
- A JSON Patch (RFC 6902: `{"op": "replace", "path": "/control", "value": "4-6"}`) is the object of
  what it adds or replaces (`{"control": "4-6"}`); what it removes, tests or moves is no value.
- Wiki and Jira tables (`{| ... |}` with `! a !! b` and `| a || b` rows; `||a||b||` headers and
  `|a|b|` rows) are markdown tables.
- A future move in parentheses right after a value (`rent $900 (maybe $1,000 if pushed)`,
  `$1,400 (will go to $1,300 if pushed)`, `$900 (maybe 1000 max later)`) is a conditional move, not
  the offer nor an alternative to it: it goes, and the stated value stands.
Each rewrite runs only where its cue is in the text.
"""

from __future__ import annotations

import json
import re

# A key, a separator of set or mapping notation, and the value to the line's end or the next
# pair of a braced mapping.
_SET_SEPARATOR = re.compile(r"[ \t]*(?:∈|↦|≔)[ \t]*")
# (the members are stripped one by one: no spaces around the braced text here, which would try
# every split of a long run of spaces between the lazy text and `\s*`)
_BRACED = re.compile(r"^\{([^{}]*)\}$")
_SET_PAIR = re.compile(r"(?m)^(?P<lead>[ \t]*(?:[-*•][ \t]+)?)(?P<key>[^\n∈↦≔:={}]{1,48}?)[ \t]*(?:∈|↦|≔)[ \t]*"
                       r"(?P<value>\{[^{}\n]*\}|[^\n]*)$")
_MAPPING = re.compile(r"\{(?P<body>[^{}\n]*↦[^{}\n]*)\}")
_BIBTEX_VALUE = re.compile(r'(?m)^(?P<lead>[ \t]*[A-Za-z][\w -]{0,40}?[ \t]*=[ \t]*)\{(?P<value>[^{}\n":]*)\}(?P<end>[ \t]*,?[ \t]*)$')
_BIBTEX_HEAD = re.compile(r"(?m)^[ \t]*@\w+[ \t]*\{[ \t]*[\w:-]*[ \t]*,[ \t]*$")
_BIBTEX_CUE = re.compile(r"@\w+[ \t]*\{")


def set_value(value: str) -> str:
    """'{$900}' -> '$900'; '{net 30, cash on delivery}' -> 'net 30 or cash on delivery'; any
    other value as it is."""
    braced = _BRACED.match(value.strip())
    if braced is None:
        return value
    members = [member.strip() for member in re.split(r",(?!\d{3}\b)|;", braced.group(1)) if member.strip()]
    return " or ".join(members)


def _set_line(match: re.Match[str]) -> str:
    return f"{match.group('lead')}{match.group('key').rstrip()}: {set_value(match.group('value').strip())}"


def _mapping(match: re.Match[str]) -> str:
    pairs = [pair.strip() for pair in re.split(r",(?!\d{3}\b)\s*", match.group("body")) if pair.strip()]
    return "\n" + "\n".join(_SET_SEPARATOR.sub(": ", pair, count=1) for pair in pairs) + "\n"


# JSON Patch operations
_PATCH_OP = re.compile(r"\{\s*\"op\"\s*:\s*\"(?P<op>\w+)\"\s*,\s*\"path\"\s*:\s*\"/(?P<path>[^\"]{1,60})\""
                       r"(?:\s*,\s*\"value\"\s*:\s*(?P<value>\"(?:[^\"\\]|\\.)*\"|-?\d+(?:\.\d+)?|true|false|null))?\s*\}")
# (the array to its first "]", led by an operation: one run, not a repeated group of lazy runs, which
# backtracks exponentially over unclosed operations)
_PATCH_ARRAY = re.compile(r"\[\s*\{\s*\"op\"[^\[\]]*\}\s*,?\s*\]")


def _patch_object(match: re.Match[str]) -> str:
    pairs = {}
    for op in _PATCH_OP.finditer(match.group(0)):
        if op.group("op") in ("add", "replace") and op.group("value") is not None:
            key = op.group("path").replace("~1", "/").replace("~0", "~").strip("/").split("/")[-1]
            pairs[key] = json.loads(op.group("value"))
    return json.dumps(pairs, ensure_ascii=False) if pairs else match.group(0)


# Wiki and Jira tables
_WIKI_TABLE = re.compile(r"(?ms)^[ \t]*\{\|[^\n]*\n(?P<body>.*?)^[ \t]*\|\}[ \t]*$")


def _wiki_table(match: re.Match[str]) -> str:
    rows: list[list[str]] = []
    for line in match.group("body").split("\n"):
        line = line.strip()
        if not line or line.startswith("|-") or line.startswith("|+"):
            continue
        if line[0] in "!|":
            cells = [cell.strip() for cell in re.split(r"!!|\|\|", line[1:])]
            rows.append(cells)
    if not rows:
        return match.group(0)
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    out += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(out)


_JIRA_HEADER = re.compile(r"(?m)^[ \t]*\|\|(?P<cells>[^\n]*?)\|\|[ \t]*$")


def _jira_header(match: re.Match[str]) -> str:
    cells = [cell.strip() for cell in match.group("cells").split("||")]
    return "| " + " | ".join(cells) + " |\n|" + "---|" * len(cells)


# A parenthesis after a value (a digit, % or a closing quote) that holds a number and a condition
# or a later time: the writer's next move. ("(or 4.5% if they refuse)" is an alternative: it stays.)
_FUTURE_MOVE = re.compile(r"(?<=[\d%\"])[ \t]*\((?!\s*or\b)(?=[^()\n]*\d)(?=[^()\n]*\b(?:if|later|next round)\b)[^()\n]{1,80}\)")


def without_future_moves(text: str) -> str:
    return _FUTURE_MOVE.sub("", text)


def plain_notation(text: str) -> str:
    """The text with the notations of the module doc in plain forms."""
    if "∈" in text or "↦" in text or "≔" in text:
        if "↦" in text and "{" in text:
            text = _MAPPING.sub(_mapping, text)
        text = _SET_PAIR.sub(_set_line, text)
    if "@" in text and ("= {" in text or "={" in text) and _BIBTEX_CUE.search(text):
        # A BibTeX entry: "@offer{companyA," heads "key = {value}," lines.
        text = _BIBTEX_HEAD.sub("", _BIBTEX_VALUE.sub(
            lambda m: f"{m.group('lead')}{set_value('{' + m.group('value') + '}')}{m.group('end')}", text))
    if '"op"' in text and '"path"' in text:
        text = _PATCH_ARRAY.sub(_patch_object, text)
    if "{|" in text and "|}" in text:
        text = _WIKI_TABLE.sub(_wiki_table, text)
    if "||" in text and re.search(r"(?m)^[ \t]*\|\|", text):
        text = _JIRA_HEADER.sub(_jira_header, text)
    return text
