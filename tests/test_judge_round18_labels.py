"""Classes of text labels the eighteenth round of issue 12 reads by general mechanisms (tuned on
round 18's half A, every item of test20 and test21, and the retired parts' errors; checked on half
B, test22 and test23, by its totals), each tested on fresh examples written for these tests, not
the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml, labels_of

# A game of this file's own: an issue whose two labels each name a party ("caterer washes up" /
# "school washes up"), in words no other game holds.
_SCHOOL_GAME = """\
name: school-lunch
description: A caterer and a school are negotiating a lunch contract.
sides:
  - You represent the caterer.
  - You represent the school.
parties: [Caterer, School]
issues:
  - name: price per meal
    issue_type: distributive
    descriptions: What the school pays per meal.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$4", "$5", "$6"], ["$4", "$5", "$6"]]
  - name: dishwashing
    issue_type: integrative
    descriptions: Who washes the dishes after lunch.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[caterer washes up, school washes up], [caterer washes up, school washes up]]
issue_weights: [[2, 1], [1, 2]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "school-lunch", _SCHOOL_GAME)


# A clause naming the party that provides the thing by its name or role, not by a pronoun: the
# subject of a verb of providing or doing ("the hotel doing the repairs", "the caterer's staff take
# care of"), the object of a preposition of agency or belonging ("done by the school", "upkeep by the
# hotel", "dal negozio", "stays on the hirer"), or an owner ("caterer's"). It needs no side, so a
# note that does not name its writer is read too; the reading is unsure.
@pytest.mark.parametrize("game_name, text, issue, label", [
    ("bike-fleet", "Let's say $500 a month for 15 bikes, with the hotel doing the repairs, all year.",
     "maintenance", "self-maintained"),
    ("bike-fleet", "Per 15 bici a 500 $ al mese, manutenzione dal negozio, tutto l'anno.", "maintenance",
     "shop-maintained"),
    ("plant-hire", "$1,750 a week, with a driver; damage: at the charge of the hirer.", "damage cover", "hirer liable"),
    ("food-truck-pitch", "$450 and 5%, food court, and electricity provided by the festival.", "power", "mains hookup"),
    ("office-cleaning", "$2,500 a month, twice a week, and the cleaning products are supplied by the office.",
     "supplies", "client provides"),
    ("school", "Four dollars a meal, and the dishwashing is done by the school.", "dishwashing", "school washes up"),
    ("school", "Four dollars a meal, the caterer's staff take care of the dishwashing.", "dishwashing",
     "caterer washes up"),
])
def test_a_clause_naming_the_providing_party_reads_its_label(school, game_name, text, issue, label) -> None:
    labels = school if game_name == "school" else labels_of(game_name)
    reading = extract_message(text, labels)  # (no side: the party is named, not a pronoun)
    assert reading.offers[issue] == label
    assert reading.confidence == "unsure"


@pytest.mark.parametrize("note, offers", [
    # a layout no gold part has: one line of values between pipes, the provider named in a line
    ("fee 600 | 20 bikes | the shop services them | summer only",
     {"monthly fee": "$600", "fleet size": "20 bikes", "maintenance": "shop-maintained",
      "contract length": "summer season"}),
    ("Acceptable offer: $1,100, local drop-off, 1-year warranty, assembly done by the customer.",
     {"price": "$1100", "delivery": "local drop-off", "warranty": "1 year", "assembly": "self-assembly"}),
])
def test_a_note_naming_the_provider_is_read_without_its_writer(note, offers) -> None:
    game_name = "bike-fleet" if "bikes" in note else "furniture-order"
    reading = extract_note(note, labels_of(game_name))
    assert reading.offers == offers
    assert reading.confidence == "unsure"


def test_a_denied_or_disputed_provider_reads_no_label(school) -> None:
    # a denial says who does not provide it, which leaves the issue open
    denied = extract_note("Acceptable offer: $1,100, pickup, 1-year warranty. The store won't assemble it.",
                          labels_of("furniture-order"))
    assert "assembly" not in denied.offers
    # an owner named in one line and a pronoun in another, with no side to settle the pronoun
    disputed = extract_note("their likely offer: $4, dishwashing: school's\nours: $6, we handle the dishwashing",
                            school)
    assert "dishwashing" not in disputed.offers
    # the same owner alone is read
    assert extract_note("Acceptable: $5, dishwashing: caterer's", school).offers == {
        "price per meal": "$5", "dishwashing": "caterer washes up"}


# A reflexive pronoun says who does the thing: "ourselves" / "myself" the speaker, "yourselves" the
# listener ("Sie selbst", "vous-mêmes" through the lexicon), with no verb of providing needed.
def test_a_reflexive_pronoun_gives_the_thing_to_its_side() -> None:
    reading = extract_message("Fine at $2,500 a month, twice a week; the cleaning supplies we'll order ourselves.",
                              labels_of("office-cleaning"), side=1)
    assert reading.offers == {"monthly price": "$2500", "frequency": "twice a week", "supplies": "client provides"}
    assert reading.confidence == "unsure"


# The party served doing the provider's thing itself ("we'll source the battery ourselves", said by
# the homeowner; "die Reinigung übernehmen Sie selbst", said by the contractor to the homeowner) is
# the issue's "no …" label, in a game whose party names say who is served; the provider doing it
# itself names none of its several labels.
@pytest.mark.parametrize("game_name, text, side, offers", [
    ("solar-installation", "We'd go ahead at $19,000 with standard panels, and the battery we'll source ourselves.", 1,
     {"price": "$19000", "panels": "standard panels", "battery": "no battery"}),
    ("home-renovation", "Wir machen es für 20.000 $ mit Standardmaterial ab nächster Woche, die Reinigung übernehmen "
     "Sie selbst.", 0, {"price": "$20000", "start": "next week", "cleanup": "no cleanup"}),
])
def test_the_served_party_doing_it_itself_is_the_none_label(game_name, text, side, offers) -> None:
    reading = extract_message(text, labels_of(game_name), side=side)
    assert reading.offers == offers
    assert reading.confidence == "unsure"


def test_the_provider_doing_it_itself_names_no_label() -> None:
    reading = extract_message("$20,000, standard materials, next week, and we'll handle the cleanup ourselves.",
                              labels_of("home-renovation"), side=0)
    assert "cleanup" not in reading.offers


# A Chinese word opening with 月 ("月租", monthly rent) is not read where that 月 ends a count of
# months: "18个月租期" is eighteen months of lease term, not "18个 rent 期".
@pytest.mark.parametrize("text, offers", [
    ("我们提议18个月租期，月租1100美元，押金1000美元。", {"duration": "18 months", "rent": "$1100", "deposit": "$1000"}),
    ("我们提议24个月租期和1200美元月租。", {"duration": "24 months", "rent": "$1200"}),
])
def test_a_month_count_keeps_its_month_before_a_word_of_rent(text, offers) -> None:
    assert extract_message(text, labels_of("rental-agreement")).offers == offers


# A verb of providing coordinated after "and" shares the subject of the clause before it: "could
# you drop the sofa off and assemble it?" asks the store to assemble it.
@pytest.mark.parametrize("text, side, label", [
    ("Could you drop the sofa off at our flat and assemble it? Then $1,100 works.", 1, "assembly included"),
    ("If we take it to your flat and assemble it, the price is $1,200.", 0, "assembly included"),
])
def test_a_coordinated_verb_shares_its_subject(text, side, label) -> None:
    reading = extract_message(text, labels_of("furniture-order"), side=side)
    assert reading.offers["assembly"] == label
    assert reading.confidence == "unsure"


# More English shapes of "who provides it", read with the side of the pronoun: a possessive noun
# phrase as the subject ("our fitters will assemble it", "our mechanics will look after them"), and
# the thing "down to" / "up to" a side or "on your side".
@pytest.mark.parametrize("game_name, text, side, issue, label", [
    ("furniture-order", "$1,100, home delivery, 1 year; our fitters will assemble it.", 0, "assembly",
     "assembly included"),
    ("bike-fleet", "$500 a month for 15 bikes all year; our mechanics will look after them.", 0, "maintenance",
     "shop-maintained"),
    ("furniture-order", "$1,100, home delivery, 1 year; assembly is down to you.", 0, "assembly", "self-assembly"),
    ("office-cleaning", "$2,500 monthly, twice a week; the supplies are on your side.", 1, "supplies",
     "cleaner provides"),
])
def test_more_english_shapes_of_who_provides(game_name, text, side, issue, label) -> None:
    reading = extract_message(text, labels_of(game_name), side=side)
    assert reading.offers[issue] == label
    assert reading.confidence == "unsure"


# A party's name right before a word of the thing, a compound noun ("cleaner supplies", "hotel
# servicing", "会場のPA" read as "venue の PA"), names the party that provides it; pipes and middle
# dots part a line's clauses as commas do.
@pytest.mark.parametrize("game_name, note, issue, label", [
    ("office-cleaning", "Acceptable: $2,500 | twice a week | cleaner supplies | 2%", "supplies", "cleaner provides"),
    ("bike-fleet", "fee 600 · 20 bikes · hotel servicing · full year", "maintenance", "self-maintained"),
    ("band-booking", "Our offer → $1,200 | 2 sets | 会場のPA | drinks only", "sound", "house PA"),
])
def test_a_party_named_before_the_thing_provides_it(game_name, note, issue, label) -> None:
    reading = extract_note(note, labels_of(game_name))
    assert reading.offers[issue] == label
    assert reading.confidence == "unsure"
