"""The sixty-first held-out gold part (tests/data/extraction_gold_test61.jsonl, `t61-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers wrapped in forum
BBCode ([b], [list][*], [quote=...], [table]), MediaWiki markup ('''bold''', {| wikitable, [[links]]) and
Jira/Confluence markup (h3., ||header||, {quote}, {panel}); WhatsApp/Slack single-asterisk bold; the
Reflection-style <thinking>/<reflection>/<output> template; ballot boxes (☒/☐) and radio buttons ((•)/( ))
marking the pick; offers with an expiry ("valid until round 6"); values coded by a legend the note defines;
circled, Chinese and Korean list markers (①, 一、, 가.); <kbd>, <del>/<ins> tags; format self-checks after
the offer; a note pointing to an attachment that is not there; keys echoing the game's issue
descriptions. Every item carries `side`, notes too. More than a quarter of its items are turns of
multilingual tournaments, and it brings a new user-authored game, `beehive-rental`. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST61 = DATA / "extraction_gold_test61.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST61, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST61, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST61, "beehive-rental")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST61, "[b]", "[list", "[quote=", "[table]") == 7  # forum BBCode
    assert texts_with(GOLD_TEST61, "'''", "{| class", "[[") == 4  # MediaWiki markup
    assert texts_with(GOLD_TEST61, "h2. ", "h3. ", "h4. ", "{quote}", "{panel}") == 6  # Jira/Confluence markup
    assert texts_with(GOLD_TEST61, "<thinking>", "<reflection>", "<output>") == 5  # Reflection-style template
    assert texts_with(GOLD_TEST61, "☒", "☑", "(•)") == 7  # ballot boxes and radio buttons
    assert texts_with(GOLD_TEST61, "valid until", "valid through", "valid for", "expires", "stands until",
                      "good until") == 8  # offers with an expiry
    assert texts_with(GOLD_TEST61, "Legend:", "Key:", "Codes (") == 3  # values coded by a legend
    assert texts_with(GOLD_TEST61, "①", "一、", "가.", "(1) ") == 4  # list markers of other scripts
    assert texts_with(GOLD_TEST61, "<kbd>", "<del>", "<ins>") == 3
    assert texts_with(GOLD_TEST61, "Format check") == 3  # self-checks after the offer


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST61)}
    # Only the <output> block of a reflection-style template is the offer; an empty one offers nothing.
    assert found["t61-note-004"]["offers"]["benefits"] == "50%"
    assert found["t61-note-077"]["offers"] == {"rent": "$1300", "subletting": "2 days"}
    item = found["t61-note-086"]
    assert not (item["offers"] or item["invalid"] or item["ambiguous"])
    # A marked ballot box or radio button is the pick; two marked boxes for one issue are two picks.
    assert found["t61-note-020"]["offers"]["rent"] == "$1100" and not found["t61-note-020"]["ambiguous"]
    assert found["t61-note-035"]["ambiguous"] == ["price"]
    assert found["t61-msg-055"]["offers"]["hives"] == "2 hives"
    # Values coded by the note's own legend are read through it; the opponent's coded line is not the offer.
    assert found["t61-note-011"]["offers"]["duration"] == "18 months"
    assert found["t61-note-073"]["offers"]["honey"] == "hotel keeps honey"
    # A BBCode or Jira quote holds the other side's words.
    assert found["t61-msg-068"]["offers"]["fee"] == "$600"
    assert found["t61-msg-101"]["offers"]["price"] == "$26000"
    # An expiry is no value, and a note's value for later rounds is a future move.
    assert found["t61-note-048"]["offers"]["rent"] == "$1300"
    # A pointer to an attachment that is not in the text offers nothing.
    item = found["t61-note-030"]
    assert not (item["offers"] or item["invalid"] or item["ambiguous"])
    # A format self-check that keeps a value between labels leaves it invalid, as written.
    assert found["t61-note-040"]["invalid"] == {"fee": "$450"}
    # A condition outside the game is an unknown issue.
    assert found["t61-msg-092"]["unknown_issues"] == ["branding"]
