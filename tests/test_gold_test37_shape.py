"""The thirty-seventh held-out gold part (tests/data/extraction_gold_test37.jsonl, `t37-*`) is issue 12's
second held-out set again, in styles the issue and the earlier parts do not list: negotiation-theory
vocabulary in the notes (walk-away points, BATNA, ZOPA, anchors, reservation prices) around the offer,
give/get trade lines, approximate marks on label values ("≈ $1,100", "~$1,000"), fullwidth digits,
Swiss apostrophe separators, en dashes in merger splits, round counters, hashtags and AI disclaimers, with
more than a quarter of its items turns of multilingual tournaments (several scripts besides the Latin one),
and a new user-authored game, `horse-livery`. Unlike test9 … test35 every note carries `side` too (the
runner knows which seat wrote it). What every part promises (size, families, languages, message sides,
games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this
part adds. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after
the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import (
    DATA, check_agreements_bare_and_restating, check_other_scripts, new_game_items_offering_every_label, texts_with,
)
from tests.gold_shape import items as read_items

GOLD_TEST37 = DATA / "extraction_gold_test37.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "el", "hi", "he", "th"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST37, OTHER_SCRIPTS)


def test_the_styles_beyond_the_issue_are_there() -> None:
    assert texts_with(GOLD_TEST37, "walk-away", "Walk-away", "BATNA", "ZOPA", "eservation") >= 6  # theory words
    assert texts_with(GOLD_TEST37, "Give:", "GIVE", "give/get") >= 3  # trade lines
    assert texts_with(GOLD_TEST37, "≈", "~$") >= 4  # approximate marks on a value
    assert texts_with(GOLD_TEST37, "$1'", "$5'") >= 4  # Swiss apostrophe separators
    assert sum(any("\uff10" <= ch <= "\uff19" for ch in item["text"]) for item in read_items(GOLD_TEST37)) >= 5
    merger = [item for item in read_items(GOLD_TEST37) if item["game"] == "merger"]
    assert sum("–" in item["text"] for item in merger) >= 8  # en dashes inside splits
    assert texts_with(GOLD_TEST37, "Round ", "round ") >= 8  # round counters and references
    assert texts_with(GOLD_TEST37, "As an AI", "an AI ") >= 2


def test_the_new_game_offers_every_label_often_in_other_words() -> None:
    livery = new_game_items_offering_every_label(GOLD_TEST37, "horse-livery")
    assert len(livery) >= 30
    # The text labels are often not written as the label is (synonyms, paraphrases, other languages).
    paraphrased = [item for item in livery
                   if any(label not in item["text"] for label in item["offers"].values() if not label.startswith("$"))]
    assert len(paraphrased) >= 15


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST37, "agree on all issues", restated_issues=4)
