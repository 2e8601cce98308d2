"""Issue 12, second round: text in other languages, options, tables with extra columns, struck
and changed values, and the second look that marks doubtful readings unsure. Exact expectations."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.judge.lexicon import cjk_to_latin
from lamen.judge.values import in_english, local_forms, words_to_digits
from lamen.spec.load import load_game

RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
MERGER = label_cache(load_game("merger"))


@pytest.mark.parametrize(("text", "read"), [
    ("vingt-quatre mois", "24 months"),
    ("treinta y seis meses", "36 months"),
    ("sechsunddreißig Monate", "36 months"),
    ("vinte e quatro meses", "24 months"),
    ("mille e cento dollari", "1100 dollars"),
    ("zwölfhundert Dollar", "1200 Dollar"),
    ("6 mil dólares", "6000 dollars"),
    ("cinquante pour cent", "50 percent"),
])
def test_number_words_of_other_languages(text: str, read: str) -> None:
    assert words_to_digits(local_forms(text)).strip() == read


@pytest.mark.parametrize(("text", "latin"), [
    ("一千二百美元", "1200 dollars"),
    ("百分之二点五", "2.5%"),
    ("两年", "2 years"),
    ("6比4", "6-4"),
    ("1万ドル", "10000 dollars"),
    ("12ヶ月", "12 months"),
])
def test_chinese_and_japanese_numbers_and_units(text: str, latin: str) -> None:
    assert cjk_to_latin(text).strip() == latin


def test_english_is_told_from_other_languages() -> None:
    assert in_english("We offer $1,100 per month → final, e.g. 12 months ✅")
    assert not in_english("Nous proposons un loyer de 1 100 $ pour un bail de 12 mois.")
    assert not in_english("家賃は月額1,000ドル")


def test_notes_in_other_languages_are_read_by_the_same_grammar() -> None:
    note = 'Akzeptables Angebot:\n```json\n{"Miete": "1.000 $", "Laufzeit": "zwei Jahre", "Kaution": "500 $"}\n```'
    reading = extract_note(note, RENTAL)
    assert reading.offers == {"rent": "$1000", "duration": "24 months", "deposit": "$500"}
    assert reading.confidence == "unsure"  # not in English, and subletting is not read


def test_options_are_ambiguous_unless_one_is_chosen() -> None:
    laid_out = "Option A: $1,300 rent, 12 months. Option B: $1,200 rent, 24 months. Both with a $1,000 deposit."
    reading = extract_message(laid_out, RENTAL)
    assert (reading.offers, set(reading.ambiguous)) == ({"deposit": "$1000"}, {"rent", "duration"})
    assert reading.reason == "options offered, none chosen"
    chosen = extract_message(laid_out + " We'll go with option B.", RENTAL)
    assert chosen.offers == {"rent": "$1200", "duration": "24 months", "deposit": "$1000"}


def test_a_table_with_extra_columns_is_read_in_the_own_column() -> None:
    note = ("| Issue | Their last offer | My offer | Priority |\n|---|---|---|---|\n| Amount | $8,000 | $6,000 | 2 |\n"
            "| Duration | 3 years | 5 years | 1 |\n| Rate | 5% | 3% | 3 |\n| Fees | $60 | $30 | 4 |")
    assert extract_note(note, LOAN).offers == {"amount": "$6000", "duration": "5 years",
                                              "annual interest rate": "3%", "service fees": "$30"}


def test_struck_and_changed_values_leave_the_new_one() -> None:
    assert extract_message("Rent: ~~$1,200~~ $1,100, lease 12 months.", RENTAL).offers == {
        "rent": "$1100", "duration": "12 months"}
    assert extract_note("Acceptable offer:\n- Rent: $1,200 → $1,100", RENTAL).offers == {"rent": "$1100"}


def test_indian_grouping_is_one_number_and_not_snapped() -> None:
    reading = extract_note("Acceptable offer:\n- Amount: $1,00,000\n- Rate: 3%", LOAN)
    assert (reading.offers, list(reading.invalid)) == ({"annual interest rate": "3%"}, ["amount"])
    assert local_forms("$1,00,000") == "$100000"


@pytest.mark.parametrize(("message", "reason"), [
    ("Rent: $100 less than you asked.", "a value written relative to another"),
    ("We might consider $1,100.", "a hedged value"),
    ("> We can do $1,300.", "quoted text"),
])
def test_the_second_look_marks_doubtful_readings_unsure(message: str, reason: str) -> None:
    reading = extract_message(message, RENTAL)
    assert reading.confidence == "unsure" and reason in reading.reason


def test_a_plain_english_offer_stays_sure() -> None:
    reading = extract_message("We propose $1,100 rent for 12 months.", RENTAL)
    assert (reading.offers, reading.confidence) == ({"rent": "$1100", "duration": "12 months"}, "sure")
