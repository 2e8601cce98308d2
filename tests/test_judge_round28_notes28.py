"""Round 28, hand "notes28": the key/value structure of notes — a keyed value in words no label
has, read as free text on its own (`lamen/judge/keyed_values.py`). Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_note
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml

_PANTRY_GAME = """\
name: pantry-supply
description: A farm and a village shop settle a supply of eggs.
sides:
  - You represent the farm.
  - You represent the shop.
parties: [Farm, Shop]
issues:
  - name: price per tray
    issue_type: distributive
    descriptions: What the shop pays per tray.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$9", "$11", "$13"], ["$9", "$11", "$13"]]
  - name: delivery
    issue_type: integrative
    descriptions: Who brings the eggs.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [["shop pickup", "farm delivery"], ["shop pickup", "farm delivery"]]
  - name: schedule
    issue_type: integrative
    descriptions: How often eggs come.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [["weekly", "twice a week"], ["weekly", "twice a week"]]
  - name: warranty
    issue_type: distributive
    descriptions: How long broken eggs are refunded.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [["1 day", "3 days"], ["1 day", "3 days"]]
"""


@pytest.fixture(scope="module")
def pantry(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("r28notes28"), "pantry-supply", _PANTRY_GAME)


@pytest.mark.parametrize("text", [
    "delivery: the shop collects them (pickup)",
    "warranty: whatever is usual (3 days is fine)",
    "delivery: retrait par la boutique",
])
def test_keyed_value_in_words_no_label_has(pantry: GameLabels, text: str) -> None:
    issue, value = text.split(": ", 1)
    note = f'Mine:\n{{"price per tray": "$11", "{issue}": "{value}", "schedule": "weekly"}}'
    reading = extract_note(note, pantry)
    assert issue in reading.offers


@pytest.mark.parametrize("text, issue", [
    ("schedule: twice every three weeks", "schedule"),  # a number the label lacks: not "twice a week"
    ("warranty: 1 day, or 2 if cracked", "warranty"),  # a number beside the label's: not "1 day"
])
def test_keyed_value_read_alone_keeps_its_numbers(pantry: GameLabels, text: str, issue: str) -> None:
    key, value = text.split(": ", 1)
    note = f'Mine:\n{{"{key}": "{value}", "delivery": "shop pickup", "price per tray": "$9"}}'
    reading = extract_note(note, pantry)
    assert issue not in reading.offers
    assert reading.offers["delivery"] == "shop pickup"


# --- a round-by-round history, one round marked as the present one (marked_rounds.py) ------------

@pytest.mark.parametrize("note, expected", [
    ("Log of my positions:\nRound 1 → $13 / farm delivery / twice a week\nRound 2 → $11 / farm delivery / weekly\n"
     "Round 3 (now) → $9 / shop pickup / weekly\n\nThe last line is where I stand today.",
     {"price per tray": "$9", "delivery": "shop pickup", "schedule": "weekly"}),
    ("History:\nR1: $13 + 3 days → R2: $11 + 3 days → R3: $9 + 1 day ← current\nThey moved a little.",
     {"price per tray": "$9", "warranty": "1 day"}),
    ("- Rd 1: $9, 1 day, shop pickup\n- Rd 2: $11, 3 days, farm delivery   <- where I am now\n- Rd 3 (plan): $13, 3 days",
     {"price per tray": "$11", "warranty": "3 days", "delivery": "farm delivery"}),
])
def test_the_round_marked_now_is_the_offer(pantry: GameLabels, note: str, expected: dict[str, str]) -> None:
    reading = extract_note(note, pantry)
    assert {issue: reading.offers.get(issue) for issue in expected} == expected


def test_a_history_with_no_mark_or_two_is_left_to_the_other_rules() -> None:
    from lamen.judge.marked_rounds import marked_round

    assert marked_round("Round 1: $13, 3 days\nRound 2: $11, 1 day") is None
    assert marked_round("Round 1 (now): $13, 3 days\nRound 2 (current): $11, 1 day") is None
    assert marked_round("Round 2: $11, 1 day ← now") is None  # one round is no history


# --- options chosen by a stated answer; packages ranked by ordinal (options.py) -----------------

@pytest.mark.parametrize("note", [
    "Option 1: $13, farm delivery. Option 2: $9, shop pickup. Both: weekly.\n\nAcceptable offer: Option 2.",
    "Weighing them:\nA) $13, farm delivery, weekly → score 40\nB) $9, shop pickup, weekly → score 55\n\nAcceptable offer = option B.",
    "Which could I sign?\n(a) $13 / farm delivery / weekly\n(b) $9 / shop pickup / weekly\n\nAnswer: (b).",
])
def test_an_option_chosen_as_the_answer_is_the_offer(pantry: GameLabels, note: str) -> None:
    reading = extract_note(note, pantry)
    assert reading.offers.get("price per tray") == "$9" and reading.offers.get("delivery") == "shop pickup"


@pytest.mark.parametrize("note", [
    "Packages I would sign, best first:\n1st choice: $13, farm delivery, weekly\n2nd choice: $11, shop pickup, weekly",
    "My notes:\nFirst preference → $13 with farm delivery, weekly\nSecond preference → $11 with shop pickup, weekly",
])
def test_ranked_packages_with_no_pick_leave_what_differs_ambiguous(pantry: GameLabels, note: str) -> None:
    reading = extract_note(note, pantry)
    assert reading.offers.get("schedule") == "weekly"
    assert {"price per tray", "delivery"} <= set(reading.ambiguous)
    assert "price per tray" not in reading.offers


# --- an offer written as a filled-in HTML form (form_controls.py) --------------------------------

def test_a_filled_in_form_is_its_controls_pairs(pantry: GameLabels) -> None:
    note = ("My offer, as typed into their order page:\n"
            '<label>Price <input name="price_per_tray" value="$11"></label>\n'
            '<select name="delivery"><option>farm delivery</option><option selected>shop pickup</option></select>\n'
            '<label><input type="radio" name="schedule" value="weekly"> Weekly</label>\n'
            '<label><input type="radio" name="schedule" value="twice a week" checked> Twice a week</label>\n'
            '<select name="warranty"><option selected value="3">3 days</option><option>1 day</option></select>')
    reading = extract_note(note, pantry)
    assert dict(reading.offers) == {"price per tray": "$11", "delivery": "shop pickup", "schedule": "twice a week",
                                    "warranty": "3 days"}


def test_a_form_control_with_nothing_chosen_gives_no_value() -> None:
    from lamen.judge.form_controls import form_pairs

    text = '<select name="delivery"><option>farm delivery</option><option>shop pickup</option></select>'
    assert form_pairs(text) == text
    radios = '<input type="radio" name="schedule" value="weekly"><input type="radio" name="schedule" value="twice a week">'
    assert form_pairs(radios) == radios
    assert form_pairs('<input type="radio" name="s" value="weekly" checked><input type="radio" name="s" value="x">').strip() == "s: weekly"


# --- an issue heading with its value as an indented sub-item (headed_items.py) -------------------

def test_an_issue_heading_takes_its_indented_item(pantry: GameLabels) -> None:
    note = ("Memo\n\n1. Price per tray\n   a. first ask: $13\n   b. now: $11\n2. Delivery\n   a. shop pickup is fine\n"
            "3. Schedule\n   - weekly\n\nAcceptable offer = the current line of each item above.")
    reading = extract_note(note, pantry)
    assert {k: reading.offers.get(k) for k in ("price per tray", "delivery", "schedule")} == \
        {"price per tray": "$11", "delivery": "shop pickup", "schedule": "weekly"}


def test_several_unmarked_items_under_a_heading_are_no_value(pantry: GameLabels) -> None:
    from lamen.judge.headed_items import headed_items

    note = "Price per tray\n  - $13\n  - $11\nDelivery\n  - shop pickup"
    assert headed_items(note, pantry) == "Price per tray\n  - $13\n  - $11\nDelivery: shop pickup"


# --- letter codes a legend defines (letter_codes.py) ---------------------------------------------

def test_letter_codes_of_a_legend_are_written_out(pantry: GameLabels) -> None:
    note = ("Legend: P = price per tray, W = warranty (days), Del = delivery.\n"
            "They asked P13 W3.\nMy acceptable offer: P11 W1, shop pickup.")
    reading = extract_note(note, pantry)
    assert reading.offers.get("price per tray") == "$11" and reading.offers.get("warranty") == "1 day"


def test_a_single_definition_is_no_legend(pantry: GameLabels) -> None:
    from lamen.judge.letter_codes import with_codes_written_out

    note = "P = price per tray.\nOffer: P11"
    assert with_codes_written_out(note, pantry) == note
