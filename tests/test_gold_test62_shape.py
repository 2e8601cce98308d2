"""The sixty-second held-out gold part (tests/data/extraction_gold_test62.jsonl, `t62-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON or lists, often markdown) and
a few sentences of polite negotiation, with acceptances bare and restating, relative concessions, and
turns of tournaments played in other languages; every item carries its writer's side, and it brings a
new user-authored game (canal-boat-charter). What every part promises (size, families, languages,
sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks
what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share, texts_with
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST62 = DATA / "extraction_gold_test62.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST62, "We agree on all issues.", "accept")


def test_most_notes_follow_the_protocol() -> None:
    # A representative sample: most notes state their "Acceptable offer" (in the tournament's language).
    assert headed_notes_share(GOLD_TEST62) >= 0.6


def test_relative_concessions_are_there() -> None:
    # Concessions stated against an earlier value ("come down another $100"), each with its result.
    marks = ("come down", "came down", "moved up", "moving up", "another $", "from my last", "down from", "up from")
    assert texts_with(GOLD_TEST62, *marks) >= 8


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    charter = new_game_items_offering_every_label(GOLD_TEST62, "canal-boat-charter")
    assert len(charter) >= 30
    # Its label synonyms and issue aliases are written, not only the issue names and labels.
    synonyms = ("premium narrowboat", "widebeam", "diesel included", "fuel in the price", "fuel charged separately",
                "pay for diesel used", "practice run", "skippered first day")
    assert sum(any(w in i["text"] for w in synonyms) for i in charter) >= 6
    aliases = ("charter fee", "Charter fee", "hire rate", "Hire rate", "weekly hire", "Vessel", "vessel", "Diesel",
               "Training", "training", "helm tuition", "Handover")
    assert sum(any(w in i["text"] for w in aliases) for i in charter) >= 4
