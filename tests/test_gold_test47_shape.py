"""The forty-seventh held-out gold part (tests/data/extraction_gold_test47.jsonl, `t47-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: values written as
objects with amount and unit fields, JSON arrays of [issue, value] pairs, schema-like option lists with
the pick marked (`selected`, bold among the game's labels), slang amounts ("a grand", "1.2 grand",
Chinese "刀" and shortened "一千二"), tables of the own position over rounds with the current column
marked, XML-ish `<acceptable_offer>` wrappers, full-width digits, and turns in several scripts. Every
item carries `side`, notes too. More than a quarter of its items are turns of multilingual tournaments,
and it brings a new user-authored game, `glasshouse-bay`. What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this
module checks what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST47 = DATA / "extraction_gold_test47.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "hi", "ar"}
FULL_WIDTH_DIGITS = tuple(chr(code) for code in range(0xFF10, 0xFF1A))


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST47, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST47, "agree on all issues", "We agree on all issues")


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST47, "glasshouse-bay")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST47, '"amount": 600', '"value": 1400', '"amount": 10000') >= 2  # value objects
    assert texts_with(GOLD_TEST47, '[["amount"') == 1  # [issue, value] pairs
    assert texts_with(GOLD_TEST47, '"selected"', "bolding my choice") == 2  # picks marked among the labels
    assert texts_with(GOLD_TEST47, "a grand", "1.2 grand", "刀", "一千一") >= 5  # slang and shortened amounts
    assert texts_with(GOLD_TEST47, "<acceptable_offer>", "Ours (r3, now)") == 2
    assert texts_with(GOLD_TEST47, *FULL_WIDTH_DIGITS) >= 1


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST47)}
    # The pick among echoed options is the offer; the option lists are not alternatives.
    assert found["t47-note-046"]["offers"]["rent"] == "$500" and not found["t47-note-046"]["ambiguous"]
    assert found["t47-note-047"]["offers"]["term"] == "three seasons" and not found["t47-note-047"]["ambiguous"]
    # Slang amounts are exact: "a grand" is $1000, "1.2 grand" $1200, "一千一" 1100, "七百五" 750.
    assert found["t47-note-056"]["offers"]["rent"] == "$1000"
    assert found["t47-note-058"]["offers"]["rent"] == "$1200"
    assert (found["t47-note-061"]["offers"]["rent"], found["t47-note-061"]["offers"]["deposit"]) == ("$1100", "$750")
    # The position table's column marked "now" is the offer, not the round-1 column.
    assert found["t47-note-010"]["offers"]["rent"] == "$500"
    # A blockquote introduced as the speaker's own package is the speaker's, not a quotation.
    assert found["t47-msg-072"]["offers"]["deposit"] == "$750"
    # A floor written "from $500 upwards" is a bound, so an offer of $500.
    assert found["t47-msg-068"]["offers"]["rent"] == "$500"
