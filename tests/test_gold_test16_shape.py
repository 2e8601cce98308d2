"""The sixteenth held-out gold part (tests/data/extraction_gold_test16.jsonl, `t16-*`) is a representative
sample of a round-robin tournament's turns, not a stress test: most notes are the protocol's acceptable-offer
block, most messages a few polite sentences with a counter-offer, and it brings a new user-authored game,
`wine-supply`, whose text labels are often written by their synonyms or in other languages. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part is particular in. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, new_game_items_offering_every_label
from tests.gold_shape import items as read_items

GOLD_TEST16 = DATA / "extraction_gold_test16.jsonl"


def test_most_notes_are_the_protocol_block_and_unusual_formats_are_rare() -> None:
    items = read_items(GOLD_TEST16)
    notes = [i for i in items if i["kind"] == "note"]
    assert sum("{" in i["text"] for i in notes) >= 0.55 * len(notes)
    # Reasoning traces appear, but only as often as reasoning models write them.
    assert 1 <= sum("<think>" in i["text"] for i in items) <= 0.05 * len(items)


def test_every_label_of_the_new_game_is_offered_and_many_are_not_written_as_labels() -> None:
    wine = new_game_items_offering_every_label(GOLD_TEST16, "wine-supply")
    # Synonyms ("every two weeks", "COD"), paraphrases ("glass only") and other languages.
    unwritten = [i for i in wine if any(v.lower() not in i["text"].lower() for v in i["offers"].values())]
    assert len(unwritten) >= 20


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST16, "agree on all issues")


def test_relative_concessions_count_only_with_their_result() -> None:
    moves = [i for i in read_items(GOLD_TEST16) if i["kind"] == "message" and "come down another" in i["text"]]
    assert any(i["offers"] for i in moves) and any(not i["offers"] for i in moves)
