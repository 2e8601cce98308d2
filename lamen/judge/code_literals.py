"""Offers written as a literal of some programming or configuration language, read by one grammar
rather than one parser per language: a key-ish token (`dailyRate`, `:crew-size`, `"rent"`,
`signing_bonus`), a separator (`:`, `=`, `=>`, or the space after an EDN keyword), and a value (a
quoted string, a number with `_` separators, a nested group, an enum variant `Arrangement::FullyRemote`
/ `.fullyRemote`, a keyword `:hand-picking`, a wrapper `Some(5_000)`). A group of such pairs in
braces, or in the parentheses of a call (`MergerOffer(benefits: 0.5, ...)`, `list(rent = 1200)`), is
rewritten as a JSON object, its keys in words ("daily rate"), so the structured reader reads it as
it reads JSON. Also YAML merge keys (`<<: *prev`): the anchored block's lines are merged in where
they are written, less the keys the merging block sets itself. Plain JSON is left as it is."""

from __future__ import annotations

import json
import re
from typing import Any

_KEY = re.compile(r"\s*(?:\"(?P<dq>[^\"\n]{1,40})\"|'(?P<sq>[^'\n]{1,40})'|\[\s*\"(?P<lua>[^\"\n]{1,40})\"\s*\]|"
                  r"(?P<kw>:)?(?P<word>[A-Za-z_][\w-]{0,39}))\s*")
_SEPARATOR = re.compile(r"(?:=>|->|=(?!=)|:(?!:))\s*")
_WRAPPER = re.compile(r"^(?:Some|Just|Ok|Optional\.of|Option\.some)\s*\(\s*(.*?)\s*\)$")
_VARIANT = re.compile(r"^(?:[A-Z]\w*(?:::|\.))+(?P<name>[A-Za-z_]\w*)$|^\.(?P<swift>[a-z]\w*)$|^:(?P<keyword>[a-z][\w-]*)$")
_NUMBER = re.compile(r"^[$€£]?\d{1,3}(?:_\d{3})+(?:\.\d+)?$|^[$€£]?\d+[LlFfDd]$")
_CALL = re.compile(r"(?<![\w.])[A-Za-z_][\w.]*(?:<[\w, ]*>)?\(")
_CUES = ("=", "::", "{:", "Some(", ": .", "(")
_CLOSER = {"{": "}", "(": ")", "[": "]"}
# An identifier's words: "dailyRate" -> "daily rate", "FullyRemote" -> "fully remote".
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")

_MERGE = re.compile(r"(?m)^(?P<indent>[ \t]*)<<:[ \t]*\*(?P<name>[\w-]+)[ \t]*$")


def words(identifier: str) -> str:
    """An identifier as words: camelCase, snake_case and kebab-case split, lower case."""
    return re.sub(r"[_\-]+", " ", _CAMEL.sub(" ", identifier)).strip().lower()


def _closing(text: str, start: int) -> int:
    """The index of the bracket closing the one at `start`, quotes respected, or -1."""
    stack, quote, index = [], "", start
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\":
                index += 2
                continue
            if char == quote:
                quote = ""
        elif char == '"':
            quote = char
        elif char in _CLOSER:
            stack.append(_CLOSER[char])
        elif char in ")}]":
            if not stack or stack.pop() != char:
                return -1
            if not stack:
                return index
        index += 1
    return -1


def _value(raw: str, marks: list[str] | None = None) -> Any:
    """A written value in plain form; `marks` gets a note where the form was code's own."""
    raw = raw.strip()
    marks = [] if marks is None else marks
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1]
    if wrapped := _WRAPPER.match(raw):
        marks.append("wrapper")
        return _value(wrapped.group(1), marks)
    if variant := _VARIANT.match(raw):
        marks.append("variant")
        return words(variant.group("name") or variant.group("swift") or variant.group("keyword"))
    if _NUMBER.match(raw):
        marks.append("number")
        return re.sub(r"[LlFfDd]$", "", raw.replace("_", ""))
    if raw in ("nil", "null", "None", "Nothing", "NULL", "NA"):
        return None
    return raw


def _pairs(inner: str, depth: int = 0, marks: list[str] | None = None) -> list[tuple[str, Any]] | None:
    """The key/value pairs of a group's inside, or None where any item is no pair; `marks` gets a
    note of each form the structured reader would not read as written (a nested group, a variant...)."""
    marks = [] if marks is None else marks
    pairs: list[tuple[str, Any]] = []
    pos, edn = 0, False
    while True:
        while pos < len(inner) and inner[pos] in " \t\r\n,;":
            pos += 1
        if pos >= len(inner):
            break
        if inner.startswith(("//", "#", "--"), pos):  # a comment
            end = inner.find("\n", pos)
            pos = len(inner) if end < 0 else end
            continue
        key = _KEY.match(inner, pos)
        if not key:
            return None
        pos = key.end()
        separator = _SEPARATOR.match(inner, pos)
        if key.group("kw") and (not separator or separator.group(0)[0] != "="):
            edn = True  # {:crew-size 24}: an EDN keyword is followed by its value
            marks.append("keyword")
        elif not separator:
            return None
        else:
            pos = separator.end()
            marks.append(separator.group(0).strip())
        if key.group("word") and _CAMEL.search(key.group("word")):
            marks.append("camel")
        name = key.group("dq") or key.group("sq") or key.group("lua") or words(key.group("word"))
        if pos < len(inner) and inner[pos] in _CLOSER:
            close = _closing(inner, pos)
            if close < 0:
                return None
            nested = _pairs(inner[pos + 1:close], depth + 1, marks) if depth < 3 else None
            if nested:
                marks.append("nested")
            pairs.append((name, nested if nested else inner[pos:close + 1]))
            pos = close + 1
            continue
        if pos < len(inner) and inner[pos] in "\"'":
            end = inner.find(inner[pos], pos + 1)
            if end < 0 or "\n" in inner[pos:end]:
                return None
            pairs.append((name, inner[pos + 1:end]))
            pos = end + 1
            continue
        call = re.compile(r"[\w.:]+\s*\(").match(inner, pos)
        if call:  # Some(5_000), Decimal("0.5")
            close = _closing(inner, call.end() - 1)
            if close < 0:
                return None
            pairs.append((name, _value(inner[pos:close + 1], marks)))
            pos = close + 1
            continue
        stop = re.compile(r"\s+:[A-Za-z_]|[,;\n]" if edn else r"[,;\n]").search(inner, pos)
        end = stop.start() if stop else len(inner)
        pairs.append((name, _value(inner[pos:end], marks)))
        pos = end
    return pairs if pairs else None


def _as_json(pairs: list[tuple[str, Any]]) -> str:
    def encoded(value: Any) -> str:
        if isinstance(value, list):
            return "{" + ", ".join(f"{json.dumps(k)}: {encoded(v)}" for k, v in value) + "}"
        return json.dumps(value)
    return encoded(pairs)


def _needs_rewrite(inner: str, is_call: bool) -> bool:
    """Whether a group is written otherwise than JSON the structured reader reads already."""
    return is_call or bool(re.search(r"(?<![=!<>])=(?!=)|::|(?:^|[{\s,]):[A-Za-z]|\bSome\(|:\s*\.[a-z]", inner))


def _literals_rewritten(text: str) -> str:
    out: list[str] = []
    pos = 0
    for opening in re.finditer(r"[{(]", text):
        index = opening.start()
        if index < pos:
            continue
        is_call = text[index] == "("
        if is_call:
            call = _CALL.search(text, max(0, index - 48), index + 1)
            if not call or call.end() != index + 1:
                continue
        close = _closing(text, index)
        if close < 0:
            continue
        inner = text[index + 1:close]
        marks: list[str] = []
        pairs = _pairs(inner, 0, marks) if _needs_rewrite(inner, is_call) else None
        # A call's parentheses hold named arguments, at least two ("Offer(rent: 1200, term: 12)");
        # flat `key=value` arguments (`dict(rent=1200, term=12)`) the line reader reads as written.
        if pairs and (len(pairs) >= 2 or not is_call) and \
                (not is_call or set(marks) - {"="}):
            out.append(text[pos:index])
            out.append(_as_json(pairs))
            pos = close + 1
    out.append(text[pos:])
    return "".join(out)


def _anchored_lines(text: str, name: str) -> tuple[list[str], int] | None:
    """The lines of the block anchored `&name` (YAML), and their indent."""
    match = re.search(rf"(?m)^[ \t]*[^\n:]+:[ \t]*&{re.escape(name)}[ \t]*\n((?:[ \t]+[^\n]*\n?)+)", text)
    if not match:
        return None
    lines = [line for line in match.group(1).splitlines() if line.strip()]
    indent = min(len(line) - len(line.lstrip()) for line in lines)
    return [line[indent:] for line in lines], indent


def _merged(text: str) -> str:
    """YAML merge keys resolved: `<<: *prev` becomes the anchored block's lines, less the keys the
    merging block itself sets (a block's own keys win, wherever they stand)."""
    for merge in reversed(list(_MERGE.finditer(text))):
        anchored = _anchored_lines(text, merge.group("name"))
        if not anchored:
            continue
        indent = merge.group("indent")
        # The merging block: the lines at the merge key's indent around it.
        before = text[:merge.start()].split("\n")
        after = text[merge.end():].split("\n")
        siblings = []
        for line in reversed(before[:-1]):
            if not line.startswith(indent) or not line.strip() or line[len(indent):len(indent) + 1].isspace():
                break
            siblings.append(line)
        for line in after[1:]:
            if not line.startswith(indent) or not line.strip() or line[len(indent):len(indent) + 1].isspace():
                break
            siblings.append(line)
        own = {line.split(":", 1)[0].strip().lower() for line in siblings if ":" in line}
        lines = [indent + line for line in anchored[0]
                 if ":" not in line or line.split(":", 1)[0].strip().lower() not in own]
        text = text[:merge.start()] + "\n".join(lines) + text[merge.end():]
    return text


# Layouts whose separator between a key and its value is no colon:
# "Price ........ $26,000" (a receipt's dotted leader);
_LEADER = re.compile(r"(?m)^(?P<key>[ \t>*-]*[^\W\d_][^\n.:]{0,40}?)[ \t]*\.{4,}[ \t]*(?=\S)")
# "+-----+=====+" (a grid table's rules: "=" under the header, "-" between rows);
_GRID_RULE = re.compile(r"(?m)^[ \t]*\+(?:[-=:]{3,}\+)+[ \t]*$")
# "INFO acceptable_offer weekly_fee=60 term_months=12" (a log line's key=value tokens);
_LOG_TOKEN = re.compile(r"(?<!\S)(?P<key>[A-Za-z][\w.-]{0,40})=(?P<value>\"[^\"\n]*\"|[^\s,;()]+)(?=\s|$)")
_LOG_START = re.compile(r"^\s*\[?(?:\d{4}-\d\d-\d\d|(?:INFO|DEBUG|WARN|WARNING|ERROR|TRACE|NOTICE)\b)")
# '"A" -> "benefits: 40%";', 'n1 [label="rent: $1,200"]' (a diagram's node labels holding pairs).
_NODE_LABEL = re.compile(r"\"(?P<pair>[^\"\n:]{1,40}:[ \t]*[^\"\n]{1,60})\"")


def _grid_plain(text: str) -> str:
    """A grid table as a markdown table: its header rule as "|---|", its other rules gone."""
    return _GRID_RULE.sub(lambda rule: "|" + "---|" * (rule.group(0).count("+") - 1)
                          if "=" in rule.group(0) else "\x00", text).replace("\x00\n", "").replace("\x00", "")


def _log_line(match: re.Match[str]) -> str:
    line = match.group(0)
    tokens = list(_LOG_TOKEN.finditer(line))
    # Two tokens or more, or one on a line a log writes (a timestamp or a level first); no call's
    # arguments ("dict(rent=1200, term=12)" is code, read as code) and no tag's attributes.
    if not tokens or len(tokens) < 2 and not _LOG_START.match(line) or "(" in line or "<" in line \
            or any("=" in token.group("value") for token in tokens) \
            or not re.fullmatch(r"(?:[ \t]*" + _LOG_TOKEN.pattern + r")+[ \t]*", line[tokens[0].start():]):
        return line  # (a value of words, "duration=1 year", is a line of pairs the line reader reads)
    lead = line[:tokens[0].start()].strip()
    pairs = [f"{words(token.group('key'))}: {_log_value(token.group('value'))}" for token in tokens]
    return (lead + ": " if lead else "") + "; ".join(pairs)


def _log_value(value: str) -> str:
    value = value.strip('"')
    return words(value) if re.fullmatch(r"[a-z]+(?:_[a-z]+)+", value) else value


def _node_lines(text: str) -> str:
    """Each diagram line's node labels that hold a pair, one pair a line."""
    def line(match: re.Match[str]) -> str:
        pairs = [m.group("pair") for m in _NODE_LABEL.finditer(match.group(0))]
        return "\n".join(pairs) if pairs else match.group(0)
    return re.sub(r"(?m)^[^\n]*(?:->|--|\[label=)[^\n]*$", line, text)


def plain_layout(text: str) -> str:
    """Receipts' dotted leaders, grid tables, log lines' key=value tokens and diagrams' node labels
    in the plain forms the structured reader knows. Each runs only where its cue is in the text."""
    if "...." in text:
        text = _LEADER.sub(lambda m: m.group("key").rstrip() + ": ", text)
    if "+--" in text or "+==" in text:
        text = _grid_plain(text)
    if "=" in text and re.search(r"[ \t][A-Za-z][\w.-]*=[^\s=]", text):
        text = re.sub(r"(?m)^[^\n]*[ \t][A-Za-z][\w.-]*=[^\s=][^\n]*$", _log_line, text)
    if '"' in text and ("->" in text or "label=" in text):
        text = _node_lines(text)
    return text


def plain_code(text: str) -> str:
    """The text with code literals as JSON objects and YAML merge keys resolved (see the module doc).
    Each rewrite runs only where its cue is in the text."""
    if "<<:" in text and "*" in text and "&" in text:
        text = _merged(text)
    if ("{" in text or "(" in text) and any(cue in text for cue in ("=", "::", "{:", "Some(", ": .", ": ")):
        text = _literals_rewritten(text)
    return plain_layout(text)
