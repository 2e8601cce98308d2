"""The thirtieth held-out gold part (tests/data/extraction_gold_test30.jsonl, `t30-*`) is a representative
sample of a round-robin tournament's turns rather than a stress test, with a new user-authored game
(it-support: text labels, issue aliases, label synonyms). What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module
checks what this part is meant to look like. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, language_of, new_game_items_offering_every_label
from tests.gold_shape import items as read_items

GOLD_TEST30 = DATA / "extraction_gold_test30.jsonl"


def test_most_notes_are_what_the_protocol_asks_for() -> None:
    # Representative, not a stress test: most notes carry a JSON block or a list of values, a few reason in a
    # <think> block first, and tables (a habit models show now and then) stay rare.
    notes = [i for i in read_items(GOLD_TEST30) if i["kind"] == "note"]
    structured = [i for i in notes if "{" in i["text"] or "\n- " in i["text"] or "\n* " in i["text"]]
    assert len(structured) >= 0.75 * len(notes)
    assert 1 <= sum("|---" in i["text"] for i in notes) <= 0.1 * len(notes)
    assert 5 <= sum("<think>" in i["text"] for i in notes) <= 0.15 * len(notes)


def test_most_messages_are_a_few_sentences() -> None:
    # Long turns and one-liners both occur, but most messages are a short paragraph.
    messages = [i for i in read_items(GOLD_TEST30) if i["kind"] == "message"]
    assert sum(60 <= len(i["text"]) <= 600 for i in messages) >= 0.7 * len(messages)
    assert sum(len(i["text"]) < 60 for i in messages) >= 5 and sum(len(i["text"]) > 600 for i in messages) >= 2


def test_concessions_relative_to_earlier_values_and_questions_as_proposals_occur() -> None:
    messages = [i for i in read_items(GOLD_TEST30) if i["kind"] == "message"]
    assert sum("come down" in i["text"] or "move to" in i["text"] for i in messages) >= 5
    assert sum(bool(i["offers"]) and i["text"].rstrip().endswith("?") for i in messages) >= 10


def test_turns_with_no_offer_are_mostly_messages() -> None:
    # Questions, deferrals and bare agreements say nothing to read; a note nearly always states its offer.
    empty = [i for i in read_items(GOLD_TEST30) if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert sum(i["kind"] == "message" for i in empty) >= 3 * sum(i["kind"] == "note" for i in empty) > 0


def test_turns_of_tournaments_in_other_languages_span_both_scripts() -> None:
    foreign = {language_of(i) for i in read_items(GOLD_TEST30) if language_of(i) != "en"}
    assert len(foreign) >= 9 and {"zh", "ja", "ko"} <= foreign


def test_the_new_game_is_offered_in_every_label_and_in_other_words() -> None:
    support = new_game_items_offering_every_label(GOLD_TEST30, "it-support")
    assert len(support) >= 30
    # Synonyms, aliases and other languages: the label's own wording is absent from many texts.
    reworded = [i for i in support if any(label not in i["text"] for label in i["offers"].values())]
    assert len(reworded) >= 12
    assert any(i["invalid"] for i in support) and any(i["ambiguous"] for i in support)
    assert any(i["unknown_issues"] for i in support)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST30, "agree on all issues", restated_issues=4)
