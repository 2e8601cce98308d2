"""The seventy-third held-out gold part (tests/data/extraction_gold_test73.jsonl, `t73-*`) is issue 12's
second held-out set again, in habits the earlier parts' sections do not describe: offers written as logfmt
lines, HTTP request headers, CSS custom properties, Makefile variables, Dockerfile ENV and LABEL lines, a
Cypher node, RDF Turtle triples, a Scala case class, a Kotlin constructor call, an Erlang proplist, a
plain-text ledger posting and YAML front matter; slash commands; check and cross marks per value; a kanban
board; turns written as a screenplay scene, a recipe, a sports commentary, a quiz answered by the speaker
and a scoreboard; and measures a careful reader converts ("a work week", "three weeks" of working days,
"half a dozen", "a biennium", "half a decade"). Every item carries `side`, notes too. More than a quarter
of its items are turns of multilingual tournaments, and it brings a new user-authored game,
`tattoo-guest-spot-t73`. What every part promises (size, families, languages, sides, games, hard cases, new
texts) is checked by tests/test_gold_parts_shape.py; this module checks what this part stresses. Shape
only: the readers never run here (the part is scored by bench/extraction_gold.py, after the labels were
committed)."""

from __future__ import annotations

from tests.gold_shape import DATA, check_agreements_bare_and_restating, check_other_scripts
from tests.gold_shape import items as read_items
from tests.gold_shape import new_game_items_offering_every_label, texts_with

GOLD_TEST73 = DATA / "extraction_gold_test73.jsonl"
# Languages written in a script other than the Latin one.
OTHER_SCRIPTS = {"zh", "ja", "ko", "ru", "uk", "el", "he", "ar", "hi", "th"}


def test_over_a_quarter_is_not_in_english_with_other_scripts() -> None:
    check_other_scripts(GOLD_TEST73, OTHER_SCRIPTS)


def test_agreements_both_bare_and_restating_the_package() -> None:
    check_agreements_bare_and_restating(GOLD_TEST73, "We agree on all issues", restated_issues=4)


def test_the_new_game_offers_every_label() -> None:
    assert len(new_game_items_offering_every_label(GOLD_TEST73, "tattoo-guest-spot-t73")) >= 30


def test_the_habits_beyond_the_earlier_parts_are_there() -> None:
    # Config- and code-ish offers: logfmt, HTTP headers, CSS variables, make, Dockerfile, Cypher, Turtle, ...
    assert texts_with(GOLD_TEST73, "level=info") == 2
    assert texts_with(GOLD_TEST73, "X-Offer-", "--chair-fee:", "RENT        :=", "ENV RENT=", "LABEL offer.") == 5
    assert texts_with(GOLD_TEST73, "CREATE (o:Offer", "@prefix o:", "GuestSpotOffer(", "FurnitureOffer(",
                      "[{salary,", "Liabilities:Loan", "title: Guest spot terms") == 7
    assert texts_with(GOLD_TEST73, "/offer duration", "/counter ", "/propose ") == 3  # slash commands
    assert texts_with(GOLD_TEST73, "✓") == 2  # check and cross marks
    # Turns in borrowed genres: a screenplay, a recipe, a sports commentary, a quiz, a scoreboard, a kanban board.
    assert texts_with(GOLD_TEST73, "INT. TATTOO", "Ingredients:", "folks!", "My answer: (b)", "Scoreboard", "DONE (agreed)") == 6
    assert texts_with(GOLD_TEST73, "work week", "three weeks", "half a dozen", "biennium", "half a decade") == 5


def test_decisions_for_this_part_are_labelled_as_written_in_the_readme() -> None:
    found = {item["id"]: item for item in read_items(GOLD_TEST73)}
    # Weeks of a guest spot are working weeks: a work week is 5 days, three weeks 15 days.
    assert found["t73-msg-006"]["offers"]["guest days"] == "5 days"
    assert found["t73-msg-017"]["offers"]["guest days"] == "15 days"
    # The speaker's own answer to a quiz is the pick; the other choices are no alternatives.
    assert found["t73-msg-021"]["offers"] == {"chair fee": "$120"} and not found["t73-msg-021"]["ambiguous"]
    # A ticked value is the pick, a crossed one is rejected.
    assert found["t73-note-049"]["offers"] == {"rent": "$900"} and not found["t73-note-049"]["ambiguous"]
    assert found["t73-note-077"]["offers"]["handover"] == "next month"
    # A screenplay's other character and a scoreboard's score hold no values.
    assert found["t73-msg-008"]["offers"]["chair fee"] == "$120"
    assert found["t73-msg-026"]["offers"]["chair fee"] == "$160" and not found["t73-msg-026"]["invalid"]
    # A kanban board: DONE and DOING hold the offer, a TODO question offers nothing.
    assert found["t73-note-058"]["offers"] == {"rent": "$1200", "duration": "24 months"}
    assert not found["t73-note-058"]["unknown_issues"]
    # The sports commentary in the third person is the speaker's own offer.
    assert found["t73-msg-014"]["offers"]["supplies"] == "studio supplies"
    # Measures: half a dozen days, a biennium, half a decade.
    assert found["t73-msg-031"]["offers"]["subletting"] == "6 days"
    assert found["t73-msg-044"]["offers"]["duration"] == "2 years"
    assert found["t73-note-034"]["offers"]["duration"] == "5 years"
    # Key-bound parts of one label: "artist", "shared", "front desk", "studio".
    assert found["t73-note-010"]["offers"]["bookings"] == "artist handles bookings"
    assert found["t73-note-014"]["offers"]["bookings"] == "studio handles bookings"
    assert found["t73-msg-023"]["offers"]["supplies"] == "studio supplies"
