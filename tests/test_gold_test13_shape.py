"""The thirteenth held-out gold part (tests/data/extraction_gold_test13.jsonl, `t13-*`) is well formed by
the rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered
value is one of its labels, invalid values are not labels and stand in the text as written, ambiguous
issues are in neither offers nor invalid. It imitates six model families' habits (each item's `why`
opens "Family-like; lang; role; ..."), about 40% notes and 60% messages, puts many items in two
user-authored games written for it (boat-charter, office-cleaning), and stresses notations the earlier
parts have little of (Python dict literals, TOML/INI sections, pipe and CSV lines, emails, chat
transcripts, several options, basis points, other scripts' digits, less-used languages). It checks the
labels' shape only; it never runs the readers (the part is scored by bench/extraction_gold.py, after the
labels were committed)."""

from __future__ import annotations

from tests.gold_shape import FAMILIES, built_in_games, family_of, language_of
from tests.gold_shape import DATA, check_labels, check_merger_sides, check_readme_shape, check_texts_new, game
from tests.gold_shape import has_text_labels
from tests.gold_shape import items as read_items

GOLD_TEST13 = DATA / "extraction_gold_test13.jsonl"
OTHER_PARTS = ("extraction_gold.jsonl", "extraction_gold_test.jsonl", "extraction_gold_test2.jsonl",
               "extraction_gold_dev2.jsonl", "extraction_gold_test3.jsonl", "extraction_gold_test4.jsonl",
               "extraction_gold_test5.jsonl", "extraction_gold_test6.jsonl", "extraction_gold_test7.jsonl",
               "extraction_gold_test8.jsonl", "extraction_gold_test9.jsonl", "extraction_gold_test10.jsonl",
               "extraction_gold_test11.jsonl", "extraction_gold_test12.jsonl")
# The games written for this part; the part must lean on them as well as on the built-in games.
NEW_GAMES = ("boat-charter", "office-cleaning")
# Languages the earlier parts used little or not at all.
RARE_LANGUAGES = {"ar", "he", "el", "cs", "id", "da", "nb", "fi", "ro", "uk"}


def test_thirteenth_part_is_large_and_leans_on_messages() -> None:
    items = read_items(GOLD_TEST13)
    notes = [item for item in items if item["kind"] == "note"]
    messages = [item for item in items if item["kind"] == "message"]
    assert len(items) >= 260 and len(notes) + len(messages) == len(items)
    assert 0.35 * len(items) <= len(notes) <= 0.45 * len(items)
    empty = [i for i in items if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.05 * len(items) <= len(empty) <= 0.12 * len(items)
    assert [i["id"] for i in notes] == [f"t13-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"t13-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def test_every_family_writes_notes_and_messages() -> None:
    items = read_items(GOLD_TEST13)
    assert all(family_of(i) in FAMILIES for i in items)
    for family in FAMILIES:
        assert sum(i["kind"] == "note" and family_of(i) == family for i in items) >= 15, family
        assert sum(i["kind"] == "message" and family_of(i) == family for i in items) >= 20, family


def test_at_least_a_seventh_of_the_items_are_not_in_english() -> None:
    items = read_items(GOLD_TEST13)
    foreign = [i for i in items if language_of(i) != "en"]
    assert len(foreign) >= 0.15 * len(items)
    for kind in ("message", "note"):
        foreign_of_kind = [i for i in foreign if i["kind"] == kind]
        assert len(foreign_of_kind) >= 10, kind
        assert len({language_of(i) for i in foreign_of_kind}) >= 6, kind
    assert len({language_of(i) for i in foreign} & RARE_LANGUAGES) >= 8


def test_every_message_names_its_side_and_both_sides_speak() -> None:
    items = read_items(GOLD_TEST13)
    messages = [i for i in items if i["kind"] == "message"]
    assert all("side" in i for i in messages)
    for side in (0, 1):
        assert sum(i["side"] == side for i in messages) >= 0.35 * len(messages)


def test_new_built_in_and_older_user_games_are_all_used() -> None:
    items = read_items(GOLD_TEST13)
    built_in = built_in_games()
    assert len(built_in) == 9 and built_in <= {i["game"] for i in items}
    assert set(NEW_GAMES) <= {i["game"] for i in items}
    assert sum(i["game"] in NEW_GAMES for i in items) >= 50
    assert sum(i["game"] in built_in for i in items) >= 60
    older_user = [i for i in items if i["game"] not in built_in and i["game"] not in NEW_GAMES]
    assert older_user and all(has_text_labels(game(i["game"])) for i in older_user)


def test_the_new_games_have_text_labels_aliases_and_synonyms() -> None:
    for name in NEW_GAMES:
        issues = game(name).issues
        assert any(not any(ch.isdigit() for ch in label) for issue in issues for label in issue.labels), name
        assert any(issue.aliases for issue in issues) and any(issue.synonyms for issue in issues), name


def test_hard_classes_are_there() -> None:
    items = read_items(GOLD_TEST13)
    assert sum(bool(i["ambiguous"]) for i in items) >= 10
    assert sum(bool(i["invalid"]) for i in items) >= 10
    assert sum(bool(i["unknown_issues"]) for i in items) >= 3
    notes = [i for i in items if i["kind"] == "note"]
    messages = [i for i in items if i["kind"] == "message"]
    # The notations this part stresses: Python dict literals, TOML/INI sections and pipe or CSV lines
    # in notes; emails, chat transcripts and several options in messages; basis points, "per cent"
    # and digits of other scripts anywhere.
    assert sum(i["text"].lstrip().startswith("{'") or "= {'" in i["text"] for i in notes) >= 5
    assert sum(any(line.strip().startswith("[") and line.strip().endswith("]") and "'" not in line
                   for line in i["text"].splitlines()) for i in notes) >= 4
    assert sum("|" in i["text"] or i["text"].count(",") >= 3 and "\n" in i["text"] for i in notes) >= 5
    assert sum("Subject:" in i["text"] for i in messages) >= 4
    speakers = ("Landlord", "Tenant", "Customer", "Officer", "Organiser", "Company", "Manager", "Cleaner",
                "Store", "Dealer", "Buyer", "Caterer", "Client", "Venue", "Tutor", "Parent", "Couple")
    assert sum(sum(line.split(":")[0].strip() in speakers for line in i["text"].splitlines()) >= 2
               for i in messages) >= 8
    assert sum("Option 1" in i["text"] or "Option A" in i["text"] for i in items) >= 5
    assert sum("bps" in i["text"] or "basis points" in i["text"] for i in items) >= 3
    assert sum("per cent" in i["text"] for i in items) >= 3
    assert sum(any(ch in i["text"] for ch in "０１２３４５６７８９٠١٢٣٤٥٦٧٨٩") for i in items) >= 4


def test_every_item_has_the_readme_shape() -> None:
    check_readme_shape(GOLD_TEST13)


def test_every_label_is_a_label_of_its_game() -> None:
    check_labels(GOLD_TEST13)


def test_merger_messages_name_their_side() -> None:
    check_merger_sides(GOLD_TEST13)


def test_texts_are_new() -> None:
    check_texts_new(GOLD_TEST13, OTHER_PARTS)
