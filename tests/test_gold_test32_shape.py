"""The thirty-second held-out gold part (tests/data/extraction_gold_test32.jsonl, `t32-*`) is a
representative sample of a round-robin tournament's turns rather than a stress test: most notes state
their "Acceptable offer" as the protocol asks (fenced JSON, a bold heading over bullets, a table now and
then), most messages are a few polite sentences with a counter-offer, and agreements come both bare and
restating the package. It brings a new user-authored game (linen-laundry) whose labels are all offered.
What every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, OFFER_HEADINGS, check_agreements_bare_and_restating
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST32 = DATA / "extraction_gold_test32.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST32, "We agree on all issues.", restated_issues=4)


def test_most_notes_state_an_acceptable_offer_as_the_protocol_asks() -> None:
    notes = [i for i in read_items(GOLD_TEST32) if i["kind"] == "note"]
    headed = [i for i in notes if any(word in i["text"].lower() for word in OFFER_HEADINGS)]
    assert len(headed) >= 0.9 * len(notes)
    # JSON blocks are the common form; markdown lists and tables are a good share, not the rule.
    assert 0.6 * len(notes) <= sum("```" in i["text"] for i in notes) <= 0.9 * len(notes)


def test_the_new_game_offers_every_label_from_both_sides() -> None:
    found = new_game_items_offering_every_label(GOLD_TEST32, "linen-laundry")
    assert len(found) >= 30
    messages = [i for i in found if i["kind"] == "message"]
    assert {i["side"] for i in messages} == {0, 1}


def test_ordinary_negotiation_moves_are_there() -> None:
    assert texts_with(GOLD_TEST32, "another hundred", "below my previous", "from my previous", "I previously") >= 3
    assert texts_with(GOLD_TEST32, "Here's my proposal", "Here's what I", "Here is our offer") >= 4
