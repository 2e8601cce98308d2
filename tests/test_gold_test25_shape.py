"""The twenty-fifth held-out gold part (tests/data/extraction_gold_test25.jsonl, `t25-*`) is issue 12's
second held-out set again: about half ordinary tournament turns, the rest drift the earlier parts list
little or not at all: XML-ish offer tags, reasoning traces whose last line is a "Final answer", `<think>`
blocks, SMS shorthand ("1.3k/mo", "12mo"), offers written as changes to the other side's package,
Option A / Option B menus, transposed tables (issues as columns), voice-transcript fillers,
code-switching inside one message, Arabic-Indic digits and 万/만 numbers, with more than a quarter of its
items turns of multilingual tournaments (several scripts besides the Latin one), and a new
user-authored game, `storage-unit`. What every part promises (size, families, languages, sides, games,
hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part
stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py,
after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import (
    DATA, check_agreements_bare_and_restating, check_other_scripts, new_game_items_offering_every_label, texts_with,
)

GOLD_TEST25 = DATA / "extraction_gold_test25.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "ar", "he", "hi", "th"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST25, OTHER_SCRIPTS)


def test_the_drift_beyond_earlier_parts_is_there() -> None:
    assert texts_with(GOLD_TEST25, "<offer>", "<acceptable_offer>") >= 2  # XML-ish offer tags
    assert texts_with(GOLD_TEST25, "Final answer", "Final Answer") >= 5  # traces ending in a final line
    assert texts_with(GOLD_TEST25, "<think>") >= 3  # reasoning-model traces
    assert texts_with(GOLD_TEST25, "1.3k/mo", "12mo", "6k,", "1k and", "6 mo") >= 4  # SMS shorthand
    assert texts_with(GOLD_TEST25, "Option A", "Option 1") >= 4  # menus of packages
    assert texts_with(GOLD_TEST25, "Your package, but", "your package, but", "ur package but") >= 3  # changes to theirs
    assert texts_with(GOLD_TEST25, "١", "٢", "٣") >= 3  # Arabic-Indic digits
    assert texts_with(GOLD_TEST25, "万", "만") >= 2  # ten-thousands
    assert texts_with(GOLD_TEST25, "um ", "uh ") >= 1  # voice-transcript fillers


def test_the_new_game_takes_its_labels_in_other_words() -> None:
    storage = new_game_items_offering_every_label(GOLD_TEST25, "storage-unit")
    assert len(storage) >= 30
    # Many offered text labels are not written as the label is (synonyms, paraphrases, other languages).
    assert sum(any(label not in i["text"] for label in i["offers"].values()) for i in storage) >= 20
    assert any(i["invalid"] for i in storage) and any(i["ambiguous"] for i in storage)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST25, "agree on all issues", restated_issues=4)
