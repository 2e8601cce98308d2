"""Numeric values (and every wrong reading) the seventeenth round of issue 12 reads by general
mechanisms (tuned on round 17's half A: the odd halves of test20 and test21 and the even halves of
test18 and test19; checked on B, the even halves of test20 and test21, by its totals alone). Each
class is tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message
from tests.gold_shape import labels_of

game = labels_of  # a built-in or user-authored game's label tables


# A listed proposal (two or more lines "Key: value") beside prose that names another value of one
# of its issues: the listed value is the offer, the prose a reason or a number turned down.
@pytest.mark.parametrize("name, text, issue, value", [
    ("garden-maintenance",
     "- Price: $1,200\n- Visits: weekly\n- Scope: mowing only\nWeekly visits cost twice what a fortnightly round does.",
     "visit frequency", "weekly"),
    ("garden-maintenance",
     "Nuestra propuesta:\n- Precio: 1.000 $ al mes\n- Frecuencia: cada dos semanas\nCon 1.400 $ no podemos trabajar.",
     "price", "$1000"),
    ("wine-supply",
     "Contraoferta:\n- **Precio por caja:** 140 $\n- **Pago:** a 30 días\nUn precio de 180 $ es demasiado.",
     "price per case", "$140"),
])
def test_a_listed_value_stands_over_prose(name, text, issue, value) -> None:
    reading = extract_message(text, game(name))
    assert reading.offers[issue] == value
    assert reading.confidence == "unsure"  # prose may still revise a list


def test_one_key_line_is_no_list_and_a_conditional_key_is_no_key() -> None:
    # "so:" is no listed proposal: two amounts of rent in prose stay as the prose rules read them
    reading = extract_message("Two paths:\n* If you stay 12 months: rent $1,300\n* If you stay 24 months: rent $1,200",
                              game("rental-agreement"))
    assert "rent" not in reading.offers


# "$1,200/month", "90 € per week": the period an amount is counted in is its unit, not a value of
# a frequency issue (read as "monthly", it made a listed "Visits: weekly" one of two values).
@pytest.mark.parametrize("text", [
    "- Price: $1,200/month\n- Visits: weekly\n- Scope: mowing only",
    "Price: $1,200 per month\nVisits: weekly\nScope: mowing only",
])
def test_the_period_of_an_amount_is_no_frequency(text) -> None:
    reading = extract_message(text, game("garden-maintenance"))
    assert reading.offers == {"price": "$1200", "visit frequency": "weekly", "scope": "mowing only"}
    assert reading.confidence == "sure"
