"""The thirty-first held-out gold part (tests/data/extraction_gold_test31.jsonl, `t31-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: output cut off by the
token limit, unfilled template placeholders ("{price}", "$[SALARY]"), Command R's grounded answers with
`<co: N>` citation tags, TL;DR lines and P.S. revisions, "respectively" pairing, "the latter" choosing a
quoted package, the same package twice in two languages (agreeing or not), target / acceptable /
walk-away tiers, units in JSON keys (`rent_cents`), LaTeX-escaped dollars, highlight and approximation
marks, values referred back to an earlier round, and numerals and number words of other scripts
(full-width, Thai, Devanagari, Bengali digits; 一千二, 삼천, 十二万). More than a quarter of its items are
turns of multilingual tournaments, and it brings a new user-authored game, `campervan-hire`. What every
part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

import unicodedata

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST31 = DATA / "extraction_gold_test31.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"ru", "el", "he", "fa", "hi", "bn", "th", "ko", "ja", "zh"}


def _has_non_ascii_digit(text: str) -> bool:
    return any(not ch.isascii() and unicodedata.decimal(ch, None) is not None for ch in text)


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST31, OTHER_SCRIPTS)


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST31, "<co: ") >= 2  # grounded answers with citation tags
    assert texts_with(GOLD_TEST31, "{price}", "$[SALARY]", "[MILEAGE OPTION]") == 3  # unfilled placeholders
    assert texts_with(GOLD_TEST31, "respectively") >= 2
    assert texts_with(GOLD_TEST31, "TL;DR") >= 2 and texts_with(GOLD_TEST31, "P.S.") >= 1
    assert texts_with(GOLD_TEST31, "\U0001f1ec\U0001f1e7") >= 2  # the same turn in two languages
    assert texts_with(GOLD_TEST31, "\\$") >= 2  # LaTeX-escaped dollars
    assert texts_with(GOLD_TEST31, "≈", "~") >= 2 and texts_with(GOLD_TEST31, "==$") >= 1
    assert texts_with(GOLD_TEST31, "_cents", "Walk-away", "the latter") >= 3
    assert sum(_has_non_ascii_digit(i["text"]) for i in read_items(GOLD_TEST31)) >= 5  # ３, ๑, ६, ৫


def test_cut_off_turns_keep_only_their_complete_values() -> None:
    cut = [i for i in read_items(GOLD_TEST31) if i["text"].endswith(("\"2", "of $"))]
    assert len(cut) == 2
    assert all(len(i["offers"]) == 3 and not i["invalid"] and not i["ambiguous"] for i in cut)


def test_the_new_game_offers_every_label_mostly_in_other_words() -> None:
    campervan = new_game_items_offering_every_label(GOLD_TEST31, "campervan-hire")
    text_issues = ("mileage", "insurance", "return")
    paraphrased = [i for i in campervan for issue in text_issues
                   if issue in i["offers"] and i["offers"][issue].lower() not in i["text"].lower()]
    assert len(paraphrased) >= 40


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST31, "We agree on all issues")
