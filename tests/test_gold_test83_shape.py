"""The eighty-third held-out gold part (tests/data/extraction_gold_test83.jsonl, `t83-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers printed as a
pandas DataFrame (row indices beside the values), an OCaml record with variant constructors, a PHP array
(whose `$` is a variable sigil), NDJSON lines; chat-interface debris ("Memory updated", a code
interpreter's "Analyzed" trace); Cohere-style citation markers after the values; voicemail transcripts
with spoken numbers; kaomoji; Chinese digit-by-digit numerals with 〇; and measures a careful reader
converts ("a triennium", "a half-year lease", "a monkey", "eineinhalb Jahre", "ενάμιση χρόνο", "año y
medio", "1년 반"). Every item carries `side`, notes too. More than a quarter of its items are turns of
multilingual tournaments, and it brings a new user-authored game, `aquarium-service-t83`. What every
part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST83 = DATA / "extraction_gold_test83.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST83, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST83, "agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST83, "aquarium-service-t83")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Code-ish offers: pandas printouts, an OCaml record, a PHP array, NDJSON lines.
    assert texts_with(GOLD_TEST83, "0        rent", "0     monthly fee", "```ocaml", "```php", "```ndjson") == 5
    assert texts_with(GOLD_TEST83, "Memory updated", "Analyzed\n") == 2  # chat-interface debris
    assert texts_with(GOLD_TEST83, "Voicemail") == 2  # voicemail transcripts
    assert texts_with(GOLD_TEST83, " [1]") == 2  # citation markers
    assert texts_with(GOLD_TEST83, "〇") == 2 and texts_with(GOLD_TEST83, "(^_^)") == 1
    assert texts_with(GOLD_TEST83, "triennium", "half-year", "a monkey", "eineinhalb", "ενάμιση", "año y medio",
                      "1년 반", "halbes Jahr") == 9


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST83)}
    # Row indices of a DataFrame, a tank's volume, citation markers and a voicemail's timestamp are no values.
    assert found["t83-note-002"]["offers"]["subletting"] == "4 days"
    assert found["t83-msg-008"]["offers"]["monthly fee"] == "$240" and not found["t83-msg-008"]["ambiguous"]
    assert found["t83-note-049"]["offers"]["monthly fee"] == "$160"
    assert found["t83-note-012"]["offers"]["contract term"] == "12 months"
    assert found["t83-msg-004"]["offers"] == {"monthly fee": "$160", "contract term": "12 months",
                                              "tank": "freshwater community"}
    # The $ of a PHP variable is a sigil; OCaml constructors name the labels.
    assert found["t83-note-020"]["offers"] == {"rent": "$900", "subletting": "5 days"}
    assert found["t83-note-008"]["offers"]["fish guarantee"] == "free replacement"
    # Digit-by-digit numerals with 〇 and the measures of this part are exact.
    assert found["t83-note-011"]["offers"]["monthly fee"] == "$160"
    assert found["t83-msg-107"]["offers"] == {"rent": "$1100", "duration": "18 months"}
    assert found["t83-note-059"]["offers"]["duration"] == "3 years"
    assert found["t83-note-060"]["offers"]["deposit"] == "$500"
    assert found["t83-note-039"]["offers"]["duration"] == "6 months"
    # A year and a half is a label of the rental games, and no label of the aquarium's term.
    assert found["t83-msg-040"]["offers"]["duration"] == "18 months"
    assert found["t83-note-029"]["invalid"] == {"contract term": "1년 반"}
    # Service visits, emergency call-outs are issues the aquarium game lacks.
    assert found["t83-note-052"]["unknown_issues"] == ["service visits"]
    assert found["t83-msg-007"]["unknown_issues"] == ["emergency call-outs"]
