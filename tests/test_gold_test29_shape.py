"""The twenty-ninth held-out gold part (tests/data/extraction_gold_test29.jsonl, `t29-*`) is issue 12's
second held-out set again, in styles beyond the earlier parts': offers written as code literals (Python
dicts, JS objects, CSV rows, HTML tables), strikethrough and "was → now" revisions, emoji digits,
scientific and compact notation, other currencies with a conversion, percents of the other side's
number, restated rules and payoff tables, "Agreed so far / Still open" summaries, shouting, typos, and
answers to several questions in order; more than a quarter of its items are turns of multilingual
tournaments in languages the earlier parts barely used, and it brings a new user-authored game,
`podcast-sponsorship`. What every part promises (size, families, languages, sides, games, hard cases,
new texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses.
Shape only: the readers never run here (the part is scored by bench/extraction_gold.py, after the
labels were committed)."""

from __future__ import annotations

import re

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts, language_of
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST29 = DATA / "extraction_gold_test29.jsonl"
# Languages written in a script other than the Latin one that the earlier parts barely used.
OTHER_SCRIPTS = {"ta", "ur", "am", "ka", "hy", "my", "km"}
# Latin-script languages the earlier parts barely used.
RARE_LATIN = {"hu", "da", "nb", "ca", "ha"}
SCIENTIFIC = re.compile(r"\d(?:\.\d+)?e\d")


def test_over_a_quarter_is_not_in_english_in_rarely_used_languages() -> None:
    check_other_scripts(GOLD_TEST29, OTHER_SCRIPTS)
    languages = {language_of(i) for i in read_items(GOLD_TEST29)}
    assert RARE_LATIN <= languages


def test_the_styles_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST29, "<td>", "<li>") >= 3  # HTML tables and lists
    assert texts_with(GOLD_TEST29, "= {", "dict(", "const ") >= 4  # Python and JS literals
    assert texts_with(GOLD_TEST29, "~~") >= 4  # strikethrough revisions
    assert texts_with(GOLD_TEST29, "→") >= 5  # was → now
    assert texts_with(GOLD_TEST29, "\ufe0f\u20e3") >= 3  # emoji digits (1️⃣)
    assert sum(bool(SCIENTIFIC.search(i["text"])) for i in read_items(GOLD_TEST29)) >= 3  # 8e3, 7.5e2
    assert texts_with(GOLD_TEST29, "Agreed so far") >= 5  # status summaries
    assert texts_with(GOLD_TEST29, "€", "CA$") >= 2  # other currencies with a conversion


def test_the_new_game_offers_every_label_mostly_in_other_words() -> None:
    podcast = new_game_items_offering_every_label(GOLD_TEST29, "podcast-sponsorship")
    text_issues = ("ad slot", "read style", "exclusivity")
    paraphrased = [i for i in podcast for issue in text_issues
                   if issue in i["offers"] and i["offers"][issue].lower() not in i["text"].lower()]
    assert len(paraphrased) >= 25


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST29, "We agree on all issues")
