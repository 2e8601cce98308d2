"""The thirty-ninth held-out gold part (tests/data/extraction_gold_test39.jsonl, `t39-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: give/get framing ("I
give: … I get: …"), a note written as a self-interview (Q: / A:), slash commands ("/counter rent:1100 …"),
values marked up as inline code, `==highlight==` and `<mark>`, vulgar fractions (4½%), Chinese financial
numerals (壹仟贰佰), Thai digits, a percent sign before the number (Turkish "%3"), hedge suffixes and
prefixes ("$1,250-ish", "~$1,200", "左右", "give or take"), litotes, the speaker naming itself in the third
person, an assistant persona imagining the other side's counter, an apology correcting the previous turn,
and "Subject to contract" / "non-binding" decorations. Every item carries `side`, notes too. What every
part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST39 = DATA / "extraction_gold_test39.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "ar", "he", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST39, OTHER_SCRIPTS)


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST39, "I give:") == 1 and texts_with(GOLD_TEST39, "\nA: ") == 1
    assert texts_with(GOLD_TEST39, "/counter ") == 1
    assert texts_with(GOLD_TEST39, "`$") >= 1 and texts_with(GOLD_TEST39, "==$") >= 1
    assert texts_with(GOLD_TEST39, "<mark>") == 1
    assert texts_with(GOLD_TEST39, "½") == 1 and texts_with(GOLD_TEST39, "壹仟贰佰") == 1
    assert texts_with(GOLD_TEST39, "๒๔") == 1 and texts_with(GOLD_TEST39, "%3 ") == 1
    assert texts_with(GOLD_TEST39, "-ish", "~$", "左右", "give or take") >= 4
    assert texts_with(GOLD_TEST39, "Subject to contract", "non-binding") == 2


def test_hedges_and_fractions_are_labelled_with_the_value_they_hedge() -> None:
    by_mark = {mark: i for i in read_items(GOLD_TEST39) for mark in ("½", "~$1,200", "左右", "壹仟贰佰")
               if mark in i["text"]}
    assert by_mark["½"]["offers"]["annual interest rate"] == "4.5%"
    assert by_mark["~$1,200"]["offers"]["rent"] == "$1200"
    assert by_mark["左右"]["offers"]["rent"] == "$1100"
    assert by_mark["壹仟贰佰"]["offers"]["rent"] == "$1200"


def test_the_new_game_offers_every_label_mostly_in_other_words() -> None:
    murals = new_game_items_offering_every_label(GOLD_TEST39, "mural-commission")
    assert len(murals) >= 30
    text_issues = ("medium", "coating", "credit")
    paraphrased = [i for i in murals for issue in text_issues
                   if issue in i["offers"] and i["offers"][issue].lower() not in i["text"].lower()]
    assert len(paraphrased) >= 30


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST39, "agree on all issues")
