"""The fortieth held-out gold part (tests/data/extraction_gold_test40.jsonl, `t40-*`) is a representative
sample of a round-robin tournament's turns rather than a stress test, with a new user-authored game
(coffee-supply: text labels for the roast, the delivery schedule and the espresso machine). Every item,
note or message, carries the writer's `side`. What every part promises (size, families, languages, sides
of messages, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks
what this part adds. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import (
    DATA, OFFER_HEADINGS, check_agreements_bare_and_restating, new_game_items_offering_every_label, texts_with,
)
from tests.gold_shape import items as read_items

GOLD_TEST40 = DATA / "extraction_gold_test40.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST40, "agree on all issues", restated_issues=4)


def test_most_notes_follow_the_protocol() -> None:
    # A representative sample: most notes carry the protocol's acceptable-offer heading or a JSON block.
    notes = [i for i in read_items(GOLD_TEST40) if i["kind"] == "note"]
    protocol = [i for i in notes if "{" in i["text"] or any(h in i["text"].lower() for h in OFFER_HEADINGS)]
    assert len(protocol) >= 0.75 * len(notes)
    # ... and a good share of them are markdown (bold headings, headers, bullets, tables).
    assert sum(any(m in i["text"] for m in ("**", "## ", "\n- ", "| ")) for i in notes) >= 0.2 * len(notes)


def test_the_new_game_exercises_every_label_and_its_synonyms() -> None:
    found = new_game_items_offering_every_label(GOLD_TEST40, "coffee-supply")
    assert len(found) >= 30
    # Synonyms and aliases the game declares are written, not only the labels themselves.
    assert texts_with(GOLD_TEST40, "every two weeks", "biweekly", "espresso roast", "italian roast", "filter roast",
                      "nordic roast", "loaner machine", "loan machine", "kilo price", "bean price") >= 8
