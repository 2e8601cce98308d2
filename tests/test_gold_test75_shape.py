"""The seventy-fifth held-out gold part (tests/data/extraction_gold_test75.jsonl, `t75-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as a
C# object initializer (decimal literals with the `m` suffix, enum members naming labels), a TypeScript
object checked with `satisfies` or frozen `as const`, a Java builder chain and a Python REPL session
(the call and its echoed repr); HTML forms whose selected option, checked radio or input value is the
pick (and whose min/max attributes are no values); reference numbers holding a label's digits; CJK
business letters (拝啓 … 敬具, 此致 敬礼, 드림) with their dates; and measures a careful reader converts
(a rate per mille, a biennio / διετία / triennio / πενταετία, cuatro trimestres, half a year in Chinese,
Korean, Thai and Hebrew, chair days as weekday spans, a rent per chair day times the days). Every item
carries `side`, notes too. More than a quarter of its items are turns of multilingual tournaments, and
it brings a new user-authored game, `salon-chair-rental-t75`. What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this
module checks what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST75 = DATA / "extraction_gold_test75.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST75, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST75, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST75, "salon-chair-rental-t75")) >= 40


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Code-ish offers: C# initializers, TypeScript satisfies / as const, Java builders, a Python REPL.
    assert texts_with(GOLD_TEST75, "```csharp", "new LoanTerms") == 7
    assert texts_with(GOLD_TEST75, "satisfies ", "as const") == 6
    assert texts_with(GOLD_TEST75, ".builder()") == 5
    assert texts_with(GOLD_TEST75, ">>> ") == 2
    # HTML forms: selects with a selected option, checked radios, input values.
    assert texts_with(GOLD_TEST75, "<option selected>", "checked>") == 6
    # CJK business letters, per mille rates, period words.
    assert texts_with(GOLD_TEST75, "拝啓", "此致", "드림") == 3
    assert texts_with(GOLD_TEST75, "‰") == 2
    assert texts_with(GOLD_TEST75, "biennio", "triennio", "διετία", "πενταετία", "trimestres") == 5


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST75)}
    # A C# decimal suffix is no unit; an enum member names the label it spells.
    assert found["t75-note-023"]["offers"]["rent"] == "$1100"
    assert found["t75-note-023"]["offers"]["duration"] == "24 months"
    assert found["t75-note-002"]["offers"]["products"] == "own products"
    assert found["t75-note-079"]["offers"]["financing"] == "bank loan"
    # The REPL's call and echo are one offer; a form's selected option is the pick, min/max no values.
    assert not found["t75-note-012"]["ambiguous"] and found["t75-note-012"]["offers"]["chair days"] == "5 days"
    assert found["t75-note-008"]["offers"]["chair days"] == "3 days" and not found["t75-note-008"]["ambiguous"]
    assert found["t75-note-019"]["offers"]["chair days"] == "3 days"
    # Weekday spans are counted; days named as left free are not chair days.
    assert found["t75-note-004"]["offers"]["chair days"] == "4 days"
    assert found["t75-note-007"]["offers"]["chair days"] == "5 days"
    assert found["t75-note-020"]["offers"]["chair days"] == "2 days"
    assert found["t75-msg-003"]["offers"]["chair days"] == "3 days" and not found["t75-msg-003"]["ambiguous"]
    assert found["t75-msg-015"]["offers"]["chair days"] == "4 days"
    # A rent per chair day times the stated days is the weekly rent; a monthly sum is invalid.
    assert found["t75-note-009"]["offers"]["weekly rent"] == "$200"
    assert found["t75-msg-007"]["offers"]["weekly rent"] == "$300"
    assert found["t75-note-010"]["invalid"] == {"weekly rent": "$1,000"}
    assert found["t75-msg-006"]["invalid"] == {"weekly rent": "$800"}
    # Per mille and period words are exact measures; reference numbers are no values.
    assert found["t75-note-035"]["offers"]["annual interest rate"] == "2.5%"
    assert found["t75-msg-038"]["offers"]["duration"] == "24 months"
    assert found["t75-note-041"]["offers"]["duration"] == "3 years"
    assert found["t75-note-032"]["offers"]["duration"] == "12 months"
    assert found["t75-note-028"]["offers"]["duration"] == "6 months"
    assert found["t75-note-030"]["offers"]["deposit"] == "$1500"
    assert found["t75-note-066"]["offers"]["salary"] == "$100000"
