"""The twelfth held-out gold part (tests/data/extraction_gold_test12.jsonl, `t12-*`) is well formed by the
rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered value is
one of its labels, invalid values are not labels and stand in the text as written, ambiguous issues are
in neither offers nor invalid. It imitates six model families' habits (each item's `why` opens
"Family-like; lang; role; ..."), about 40% notes and 60% messages, and puts many items in two
user-authored games written for it (solar-installation, language-tutoring). It checks the labels' shape
only; it never runs the readers (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, language_of
from tests.gold_shape import items as read_items

GOLD_TEST12 = DATA / "extraction_gold_test12.jsonl"
# What every part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
# tests/test_gold_parts_shape.py; this module checks what this part stresses.


def test_languages_the_earlier_parts_used_less_and_mixed_messages() -> None:
    items = read_items(GOLD_TEST12)
    foreign = [i for i in items if language_of(i) != "en"]
    # Languages the earlier parts used less, and messages that mix two languages ("es/en").
    languages = {language_of(i) for i in foreign}
    assert {"ru", "pl", "tr", "sv", "vi", "hi-latn"} <= languages
    assert sum("/" in language_of(i) for i in foreign if i["kind"] == "message") >= 3


def test_the_habits_this_part_stresses_are_there() -> None:
    items = read_items(GOLD_TEST12)
    notes = [i for i in items if i["kind"] == "note"]
    messages = [i for i in items if i["kind"] == "message"]
    # The habits this part stresses: reasoning traces, XML-ish tags, key = value lines, walk-away
    # sections and function-call JSON in notes; quotes and emoji headers in messages.
    assert sum("<think>" in i["text"] for i in notes) >= 5
    assert sum("<offer>" in i["text"] or "<acceptable_offer>" in i["text"] for i in items) >= 5
    assert sum(" = " in i["text"] for i in notes) >= 5
    assert sum("walk-away" in i["text"].lower() for i in notes) >= 5
    assert sum('"action"' in i["text"] for i in items) >= 3
    assert sum(any(line.startswith("> ") for line in i["text"].splitlines()) for i in messages) >= 5
    assert sum(i["text"].lstrip().startswith("#") for i in messages) >= 5
