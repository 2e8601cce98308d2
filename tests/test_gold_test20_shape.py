"""The twentieth held-out gold part (tests/data/extraction_gold_test20.jsonl, `t20-*`) is a representative
sample of a round-robin tournament's turns, not a stress test: most notes are the protocol's acceptable-offer
block (JSON or a list under an "Acceptable offer" heading, in the tournament's language), most messages a
few polite sentences with a counter-offer, and it brings a new user-authored game, `garden-maintenance`,
whose text labels are often written by their synonyms, as paraphrases or in other languages. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part is particular in. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, OFFER_HEADINGS, check_agreements_bare_and_restating, new_game_items_offering_every_label
from tests.gold_shape import items as read_items

GOLD_TEST20 = DATA / "extraction_gold_test20.jsonl"


def test_most_notes_are_the_protocol_block_and_unusual_formats_are_rare() -> None:
    notes = [i for i in read_items(GOLD_TEST20) if i["kind"] == "note"]
    protocol = [i for i in notes if "{" in i["text"] or any(h in i["text"].lower() for h in OFFER_HEADINGS)]
    assert len(protocol) >= 0.85 * len(notes)
    assert sum("{" in i["text"] for i in notes) >= 0.4 * len(notes)
    # Markdown is common (bold headings, bullets); tables and reasoning traces appear only as often as
    # models write them.
    assert sum("**" in i["text"] or "\n- " in i["text"] or "\n* " in i["text"] for i in notes) >= 0.25 * len(notes)
    assert 1 <= sum("|---" in i["text"] for i in notes) <= 0.08 * len(notes)
    assert 1 <= sum("<think>" in i["text"] for i in notes) <= 0.05 * len(notes)


def test_every_label_of_the_new_game_is_offered_and_many_are_not_written_as_labels() -> None:
    gardens = new_game_items_offering_every_label(GOLD_TEST20, "garden-maintenance")
    assert len(gardens) >= 30
    assert {i["kind"] for i in gardens} == {"note", "message"} and {i.get("side") for i in gardens} >= {0, 1}
    # Synonyms ("every other week", "removal included"), paraphrases ("lawns and hedges") and other languages.
    unwritten = [i for i in gardens if any(v.lower() not in i["text"].lower() for v in i["offers"].values())]
    assert len(unwritten) >= 15
    assert any(i["invalid"] for i in gardens) and any(i["ambiguous"] for i in gardens)
    assert any(i["unknown_issues"] for i in gardens)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST20, "agree on all issues")


def test_merger_splits_from_the_speakers_side() -> None:
    # Board splits written as seats one company keeps or gets ("we keep 6 seats", "six of the ten seats").
    merger = [i for i in read_items(GOLD_TEST20) if i["game"] == "merger" and i["kind"] == "message"]
    by_seats = [i for i in merger if "control" in i["offers"] and i["offers"]["control"] not in i["text"]]
    assert len(by_seats) >= 5 and {i["side"] for i in by_seats} == {0, 1}
