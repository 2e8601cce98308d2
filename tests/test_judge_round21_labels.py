"""Classes of text labels the twenty-first round of issue 12 reads by general mechanisms (tuned on
round 21's half A, every item of test20 … test35, and the retired parts' errors; checked on half B,
test36 … test41, by its totals), each tested on fresh examples written for these tests, not the
gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml

# A game of this file's own: a kayak outfitter and a school; whether a guide comes along is a thing had
# or not ("guide included" / "self-guided"), beside a label issue of three values and a price.
_KAYAK_GAME = """\
name: kayak-outing
description: A kayak outfitter and a school are negotiating a day on the river.
sides:
  - You represent the outfitter.
  - You represent the school.
parties: [Outfitter, School]
issues:
  - name: price
    issue_type: distributive
    descriptions: What the school pays for the day.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$600", "$750", "$900"], ["$600", "$750", "$900"]]
  - name: guide
    issue_type: integrative
    descriptions: Whether one of the outfitter's guides paddles with the group.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[guide included, self-guided], [guide included, self-guided]]
  - name: route
    issue_type: integrative
    descriptions: Which stretch of the river the group paddles.
    payoffs: [[2, 1, 0], [0, 1, 2]]
    payoff_labels: [[lake loop, gentle stretch, rapids run], [lake loop, gentle stretch, rapids run]]
  - name: transport
    issue_type: integrative
    descriptions: How the pupils get to the river.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[outfitter shuttle, school drop-off], [outfitter shuttle, school drop-off]]
issue_weights: [[2, 1, 1, 1], [2, 1, 1, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def kayak(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "kayak-outing", _KAYAK_GAME)


# A thing whose last mention its clause leaves out ("would not be included", "not included" under a
# key, "let's leave that out", "we would not include a …") is the label without it, unsure, even where
# the mention of the thing read the label with it.
@pytest.mark.parametrize("text", [
    "We can run the gentle stretch for $750. A guide would not be included at that price.",
    "Our offer:\n- Price: $750\n- Route: gentle stretch\n- Guide: not included",
    "$750 on the gentle stretch. A guide would be extra, so let's leave that out.",
    "At $750 for the gentle stretch we would not include a guide; the teachers know the river.",
])
def test_a_thing_its_clause_leaves_out_is_the_label_without_it(kayak, text) -> None:
    found = extract_message(text, kayak, side=0)
    assert found.offers == {"price": "$750", "route": "gentle stretch", "guide": "self-guided"}
    assert found.confidence == "unsure"


# Left out, then named again as had: the last mention decides, and it has the guide.
def test_a_thing_named_again_after_it_was_left_out_keeps_it(kayak) -> None:
    text = "Last week a guide was not included. This time, $900 with the guide included, rapids run."
    assert extract_message(text, kayak, side=1).offers == {"price": "$900", "guide": "guide included",
                                                            "route": "rapids run"}


# The same in a note's bullet list, and in a layout no gold part has (an INI-like "key = none").
@pytest.mark.parametrize("text", [
    "Acceptable offer:\n* price — $600\n* route — lake loop\n* guide — left out, the school brings staff",
    "[acceptable offer]\nprice = $600\nroute = lake loop\nguide = none",
])
def test_a_note_leaving_the_thing_out(kayak, text) -> None:
    found = extract_note(text, kayak, side=1)
    assert found.offers == {"price": "$600", "route": "lake loop", "guide": "self-guided"}


# Two labels of one issue, each but one named in a clause that turns it down (a verdict on the thing,
# something reserved for others, "rather than" before it): the one no clause turns down is the offer,
# unsure. (Plainer wordings, "we can't do X, but Y", the readers' stance rules already read, sure.)
@pytest.mark.parametrize("text, route", [
    ("I know the rapids run is costly for you to staff. I could accept the gentle stretch instead, if we settle "
     "at $750.", "gentle stretch"),
    ("The rapids run is something we reserve for adult groups. We could offer the lake loop at $750.", "lake loop"),
    ("Rapids runs are difficult for us with young kids, but I could do the gentle stretch at $750.", "gentle stretch"),
    # a layout no gold part has: each label and its verdict joined by an arrow
    ("rapids run → too risky for the kids; lake loop → fine, at $750 for the day", "lake loop"),
])
def test_the_one_label_no_clause_turns_down_is_the_offer(kayak, text, route) -> None:
    found = extract_message(text, kayak, side=0)
    assert found.offers.get("route") == route and "route" not in found.ambiguous
    assert found.offers.get("price") == "$750" and found.confidence == "unsure"


# Two labels offered side by side stay ambiguous, whatever else a clause turns down.
def test_labels_offered_side_by_side_stay_ambiguous(kayak) -> None:
    found = extract_message("Either the lake loop or the gentle stretch works at $750; we can't do the rapids run.",
                            kayak, side=1)
    assert "route" not in found.offers and "route" in found.ambiguous


# A second game of this file's own: whether the fitter installs the blinds is a thing had or not, named
# by a noun of doing ("installation"), whose participle ("installed") says the thing is done.
_BLINDS_GAME = """\
name: blinds-order
description: A blinds maker and a householder are negotiating an order of window blinds.
sides:
  - You represent the maker.
  - You represent the householder.
parties: [Maker, Householder]
issues:
  - name: price
    issue_type: distributive
    descriptions: What the householder pays.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$300", "$400", "$500"], ["$300", "$400", "$500"]]
  - name: installation
    issue_type: integrative
    descriptions: Whether the maker's fitter puts the blinds up.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[installation included, self-installation], [installation included, self-installation]]
  - name: visit
    issue_type: integrative
    descriptions: When the fitter comes to measure.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [[working hours, weekend visit], [working hours, weekend visit]]
issue_weights: [[2, 1, 1], [2, 1, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def blinds(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "blinds-order", _BLINDS_GAME)


# The thing's participle, not negated and with no agent, says it is done: the label with it, unsure.
@pytest.mark.parametrize("text", [
    "I'd want all six blinds measured and installed, so could we say $400?",
    "$400 | installed | six blinds",  # a layout no gold part has: a line of values split by bars
])
def test_the_things_participle_is_the_label_with_it(blinds, text) -> None:
    found = extract_message(text, blinds, side=1)
    assert found.offers == {"price": "$400", "installation": "installation included"}
    assert found.confidence == "unsure"


# Negated, it is no such reading ("not installed", "uninstalled").
@pytest.mark.parametrize("text", [
    "At $300 the blinds come boxed, not installed.",
    "$300 and they ship uninstalled.",
])
def test_a_negated_participle_reads_no_label_with_it(blinds, text) -> None:
    assert extract_message(text, blinds, side=0).offers.get("installation") != "installation included"


# A label's unit word written short in a message ("working hrs" for "working hours"), as keys already
# were read: read sure, as its full wording is.
@pytest.mark.parametrize("text", [
    "ok: 400 bucks, measuring in working hrs, self-installation.",
    "Fine — $400, self-installation; the fitter comes during working hr.",
])
def test_a_unit_word_written_short_in_a_label(blinds, text) -> None:
    found = extract_message(text, blinds, side=1)
    assert found.offers == {"price": "$400", "installation": "self-installation", "visit": "working hours"}


# Alternatives in prose: an issue one part reads and another names by its labels' words, reading no
# value, is no offer either way (ambiguous); a part that keeps the rest ("same otherwise") names none.
@pytest.mark.parametrize("text", [
    "$900 for the rapids run with a guide — or, if that's over budget, $750 on something gentler.",
    "We'd do $900 on the rapids run. Otherwise $750, but we'd stay by the lake.",
])
def test_an_issue_another_alternative_speaks_of_is_no_offer(kayak, text) -> None:
    found = extract_message(text, kayak, side=0)
    assert "route" not in found.offers and "route" in found.ambiguous


def test_an_alternative_that_keeps_the_rest_leaves_the_issue_as_it_was(kayak) -> None:
    found = extract_message("$900 on the rapids run with a guide. Otherwise $750, same route and guide.", kayak,
                            side=0)
    assert found.offers.get("route") == "rapids run" and "price" in found.ambiguous


# A word of grammar a label holds ("off" of "drop-off") stands for no longer word it starts: "offer" is
# no "off", so "school drop-off" is not read across the whole list from "offer" on, hiding its labels.
@pytest.mark.parametrize("text", [
    "Final offer: $750, gentle, school drops off.",
    "my offer → $750, rapids, school drops off",
])
def test_a_word_of_grammar_in_a_label_stands_for_no_longer_word(kayak, text) -> None:
    found = extract_message(text, kayak, side=1)
    assert found.offers.get("transport") == "school drop-off" and found.offers.get("route") in ("gentle stretch", "rapids run")
