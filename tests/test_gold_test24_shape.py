"""The twenty-fourth held-out gold part (tests/data/extraction_gold_test24.jsonl, `t24-*`) is a
representative sample of a round-robin tournament's turns rather than a stress test, with a new
user-authored game (bakery-supply: text labels, issue aliases, label synonyms). What every part promises
(size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part is meant to look like. Shape only:
the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, OFFER_HEADINGS, check_agreements_bare_and_restating
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST24 = DATA / "extraction_gold_test24.jsonl"


def test_most_notes_are_what_the_protocol_asks_for() -> None:
    # Representative, not a stress test: seven notes in ten carry a JSON block or a bullet list, nearly
    # all the rest an "Acceptable offer" line; tables (a habit models show now and then) stay rare.
    notes = [i for i in read_items(GOLD_TEST24) if i["kind"] == "note"]
    structured = [i for i in notes if "{" in i["text"] or "\n- " in i["text"] or "\n* " in i["text"]]
    assert len(structured) >= 0.7 * len(notes)
    headed = [i for i in notes if i in structured or any(h in i["text"].lower() for h in OFFER_HEADINGS)]
    assert len(headed) >= 0.85 * len(notes)
    tables = [i for i in notes if "|---" in i["text"]]
    assert 1 <= len(tables) <= 0.1 * len(notes)


def test_the_new_game_is_offered_in_every_label_and_in_other_words() -> None:
    bakery = new_game_items_offering_every_label(GOLD_TEST24, "bakery-supply")
    # Synonyms, aliases and other languages: the label's own wording is absent from many texts.
    reworded = [i for i in bakery if any(label not in i["text"] for label in i["offers"].values())]
    assert len(reworded) >= 15
    # Both the bakery and the café speak in it.
    assert {i["side"] for i in bakery if i["kind"] == "message"} == {0, 1}


def test_messages_are_mostly_counter_offers_with_some_agreements() -> None:
    messages = [i for i in read_items(GOLD_TEST24) if i["kind"] == "message"]
    agreements = [i for i in messages if "agree on all issues" in i["text"]]
    assert 0.08 * len(messages) <= len(agreements) <= 0.25 * len(messages)
    offering = [i for i in messages if i["offers"] or i["invalid"] or i["ambiguous"]]
    assert len(offering) >= 0.85 * len(messages)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST24, "agree on all issues")
