"""Classes of text labels the twenty-third round of issue 12 reads by general mechanisms (tuned on
round 23's half A, every item of test20 … test47 and the retired parts' errors; checked on half B,
test48 … test53, by its totals), each tested on fresh examples written for these tests, not the gold
set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message
from lamen.judge.labels import GameLabels
from lamen.judge.party_labels import _served_sides
from tests.gold_shape import labels_from_yaml

# A game of this file's own where the owner is the one served: a boatyard stores an owner's boat for
# the winter; who brings the boat to the yard is a text label naming the party that does it.
_BOATYARD_GAME = """\
name: winter-storage
description: A boatyard and a boat owner are negotiating the boat's winter storage.
sides:
  - You represent the boatyard.
  - You represent the boat owner.
parties: [Boatyard, Owner]
issues:
  - name: fee
    issue_type: distributive
    descriptions: What the owner pays the boatyard for the winter.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$700", "$800", "$900"], ["$700", "$800", "$900"]]
  - name: haul-out
    issue_type: integrative
    descriptions: How the boat reaches the yard.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[boatyard collects, owner delivers], [boatyard collects, owner delivers]]
  - name: cover
    issue_type: integrative
    descriptions: How the boat is covered.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[tarpaulin, shrink-wrap], [tarpaulin, shrink-wrap]]
issue_weights: [[2, 1, 1], [2, 1, 1]]
scale: [100, 100]
"""

# ... and one where the owner is the one serving: guests rent an owner's cabin, and the cleaning is
# the owner's service or none of it.
_CABIN_GAME = """\
name: cabin-let
description: A cabin's owner and a group of guests are negotiating a week's let.
sides:
  - You represent the owner.
  - You represent the guests.
parties: [Owner, Guests]
issues:
  - name: nightly price
    issue_type: distributive
    descriptions: What the guests pay for each night.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$150", "$200", "$250"], ["$150", "$200", "$250"]]
  - name: cleaning
    issue_type: integrative
    descriptions: Whether the cabin is cleaned during the stay.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[daily cleaning, no cleaning], [daily cleaning, no cleaning]]
issue_weights: [[2, 1], [2, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def boatyard(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "winter-storage", _BOATYARD_GAME)


@pytest.fixture(scope="module")
def cabin(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "cabin-let", _CABIN_GAME)


# The served party doing the provider's deed in a verb's words, neither the issue nor a label named:
# the verb ("bring", "fetch", "pick … up", kin of the labels' "collects" / "delivers") links the clause
# to the issue, its subject (or a reflexive) names the side, and the label naming that side is read,
# unsure — in prose, with a reflexive after a gerund, and in a slash-parted text no gold part has.
@pytest.mark.parametrize(("text", "side", "offers"), [
    ("I'll bring her round to your slip myself, and $800 for the winter.", 1,
     {"fee": "$800", "haul-out": "owner delivers"}),
    ("Happy with $900 and shrink-wrap; we can fetch her from your mooring.", 0,
     {"fee": "$900", "cover": "shrink-wrap", "haul-out": "boatyard collects"}),
    ("$800 / tarpaulin / u guys pick her up from the marina / deal?", 1,
     {"fee": "$800", "cover": "tarpaulin", "haul-out": "boatyard collects"}),
    ("Fine by me: $700, and sailing her over to you ourselves is no trouble, bringing her in ourselves.", 1,
     {"fee": "$700", "haul-out": "owner delivers"}),
])
def test_a_verb_of_the_deed_names_who_does_it(boatyard: GameLabels, text: str, side: int, offers: dict[str, str]) -> None:
    found = extract_message(text, boatyard, side=side)
    assert found.offers == offers
    assert found.confidence == "unsure"


# Where the text cannot tell, nothing is read: a condition of one option, a denial, a question weighing
# both sides, two sides doing it, or no side known. (A request, "could you bring her round?", proposes.)
@pytest.mark.parametrize(("text", "side"), [
    ("$900 if we fetch her, or $800 if you bring her in.", 0),
    ("We can't fetch her this year, but $800 is fine.", 0),
    ("$800 works. Would you rather bring her in yourself, or have us fetch her?", 0),
    ("$800; I'll bring her to the gate and you fetch her from there.", 1),
    ("$800, and I'll bring her in myself.", None),
])
def test_no_doer_read_where_the_text_cannot_tell(boatyard: GameLabels, text: str, side: int | None) -> None:
    assert "haul-out" not in extract_message(text, boatyard, side=side).offers


# The party served is the one the game's own descriptions name as paying, whatever its name: "Owner"
# is served in the boatyard's game and serving in the cabin's, so the guests doing the cleaning
# themselves is the cabin's "no cleaning", and the owner saying "ourselves" is not.
def test_the_payer_is_the_party_served(boatyard: GameLabels, cabin: GameLabels) -> None:
    assert _served_sides(boatyard.game) == (1,)
    assert _served_sides(cabin.game) == (1,)
    found = extract_message("$200 a night, and we'll do the cleaning ourselves.", cabin, side=1)
    assert found.offers == {"nightly price": "$200", "cleaning": "no cleaning"}
    assert found.confidence == "unsure"
    assert "cleaning" not in extract_message("$250 a night; we'll do the cleaning ourselves.", cabin, side=0).offers


# A zero word before a value lowers the value, a shorter cut of its words too: "drop the signing bonus
# to $5,000" is $5,000, not "drop the signing" (no bonus).
def test_dropping_a_value_to_a_new_one_is_the_new_one(boatyard: GameLabels) -> None:
    found = extract_message("We'd drop the winter fee to **$700** with a tarpaulin.", boatyard, side=0)
    assert found.offers == {"fee": "$700", "cover": "tarpaulin"}


# An issue of three labels, one of them the served party doing it itself ("self-collection"): the
# served side as the doer of a deed of its kin ("grab", "collect", "pick … up") is that label; the
# provider as the doer leaves it open (two labels are the provider's). Assembling is a deed too:
# "I'll put it together" is the served party's "self-assembly". Moving a value ("bring that down")
# is no deed.
_BIKE_GAME = """\
name: bike-order
description: A bike shop and a customer are negotiating an order for a cargo bike.
sides:
  - You represent the bike shop.
  - You represent the customer.
parties: [Bike Shop, Customer]
issues:
  - name: price
    issue_type: distributive
    descriptions: What the customer pays for the bike.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$2000", "$2200", "$2400"], ["$2000", "$2200", "$2400"]]
  - name: handover
    issue_type: integrative
    descriptions: How the bike reaches the customer.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [[self-collection, courier, hand delivery], [self-collection, courier, hand delivery]]
  - name: assembly
    issue_type: integrative
    descriptions: Who builds the bike from the box.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[self-assembly, assembly included], [self-assembly, assembly included]]
issue_weights: [[2, 1, 1], [2, 1, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def bike(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "bike-order", _BIKE_GAME)


@pytest.mark.parametrize(("text", "side", "offers"), [
    ("$2,000 and I'll grab it from the shop myself.", 1, {"price": "$2000", "handover": "self-collection"}),
    ("Deal at $2,200 if you pick it up from us yourself.", 0, {"price": "$2200", "handover": "self-collection"}),
    ("$2,200 — and i'll put it together, no worries", 1, {"price": "$2200", "assembly": "self-assembly"}),
    ("$2,400 and we'll deliver it.", 0, {"price": "$2400"}),
    ("I could bring my budget closer to yours myself: $2,200.", 1, {"price": "$2200"}),
])
def test_the_served_party_doing_a_deed_of_its_own_label(bike: GameLabels, text: str, side: int, offers: dict[str, str]) -> None:
    assert extract_message(text, bike, side=side).offers == offers
