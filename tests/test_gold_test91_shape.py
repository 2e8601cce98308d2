"""The ninety-first held-out gold part (tests/data/extraction_gold_test91.jsonl, `t91-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as an
Elixir map (atoms spelling the labels), a Nix attribute set, Prolog facts, an R list (`18L`), a Julia
named tuple (`7_000`), a Go struct literal with split fields, a Lisp property list, a Rust struct, a
Haskell record, an INI section, a `.env` file, a Mathematica association, a LaTeX tabular (`\\$`), a
GraphQL mutation and a Mermaid pie chart; digits of other scripts (full-width, Devanagari, Thai,
Arabic-Indic); a fare in cents (`800 cents`, `800¢`); keycap digits (4️⃣); a sailing timetable beside the
offer; "a tenner"; "a year and a quarter"; an offer in verse. Every item carries `side`, notes too. More
than a quarter of its items are turns of multilingual tournaments, and it brings a new user-authored
game, `ferry-crossing-t91`. What every part promises (size, families, languages, sides, games, hard
cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part
stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after
the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST91 = DATA / "extraction_gold_test91.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST91, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST91, "agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST91, "ferry-crossing-t91")) >= 40


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Code and data layouts the earlier parts did not use.
    assert texts_with(GOLD_TEST91, "```elixir", "```nix", "```prolog", "```r\n", "```julia", "```go", "(:rent",
                      "```rust", "```haskell", "```ini", "```env", "<|", "```latex", "```graphql",
                      "```mermaid") == 15
    # Digits of other scripts: full-width, Devanagari, Thai, Arabic-Indic.
    assert texts_with(GOLD_TEST91, "１３００", "$१०००", "๕,๐๐๐", "١٠٠٠") == 4
    assert texts_with(GOLD_TEST91, "800 cents", "800¢") == 2  # fares in cents
    assert texts_with(GOLD_TEST91, "4️⃣") == 2  # keycap digits
    assert texts_with(GOLD_TEST91, "last boat") == 2  # sailing timetables beside the offer
    assert texts_with(GOLD_TEST91, "a tenner", "a year and a quarter", "as a haiku") == 3


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST91)}
    ferry_all = {"fare per passenger": "$6", "service nights": "4 nights", "boarding": "wristband pass",
                 "weather cancellation": "full refund"}
    # Code literals: atoms and enums spell labels, bare numbers take the key's unit, `L` and `_` are syntax.
    assert found["t91-note-008"]["offers"] == ferry_all
    assert found["t91-note-019"]["offers"]["fare per passenger"] == "$8"
    assert found["t91-note-025"]["offers"] == {"rent": "$1000", "duration": "24 months", "deposit": "$500",
                                               "subletting": "6 days"}
    assert found["t91-note-026"]["offers"]["duration"] == "18 months"
    assert found["t91-note-037"]["offers"] == {"amount": "$7000", "duration": "4 years",
                                               "annual interest rate": "3.5%", "service fees": "$40"}
    assert found["t91-note-045"]["offers"]["control"] == "6-4" and found["t91-note-045"]["offers"]["employees"] == "55%-45%"
    assert found["t91-note-085"]["offers"]["ownership"] == "60%"
    assert found["t91-note-092"]["offers"]["work arrangement"] == "fully remote"
    # Digits of other scripts are the numbers they write.
    assert found["t91-note-029"]["offers"]["rent"] == "$1300"
    assert found["t91-note-030"]["offers"]["rent"] == "$1000"
    assert found["t91-note-041"]["offers"]["annual interest rate"] == "1.5%"
    assert found["t91-note-083"]["offers"]["duration"] == "24 months"
    # Cents, keycaps, slang and measures are exact; a timetable's times and a crowd size are no values.
    assert found["t91-note-009"]["offers"]["fare per passenger"] == "$8"
    assert found["t91-msg-022"]["offers"] == {"fare per passenger": "$8", "service nights": "3 nights"}
    assert found["t91-note-010"]["offers"]["service nights"] == "4 nights"
    assert found["t91-msg-029"]["offers"]["fare per passenger"] == "$10"
    assert found["t91-note-058"]["offers"]["duration"] == "15 months"
    assert found["t91-note-007"]["offers"]["service nights"] == "3 nights" and not found["t91-note-007"]["invalid"]
    assert found["t91-msg-008"]["offers"]["service nights"] == "3 nights"
    assert found["t91-msg-027"]["offers"] == {} and not found["t91-msg-027"]["invalid"]
    # Labels of the new game in other words and in other languages.
    assert found["t91-note-004"]["offers"]["boarding"] == "pay at the pier"
    assert found["t91-msg-004"]["offers"]["boarding"] == "pre-booked slots"
    assert found["t91-msg-004"]["offers"]["weather cancellation"] == "half refund"
    assert found["t91-note-006"]["offers"]["boarding"] == "wristband pass"
    assert found["t91-note-011"]["offers"] == ferry_all
    # An offer in verse gives its values in the game's issue order.
    assert found["t91-msg-130"]["offers"] == {"rent": "$1100", "duration": "24 months", "deposit": "$500"}
    # Crew crossings and bike racks are issues the ferry game lacks.
    assert found["t91-msg-010"]["unknown_issues"] == ["crew crossings"]
    assert found["t91-note-016"]["unknown_issues"] == ["bike racks"]
