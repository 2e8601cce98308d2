"""The fifty-first held-out gold part (tests/data/extraction_gold_test51.jsonl, `t51-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: issues "parked" or
"tabled" for later, "parity" and "even split" for halves, repayment counted in monthly installments,
leases given by start and end dates or in quarters, Good/Better/Best tiers (one picked or none),
self-consistency candidates settled by a vote, Gemini-style thought summaries, the math-benchmark
"Final Answer: … I hope it is correct." and "####" endings, chain-of-draft shorthand, a mermaid
diagram, press-release and meeting-minutes drafts, thread markers, word counts, reference numbers,
proverbs and idioms holding numbers, UI-like link buttons, and Persian digits. Every item carries
`side`, notes too. More than a quarter of its items are turns of multilingual tournaments, and it
brings a new user-authored game, `archive-scanning`. What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this
module checks what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST51 = DATA / "extraction_gold_test51.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "hi", "ar", "fa", "he", "el", "th"}
PERSIAN_DIGITS = tuple(chr(code) for code in range(0x06F0, 0x06FA))


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST51, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST51, "agree on all issues", "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    found = new_game_items_offering_every_label(GOLD_TEST51, "archive-scanning")
    assert len(found) >= 30
    # Its synonyms and aliases are used, not only the labels' own words.
    assert texts_with(GOLD_TEST51, "in the reading room", "at the archive", "at the bureau's studio") >= 4
    assert texts_with(GOLD_TEST51, "searchable text", "item-level records", "per-item metadata") >= 3


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST51, "park ", "parked", "Let's table") >= 3  # issues set aside for later
    assert texts_with(GOLD_TEST51, "parity", "even split", "对半") >= 4  # words for the even split
    assert texts_with(GOLD_TEST51, "monthly installments", "monthly payments", "6 quarters", "through 28 February") == 4
    assert texts_with(GOLD_TEST51, "**Good**", "🥉 Good") == 2  # Good/Better/Best tiers
    assert texts_with(GOLD_TEST51, "Majority vote", "Settling on Numbers", "I hope it is correct", "####") == 4
    assert texts_with(GOLD_TEST51, "```mermaid", "FOR IMMEDIATE RELEASE", "**Action items**") == 3
    assert texts_with(GOLD_TEST51, "(1/2)", "(Word count", "CAND-0417", "HR-2027-031", "[✅ Accept") == 5
    assert texts_with(GOLD_TEST51, "三七二十一", "bird in the hand", "two on the roof") == 3  # numbers in sayings
    assert texts_with(GOLD_TEST51, *PERSIAN_DIGITS) == 1


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST51)}
    # A parked issue is no offer for it, and not invalid either.
    assert "metadata" not in found["t51-note-002"]["offers"] and not found["t51-note-002"]["invalid"]
    assert "metadata" not in found["t51-msg-002"]["offers"] and not found["t51-msg-002"]["invalid"]
    # "Parity" on the board is 5-5; 60 monthly installments are 5 years; an origination fee is the service fee.
    assert found["t51-note-003"]["offers"]["control"] == "5-5"
    assert (found["t51-note-004"]["offers"]["duration"], found["t51-note-004"]["offers"]["service fees"]) == ("5 years", "$20")
    assert found["t51-msg-147"]["offers"]["duration"] == "3 years"
    # Dates spanning exactly a year, and six quarters, are exact durations.
    assert found["t51-note-007"]["offers"]["duration"] == "12 months"
    assert found["t51-note-026"]["offers"]["duration"] == "18 months"
    # A location split between both labels is ambiguous.
    assert found["t51-note-009"]["ambiguous"] == ["location"]
    # "Assuming benefits stay at 30%" states the writer's standing value.
    assert found["t51-note-011"]["offers"]["benefits"] == "30%"
    # The Acceptable column of an Ask/Acceptable table, a chosen tier and a voted candidate are the offer.
    assert found["t51-note-024"]["offers"]["price"] == "$27000"
    assert found["t51-note-021"]["offers"]["salary"] == "$110000" and not found["t51-note-021"]["ambiguous"]
    assert found["t51-note-097"]["offers"]["location"] == "on-site" and not found["t51-note-097"]["ambiguous"]
    # Tiers with none chosen leave every differing issue ambiguous.
    assert len(found["t51-msg-025"]["ambiguous"]) == 4 and not found["t51-msg-025"]["offers"]
    # Persian digits are digits; a credit-union loan is a bank loan.
    assert found["t51-note-088"]["offers"]["page rate"] == "$0.10"
    assert found["t51-note-105"]["offers"]["financing"] == "bank loan"
