"""Case-insensitive patterns that read ASCII text several times faster, with the same answers.

Python's `re` cannot skip ahead to where an IGNORECASE pattern could start when the pattern opens
with a letter ("propose|offer|…"): it tries the whole pattern at every position of the text, and
its alternatives one by one. The readers search hundreds of such patterns per message. A twin of
the pattern compiled without IGNORECASE, run on the text's lower case, is as selective and lets
`re` skip: for ASCII text its answer is the same wherever the pattern has no upper-case letter
and no character that case-folds to an ASCII one ("K", Kelvin's sign, folds to "k"), because
every character test then comes out the same on the lower case as on the text. A `Caseless`
checks that once, when it is built, and refuses a pattern that fails it. Where the twin finds
nothing, that is the answer; where it finds something, the pattern itself reads the original text
(from where the twin matched, for `search`), so every match object and group is the pattern's
own. Text with other characters is read by the pattern alone.

Round 28: so is text whose other characters have no case ("—", "’", "€", "❌", emoji, CJK): such a
character is its own lower and upper case, IGNORECASE takes it for itself alone (no character's
case maps to one of them: checked over all of Unicode), and lower case leaves it where it is, so
the argument for ASCII holds for it unchanged. A text with any other non-ASCII character ("é",
"ß", "ı", "Σ") is still read by the pattern alone.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

V = TypeVar("V")

try:  # the parser of `re`, to check a pattern's characters (a private module: without it, no twin)
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - a Python whose `re` is laid out otherwise
    _sre = _sre_parse = None

# The non-ASCII characters IGNORECASE matches with an ASCII letter (İ, ı, ſ and Kelvin's K).
_FOLDS_TO_ASCII = frozenset((0x130, 0x131, 0x17F, 0x212A))
_UPPER = range(ord("A"), ord("Z") + 1)


def _char_is_safe(code: int) -> bool:
    return code not in _UPPER and code not in _FOLDS_TO_ASCII


def _range_is_safe(low: int, high: int) -> bool:
    return (high < ord("A") or low > ord("Z")) and not any(low <= code <= high for code in _FOLDS_TO_ASCII)


def _why_unsafe(items: Any) -> str | None:
    """Why a parsed pattern may read ASCII text differently through its lower case, or None."""
    for op, av in items:
        if op in (_sre.LITERAL, _sre.NOT_LITERAL):
            if not _char_is_safe(av):
                return f"the letter {chr(av)!r}"
        elif op is _sre.IN:
            for set_op, set_av in av:
                if set_op is _sre.LITERAL and not _char_is_safe(set_av):
                    return f"the letter {chr(set_av)!r} in a set"
                if set_op is _sre.RANGE and not _range_is_safe(*set_av):
                    return f"the range {chr(set_av[0])!r}-{chr(set_av[1])!r}"
                if set_op not in (_sre.LITERAL, _sre.RANGE, _sre.CATEGORY, _sre.NEGATE):
                    return f"a set item {set_op}"
        elif op is _sre.SUBPATTERN:
            _group, add_flags, del_flags, sub = av
            if (add_flags | del_flags) & (re.IGNORECASE | re.LOCALE | re.ASCII):
                return "a group that sets its own case flags"
            reason = _why_unsafe(sub)
            if reason:
                return reason
        elif op is _sre.BRANCH:
            for sub in av[1]:
                reason = _why_unsafe(sub)
                if reason:
                    return reason
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT) or op is getattr(_sre, "POSSESSIVE_REPEAT", None):
            reason = _why_unsafe(av[2])
            if reason:
                return reason
        elif op in (_sre.ASSERT, _sre.ASSERT_NOT):
            reason = _why_unsafe(av[1])
            if reason:
                return reason
        elif op is getattr(_sre, "ATOMIC_GROUP", None):
            reason = _why_unsafe(av)
            if reason:
                return reason
        elif op is _sre.GROUPREF_EXISTS:
            for sub in av[1:]:
                if sub is not None:
                    reason = _why_unsafe(sub)
                    if reason:
                        return reason
        elif op not in (_sre.AT, _sre.ANY, _sre.GROUPREF, _sre.CATEGORY):
            return f"an element {op}"
    return None


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _twin_reads(string: str) -> bool:
    """Whether the twin may read the text: ASCII, or every other character of it without case."""
    if string.isascii():
        return True
    rest = "".join(_NON_ASCII.findall(string))
    return rest.lower() == rest == rest.upper()


class Caseless:
    """A pattern compiled with IGNORECASE, with the methods of `re.Pattern` the readers use."""

    __slots__ = ("full", "_twin", "_gate", "pattern", "flags", "groups", "groupindex")

    def __init__(self, source: str, flags: int = 0, gate: str | None = None) -> None:
        self.full = re.compile(source, flags | re.IGNORECASE)
        # (round 28) a cheap pattern, searched in " " and the lower case of an ASCII text, that finds
        # something wherever the pattern matches: where it finds nothing, neither twin nor pattern runs.
        # Its author checks it against the pattern (tests/test_judge_caseless_gates.py).
        self._gate = re.compile(gate) if gate is not None else None
        self.pattern, self.flags = self.full.pattern, self.full.flags
        self.groups, self.groupindex = self.full.groups, self.full.groupindex
        if _sre_parse is None:  # pragma: no cover
            self._twin = None
            return
        twin = re.compile(source, flags & ~re.IGNORECASE)
        reason = "an inline (?i) flag" if twin.flags & re.IGNORECASE else \
            _why_unsafe(_sre_parse.parse(source, twin.flags))
        if reason:
            # (a mistake in the source, caught when the module is imported: write the letter in lower case)
            raise ValueError(f"caseless: pattern {source[:60]!r}… cannot be read through its lower case: {reason}")
        self._twin = twin

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        if self._twin is not None and (string.isascii() or _twin_reads(string)):
            lower = string.lower()
            if self._gate is not None and string.isascii() and self._gate.search(" " + lower) is None:
                return None
            found = self._twin.search(lower, pos, endpos)
            # (the pattern matches where its twin first did: one try there, not a scan)
            return None if found is None else self.full.match(string, found.start(), endpos)
        return self.full.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        if self._twin is not None and (string.isascii() or _twin_reads(string)) and \
                self._twin.match(string.lower(), pos, endpos) is None:
            return None
        return self.full.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        if self._twin is not None and (string.isascii() or _twin_reads(string)) and \
                self._twin.fullmatch(string.lower(), pos, endpos) is None:
            return None
        return self.full.fullmatch(string, pos, endpos)

    def _absent(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> bool:
        """Whether the twin can tell that the pattern matches nowhere in the text."""
        if self._twin is None or not (string.isascii() or _twin_reads(string)):
            return False
        lower = string.lower()
        return self._gate is not None and string.isascii() and self._gate.search(" " + lower) is None or \
            self._twin.search(lower, pos, endpos) is None

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return iter(()) if self._absent(string, pos, endpos) else self.full.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return [] if self._absent(string, pos, endpos) else self.full.findall(string, pos, endpos)

    def count(self, string: str) -> int:
        """How many matches `findall` finds, without the slow IGNORECASE scan where the twin reads
        the text (round 29): the twin matches the lower case where and as far as the pattern
        matches the text, so its matches are as many."""
        if self._twin is not None and (string.isascii() or _twin_reads(string)):
            return len(self._twin.findall(string.lower()))
        return len(self.full.findall(string))

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return string if self._absent(string) else self.full.sub(repl, string, count)

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> tuple[str, int]:
        return (string, 0) if self._absent(string) else self.full.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return [string] if self._absent(string) else self.full.split(string, maxsplit)

    def __repr__(self) -> str:
        return f"caseless({self.pattern[:60]!r})"


def caseless(source: str, flags: int = 0, gate: str | None = None) -> Caseless:
    """`re.compile(source, flags | re.IGNORECASE)`, read faster on ASCII text (see the module's doc).
    `gate`: a pattern that must find something in " " + the text's lower case wherever the
    pattern matches the (ASCII) text; texts it finds nothing in are not read further."""
    return Caseless(source, flags, gate)


# What IGNORECASE takes for the same letter: "YIL", "yıl" and "yil" are one word to a pattern,
# and so must they be to the table a matched word is looked up in ("6 YIL VADE" in capitals).
# (beyond upper and lower case, re's own table of letters it also takes as one: "ı" and "i",
# "ſ" and "s", final and other sigma, ...)
try:
    from re._casefix import _EXTRA_CASES  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    _EXTRA_CASES = {ord("i"): (0x131,), ord("s"): (0x17F,), 0x3C3: (0x3C2,)}
_FOLDS = {other: min(code, *others) for code, others in _EXTRA_CASES.items() for other in (code, *others)
          if other != min(code, *others)}


def folded(word: str) -> str:
    """A word as an IGNORECASE pattern compares it: in lower case, with the letters `re` also takes
    as one ("ı" and "i", "İ" and "i", "ſ" and "s", Kelvin's "K" and "k") written alike."""
    if word.isascii():  # (the common case, on the hot path of stance: lower case is all there is to it)
        return word.lower()
    return word.lower().replace("i\u0307", "i").translate(_FOLDS)


def folded_keys(table: dict[str, V]) -> dict[str, V]:
    """The table keyed by `folded` words, for looking up what a case-insensitive pattern matched."""
    result: dict[str, V] = {}
    for key, value in table.items():
        if result.setdefault(folded(key), value) != value:
            raise ValueError(f"folded_keys: {key!r} folds to a word the table already has with another value")
    return result
