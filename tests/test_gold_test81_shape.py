"""The eighty-first held-out gold part (tests/data/extraction_gold_test81.jsonl, `t81-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as a
PHP array, a Perl hash, an OCaml record and command-line flags in a `sh` block; business documents
around the offer (a quotation, purchase orders, a fax cover sheet, meeting minutes with Discussed /
Decided lines); contract-clause wording with "hereinafter" and numbers restated in brackets; pros and
cons of packages with a decision line, utility scorecards beside the offer; money slang ("a monkey",
"a ton", "a pony", "grand"); tab-separated key lines and a traditional-Chinese 萬. Every item carries
`side`, notes too. More than a quarter of its items are turns of multilingual tournaments, and it
brings a new user-authored game, `aquarium-care-t81`. What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this
module checks what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST81 = DATA / "extraction_gold_test81.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST81, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST81, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST81, "aquarium-care-t81")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Code-ish offers: PHP arrays, Perl hashes, OCaml records, command-line flags.
    assert texts_with(GOLD_TEST81, "$offer = [", "my %offer", "let offer = {", "```sh") == 11
    # Business documents: a quotation, purchase orders, a fax, meeting minutes.
    assert texts_with(GOLD_TEST81, "QUOTATION No.", "PO No.", "PURCHASE ORDER", "FAX", "MINUTES") == 6
    assert texts_with(GOLD_TEST81, "hereinafter") == 5  # contract-clause wording
    assert texts_with(GOLD_TEST81, "Pros:", "  + ", " pts", "Score") == 5  # pros/cons, scorecards
    assert texts_with(GOLD_TEST81, "monkey", "a ton", "a pony", "grand") == 4  # money slang
    assert texts_with(GOLD_TEST81, "\t", "萬") == 2


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST81)}
    # A value in a code comment ("// was 'planted'", "# floor was 800") is no value.
    assert found["t81-note-003"]["offers"]["tank setup"] == "reef" and not found["t81-note-003"]["ambiguous"]
    assert found["t81-note-050"]["offers"] == {"rent": "$900"}
    # A bare number under a counted issue's flag or field is in the issue's unit.
    assert found["t81-msg-020"]["offers"]["contract length"] == "6 months"
    assert found["t81-note-063"]["offers"]["vacation"] == "30 days"
    # Pros and cons with a decision line, and scorecards of options, offer only the decided package.
    assert found["t81-note-007"]["offers"] == {"monthly fee": "$200", "contract length": "18 months",
                                               "tank setup": "planted", "emergency callout": "same-day callout"}
    assert found["t81-note-044"]["offers"]["control"] == "4-6" and not found["t81-note-044"]["ambiguous"]
    assert found["t81-note-008"]["offers"]["monthly fee"] == "$250" and not found["t81-note-008"]["ambiguous"]
    # Documents: a quotation's line and quote numbers, quantities and validity are no values; minutes offer
    # what was decided, not what was discussed.
    assert found["t81-msg-003"]["offers"] == {"monthly fee": "$300", "contract length": "24 months",
                                              "tank setup": "reef", "emergency callout": "same-day callout"}
    assert found["t81-msg-021"]["offers"]["monthly fee"] == "$250"
    assert found["t81-note-068"]["offers"]["salary"] == "$120000"
    # A clause's 'not exceeding' is a bound; 'everything else as in your last message' names no value.
    assert found["t81-msg-007"]["offers"] == {"monthly fee": "$250"}
    # Money slang is an exact number: a monkey = 500, a ton = 100, a pony = 25 (no fee label).
    assert found["t81-note-024"]["offers"]["deposit"] == "$500"
    assert found["t81-msg-047"]["offers"]["service fees"] == "$100"
    assert found["t81-note-036"]["invalid"] == {"service fees": "a pony"}
    assert found["t81-note-035"]["offers"]["amount"] == "$10000"  # 壹萬
    # A tank's size or a livestock allowance is an issue the game lacks.
    assert found["t81-note-011"]["unknown_issues"] == ["tank size"]
    assert found["t81-msg-015"]["unknown_issues"] == ["livestock allowance"]
