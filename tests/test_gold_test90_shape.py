"""The ninetieth held-out gold part (tests/data/extraction_gold_test90.jsonl, `t90-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or tables,
a few drifting into a plan line, "My position this round", a placeholder or reasoning only) and a few
sentences of polite negotiation, with acceptances bare and restating, relative concessions, questions as
proposals and turns of tournaments played in other languages; every item carries its writer's side, and
it brings a new user-authored game (piano-tuning-t90). What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module
checks what this part stresses. Shape only: the readers never run here (the part is scored by the bench,
after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST90 = DATA / "extraction_gold_test90.jsonl"
NEW_GAME = "piano-tuning-t90"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST90, "agree on all issues", restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    # Most notes state their "Acceptable offer" (in the tournament's language); a few drift into a plan
    # line, "My position this round" or reasoning only, as real models' notes do.
    share = headed_notes_share(GOLD_TEST90)
    assert 0.8 <= share < 1.0
    assert texts_with(GOLD_TEST90, "<think>") >= 15  # reasoning models' think blocks before the offer
    assert texts_with(GOLD_TEST90, "|---") >= 4  # tables


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    piano = new_game_items_offering_every_label(GOLD_TEST90, NEW_GAME)
    assert len(piano) >= 40
    synonyms = ("small fixes included", "Minor fixes included", "Charged per job", "invoiced separately",
                "all-inclusive repairs", "Before classes", "before classes", "early mornings", "After closing",
                "evenings", "Evenings", "term breaks")
    assert sum(any(w in i["text"] for w in synonyms) for i in piano) >= 8
    aliases = ("Fee per piano", "Tuning visits", "Repair cover", "Access hours", "rate_per_tuning", "repair work")
    assert sum(any(w in i["text"] for w in aliases) for i in piano) >= 3


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST90)}
    # A bare count under the visits key is that count's label, the unit being the key's.
    for item_id, label in (("t90-note-056", "4 visits"), ("t90-note-086", "2 visits"), ("t90-note-096", "4 visits"),
                           ("t90-msg-039", "6 visits"), ("t90-note-025", "4 visits"), ("t90-note-079", "6 visits")):
        assert found[item_id]["offers"]["visits"] == label, item_id
    # Repair and timing words of the tournament's language are the labels they translate.
    translated = {"別途請求": ("repairs", "billed separately"), "閉館後": ("visit timing", "after hours"),
                  "kleine Reparaturen inbegriffen": ("repairs", "minor repairs included"),
                  "Schulferien": ("visit timing", "school holidays"),
                  "fatturate a parte": ("repairs", "billed separately"),
                  "所有维修均包含": ("repairs", "all repairs included"),
                  "fora do expediente": ("visit timing", "after hours"),
                  "petites réparations incluses": ("repairs", "minor repairs included"),
                  "별도 청구": ("repairs", "billed separately"), "小修包含在内": ("repairs", "minor repairs included"),
                  "alle reparaties inbegrepen": ("repairs", "all repairs included"),
                  "学校の休暇中": ("visit timing", "school holidays")}
    for word, (issue, label) in translated.items():
        hits = [i for i in found.values() if i["game"] == NEW_GAME and word in i["text"]]
        assert hits and all(i["offers"][issue] == label for i in hits), word
    # A fee or a count between labels is invalid, never snapped.
    assert found["t90-msg-024"]["invalid"] == {"tuning fee": "$120"}
    assert found["t90-msg-151"]["invalid"] == {"tuning fee": "$100"}
    assert found["t90-msg-116"]["invalid"] == {"visits": "3 visits"}
    # Two repair labels offered with neither chosen are ambiguous.
    assert found["t90-msg-100"]["ambiguous"] == ["repairs"]
    # Things a piano contract might add but the game lacks are unknown issues, their numbers no values.
    assert found["t90-note-106"]["unknown_issues"] == ["travel surcharge"]
    assert found["t90-msg-131"]["unknown_issues"] == ["condition report"] and not found["t90-msg-131"]["offers"]
    # A question about the school's pianos offers nothing.
    assert not (found["t90-msg-075"]["offers"] or found["t90-msg-075"]["invalid"])
    # Evenings after the last lesson are after hours; "billing repairs separately" is billed separately.
    assert found["t90-msg-002"]["offers"]["visit timing"] == "after hours"
    assert found["t90-msg-011"]["offers"]["repairs"] == "billed separately"
    # A note of reasoning only, a template of nulls and "same as last round" offer nothing.
    for item_id in ("t90-note-015", "t90-note-089", "t90-note-105"):
        item = found[item_id]
        assert not (item["offers"] or item["invalid"] or item["ambiguous"]), item_id
