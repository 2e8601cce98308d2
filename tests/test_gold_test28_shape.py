"""The twenty-eighth held-out gold part (tests/data/extraction_gold_test28.jsonl, `t28-*`) is a
representative sample of a round-robin tournament's turns rather than a stress test, with a new
user-authored game (corporate-gym: text labels, issue aliases, label synonyms). What every part promises
(size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part is meant to look like. Shape only:
the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, new_game_items_offering_every_label
from tests.gold_shape import items as read_items

GOLD_TEST28 = DATA / "extraction_gold_test28.jsonl"


def test_most_notes_are_what_the_protocol_asks_for() -> None:
    # Representative, not a stress test: most notes carry a JSON block or a list of values, and tables
    # (a habit models show now and then) stay rare.
    notes = [i for i in read_items(GOLD_TEST28) if i["kind"] == "note"]
    structured = [i for i in notes if "{" in i["text"] or "\n- " in i["text"] or "\n* " in i["text"]]
    assert len(structured) >= 0.75 * len(notes)
    tables = [i for i in notes if "|---" in i["text"]]
    assert 1 <= len(tables) <= 0.1 * len(notes)


def test_most_messages_are_a_few_sentences() -> None:
    # Long turns and one-liners both occur, but most messages are a short paragraph.
    messages = [i for i in read_items(GOLD_TEST28) if i["kind"] == "message"]
    short_paragraphs = [i for i in messages if 60 <= len(i["text"]) <= 600]
    assert len(short_paragraphs) >= 0.7 * len(messages)
    assert any(len(i["text"]) < 60 for i in messages) and any(len(i["text"]) > 600 for i in messages)


def test_concessions_relative_to_earlier_values_and_questions_as_proposals_occur() -> None:
    found = read_items(GOLD_TEST28)
    messages = [i for i in found if i["kind"] == "message"]
    assert sum("come down" in i["text"] or "move to" in i["text"] for i in messages) >= 3
    assert sum(bool(i["offers"]) and i["text"].rstrip().endswith("?") for i in messages) >= 5


def test_the_new_game_is_offered_in_every_label_and_in_other_words() -> None:
    gym = new_game_items_offering_every_label(GOLD_TEST28, "corporate-gym")
    assert len(gym) >= 30
    # Synonyms, aliases and other languages: the label's own wording is absent from many texts.
    reworded = [i for i in gym if any(label not in i["text"] for label in i["offers"].values())]
    assert len(reworded) >= 8
    assert any(i["invalid"] for i in gym) and any(i["ambiguous"] for i in gym)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST28, "agree on all issues", restated_issues=4)
