"""The nineteenth held-out gold part (tests/data/extraction_gold_test19.jsonl, `t19-*`) is issue 12's
second held-out set once more, in drift the issue and the earlier parts do not list: TOML tables, XML
with units in attributes, Python dict literals, LaTeX display math, snake_case keys with units, e-mails
with a subject line and a signature, contract clauses, menus of alternative packages ("Option A / Option
B"), chat mentions, `k` and `¢` amounts, Arabic-Indic digits, Chinese numerals and myriads (万), keys
written in the speaker's own language, and inline self-corrections, with more than a quarter of its items
turns of multilingual tournaments (several scripts besides the Latin one), and a new user-authored game,
`translation-job`. What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape
only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts, texts_with
from tests.gold_shape import items as read_items

GOLD_TEST19 = DATA / "extraction_gold_test19.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "ar", "he", "hi", "th"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST19, OTHER_SCRIPTS)


def test_the_drift_beyond_earlier_parts_is_there() -> None:
    assert texts_with(GOLD_TEST19, "[offer]", "<offer>", "None,") >= 3  # TOML, XML, Python literals
    assert texts_with(GOLD_TEST19, "\\text{") >= 1  # LaTeX display math
    assert texts_with(GOLD_TEST19, "Subject:", "Clause 1") >= 2  # e-mails and contract clauses
    assert texts_with(GOLD_TEST19, "Option A") >= 1  # a menu of packages
    assert texts_with(GOLD_TEST19, "١", "٢", "٣", "٥", "٩") >= 2  # Arabic-Indic digits
    assert texts_with(GOLD_TEST19, "万", "五千") >= 2  # Chinese numerals and myriads
    assert texts_with(GOLD_TEST19, "1.2k", "$3k", "110k", "$4k", "12¢") >= 4  # k and cent amounts


def test_the_new_game_takes_its_labels_in_other_words() -> None:
    job = [i for i in read_items(GOLD_TEST19) if i["game"] == "translation-job"]
    assert len(job) >= 30
    reviews = {i["offers"]["review"] for i in job if "review" in i["offers"]}
    assert reviews == {"translation only", "single proofread", "two-linguist review"}
    # Most offered labels are not written as the label is.
    assert sum(any(label not in i["text"] for label in i["offers"].values()) for i in job) >= 20
    assert any("turnaround" in i["invalid"] for i in job) and any(i["ambiguous"] for i in job)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST19, "accept", "agree", restated_issues=4)
