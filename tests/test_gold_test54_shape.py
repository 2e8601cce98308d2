"""The fifty-fourth held-out gold part (tests/data/extraction_gold_test54.jsonl, `t54-*`) is a representative
sample of a round-robin tournament's turns rather than a stress test: most notes are the protocol's
"Acceptable offer" block, most messages a few polite sentences with a counter-offer, every note and
message names its writer's side, and it brings a new user-authored game (coach-charter). What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST54 = DATA / "extraction_gold_test54.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST54, "We agree on all issues.", restated_issues=4)


def test_most_notes_follow_the_protocol() -> None:
    # A representative sample: most notes carry the "Acceptable offer" heading the protocol asks for.
    assert headed_notes_share(GOLD_TEST54) >= 0.6


def test_the_new_game_offers_every_label_in_text_and_synonyms() -> None:
    coach = new_game_items_offering_every_label(GOLD_TEST54, "coach-charter")
    assert len(coach) >= 30
    # Its text labels are read through synonyms and aliases too, not only as written.
    assert sum("full coach" in i["text"] or "49-seater" in i["text"] or "non-refundable" in i["text"]
               or "fully refundable" in i["text"] or "16-seater" in i["text"] for i in coach) >= 5
