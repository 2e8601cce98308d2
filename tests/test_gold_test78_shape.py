"""The seventy-eighth held-out gold part (tests/data/extraction_gold_test78.jsonl, `t78-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or tables,
a few drifting into prose, plan lines or placeholders) and a few sentences of polite negotiation, with
acceptances bare and restating, relative concessions, questions as proposals and turns of tournaments
played in other languages; every item carries its writer's side, and it brings a new user-authored game
(knife-sharpening-t78). What every part promises (size, families, languages, sides, games, hard cases,
new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses.
Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels
were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST78 = DATA / "extraction_gold_test78.jsonl"
GAME = "knife-sharpening-t78"


def _found() -> dict[str, dict]:
    return {item["id"]: item for item in read_items(GOLD_TEST78)}


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST78, "We agree on all issues", "we agree on all issues",
                                        restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    # Most notes state their "Acceptable offer" (in the tournament's language); a few drift into a prose
    # sentence, a plan line or a heading of their own, as real models' notes do.
    share = headed_notes_share(GOLD_TEST78)
    assert 0.8 <= share < 1.0


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    knives = new_game_items_offering_every_label(GOLD_TEST78, GAME)
    assert len(knives) >= 30
    # Its synonyms and aliases are written, not only the issue names and labels.
    synonyms = ("hand sharpening", "sharpened by hand", "belt grinder", "machine sharpening", "loaner knives",
                "knife exchange", "collect and deliver")
    assert sum(any(w in i["text"] for w in synonyms) for i in knives) >= 5
    aliases = ("fee per visit", "Fee per visit", "Term:", "Method:", "Logistics:", "service mode")
    assert sum(any(w in i["text"] for w in aliases) for i in knives) >= 2
    # Other languages' tournaments play the new game too.
    assert sum(i["why"].split("; ")[1] != "en" for i in knives) >= 8


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = _found()
    # The knife handling said in other words.
    assert found["t78-msg-016"]["offers"]["knife handling"] == "pickup and return"
    assert found["t78-note-012"]["offers"]["knife handling"] == "swap set"
    assert found["t78-msg-093"]["offers"]["knife handling"] == "pickup and return"
    # Labels translated into the tournament's language.
    for item_id in ("t78-msg-018", "t78-msg-065", "t78-msg-141", "t78-msg-115", "t78-msg-041", "t78-msg-092"):
        assert found[item_id]["offers"]["sharpening method"] == "whetstone", item_id
    assert found["t78-msg-115"]["offers"]["knife handling"] == "swap set"
    assert found["t78-msg-141"]["offers"]["knife handling"] == "swap set"
    assert found["t78-note-102"]["offers"]["knife handling"] == "pickup and return"
    # "With the rest of your proposal unchanged" / "everything else works" name nothing more.
    assert found["t78-msg-059"]["offers"] == {"control": "5-5"}
    assert found["t78-msg-083"]["offers"] == {"amount": "$9000"}
    assert found["t78-msg-091"]["offers"] == {"visit fee": "$80"}
    # Extras thrown into a package are issues the game lacks.
    for item_id, name in (("t78-msg-093", "honing steels"), ("t78-msg-042", "chip repair surcharge"),
                          ("t78-msg-026", "exclusivity"), ("t78-msg-148", "payment holiday")):
        assert found[item_id]["unknown_issues"] == [name], item_id
    # Two prices depending on an unchosen warranty.
    assert found["t78-msg-046"]["ambiguous"] == ["price"]
    # A plan line and a heading of the note's own state its offer; "unchanged" names nothing.
    assert found["t78-note-071"]["offers"]["amount"] == "$8000"
    assert found["t78-note-053"]["offers"] == {"duration": "27 months"}
    assert found["t78-note-106"]["offers"]["delivery"] == "local drop-off"
    assert not found["t78-note-084"]["offers"] and not found["t78-note-063"]["offers"]


def test_the_habits_of_the_families_are_marked() -> None:
    items = read_items(GOLD_TEST78)
    # Qwen/DeepSeek-like notes think aloud; Gemini-like ones use bold bullets; some notes carry tables.
    assert sum("<think>" in i["text"] for i in items) >= 8
    assert sum("* **" in i["text"] for i in items if i["why"].startswith("Gemini-like")) >= 10
    assert sum("|---|" in i["text"] for i in items) >= 4
    # Questions as proposals: messages asking with values in them offer those values.
    assert sum(i["kind"] == "message" and "?" in i["text"] and bool(i["offers"]) for i in items) >= 15
