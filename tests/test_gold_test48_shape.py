"""The forty-eighth held-out gold part (tests/data/extraction_gold_test48.jsonl, `t48-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns, not
a stress test: every item carries the writer's side (notes too), most notes are the protocol's acceptable
offer as JSON or a list, most messages are a few polite sentences with a counter-offer, and it brings a new
user-authored game (marina-berth). What every part promises (size, families, languages, sides, games, hard
cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part adds.
Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels
were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST48 = DATA / "extraction_gold_test48.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST48, "We agree on all issues.")


def test_most_notes_state_the_protocols_acceptable_offer() -> None:
    # Representative, not a stress test: most notes name the "Acceptable offer" the protocol asks for.
    assert headed_notes_share(GOLD_TEST48) >= 0.6


def test_the_new_game_offers_every_label_from_both_seats() -> None:
    found = new_game_items_offering_every_label(GOLD_TEST48, "marina-berth")
    assert {i["side"] for i in found if i["kind"] == "note"} == {0, 1}
    assert {i["side"] for i in found if i["kind"] == "message"} == {0, 1}
    # The text labels are mostly written in other words than the label (synonyms, paraphrases, translations).
    text_labels = [(i, v) for i in found for k, v in i["offers"].items() if k != "berth fee"]
    assert sum(v not in i["text"] for i, v in text_labels) >= 15
