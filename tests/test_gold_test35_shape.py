"""The thirty-fifth held-out gold part (tests/data/extraction_gold_test35.jsonl, `t35-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: arrows and middle dots
as key-value and issue separators, `key=value` pairs inside sentences, role-play stage directions
("*reads your message twice*"), values in LaTeX inline delimiters and in Chinese corner brackets,
arithmetic and algebra in the reasoning before the offer, concessions relative to the speaker's own
earlier number ("another hundred from my $1,400"), and "split the difference" / "meet in the middle"
between two stated values with the result left unstated. More than a quarter of its items are turns of
multilingual tournaments (ten languages in scripts other than the Latin one), and it brings a new
user-authored game, `ski-chalet`. What every part promises (size, families, languages, sides, games,
hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part
stresses. Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after
the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST35 = DATA / "extraction_gold_test35.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "ar", "he", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST35, OTHER_SCRIPTS)


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST35, " → ") >= 2 and texts_with(GOLD_TEST35, " · ") >= 1  # arrows, middle dots
    assert texts_with(GOLD_TEST35, "rent=", "amount=") >= 2  # key=value pairs
    assert texts_with(GOLD_TEST35, "*reads", "*sigh*") == 2  # role-play stage directions
    assert texts_with(GOLD_TEST35, "\\(") >= 1 and texts_with(GOLD_TEST35, "「") >= 1
    assert texts_with(GOLD_TEST35, "split the difference", "meet you in the middle") == 2


def test_midpoints_left_unstated_are_labelled_with_the_midpoint() -> None:
    midpoints = [i for i in read_items(GOLD_TEST35)
                 if "split the difference" in i["text"] or "meet you in the middle" in i["text"]]
    assert sorted((i["game"], next(iter(i["offers"].values()))) for i in midpoints) == [
        ("merger", "60%"), ("ski-chalet", "$400")]


def test_the_new_game_offers_every_label_mostly_in_other_words() -> None:
    chalet = new_game_items_offering_every_label(GOLD_TEST35, "ski-chalet")
    assert len(chalet) >= 30
    text_issues = ("catering", "housekeeping")
    paraphrased = [i for i in chalet for issue in text_issues
                   if issue in i["offers"] and i["offers"][issue].lower() not in i["text"].lower()]
    assert len(paraphrased) >= 20


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST35, "agree on all issues")
