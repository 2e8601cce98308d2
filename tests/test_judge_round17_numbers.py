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


# A value replaced ("rather than the quoted 4%", "3 % statt 4 %") or turned down as costly with no
# copula, as many languages say it ("taxas de 80 $ muito caro" -> "80 $ too expensive"): not offered.
@pytest.mark.parametrize("text, offers", [
    ("We'd take $8,000 over 6 years, at 3% rather than the quoted 4%.",
     {"amount": "$8000", "duration": "6 years", "annual interest rate": "3%"}),
    ("Wir nehmen 8.000 $ über 6 Jahre, aber 3 % statt 4 %, und eine Gebühr von 50 $ ist zu teuer.",
     {"amount": "$8000", "duration": "6 years", "annual interest rate": "3%"}),
    ("Podemos aceitar 9.000 $ em 7 anos a 3 %, mas taxas de 80 $ muito caro.",
     {"amount": "$9000", "duration": "7 years", "annual interest rate": "3%"}),
])
def test_a_replaced_or_too_costly_value_is_not_offered(text, offers) -> None:
    assert extract_message(text, game("loan-agreement")).offers == offers


# "not comfortable with the 4% escalator": taking a value up, denied, is turning it down; "is 40%
# above our budget": a value measured past the speaker's limit by an amount.
@pytest.mark.parametrize("name, text, offers", [
    ("office-cleaning", "We're not happy with the 4% escalator. Twice a week at $2,500 a month works for us.",
     {"monthly price": "$2500", "frequency": "twice a week"}),
    ("bike-fleet", "Your $700 is 40% over our budget. Our counter: $500, 15 bikes, summer season.",
     {"monthly fee": "$500", "fleet size": "15 bikes", "contract length": "summer season"}),
])
def test_a_value_denied_or_measured_past_a_limit_is_not_offered(name, text, offers) -> None:
    reading = extract_message(text, game(name))
    assert {issue: reading.offers.get(issue) for issue in offers} == offers
    assert "annual increase" not in reading.offers


def test_the_lexicon_trie_reads_as_a_longest_first_alternation() -> None:
    import re

    from lamen.judge.values import trie_pattern
    words = ["por", "por ciento", "por cien", "porque", "a", "al mes"]
    trie = re.compile(r"(?<![\w-])(" + trie_pattern(words) + r")(?![\w-])", re.IGNORECASE)
    plain = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?![\w-])",
                       re.IGNORECASE)
    for text in ("5 Por ciento al mes", "por cientos", "porque a-b al mesa", "por cien, a", "PORQUE"):
        assert trie.findall(text) == plain.findall(text)
    assert trie.findall("5 por ciento, por cientos") == ["por ciento", "por"]  # the longer word, else the shorter


# A note that is a lead label and two numbered segments, in any language, is a short offer; a
# lead that tells someone else's words ("Landlord says:") is none.
@pytest.mark.parametrize("text, offers", [
    ("Приемлемо для меня: аренда 1100 $, залог 1000 $.", {"rent": "$1100", "deposit": "$1000"}),
    ("Akzeptabel wäre: Miete 1.100 $, Kaution 1.000 $", {"rent": "$1100", "deposit": "$1000"}),
    ("Landlord says: rent 1400 $, deposit 1500 $", {}),
    ("Landlord says: rent 1400 $, deposit 1500 $, 6 months", {}),
])
def test_a_lead_and_two_values_is_a_short_note_offer(text, offers) -> None:
    from lamen.judge.extract import extract_note
    reading = extract_note(text, game("rental-agreement"))
    assert reading.offers == offers
    assert reading.confidence == "unsure"


# "12¢": the cent sign alone is an amount in cents (it was only read after the word "cent").
@pytest.mark.parametrize("text, offers", [
    ("Rate: 10¢/word", {"rate": "$0.10"}),
    ("We can do 12¢ a word and two weeks.", {"rate": "$0.12", "turnaround": "two weeks"}),
])
def test_the_cent_sign_is_an_amount_in_cents(text, offers) -> None:
    reading = extract_message(text, game("translation-job"))
    assert {issue: reading.offers.get(issue) for issue in offers} == offers


# A word the glosses leave in its own script ("期和") is a word all the same: it stands between a
# value and the issue named before it, so "期和 1500 dollars deposit" goes to the deposit.
@pytest.mark.parametrize("text, offers", [
    ("我们接受18个月租期和1500美元押金，但租金是1300美元，转租2天。",
     {"deposit": "$1500", "rent": "$1300", "subletting": "2 days"}),
    ("我们同意12个月租期和1000美元押金，但租金希望是1200美元。", {"deposit": "$1000", "rent": "$1200"}),
])
def test_a_word_in_any_script_counts_in_the_distance(text, offers) -> None:
    reading = extract_message(text, game("rental-agreement"))
    assert {issue: reading.offers.get(issue) for issue in offers} == offers


# A bare count ("一次" = once, "1") that a guess reads as an amount in thousands yields to the amount
# written with its unit ("每月1200美元"): the guess was the count of visits, not a second price.
@pytest.mark.parametrize("text, price", [
    ("每周来一次可以，但价格要每月1200美元。", "$1200"),
    ("每周来一次没问题，不过价格得是每月1400美元。", "$1400"),
])
def test_a_count_guessed_in_thousands_yields_to_a_written_amount(text, price) -> None:
    reading = extract_message(text, game("garden-maintenance"))
    assert reading.offers.get("price") == price
    assert reading.confidence == "unsure"


# "budget" is no word of proposing ("$1,400 breaks the budget"): a sentence that speaks of the
# budget no longer makes its value the one proposed; "our budget is $1,200" still proposes.
@pytest.mark.parametrize("name, text, offers", [
    ("rental-agreement", "Honestly $1,400 breaks the budget for us. $1,200 and 24 months works.",
     {"rent": "$1200", "duration": "24 months"}),
    ("rental-agreement", "Rent of $1,400 is a budget killer. $1,100 with a $1,000 deposit is fair.",
     {"rent": "$1100", "deposit": "$1000"}),
    ("merger", "Benefits at 80% would sink the budget. We propose 60%, with ownership at 50%.",
     {"benefits": "60%", "ownership": "50%"}),
])
def test_speaking_of_the_budget_proposes_nothing(name, text, offers) -> None:
    assert extract_message(text, game(name)).offers == offers
