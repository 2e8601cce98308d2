"""The tenth held-out gold part (tests/data/extraction_gold_test10.jsonl, `t10-*`) is well formed by the
rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered value
is one of its labels, invalid values are not labels and stand in the text as written, ambiguous issues
are in neither offers nor invalid. It imitates six model families' notes (about 40%) and messages (about
60%) in LAMEN-style negotiations: plain late-round turns beside terse and long chatty ones, acceptances
restating the package, counter-offers quoting the partner's values to reject them, conditional packages,
questions, relative concessions with their result, ranges, bounds, number words, splits from a side,
text labels and their synonyms, invalid values and unknown issues, and at least 15% of the items of each
kind in another language. Each item's `why` opens with the family it imitates, the language of its text
and the speaker's role ("Claude-like; fr; tenant; ..."). It checks the labels' shape only; it never runs
the readers (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import FAMILIES, built_in_games, family_of, language_of
from tests.gold_shape import DATA, check_labels, check_merger_sides, check_readme_shape, check_texts_new, game
from tests.gold_shape import has_text_labels
from tests.gold_shape import items as read_items

GOLD_TEST10 = DATA / "extraction_gold_test10.jsonl"
OTHER_PARTS = ("extraction_gold.jsonl", "extraction_gold_test.jsonl", "extraction_gold_test2.jsonl",
               "extraction_gold_dev2.jsonl", "extraction_gold_test3.jsonl", "extraction_gold_test4.jsonl",
               "extraction_gold_test5.jsonl", "extraction_gold_test6.jsonl", "extraction_gold_test7.jsonl",
               "extraction_gold_test8.jsonl", "extraction_gold_test9.jsonl")
# Roles by side: side 0 is the game's first party (landlord, loan officer, Company A, employer, store, ...).
SIDE_ROLES = ({"landlord", "loan officer", "Company A", "employer", "store", "designer", "vendor", "dealer",
               "caterer", "contractor", "photographer"},
              {"tenant", "customer", "Company B", "candidate", "client", "buyer", "homeowner", "couple"})


def _role(item: dict) -> str:
    return item["why"].split("; ")[2]


def test_tenth_part_is_large_with_about_forty_percent_notes() -> None:
    items = read_items(GOLD_TEST10)
    notes = [item for item in items if item["kind"] == "note"]
    messages = [item for item in items if item["kind"] == "message"]
    assert len(items) >= 260 and len(notes) + len(messages) == len(items)
    assert 0.35 * len(items) <= len(notes) <= 0.45 * len(items)
    assert [i["id"] for i in notes] == [f"t10-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"t10-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def test_five_to_twelve_percent_offer_nothing() -> None:
    items = read_items(GOLD_TEST10)
    empty = [i for i in items if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.05 * len(items) <= len(empty) <= 0.12 * len(items)
    assert any(i["kind"] == "note" for i in empty) and any(i["kind"] == "message" for i in empty)


def test_every_family_writes_enough_notes_and_messages() -> None:
    items = read_items(GOLD_TEST10)
    assert all(family_of(i) in FAMILIES for i in items)
    for family in FAMILIES:
        assert sum(i["kind"] == "note" and family_of(i) == family for i in items) >= 15, family
        assert sum(i["kind"] == "message" and family_of(i) == family for i in items) >= 20, family


def test_at_least_fifteen_percent_of_each_kind_are_not_in_english() -> None:
    items = read_items(GOLD_TEST10)
    for kind in ("message", "note"):
        of_kind = [i for i in items if i["kind"] == kind]
        foreign = [i for i in of_kind if language_of(i) != "en"]
        assert len(foreign) >= 0.15 * len(of_kind), kind
        assert len({language_of(i) for i in foreign}) >= 6, kind


def test_roles_match_sides_and_every_message_names_its_side() -> None:
    items = read_items(GOLD_TEST10)
    assert all(_role(i) in SIDE_ROLES[0] | SIDE_ROLES[1] for i in items)
    messages = [i for i in items if i["kind"] == "message"]
    assert all("side" in i and _role(i) in SIDE_ROLES[i["side"]] for i in messages)
    for side in (0, 1):
        assert sum(i["side"] == side for i in messages) >= 0.35 * len(messages)


def test_hard_cases_are_there() -> None:
    items = read_items(GOLD_TEST10)
    assert sum(bool(i["invalid"]) for i in items) >= 8
    assert sum(bool(i["ambiguous"]) for i in items) >= 8
    assert sum(bool(i["unknown_issues"]) for i in items) >= 3
    agreements = [i for i in items if i["kind"] == "message" and "We agree on all issues." in i["text"]]
    assert any(not i["offers"] for i in agreements) and any(i["offers"] for i in agreements)


def test_text_label_games_are_well_covered() -> None:
    items = read_items(GOLD_TEST10)
    assert len([i for i in items if has_text_labels(game(i["game"]))]) >= 60


def test_every_built_in_game_is_used() -> None:
    built_in = built_in_games()
    assert len(built_in) == 9
    assert built_in <= {item["game"] for item in read_items(GOLD_TEST10)}


def test_every_item_has_the_readme_shape() -> None:
    check_readme_shape(GOLD_TEST10)


def test_every_label_is_a_label_of_its_game() -> None:
    check_labels(GOLD_TEST10)


def test_merger_messages_name_their_side() -> None:
    check_merger_sides(GOLD_TEST10)


def test_texts_are_new() -> None:
    check_texts_new(GOLD_TEST10, OTHER_PARTS)
