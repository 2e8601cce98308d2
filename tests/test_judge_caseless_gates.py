"""Round 28: the cheap cues searched before an expensive pattern must never skip a text the pattern
would match. Each gate is checked against its pattern on every window of the gold texts the readers
search it in (the text after or before each number, each sentence) and on the examples its
comments give."""

from __future__ import annotations

import json
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
