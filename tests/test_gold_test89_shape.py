"""The eighty-ninth held-out gold part (tests/data/extraction_gold_test89.jsonl, `t89-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as a
tuple assignment (`(r, d, D, s) = (1200, 18, 1000, 3)`), as a Terraform `.tfvars` file, or in the subject
line of an email (a "RE:" subject repeating the other side's); bell weights in hundredweight-quarters-pounds
(`14-2-07 (cwt)`) beside the offer; a date ("by Easter") or months for a lead time counted in weeks; "a
score of weeks"; Greek "εξάμηνο" and Russian "двухлетний". Every item carries `side`, notes too. More than
a quarter of its items are turns of multilingual tournaments, and it brings a new user-authored game,
`bell-foundry-t89`. What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape
only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST89 = DATA / "extraction_gold_test89.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST89, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST89, "agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST89, "bell-foundry-t89")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST89, ") = (") == 7  # tuple assignments
    assert texts_with(GOLD_TEST89, ".tfvars") == 2  # Terraform variable files
    assert texts_with(GOLD_TEST89, "Subject:") == 3  # email subject lines, one a "RE:"
    assert texts_with(GOLD_TEST89, "cwt") == 3  # bell weights in hundredweight-quarters-pounds
    assert texts_with(GOLD_TEST89, "εξάμηνο", "двухлетний", "a score of weeks") == 4
    assert texts_with(GOLD_TEST89, "by Easter") == 1


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST89)}
    # Bell weights in cwt-qr-lb and a ring's count of bells are no values.
    assert found["t89-note-002"]["offers"] == {"price per bell": "$10000", "lead time": "20 weeks",
                                              "tuning": "five-tone tuning", "bell frame": "new steel frame"}
    assert found["t89-note-038"]["offers"]["lead time"] == "30 weeks"
    assert found["t89-msg-020"]["offers"] == {"price per bell": "$10000", "tuning": "five-tone tuning",
                                             "bell frame": "keep existing frame"}
    # Tuple assignments pair names with values in order; tfvars carry the unit in the variable name.
    assert found["t89-note-065"]["offers"] == {"rent": "$1200", "duration": "18 months", "deposit": "$1000",
                                              "subletting": "3 days"}
    assert found["t89-msg-098"]["offers"]["lead time"] == "20 weeks"
    assert found["t89-note-019"]["offers"]["annual interest rate"] == "5%"
    assert found["t89-note-008"]["offers"]["bell frame"] == "keep existing frame"
    # An own subject line offers; a "RE:" subject repeats the other side's.
    assert found["t89-msg-013"]["offers"]["price per bell"] == "$8000"
    assert found["t89-msg-040"]["offers"]["price per bell"] == "$10000"
    assert found["t89-msg-114"]["offers"]["lead time"] == "12 weeks"
    # A date or months for a lead time counted in weeks are invalid; a score of weeks is 20.
    assert found["t89-note-027"]["invalid"] == {"lead time": "by Easter"}
    assert found["t89-note-070"]["invalid"] == {"lead time": "3 months"}
    assert found["t89-msg-066"]["invalid"] == {"lead time": "six months"}
    assert found["t89-note-050"]["offers"]["lead time"] == "20 weeks"
    # A semester is 6 months, a two-year contract 24 months; a $0 bonus is no bonus.
    assert found["t89-note-007"]["offers"]["duration"] == "6 months"
    assert found["t89-msg-124"]["offers"]["duration"] == "6 months"
    assert found["t89-note-026"]["offers"]["duration"] == "24 months"
    assert found["t89-msg-096"]["offers"]["signing bonus"] == "no bonus"
    # Extras the bell game lacks are unknown issues.
    assert found["t89-note-092"]["unknown_issues"] == ["clapper replacement"]
    assert found["t89-msg-112"]["unknown_issues"] == ["old bell metal"]
