"""Classes of text labels the twenty-fourth round of issue 12 reads by general mechanisms (tuned on
round 24's half A, every item of test20 … test53 and the retired parts' errors; checked on half B,
test54 … test59, by its totals), each tested on fresh examples written for these tests, not the gold
set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import GameLabels, other_numbers
from tests.gold_shape import labels_from_yaml

# A game of this file's own: a pottery studio teaches a club's members; when the classes run is a
# choice of two plural nouns, and the studio's glaze comes with the classes or not.
_POTTERY_GAME = """\
name: pottery-course
description: A pottery studio and a club are negotiating a term of weekly classes.
sides:
  - You represent the pottery studio.
  - You represent the club.
parties: [Studio, Club]
issues:
  - name: class fee
    issue_type: distributive
    descriptions: What the club pays the studio for each class.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$30", "$40", "$50"], ["$30", "$40", "$50"]]
  - name: session
    issue_type: integrative
    descriptions: When in the week the classes run.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [[lunchtimes, weekends], [lunchtimes, weekends]]
    synonyms:
      weekends: [saturday classes]
  - name: glaze
    issue_type: integrative
    descriptions: Whether the studio's glazes come with the classes.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[glaze included, own glaze], [glaze included, own glaze]]
  - name: materials
    issue_type: integrative
    descriptions: Whether the club brings its own clay.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [[clay included, own clay], [clay included, own clay]]
issue_weights: [[2, 1, 1, 1], [2, 1, 1, 1]]
scale: [100, 100]
"""


@pytest.fixture(scope="module")
def pottery(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("games"), "pottery-course", _POTTERY_GAME)


# English nouns change number by regular rules; a careful reader takes either form as the same word.
@pytest.mark.parametrize(("word", "forms"), [
    ("evenings", ("evening",)), ("evening", ("evenings",)), ("deliveries", ("delivery",)),
    ("delivery", ("deliveries",)), ("lunches", ("lunch",)), ("lunch", ("lunches",)), ("glass", ("glasses",)),
])
def test_the_other_number_of_a_noun(word: str, forms: tuple[str, ...]) -> None:
    assert other_numbers(word) == forms


# A label's one telling word in the other grammatical number, beside the name or alone in a
# package, and a keyed value in the other number, are that label: in prose, in an arrow-chained line
# (a layout no gold part has), under a note's key and in a Python dict's value.
@pytest.mark.parametrize(("text", "side", "offers", "confidence"), [
    ("$40 a class and a lunchtime session suits us.", 1,
     {"class fee": "$40", "session": "lunchtimes"}, "unsure"),
    ("40 → lunchtime slot → glaze in", 1,
     {"class fee": "$40", "session": "lunchtimes", "glaze": "glaze included"}, "unsure"),
])
def test_a_telling_word_in_the_other_number(pottery: GameLabels, text: str, side: int, offers: dict[str, str],
                                            confidence: str) -> None:
    found = extract_message(text, pottery, side=side)
    assert found.offers == offers
    assert found.confidence == confidence


@pytest.mark.parametrize(("text", "offers"), [
    ("Acceptable offer:\n- class fee: $40\n- session: lunchtime\n- glaze: glaze included",
     {"class fee": "$40", "session": "lunchtimes", "glaze": "glaze included"}),
    ("{'class_fee': 40, 'session': 'Saturday class', 'glaze': 'own glaze'}",
     {"class fee": "$40", "session": "weekends", "glaze": "own glaze"}),
])
def test_a_keyed_label_in_the_other_number(pottery: GameLabels, text: str, offers: dict[str, str]) -> None:
    assert extract_note(text, pottery, side=1).offers == offers


# The thing of a having-or-not issue said to be had by a predicate after it ("glaze in", "the glaze
# is included") or a verb of giving before it ("lend us", "throw in"), or named alone as an item of a
# package's list, is the label with it, unsure where no wording of the label was read.
@pytest.mark.parametrize(("text", "side", "offers"), [
    ("We can do $30 per class on a weekend, glaze in.", 1,
     {"class fee": "$30", "session": "weekends", "glaze": "glaze included"}),
    ("$40 per class, lunchtimes — and would you lend us some glaze? That's all.", 1,
     {"class fee": "$40", "session": "lunchtimes", "glaze": "glaze included"}),
    ("Fine: $50, weekends, clay, and we sign today.", 0,
     {"class fee": "$50", "session": "weekends", "materials": "clay included"}),
    ("$40 per class at lunchtimes, clay in.", 1,
     {"class fee": "$40", "session": "lunchtimes", "materials": "clay included"}),
])
def test_the_thing_said_to_be_had(pottery: GameLabels, text: str, side: int, offers: dict[str, str]) -> None:
    found = extract_message(text, pottery, side=side)
    assert found.offers == offers
    assert found.confidence == "unsure"


# Where the text cannot tell, the thing is not read as had: weighed with "or", hanging on another's
# wish, said of a third party, or turned down.
@pytest.mark.parametrize(("text", "side"), [
    ("$40 per class at weekends; glaze in or out, your call.", 0),
    ("$40 per class at weekends; if you'd prefer the glaze in, add $5.", 0),
    ("$40 per class at weekends, they want the glaze in.", 1),
    ("$40 per class at weekends. Glaze in is not possible.", 0),
])
def test_no_thing_had_where_the_text_cannot_tell(pottery: GameLabels, text: str, side: int) -> None:
    assert extract_message(text, pottery, side=side).offers.get("glaze") != "glaze included"


# A thing followed by a dash is a key and its value, not a list's item ("clay — whatever the club
# likes"; round 24's list rule read a Korean note's glossed "assembly — customer ..." so until cut).
def test_a_thing_before_a_dash_is_a_key(pottery: GameLabels) -> None:
    found = extract_note("Acceptable: $40 per class, weekends, clay — whatever the club likes", pottery, side=1)
    assert "materials" not in found.offers


# A lone telling word in a condition on another's wish proposes nothing ("if the club would like
# weekend work, …"); a condition of the speaker's own still does ("fine if it's a weekend").
def test_a_lone_word_under_another_s_wish(pottery: GameLabels) -> None:
    found = extract_message("$40 per class, glaze in. If the club would like weekend work, we can talk.", pottery, side=0)
    assert "session" not in found.offers
    found = extract_message("$40 per class is fine if it's a weekend, glaze in.", pottery, side=1)
    assert found.offers["session"] == "weekends"


# A message that compares both sides' positions and then turns to its proposal by a bare heading
# ("Proposal:", "Counter:") or "so my offer is": what follows is the offer, the comparison before it
# is no offer of either label (each of these read the session as ambiguous before round 24).
@pytest.mark.parametrize(("text", "side", "offers"), [
    ("Where we stand:\n- Fee: you $50, us $30\n- Session: you weekends, us lunchtimes\n\n"
     "Proposal: $40, lunchtimes, own glaze.", 1,
     {"class fee": "$40", "session": "lunchtimes", "glaze": "own glaze"}),
    ("Positions so far: you $30 with weekends, us $50 with lunchtimes.\nCounter: $40, weekends, glaze included.", 0,
     {"class fee": "$40", "session": "weekends", "glaze": "glaze included"}),
    ("Your side wants lunchtimes and $30, ours weekends and $50. So my offer is $40, lunchtimes, own glaze.", 0,
     {"class fee": "$40", "session": "lunchtimes", "glaze": "own glaze"}),
    ("Your side wants weekends and $30, ours lunchtimes and $50. So our offer is $40, weekends, own glaze.", 0,
     {"class fee": "$40", "session": "weekends", "glaze": "own glaze"}),
])
def test_the_proposal_after_a_comparison(pottery: GameLabels, text: str, side: int, offers: dict[str, str]) -> None:
    assert extract_message(text, pottery, side=side).offers == offers
