"""The fifteenth held-out gold part (tests/data/extraction_gold_test15.jsonl, `t15-*`) is issue 12's
second held-out set, in styles the issue and the earlier parts do not list: offers as contract clauses
and legalese, checklists and scorings of the other side's package, `±` tolerances, day and monthly
rates, dates as deadlines and ordinals, with more than a quarter of its items turns of multilingual
tournaments (several scripts besides the Latin one), and a new user-authored game, `plant-hire`. What
every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts, texts_with
from tests.gold_shape import items as read_items

GOLD_TEST15 = DATA / "extraction_gold_test15.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "el", "ar", "he", "hi", "th"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST15, OTHER_SCRIPTS)


def test_the_styles_beyond_the_issue_are_there() -> None:
    assert texts_with(GOLD_TEST15, "±") >= 5  # tolerances
    assert texts_with(GOLD_TEST15, "✅", "✔", "👍", "🟢") >= 8  # checklists and scorings
    assert texts_with(GOLD_TEST15, "shall", "WHEREAS", "§", "Clause", "Section", "第一条") >= 6  # contract clauses
    assert texts_with(GOLD_TEST15, "a day", "/day", "per day", "rate_per_day") >= 6  # day rates of a weekly issue
    assert texts_with(GOLD_TEST15, "> ```json", "> {") >= 3  # JSON in a markdown quote


def test_the_new_game_takes_dates_in_many_forms() -> None:
    plant = [i for i in read_items(GOLD_TEST15) if i["game"] == "plant-hire"]
    starts = [i["offers"]["start date"] for i in plant if "start date" in i["offers"]]
    assert set(starts) == {"March 2", "March 16", "April 6"}
    # Most of them are not written as the label is.
    assert sum(i["offers"].get("start date", "") not in i["text"] for i in plant) >= 20


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST15, "agree on all issues")
