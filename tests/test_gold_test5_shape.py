"""The fifth held-out gold part (tests/data/extraction_gold_test5.jsonl, `t5-*`) is well formed by the
rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered value
is one of its labels, invalid values are not labels and stand in the text as written, ambiguous issues
are in neither offers nor invalid. It checks the labels' shape only; it never runs the readers (the
part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import built_in_games
from tests.gold_shape import DATA, check_labels, check_merger_sides, check_readme_shape, check_texts_new, game
from tests.gold_shape import has_text_labels
from tests.gold_shape import items as read_items

GOLD_TEST5 = DATA / "extraction_gold_test5.jsonl"
OTHER_PARTS = ("extraction_gold.jsonl", "extraction_gold_test.jsonl", "extraction_gold_test2.jsonl",
               "extraction_gold_dev2.jsonl", "extraction_gold_test3.jsonl",
               "extraction_gold_test4.jsonl")
# The user-authored games written for this part (text labels, aliases, synonyms).
NEW_GAMES = ("design-contract",)


def test_fifth_part_is_large_and_balanced() -> None:
    items = read_items(GOLD_TEST5)
    notes = [item for item in items if item["kind"] == "note"]
    messages = [item for item in items if item["kind"] == "message"]
    assert len(items) >= 200 and len(notes) + len(messages) == len(items)
    assert len(notes) >= 0.45 * len(items) and len(messages) >= 0.45 * len(items)
    # Hard negatives (nothing offered, invalid or ambiguous) are about a tenth.
    empty = [i for i in items if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.07 * len(items) <= len(empty) <= 0.15 * len(items)
    assert [i["id"] for i in notes] == [f"t5-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"t5-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def test_text_label_games_are_well_covered() -> None:
    items = read_items(GOLD_TEST5)
    text_label_items = [i for i in items if has_text_labels(game(i["game"]))]
    assert len(text_label_items) >= 30
    for name in NEW_GAMES:
        assert has_text_labels(game(name))
        assert sum(i["game"] == name for i in items) >= 10, name


def test_every_built_in_game_is_used() -> None:
    built_in = built_in_games()
    assert len(built_in) == 9
    assert built_in <= {item["game"] for item in read_items(GOLD_TEST5)}


def test_every_item_has_the_readme_shape() -> None:
    check_readme_shape(GOLD_TEST5)


def test_every_label_is_a_label_of_its_game() -> None:
    check_labels(GOLD_TEST5)


def test_merger_messages_name_their_side() -> None:
    check_merger_sides(GOLD_TEST5)


def test_texts_are_new() -> None:
    check_texts_new(GOLD_TEST5, OTHER_PARTS)
