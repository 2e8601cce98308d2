"""The seventy-sixth held-out gold part (tests/data/extraction_gold_test76.jsonl, `t76-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or a table,
a few drifting into prose or naming no offer) and a few sentences of polite negotiation, with acceptances
bare and restating, relative concessions, quoted values rejected, questions as proposals, conditional
packages and turns of tournaments played in other languages; every item carries its writer's side, and it
brings a new user-authored game (tattoo-guest-spot-t76). What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module
checks what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST76 = DATA / "extraction_gold_test76.jsonl"
NEW_GAME = "tattoo-guest-spot-t76"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST76, "We agree on all issues", restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    share = headed_notes_share(GOLD_TEST76)
    assert 0.8 <= share < 1.0


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    found = new_game_items_offering_every_label(GOLD_TEST76, NEW_GAME)
    assert len(found) >= 40
    synonyms = ("front desk bookings", "studio-booked", "self-booked", "books own clients", "ink and needles included",
                "consumables included", "BYO supplies", "brings own kit", "cost-price supplies", "pay for what you use")
    assert sum(any(w in i["text"] for w in synonyms) for i in found) >= 5
    aliases = ("Daily chair fee", "Station fee", "Length of stay", "Spot length", "Client bookings", "Consumables")
    assert sum(any(w in i["text"] for w in aliases) for i in found) >= 2


def test_the_habits_of_a_representative_sample_are_there() -> None:
    assert texts_with(GOLD_TEST76, "<think>") >= 5  # reasoning blocks before the note's offer
    assert texts_with(GOLD_TEST76, "| Issue | Value |") >= 3  # markdown tables
    assert texts_with(GOLD_TEST76, "Update: actually", "What I think the landlord would accept") == 2


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST76)}
    # Two working weeks are ten working days, the unit the guest days count in.
    assert found["t76-msg-036"]["offers"]["guest days"] == "10 days"
    # Bringing one's own ink and needles is own supplies; booking one's own clients is the artist's label.
    assert found["t76-msg-035"]["offers"]["supplies"] == "own supplies"
    assert found["t76-msg-006"]["offers"]["bookings"] == "artist books clients"
    assert found["t76-msg-006"]["invalid"] == {"chair fee": "$175"}
    # Labels translated into the tournament's language are the labels they translate.
    assert found["t76-msg-051"]["offers"]["supplies"] == "supplies included"
    assert found["t76-msg-056"]["offers"]["supplies"] == "own supplies"
    assert found["t76-msg-062"]["offers"]["supplies"] == "supplies included"
    assert found["t76-msg-047"]["offers"]["bookings"] == "artist books clients"
    # A list of two labels for one issue is ambiguous; a week of guest days is no label.
    assert found["t76-note-006"]["ambiguous"] == ["bookings"]
    assert found["t76-note-003"]["invalid"] == {"guest days": "7 days"}
    # A merch table is an issue the game does not have.
    assert found["t76-msg-011"]["unknown_issues"] == ["merch table"]
