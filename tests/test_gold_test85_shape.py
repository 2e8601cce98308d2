"""The eighty-fifth held-out gold part (tests/data/extraction_gold_test85.jsonl, `t85-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: an offer as a Typst
`#table(...)` with escaped dollar signs; a mermaid gantt chart of the flight season (and a mermaid pie of
priorities) before the offer line; chat messages marked "(edited)" with an "edit: was …" line; cheque-style
amounts in words ("Dollars Eleven Hundred Only", "USD Five Thousand Only"); Hindi fractional number words
(साढ़े, सवा, पौने, डेढ़); the currency signs ₩, ₴, ₪, ₽, ฿ and ₹ standing for the game's dollars; Thai
Buddhist-era years beside the values; German and Dutch compound words holding the lease length
("Zwölfmonatsvertrag", "achttienmaandencontract"); a per-acre price in a per-hectare game; flights counted
from a season's calendar. Every item carries `side`, notes too. More than a quarter of its items are turns
of multilingual tournaments, and it brings a new user-authored game, `drone-survey-t85`. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST85 = DATA / "extraction_gold_test85.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST85, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST85, "agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST85, "drone-survey-t85")) >= 40


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST85, "```typst") == 1
    assert texts_with(GOLD_TEST85, "```mermaid") == 2 and texts_with(GOLD_TEST85, "gantt") == 1
    assert texts_with(GOLD_TEST85, "(edited)") == 3  # chat edits
    assert texts_with(GOLD_TEST85, " Only") == 6  # cheque-style amounts in words
    assert texts_with(GOLD_TEST85, "साढ़े", "सवा", "पौने", "डेढ़") == 4  # Hindi fractional numbers
    assert texts_with(GOLD_TEST85, "₩", "₴", "₪", "₽", "฿", "₹") == 6  # other currency signs
    assert texts_with(GOLD_TEST85, "2568") == 2  # Thai Buddhist-era years
    assert texts_with(GOLD_TEST85, "Zwölfmonatsvertrag", "achttienmaandencontract",
                      "Vierundzwanzigmonatsvertrag") == 3
    assert texts_with(GOLD_TEST85, "acre") == 3


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST85)}
    # Typst's escaped \$ is money; cheque-style words are the amount they spell.
    assert found["t85-note-003"]["offers"]["rent"] == "$1300"
    assert found["t85-note-004"]["offers"]["rent"] == "$1100"
    assert found["t85-msg-111"]["offers"]["price"] == "$27000"
    # Hindi fractional words are exact; 1,275 is no rent label.
    assert found["t85-note-007"]["offers"]["deposit"] == "$750"
    assert found["t85-note-008"]["offers"]["duration"] == "15 months"
    assert found["t85-note-008"]["invalid"] == {"rent": "पौने तेरह सौ डॉलर"}
    assert found["t85-msg-009"]["offers"]["deposit"] == "$1250"
    assert found["t85-msg-010"]["offers"]["duration"] == "21 months"
    # A Buddhist-era year is a date; a compound word holds the lease length.
    assert found["t85-note-011"]["offers"]["duration"] == "24 months"
    assert found["t85-note-009"]["offers"]["duration"] == "12 months"
    # "(edited)": the old value of the "edit: was" line is not offered.
    assert found["t85-msg-007"]["offers"]["rent"] == "$1000"
    assert found["t85-msg-076"]["offers"]["flights"] == "4 flights"
    # Flights counted from the season's calendar; "weekly" alone gives no count.
    assert found["t85-note-056"]["offers"]["flights"] == "6 flights"
    assert found["t85-note-074"]["offers"]["flights"] == "8 flights"
    assert found["t85-msg-077"]["offers"]["flights"] == "6 flights"
    assert "flights" not in found["t85-note-068"]["offers"] and not found["t85-note-068"]["invalid"]
    # A per-acre price is no label of the per-hectare price; a per-acre column restating it is no second value.
    assert found["t85-note-058"]["invalid"] == {"price per hectare": "$4 an acre"}
    assert found["t85-msg-080"]["invalid"] == {"price per hectare": "$3.25 an acre"}
    assert found["t85-note-057"]["offers"]["price per hectare"] == "$12" and not found["t85-note-057"]["invalid"]
    # Who owns the data is read from the speaker's side.
    assert found["t85-note-053"]["offers"]["data ownership"] == "co-op owns"
    assert found["t85-msg-078"]["offers"]["data ownership"] == "firm owns"
    # Farms counted are no flights; issues the game lacks.
    assert found["t85-note-071"]["offers"]["flights"] == "6 flights"
    assert found["t85-msg-100"]["offers"]["flights"] == "8 flights"
    assert found["t85-note-066"]["unknown_issues"] == ["ground resolution"]
    assert found["t85-msg-081"]["unknown_issues"] == ["spot spraying"]
