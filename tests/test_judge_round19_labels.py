"""Classes of text labels the nineteenth round of issue 12 reads by general mechanisms (tuned on
round 19's half A, every item of test20 … test23, and the retired parts' errors; checked on half B,
test24 … test31, by its totals), each tested on fresh examples written for these tests, not the
gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml

# A game of this file's own whose labels hold English words the lexicon also lists as another
# language's ("solo" = only in Spanish and Italian, "mesa" = table in Spanish, "casa" = home).
_RECITAL_GAME = """\
name: recital-booking
description: A venue and a musician are negotiating a recital.
sides:
  - You represent the venue.
  - You represent the musician.
parties: [Venue, Musician]
issues:
  - name: fee
    issue_type: distributive
    descriptions: What the venue pays the musician.
    payoffs: [[2, 1, 0], [0, 1, 2]]
    payoff_labels: [["$400", "$600", "$800"], ["$400", "$600", "$800"]]
  - name: programme
    issue_type: integrative
    descriptions: What the musician plays.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [[solo piano, piano trio, full quartet], [solo piano, piano trio, full quartet]]
  - name: seating
    issue_type: integrative
    descriptions: How the hall is set out.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [[mesa tables, rows of chairs], [mesa tables, rows of chairs]]
issue_weights: [[2, 1, 1], [2, 1, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def recital(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "recital-booking", _RECITAL_GAME)


# A label whose English word the lexicon glosses as another language's ("solo piano" is glossed
# "only piano" before labels are looked for) is looked for as glossed too, in notes, in JSON values
# and in messages; the same word in another language's text is still read as that language's.
@pytest.mark.parametrize("text, offers", [
    ("We can do $600 for solo piano, with mesa tables in the hall.",
     {"fee": "$600", "programme": "solo piano", "seating": "mesa tables"}),
    # a layout of its own: one line of values between semicolons, no verbs
    ("$800; solo piano; rows of chairs", {"fee": "$800", "programme": "solo piano", "seating": "rows of chairs"}),
])
def test_a_label_word_the_lexicon_glosses_is_read_in_messages(recital, text, offers) -> None:
    assert extract_message(text, recital, side=0).offers == offers


def test_a_label_word_the_lexicon_glosses_is_read_in_a_json_note(recital) -> None:
    note = 'Acceptable offer:\n```json\n{"fee": "$400", "programme": "solo piano", "seating": "mesa tables"}\n```'
    assert extract_note(note, recital).offers == {"fee": "$400", "programme": "solo piano", "seating": "mesa tables"}


def test_a_glossed_label_is_no_other_labels_wording(recital) -> None:
    # "piano" alone is a word of two labels: the glossed "only piano" must not name "piano trio"
    table = recital.issues["programme"]
    assert (("only", "piano"), "solo piano") in table.phrases
    assert all(label != "piano trio" for words, label in table.phrases if words == ("only", "piano"))


# The word after a number's slash is the rate's unit ("$500/month", "3/wk"), not one piece of a
# package listed with slashes: in "**$500/month**, 6-month commitment" the bold marks cut the rate's
# span, and "month" alone read as part of "month-to-month" (sure, and wrong).
@pytest.mark.parametrize("text, offers", [
    ("Deal at **$400/month**, hot desk, business hours, 12-month commitment.",
     {"monthly fee": "$400", "desk type": "hot desk", "access": "business hours", "commitment": "12 months"}),
    ("__$500/month__ · dedicated desk · 6-month commitment",
     {"monthly fee": "$500", "desk type": "dedicated desk", "commitment": "6 months"}),
])
def test_the_unit_after_a_rates_slash_is_no_listed_label(text, offers) -> None:
    from tests.gold_shape import labels_of

    assert extract_message(text, labels_of("coworking-membership")).offers == offers


# Two labels of one issue offered with "or" between them, one in full and the other by a word only
# it holds ("buffet or the sharing platters", "… or plated"), leave the issue open: ambiguous, not
# the label written in full. The same in French, through the lexicon ("dîner servi" = served
# dinner, "ou" = or), a language no gold item writes this in.
@pytest.mark.parametrize("text", [
    "Plated or buffet: we're easy, as long as it's $55 a guest.",
    "$55 a guest for the buffet, or the plated option if your staff prefer.",
    "Buffet ou dîner servi à 55 $ par personne, comme vous voulez.",
])
def test_a_label_or_a_word_of_another_label_leaves_the_issue_open(text) -> None:
    from tests.gold_shape import labels_of

    reading = extract_message(text, labels_of("catering-contract"), side=0)
    assert reading.offers == {"price per guest": "$55"}
    assert reading.ambiguous == ("menu",)
    assert reading.confidence == "unsure"


def test_a_denied_alternative_or_a_lone_label_stays_read() -> None:
    from tests.gold_shape import labels_of

    labels = labels_of("catering-contract")
    # a label and a rejected other in another sentence: no "or" between them
    assert extract_message("$45 a guest for the buffet. Plated dinner is out of our budget.", labels,
                           side=0).offers == {"price per guest": "$45", "menu": "buffet"}
    # "or" between the label and no word of another label
    assert extract_message("Buffet at $45 a guest, or we walk away.", labels, side=0).offers == {
        "price per guest": "$45", "menu": "buffet"}


# A note that does not say who wrote it in so many words may still say it: its head names its
# writer followed by a comma or a full stop ("Office manager, round three."), or it quotes one party
# in the third person as the one across the table ("Cleaning company's last offer", "the office
# manager asks for …"), so its writer is the other. Its "we" and "on us" then have a side.
@pytest.mark.parametrize("note, supplies", [
    ("Office manager, round three. Acceptable: $2,500 a month, twice a week, we bring the supplies, 2% a year.",
     "client provides"),
    ("Cleaning company's last offer: $3,000. Acceptable: $2,500 a month, twice a week, supplies on us, 2% a year.",
     "client provides"),
    ("Acceptable: $2,500 a month, twice a week, we bring the supplies, 2% a year.\n"
     "(The office manager asks for weekly visits: not at this price.)", "cleaner provides"),
])
def test_a_note_that_names_or_quotes_a_party_gives_its_we_a_side(note, supplies) -> None:
    from tests.gold_shape import labels_of

    reading = extract_note(note, labels_of("office-cleaning"))
    assert reading.offers == {"monthly price": "$2500", "frequency": "twice a week", "supplies": supplies,
                              "annual increase": "2%"}
    assert reading.confidence == "unsure"


def test_a_note_that_names_no_party_leaves_its_we_without_a_side() -> None:
    from tests.gold_shape import labels_of
    from lamen.judge.party_labels import note_side

    note = "Acceptable: $2,500 a month, twice a week, we bring the supplies, 2% a year."
    assert "supplies" not in extract_note(note, labels_of("office-cleaning")).offers
    # a heading the writer may give its own offer quotes no one
    assert note_side("Cleaning company's acceptable offer: $2,500", ("Cleaning company", "Office manager")) is None
    # the other side quoted in the third person, a writer named at the head; both quoted: no side
    assert note_side("Note: the venue wants more.", ("Venue", "Band")) == 1
    assert note_side("Band, late night. The venue wants more.", ("Venue", "Band")) == 1
    assert note_side("The venue wants more; the band asks for a meal.", ("Venue", "Band")) is None


# A label of doing it oneself ("self-assembly"; "no packing", whose synonym is "self pack") read
# from a reflexive pronoun holds only where the pronoun names the party served. From the provider
# ("we'll do the packing ourselves" from the mover, "nosotros mismos" from the store) the provider
# does it: the party-named label of the provider where there is one, else no label; unsure.
@pytest.mark.parametrize("game_name, text, side, issue, label", [
    ("moving-service", "$2,500, basic coverage, weekend move, and we'll do the packing ourselves.", 0, "packing", None),
    ("moving-service", "$2,500, basic coverage, weekend move, and we'll do the packing ourselves.", 1, "packing",
     "no packing"),
    ("furniture-order", "$1,100, home delivery, 2-year warranty, and we'll assemble it ourselves.", 0, "assembly",
     "assembly included"),
    # Spanish, through the lexicon ("nosotros mismos" = ourselves)
    ("furniture-order", "1.100 $, entrega a domicilio, garantía de 2 años, y el montaje lo hacemos nosotros mismos.", 0,
     "assembly", "assembly included"),
    ("furniture-order", "$1,100, home delivery, 2-year warranty; you can assemble it yourself.", 0, "assembly",
     "self-assembly"),
])
def test_a_self_label_from_a_reflexive_pronoun_is_the_served_partys(game_name, text, side, issue, label) -> None:
    from tests.gold_shape import labels_of

    reading = extract_message(text, labels_of(game_name), side=side)
    assert reading.offers.get(issue) == label
    if label is None or label == "assembly included":
        assert reading.confidence == "unsure"
