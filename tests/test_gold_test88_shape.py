"""The eighty-eighth held-out gold part (tests/data/extraction_gold_test88.jsonl, `t88-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers kept as a Scheme
association list of dotted pairs, a Bash associative array (`declare -A`) and an R named list or vector
(`12L` integer literals); messages in Arabic, Greek and Russian written in Latin letters (Arabizi, whose
digits 2, 3 and 7 stand for letters; Greeklish; transliterated Russian); shearing prices per hundred head;
flock sizes, stands, tallies and the wool price beside the rate; and turns in languages of sheep country
(Welsh, te reo Māori, Irish, Scottish Gaelic, Icelandic, Mongolian, Basque). Every item carries `side`,
notes too. More than a quarter of its items are turns of multilingual tournaments, and it brings a new
user-authored game, `sheep-shearing-t88`. What every part promises (size, families, languages, sides,
games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this
part stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py,
after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import language_of, new_game_items_offering_every_label, texts_with

GOLD_TEST88 = DATA / "extraction_gold_test88.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST88, OTHER_SCRIPTS)


def test_languages_of_sheep_country_are_there() -> None:
    languages = {language_of(item) for item in read_items(GOLD_TEST88)}
    assert {"cy", "mi", "ga", "gd", "is", "mn", "eu"} <= languages


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST88, "agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST88, "sheep-shearing-t88")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Offers kept as code of other languages: Scheme alists, Bash associative arrays, R lists and vectors.
    assert texts_with(GOLD_TEST88, "```scheme") == 3
    assert texts_with(GOLD_TEST88, "declare -A") == 5
    assert texts_with(GOLD_TEST88, "<- list(", "<- c(") == 5
    # Other scripts written in Latin letters: Arabizi, Greeklish, transliterated Russian.
    assert texts_with(GOLD_TEST88, "3ala") == 3
    assert texts_with(GOLD_TEST88, "Kalispera", "Kalimera", "Protinoume") == 3
    assert texts_with(GOLD_TEST88, "Dobryi", "Zdravstvuyte") == 2
    # Shearing prices per hundred head, and numbers of other things beside the rate.
    assert texts_with(GOLD_TEST88, "per hundred", "a hundred") == 4
    assert texts_with(GOLD_TEST88, "$3 a kilo") == 2
    assert texts_with(GOLD_TEST88, "ewes", "mob", "stands") == 4


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST88)}
    # Code literals: dotted pairs with unit comments, Bash arrays, R's integer suffix L.
    assert found["t88-note-003"]["offers"] == {"rent": "$1000", "duration": "24 months", "deposit": "$500",
                                               "subletting": "4 days"}
    assert found["t88-note-008"]["offers"]["duration"] == "12 months"
    assert found["t88-note-015"]["offers"]["annual interest rate"] == "2.5%"
    assert found["t88-note-053"]["offers"]["wool handling"] == "farm wool handlers"
    # Arabizi's digits inside words are letters, not values.
    assert found["t88-msg-003"]["offers"] == {"rent": "$1100", "duration": "12 months", "deposit": "$750",
                                              "subletting": "0 days"}
    assert found["t88-msg-025"]["offers"] == {"amount": "$7000", "duration": "6 years",
                                              "annual interest rate": "4%", "service fees": "$40"}
    assert found["t88-msg-119"]["offers"] == {"rate per head": "$4", "shearing days": "2 days",
                                              "wool handling": "farm wool handlers"}
    # A price per hundred head is an exact conversion; $450 per hundred is no label.
    assert found["t88-note-051"]["offers"]["rate per head"] == "$5"
    assert found["t88-msg-105"]["offers"]["rate per head"] == "$6"
    assert found["t88-note-060"]["invalid"] == {"rate per head": "$450 per hundred"}
    assert found["t88-msg-134"]["offers"]["rate per head"] == "$5" and not found["t88-msg-134"]["ambiguous"]
    # The wool price and the flock's numbers are no values.
    assert found["t88-note-086"]["offers"]["rate per head"] == "$4"
    assert found["t88-msg-121"]["offers"] == {"rate per head": "$4"}
    assert found["t88-note-084"]["offers"]["shearing days"] == "3 days"
    # Wool handling read from the speaker's side ("our own rousies", "our lads").
    assert found["t88-msg-104"]["offers"]["wool handling"] == "contractor wool handlers"
    assert found["t88-msg-106"]["offers"]["wool handling"] == "farm wool handlers"
    # A day and a half is no booking label; crutching, accommodation and a travel fee are issues the game lacks.
    assert found["t88-msg-125"]["invalid"] == {"shearing days": "a day and a half"}
    assert found["t88-msg-123"]["unknown_issues"] == ["crutching"]
    assert found["t88-msg-124"]["unknown_issues"] == ["accommodation"]
    assert found["t88-note-064"]["unknown_issues"] == ["travel fee"]
