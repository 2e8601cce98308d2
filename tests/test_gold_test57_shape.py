"""The fifty-seventh held-out gold part (tests/data/extraction_gold_test57.jsonl, `t57-*`) is issue 12's
second held-out set again, in styles the issue and the earlier parts do not list: offers written as
code the models reach for when they drift (an SQL UPDATE, a command line with flags, a GraphQL mutation,
an S-expression, a URL query string), a calendar invite and a ticket, per-head prices and totals for a
whole stay, Chinese 成 and Japanese 割 fractions, mathematical bold digits, a whole turn wrapped in
quotes, a model naming the wrong role, flexibility bars and acceptance probabilities beside the offer,
with more than a quarter of its items turns of multilingual tournaments, and a new user-authored game,
`lighthouse-stay`. What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape
only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST57 = DATA / "extraction_gold_test57.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "ar", "he", "hi", "el"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST57, OTHER_SCRIPTS)


def test_the_styles_beyond_the_issue_are_there() -> None:
    assert texts_with(GOLD_TEST57, "UPDATE offer", "--amount", "mutation {", "(offer\n", "GET /offer?") >= 5  # code-ish offers
    assert texts_with(GOLD_TEST57, "成", "割") >= 3  # tenths as fractions
    assert texts_with(GOLD_TEST57, "per person", "for the week") >= 2  # per-head prices and totals for a stay
    assert texts_with(GOLD_TEST57, "Ticket ", "Meeting invite", "▓") >= 3  # drifted layouts and flexibility bars


def test_the_new_game_uses_every_label_and_its_synonyms() -> None:
    found = new_game_items_offering_every_label(GOLD_TEST57, "lighthouse-stay")
    assert len(found) >= 30
    synonyms = ("escorted visit", "accompanied climb", "unrestricted access", "own cooking", "daily ferry")
    assert sum(any(s in i["text"] for s in synonyms) for i in found) >= 4


def test_each_side_of_the_new_game_speaks() -> None:
    found = [i for i in read_items(GOLD_TEST57) if i["game"] == "lighthouse-stay"]
    assert {i["side"] for i in found if i["kind"] == "note"} == {0, 1}
    assert {i["side"] for i in found if i["kind"] == "message"} == {0, 1}


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST57, "agree on all issues", restated_issues=4)
