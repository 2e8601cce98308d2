"""Classes of text labels the seventeenth round of issue 12 reads by general mechanisms (tuned on
round 17's half A: the odd halves of test20 and test21 and the even halves of test18 and test19;
checked on half B by its totals), each tested on fresh examples written for these tests, not the
gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml, labels_of

# A game of this file's own: a label opening with a preposition and an article ("at the counter
# only"), beside one sharing a word with it ("counter and table").
_CAFE_GAME = """\
name: cafe-supply
description: A bakery and a cafe are negotiating a pastry supply.
sides:
  - You represent the bakery.
  - You represent the cafe.
parties: [Bakery, Cafe]
issues:
  - name: price per tray
    issue_type: distributive
    descriptions: What the cafe pays per tray of pastries.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$30", "$35", "$40"], ["$30", "$35", "$40"]]
  - name: service
    issue_type: integrative
    descriptions: How the cafe sells the pastries.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[at the counter only, counter and table], [at the counter only, counter and table]]
issue_weights: [[2, 1], [1, 2]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def cafe(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "cafe-supply", _CAFE_GAME)


# A paraphrase of another label inside a parenthesis right after a label (or after a noun of it)
# describes that label: "hybrid (2 days in office)" is hybrid, not also on-site.
@pytest.mark.parametrize("text, offers", [
    ("We'd propose $120,000 and a hybrid pattern (2 days in office), plus 25 days off.",
     {"salary": "$120000", "vacation": "25 days", "work arrangement": "hybrid"}),
    ("Our offer: 1. $100,000 2. Hybrid (4 days in office) 3. 20 days",
     {"salary": "$100000", "vacation": "20 days", "work arrangement": "hybrid"}),
])
def test_a_parenthesis_after_a_label_describes_it(text, offers) -> None:
    reading = extract_message(text, labels_of("job-offer"))
    assert reading.offers == offers
    assert reading.ambiguous == ()
    assert reading.confidence == "sure"


# The preposition and article opening a label may go unsaid, when the rest is no other label's wording.
@pytest.mark.parametrize("game_name, text, issue, label", [
    ("wine-supply", "Net 30 suits us, weekly delivery, and glass only for now.", "listing", "by the glass only"),
    ("cafe", "We can do $35 a tray if it's counter only.", "service", "at the counter only"),
])
def test_a_label_is_read_without_its_opening_preposition(cafe, game_name, text, issue, label) -> None:
    labels = cafe if game_name == "cafe" else labels_of(game_name)
    assert extract_message(text, labels).offers[issue] == label


def test_the_shortened_label_is_not_made_where_another_label_holds_its_words(cafe) -> None:
    # "counter" alone is in both labels: only the two-word rest "counter only" is added, and a
    # text saying "counter" alone names neither.
    phrases = {words for words, _ in cafe.issues["service"].phrases}
    assert ("counter", "only") in phrases
    assert ("counter",) not in phrases


# A bare count in running text ("1" of "1 week") names no text label whose digit form holds that
# number ("1 proofreading pass" of single proofread): the count is the turnaround's.
def test_a_bare_count_does_not_name_a_synonym_in_digit_form() -> None:
    labels = labels_of("translation-job")
    review = labels.issues["review"]
    assert review.match("1", labels.known_units).label == "single proofread"  # under a key it does
    assert review.match_in_text("1", labels.known_units).kind == "empty"
    assert review.match_in_text("2", labels.known_units).kind == "empty"  # "two-linguist review"
    reading = extract_message("Rate 0.11, and for proofreading we can wait 1 week at most.", labels)
    assert reading.offers == {"turnaround": "one week"}


def test_a_count_after_a_value_of_its_issue_or_its_key_still_names_its_label() -> None:
    labels = labels_of("band-booking")
    reading = extract_message("Honestly, the most we can do is cut it from three sets down to one.", labels)
    assert reading.offers == {"sets": "one set"}
    sets = labels.issues["sets"]
    # ("two rounds" of "2 rounds": the label's own word after the count names it)
    assert sets.match_in_text("2", labels.known_units, "sets").label == "two sets"
    assert sets.match_in_text("2", labels.known_units, "tours").kind == "empty"


# Glosses of the things the user-authored games deal in (mowing, hedges, compost, on site, haul
# away; main stage, food court, car park, edge, generator, mains; translation, layout, print-ready)
# in the languages messages are written in: the label is then found from its words.
@pytest.mark.parametrize("game_name, text, offers", [
    ("garden-maintenance", "Wir schlagen 1.200 $ im Monat vor, Rasenmähen und Hecken, Kompostierung vor Ort.",
     {"price": "$1200", "scope": "mowing and hedges", "green waste": "compost on site"}),
    ("garden-maintenance", "격주 방문, 월 1,000달러, 잔디 깎기와 산울타리, 퇴비는 현장에서 처리하겠습니다.",
     {"price": "$1000", "visit frequency": "fortnightly", "scope": "mowing and hedges",
      "green waste": "compost on site"}),
    ("food-truck-pitch", "Proponiamo 600 $ per lo spazio, commissione del 10%, vicino al palco principale, con "
     "generatore proprio.",
     {"pitch fee": "$600", "commission": "10%", "location": "main stage area", "power": "own generator"}),
    ("food-truck-pitch", "摊位费600美元，抽成10%，位置在美食广场，我们自带发电机。",
     {"pitch fee": "$600", "commission": "10%", "location": "food court", "power": "own generator"}),
    ("translation-job", "Podemos fazer 0,10 $ por palavra, em quatro semanas, só tradução, texto editável.",
     {"rate": "$0.10", "turnaround": "four weeks", "review": "translation only", "format": "editable text"}),
])
def test_the_games_things_are_read_in_other_languages(game_name, text, offers) -> None:
    reading = extract_message(text, labels_of(game_name))
    assert reading.offers == offers
    assert reading.confidence == "unsure"  # (a text not in English is read unsure)


# A short last segment holding no number after the values is a tag asking for agreement, in any
# language the lexicon turns into English: the values before it are proposed, not asked about.
@pytest.mark.parametrize("text", [
    "Plated dinner, 65 dollars a guest, open bar, full prepayment — are you agreed?",
    "Plated dinner, 65 dollars a guest, open bar, full prepayment — sind Sie einverstanden?",
])
def test_a_tag_question_after_a_package_leaves_it_proposed(text) -> None:
    reading = extract_message(text, labels_of("catering-contract"))
    assert reading.offers == {"menu": "plated dinner", "price per guest": "$65", "bar": "open bar",
                              "payment": "full prepayment"}


def test_an_inquiry_about_a_value_is_still_a_question() -> None:
    reading = extract_message("Thanks — just to confirm, is the $110,000 before the bonus?", labels_of("job-offer"))
    assert reading.offers == {}


# "a full year" is read as "1 year" (one unit's length): a label "full year" is found in that form.
@pytest.mark.parametrize("text", [
    "We could take 15 bikes for $550 a month over a full year.",
    "Podemos oferecer 15 bicicletas por 550 $ por mês, num contrato de um ano inteiro.",
])
def test_a_full_unit_label_is_read_after_the_number_rewrite(text) -> None:
    reading = extract_message(text, labels_of("bike-fleet"))
    assert reading.offers["contract length"] == "full year"
    assert reading.offers["fleet size"] == "15 bikes"


# A question about the thing gives it to no side: "your" in an inquiry names no provider.
def test_a_question_about_a_party_named_thing_reads_no_side() -> None:
    labels = labels_of("bike-fleet")
    asked = extract_message("Before we talk numbers, what exactly does your maintenance plan include — are "
                            "punctures fixed the same day?", labels, side=1)
    assert "maintenance" not in asked.offers
    told = extract_message("Fine: $500 a month for 15 bikes, and your team handles the maintenance.", labels, side=1)
    assert told.offers["maintenance"] == "shop-maintained"


# A period word that is an amount's period ("a monthly fee of $1,100", "$1,100 monthly,", 月額
# read as "monthly" before the amount) is no label of a frequency issue; before a noun of
# something else ("1,100 dollars weekly visits") it still is.
@pytest.mark.parametrize("text, frequency", [
    ("A monthly fee of $1,200 suits us, with a crew every other week and mowing only.", "fortnightly"),
    ("We'd settle at $1,200 monthly, weekly visits, mowing only.", "weekly"),
    ("月額1,200ドルで、毎週の訪問、芝刈りのみでお願いします。", "weekly"),
    ("We'd settle at $1,200, monthly visits, mowing only.", "monthly"),
])
def test_an_amounts_period_is_no_frequency_label(text, frequency) -> None:
    reading = extract_message(text, labels_of("garden-maintenance"))
    assert reading.offers == {"price": "$1200", "visit frequency": frequency, "scope": "mowing only"}
    assert reading.ambiguous == ()


# A phrasal verb whose object is the talk itself ("pick this up tomorrow") names no label; one
# whose object is the goods ("pick it up ourselves") still does.
def test_picking_the_talk_up_is_no_pickup() -> None:
    labels = labels_of("furniture-order")
    assert extract_message("Let me measure the hallway first — can we pick this up tomorrow?", labels).offers == {}
    assert extract_message("$1,100 and we'll pick it up ourselves.", labels).offers == {"price": "$1100",
                                                                                         "delivery": "pickup"}
