"""The seventh held-out gold part (tests/data/extraction_gold_test7.jsonl, `t7-*`) is well formed by the
rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered value
is one of its labels, invalid values are not labels and stand in the text as written, ambiguous issues
are in neither offers nor invalid. Each item's `why` opens with the model family it imitates, the
language of its text and the side's role ("Claude-like; fr; landlord; ..."). It checks the labels'
shape only; it never runs the readers (the part is scored by bench/extraction_gold.py, after the
labels were committed)."""

from __future__ import annotations

from tests.gold_shape import FAMILIES, built_in_games, family_of, language_of
from tests.gold_shape import DATA, check_labels, check_merger_sides, check_readme_shape, check_texts_new, game
from tests.gold_shape import has_text_labels
from tests.gold_shape import items as read_items

GOLD_TEST7 = DATA / "extraction_gold_test7.jsonl"
OTHER_PARTS = ("extraction_gold.jsonl", "extraction_gold_test.jsonl", "extraction_gold_test2.jsonl",
               "extraction_gold_dev2.jsonl", "extraction_gold_test3.jsonl", "extraction_gold_test4.jsonl",
               "extraction_gold_test5.jsonl", "extraction_gold_test6.jsonl")


def test_seventh_part_is_large_and_balanced() -> None:
    items = read_items(GOLD_TEST7)
    notes = [item for item in items if item["kind"] == "note"]
    messages = [item for item in items if item["kind"] == "message"]
    assert len(items) >= 220 and len(notes) + len(messages) == len(items)
    assert len(notes) >= 0.45 * len(items) and len(messages) >= 0.45 * len(items)
    empty = [i for i in items if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.07 * len(items) <= len(empty) <= 0.15 * len(items)
    assert [i["id"] for i in notes] == [f"t7-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"t7-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def test_every_family_writes_notes_and_messages() -> None:
    items = read_items(GOLD_TEST7)
    assert all(family_of(i) in FAMILIES for i in items)
    for family in FAMILIES:
        for kind in ("note", "message"):
            assert sum(i["kind"] == kind and family_of(i) == family for i in items) >= 10, family


def test_a_fifth_of_messages_and_a_tenth_of_notes_are_not_in_english() -> None:
    items = read_items(GOLD_TEST7)
    for kind, share in (("message", 0.18), ("note", 0.09)):
        of_kind = [i for i in items if i["kind"] == kind]
        foreign = [i for i in of_kind if language_of(i) != "en"]
        assert len(foreign) >= share * len(of_kind), kind
        assert len({language_of(i) for i in foreign}) >= 6, kind


def test_every_message_names_its_side_and_both_sides_speak() -> None:
    items = read_items(GOLD_TEST7)
    messages = [i for i in items if i["kind"] == "message"]
    assert all("side" in i for i in messages)
    for side in (0, 1):
        assert sum(i["side"] == side for i in messages) >= 0.35 * len(messages)


def test_text_label_games_are_well_covered() -> None:
    items = read_items(GOLD_TEST7)
    assert len([i for i in items if has_text_labels(game(i["game"]))]) >= 30


def test_every_built_in_game_is_used() -> None:
    built_in = built_in_games()
    assert len(built_in) == 9
    assert built_in <= {item["game"] for item in read_items(GOLD_TEST7)}


def test_every_item_has_the_readme_shape() -> None:
    check_readme_shape(GOLD_TEST7)


def test_every_label_is_a_label_of_its_game() -> None:
    check_labels(GOLD_TEST7)


def test_merger_messages_name_their_side() -> None:
    check_merger_sides(GOLD_TEST7)


def test_texts_are_new() -> None:
    check_texts_new(GOLD_TEST7, OTHER_PARTS)
