"""The forty-sixth held-out gold part (tests/data/extraction_gold_test46.jsonl, `t46-*`) is a representative
sample of the turns of a round-robin tournament of today's models: mostly "Acceptable offer" JSON or lists
with a sentence or two of reasoning, a share of markdown, a few drifting notes; mostly short polite
counter-offers, some acceptances, restatements and relative concessions. Every note and message carries
the writer's side, and it leans on a new user-authored game, `kayak-rental`. What every part promises
(size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what is particular to this part. Shape only: the
readers never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST46 = DATA / "extraction_gold_test46.jsonl"


def test_most_notes_state_an_acceptable_offer_as_the_protocol_asks() -> None:
    notes = [i for i in read_items(GOLD_TEST46) if i["kind"] == "note"]
    assert headed_notes_share(GOLD_TEST46) >= 0.8
    # A good share is markdown (bold headings, headers, bullets or tables).
    assert sum(any(m in i["text"] for m in ("**", "## ", "| ", "*   ")) for i in notes) >= 0.25 * len(notes)


def test_messages_are_mostly_short_polite_counter_offers() -> None:
    messages = [i for i in read_items(GOLD_TEST46) if i["kind"] == "message"]
    assert sum(len(i["text"]) <= 400 for i in messages) >= 0.75 * len(messages)
    assert texts_with(GOLD_TEST46, "Here's my proposal", "Here's my counter", "Voici ma proposition",
                      "Hier ist mein Vorschlag") >= 6


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST46, "agree on all issues", restated_issues=4)


def test_the_new_game_is_offered_in_every_label_and_by_other_names() -> None:
    kayak = new_game_items_offering_every_label(GOLD_TEST46, "kayak-rental")
    assert len(kayak) >= 30
    # Aliases and synonyms of the new game appear in the texts, not only its own wording.
    assert sum(any(w in i["text"] for w in ("self-guided", "unguided", "dedicated guide", "drop-off at the launch",
                                             "put-in", "Day rate", "rate per kayak", "transfer"))
               for i in kayak) >= 5
