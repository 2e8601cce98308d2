"""The thirty-third held-out gold part (tests/data/extraction_gold_test33.jsonl, `t33-*`) is issue 12's
second held-out set again, in habits beyond the earlier parts': messages drafted for a user ("Here is a
message you could send"), `<details>` and `<scratchpad>` wrappers, box-drawing tables and definition
lists, inequality signs as bounds, "north of" / "south of", priority tags, versioned offers, role-play
stage directions, hashtags and character breaks (beside markdown-escaped dollars and hedge marks, which
test31 has too), with more than a quarter of its items turns of multilingual tournaments (several
scripts besides the Latin one), and a new user-authored game, `recording-studio`. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import (
    DATA, check_agreements_bare_and_restating, check_other_scripts, new_game_items_offering_every_label,
    texts_with,
)

GOLD_TEST33 = DATA / "extraction_gold_test33.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "ar", "hi", "el", "he", "th"}


def test_over_a_quarter_is_not_in_english_in_several_scripts() -> None:
    check_other_scripts(GOLD_TEST33, OTHER_SCRIPTS)


def test_the_styles_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST33, "\\$") >= 6  # markdown-escaped dollar signs and LaTeX values
    assert texts_with(GOLD_TEST33, "you could send", "Draft", "draft") >= 5  # replies drafted for a user
    assert texts_with(GOLD_TEST33, "≤", "≥") >= 4  # inequality signs as bounds
    assert texts_with(GOLD_TEST33, "<details>", "<scratchpad>") >= 4  # wrappers around reasoning
    assert texts_with(GOLD_TEST33, "~$", "≈", "neighbourhood", "ballpark") >= 5  # hedged values
    assert texts_with(GOLD_TEST33, "north of", "south of") >= 3  # directions, with and without a value
    assert texts_with(GOLD_TEST33, "┌", "\n: ") >= 2  # box-drawing tables and markdown definition lists
    assert texts_with(GOLD_TEST33, "*leans", "（少し考えて）", "as an AI") >= 3  # stage directions, character breaks


def test_the_new_game_offers_every_label_mostly_in_other_words() -> None:
    studio = new_game_items_offering_every_label(GOLD_TEST33, "recording-studio")
    assert len(studio) >= 30
    texts = [i for i in studio for issue in ("engineer", "mixing", "slot") if issue in i["offers"]]
    # Most text labels of the new game are written in other words than the label's.
    assert sum(i["offers"][issue] not in i["text"] for i in studio for issue in ("engineer", "mixing", "slot")
               if issue in i["offers"]) >= len(texts) // 2


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST33, "agree on all issues")
