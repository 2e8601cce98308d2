"""A Caseless pattern answers exactly as the IGNORECASE pattern it stands for, on any text."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lamen.judge.extract  # noqa: F401  (imports every reader module, so that their patterns are found)
from lamen.judge.caseless import Caseless, caseless

DATA = Path(__file__).resolve().parent / "data"


def _readers_patterns() -> dict[str, Caseless]:
    return {f"{name}.{attr}": value for name, module in sorted(sys.modules.items())
            if name.startswith("lamen.judge.") and module is not None
            for attr, value in vars(module).items() if isinstance(value, Caseless)}


PATTERNS = _readers_patterns()


def _same(mine: object, theirs: object) -> bool:
    if isinstance(mine, re.Match) or isinstance(theirs, re.Match):
        return isinstance(mine, re.Match) and isinstance(theirs, re.Match) and mine.span() == theirs.span() \
            and mine.group(0) == theirs.group(0) and mine.groups() == theirs.groups() and \
            all(mine.span(g) == theirs.span(g) for g in range(1, (mine.re.groups or 0) + 1))
    return mine == theirs


def _agrees(pattern: Caseless, text: str) -> None:
    full = pattern.full
    for method in ("search", "match", "fullmatch"):
        assert _same(getattr(pattern, method)(text), getattr(full, method)(text)), (pattern, method, text)
    for start in (1, len(text) // 2):
        assert _same(pattern.search(text, start), full.search(text, start)), (pattern, "search from", start, text)
    mine, theirs = list(pattern.finditer(text)), list(full.finditer(text))
    assert len(mine) == len(theirs) and all(_same(a, b) for a, b in zip(mine, theirs)), (pattern, "finditer", text)
    assert pattern.findall(text) == full.findall(text), (pattern, "findall", text)
    assert pattern.sub(lambda m: f"<{m.group(0).upper()}>", text) == full.sub(lambda m: f"<{m.group(0).upper()}>", text)
    assert pattern.subn("#", text) == full.subn("#", text)
    assert pattern.split(text) == full.split(text)


def test_the_readers_use_caseless_patterns() -> None:
    # (the hot IGNORECASE patterns of the message reader: if none were found, nothing below would test them)
    assert {"lamen.judge.stance.PROPOSES", "lamen.judge.phrases._ZERO_CUE", "lamen.judge.stance._REJECTED_AFTER",
            "lamen.judge.per_week._CUE", "lamen.judge.values._FOREIGN_WORDS"} <= set(PATTERNS)


def test_a_match_is_the_patterns_own() -> None:
    proposes = caseless(r"\b(?P<verb>propose|offer)\b\s+(\$?\d+)")
    found = proposes.search("So we PROPOSE $1200 and Offer 3")
    assert found is not None and found.span() == (6, 19) and found.group("verb") == "PROPOSE" and found.group(2) == "$1200"
    assert [m.group(0) for m in proposes.finditer("So we PROPOSE $1200 and Offer 3")] == ["PROPOSE $1200", "Offer 3"]
    assert proposes.findall("offer 5, OFFER 6") == [("offer", "5"), ("OFFER", "6")]
    assert proposes.sub(lambda m: m.group(2), "I Offer 7.") == "I 7."
    assert proposes.split("a offer 1 b") == ["a ", "offer", "1", " b"]
    assert proposes.search("nothing here") is None and proposes.findall("none") == []


def test_text_beyond_ascii_is_read_by_the_pattern_itself() -> None:
    # Kelvin's sign folds to "k" and the long s to "s" under IGNORECASE: only the full pattern knows it
    weeks = caseless(r"\bweeks?\b")
    assert weeks.search("two WEE\u212aS").span() == (4, 9)
    assert caseless(r"\bsublet\b").search("no ſublet") is not None
    assert weeks.search("deux semaines") is None


@pytest.mark.parametrize("source, reason", [
    (r"\bCompany A\b", "the letter 'C'"),
    (r"[A-D]\)", "the range 'A'-'D'"),
    ("y\u0131l", "the letter 'ı'"),
    ("[\u0100-\u0200]", "the range"),
    (r"(?-i:x)y", "case flags"),
    (r"(?i)x", "inline"),
])
def test_a_pattern_that_reads_differently_in_lower_case_is_refused(source: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        caseless(source)


_WORDS = st.sampled_from(["we", "WE", "Propose", "offer", "no", "NO", "not", "isn't", "too", "high", "week", "Weeks",
                          "waive", "Waived", "fee", "free", "or", "Between", "and", "to", "$1,200", "12", "3%", "you",
                          "Your", "they", "last", "from", "at", "is", "was", "our", "favour", "instead", "of", "the",
                          "und", "Nous", "dozen", "grand", "half", "A", "-", ",", ".", "?", ":", "(", ")", "\n"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_WORDS, max_size=18), st.sampled_from(["", "é", "\u212a", "ſ", "ı", "日本"]))
def test_every_readers_pattern_agrees_on_made_up_text(words: list[str], extra: str) -> None:
    text = " ".join(words)
    for variant in (text, text + extra):
        for pattern in PATTERNS.values():
            _agrees(pattern, variant)


def test_every_readers_pattern_agrees_on_the_gold_texts() -> None:
    texts = [json.loads(line)["text"] for line in (DATA / "extraction_gold.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip()][:400]
    sentences = [s for text in texts for s in re.split(r"(?<=[.!?])\s+", text)][:1500]
    for pattern in PATTERNS.values():
        for text in sentences:
            _agrees(pattern, text)


def test_the_folds_to_ascii_are_all_this_pythons_re_knows() -> None:
    # The twin's safety rests on knowing every non-ASCII character IGNORECASE takes for an ASCII one;
    # `re` relates characters symmetrically, so reading each as text against [a-z] finds them all.
    from lamen.judge.caseless import _FOLDS_TO_ASCII
    letters = re.compile("[a-z]", re.IGNORECASE)
    found = {code for code in range(128, sys.maxunicode + 1)
             if not 0xD800 <= code <= 0xDFFF and letters.fullmatch(chr(code))}
    assert found == set(_FOLDS_TO_ASCII) == {0x130, 0x131, 0x17F, 0x212A}


@settings(max_examples=40, deadline=None)
@given(st.lists(_WORDS, max_size=12), st.integers(0, 6))
def test_every_readers_pattern_agrees_within_pos_and_endpos(words: list[str], pos: int) -> None:
    # (every cut of the text's end: a match the twin finds before endpos must not run past it)
    text = " ".join(words)
    for endpos in range(len(text) + 1):
        for pattern in PATTERNS.values():
            full = pattern.full
            for method in ("search", "match", "fullmatch", "findall"):
                assert _same(getattr(pattern, method)(text, pos, endpos), getattr(full, method)(text, pos, endpos)), \
                    (pattern, method, pos, endpos, text)
            mine, theirs = list(pattern.finditer(text, pos, endpos)), list(full.finditer(text, pos, endpos))
            assert len(mine) == len(theirs) and all(_same(a, b) for a, b in zip(mine, theirs)), (pattern, pos, endpos, text)
