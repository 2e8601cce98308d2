"""The replies file of a `mock:NAME` agent: what it answers, written by hand for a smoke test.

YAML (or JSON) — a mapping, or just the list of replies::

    replies:                 # entry k answers round k+1 of this agent's match (round 1 = first)
      - note: '{"rent": "$1400"}'
        message: We propose rent $1400.
      - one_of:              # one alternative per match, picked by the match's seed
          - We propose rent $1300.
          - We propose rent $1200.
    side_a: [...]            # optional: the replies when this agent sits on side A (side_b for B)
    rules:                   # optional: tried first, in order; the first that matches answers
      - match: '(?i)we agree on all issues'   # regex searched in the request's last user message
        purpose: message     # optional: only for this purpose
        side: b              # optional: only on this side
        reply: We agree on all issues.
    when_exhausted: cycle    # past the last entry: cycle (default) | repeat_last | error

An entry is a string (the answer to every request of that round: note, message, ...), a mapping
from purpose (note, interrogation, message, extraction, ping, or `any` for the others) to text,
or `one_of:` a list of such entries (a ping, from `lamen doctor --ping`, gets the message text when
the entry has no `ping`). JSONL: one entry per line (a JSON string or object), the
`replies` list alone. The reply is chosen from the request only (its round, side, purpose, seed
and last user message), never from what the agent answered before: one agent shared by concurrent
matches answers each match deterministically. Requests outside a round (ping, extraction) take
the first entry.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from lamen.agents.base import ChatRequest
from lamen.spec.problems import FieldPath, Problem, SpecError
from lamen.spec.yaml_source import MAX_FILE_BYTES, YamlDocument, read_yaml

PURPOSES = ("note", "interrogation", "message", "extraction", "ping")
ANY = "any"
Exhaustion = Literal["cycle", "repeat_last", "error"]
EXHAUSTION: tuple[Exhaustion, ...] = ("cycle", "repeat_last", "error")
SIDE_KEYS = {"a": 0, "b": 1}
TOP_KEYS = ("replies", "side_a", "side_b", "rules", "when_exhausted")
RULE_KEYS = ("match", "reply", "purpose", "side")


class NoReply(LookupError):
    """The file has no answer for this request (exhausted with `when_exhausted: error`, or an
    entry without the request's purpose)."""


@dataclass(frozen=True)
class Reply:
    """One entry: text per purpose (`any` for the rest), or alternatives picked per match."""

    texts: Mapping[str, str] = field(default_factory=dict)
    one_of: tuple["Reply", ...] = ()

    def answers(self, purpose: str) -> bool:
        """Whether every alternative has text for `purpose`."""
        if self.one_of:
            return all(r.answers(purpose) for r in self.one_of)
        return purpose in self.texts or ANY in self.texts or (purpose == "ping" and "message" in self.texts)

    def text_for(self, purpose: str, pick: int) -> str:
        if self.one_of:
            return self.one_of[pick % len(self.one_of)].text_for(purpose, pick)
        if purpose in self.texts:
            return self.texts[purpose]
        if ANY in self.texts:
            return self.texts[ANY]
        if purpose == "ping" and "message" in self.texts:
            return self.texts["message"]
        raise NoReply(f"the entry has no '{purpose}' (it has: {', '.join(self.texts)}; add '{purpose}' or 'any')")


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    reply: Reply
    purpose: str | None = None
    side: int | None = None

    def matches(self, purpose: str, side: int | None, last_user: str) -> bool:
        # A rule whose reply has no text for this purpose is passed over: `reply: {message: ...}`
        # answers messages only.
        return ((self.purpose is None or self.purpose == purpose) and (self.side is None or self.side == side)
                and self.reply.answers(purpose) and self.pattern.search(last_user) is not None)


@dataclass(frozen=True)
class ReplyBook:
    """A parsed replies file."""

    path: Path
    replies: tuple[Reply, ...] = ()
    sides: tuple[tuple[Reply, ...], tuple[Reply, ...]] = ((), ())
    rules: tuple[Rule, ...] = ()
    when_exhausted: Exhaustion = "cycle"

    def summary(self) -> str:
        parts = [f"{len(self.replies)} replies"] if self.replies else []
        parts += [f"{len(r)} replies for side {s}" for s, r in zip("AB", self.sides) if r]
        if self.rules:
            parts.append(f"{len(self.rules)} rules")
        return ", ".join(parts) + f", when exhausted: {self.when_exhausted}"

    def answer(self, request: ChatRequest, seed: int) -> str:
        """The text for `request`; NoReply when the file has none."""
        side = request.meta.get("side")
        side = side if side in (0, 1) else None
        round_ = request.meta.get("round")
        round_ = round_ if isinstance(round_, int) and round_ >= 1 else 1
        # One pick per match, side and round: a `one_of` entry's note and message agree.
        pick = int.from_bytes(hashlib.sha256(f"{seed}|{side}|{round_}".encode()).digest()[:8], "big")
        last_user = next((m.content for m in reversed(request.messages) if m.role == "user"), "")
        for rule in self.rules:
            if rule.matches(request.purpose, side, last_user):
                return rule.reply.text_for(request.purpose, pick)
        # Without a side (ping, extraction), a file that has only side lists answers from side A's.
        replies = (self.sides[side] if side is not None else ()) or self.replies or self.sides[0]
        if not replies:
            raise NoReply(f"no replies for side {'AB'[side] if side is not None else '?'} "
                          f"and no rule matched (add 'replies' or 'side_{'ab'[side or 0]}')")
        index = round_ - 1
        if index >= len(replies):
            if self.when_exhausted == "error":
                raise NoReply(f"round {round_} asked, the file has {len(replies)} replies (when_exhausted: error)")
            index = index % len(replies) if self.when_exhausted == "cycle" else len(replies) - 1
        return replies[index].text_for(request.purpose, pick)


# ---- reading -------------------------------------------------------------------------------

class _Reader:
    """Builds a ReplyBook from parsed data, collecting every problem with its field path."""

    def __init__(self, line_of: Any) -> None:
        self.problems: list[Problem] = []
        self.line_of = line_of  # field path -> line in the file

    def problem(self, message: str, hint: str, loc: FieldPath) -> None:
        self.problems.append(Problem(message, hint, loc, line=self.line_of(loc)))

    def entry(self, data: Any, loc: FieldPath, nested: bool = False) -> Reply:
        if isinstance(data, str):
            return Reply(texts={ANY: data})
        if not isinstance(data, dict) or not data:
            self.problem(f"a reply must be text or a mapping of purpose to text, got {_kind(data)}",
                         "e.g. 'Rent $1000.' or {note: ..., message: ...}", loc)
            return Reply()
        if "one_of" in data:
            alternatives = data["one_of"]
            if nested or set(data) != {"one_of"} or not isinstance(alternatives, list) or not alternatives:
                self.problem("one_of must be the entry's only key and a non-empty list of replies (not nested)",
                             "one_of: [text, {note: ..., message: ...}]", loc)
                return Reply()
            return Reply(one_of=tuple(self.entry(a, loc + ("one_of", i), True) for i, a in enumerate(alternatives)))
        texts: dict[str, str] = {}
        for key, text in data.items():
            if key not in (*PURPOSES, ANY):
                self.problem(f"unknown purpose '{key}'", f"use: {', '.join((*PURPOSES, ANY))}", loc + (str(key),))
            elif not isinstance(text, str):
                self.problem(f"the '{key}' reply must be text, got {_kind(text)}",
                             "quote it in YAML, a JSON note too: '{\"rent\": \"$1000\"}'", loc + (key,))
            else:
                texts[key] = text
        return Reply(texts=texts)

    def entries(self, data: Any, loc: FieldPath) -> tuple[Reply, ...]:
        if not isinstance(data, list):
            self.problem(f"expected a list of replies, got {_kind(data)}", "write '- reply' lines", loc)
            return ()
        if not data:
            self.problem("the list of replies is empty", "write at least one '- reply' line", loc)
        return tuple(self.entry(item, loc + (i,)) for i, item in enumerate(data))

    def rule(self, data: Any, loc: FieldPath) -> Rule | None:
        if not isinstance(data, dict):
            self.problem(f"a rule must be a mapping, got {_kind(data)}", "{match: REGEX, reply: TEXT}", loc)
            return None
        unknown = [k for k in data if k not in RULE_KEYS]
        for key in unknown:
            self.problem(f"unknown rule key '{key}'", f"use: {', '.join(RULE_KEYS)}", loc + (str(key),))
        if "match" not in data or "reply" not in data:
            self.problem("a rule needs 'match' (a regex) and 'reply'", "{match: REGEX, reply: TEXT}", loc)
            return None
        try:
            pattern = re.compile(str(data["match"]))
        except re.error as exc:
            self.problem(f"not a valid regex: {exc}", "escape special characters like $ ( ) with \\",
                         loc + ("match",))
            return None
        purpose, side = data.get("purpose"), data.get("side")
        if purpose is not None and purpose not in PURPOSES:
            self.problem(f"unknown purpose '{purpose}'", f"use: {', '.join(PURPOSES)}", loc + ("purpose",))
        side = str(side).lower() if side is not None else None
        if side is not None and side not in SIDE_KEYS:
            self.problem(f"side must be a or b, got {side!r}", "side: a", loc + ("side",))
        if unknown:
            return None
        return Rule(pattern, self.entry(data["reply"], loc + ("reply",)), purpose, SIDE_KEYS.get(side))

    def book(self, data: Any, path: Path) -> ReplyBook:
        if isinstance(data, list):
            data = {"replies": data}
        if not isinstance(data, dict):
            self.problem(f"expected a list of replies or a mapping, got {_kind(data)}", "start with 'replies:'", ())
            return ReplyBook(path)
        for key in data:
            if key not in TOP_KEYS:
                self.problem(f"unknown key '{key}'", f"use: {', '.join(TOP_KEYS)}", (str(key),))
        if not any(key in data for key in ("replies", "side_a", "side_b", "rules")):
            self.problem("no replies", "list them under 'replies:' (or 'side_a:', 'side_b:', 'rules:')", ())
        when = data.get("when_exhausted", "cycle")
        if when not in EXHAUSTION:
            self.problem(f"must be one of {', '.join(EXHAUSTION)}, got {when!r}", "", ("when_exhausted",))
            when = "cycle"
        rules_data = data.get("rules", [])
        if not isinstance(rules_data, list):
            self.problem(f"rules must be a list, got {_kind(rules_data)}", "write '- match: ...' lines", ("rules",))
            rules_data = []
        rules = tuple(r for i, d in enumerate(rules_data) if (r := self.rule(d, ("rules", i))) is not None)
        sides = tuple(self.entries(data[k], (k,)) if k in data else () for k in ("side_a", "side_b"))
        replies = self.entries(data["replies"], ("replies",)) if "replies" in data else ()
        return ReplyBook(path, replies, (sides[0], sides[1]), rules, when)


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", type(None): "nothing"}.get(type(value), type(value).__name__)


def _jsonl(path: Path) -> tuple[list[Any], dict[FieldPath, int]]:
    """The entries of a JSONL file and the line of each (blank lines skipped)."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SpecError([Problem(f"file is over the {MAX_FILE_BYTES / 1e6:.0f} MB limit", "", file=str(path))])
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise SpecError([Problem("file not found", "check the path", file=str(path))]) from None
    except OSError as exc:
        raise SpecError([Problem(f"cannot read file: {exc.strerror}", "check the path", file=str(path))]) from None
    except UnicodeDecodeError:
        raise SpecError([Problem("not UTF-8", "save the file as UTF-8", file=str(path))]) from None
    entries: list[Any] = []
    lines: dict[FieldPath, int] = {}
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entries.append(json.loads(line))
        except (json.JSONDecodeError, RecursionError) as exc:
            raise SpecError([Problem(f"not JSON: {getattr(exc, 'msg', exc)}",
                                     'one reply per line: "text" or {"note": ..., "message": ...}',
                                     ("replies", len(entries)), file=str(path), line=number)]) from None
        lines[("replies", len(entries) - 1)] = number
    return entries, lines


def load_reply_book(path: Path) -> ReplyBook:
    """Read and check a replies file (.yaml, .yml, .json or .jsonl); SpecError with every problem
    located in the file otherwise."""
    if path.suffix.lower() == ".jsonl":
        entries, lines = _jsonl(path)
        if not entries:
            raise SpecError([Problem("no replies", "write one JSON reply per line", file=str(path))])
        data: Any = {"replies": entries}
        line_of: Any = lambda loc: lines.get(tuple(loc[:2]), 1)  # noqa: E731
    else:
        try:
            doc: YamlDocument = read_yaml(path)
        except SpecError as exc:  # read_yaml's hint for an empty file speaks of spec files
            raise SpecError([replace(p, hint="write the replies: a list, or 'replies:' with a list")
                             if p.message == "file is empty" else p for p in exc.problems]) from None
        data, line_of = doc.data, doc.line_of
    reader = _Reader(line_of)
    book = reader.book(data, path)
    if reader.problems:
        raise SpecError(sorted((p.located(str(path)) for p in reader.problems), key=lambda p: p.line))
    return book
