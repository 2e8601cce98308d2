"""The fifteenth held-out gold part (tests/data/extraction_gold_test15.jsonl, `t15-*`) is well formed by the
rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered value
is one of its labels, invalid values are not labels and stand in the text as written, ambiguous issues
are in neither offers nor invalid. It is issue 12's second held-out set, in styles the issue and the
earlier parts do not list (contract clauses, status tables, checklists, tolerances, day rates, dates as
deadlines and ordinals, scorings of the other side's package), with a quarter of its items not in
English, and a new user-authored game, `plant-hire`. Each item's `why` opens with the model family it
imitates, the language of its text and the speaker's role. It checks the labels' shape only; it never
runs the readers (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import FAMILIES, built_in_games, family_of, language_of
from tests.gold_shape import DATA, check_labels, check_merger_sides, check_readme_shape, check_texts_new, game
from tests.gold_shape import has_text_labels
from tests.gold_shape import items as read_items

GOLD_TEST15 = DATA / "extraction_gold_test15.jsonl"
OTHER_PARTS = ("extraction_gold.jsonl", "extraction_gold_test.jsonl", "extraction_gold_test2.jsonl",
               "extraction_gold_dev2.jsonl", "extraction_gold_test3.jsonl", "extraction_gold_test4.jsonl",
               "extraction_gold_test5.jsonl", "extraction_gold_test6.jsonl", "extraction_gold_test7.jsonl",
               "extraction_gold_test8.jsonl", "extraction_gold_test9.jsonl", "extraction_gold_test10.jsonl",
               "extraction_gold_test11.jsonl", "extraction_gold_test12.jsonl", "extraction_gold_test13.jsonl",
               "extraction_gold_test14.jsonl")
NEW_GAME = "plant-hire"


def test_fifteenth_part_is_large_and_leans_on_messages() -> None:
    items = read_items(GOLD_TEST15)
    notes = [item for item in items if item["kind"] == "note"]
    messages = [item for item in items if item["kind"] == "message"]
    assert len(items) >= 220 and len(notes) + len(messages) == len(items)
    assert 0.35 * len(items) <= len(notes) <= 0.45 * len(items)
    empty = [i for i in items if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.05 * len(items) <= len(empty) <= 0.12 * len(items)
    assert [i["id"] for i in notes] == [f"t15-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"t15-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def test_every_family_writes_notes_and_messages() -> None:
    items = read_items(GOLD_TEST15)
    assert all(family_of(i) in FAMILIES for i in items)
    for family in FAMILIES:
        assert sum(i["kind"] == "note" and family_of(i) == family for i in items) >= 15, family
        assert sum(i["kind"] == "message" and family_of(i) == family for i in items) >= 20, family


def test_a_quarter_of_the_items_are_not_in_english_some_in_other_scripts() -> None:
    items = read_items(GOLD_TEST15)
    foreign = [i for i in items if language_of(i) != "en"]
    assert len(foreign) >= 0.25 * len(items)
    for kind in ("message", "note"):
        of_kind = [i for i in items if i["kind"] == kind]
        foreign_of_kind = [i for i in of_kind if language_of(i) != "en"]
        assert len(foreign_of_kind) >= 0.15 * len(of_kind), kind
        assert len({language_of(i) for i in foreign_of_kind}) >= 6, kind
    # Languages written in scripts other than the Latin one.
    assert {"zh", "ja", "ko", "ru", "el", "ar", "he", "hi", "th"} <= {language_of(i) for i in foreign}


def test_every_message_names_its_side_and_both_sides_speak() -> None:
    items = read_items(GOLD_TEST15)
    messages = [i for i in items if i["kind"] == "message"]
    assert all("side" in i for i in messages)
    for side in (0, 1):
        assert sum(i["side"] == side for i in messages) >= 0.35 * len(messages)


def test_games_new_built_in_and_user_authored() -> None:
    items = read_items(GOLD_TEST15)
    built_in = built_in_games()
    assert len(built_in) == 9
    assert built_in <= {item["game"] for item in items}
    assert sum(i["game"] in built_in for i in items) >= 80
    assert sum(i["game"] == NEW_GAME for i in items) >= 30
    others = [i for i in items if i["game"] not in built_in and i["game"] != NEW_GAME]
    assert len({i["game"] for i in others}) >= 10
    assert len([i for i in items if has_text_labels(game(i["game"]))]) >= 100


def test_the_new_game_declares_aliases_and_synonyms() -> None:
    issues = game(NEW_GAME).issues
    assert any(issue.aliases for issue in issues)
    assert any(issue.synonyms for issue in issues)
    assert has_text_labels(game(NEW_GAME))


def test_final_acceptances_are_there() -> None:
    items = read_items(GOLD_TEST15)
    agreements = [i for i in items if i["kind"] == "message" and "We agree on all issues" in i["text"]]
    assert any(not i["offers"] for i in agreements) and any(i["offers"] for i in agreements)


def test_every_item_has_the_readme_shape() -> None:
    check_readme_shape(GOLD_TEST15)


def test_every_label_is_a_label_of_its_game() -> None:
    check_labels(GOLD_TEST15)


def test_merger_messages_name_their_side() -> None:
    check_merger_sides(GOLD_TEST15)


def test_texts_are_new() -> None:
    check_texts_new(GOLD_TEST15, OTHER_PARTS)
