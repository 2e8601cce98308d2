"""The forty-ninth held-out gold part (tests/data/extraction_gold_test49.jsonl, `t49-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: ISO 8601 durations
(`P2Y`, `P12M`), non-breaking hyphens (U+2011) and zero-width spaces inside labels and numbers, HTML
entities and `<br>` inside table cells, tab-separated key/value lines, acceptance rules written as
boolean bounds ("ACCEPT IF rent <= $1,200 AND ..."), floor/ceiling objects, the agreement phrase quoted
as an instruction to the partner, Turkish "%3,5", German "Tsd.", reduced board ratios ("3:2 in our
favour"). Every item carries `side`, notes too. More than a quarter of its items are turns of
multilingual tournaments (several scripts), and it brings a new user-authored game, `telescope-time`.
What every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST49 = DATA / "extraction_gold_test49.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "hi", "ar", "he", "el", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST49, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST49, "agree on all issues", "We agree on all issues",
                                        restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST49, "telescope-time")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST49, '"P2Y"', '"P12M"', '"P7Y"') == 3  # ISO 8601 durations
    assert texts_with(GOLD_TEST49, "\u2011") >= 3  # non-breaking hyphens inside labels
    assert texts_with(GOLD_TEST49, "\u200b") == 1  # a zero-width space inside a number
    assert texts_with(GOLD_TEST49, "<br>") == 2 and texts_with(GOLD_TEST49, "&nbsp;") == 1
    assert texts_with(GOLD_TEST49, "\t") == 1  # tab-separated key/value lines
    assert texts_with(GOLD_TEST49, "ACCEPT IF", '"floor"') == 2
    assert texts_with(GOLD_TEST49, "%3,5", "Tsd.", "3:2 in our favour") == 3


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST49)}
    # ISO 8601 durations are exact conversions: P12M, P2Y, P1W, P7Y.
    assert found["t49-note-004"]["offers"]["data embargo"] == "12-month embargo"
    assert (found["t49-note-018"]["offers"]["duration"], found["t49-note-018"]["offers"]["subletting"]) == (
        "24 months", "7 days")
    assert found["t49-note-076"]["offers"]["duration"] == "7 years"
    # A non-breaking hyphen is a hyphen; a zero-width space inside a number joins it.
    assert found["t49-note-001"]["offers"]["data embargo"] == "6-month embargo"
    assert found["t49-note-027"]["offers"]["rent"] == "$1300"
    # A floor/ceiling object states two values with none chosen: ambiguous.
    assert found["t49-note-015"]["ambiguous"] == ["night fee"] and "night fee" not in found["t49-note-015"]["offers"]
    # The agreement phrase quoted as an instruction to the partner is no acceptance: the package is proposed.
    assert found["t49-msg-007"]["offers"]["night fee"] == "$1200"
    # An acceptance rule written as bounds offers the bounds.
    assert found["t49-note-023"]["offers"] == {"rent": "$1200", "duration": "12 months", "deposit": "$1000",
                                               "subletting": "2 days"}
    # Turkish "%3,5", German "1,1 Tsd. $" and a reduced ratio of the ten seats from Company B.
    assert found["t49-msg-051"]["offers"]["annual interest rate"] == "3.5%"
    assert found["t49-msg-032"]["offers"]["rent"] == "$1100"
    assert found["t49-msg-065"]["offers"]["control"] == "4-6"
    # Time offered in hours for a block counted in nights is invalid as written.
    assert found["t49-msg-018"]["invalid"] == {"nights": "40 hours"}
