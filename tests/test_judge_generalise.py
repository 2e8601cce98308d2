"""Classes of text the fifth round of issue 12 reads by general mechanisms, each class tested on
fresh examples written for these tests (not the gold set's items), with the exact reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.judge.digits import ascii_digits
from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.load import load_game

GAMES = Path(__file__).parent / "data" / "games"
RENTAL = label_cache(load_game("rental-agreement"))
LOAN = label_cache(load_game("loan-agreement"))
MERGER = label_cache(load_game("merger"))
CATERING = label_cache(load_game(GAMES / "catering-contract.yaml"))
JOB = label_cache(load_game(GAMES / "job-offer.yaml"))


# --- digits of every script -------------------------------------------------------------------

@pytest.mark.parametrize("text, folded", [
    ("＄１，１００ a month", "$1,100 a month"),          # full-width digits, comma and dollar
    ("٣٫٥٪ سنويًا", "3.5% سنويًا"),                     # Arabic-Indic digits, decimal mark, percent
    ("۲۵۰ دلار", "250 دلار"),                          # Persian digits
    ("९ साल", "9 साल"),                                # Devanagari
    ("期間，１８ヶ月", "期間，18ヶ月"),                    # a full-width comma between words stays
    ("no digits here: ok", "no digits here: ok"),
])
def test_digits_of_every_script_are_folded_to_ascii(text: str, folded: str) -> None:
    assert ascii_digits(text) == folded


def test_a_note_in_full_width_digits_reads_its_amounts() -> None:
    reading = extract_note("Acceptable offer: rent ＄１，１００ / ２４ months / deposit ＄７５０ / subletting ３ days", RENTAL)
    assert dict(reading.offers) == {"rent": "$1100", "duration": "24 months", "deposit": "$750",
                                    "subletting": "3 days"}


def test_a_message_in_arabic_indic_digits_reads_its_rate() -> None:
    reading = extract_message("We propose $٦٠٠٠ over ٦ years at ٤٫٥٪ interest, fees $٤٠.", LOAN)
    assert dict(reading.offers) == {"amount": "$6000", "duration": "6 years", "annual interest rate": "4.5%",
                                    "service fees": "$40"}
