"""The fifty-eighth held-out gold part (tests/data/extraction_gold_test58.jsonl, `t58-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON or lists, often markdown) and
a few sentences of polite negotiation, with acceptances bare and restating, relative concessions, and
turns of tournaments played in other languages; every item carries its writer's side, and it brings a
new user-authored game (bouncy-castle-hire). What every part promises (size, families, languages,
sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks
what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST58 = DATA / "extraction_gold_test58.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST58, "We agree on all issues.", "accept")


def test_most_notes_follow_the_protocol() -> None:
    # A representative sample: most notes state their "Acceptable offer" (in the tournament's language).
    assert headed_notes_share(GOLD_TEST58) >= 0.6


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    castle = new_game_items_offering_every_label(GOLD_TEST58, "bouncy-castle-hire")
    assert len(castle) >= 30
    # Its aliases and synonyms are written, not only the issue names and labels.
    assert sum(any(w in i["text"] for w in ("slide combo", "combi castle", "assault course")) for i in castle) >= 5
    assert sum(any(w in i["text"] for w in ("Unit", "Supervision", "Staffing", "Refund", "Price")) for i in castle) >= 2
