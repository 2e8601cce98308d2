"""The sixty-fifth held-out gold part (tests/data/extraction_gold_test65.jsonl, `t65-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as
Prolog facts, an HCL block, a Go struct literal, a Ruby hash, dotenv variables, Python assertions,
markdown link-reference definitions and maps-to arrows; ACK/NACK and LGTM review replies; thumbs
up/down reactions per issue; radio-button menus; ditto marks in a table of rounds; a flagged
"preferred" package; an email subject line carrying the values; and measures a careful reader converts
(vacation in working weeks, "semestres", "a quarter century", interest in "points", "half a percent",
"lakh"). Every item carries `side`, notes too. More than a quarter of its items are turns of
multilingual tournaments, and it brings a new user-authored game, `solar-panel-lease`. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST65 = DATA / "extraction_gold_test65.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST65, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST65, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST65, "solar-panel-lease")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Code-ish offers: Prolog facts, HCL, a Go struct, a Ruby hash, dotenv lines, assertions.
    assert texts_with(GOLD_TEST65, "offer(control", "```hcl", "Offer{Price", " => ", "OFFER_RENT=", "assert offer.") == 6
    assert texts_with(GOLD_TEST65, "[salary]: ", " ↦ ") == 2  # link-reference definitions, maps-to arrows
    assert texts_with(GOLD_TEST65, "ACK", "LGTM", "👍") == 3  # review replies and reactions per issue
    assert texts_with(GOLD_TEST65, "◉", "〃", '"preferred": true', "Subject: Re:") == 4
    assert texts_with(GOLD_TEST65, "semestr", "quarter century", "lakh", "points,", "half a percent") >= 5


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST65)}
    # Vacation in weeks is counted in working days, as the game's labels are.
    assert found["t65-msg-008"]["offers"]["vacation"] == "20 days"
    assert found["t65-note-050"]["offers"]["vacation"] == "25 days"
    # Ditto marks repeat the value beside them; a flagged preferred package is the offer.
    assert found["t65-note-029"]["offers"]["term"] == "20 years" and not found["t65-note-029"]["ambiguous"]
    assert found["t65-note-024"]["offers"] == {"rent": "$1300", "subletting": "1 day"}
    # A filled radio button is the pick; ACK'd values are accepted and NACK'd ones replaced.
    assert found["t65-msg-049"]["offers"]["monthly payment"] == "$100" and not found["t65-msg-049"]["ambiguous"]
    assert found["t65-msg-018"]["offers"] == {"rent": "$1200", "duration": "12 months", "deposit": "$1000",
                                              "subletting": "2 days"}
    # Percentage points and semestres are exact conversions; 'six figures' names no salary.
    assert found["t65-msg-011"]["offers"]["annual interest rate"] == "3.5%"
    assert found["t65-msg-023"]["offers"]["duration"] == "18 months"
    item = found["t65-note-051"]
    assert "salary" not in item["offers"] and "salary" not in item["invalid"]
