"""Numeric values, wrong readings and note layouts the eighteenth round of issue 12 reads by
general mechanisms (tuned on round 18's half A, every item of test20 and test21, and the retired
parts' errors; checked on B, every item of test22 and test23 — parts by other hands — by its totals
alone). Each class is tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from tests.gold_shape import labels_of

game = labels_of  # a built-in or user-authored game's label tables


# A note that is one line of values after a lead label, in any language, whose numbers carry a
# decimal or thousands point ("2,5 %" → "2.5%", "5.000 $"): the point before a digit ends no sentence.
@pytest.mark.parametrize("text, offers", [
    ("Asiakkaan muistio: lainasumma 5.000 $, laina-aika 3 vuotta, korko 2,5 %, kulut 10 $.",  # Finnish
     {"amount": "$5000", "duration": "3 years", "annual interest rate": "2.5%", "service fees": "$10"}),
    ("Kredi notu: tutar 6.000 $, süre 5 yıl, faiz 4,5%, masraf 40 $.",  # Turkish
     {"amount": "$6000", "duration": "5 years", "annual interest rate": "4.5%", "service fees": "$40"}),
])
def test_a_decimal_point_ends_no_sentence_of_a_value_line(text, offers) -> None:
    reading = extract_note(text, game("loan-agreement"))
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"  # no offer heading the reader knows
    assert reading.reason == "offer read from a note that is one line of values"


def test_a_lead_label_does_not_swallow_the_first_value() -> None:
    # Albanian: the lead "Ofertë e pranueshme:" is no key the reader knows; read as pairs, the line
    # lost the amount after it (and the note's other values); read as text, it keeps them all.
    reading = extract_note("Ofertë e pranueshme: shuma $7.000, kohëzgjatja 4 vjet, interesi 3,5%, tarifat $20.",
                           game("loan-agreement"))
    assert reading.offers["amount"] == "$7000"
    assert reading.offers["annual interest rate"] == "3.5%"
    assert reading.offers["service fees"] == "$20"


def test_a_range_read_as_pairs_stays_ambiguous_when_the_line_is_read_as_text() -> None:
    # the text reading may name more issues, but it does not settle a range the pairs left open
    reading = extract_note("Acceptable offer: rent $1,100–$1,200, duration 24 months, deposit $1,000, subletting 2 days",
                           game("rental-agreement"))
    assert "rent" not in reading.offers
    assert reading.offers["duration"] == "24 months"


# A table of the writer's positions by round: the column of the present ("Now", "Jetzt") is the offer
# now, beside columns of earlier rounds, even one the writer marks as its own.
@pytest.mark.parametrize("text, offers", [
    ("| Term | Turn 3 (ours) | Now |\n|---|---|---|\n| Rent | $1,400 | $1,300 |\n| Duration | 12 months | 18 months |\n"
     "| Deposit | $2,000 | $1,500 |\n| Subletting | 0 days | 2 days |",
     {"rent": "$1300", "duration": "18 months", "deposit": "$1500", "subletting": "2 days"}),
    ("| Punkt | Runde 4 (unser Angebot) | Jetzt |\n|---|---|---|\n| Miete | 1.400 $ | 1.200 $ |\n"
     "| Laufzeit | 12 Monate | 24 Monate |\n| Kaution | 2.000 $ | 1.000 $ |\n| Untervermietung | 0 Tage | 3 Tage |",
     {"rent": "$1200", "duration": "24 months", "deposit": "$1000", "subletting": "3 days"}),
])
def test_the_column_of_the_present_is_the_offer_now(text, offers) -> None:
    assert dict(extract_note(text, game("rental-agreement")).offers) == offers


def test_a_remark_in_prose_after_the_offer_table_replaces_nothing() -> None:
    # the sentence after the table names rent and numbers ("one or two"), but it is a remark
    text = ("| Issue | Theirs | Mine |\n|---|---|---|\n| Rent | $1,100 | $1,200 |\n| Duration | 24 months | 24 months |\n"
            "| Deposit | $500 | $1,000 |\n| Subletting | 4 days | 2 days |\n\n"
            "Notes\nThe distance on rent should close within one or two more rounds of talks.")
    reading = extract_note(text, game("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1200", "duration": "24 months", "deposit": "$1000", "subletting": "2 days"}


# A note of several lines of values, each led by a label (or under a short heading line): the line
# of the other side is left out; of the rest, the one marked as the writer's own or final is the offer.
@pytest.mark.parametrize("text, offers", [
    ("Us: rent $1,200, 24 months, deposit $1,000, sublet 2d\nThem (guess): rent $1,400, 12 months, deposit $1,500, sublet 0d",
     {"rent": "$1200", "duration": "24 months", "deposit": "$1000", "subletting": "2 days"}),
    ("Entwurf 1: Miete 1.300 $, 12 Monate, Kaution 1.500 $\nEntwurf 2 (final): Miete 1.200 $, 24 Monate, Kaution 1.000 $",
     {"rent": "$1200", "duration": "24 months", "deposit": "$1000"}),
])
def test_the_own_line_of_several_labelled_lines_is_the_offer(text, offers) -> None:
    reading = extract_note(text, game("rental-agreement"))
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"


def test_a_line_of_values_under_a_short_heading_is_the_offer() -> None:
    reading = extract_note("### Where I land\n🥗 buffet · 💵 $75/guest · 🍺 beer and wine · 💳 half upfront",
                           game("catering-contract"))
    assert dict(reading.offers) == {"menu": "buffet", "price per guest": "$75", "bar": "beer and wine",
                                    "payment": "half upfront"}


# Thousands grouped by a space before a currency code ("1 300 USD"), and a decimal comma before a
# scale word in any language ("1,2 mil dólares", "1,3 Tausend Dollar"): one amount each.
@pytest.mark.parametrize("text, rent", [
    ("Mohu nabídnout nájem 1 400 USD měsíčně.", "$1400"),  # Czech
    ("I offer rent of 1 100 USD per month.", "$1100"),
    ("Propongo un alquiler de 1,2 mil dólares al mes.", "$1200"),
    ("Miete 1,3 Tausend Dollar im Monat, mehr geht nicht.", "$1300"),
])
def test_grouped_and_scaled_amounts_are_one_number(text, rent) -> None:
    assert extract_message(text, game("rental-agreement")).offers["rent"] == rent


# A margin over a reference rate ("prime + 1%") is not the rate: whether read as an invalid 1% or as a
# label, the reading is unsure.
@pytest.mark.parametrize("text", ["We could fix the rate at prime + 1% for 5 years.", "Rate: SOFR plus 1.5%."])
def test_a_margin_over_a_reference_rate_is_unsure(text) -> None:
    reading = extract_message(text, game("loan-agreement"))
    assert reading.confidence == "unsure"
    assert reading.reason == "a value added to a reference rate or amount"


# A position paper: each issue's planning positions (target, acceptable, walk-away) nested under it,
# in English or the writer's language; the acceptable position is the offer.
@pytest.mark.parametrize("text", [
    "Position paper\nI. Rent\n   (a) target: $1,400\n   (b) acceptable: $1,300\n   (c) walk-away: $1,200\n"
    "II. Duration\n   (a) target: 12 months\n   (b) acceptable: 18 months\nIII. Deposit\n   (a) acceptable: $1,500\n"
    "IV. Subletting\n   (a) acceptable: 2 days",
    "Miete:\n  Ziel: 1.400 $\n  akzeptabel: 1.300 $\n  Schmerzgrenze: 1.200 $\nLaufzeit:\n  Ziel: 12 Monate\n"
    "  akzeptabel: 18 Monate\nKaution: 1.500 $\nUntervermietung: 2 Tage",
    "Alquiler:\n  objetivo: 1.400 $\n  aceptable: 1.300 $\nDuración:\n  objetivo: 12 meses\n  aceptable: 18 meses\n"
    "Fianza: 1.500 $\nSubarriendo: 2 días",
])
def test_the_acceptable_position_of_a_position_paper_is_the_offer(text) -> None:
    reading = extract_note(text, game("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1300", "duration": "18 months", "deposit": "$1500", "subletting": "2 days"}


# A count decorated as full ("2 full years", "three whole months") is the count; a share paid ahead
# with a participle between ("half paid in advance", "half due upfront") is still the share.
@pytest.mark.parametrize("text, duration", [
    ("rent 1300, 2 full years", "24 months"),
    ("Rent $1,200 for three whole years, deposit $1,000.", "36 months"),
])
def test_a_decorated_count_is_the_count(text, duration) -> None:
    assert extract_message(text, game("rental-agreement")).offers["duration"] == duration


@pytest.mark.parametrize("text", ["Full crew, $9,000, half due upfront.", "$8,000 with a skipper, half paid in advance."])
def test_half_paid_ahead_is_half(text) -> None:
    assert extract_message(text, game("boat-charter")).offers["advance payment"] == "50%"


# Board seats counted per named party in Chinese, Japanese or Korean glosses ("A公司4席", "A社6名"):
# the party's name before its count is "company A", so the two counts are one split.
@pytest.mark.parametrize("text, control", [
    ("董事会：A公司3席，B公司7席。", "3-7"),
    ("取締役会はA社5名・B社5名とします。", "5-5"),
])
def test_seats_counted_per_named_party_are_a_split(text, control) -> None:
    reading = extract_message(text, game("merger"))
    assert reading.offers["control"] == control
    assert reading.confidence == "unsure"  # text not in English


@pytest.mark.parametrize("text", [
    "```python\nif tenant_signs_long:\n    offer = dict(rent=1200, duration=24, deposit=1000, subletting=2)\n"
    "else:\n    offer = dict(rent=1300, duration=24, deposit=1000, subletting=2)\n```",
    "If they accept two years:\n  rent: $1,200\n  duration: 24 months\n  deposit: $1,000\n"
    "Otherwise:\n  rent: $1,300\n  duration: 24 months\n  deposit: $1,000",
])
def test_branches_of_a_condition_are_alternatives(text) -> None:
    # the values both branches share are offered; those they differ on are ambiguous, not the last
    reading = extract_note(text, game("rental-agreement"))
    assert "rent" in reading.ambiguous and "rent" not in reading.offers
    assert reading.offers["deposit"] == "$1000"
    assert reading.confidence == "unsure"


@pytest.mark.parametrize("text, fee", [
    ("Acceptable offer:\n- Rental fee: 10 hours × $600/hr = $6,000\n- Hours: 10\n- Cancellation: 50% refund\n- AV: full AV",
     "$6000"),
    ("Angebot: Saalmiete 8 Std. * 625 $ = 5.000 $, 8 Stunden, 50% Erstattung, AV komplett", "$5000"),
])
def test_the_result_of_a_computation_is_the_value(text, fee) -> None:
    assert extract_note(text, game("event-venue")).offers["rental fee"] == fee


# "from X up / upwards / onwards / and above" is a lower bound, which offers X (as "at least X" does).
@pytest.mark.parametrize("text, offers", [
    ("I'll take any rent from $1,300 upwards.", {"rent": "$1300"}),
    ("Lease from 18 months onwards, rent $1,200.", {"duration": "18 months", "rent": "$1200"}),
])
def test_a_lower_bound_from_a_value_up_offers_it(text, offers) -> None:
    assert dict(extract_message(text, game("rental-agreement")).offers) == offers


# Lines indexed by a letter ("A) …", "B) …") are options even where their commas parse as a table;
# a later sentence that chooses one ("I'll lead with B") makes it the offer, else they are alternatives.
def test_letter_indexed_lines_are_options() -> None:
    text = ("Packages I could live with:\nA) $1,300, 12 months, $1,500 deposit, 0 days\n"
            "B) $1,200, 24 months, $1,000 deposit, 2 days\nI'll lead with B.")
    reading = extract_note(text, game("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1200", "duration": "24 months", "deposit": "$1000", "subletting": "2 days"}
    unchosen = extract_note(text.replace("I'll lead with B.", "Not sure yet."), game("rental-agreement"))
    assert "rent" in unchosen.ambiguous and "rent" not in unchosen.offers
