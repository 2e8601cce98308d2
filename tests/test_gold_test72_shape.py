"""The seventy-second held-out gold part (tests/data/extraction_gold_test72.jsonl, `t72-*`) is well formed
by the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or a table,
often after a sentence of reasoning, a few drifting into prose, keys of their own or a headerless table)
and a few sentences of polite negotiation, with acceptances bare and restating, quoted values rejected,
relative concessions with their result, questions as proposals, conditional packages and turns of
tournaments played in other languages; every item carries its writer's side, and it brings a new
user-authored game (tattoo-guest-spot-t72). What every part promises (size, families, languages, sides,
games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this
part stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py,
after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST72 = DATA / "extraction_gold_test72.jsonl"
NEW_GAME = "tattoo-guest-spot-t72"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST72, "We agree on all issues.", "we agree on all issues.",
                                        restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    share = headed_notes_share(GOLD_TEST72)
    assert 0.8 <= share < 1.0


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    found = new_game_items_offering_every_label(GOLD_TEST72, NEW_GAME)
    assert len(found) >= 40
    synonyms = ("BYO supplies", "bring your own", "supplies provided", "studio stock", "own client list",
                "books own clients", "front desk bookings", "studio books clients", "shared calendar",
                "split bookings")
    assert sum(any(w in i["text"] for w in synonyms) for i in found) >= 5
    aliases = ("Chair rent", "chair rent", "Guest spot length", "Consumables", "Appointments", "appointments")
    assert sum(any(w in i["text"] for w in aliases) for i in found) >= 2


def test_the_habits_of_a_representative_sample_are_there() -> None:
    assert texts_with(GOLD_TEST72, "<think>") >= 10  # reasoning blocks before the offer
    assert texts_with(GOLD_TEST72, "| Issue | Value |") >= 3  # markdown tables
    assert texts_with(GOLD_TEST72, "from my last offer of") >= 5  # relative concessions with their result
    assert texts_with(GOLD_TEST72, "Would you consider") >= 5  # questions as proposals
    assert texts_with(GOLD_TEST72, "If you can accept") >= 5  # conditional packages


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST72) if item["game"] == NEW_GAME}
    by_text = {item["text"]: item for item in found.values()}

    def having(mark: str) -> dict:
        return next(item for text, item in by_text.items() if mark in text)

    # "A fortnight" is exactly 2 weeks; "a month" is no whole number of weeks (invalid, not snapped).
    assert having("A fortnight is all")["offers"]["residency"] == "2 weeks"
    month = having("stay for a month")
    assert month["invalid"] == {"residency": "a month"} and "residency" not in month["offers"]
    # The desk filling open slots while the artist brings regulars is the shared booking;
    # the desk handling all appointments is desk-booked.
    assert having("fills your open slots")["offers"]["bookings"] == "shared booking"
    assert having("handle all of your appointments")["offers"]["bookings"] == "desk-booked"
    # A total for the stay that divides exactly into a weekly label is that label.
    total = having("$2,000 for the four weeks")
    assert total["offers"]["chair fee"] == "$500" and total["offers"]["residency"] == "4 weeks"
    # "Bring my own ink and needles" is the artist's own supplies.
    assert having("bring my own ink and needles")["offers"]["supplies"] == "own supplies"
