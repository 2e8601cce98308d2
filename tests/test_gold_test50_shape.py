"""The fiftieth held-out gold part (tests/data/extraction_gold_test50.jsonl, `t50-*`) is a representative
sample of a round-robin tournament's turns rather than a stress test: mostly "Acceptable offer" notes and a
few polite sentences of negotiation, every note and message carrying its writer's side, six model families,
at least 15% of the items turns of tournaments played in other languages, and a new user-authored game,
`tractor-lease` (text labels for maintenance and attachments, with aliases and synonyms). What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import new_game_items_offering_every_label
from tests.gold_shape import items as read_items
from tests.gold_shape import texts_with

GOLD_TEST50 = DATA / "extraction_gold_test50.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST50, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label_often_through_aliases_and_synonyms() -> None:
    tractor = new_game_items_offering_every_label(GOLD_TEST50, "tractor-lease")
    # Its text labels are written in other words (synonyms, translations, who-does-it phrases) in many turns.
    maintained = [i for i in tractor if "maintenance" in i["offers"]]
    assert sum(i["offers"]["maintenance"] not in i["text"] for i in maintained) >= 10
    assert texts_with(GOLD_TEST50, "full service", "dealer servicing", "self-maintained", "bare tractor") >= 5


def test_most_notes_state_the_protocols_acceptable_offer() -> None:
    notes = [i for i in read_items(GOLD_TEST50) if i["kind"] == "note"]
    assert headed_notes_share(GOLD_TEST50) >= 0.7
    # A good share in markdown (bold headings, headers, bullets, tables), the rest JSON or prose.
    assert sum(any(mark in i["text"] for mark in ("**", "##", "\n- ", "| ")) for i in notes) >= 0.3 * len(notes)
