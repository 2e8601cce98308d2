"""The forty-second held-out gold part (tests/data/extraction_gold_test42.jsonl, `t42-*`) is a
representative sample of the turns a round-robin tournament of today's models produces, in the proportions
they produce them: mostly an "Acceptable offer" block or list in the notes and a few polite sentences with a
counter-offer in the messages, some acceptances (restating the package or bare), concessions relative to an
earlier value, and rarely an odd format. Every item carries `side`, notes too, and it brings a new
user-authored game, `kayak-fleet`. What every part promises (size, families, languages, sides, games, hard
cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part adds.
Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels
were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, game, new_game_items_offering_every_label
from tests.gold_shape import texts_with
from tests.gold_shape import items as read_items

GOLD_TEST42 = DATA / "extraction_gold_test42.jsonl"


def test_most_turns_are_ordinary_protocol_turns() -> None:
    notes = [item for item in read_items(GOLD_TEST42) if item["kind"] == "note"]
    # Most notes state their offer as the protocol asks: a JSON block, an "acceptable offer" line or list.
    protocol = [n for n in notes if "{" in n["text"] or "acceptable" in n["text"].lower()]
    assert len(protocol) >= 0.6 * len(notes)
    # Markdown is common, odd formats are not.
    assert texts_with(GOLD_TEST42, "**", "###", "| ") >= 60
    assert texts_with(GOLD_TEST42, "<think>") <= 10


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST42, "agree on all issues")


def test_the_new_game_is_read_through_its_aliases_and_synonyms() -> None:
    # Every label of every issue is offered somewhere in the part.
    kayak = new_game_items_offering_every_label(GOLD_TEST42, "kayak-fleet")
    issues = game("kayak-fleet").issues
    aliases = [alias for issue in issues for alias in issue.aliases]
    synonyms = [word for issue in issues for _, words in issue.synonyms for word in words]
    assert sum(any(a.lower() in i["text"].lower() for a in aliases) for i in kayak) >= 4
    assert sum(any(s.lower() in i["text"].lower() for s in synonyms) for i in kayak) >= 5
