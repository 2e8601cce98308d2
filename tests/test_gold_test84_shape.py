"""The eighty-fourth held-out gold part (tests/data/extraction_gold_test84.jsonl, `t84-*`) is well formed by
the rules of tests/data/README.md. It is a representative sample of a round-robin tournament's turns
rather than a stress test: mostly protocol notes ("Acceptable offer" JSON, bullets, key lines or tables,
often after a `<think>` block or a sentence of reasoning, a few drifting into placeholders, revisions or no
offer at all) and a few sentences of polite negotiation, with acceptances bare and restating, relative
concessions, questions as proposals and turns of tournaments played in other languages; every item carries
its writer's side, and it brings a new user-authored game (bookbinding-restoration-t84). What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by the bench, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, headed_notes_share
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label

GOLD_TEST84 = DATA / "extraction_gold_test84.jsonl"
NEW_GAME = "bookbinding-restoration-t84"


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST84, "We agree on all issues", "we agree on all issues",
                                        restated_issues=4)


def test_most_notes_follow_the_protocol_and_some_drift() -> None:
    # Most notes state their "Acceptable offer" (in the tournament's language); a few drift into
    # "unchanged from last round" or reasoning only, as real models' notes do.
    share = headed_notes_share(GOLD_TEST84)
    assert 0.8 <= share < 1.0


def test_some_notes_think_first() -> None:
    notes = [i for i in read_items(GOLD_TEST84) if i["kind"] == "note"]
    assert sum("<think>" in i["text"] for i in notes) >= 8


def test_the_new_game_exercises_every_label_and_its_other_names() -> None:
    binding = new_game_items_offering_every_label(GOLD_TEST84, NEW_GAME)
    assert len(binding) >= 40
    synonyms = ("conservation repair", "stabilise only", "new spine", "reback", "complete rebind",
                "rebound from scratch", "buckram", "bookcloth", "calf leather", "morocco", "goat leather")
    assert sum(any(w in i["text"] for w in synonyms) for i in binding) >= 8
    aliases = ("restoration fee", "Price per volume", "per-book fee", "Lead time", "completion time",
               "Turnaround time", "scope of work", "binding material")
    assert sum(any(w in i["text"] for w in aliases) for i in binding) >= 3


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST84)}
    binding = [i for i in found.values() if i["game"] == NEW_GAME]
    # Treatment and covering words of the tournament's language are the labels they translate.
    translated = {"nuovo dorso": ("treatment", "rebacking"), "换新书脊": ("treatment", "rebacking"),
                  "komplette Neubindung": ("treatment", "full rebinding"),
                  "reliure complète": ("treatment", "full rebinding"),
                  "encadernação nova": ("treatment", "full rebinding"),
                  "reencuadernación completa": ("treatment", "full rebinding"),
                  "전면 재제본": ("treatment", "full rebinding"),
                  "minimale reparatie": ("treatment", "minimal repair"),
                  "reparación mínima": ("treatment", "minimal repair"),
                  "riparazione minima": ("treatment", "minimal repair"),
                  "最低限度修复": ("treatment", "minimal repair"),
                  "Ziegenleder": ("covering", "goatskin"), "maroquin": ("covering", "goatskin"),
                  "염소가죽": ("covering", "goatskin"), "Kalbsleder": ("covering", "calfskin"),
                  "pelle di vitello": ("covering", "calfskin"), "kalfsleer": ("covering", "calfskin"),
                  "piel de becerro": ("covering", "calfskin"), "小牛皮": ("covering", "calfskin"),
                  "en tela": ("covering", "book cloth"), "in tela": ("covering", "book cloth"),
                  "布面": ("covering", "book cloth"), "boekbinderslinnen": ("covering", "book cloth")}
    for word, (issue, label) in translated.items():
        hits = [i for i in binding if word in i["text"]]
        assert hits and all(i["offers"][issue] == label for i in hits), word
    # A mix of two coverings is no label; a turnaround or fee between labels is not snapped.
    assert found["t84-msg-106"]["invalid"] == {"covering": "half calf with cloth sides"}
    assert found["t84-note-089"]["invalid"] == {"turnaround": "6 weeks"}
    assert found["t84-msg-123"]["invalid"] == {"fee per volume": "$175"}
    # Two treatments offered "whichever suits": both the treatment and its fee are ambiguous.
    assert sorted(found["t84-msg-072"]["ambiguous"]) == ["fee per volume", "treatment"]
    # Insurance, deacidification and scans are issues the game lacks.
    unknown = {u for i in binding for u in i["unknown_issues"]}
    assert {"insurance", "deacidification", "digitisation"} <= unknown
    # A count of the library's books and a century are no values.
    assert found["t84-note-040"]["offers"]["fee per volume"] == "$250"
    assert "turnaround" not in found["t84-msg-006"]["invalid"]
    # "12 weeks instead of 8 weeks" replaces the 8.
    assert found["t84-msg-056"]["offers"]["turnaround"] == "12 weeks"
    # Refusing a signing bonus or the extended warranty names the zero label.
    assert found["t84-msg-008"]["offers"]["signing bonus"] == "no bonus"
    assert found["t84-msg-009"]["offers"]["warranty"] == "no extended warranty"
