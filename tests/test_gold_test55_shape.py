"""The fifty-fifth held-out gold part (tests/data/extraction_gold_test55.jsonl, `t55-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: the offer dressed as
schema.org JSON-LD, an SQL INSERT, a GraphQL mutation or protobuf text format; booleans standing for text
labels ("exclusive": true, "独家": "否"); [number, unit] arrays as one value; an ASCII slider with its mark;
tolerances ("±10") after a value; "anything but X" leaving two labels; values swapped between two keys;
private floors left in HTML comments; active-listening paraphrases of the other side's need; past
counterfactuals ("had you offered …, I would have …"); "five cents on the dollar"; chat timestamps; Slack
mentions and :emoji: shortcodes; an imagined future ("Picture this: …"); Indian-English "kindly revert";
and turns in many scripts. Every item carries `side`, notes too. More than a quarter of its items are
turns of multilingual tournaments, and it brings a new user-authored game, `seed-licensing`. What every
part promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers never
run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST55 = DATA / "extraction_gold_test55.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST55, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST55, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST55, "seed-licensing")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST55, "schema.org", "INSERT INTO", "mutation {", "acceptable_offer {") == 4
    assert texts_with(GOLD_TEST55, "±") == 3  # tolerances after a value
    assert texts_with(GOLD_TEST55, "<!--") == 2  # HTML comments
    assert texts_with(GOLD_TEST55, "anything but") == 3
    assert texts_with(GOLD_TEST55, "What I'm hearing", "had you offered", "if the role had been", "Picture this") == 4


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST55)}
    # A boolean stands for a label: true for the label its key names, false for the issue's "no" label
    # or the other label of a two-label issue.
    assert found["t55-note-009"]["offers"]["exclusivity"] == "exclusive"
    assert found["t55-note-009"]["offers"]["seed saving"] == "no saving"
    assert found["t55-note-035"]["offers"]["exclusivity"] == "non-exclusive"
    assert found["t55-msg-131"]["offers"]["assembly"] == "assembly included"
    # A [number, unit] array is one value; a tolerance after a value is a difference; a slider's mark is the value.
    assert found["t55-note-018"]["offers"]["amount"] == "$6000" and not found["t55-note-018"]["ambiguous"]
    assert found["t55-note-049"]["offers"]["benefits"] == "60%" and not found["t55-note-049"]["ambiguous"]
    assert found["t55-note-048"]["offers"]["royalty"] == "7%"
    # "Anything but X" leaves two labels of three: ambiguous.
    assert found["t55-note-013"]["ambiguous"] == ["work arrangement"]
    # Values swapped between two keys stay with their keys, as written.
    assert found["t55-note-052"]["invalid"] == {"duration": "$750", "deposit": "24 months"}
    # A paraphrase of the other side's need and a past counterfactual are not the speaker's offer.
    assert found["t55-msg-001"]["offers"]["rent"] == "$1200" and not found["t55-msg-001"]["ambiguous"]
    assert found["t55-msg-002"]["offers"]["rent"] == "$1200" and not found["t55-msg-002"]["ambiguous"]
    # A floor in an HTML comment is not proposed; "five cents on the dollar" is 5%.
    assert found["t55-msg-013"]["offers"]["royalty"] == "7%" and not found["t55-msg-013"]["ambiguous"]
    assert found["t55-note-086"]["offers"]["royalty"] == "5%"
