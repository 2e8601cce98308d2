"""The sixty-ninth held-out gold part (tests/data/extraction_gold_test69.jsonl, `t69-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as a
Clojure EDN map, a Nix attribute set, an Apple property list, Rust struct literals (one with
`..Default::default()`), an Elixir keyword list, a Haskell record, a Swift initializer and a Kotlin call;
a Jupyter cell transcript; OKR key results; MkDocs (`!!!`) and Docusaurus (`:::`) admonitions; a Pandoc
grid table; RFC 2119 keywords (MUST / SHOULD / MAY); cheque-style amounts ("and 00/100 dollars"); legal
drafting brackets ("[$1,300] [$1,400]"); a fill-in-the-blanks template; mock-Elizabethan role-play; and
counts a careful reader works out (廿 and 卅, Hindi सवा and पौने, Hebrew and Arabic duals, "півтора" /
"полтора", "a dozen and a half", "two teams of nine", "a baker's dozen"). Every item carries `side`,
notes too. More than a quarter of its items are turns of multilingual tournaments, and it brings a new
user-authored game, `harvest-crew`. What every part promises (size, families, languages, sides, games,
hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part
stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after
the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST69 = DATA / "extraction_gold_test69.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST69, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST69, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST69, "harvest-crew")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Offers as code of other languages: EDN, Nix, a plist, Rust, Elixir, Haskell, Swift, Kotlin, a Jupyter Out cell.
    assert texts_with(GOLD_TEST69, ":daily-rate", "{:delivery", "```nix", "<plist", "..Default::default()", "```elixir",
                      "```haskell", "```swift", "```kotlin", "Some(5_000)", "Out[8]") == 11
    assert texts_with(GOLD_TEST69, "!!! success", ":::tip") == 2  # MkDocs and Docusaurus admonitions
    assert texts_with(GOLD_TEST69, "+=====", "KR1", "__1,100__") == 3  # grid table, OKR key results, filled blanks
    assert texts_with(GOLD_TEST69, "MUST") >= 6  # RFC 2119 keywords
    assert texts_with(GOLD_TEST69, "00/100") >= 6  # cheque-style amounts
    assert texts_with(GOLD_TEST69, "] [") >= 4  # legal drafting brackets around open alternatives
    assert texts_with(GOLD_TEST69, "Prithee", "prithee") == 2  # mock-Elizabethan role-play
    # Counts a careful reader works out: 廿/卅, सवा/पौने, duals, півтора/полтора, dozens and teams.
    assert texts_with(GOLD_TEST69, "廿", "卅") >= 3
    assert texts_with(GOLD_TEST69, "सवा", "पौने") == 2
    assert texts_with(GOLD_TEST69, "שנתיים", "سنتان", "سنتين") >= 3
    assert texts_with(GOLD_TEST69, "півтора", "полтора", "полторы") >= 3
    assert texts_with(GOLD_TEST69, "dozen", "teams of nine", "score and four") >= 4


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST69)}
    # ..Default::default() names no value for the fields it leaves out.
    assert found["t69-note-008"]["offers"] == {"daily rate": "$160", "crew size": "18 pickers"}
    # RFC 2119: MUST, SHOULD and MAY lines all state the offer; MUST NOT exceed is a bound.
    assert found["t69-note-029"]["offers"] == {"rent": "$1200", "duration": "12 months", "deposit": "$1000",
                                              "subletting": "3 days"}
    assert found["t69-msg-013"]["offers"]["daily rate"] == "$160"
    # Legal drafting brackets: two bracketed values are ambiguous, one bracketed value is the value.
    assert found["t69-note-031"]["ambiguous"] == ["rent"] and found["t69-note-031"]["offers"]["deposit"] == "$1500"
    assert found["t69-msg-015"]["ambiguous"] == ["daily rate"]
    # A fill-in-the-blanks template: an empty blank is a placeholder.
    assert "deposit" not in found["t69-note-030"]["offers"] and not found["t69-note-030"]["invalid"]
    # Cheque-style amounts are the amount.
    assert found["t69-note-035"]["offers"]["rent"] == "$1300" and found["t69-msg-057"]["offers"]["amount"] == "$6000"
    # Counts: 廿四 = 24, सवा साल = 15 months, पौने दो साल = 21 months, duals, a dozen and a half, two teams of nine.
    assert found["t69-note-017"]["offers"]["crew size"] == "24 pickers"
    assert found["t69-note-034"]["offers"]["duration"] == "15 months"
    assert found["t69-msg-051"]["offers"]["duration"] == "21 months"
    assert found["t69-note-033"]["offers"]["subletting"] == "2 days"
    assert found["t69-msg-049"]["offers"]["subletting"] == "7 days"
    assert found["t69-msg-030"]["offers"]["crew size"] == "18 pickers"
    assert found["t69-note-016"]["offers"]["crew size"] == "18 pickers"
    # A baker's dozen (13) and 1.5 years for the loan are no labels: invalid as written.
    assert found["t69-note-015"]["invalid"] == {"crew size": "a baker's dozen"}
    assert found["t69-note-041"]["invalid"] == {"duration": "півтора року"}
    # A piece rate per tonne is a daily rate in another measure: invalid.
    assert found["t69-note-024"]["invalid"] == {"daily rate": "$30 per tonne"}
    # A split of meals and transport names no label: no value (test65's split upkeep).
    item = found["t69-msg-012"]
    assert "meals and transport" not in item["offers"] and "meals and transport" not in item["invalid"]
    # Who provides meals and transport is read from the speaker's side.
    assert found["t69-msg-010"]["offers"]["meals and transport"] == "contractor provides"
    assert found["t69-msg-007"]["offers"]["meals and transport"] == "vineyard provides"
    assert found["t69-msg-009"]["offers"]["meals and transport"] == "contractor provides"
    # A preferred value with an acceptable fallback keeps both: ambiguous.
    assert found["t69-msg-079"]["ambiguous"] == ["duration"] and not found["t69-msg-079"]["offers"]
    # An admonition titled as the offer holds it; a warning admonition's floor is a walk-away line.
    assert found["t69-note-011"]["offers"]["daily rate"] == "$180" and not found["t69-note-011"]["ambiguous"]
