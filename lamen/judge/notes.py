"""Read the acceptable-offers JSON of a note: fenced or bare, and as sloppy as models write it —
single quotes, apostrophes inside values, trailing commas, comments, Python literals, bare keys."""

from __future__ import annotations

import json
import re
from typing import Any

from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels

# Text just before a block that marks it as a guess of the opponent's position, not the note's own.
_ESTIMATE_CUES = re.compile(r"opponent|their (?:acceptable|offer|position|side)|they (?:would|might|will|may)|"
                            r"other (?:side|party)|counterpart|estimate|guess", re.IGNORECASE)


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
    """Key/value pairs of a {...} block, or None when it holds none."""
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


def _as_pairs(value: Any) -> list[tuple[str, Any]] | None:
    if isinstance(value, list) and value and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return value
    return None


def offers_from_pairs(pairs: list[tuple[str, Any]], labels: GameLabels, method: str = "json") -> Extraction:
    """Map parsed key/value pairs to offers, invalid values, invented issues and ambiguities."""
    # A single wrapper key ({"acceptable offer": {...}}) holds the real pairs.
    if len(pairs) == 1 and _as_pairs(pairs[0][1]) and labels.issue_for_key(pairs[0][0]) is None:
        pairs = _as_pairs(pairs[0][1]) or pairs
    offers: dict[str, str] = {}
    invalid: dict[str, str] = {}
    unknown: list[str] = []
    ambiguous: list[str] = []
    for key, value in pairs:
        issue = labels.issue_for_key(str(key))
        if issue is None:
            nested = _as_pairs(value)
            if nested:
                inner = offers_from_pairs(nested, labels, method)
                offers.update(inner.offers)
                invalid.update(inner.invalid)
                unknown += inner.unknown_issues
                ambiguous += inner.ambiguous
            elif str(key).strip():
                unknown.append(str(key).strip().lower())
            continue
        values = value if isinstance(value, list) and not _as_pairs(value) else [value]
        matches = [labels.match(issue, v) for v in values]
        found = list(dict.fromkeys(m.label for m in matches if m.kind == "label"))
        if any(m.kind == "ambiguous" for m in matches) or len(found) > 1:
            ambiguous.append(issue)
        elif found:
            if issue in offers and offers[issue] != found[0]:
                ambiguous.append(issue)  # the same key twice with different values
            offers[issue] = found[0]
        elif any(m.kind == "invalid" for m in matches):
            invalid[issue] = ", ".join(str(v) for v in values if v is not None)
    for issue in ambiguous:
        offers.pop(issue, None)
    return Extraction(method=method, offers=offers, invalid=invalid,
                      unknown_issues=tuple(dict.fromkeys(unknown)), ambiguous=tuple(dict.fromkeys(ambiguous)))


def extract_note_json(note: str, labels: GameLabels) -> Extraction | None:
    """The note's own acceptable-offers block, or None when no block can be read."""
    candidates = []
    for start, block in brace_blocks(note):
        pairs = parse_block(block)
        if not pairs:
            continue
        before = note[max(0, start - 100):start]
        # Only the closest preceding line decides whether a block is an estimate of the opponent.
        last_line = before.rstrip().rsplit("\n", 1)[-1] if before.strip() else ""
        candidates.append((bool(_ESTIMATE_CUES.search(last_line)), pairs))
    if not candidates:
        return None
    own = [pairs for is_estimate, pairs in candidates if not is_estimate] or [p for _, p in candidates]
    readings = [offers_from_pairs(pairs, labels) for pairs in own]
    # When a note revises its offer, the last block naming a game issue is the standing one;
    # issues invented in any of its blocks are violations all the same.
    about_game = [r for r in readings if r.offers or r.invalid or r.ambiguous] or readings
    chosen = about_game[-1]
    invented = tuple(dict.fromkeys(name for r in readings for name in r.unknown_issues))
    return chosen.model_copy(update={"unknown_issues": invented})
