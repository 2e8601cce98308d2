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
