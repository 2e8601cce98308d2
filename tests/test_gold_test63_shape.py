"""The sixty-third held-out gold part (tests/data/extraction_gold_test63.jsonl, `t63-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: JSON Patch operations
as an offer, set and interval notation (`rent ∈ {…}`, `[5, 7] years`, `$1,000 ≤ r ≤ $1,100`), the
"therefore" sign ∴ before a package, Prolog-style facts, radio buttons (`(•)`, `◉ ○`), AsciiDoc tables,
Gherkin scenarios and architecture-decision records, an email subject line as the whole turn, a mock
prompt injection, Discord and Reddit spoilers, a hexadecimal rent, bid/ask lingo, a disclosed floor beside
the proposal, ranked choices with none picked, emoji-only reactions, an attachment named but not shown,
kiln cone numbers, and number words of other traditions (Swiss "nonante", Danish "halvtreds", "lakh",
pinyin and romaji). Every item carries `side`, notes too. More than a quarter of its items are turns of
multilingual tournaments, and it brings a new user-authored game, `pottery-kiln-share`. What every part
promises (size, families, languages, sides, games, hard cases, new texts) is checked by
tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape only: the readers
never run here (the part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST63 = DATA / "extraction_gold_test63.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST63, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST63, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST63, "pottery-kiln-share")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    assert texts_with(GOLD_TEST63, '"op":') == 2  # JSON Patch operations
    assert texts_with(GOLD_TEST63, "∈") == 3 and texts_with(GOLD_TEST63, "≤", "[5, 7]") == 2  # sets, intervals
    assert texts_with(GOLD_TEST63, "∴") == 4
    assert texts_with(GOLD_TEST63, "(•)", "◉") == 2  # radio buttons
    assert texts_with(GOLD_TEST63, "offer(firing_fee", "|===", "```gherkin", "## ADR-", "Subject: Counter") == 5
    assert texts_with(GOLD_TEST63, "SYSTEM NOTE", "||$80", ">!$40!<", "0x44C") == 4
    assert texts_with(GOLD_TEST63, "nonante", "halvtreds", "lakh", "zujin", "gasu-gama") == 5


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST63)}
    # A JSON Patch: replace/add values are offered, a remove op offers nothing for its issue.
    assert found["t63-note-002"]["offers"] == {"firing fee": "$80", "firings": "4 firings", "kiln": "electric kiln"}
    # Set notation: a one-member set is the value, a two-member set is ambiguous; likewise intervals.
    assert found["t63-note-003"]["offers"]["deposit"] == "$500" and found["t63-note-003"]["ambiguous"] == ["rent"]
    assert found["t63-note-004"]["offers"]["amount"] == "$8000" and found["t63-note-004"]["ambiguous"] == ["duration"]
    # A disclosed floor beside a different proposal: two rents, ambiguous.
    assert found["t63-msg-006"]["ambiguous"] == ["rent"]
    # Ranked choices with none picked are alternatives.
    assert found["t63-note-021"]["offers"] == {"listing": "glass and bottle"}
    # A spoiler joke withdrawn by "just kidding … real offer" leaves only the real offer.
    assert found["t63-msg-129"]["offers"]["firing fee"] == "$60"
    # Other numeral traditions are exact numbers.
    assert found["t63-msg-039"]["offers"]["service fees"] == "$90"
    assert found["t63-msg-011"]["offers"]["salary"] == "$120000"
    assert found["t63-note-026"]["offers"]["ownership"] == "45%"
    # An attachment named but not shown, and an emoji-only reaction, offer nothing.
    for empty in ("t63-note-018", "t63-msg-019"):
        item = found[empty]
        assert not (item["offers"] or item["invalid"] or item["ambiguous"]), empty
