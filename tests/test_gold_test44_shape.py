"""The forty-fourth held-out gold part (tests/data/extraction_gold_test44.jsonl, `t44-*`) is a representative
sample of a round-robin tournament's turns rather than a stress test, with a new user-authored game in text
labels (piano-hire). What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what is particular to this part: the
agreements come bare and restating, and the new game's labels are all offered. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, new_game_items_offering_every_label

GOLD_TEST44 = DATA / "extraction_gold_test44.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST44, "We agree on all issues.", restated_issues=5)


def test_the_new_game_offers_every_label_and_reads_its_synonyms() -> None:
    piano = new_game_items_offering_every_label(GOLD_TEST44, "piano-hire")
    assert len(piano) >= 30
    # Text labels written in other words (synonyms, paraphrases) rather than as the label is.
    paraphrased = [i for i in piano if any(label not in i["text"] for label in i["offers"].values())]
    assert len(paraphrased) >= 10
