"""The sixty-seventh held-out gold part (tests/data/extraction_gold_test67.jsonl, `t67-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as a
Kotlin `mapOf`, a Lua table, a PowerShell hashtable, a Julia named tuple, an R `list()`, a MATLAB
`struct()` and the JSON body of a curl command; as a Mermaid flowchart or a Graphviz digraph; as a git
commit message or a Keep-a-Changelog entry; as an iCalendar event; in token-oriented object notation;
as a receipt with dotted leaders and a computed total; as a thread of numbered posts; and in the hotel
trade's shorthand (pppn, 5N, BB / HB / FB, TWN / SGL, "5N/6D", "6天5晚", "5泊6日", "3박 4일"). Every item
carries `side`, notes too. More than a quarter of its items are turns of multilingual tournaments, and
it brings a new user-authored game, `yoga-retreat`. What every part promises (size, families,
languages, sides, games, hard cases, new texts) is checked by tests/test_gold_parts_shape.py; this
module checks what this part stresses. Shape only: the readers never run here (the part is scored by
bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST67 = DATA / "extraction_gold_test67.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST67, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST67, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    yoga = new_game_items_offering_every_label(GOLD_TEST67, "yoga-retreat")
    assert len(yoga) >= 40
    # Its aliases and synonyms are written, not only the issue names and labels.
    synonyms = ("twin share", "bed and breakfast", "breakfast and dinner", "three meals a day",
                "all meals included", "dormitory", "single occupancy")
    assert sum(any(w in i["text"] for w in synonyms) for i in yoga) >= 6
    aliases = ("Nightly rate", "Length of stay", "Meal plan", "Accommodation", "Guest rate", "Catering",
               "Lodging", "Rate per guest", "Rooming")
    assert sum(any(w in i["text"] for w in aliases) for i in yoga) >= 3


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Literals of other programming languages, and a curl command's JSON body.
    assert texts_with(GOLD_TEST67, "mapOf(", "```lua", "= @{", "```julia", "<- list(", "struct('", "curl -X POST") == 7
    assert texts_with(GOLD_TEST67, "```mermaid", "digraph offer") == 2  # diagrams
    assert texts_with(GOLD_TEST67, "feat(offer)", "fix(offer)", "### Changed") == 3  # commits, changelog
    assert texts_with(GOLD_TEST67, "BEGIN:VEVENT", "offer{price_per_guest") == 2  # iCalendar, TOON
    assert texts_with(GOLD_TEST67, " ......... ") == 2  # receipts with dotted leaders
    assert texts_with(GOLD_TEST67, "2/2 ", "3/3 ") == 2  # threads of numbered posts
    assert texts_with(GOLD_TEST67, "pppn", "pp/pn", "5N", "7N", "3N") >= 5  # the hotel desk's shorthand
    assert texts_with(GOLD_TEST67, "5N/6D", "6天5晚", "5泊6日", "3박 4일", "7泊8日") == 5  # nights/days


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST67)}
    # Hotel codes are the labels they abbreviate.
    assert found["t67-note-003"]["offers"] == {"price per guest": "$130", "nights": "5 nights",
                                               "meals": "half board", "room type": "twin rooms"}
    assert found["t67-note-073"]["offers"]["meals"] == "full board"
    assert found["t67-note-073"]["offers"]["room type"] == "private rooms"
    assert found["t67-msg-028"]["offers"]["meals"] == "breakfast only"
    # "N nights / N+1 days" gives the nights; the days restate them.
    for item_id, nights in (("t67-note-039", "5 nights"), ("t67-note-085", "5 nights"), ("t67-note-090", "3 nights"),
                            ("t67-msg-067", "5 nights"), ("t67-msg-117", "7 nights")):
        assert found[item_id]["offers"]["nights"] == nights and not found[item_id]["ambiguous"], item_id
    # A week's stay and arrival/departure dates are exact counts of nights.
    assert found["t67-msg-070"]["offers"]["nights"] == "7 nights"
    assert found["t67-note-054"]["offers"]["nights"] == "7 nights"
    # A receipt's computed total is no value: neither an offer nor invalid.
    for item_id in ("t67-note-009", "t67-msg-009"):
        assert not found[item_id]["invalid"] and not found[item_id]["ambiguous"], item_id
    # A commit's or changelog's arrow moves to the value after it.
    assert found["t67-note-043"]["offers"] == {"rent": "$1300"}
    assert found["t67-msg-050"]["offers"]["nights"] == "5 nights"
    assert found["t67-msg-050"]["offers"]["meals"] == "half board"
    # "Next week" is no handover label; dropping the bonus request is "no bonus".
    assert found["t67-msg-096"]["invalid"] == {"handover": "la semaine prochaine"}
    assert found["t67-msg-010"]["offers"]["signing bonus"] == "no bonus"
