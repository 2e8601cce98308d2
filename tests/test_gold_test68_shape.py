"""The sixty-eighth held-out gold part (tests/data/extraction_gold_test68.jsonl, `t68-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bold bullets, key lines or a
table, often after a sentence of reasoning or a `<think>` block, a few drifting into prose, a heading of
their own or keys of their own) and a few sentences of polite negotiation, with acceptances bare and
restating, relative concessions, questions as proposals and turns of tournaments played in other
languages; every item carries its writer's side, and it brings a new user-authored game
(school-bus-contract). What every part promises (size, families, languages, sides, games, hard cases,
new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses.
Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels
were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST68 = DATA / "extraction_gold_test68.jsonl"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST68, "We agree on all issues", "we agree on all issues",
                                        restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    # A representative sample: most notes state their "Acceptable offer" (in the tournament's language),
    # and a few drift into prose, a heading of their own or keys of their own, as real models' notes do.
    share = headed_notes_share(GOLD_TEST68)
    assert 0.8 <= share < 1.0


def test_the_habits_of_a_tournament_are_there() -> None:
    assert texts_with(GOLD_TEST68, "<think>") >= 10  # reasoning models' think blocks before the offer
    assert texts_with(GOLD_TEST68, "```json") >= 10  # fenced JSON notes
    assert texts_with(GOLD_TEST68, "|---|") >= 4  # markdown tables


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    bus = new_game_items_offering_every_label(GOLD_TEST68, "school-bus-contract")
    assert len(bus) >= 40
    # Its synonyms and aliases are written, not only the issue names and labels.
    synonyms = ("EV bus", "e-bus", "short bus", "small bus", "standard school bus", "district staff aide",
                "operator-provided aide", "district-provided monitor", "battery bus")
    assert sum(any(w in i["text"] for w in synonyms) for i in bus) >= 8
    aliases = ("Daily rate", "Contract length", "Term:", "Vehicle:", "Bus type", "Aide:", "Bus aide", "Monitor:")
    assert sum(any(w in i["text"] for w in aliases) for i in bus) >= 5


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST68)}
    # Who supplies the monitor is read from the speaker's side.
    for district_says in ("t68-msg-004", "t68-msg-079", "t68-msg-100", "t68-msg-124"):
        assert found[district_says]["side"] == 1
        assert found[district_says]["offers"]["bus monitor"] == "district supplies monitor"
    for operator_says in ("t68-msg-005", "t68-msg-059"):
        assert found[operator_says]["side"] == 0
        assert found[operator_says]["offers"]["bus monitor"] == "operator supplies monitor"
    # Alternating who supplies the aide names no label: no value, neither offered nor invalid.
    alternating = found["t68-msg-088"]
    assert "bus monitor" not in alternating["offers"] and not alternating["invalid"] and not alternating["ambiguous"]
    # A weekly total stated with its per-day result is the per-day label.
    assert found["t68-msg-059"]["offers"]["price per route-day"] == "$400"
    # "EV" under the vehicle key and "operator" under the monitor key name the one label they fit.
    assert found["t68-msg-136"]["offers"]["vehicle type"] == "electric bus"
    assert found["t68-msg-136"]["offers"]["bus monitor"] == "operator supplies monitor"
    assert found["t68-msg-136"]["unknown_issues"] == ["gps tracking"]
    # School years are years; a count of years that is no label stays invalid as written.
    assert found["t68-msg-124"]["offers"]["contract years"] == "3 years"
    assert found["t68-msg-148"]["invalid"] == {"contract years": "4 school years"}
    assert found["t68-note-090"]["invalid"] == {"vehicle type": "hybrid bus"}
    # Two vehicles offered as fallbacks are ambiguous.
    assert found["t68-msg-064"]["ambiguous"] == ["vehicle type"]
    # Translated labels of the new game are the labels they translate.
    assert found["t68-msg-154"]["offers"]["vehicle type"] == "minibus"
    assert found["t68-msg-045"]["offers"]["vehicle type"] == "full-size bus"
