"""Classes of text labels the sixteenth round of issue 12 reads by general mechanisms (tuned on
round 16's half A: the odd halves of test18 and test19 and the even halves of test12 ... test17;
checked on half B), each tested on fresh examples written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.label_clashes import indistinguishable_labels
from lamen.judge.labels import GameLabels
from lamen.judge.lexicon import inflected_forms
from lamen.judge.party_labels import note_writer
from lamen.spec.issue import Issue
from tests.gold_shape import labels_from_yaml, labels_of

game = labels_of  # a built-in or user-authored game's label tables

# A game of this file's own: synonyms that hold number words ("one trip to the tip per visit",
# "three bags left at the kerb") and a frequency issue of period words.
_GARDEN_GAME = """\
name: garden-care
description: A gardener and a homeowner are negotiating a season of garden care.
sides:
  - You represent the gardener.
  - You represent the homeowner.
parties: [Gardener, Homeowner]
issues:
  - name: visit price
    issue_type: distributive
    descriptions: What the homeowner pays per visit.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$80", "$100", "$120"], ["$80", "$100", "$120"]]
  - name: green waste
    issue_type: integrative
    descriptions: What happens to the clippings.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [[left on site, bagged, hauled away], [left on site, bagged, hauled away]]
    synonyms:
      hauled away: [one trip to the tip per visit]
      bagged: [three bags left at the kerb]
  - name: hedges
    issue_type: integrative
    descriptions: How often the hedges are trimmed.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [[monthly, quarterly, yearly], [monthly, quarterly, yearly]]
  - name: tools
    issue_type: integrative
    descriptions: Whose equipment is used.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [["gardener's own tools", "homeowner's tools"], ["gardener's own tools", "homeowner's tools"]]
issue_weights: [[2, 1, 1, 1], [1, 2, 1, 1]]
scale: [100, 100]
"""

# Labels of doing it oneself, in a game whose parties are a provider and the client it serves.
_PARTY_GAME = """\
name: party-catering
description: A caterer and a client are negotiating the food for a birthday party.
sides:
  - You represent the caterer.
  - You represent the client.
parties: [Caterer, Client]
issues:
  - name: price per head
    issue_type: distributive
    descriptions: What the client pays per guest.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$25", "$30", "$35"], ["$25", "$30", "$35"]]
  - name: serving
    issue_type: integrative
    descriptions: Who serves the food.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[waiter service, self-service], [waiter service, self-service]]
issue_weights: [[2, 1], [1, 2]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def catering(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "party-catering", _PARTY_GAME)


@pytest.fixture(scope="module")
def garden(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "garden-care", _GARDEN_GAME)


# Number words become digits before labels are looked for, so a label or synonym holding a number
# word is put through the same rewrite when the tables are built: "one trip to the tip per visit"
# is found in text read as "1 trip to the tip per visit".
@pytest.mark.parametrize("text, offers", [
    ("We can do $100 a visit, one trip to the tip per visit, and the hedges every three months.",
     {"visit price": "$100", "green waste": "hauled away", "hedges": "quarterly"}),
    ("Fine: $80, three bags left at the kerb, hedges every twelve months.",
     {"visit price": "$80", "green waste": "bagged", "hedges": "yearly"}),
    ("How about $120 with 1 trip to the tip per visit?", {"visit price": "$120", "green waste": "hauled away"}),
])
def test_a_synonym_with_a_number_word_is_read_in_a_message(garden, text, offers) -> None:
    reading = extract_message(text, garden)
    assert reading.offers == offers
    assert reading.confidence == "sure"


@pytest.mark.parametrize("text, offers", [
    ("Acceptable offer: price $100; green waste: one trip to the tip per visit; hedges: every three months",
     {"visit price": "$100", "green waste": "hauled away", "hedges": "quarterly"}),
    ("Acceptable offer: $80 / three bags left at the kerb / hedges every twelve months",
     {"visit price": "$80", "green waste": "bagged", "hedges": "yearly"}),
])
def test_a_synonym_with_a_number_word_is_read_in_a_note(garden, text, offers) -> None:
    reading = extract_note(text, garden)
    assert reading.offers == offers
    assert reading.confidence == "sure"


def test_a_word_after_every_that_counts_nothing_stays_as_written(garden) -> None:
    # "every single month" is monthly by the period words, not a count of months
    assert extract_message("$80 and the hedges every single month.", garden).offers == \
        {"visit price": "$80", "hedges": "monthly"}


def test_synonyms_a_number_word_and_its_digit_apart_cannot_be_told_apart() -> None:
    # "one day" and "1 day" read the same once number words are digits: `lamen validate` warns
    issue = Issue(name="delivery", issue_type="integrative", descriptions=("How fast.", "How fast."),
                  payoffs=((0, 1), (1, 0)), payoff_labels=(("express", "standard"),) * 2,
                  synonyms={"express": ["one day"], "standard": ["1 day"]})
    assert indistinguishable_labels(issue) == [("express", "standard")]


# Labels that name a party (by a word of its name, or "self-" for the party served) are read from
# whose side the text gives the thing to: "we" / "our" the speaker's, "you" / "your" the listener's.
@pytest.mark.parametrize("text, side, offers", [
    # the homeowner speaks: "you bring your own" is the gardener's side
    ("$100 a visit is fine, and you bring your own mower.", 1, {"visit price": "$100", "tools": "gardener's own tools"}),
    # the gardener speaks: "your tools" are the homeowner's
    ("I'll come for $120 and work with your tools.", 0, {"visit price": "$120", "tools": "homeowner's tools"}),
])
def test_who_brings_the_thing_names_the_party_label(garden, text, side, offers) -> None:
    reading = extract_message(text, garden, side=side)
    assert reading.offers == offers
    assert reading.confidence == "unsure"
    assert "whose side" in reading.reason


@pytest.mark.parametrize("text, side, offers", [
    ("We'll handle the serving ourselves if it's $25 a head.", 1, {"price per head": "$25", "serving": "self-service"}),
    ("At $30 a head you would handle the serving.", 0, {"price per head": "$30", "serving": "self-service"}),
    ("$35 a head, and our staff serve — we handle the serving.", 0, {"price per head": "$35", "serving": "waiter service"}),
])
def test_doing_it_oneself_is_the_served_partys_label(catering, text, side, offers) -> None:
    assert extract_message(text, catering, side=side).offers == offers


def test_bringing_a_value_down_gives_nothing_to_a_side(garden) -> None:
    # "I can bring that down": a verb of bringing whose object is the price, not the tools
    assert extract_message("I can bring that down to $80.", garden, side=0).offers == {"visit price": "$80"}


# The concepts text labels are built from, glossed in more languages (label_glosses.py): "full",
# "basic", "only", "included", "without", "every ... week", "on delivery", "fixed", "own", counts
# of one to twelve. The text labels of the game are then read as in English. (Only the text-label
# issues are asserted: amounts in these languages are another class's work.)
@pytest.mark.parametrize("game_name, text, side, labels_read", [
    ("event-venue", "Navrhujeme 6 000 $ za 8 hodin, plné vrácení a základní AV.", 0,
     {"cancellation": "full refund", "av equipment": "basic AV"}),
    ("wine-supply", "Possiamo fare 150 $ a cassa, consegna ogni settimana e pagamento alla consegna.", 1,
     {"delivery schedule": "weekly", "payment terms": "cash on delivery"}),
    ("coworking-membership", "Wij willen graag een vaste werkplek voor $450 per maand.", 1,
     {"desk type": "dedicated desk"}),
    ("band-booking", "Мы предлагаем 1 400 $, два сета и только напитки.", 0,
     {"sets": "two sets", "hospitality": "drinks only"}),
    ("solar-installation", "Teklifimiz 18.000 $, kurulum iki hafta içinde, batarya yok.", 0,
     {"installation": "within two weeks", "battery": "no battery"}),
    ("furniture-order", "Nabízíme 1 100 $, montáž v ceně, bez záruky.", 0,
     {"assembly": "assembly included", "warranty": "no warranty"}),
])
def test_label_concepts_are_read_in_other_languages(game_name, text, side, labels_read) -> None:
    reading = extract_message(text, game(game_name), side=side)
    assert {issue: reading.offers.get(issue) for issue in labels_read} == labels_read
    assert reading.confidence == "unsure"  # not in English: the fallback may check it


def test_whose_charge_it_is_is_read_in_another_language() -> None:
    # "à notre charge" from the cleaning company: on us, the cleaner provides
    reading = extract_message("Nous proposons 2 500 $ par mois, deux fois par semaine, et les produits d'entretien "
                              "sont à notre charge.", game("office-cleaning"), side=0)
    assert reading.offers.get("supplies") == "cleaner provides"


def test_without_is_not_with() -> None:
    # "without operator" shares the stem "with" of the synonym "with operator", and says the
    # opposite: the operator denied by name is the label without it
    reading = extract_message("We propose $1,750 a week, without operator, on site March 16.", game("plant-hire"), side=1)
    assert reading.offers.get("operator") == "dry hire"


# A word the lexicon lists with another ending (a case or gender of Polish, Czech, German, ...) is
# read as the lexicon's form: "załogą" as "załoga", "paliwem" as "paliwo", "kostenlosen" as "kostenlose".
@pytest.mark.parametrize("game_name, text, side, labels_read", [
    ("boat-charter", "Proponujemy 8 000 $ z pełną załogą i paliwem w cenie.", 0,
     {"crew": "full crew", "fuel": "fuel included"}),
    ("language-tutoring", "Wäre 45 $ pro Stunde möglich, zweimal pro Woche, mit einer kostenlosen Probestunde?", 1,
     {"sessions": "two per week", "trial lesson": "free trial lesson"}),
])
def test_an_inflected_word_is_read_as_the_lexicons_form(game_name, text, side, labels_read) -> None:
    reading = extract_message(text, game(game_name), side=side)
    assert {issue: reading.offers.get(issue) for issue in labels_read} == labels_read


def test_inflection_leaves_english_words_and_the_lexicons_phrases_alone() -> None:
    # "proposez" of the phrase "vous proposez" (the other side's offer, quoted) stays as written;
    # an English word of plain letters keeps its ending
    assert inflected_forms("Vous proposez 5 %, z pełną załogą, delivered") == "Vous proposez 5 %, z pełną załoga, delivered"


def test_a_preposition_or_possessive_around_a_label_word_says_nothing_of_which_label() -> None:
    # "via my bank": of the financing labels, only "bank loan" has the word "bank"
    found = extract_note("Acceptable offer: $24,500 / via my bank / powertrain only / next month", game("car-purchase"))
    assert {issue: found.offers.get(issue) for issue in ("financing", "warranty", "handover")} == \
        {"financing": "bank loan", "warranty": "powertrain only", "handover": "next month"}


@pytest.mark.parametrize("text, arrangement", [
    ("We can do $115,000 base, remote-only (one office visit a quarter), 25 days of vacation.", "fully remote"),
    ("We can do $105,000, on-site (a desk in our office), 20 days of vacation.", "on-site"),
])
def test_a_parenthesis_after_a_label_describes_it(text, arrangement) -> None:
    # the words in parentheses ("office", "in our office") are how the label is lived, no second value
    assert extract_message(text, game("job-offer"), side=0).offers.get("work arrangement") == arrangement


@pytest.mark.parametrize("text, side, labels_read", [
    # 场 counts sets of a show; は parts a thing from what is said of it ("signing bonus: none")
    ("我们可以接受一千八百美元，演三场，用场地的音响。", 1, {"sets": "three sets", "sound": "house PA"}),
    ("年収11万ドル、ハイブリッド、休暇20日、入社ボーナスは不要です。", 1, {"work arrangement": "hybrid", "signing bonus": "no bonus"}),
])
def test_counters_and_the_topic_particle(text, side, labels_read) -> None:
    name = "band-booking" if "场" in text else "job-offer"
    reading = extract_message(text, game(name), side=side)
    assert {issue: reading.offers.get(issue) for issue in labels_read} == labels_read


def test_a_case_ending_on_a_long_word_in_a_text_of_few_lexicon_words() -> None:
    # Finnish "ilman allekirjoitusbonusta" (without a signing bonus): the partitive ending dropped
    reading = extract_message("Tarjoamme palkan 110 000 $, hybridimalli, ilman allekirjoitusbonusta.", game("job-offer"), side=0)
    assert reading.offers.get("signing bonus") == "no bonus"
    assert inflected_forms("ilman allekirjoitusbonusta", strict=True) == "ilman allekirjoitusbonus"
    assert inflected_forms("they proposed a delivery", strict=True) == "they proposed a delivery"


def test_a_note_that_names_its_writer_gives_its_we_a_side() -> None:
    found = extract_note("Office manager note. Acceptable: $2,200 a month, weekly, we bring our own cleaning stuff, 1% increase.",
                         game("office-cleaning"))
    assert {issue: found.offers.get(issue) for issue in ("frequency", "supplies")} == \
        {"frequency": "weekly", "supplies": "client provides"}
    assert note_writer("Venue note. They want more.", ("Venue", "Band")) == 0
    assert note_writer("Notes (band): fine by me", ("Venue", "Band")) == 1
    assert note_writer("Note: the venue wants more.", ("Venue", "Band")) is None  # a party spoken of, not the writer


@pytest.mark.parametrize("game_name, text, side, labels_read", [
    ("car-purchase", "Could we do $26,500 if I finance it through my credit union?", 1, {"financing": "bank loan"}),
    ("wine-supply", "Possiamo fare 150 $ a cassa, consegna ogni settimana, solo al bicchiere.", 1,
     {"delivery schedule": "weekly", "listing": "by the glass only"}),
    # a count in words before a unit of another language ("два тижні"): the unit is read as a word
    ("translation-job", "Можемо погодитися на 0,12 $ за слово, якщо термін буде два тижні.", 1, {"turnaround": "two weeks"}),
])
def test_more_label_words(game_name, text, side, labels_read) -> None:
    reading = extract_message(text, game(game_name), side=side)
    assert {issue: reading.offers.get(issue) for issue in labels_read} == labels_read


# The served party's label ("self-operated", "hirer's own insurance") comes from who is named like
# the game's trade ("Plant-hire firm" of plant-hire): the other party is served. A word all labels
# of an issue share ("hire" of "dry hire" / "wet hire") names no party.
@pytest.mark.parametrize("text, side, labels_read", [
    ("$1,900 a week, our operator in the cab, and any damage sits on your own insurance.", 0,
     {"operator": "operator included", "damage cover": "hirer liable"}),
    ("Fine at $1,600 a week; the damage is on us.", 1, {"damage cover": "hirer liable"}),
])
def test_the_served_party_is_the_one_not_named_like_the_trade(text, side, labels_read) -> None:
    reading = extract_message(text, game("plant-hire"), side=side)
    assert {issue: reading.offers.get(issue) for issue in labels_read} == labels_read


# A thing denied by name is the label without it, of an issue whose labels are having it or not.
@pytest.mark.parametrize("game_name, text, issue, label", [
    ("furniture-order", "We would pay $900 with home delivery and no assembly.", "assembly", "self-assembly"),
    ("plant-hire", "We offer $1,400 a week, no operator, from April 6.", "operator", "dry hire"),
    # a charge after the thing: "no assembly fee" is assembly at no charge, no denial of it
    ("furniture-order", "$1,000 with home delivery and no assembly fee.", "assembly", None),
])
def test_a_thing_denied_by_name_is_the_label_without_it(game_name, text, issue, label) -> None:
    reading = extract_message(text, game(game_name), side=1)
    assert reading.offers.get(issue) == label
    if label:
        assert "denied by name" in reading.reason


@pytest.mark.parametrize("text", [
    "Nous pouvons offrir 115 000 $, hybride, 20 jours de congés, sans prime.",
    "We can do $115,000, hybrid, and no sign-on bonus.",
])
def test_no_bonus_in_other_words(text) -> None:
    # "sans prime" (no bonus), "sign-on bonus" (a signing bonus): the issue's zero label
    reading = extract_message(text, game("job-offer"), side=0)
    assert {issue: reading.offers.get(issue) for issue in ("work arrangement", "signing bonus")} == \
        {"work arrangement": "hybrid", "signing bonus": "no bonus"}


@pytest.mark.parametrize("game_name, text, side, labels_read", [
    # a day of the week names the weekday or weekend label, where the game's labels say which
    ("moving-service", "$1,800, basic coverage, and come on a Sunday please.", 1, {"move day": "weekend"}),
    ("moving-service", "$1,800, basic coverage, and we'd move you on a Tuesday.", 0, {"move day": "weekday"}),
    # a short word a label word starts with ("pay" of "payment on delivery")
    ("wine-supply", "We'd go to $150 a case, monthly, and pay on delivery.", 1, {"payment terms": "cash on delivery"}),
])
def test_days_and_short_words_of_label_words(game_name, text, side, labels_read) -> None:
    reading = extract_message(text, game(game_name), side=side)
    assert {issue: reading.offers.get(issue) for issue in labels_read} == labels_read
