"""Round 24 of issue 12, STRUCTURE: offers laid out as structure (tuned on every item of test20 …
test53 and the retired parts; checked on test54 … test59, parts by other hands, by their totals
alone). Each class is tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_note
from tests.gold_shape import labels_of


# A row of items parted by one recurring separator (a spaced slash or bar, a middle dot), after a
# lead that names the writer's own offer on its line (ended by ':', '→', '=>', '=') or on the line
# above: each item is read alone, so a number is never taken for a neighbour's issue nor drawn from
# the arithmetic above the row. Before, these notes lost items or read none. (A German row of middle
# dots after '=' is a layout no gold part has.)
@pytest.mark.parametrize("game, text, offers", [
    ("loan-agreement",
     "Customer pushed hard on the fee. I worked out 7000 x 3% = 210 a year, fine.\n\n"
     "What I will sign => $7,000 / four years / 3% / $10 fee",
     {"amount": "$7000", "duration": "4 years", "annual interest rate": "3%", "service fees": "$10"}),
    ("rental-agreement",
     "Vermieter-Notiz\nmeine Position = Miete 1.100 $ · 18 Monate · Kaution 750 $ · Untervermietung 4 Tage",
     {"rent": "$1100", "duration": "18 months", "deposit": "$750", "subletting": "4 days"}),
])
def test_a_row_of_items_headed_as_the_own_offer_is_read_item_by_item(game, text, offers) -> None:
    reading = extract_note(text, labels_of(game))
    assert dict(reading.offers) == offers
    assert reading.confidence == "unsure"
    assert "read item by item from a row of values" in reading.reason


# A row headed as someone else's position (or a walk-away, a target) is no offer of the writer's:
# the row rule reads nothing from it (a walk-away alone stays what the note reader makes of it).
@pytest.mark.parametrize("text, offers", [
    ("Their last: $9,000 / 8 years / 5% / $60", {}),
    ("Walk-away → $6,000 / 6 years / 3.5% / $20",
     {"amount": "$6000", "duration": "6 years", "annual interest rate": "3.5%", "service fees": "$20"}),
])
def test_a_row_headed_as_someone_elses_is_not_read_as_the_offer(text, offers) -> None:
    reading = extract_note(text, labels_of("loan-agreement"))
    assert "row of values" not in reading.reason
    assert dict(reading.offers) == offers


# A row the note reader already read whole stays as it was: the rule changes nothing it agrees with
# (a lead naming the round is still the writer's own).
def test_a_row_already_read_is_left_alone() -> None:
    text = "scratch: they asked 5.5%, I said 4.5%, 4.5+3.5 = 8 -> 4%\nmy final offer (round 6):\n$5,000 | 5 years | 4% | $30 fee"
    reading = extract_note(text, labels_of("loan-agreement"))
    assert dict(reading.offers) == {"amount": "$5000", "duration": "5 years", "annual interest rate": "4%", "service fees": "$30"}
    assert reading.confidence == "sure"


# A row ends where a sentence starts: "… | fees: $0. I would not go above …" reads its last item as
# "fees: $0", not as a sentence that spoils the row.
def test_a_row_ends_where_a_sentence_starts() -> None:
    text = "My terms = $2,000 | 1 year | 2% | fees $10. Nothing above 3% whatever they say."
    reading = extract_note(text, labels_of("loan-agreement"))
    assert dict(reading.offers) == {"amount": "$2000", "duration": "1 years", "annual interest rate": "2%",
                                    "service fees": "$10"}


# A line break (<br>) inside a markdown table's cell breaks the cell's text, not the row: the row
# stays one line and the table is read whole. Before, the rows above the break were lost.
def test_a_break_inside_a_table_cell_keeps_the_row() -> None:
    text = ("## Acceptable offer\n| Issue | Value |\n|---|---|\n| Rent | $1,100<br>(firm) |\n"
            "| Duration | 18 months |\n| Deposit | $500<br/>refundable |\n| Subletting | 3 days |")
    reading = extract_note(text, labels_of("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1100", "duration": "18 months", "deposit": "$500", "subletting": "3 days"}


# A sentence after a table, with no key separator anywhere ("A deposit of $500 would ease their
# worries."), which the line reader splits at an issue's word into an invalid pair, is a remark on
# the table, not a block that replaces it.
def test_a_remark_after_a_table_does_not_replace_it() -> None:
    text = ("| Issue | Value |\n|---|---|\n| Rent | $1,200 |\n| Duration | 24 months |\n| Deposit | $750 |\n"
            "| Subletting | 2 days |\n\nA deposit at $750 should ease their worries about cash.")
    reading = extract_note(text, labels_of("rental-agreement"))
    assert dict(reading.offers) == {"rent": "$1200", "duration": "24 months", "deposit": "$750", "subletting": "2 days"}


# A table with columns beside the writer's values that the header does not name as someone else's
# ("Points", "Δ", "Gewicht"): the one column whose every cell reads as a label of its row's issue is
# the writer's (points, changes and weights do not read so); of several such columns, the one the
# header marks as a value or as now. Before, the columns were read together and the issues ambiguous.
@pytest.mark.parametrize("text, offers", [
    ("| Issue | Offer | Δ |\n|---|---|---|\n| Rent | $1,300 | +$100 |\n| Duration | 18 months | −6 |\n"
     "| Deposit | $1,000 | 0 |\n| Subletting | 4 days | +1 |",
     {"rent": "$1300", "duration": "18 months", "deposit": "$1000", "subletting": "4 days"}),
    ("| Punkt | Wert | Gewicht |\n|---|---|---|\n| benefits | 40% | 15 |\n| control | 6-4 | 35 |\n"
     "| employees | 55%-45% | 10 |\n| ownership | 60% | 40 |",
     {"benefits": "40%", "control": "6-4", "employees": "55%-45%", "ownership": "60%"}),
])
def test_a_tables_value_column_is_found_by_its_cells(text, offers) -> None:
    game = "rental-agreement" if "Rent" in text else "merger"
    reading = extract_note(text, labels_of(game))
    assert dict(reading.offers) == offers
    assert reading.ambiguous == ()


# Two columns that both read as labels and that the header does not tell apart (each side's position)
# are not chosen between: the reading stays as unsure as it was.
def test_two_columns_of_values_unmarked_are_not_chosen_between() -> None:
    text = ("| Issue | Landlord | Tenant |\n|---|---|---|\n| Rent | $1,300 | $1,100 |\n| Duration | 12 months | 24 months |")
    reading = extract_note(text, labels_of("rental-agreement"))
    assert "rent" not in reading.offers


# "old → new" under one key is a move: the value after the last arrow is the offer, when it reads as
# a label of the key's issue (alone or with the name). Before, both values were read and the
# issue was ambiguous. (A YAML-like list with '=>' arrows and a Spanish lead word is a layout no gold
# part has.)
@pytest.mark.parametrize("game, text, offers", [
    ("merger", "Acceptable offer (moves since last round):\n- benefits: 30% → 40%\n- control: 7-3 → 6-4\n"
     "- employees: 60%-40%\n- ownership: 65% -> 60%",
     {"benefits": "40%", "control": "6-4", "employees": "60%-40%", "ownership": "60%"}),
    ("loan-agreement", "oferta:\n  amount: $5,000\n  duration: 6 years => ahora 5 years\n  rate: 4% => 3.5%\n  fees: $40",
     {"amount": "$5000", "duration": "5 years", "annual interest rate": "3.5%", "service fees": "$40"}),
])
def test_a_move_under_one_key_offers_the_value_after_the_arrow(game, text, offers) -> None:
    reading = extract_note(text, labels_of(game))
    assert dict(reading.offers) == offers
