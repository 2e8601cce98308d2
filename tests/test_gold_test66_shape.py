"""The sixty-sixth held-out gold part (tests/data/extraction_gold_test66.jsonl, `t66-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or tables,
often after a sentence of reasoning or a `<think>` block, a few drifting) and a few sentences of polite
negotiation, with acceptances bare and restating, relative concessions, questions as proposals,
conditional and alternative packages and turns of tournaments played in other languages; every item
carries its writer's side, and it brings a new user-authored game (film-gear-rental). What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST66 = DATA / "extraction_gold_test66.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST66, "We agree on all issues.", "we agree on all issues.",
                                        restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    # Most notes state their "Acceptable offer" (in the tournament's language); a few drift (an unchanged
    # position, values left in a <think> block), as real models' notes do.
    share = headed_notes_share(GOLD_TEST66)
    assert 0.8 <= share < 1.0
    assert texts_with(GOLD_TEST66, "<think>") >= 15


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    gear = new_game_items_offering_every_label(GOLD_TEST66, "film-gear-rental")
    assert len(gear) >= 40
    synonyms = ("zoom kit", "zooms", "modern glass", "vintage glass", "classic primes", "covered by the house",
                "rental house policy", "certificate of insurance", "production's policy", "insured by the production")
    assert sum(any(w in i["text"] for w in synonyms) for i in gear) >= 10
    aliases = ("Daily rate", "Rental period", "Lens package", "Insurance cover", "Package rate", "Hire length",
               "Glass:", "Kit cover")
    assert sum(any(w in i["text"] for w in aliases) for i in gear) >= 2


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST66)}
    # Insurance is read from the writer's side: "our own" / "ourselves" from the production is its insurance,
    # "your insurance" is the other side's.
    for key in ("t66-note-024", "t66-msg-011", "t66-msg-024", "t66-msg-049", "t66-msg-087", "t66-msg-101"):
        assert found[key]["side"] == 1 and found[key]["offers"]["insurance"] == "production insurance", key
    assert found["t66-msg-143"]["side"] == 1 and found["t66-msg-143"]["offers"]["insurance"] == "house insurance"
    assert found["t66-msg-090"]["side"] == 0 and found["t66-msg-090"]["offers"]["insurance"] == "production insurance"
    # A rental counted in weeks is 7 days a week: two weeks is no label; a lens set the game lacks is invalid,
    # a service it lacks (delivery to set) an unknown issue.
    assert found["t66-msg-064"]["invalid"] == {"rental days": "two-week"}
    assert found["t66-msg-089"]["invalid"] == {"lens set": "anamorphic lenses"}
    assert found["t66-msg-090"]["unknown_issues"] == ["delivery"]
    # A bare count under the days key is that label.
    assert found["t66-msg-036"]["offers"]["rental days"] == "15 days"
    # Values left only in a <think> block, with no offer after it, offer nothing.
    assert "<think>" in found["t66-note-089"]["text"] and not found["t66-note-089"]["offers"]
    # Labels translated into the tournament's language are the labels.
    assert found["t66-msg-154"]["offers"]["lens set"] == "vintage primes"
    assert found["t66-msg-158"]["offers"] == {"day rate": "$600", "rental days": "15 days", "lens set": "zoom lenses",
                                              "insurance": "house insurance"}
    # An old value in brackets ("down from 4%") is not a second value.
    assert found["t66-msg-032"]["offers"]["annual interest rate"] == "3.5%" and not found["t66-msg-032"]["ambiguous"]
