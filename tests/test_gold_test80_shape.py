"""The eightieth held-out gold part (tests/data/extraction_gold_test80.jsonl, `t80-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or tables,
a few drifting into prose or headings of their own) and a few sentences of polite negotiation, with
agreements bare and restating, relative concessions, questions as proposals, conditional packages and
turns of tournaments played in other languages; every item carries its writer's side, and it brings a
new user-authored game (pharmacy-courier-t80). What every part promises (size, families, languages,
sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks
what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST80 = DATA / "extraction_gold_test80.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST80, "We agree on all issues.", "we agree on all issues.",
                                        restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    # Most notes state their "Acceptable offer" (in the tournament's language); a few drift into a prose
    # sentence, a heading of their own ("My position this round", "Final offer") or "no change".
    share = headed_notes_share(GOLD_TEST80)
    assert 0.8 <= share < 1.0


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    courier = new_game_items_offering_every_label(GOLD_TEST80, "pharmacy-courier-t80")
    assert len(courier) >= 30
    # Its synonyms and aliases are written, not only the issue names and labels.
    synonyms = ("whole district", "signed receipt", "ID verification", "whole city", "anywhere in the city",
                "photo proof")
    assert sum(any(w in i["text"] for w in synonyms) for i in courier) >= 5
    aliases = ("Delivery window", "Rate per delivery", "Coverage area", "POD:", '"delivery fee"', '"daily hours"',
               "Daily hours", "Delivery area", "Handover check", "Per-drop rate", "Hours per day", "Delivery zone")
    assert sum(any(w in i["text"] for w in aliases) for i in courier) >= 2


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST80)}
    # A clock window is the count of its hours, with or without the count beside it.
    assert found["t80-msg-033"]["offers"]["delivery hours"] == "4 hours"
    assert found["t80-msg-084"]["offers"]["delivery hours"] == "8 hours"
    assert found["t80-msg-109"]["offers"]["delivery hours"] == "8 hours"
    # One proof for parcels and another for prescriptions names two labels of one issue: ambiguous.
    assert found["t80-msg-058"]["ambiguous"] == ["proof of delivery"]
    assert "proof of delivery" not in found["t80-msg-058"]["offers"]
    # Taking up the other side's wish in the same turn ("Our riders can do it") offers it.
    assert found["t80-msg-083"]["offers"]["zone"] == "citywide"
    # A surcharge the game lacks is an unknown issue; its amount is no fee.
    rain = found["t80-msg-126"]
    assert rain["unknown_issues"] == ["rainy-day surcharge"] and rain["offers"]["fee per delivery"] == "$7"
    assert not rain["invalid"]
    # "We aren't able to offer a signing bonus" is the zero label.
    assert found["t80-msg-011"]["offers"]["signing bonus"] == "no bonus"
    # Labels translated into the tournament's language are the labels they translate.
    assert found["t80-note-050"]["offers"]["zone"] == "neighbourhood only"
    assert found["t80-note-050"]["offers"]["proof of delivery"] == "doorstep photo"
    assert found["t80-note-036"]["offers"]["proof of delivery"] == "ID check"
    assert found["t80-msg-095"]["offers"]["zone"] == "neighbourhood only"
    # A note whose offer is deferred, null or "same as last round" offers nothing.
    for note in ("t80-note-010", "t80-note-045", "t80-note-061", "t80-note-096"):
        assert not (found[note]["offers"] or found[note]["invalid"] or found[note]["ambiguous"]), note
