"""phrases.ZERO_HINT is a true necessary condition of _ZERO_CUE: wherever the pattern finds a
zero cue in ASCII text, the hint is in the text's lower case (else zero_mentions would skip it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from lamen.judge.phrases import _ZERO_CUE, ZERO_HINT

DATA = Path(__file__).resolve().parent / "data"


def _sentences() -> list[str]:
    texts = [json.loads(line)["text"] for path in sorted(DATA.glob("extraction_gold*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [s for text in texts for s in re.split(r"(?<=[.!?\n])\s*", text) if s.isascii()]


def test_every_gold_sentence_with_a_zero_cue_has_the_hint() -> None:
    sentences = _sentences()
    cued = [s for s in sentences if _ZERO_CUE.full.search(s)]
    assert len(cued) > 500  # (the gold set says "no deposit", "waive the fee" often: the check is not empty)
    assert [s for s in cued if not ZERO_HINT.search(s.lower())] == []


_WORDS = st.sampled_from(["No", "NOT", "zero", "Waived", "without", "interest-free", "allowed", "permitted", "accept",
                          "charge", "dropped", "entirely", "left", "out", "excluded", "removed", "skip", "forgo",
                          "pass", "on", "give", "up", "can't", "afford", "room", "budget", "space", "don't", "need",
                          "nil", "n/a", "none", "the", "fee", "deposit", "is", "are", ":", "=", "to", "$40", "we",
                          "subletting", "for", "a", "be", "would", "have"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, max_size=10))
def test_made_up_sentences_with_a_zero_cue_have_the_hint(words: list[str]) -> None:
    sentence = " ".join(words)
    if _ZERO_CUE.full.search(sentence):
        assert ZERO_HINT.search(sentence.lower())
