"""The forty-third held-out gold part (tests/data/extraction_gold_test43.jsonl, `t43-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: `key :: value` lines,
org-mode property drawers, INI `[offer]` sections and dotted `offer.key = value` properties, JSON lines
and arrays of [issue, value] pairs, nested {value, rationale} objects, per-issue status tags
("(unchanged)", "(new)"), ✅/❌ lines per issue, emoji as issue keys, hashtags after an offer, a haiku,
rates in basis points, "same" / "N/A" / "negotiable" / "see message" in place of values, notes whose
summary contradicts their block, two alternative drafts in one message, and narrow no-break spaces in
numbers. Every item carries `side`, notes too. More than a quarter of its items are turns of
multilingual tournaments (several scripts besides the Latin one), and it brings a new user-authored
game, `greenhouse-lease`. What every part promises (size, families, languages, sides, games, hard
cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part
stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py,
after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST43 = DATA / "extraction_gold_test43.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "el", "ar", "he", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST43, OTHER_SCRIPTS)


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST43, " :: ", ":PROPERTIES:", "[offer]", "offer.bay_fee") == 4  # config-file blocks
    assert texts_with(GOLD_TEST43, "(unchanged)", "✅") == 2  # per-issue status marks
    assert texts_with(GOLD_TEST43, "💵", "#fair", "haiku") == 3  # emoji keys, hashtags, verse
    assert texts_with(GOLD_TEST43, "\u202f") >= 2  # narrow no-break spaces inside numbers
    assert texts_with(GOLD_TEST43, "bps") == 1


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST43)}
    # A word that points back to an unstated value, or says nothing yet, is no offer and not invalid.
    assert found["t43-note-005"]["offers"] == {"deposit": "$1000", "subletting": "1 day"}  # "same"
    assert found["t43-note-025"]["offers"] == {} and not found["t43-note-025"]["invalid"]  # "N/A"
    assert "service fees" not in found["t43-note-036"]["offers"]  # "negotiable"
    assert "service fees" not in found["t43-note-036"]["invalid"]
    # A note whose summary contradicts its block, or a message with two drafted alternatives, is ambiguous.
    assert found["t43-note-031"]["ambiguous"] == ["rent"]
    assert found["t43-msg-032"]["ambiguous"] == ["rent"] and not found["t43-msg-032"]["offers"]
    # Basis points are an exact conversion of a percent.
    assert found["t43-note-008"]["offers"]["annual interest rate"] == "3.5%"


def test_the_new_game_offers_every_label_mostly_in_other_words() -> None:
    greenhouse = new_game_items_offering_every_label(GOLD_TEST43, "greenhouse-lease")
    assert len(greenhouse) >= 30
    text_issues = ("heating", "access", "term")
    paraphrased = [i for i in greenhouse for issue in text_issues
                   if issue in i["offers"] and i["offers"][issue].lower() not in i["text"].lower()]
    assert len(paraphrased) >= 20


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST43, "agree on all issues")
