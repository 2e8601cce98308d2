"""The seventy-ninth held-out gold part (tests/data/extraction_gold_test79.jsonl, `t79-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as an SQL
INSERT row, a PHP array, a KDL document, a Dhall record, gettext msgid/msgstr pairs, a ledger entry,
tab-separated rows, OCaml and F# records, a jq command and a Perl hash; a sed-style substitution, a
voicemail transcript with a spoken self-repair, a numbered thread; "±" and "ca." around values; money
slang and myriad units; a period in months or days for a game counted in weeks. Every item carries
`side`, notes too. More than a quarter of its items are turns of multilingual tournaments, and it brings
a new user-authored game, `vintage-consignment-t79`. What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this
module checks what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST79 = DATA / "extraction_gold_test79.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST79, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST79, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST79, "vintage-consignment-t79")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Code and data layouts: SQL, PHP, KDL, Dhall, gettext, ledger, OCaml, F#, jq, Perl.
    assert texts_with(GOLD_TEST79, "INSERT INTO", "$offer = [", "```kdl", "```dhall", "msgid", "assets:loan",
                      "let acceptable = {", "800m", "jq -n", "my %offer") == 10
    assert texts_with(GOLD_TEST79, "s/$1,200/$1,100/", "[Voicemail transcript]", "2/3 ") == 3
    assert texts_with(GOLD_TEST79, "±") == 2 and texts_with(GOLD_TEST79, "ca. $") == 2
    assert texts_with(GOLD_TEST79, "C-note", "half a grand", "12万ドル", "11만 달러") == 4


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST79)}
    # The F# decimal suffix is no month; OCaml digit separators are read.
    assert found["t79-note-030"]["offers"] == {"rent": "$800", "subletting": "5 days"}
    assert found["t79-note-027"]["offers"]["salary"] == "$130000"
    # '±' makes a range; a sed substitution and a spoken self-repair revise the value.
    assert found["t79-note-035"]["ambiguous"] == ["price per case"]
    assert found["t79-msg-034"]["ambiguous"] == ["annual interest rate"]
    assert found["t79-msg-029"]["offers"]["rent"] == "$1100"
    assert found["t79-msg-030"]["offers"]["rent"] == "$1300"
    # Thread counters are no board split; money slang and myriad units are exact.
    assert found["t79-msg-031"]["offers"]["control"] == "3-7" and not found["t79-msg-031"]["ambiguous"]
    assert found["t79-msg-032"]["offers"]["service fees"] == "$100"
    assert found["t79-msg-033"]["offers"]["deposit"] == "$500"
    assert found["t79-note-065"]["offers"]["salary"] == "$120000"
    assert found["t79-msg-113"]["offers"]["salary"] == "$110000"
    # Weeks: 56 days is 8 weeks; two months is no label.
    assert found["t79-note-079"]["offers"]["consignment period"] == "8 weeks"
    assert found["t79-note-080"]["invalid"] == {"consignment period": "two months"}
    assert found["t79-msg-124"]["invalid"] == {"consignment period": "两个月"}
    # PayPal is the cash payout; 'your call' leaves both; a half/half split is no label.
    assert found["t79-msg-036"]["offers"]["payout"] == "cash payout"
    assert found["t79-msg-040"]["ambiguous"] == ["payout"]
    assert "unsold items" in found["t79-note-095"]["invalid"]
    # A commission and dry cleaning are issues the game lacks.
    for item_id in ("t79-note-045", "t79-msg-037", "t79-msg-125"):
        assert found[item_id]["unknown_issues"] == ["commission"]
    assert found["t79-msg-038"]["unknown_issues"] == ["dry cleaning"]
