"""A word a case-insensitive pattern matched is looked up as the pattern compared it: "6 YIL" in
capitals is Turkish "yıl" (years) to the pattern, and must be to its table too (it once raised
KeyError: 'yil' out of the judge)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from lamen.judge.caseless import folded, folded_keys
from lamen.judge.extract import extract_message, extract_note
from lamen.judge.guard import READER_FAILED
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

DATA = Path(__file__).resolve().parent / "data"


def test_folded_writes_alike_what_ignorecase_takes_as_one() -> None:
    assert [folded(word) for word in ("YIL", "yıl", "yil", "İKİ", "ſixteenth", "wee\u212a")] == \
        ["yil", "yil", "yil", "iki", "sixteenth", "week"]
    assert folded("ΜΉΝΕΣ") == folded("μήνες")


def test_folded_keys_refuses_two_words_it_cannot_tell_apart() -> None:
    assert folded_keys({"yıl": "years", "ay": "months"}) == {"yil": "years", "ay": "months"}
    with pytest.raises(ValueError, match="'yil' folds to a word"):
        folded_keys({"yıl": "years", "yil": "days"})


@pytest.mark.parametrize("text", ["TEKLIFIMIZ: 8.000 $ KREDI, 6 YIL VADE, YILLIK %3,5 FAIZ VE 20 $ HIZMET ÜCRETI.",
                                  "Teklifimiz: 8.000 $ kredi, 6 yıl vade, yıllık %3,5 faiz ve 20 $ hizmet ücreti."])
def test_a_turkish_offer_in_capitals_reads_as_in_lower_case(text: str) -> None:
    reading = extract_message(text, label_cache(load_game("loan-agreement")))
    assert reading.offers == {"amount": "$8000", "duration": "6 years", "annual interest rate": "3.5%",
                              "service fees": "$20"}


def test_no_gold_text_makes_a_reader_raise_in_capitals_or_with_letters_that_fold_to_ascii() -> None:
    # (all caps, and "ı", "İ", "ſ" and Kelvin's "K" for some of the letters they stand for)
    rng = random.Random(12)
    items = [json.loads(line) for path in sorted(DATA.glob("extraction_gold_test1[0-9].jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    swaps = {"i": "ı", "I": "İ", "s": "ſ", "k": "\u212a", "K": "\u212a"}
    for item in rng.sample(items, 250):
        user_game = DATA / "games" / f"{item['game']}.yaml"
        labels = label_cache(load_game(user_game if user_game.is_file() else item["game"]))
        read = extract_note if item["kind"] == "note" else extract_message
        for text in (item["text"].upper(), "".join(swaps.get(c, c) if rng.random() < 0.5 else c for c in item["text"])):
            # (the readers answer a failure with an unsure reading naming it: none may)
            assert READER_FAILED not in read(text, labels).reason, (item["id"], text)
