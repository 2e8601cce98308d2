"""The thirty-eighth held-out gold part (tests/data/extraction_gold_test38.jsonl, `t38-*`) is a representative
sample of a round-robin tournament's turns, not a stress test: most notes are the protocol's acceptable-offer
block (JSON or a list, often after a sentence or two of reasoning), a share are markdown, a few drift; most
messages are a few polite sentences with a counter-offer, some accept and restate. Every item, notes too,
carries the writer's `side` (the runner knows which seat wrote a note). It brings a new user-authored game,
`snow-clearing`, whose text labels are mostly written in other words. What every part promises (size,
families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what is particular to this part. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST38 = DATA / "extraction_gold_test38.jsonl"


def test_most_notes_follow_the_protocol_and_some_are_markdown() -> None:
    notes = [item for item in read_items(GOLD_TEST38) if item["kind"] == "note"]
    assert headed_notes_share(GOLD_TEST38) >= 0.75
    assert sum("{" in n["text"] for n in notes) >= 0.5 * len(notes)  # a JSON object, fenced or bare
    markdown = [n for n in notes if "**" in n["text"] or "##" in n["text"] or "\n- " in n["text"]]
    assert 0.2 * len(notes) <= len(markdown) <= 0.5 * len(notes)


def test_the_new_game_offers_every_label_mostly_in_other_words() -> None:
    snow = new_game_items_offering_every_label(GOLD_TEST38, "snow-clearing")
    assert len(snow) >= 30
    text_issues = ("salting", "sidewalks", "callout")
    paraphrased = [i for i in snow for issue in text_issues
                   if issue in i["offers"] and i["offers"][issue].lower() not in i["text"].lower()]
    assert len(paraphrased) >= 20


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST38, "agree on all issues", restated_issues=4)
