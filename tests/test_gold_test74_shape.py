"""The seventy-fourth held-out gold part (tests/data/extraction_gold_test74.jsonl, `t74-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or tables,
a few drifting into prose, keys of their own or other headings) and a few sentences of polite
negotiation, with acceptances bare and restating, relative concessions, questions as proposals and turns
of tournaments played in other languages; every item carries its writer's side, and it brings a new
user-authored game (tattoo-guest-spot-t74). What every part promises (size, families, languages, sides,
games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this
part stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py,
after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share, texts_with
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST74 = DATA / "extraction_gold_test74.jsonl"
NEW_GAME = "tattoo-guest-spot-t74"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST74, "We agree on all issues.", restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    share = headed_notes_share(GOLD_TEST74)
    assert 0.8 <= share < 1.0
    assert texts_with(GOLD_TEST74, "<think>") >= 8  # reasoning blocks before the offer, as models write them


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    tattoo = new_game_items_offering_every_label(GOLD_TEST74, NEW_GAME)
    assert len(tattoo) >= 40
    synonyms = ("house supplies", "supplies included", "artist-supplied", "bring your own ink", "instagram shoutout",
                "instagram post", "Instagram shoutout", "flash day", "flash event")
    assert sum(any(w in i["text"] for w in synonyms) for i in tattoo) >= 10
    aliases = ("chair rent", "Chair rent", "booth rent", "Booth rent", "length of stay", "Length of stay", "residency",
               "Residency", "consumables", "Consumables", "inks and needles", "Inks and needles", "marketing",
               "Marketing", "advertising", "Advertising", "guest spot length", "Guest spot length")
    assert sum(any(w in i["text"] for w in aliases) for i in tattoo) >= 5


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST74)}
    # Supplies said in other words or translated.
    for own in ("t74-note-099", "t74-msg-006", "t74-msg-077", "t74-msg-067", "t74-msg-075"):
        assert found[own]["offers"]["supplies"] == "own supplies", own
    for studio in ("t74-msg-028", "t74-msg-117", "t74-msg-144", "t74-msg-124"):
        assert found[studio]["offers"]["supplies"] == "studio supplies", studio
    # One Instagram post is the social media post; a flash day is the flash day event.
    for post in ("t74-note-099", "t74-msg-055", "t74-msg-124"):
        assert found[post]["offers"]["promotion"] == "social media post", post
    for flash in ("t74-msg-089", "t74-msg-116"):
        assert found[flash]["offers"]["promotion"] == "flash day event", flash
    # Values off the labels are invalid; '2 or 3 weeks' is ambiguous.
    assert found["t74-msg-016"]["invalid"] == {"stay": "5 weeks"}
    assert found["t74-note-059"]["invalid"] == {"chair fee": "$400"}
    assert found["t74-msg-017"]["ambiguous"] == ["stay"] and "stay" not in found["t74-msg-017"]["offers"]
    # Terms the game lacks are unknown issues, their numbers no values.
    assert found["t74-note-085"]["unknown_issues"] == ["touch-ups"]
    assert found["t74-msg-028"]["unknown_issues"] == ["merchandise"] and not found["t74-msg-028"]["invalid"]
    # A note's offer under another heading still states it.
    assert len(found["t74-note-037"]["offers"]) == 4 and len(found["t74-note-010"]["offers"]) == 4
    assert found["t74-msg-084"]["offers"]["assembly"] == "self-assembly"
