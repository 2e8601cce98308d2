"""The eleventh held-out gold part (tests/data/extraction_gold_test11.jsonl, `t11-*`) is well formed by
the rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered
value is one of its labels, invalid values are not labels and stand in the text as written, ambiguous
issues are in neither offers nor invalid. It imitates six model families' habits (each item's `why`
opens "Family-like; lang; role; ..."), leans on messages, and puts many items in three user-authored
games written for it (moving-service, event-venue, consulting-retainer). It checks the labels' shape
only; it never runs the readers (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA
from tests.gold_shape import items as read_items

GOLD_TEST11 = DATA / "extraction_gold_test11.jsonl"
# What every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
# tests/test_gold_parts_shape.py; this module checks what this part stresses.


def test_messages_carry_markdown_tables_and_json() -> None:
    items = read_items(GOLD_TEST11)
    assert sum(i["kind"] == "message" and "|---" in i["text"] for i in items) >= 5
    assert sum(i["kind"] == "message" and '{"' in i["text"] for i in items) >= 5
