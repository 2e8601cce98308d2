"""The forty-fourth held-out gold part (tests/data/extraction_gold_test44.jsonl, `t44-*`) is a representative
sample of a round-robin tournament's turns rather than a stress test, with a new user-authored game in text
labels (piano-hire). What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what is particular to this part:
every item, notes too, carries the writer's side and both sides write their share of each kind, the
agreements come bare and restating, and the new game's labels are all offered. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, new_game_items_offering_every_label
from tests.gold_shape import items as read_items

GOLD_TEST44 = DATA / "extraction_gold_test44.jsonl"


def test_every_item_names_its_side_and_both_sides_write_each_kind() -> None:
    found = read_items(GOLD_TEST44)
    assert all(item.get("side") in (0, 1) for item in found)
    for kind in ("note", "message"):
        of_kind = [item for item in found if item["kind"] == kind]
        for side in (0, 1):
            assert sum(item["side"] == side for item in of_kind) >= 0.35 * len(of_kind), (kind, side)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST44, "We agree on all issues.", restated_issues=5)


def test_the_new_game_offers_every_label_and_reads_its_synonyms() -> None:
    piano = new_game_items_offering_every_label(GOLD_TEST44, "piano-hire")
    assert len(piano) >= 30
    # Text labels written in other words (synonyms, paraphrases) rather than as the label is.
    paraphrased = [i for i in piano if any(label not in i["text"] for label in i["offers"].values())]
    assert len(paraphrased) >= 10
