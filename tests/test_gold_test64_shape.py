"""The sixty-fourth held-out gold part (tests/data/extraction_gold_test64.jsonl, `t64-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON or lists, often markdown, a few
drifting into prose or other keys) and a few sentences of polite negotiation, with acceptances bare and
restating, relative concessions, questions as proposals and turns of tournaments played in other
languages; every item carries its writer's side, and it brings a new user-authored game
(escape-room-buyout). What every part promises (size, families, languages, sides, games, hard cases,
new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses.
Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels
were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST64 = DATA / "extraction_gold_test64.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST64, "We agree on all issues.", "we agree on all issues.",
                                        restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    # A representative sample: most notes state their "Acceptable offer" (in the tournament's language),
    # and a few drift into prose, a headerless table or keys of their own, as real models' notes do.
    share = headed_notes_share(GOLD_TEST64)
    assert 0.8 <= share < 1.0


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    escape = new_game_items_offering_every_label(GOLD_TEST64, "escape-room-buyout")
    assert len(escape) >= 30
    # Its synonyms and aliases are written, not only the issue names and labels.
    synonyms = ("private host", "own game master", "floor staff", "Saturday evening", "morning session")
    assert sum(any(w in i["text"] for w in synonyms) for i in escape) >= 5
    aliases = ("Venue fee", "Room count", "Host:", "Slot:", "Buyout price", "Number of rooms", "Booking slot")
    assert sum(any(w in i["text"] for w in aliases) for i in escape) >= 2


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST64)}
    # Keys of the note's own with units in their names, under no heading, are the note's offer.
    drift = next(i for i in found.values() if "sublet_days_per_year: 2" in i["text"])
    assert drift["offers"] == {"rent": "$1300", "subletting": "2 days"}
    # A label said with the key and one distinguishing word ("Game master: dedicated") is that label.
    keyed = next(i for i in found.values() if "**Game master:** dedicated\n" in i["text"])
    assert keyed["offers"]["game master"] == "dedicated game master"
    # "shared staff" / "shared with our floor staff" name the shared game master.
    shared = [i for i in found.values() if i["game"] == "escape-room-buyout" and "shared" in i["text"].lower()
              and "game master" in i["offers"]]
    assert shared and all(i["offers"]["game master"] == "shared game master" for i in shared)
