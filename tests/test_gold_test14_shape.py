"""The fourteenth held-out gold part (tests/data/extraction_gold_test14.jsonl, `t14-*`) is well formed by
the rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered
value is one of its labels, invalid values are not labels and stand in the text as written, ambiguous
issues are in neither offers nor invalid. It is a representative sample of a round-robin tournament's
turns rather than a stress test: about 40% notes, every message names its side, six model families each
write notes and messages, at least 15% of the items are turns of tournaments played in other languages,
and it brings a new user-authored game (coworking-membership). It checks the labels' shape only; it
never runs the readers (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import FAMILIES, built_in_games, family_of, language_of
from tests.gold_shape import DATA, check_labels, check_merger_sides, check_readme_shape, check_texts_new, game
from tests.gold_shape import has_text_labels
from tests.gold_shape import items as read_items

GOLD_TEST14 = DATA / "extraction_gold_test14.jsonl"
NEW_GAME = "coworking-membership"
OTHER_PARTS = ("extraction_gold.jsonl", "extraction_gold_test.jsonl", "extraction_gold_test2.jsonl",
               "extraction_gold_dev2.jsonl", "extraction_gold_test3.jsonl", "extraction_gold_test4.jsonl",
               "extraction_gold_test5.jsonl", "extraction_gold_test6.jsonl", "extraction_gold_test7.jsonl",
               "extraction_gold_test8.jsonl", "extraction_gold_test9.jsonl", "extraction_gold_test10.jsonl",
               "extraction_gold_test11.jsonl", "extraction_gold_test12.jsonl", "extraction_gold_test13.jsonl")


def test_fourteenth_part_is_large_with_about_two_fifths_notes() -> None:
    items = read_items(GOLD_TEST14)
    notes = [item for item in items if item["kind"] == "note"]
    messages = [item for item in items if item["kind"] == "message"]
    assert len(items) >= 260 and len(notes) + len(messages) == len(items)
    assert 0.35 * len(items) <= len(notes) <= 0.45 * len(items)
    empty = [i for i in items if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.05 * len(items) <= len(empty) <= 0.12 * len(items)
    assert [i["id"] for i in notes] == [f"t14-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"t14-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def test_every_family_writes_notes_and_messages() -> None:
    items = read_items(GOLD_TEST14)
    assert all(family_of(i) in FAMILIES for i in items)
    for family in FAMILIES:
        assert sum(i["kind"] == "note" and family_of(i) == family for i in items) >= 15, family
        assert sum(i["kind"] == "message" and family_of(i) == family for i in items) >= 20, family


def test_at_least_fifteen_percent_are_not_in_english() -> None:
    items = read_items(GOLD_TEST14)
    foreign = [i for i in items if language_of(i) != "en"]
    assert len(foreign) >= 0.15 * len(items)
    for kind in ("message", "note"):
        foreign_of_kind = [i for i in items if i["kind"] == kind and language_of(i) != "en"]
        assert len(foreign_of_kind) >= 10, kind
        assert len({language_of(i) for i in foreign_of_kind}) >= 6, kind


def test_every_message_names_its_side_and_both_sides_speak() -> None:
    items = read_items(GOLD_TEST14)
    messages = [i for i in items if i["kind"] == "message"]
    assert all("side" in i for i in messages)
    for side in (0, 1):
        assert sum(i["side"] == side for i in messages) >= 0.35 * len(messages)


def test_games_split_between_built_in_new_and_older_user_games() -> None:
    items = read_items(GOLD_TEST14)
    built_in = built_in_games()
    assert len(built_in) == 9 and built_in <= {i["game"] for i in items}
    assert sum(i["game"] == NEW_GAME for i in items) >= 30
    assert sum(i["game"] in built_in for i in items) >= 110
    older_user = [i for i in items if i["game"] not in built_in and i["game"] != NEW_GAME]
    assert older_user and all(has_text_labels(game(i["game"])) for i in older_user)


def test_the_new_game_has_text_labels_aliases_and_synonyms() -> None:
    issues = game(NEW_GAME).issues
    assert any(not any(ch.isdigit() for ch in label) for issue in issues for label in issue.labels)
    assert any(issue.aliases for issue in issues) and any(issue.synonyms for issue in issues)


def test_hard_cases_appear_at_a_realistic_rate() -> None:
    items = read_items(GOLD_TEST14)
    assert sum(bool(i["ambiguous"]) for i in items) >= 5
    assert sum(bool(i["invalid"]) for i in items) >= 5
    assert sum(bool(i["unknown_issues"]) for i in items) >= 2
    agreements = [i for i in items if i["kind"] == "message" and "We agree on all issues." in i["text"]]
    assert any(not i["offers"] for i in agreements) and any(i["offers"] for i in agreements)


def test_every_item_has_the_readme_shape() -> None:
    check_readme_shape(GOLD_TEST14)


def test_every_label_is_a_label_of_its_game() -> None:
    check_labels(GOLD_TEST14)


def test_merger_messages_name_their_side() -> None:
    check_merger_sides(GOLD_TEST14)


def test_texts_are_new() -> None:
    check_texts_new(GOLD_TEST14, OTHER_PARTS)
