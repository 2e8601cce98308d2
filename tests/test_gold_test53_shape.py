"""The fifty-third held-out gold part (tests/data/extraction_gold_test53.jsonl, `t53-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: Claude.ai
`<antArtifact>` wrappers around the offer, Gemini-style bold thought-summary headings, turns that
script both parties' lines, values as markdown links or in spoiler tags, HTML entities, zero-width
spaces and right-to-left marks around digits, superscript footnote marks glued to values, chat-UI
debris ("Thought for 14 seconds", "json Copy Edit"), reStructuredText field lists, commit-style
headings, "Short answer / Longer answer", the Turkish leading percent sign, "/-" after amounts,
from/to delta objects, weekly and quarterly rents, and turns in many scripts. Every item carries
`side`, notes too. More than a quarter of its items are turns of multilingual tournaments, and it
brings a new user-authored game, `choir-tour`. What every part promises (size, families, languages,
sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this module checks
what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST53 = DATA / "extraction_gold_test53.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST53, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST53, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST53, "choir-tour")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST53, "<antArtifact") == 3  # Claude.ai artifact wrappers
    assert texts_with(GOLD_TEST53, "**Weighing", "**Evaluating", "**Reassessing") == 3  # thought-summary headings
    assert texts_with(GOLD_TEST53, "&nbsp;", "](#", "||$") == 3  # HTML entities, markdown links, spoilers
    assert texts_with(GOLD_TEST53, "\u200b", "\u200f") == 3  # zero-width spaces and right-to-left marks
    assert texts_with(GOLD_TEST53, "$1,100¹", "Copy\nEdit", ":rent:", "feat(offer)", "Short answer:") == 5
    assert texts_with(GOLD_TEST53, "%4 ", "%3,5") == 2  # the Turkish leading percent sign


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST53)}
    # Lines the model scripts for the other party are not the speaker's; its own last line is.
    assert found["t53-msg-003"]["offers"]["rent"] == "$1200" and not found["t53-msg-003"]["invalid"]
    # A quarterly rent converts exactly; a weekly rent does not.
    assert found["t53-msg-060"]["offers"]["rent"] == "$1100"
    assert found["t53-note-043"]["invalid"] == {"rent": "$275 a week"}
    # Equal instalments are their sum.
    assert found["t53-msg-134"]["offers"]["deposit"] == "$750"
    # A superscript footnote mark is not a digit of the value.
    assert found["t53-note-007"]["offers"]["rent"] == "$1100"
    # A from/to delta object offers its "to" value.
    assert found["t53-note-009"]["offers"]["benefits"] == "40%" and not found["t53-note-009"]["ambiguous"]
    # A second fee tied to a condition outside the game is an alternative package.
    assert found["t53-msg-139"]["ambiguous"] == ["fee"]
