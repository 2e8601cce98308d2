"""Round 28: the cheap cues searched before an expensive pattern must never skip a text the pattern
would match. Each gate is checked against its pattern on every window of the gold texts the readers
search it in (the text after or before each number, each sentence) and on the examples its
comments give."""

from __future__ import annotations

import json
import sys
import re
from pathlib import Path

import pytest

from lamen.judge import stance, values

DATA = Path(__file__).resolve().parent / "data"


def _gold_texts() -> list[str]:
    texts = []
    for path in sorted(DATA.glob("extraction_gold*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line)["text"])
    return texts


@pytest.fixture(scope="module")
def windows() -> list[str]:
    """Windows of gold text: the 70 characters after each number, the 40 before it, each sentence."""
    found: set[str] = set()
    for text in _gold_texts():
        for match in re.finditer(r"\d+", text):
            found.add(text[match.end():match.end() + 70])
            found.add(text[max(0, match.start() - 40):match.start()])
        found.update(re.split(r"(?<=[.!?])\s+|\n+", text))
    return sorted(found)


def _gate_holds(pattern, texts: list[str]) -> list[str]:
    """The ASCII texts the pattern matches in whose lower case (after a space) its gate finds nothing."""
    gate = pattern._gate
    return [text for text in texts if text.isascii() and pattern.full.search(text)
            and gate.search(" " + text.lower()) is None]


def test_rejected_after_gate_never_skips_a_verdict(windows: list[str]) -> None:
    examples = [" is too high", " is way too much", " too expensive", " is 40% above our budget",
                " averages to 3.5%", " isn't necessary", " exceeds our budget", " simply isn't workable",
                " means about $2,700 in interest", " makes it unaffordable", " is off the table",
                " won't cover my costs", " costs more", " carries extra staffing costs", " is a lot",
                " which we can't do", " doesn't work for us", " sits $200 over my limit", " is steep",
                "\tfeels steep", " goes beyond our budget", " adds up to $2,000", " is pricier"]
    for example in examples:
        assert stance._REJECTED_AFTER.full.search(example), example
    assert _gate_holds(stance._REJECTED_AFTER, examples + windows) == []


@pytest.mark.parametrize("cue, pattern", [(values._TWO_AFTER_COMMA, values._EURO_DECIMAL),
                                          (values._FEW_AFTER_COMMA, values._DECIMAL_COMMA),
                                          (values._FEW_AFTER_COMMA, values._SMALL_DECIMAL_COMMA.full),
                                          (values._INDIAN_CUE, values._INDIAN_GROUPS),
                                          (values._DOT_CUE, values._DOT_THOUSANDS)])
def test_number_format_cues_never_skip_a_number(cue: re.Pattern[str], pattern: re.Pattern[str], windows: list[str]) -> None:
    examples = ["1.250,00 €", "1 300,00 $", "0,10 $ por palabra", "1,5 €", "2,5%", "12,34,567", "1.200 $",
                "7.000 dólares", "3,5 %"]
    texts = examples + windows + _gold_texts()
    assert [text for text in texts if pattern.search(text) and not cue.search(text)] == []


# Round 28: a text whose non-ASCII characters have no case ("—", "’", "€", emoji, CJK) is read
# through the twin as ASCII text is.

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.test_judge_caseless import PATTERNS, _WORDS, _agrees  # noqa: E402
from lamen.judge.caseless import _twin_reads  # noqa: E402


def test_no_characters_case_is_a_caseless_character() -> None:
    # (what lets the twin read caseless characters: IGNORECASE takes such a character for itself alone)
    def caseless_char(c: str) -> bool:
        return c.lower() == c == c.upper()
    found = [(hex(code), hex(ord(mapped))) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF
             for mapped in (chr(code).lower(), chr(code).upper(), chr(code).casefold())
             if len(mapped) == 1 and mapped != chr(code) and ord(mapped) > 127 and caseless_char(mapped)]
    assert found == []
    assert _twin_reads("we — you’re at €1.200 ❌ 日本") and not _twin_reads("café") and not _twin_reads("straße")
    assert not _twin_reads("yıl") and not _twin_reads("\u212a") and not _twin_reads("ſ") and not _twin_reads("Σ")


@settings(max_examples=120, deadline=None)
@given(st.lists(_WORDS, max_size=18), st.sampled_from(["—", "’", "❌", "€", "日本", "👎 ", "–", "…"]),
       st.integers(0, 18))
def test_every_readers_pattern_agrees_on_text_with_caseless_characters(words: list[str], extra: str, at: int) -> None:
    text = " ".join(words[:at] + [extra] + words[at:])
    for pattern in PATTERNS.values():
        _agrees(pattern, text)


def test_every_readers_pattern_agrees_on_the_gold_texts_beyond_ascii() -> None:
    sentences = [s for text in _gold_texts() if not text.isascii() for s in re.split(r"(?<=[.!?])\s+|\n+", text)
                 if not s.isascii()]
    sentences = sentences[::max(1, len(sentences) // 1200)]
    assert sum(_twin_reads(s) for s in sentences) > 300
    for pattern in PATTERNS.values():
        for text in sentences:
            _agrees(pattern, text)


def test_phrase_gate_finds_something_wherever_a_wording_matches() -> None:
    # (round 28: label_phrases skips the case-insensitive wordings of a sentence the gate finds nothing in)
    from bench.extraction_gold import gold_game  # noqa: PLC0415
    from lamen.judge.labels import label_cache
    items = [json.loads(line) for path in sorted(DATA.glob("extraction_gold*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    by_game: dict[str, list[str]] = {}
    for item in items:
        by_game.setdefault(item["game"], []).extend(re.split(r"(?<=[.!?])\s+|\n+", item["text"]))
    gated = 0
    for game, sentences in sorted(by_game.items()):
        labels = label_cache(gold_game(game))
        gate = labels.phrase_gate
        if gate is None:
            continue
        gated += 1
        wordings = [pattern for _, _, pattern in labels.phrase_patterns if pattern.flags & re.IGNORECASE]
        for sentence in sentences:
            if any(pattern.search(sentence) for pattern in wordings):
                assert gate.search(sentence) is not None, (game, sentence)
    assert gated >= 10


def test_unit_word_cue_never_skips_a_unit_after_a_number(windows: list[str]) -> None:
    # (round 28: local_forms searches the lexicon's UNIT_AFTER_NUMBER in an ASCII text only where
    # this cue finds a digit and a unit word in its lower case)
    from lamen.judge.lexicon import UNIT_AFTER_NUMBER
    examples = ["6 YIL VADE", "12 ay", "2 Hari", "3 bulan", "18 KUUKAUTTA", "5 dagar", "4 dnech", "2 yil"]
    for example in examples:
        assert UNIT_AFTER_NUMBER.search(example), example
    texts = examples + windows + _gold_texts()
    assert [text for text in texts if text.isascii() and UNIT_AFTER_NUMBER.search(text)
            and not values._UNIT_WORD_CUE.search(text.lower())] == []


def test_count_is_the_number_of_matches_findall_finds() -> None:
    # (round 29: `in_english` counts the foreign function words through the twin)
    examples = ["Nous proposons UND que", "Das ist É bien", "Wir und Sie — avec €5", "ETE é É", "plain English text"]
    for text in examples + _gold_texts():
        assert values._FOREIGN_WORDS.count(text) == len(values._FOREIGN_WORDS.full.findall(text)), text
