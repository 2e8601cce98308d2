"""The fifty-ninth held-out gold part (tests/data/extraction_gold_test59.jsonl, `t59-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as
SQL statements, GraphQL mutations, protobuf text, S-expressions and keyword lists, BibTeX entries,
Org-mode property drawers, LaTeX tabulars, URL query strings and raw HTTP requests; unresolved git
merge-conflict markers; full-width digits and punctuation; telegram "STOP" style; threads numbered
"(1/2)"; each issue a markdown heading; rents said in hundreds as bare number words ("eleven",
"thirteen"). Every item carries `side`, notes too. More than a quarter of its items are turns of
multilingual tournaments, and it brings a new user-authored game, `falconry-display`. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST59 = DATA / "extraction_gold_test59.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST59, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST59, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST59, "falconry-display")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST59, "UPDATE acceptable_offer", "INSERT INTO") == 2  # SQL statements
    assert texts_with(GOLD_TEST59, "mutation {", "offer {\n", "(acceptable-offer", "(propose", "@offer{") == 5
    assert texts_with(GOLD_TEST59, ":PROPERTIES:", "\\begin{tabular}", "?price=", "POST /offers") == 4
    assert texts_with(GOLD_TEST59, "<<<<<<<") == 2  # merge-conflict markers
    assert texts_with(GOLD_TEST59, "１", "３", "：") >= 4  # full-width digits and colons
    assert texts_with(GOLD_TEST59, " STOP", "(1/2)", "## Rent:") == 3


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST59)}
    # An unresolved merge conflict offers both sides' values; one resolved in prose offers the chosen one.
    assert found["t59-note-016"]["ambiguous"] == ["rent"] and found["t59-note-016"]["offers"]["duration"] == "12 months"
    assert found["t59-msg-110"]["offers"]["rent"] == "$1200" and not found["t59-msg-110"]["ambiguous"]
    # A bare number word for the rent is read in hundreds; one between labels is invalid as written.
    assert found["t59-msg-014"]["offers"] == {"rent": "$1100"}
    assert found["t59-msg-077"]["offers"]["rent"] == "$1300"
    assert found["t59-msg-114"]["invalid"] == {"rent": "Eleven-fifty"}
    # "X is fine but Y is better" offers both.
    assert found["t59-msg-116"]["ambiguous"] == ["duration"]
    # Two values weighed in a note's reasoning, with no offer stated, are no offer.
    item = found["t59-note-067"]
    assert not (item["offers"] or item["invalid"] or item["ambiguous"])
