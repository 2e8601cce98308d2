"""The seventy-first held-out gold part (tests/data/extraction_gold_test71.jsonl, `t71-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: GitHub/Obsidian alert
blocks (`> [!NOTE]`) and MkDocs admonitions (`!!! note`) holding the writer's own offer, collapsed
`<details>` blocks, YAML anchors and merge keys, directory trees and box-drawing tables, definition lists
(markdown and `<dl>`), conventional-commit lines, timestamped log lines, a Python traceback before the
offer, spreadsheet cells with formulas, timestamped speech transcripts with spoken self-corrections,
values struck with combining long strokes, telegram STOPs, verse, numbered threads, bilingual turns under
flag emoji, a PS adding an issue, and measures a careful reader converts (a fee per market day, 52 weeks,
"quinquennio", "полгода", "тыс."). Every item carries `side`, notes too. More than a quarter of its items
are turns of multilingual tournaments, and it brings a new user-authored game, `market-stall`. What every
part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST71 = DATA / "extraction_gold_test71.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST71, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST71, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST71, "market-stall")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Callouts and collapsed blocks holding the offer or the reasoning.
    assert texts_with(GOLD_TEST71, "> [!") == 4
    assert texts_with(GOLD_TEST71, "!!! ") == 2
    assert texts_with(GOLD_TEST71, "<details>") == 3
    # Layouts: YAML merge keys, trees, box-drawing tables, definition lists.
    assert texts_with(GOLD_TEST71, "<<: *") == 2
    assert texts_with(GOLD_TEST71, "├── ") == 2 and texts_with(GOLD_TEST71, "┌") == 2
    assert texts_with(GOLD_TEST71, "\n:   ", "<dt>") == 4
    # Developer debris: commit lines, log lines, tracebacks, spreadsheet formulas.
    assert texts_with(GOLD_TEST71, "feat(", "fix(", "refactor(") == 5
    assert texts_with(GOLD_TEST71, " INFO ") == 3
    assert texts_with(GOLD_TEST71, "Traceback") == 2 and texts_with(GOLD_TEST71, "=B2") == 2
    # Speech and play: transcripts, combining strikes, telegrams, verse, threads, flags, PS lines.
    assert texts_with(GOLD_TEST71, "[00:") == 3
    assert texts_with(GOLD_TEST71, "\u0336") == 2
    assert texts_with(GOLD_TEST71, " STOP") == 2
    assert texts_with(GOLD_TEST71, "♪", "bao and tea", "thee") == 3
    assert texts_with(GOLD_TEST71, "1/3 ", "🇬🇧", "PS:") == 5


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST71)}
    # An alert block or admonition holds the writer's own offer, not a quotation.
    assert found["t71-note-003"]["offers"]["weekly fee"] == "$100"
    assert found["t71-msg-004"]["offers"] == {"weekly fee": "$60", "term": "6 months", "position": "main aisle",
                                              "setup": "canopy with power"}
    # A collapsed <details> block: reasoning inside it is no offer, an offer inside it is.
    assert found["t71-note-007"]["offers"]["weekly fee"] == "$60" and not found["t71-note-007"]["ambiguous"]
    assert found["t71-note-008"]["offers"]["position"] == "back row"
    # A YAML merge key carries the anchored values under the offer's own overrides.
    assert found["t71-note-005"]["offers"] == {"weekly fee": "$80", "term": "3 months", "position": "back row",
                                               "setup": "canopy only"}
    assert found["t71-note-064"]["offers"]["vacation"] == "15 days"
    # A fee per market day is the weekly fee (one market day a week); 52 weeks is the 12-month licence.
    assert found["t71-note-010"]["offers"]["weekly fee"] == "$40"
    assert found["t71-note-017"]["offers"]["term"] == "12 months"
    # A spoken self-correction is a revision; a combining strike withdraws a value.
    assert found["t71-msg-017"]["offers"]["weekly fee"] == "$80" and not found["t71-msg-017"]["ambiguous"]
    assert found["t71-msg-056"]["offers"]["ownership"] == "45%"
    assert found["t71-msg-021"]["offers"]["weekly fee"] == "$60" and not found["t71-msg-021"]["ambiguous"]
    # Log lines: the opponent's DEBUG line is not the offer; commit arrows are moves.
    assert found["t71-note-012"]["offers"]["weekly fee"] == "$60"
    assert found["t71-note-046"]["offers"] == {"duration": "24 months"}
    assert found["t71-msg-128"]["offers"]["price per seat"] == "$30" and not found["t71-msg-128"]["ambiguous"]
    # Bilingual turns with the same values are one offer.
    assert not found["t71-msg-010"]["ambiguous"] and not found["t71-msg-100"]["ambiguous"]
    # A position that is no label is invalid as written.
    assert found["t71-msg-024"]["invalid"] == {"position": "entrance gate pitch"}
