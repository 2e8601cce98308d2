"""The twenty-third held-out gold part (tests/data/extraction_gold_test23.jsonl, `t23-*`) is issue 12's
second held-out set again: about half ordinary tournament turns, the rest drift the issue and the earlier
parts list little or not at all: a LaTeX `\\boxed{}` final answer, a `diff` of the own offer, "shall"
clauses and term sheets, checklists and scorings of the other side's package, tables with a status
column, a mid-sentence self-correction, shorthand sheets, fullwidth digits, a weekly price for a nightly
issue and weeks for a stay counted in nights, with more than a quarter of its items turns of
multilingual tournaments (several scripts besides the Latin one), and a new user-authored game,
`dog-boarding`. What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape
only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts, texts_with
from tests.gold_shape import items as read_items

GOLD_TEST23 = DATA / "extraction_gold_test23.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "el", "ar", "hi"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST23, OTHER_SCRIPTS)


def test_the_drift_beyond_earlier_parts_is_there() -> None:
    assert texts_with(GOLD_TEST23, "\\boxed", "Final answer") >= 2  # math-style final answers
    assert texts_with(GOLD_TEST23, "```diff", "~~") >= 3  # withdrawn values
    assert texts_with(GOLD_TEST23, "shall", "§", "TERM SHEET", "(a)") >= 4  # clauses and term sheets
    assert texts_with(GOLD_TEST23, "✅", "✔", "🟢", "/10") >= 7  # checklists and scorings
    assert texts_with(GOLD_TEST23, "| Status |", "| status |") >= 3  # status columns
    assert texts_with(GOLD_TEST23, "±") >= 3  # tolerances
    assert texts_with(GOLD_TEST23, "１", "２") >= 1  # fullwidth digits


def test_the_new_game_takes_its_labels_in_other_words() -> None:
    boarding = [i for i in read_items(GOLD_TEST23) if i["game"] == "dog-boarding"]
    assert len(boarding) >= 30
    assert {i["offers"]["stay"] for i in boarding if "stay" in i["offers"]} == {"7 nights", "10 nights", "14 nights"}
    assert {i["offers"]["room"] for i in boarding if "room" in i["offers"]} == {"shared run", "private suite"}
    assert {i["offers"]["transport"] for i in boarding if "transport" in i["offers"]} == {"owner drop-off", "pet taxi"}
    # Many offered text labels are not written as the label is (synonyms, paraphrases, other languages).
    assert sum(any(label not in i["text"] for label in i["offers"].values()) for i in boarding) >= 20
    assert any(i["invalid"] for i in boarding) and any(i["ambiguous"] for i in boarding)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST23, "agree on all issues", restated_issues=4)
