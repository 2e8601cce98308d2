"""Read {...} blocks as sloppy as models write them — fenced or bare, single quotes, apostrophes
inside values, trailing commas, comments, Python literals, bare keys, cut off at the end."""

from __future__ import annotations

import json
import re
from typing import Any


def brace_blocks(text: str) -> list[tuple[int, str]]:
    """(start, text) of every top-level balanced {...} span, quotes respected. A block cut off
    at the end of the note is closed, less its last value if that was cut mid-way."""
    blocks: list[tuple[int, str]] = []
    depth, start, quote = 0, -1, ""
    for index, char in enumerate(text):
        if quote:
            if char == quote and text[index - 1] != "\\":
                quote = ""
            continue
        if char == '"' and depth:
            quote = char
        elif char == "{":
            if depth == 0:
                start = index
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                blocks.append((start, text[start:index + 1]))
    if depth and start >= 0:
        tail = text[start:].rstrip()
        if tail[-1:] not in (",", '"', "'", "{"):
            cut = max(tail.rfind(","), tail.rfind("{"))
            tail = tail[:cut + 1] if cut >= 0 else tail
        blocks.append((start, tail + "}"))
    return blocks


def _clean_json(block: str) -> str:
    block = re.sub(r"(?m)^\s*(?://|#).*$", "", block)
    block = re.sub(r"(?<=[,\[{\s])\s*//[^\n\"']*$", "", block, flags=re.MULTILINE)
    block = re.sub(r"\bNone\b", "null", block)
    block = re.sub(r"\bTrue\b", "true", block)
    block = re.sub(r"\bFalse\b", "false", block)
    return re.sub(r",\s*([}\]])", r"\1", block)


class _Reader:
    """A forgiving reader of one {...} block into (key, value) pairs; values may be str, number
    text, None, lists or nested pair lists."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def _skip(self) -> None:
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char in " \t\r\n,;":
                self.pos += 1
            elif self.text.startswith("//", self.pos) or char == "#":
                end = self.text.find("\n", self.pos)
                self.pos = len(self.text) if end < 0 else end
            else:
                return

    def _quoted(self, closers: str) -> str:
        quote = self.text[self.pos]
        self.pos += 1
        start = self.pos
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "\\":
                self.pos += 2
                continue
            if char == quote:
                rest = self.text[self.pos + 1:].lstrip(" \t")
                # An apostrophe inside a single-quoted value ("I'd") is followed by a letter.
                if quote == '"' or not rest or rest[0] in closers or rest.startswith("//"):
                    value = self.text[start:self.pos]
                    self.pos += 1
                    return value
            self.pos += 1
        return self.text[start:]

    def _until(self, stops: str) -> str:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in stops:
            self.pos += 1
            # "$1,400" unquoted: a comma before three digits separates thousands, not pairs.
            if self.text[self.pos:self.pos + 1] == "," and re.match(r",\d{3}(?!\d)", self.text[self.pos:]) \
                    and self.text[self.pos - 1].isdigit():
                self.pos += 1
        return self.text[start:self.pos].strip()

    def value(self) -> Any:
        self._skip_spaces()
        if self.pos >= len(self.text):
            return None
        char = self.text[self.pos]
        if char in "\"'":
            return self._quoted(",}]\n#")
        if char == "[":
            self.pos += 1
            items = []
            while True:
                self._skip()
                if self.pos >= len(self.text) or self.text[self.pos] == "]":
                    self.pos += 1
                    return items
                items.append(self.value())
        if char == "{":
            self.pos += 1
            return self.pairs(closing="}")
        if char == "(" and (close := self.text.find(")", self.pos)) > 0 and "\n" not in self.text[self.pos:close]:
            # A Python tuple ('control': (6, 4)) is one value, its commas inside it.
            start, self.pos = self.pos, close + 1
            return self.text[start:self.pos]
        raw = self._until(",}]\n")
        return None if raw.lower() in ("null", "none") else raw

    def _skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def pairs(self, closing: str = "") -> list[tuple[str, Any]]:
        found: list[tuple[str, Any]] = []
        while True:
            self._skip()
            if self.pos >= len(self.text):
                return found
            if self.text[self.pos] == closing:
                self.pos += 1
                return found
            if self.text[self.pos] in "\"'":
                key = self._quoted(":")
            else:
                key = self._until(":\n}")
            self._skip_spaces()
            if self.pos >= len(self.text) or self.text[self.pos] != ":":
                self._until("\n")  # not a pair: skip the line
                continue
            self.pos += 1
            found.append((key.strip(), self.value()))


def parse_block(block: str) -> list[tuple[str, Any]] | None:
    """Key/value pairs of a {...} block, or None when it holds none. A string value that is
    itself a JSON object or list (a tool call's "arguments") is read as one, to any depth."""
    pairs = _parse_block(block)
    return [(key, unwrapped(value)) for key, value in pairs] if pairs else None


def _parse_block(block: str) -> list[tuple[str, Any]] | None:
    for candidate in (block, _clean_json(block)):
        try:
            data = json.loads(candidate, object_pairs_hook=list)
        except (json.JSONDecodeError, RecursionError):
            continue
        return data if isinstance(data, list) else None
    inner = block.strip()[1:]
    inner = inner[:-1] if inner.endswith("}") else inner
    pairs = _Reader(inner).pairs()
    return pairs or None


def unwrapped(value: Any) -> Any:
    """A value with JSON written inside strings parsed, and [key, value] pair lists as pairs."""
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 2 and text[0] == "{" and text[-1] == "}":
            inner = parse_block(text)
            return inner if inner else value
        if len(text) > 4 and text[0] == "[" and text[-1] == "]" and ":" not in text[:2]:
            try:
                return unwrapped(json.loads(text, object_pairs_hook=list))
            except (json.JSONDecodeError, RecursionError):
                return value
        return value
    if isinstance(value, list) and value and all(isinstance(item, tuple) and len(item) == 2 for item in value):
        return [(key, unwrapped(inner)) for key, inner in value]  # an object: its values unwrapped
    if isinstance(value, list):
        if value and all(isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                         and not isinstance(item[1], (list, tuple)) for item in value):
            return [(item[0], item[1]) for item in value]  # [["rent", 1300], ["duration", "21 months"]]
        if len(value) == 1 and isinstance(value[0], list) and value[0] and all(isinstance(p, tuple) for p in value[0]):
            return unwrapped(value[0])  # "tool_calls": [{...}]: a list of one object is the object
        return [unwrapped(item) if not isinstance(item, tuple) else (item[0], unwrapped(item[1])) for item in value]
    return value


def pair_list_blocks(text: str) -> list[tuple[int, int, list[tuple[str, Any]]]]:
    """(start, end, pairs) of every top-level JSON list of [key, value] pairs ('[["rent", 1300],
    ["duration", "21 months"]]'), a form some models give an offer in."""
    found = []
    for match in re.finditer(r"\[\s*\[", text):
        if found and match.start() < found[-1][1]:
            continue
        depth, end, quote = 0, match.start(), ""
        while end < len(text):
            char = text[end]
            if quote:
                quote = "" if char == quote and text[end - 1] != "\\" else quote
            elif char == '"':
                quote = char
            elif char == "[":
                depth += 1
            elif char == "]":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        if end >= len(text):
            break  # unclosed: no later "[[" closes either (and scanning again would be quadratic)
        try:
            data = json.loads(_clean_json(text[match.start():end + 1].replace("'", '"')))
        except (json.JSONDecodeError, RecursionError):
            continue
        pairs = unwrapped(data)
        if pairs and all(isinstance(item, tuple) for item in pairs):
            found.append((match.start(), end + 1, pairs))
    return found
