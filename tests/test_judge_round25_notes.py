"""Round 25, notes: the structured forms a note's acceptable offer is written in (a URL query
string, an SQL INSERT, one JSON object per line, a menu with the choice in bold) and the grammar of
values in them (ISO 8601 durations, booleans under a key that names a label or an issue), each
tested on texts written for these tests, not the gold set's items."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_note
from lamen.judge.labels import GameLabels
from lamen.judge.value_forms import boolean_label, form_blocks, iso_duration, key_words, menu_choice
from tests.gold_shape import labels_from_yaml

_BOAT_GAME = """\
name: houseboat-let
description: A marina and a family are negotiating the let of a houseboat.
sides:
  - You represent the marina.
  - You represent the family.
parties: [Marina, Family]
issues:
  - name: weekly fee
    issue_type: distributive
    descriptions: What the family pays per week.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$700", "$800", "$900"], ["$700", "$800", "$900"]]
  - name: term
    issue_type: distributive
    descriptions: How long the let runs.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["6 months", "12 months", "18 months"], ["6 months", "12 months", "18 months"]]
  - name: guest nights
    issue_type: distributive
    descriptions: How many nights a guest may stay aboard.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["3 days", "7 days", "14 days"], ["3 days", "7 days", "14 days"]]
  - name: mooring
    issue_type: integrative
    descriptions: Whether the berth is the family's alone.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [["shared berth", "private berth"], ["shared berth", "private berth"]]
    synonyms: {private berth: [sole berth]}
  - name: pets
    issue_type: integrative
    descriptions: Whether pets may come aboard.
    payoffs: [[2, 1, 0], [0, 1, 2]]
    payoff_labels: [["no pets", "one pet", "any pets"], ["no pets", "one pet", "any pets"]]
"""


@pytest.fixture(scope="module")
def boat(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("r25notes"), "houseboat-let", _BOAT_GAME)


@pytest.mark.parametrize(("written", "read"), [
    ("P2Y", "2 years"), ("P18M", "18 months"), ("P1Y6M", "18 months"), ("P1W", "7 days"), ("P2W", "14 days"),
    ("P3D", "3 days"), ("P", None), ("PRIVATE", None), ("P1Y2D", None), ("12 months", None),
])
def test_iso_durations_are_read_as_their_units(written: str, read: str | None) -> None:
    assert iso_duration(written) == read


def test_iso_durations_in_a_json_note(boat: GameLabels) -> None:
    note = 'Acceptable offer:\n{"weekly fee": "$800", "term": "P1Y", "guest nights": "P1W"}'
    assert extract_note(note, boat).offers == {"weekly fee": "$800", "term": "12 months", "guest nights": "7 days"}


def test_a_query_string_is_a_block(boat: GameLabels) -> None:
    note = "For the booking form:\n?weekly_fee=700&term=18+months&mooring=shared+berth&pets=one%20pet\nThat is what I can accept."
    assert extract_note(note, boat).offers == {"weekly fee": "$700", "term": "18 months", "mooring": "shared berth",
                                               "pets": "one pet"}


def test_a_query_string_needs_two_pairs() -> None:
    assert form_blocks("see https://example.org/page?id=3 for more") == []


def test_an_sql_insert_is_a_block(boat: GameLabels) -> None:
    note = ("Fee matters more than term. The marina's last was $900 / 6 months.\n\n```sql\n"
            "INSERT INTO my_offer (weekly_fee, term)\nVALUES ('$800', '12 months');\n```")
    assert extract_note(note, boat).offers == {"weekly fee": "$800", "term": "12 months"}


def test_an_sql_insert_with_an_apostrophe_and_a_bare_number() -> None:
    [(_, _, pairs)] = form_blocks("insert into t (fee, note) values (800, 'family''s pick')")
    assert pairs == [("fee", "800"), ("note", "family's pick")]


def test_json_lines_are_one_block(boat: GameLabels) -> None:
    note = '```\n{"weekly fee": "$900"}\n{"mooring": "private berth"}\n{"pets": "any pets"}\n```'
    assert extract_note(note, boat).offers == {"weekly fee": "$900", "mooring": "private berth", "pets": "any pets"}


@pytest.mark.parametrize(("line", "read"), [
    ("- fee: $700 / **$800** / $900", "- fee: $800"),
    ("pets: no pets / __one pet__ / any pets", "pets: one pet"),
    ("| **weekly fee** | $800 |", "| **weekly fee** | $800 |"),  # a table row is no menu
    ("- fee: **$700** / **$800**", "- fee: **$700** / **$800**"),  # two in bold: no choice
    ("- fee: $800 (**firm**)", "- fee: $800 (**firm**)"),
])
def test_the_bold_option_of_a_menu(line: str, read: str) -> None:
    assert menu_choice(line) == read


def test_a_menu_note_with_the_choice_in_bold(boat: GameLabels) -> None:
    note = ("Acceptable offer (the list with my pick in bold):\n- weekly fee: $700 / **$800** / $900\n"
            "- mooring: **shared berth** / private berth\n- pets: no pets / one pet / **any pets**")
    assert extract_note(note, boat).offers == {"weekly fee": "$800", "mooring": "shared berth", "pets": "any pets"}


def test_key_words() -> None:
    assert key_words("soleBerth") == "sole Berth"
    assert key_words("pets_allowed") == "pets allowed"


@pytest.mark.parametrize(("key", "value", "read"), [
    ("private_berth", True, ("mooring", "private berth")),
    ("soleBerth", False, ("mooring", "shared berth")),
    ("pets_allowed", False, ("pets", "no pets")),
    ("pets_allowed", True, None),  # three labels: which pets is not said
    ("weekly_fee", True, None),
])
def test_booleans_under_a_key(boat: GameLabels, key: str, value: bool, read: tuple[str, str] | None) -> None:
    assert boolean_label(key, value, boat) == read


def test_booleans_in_a_json_note(boat: GameLabels) -> None:
    note = '```json\n{"weekly_fee_usd": 700, "sole_berth": true, "pets_allowed": false}\n```'
    assert extract_note(note, boat).offers == {"weekly fee": "$700", "mooring": "private berth", "pets": "no pets"}


def test_a_keyed_revision_needs_no_number(boat: GameLabels) -> None:
    note = '{"weekly fee": "$800", "mooring": "shared berth", "pets": "no pets"}\n**Revised:** mooring → private berth, since the berth next door is empty.'
    assert extract_note(note, boat).offers == {"weekly fee": "$800", "mooring": "private berth", "pets": "no pets"}


def test_a_revision_less_its_reason(boat: GameLabels) -> None:
    note = '{"weekly fee": "$800", "term": "12 months"}\nRevised: make the fee $700 — the $900 they asked was never fair.'
    assert extract_note(note, boat).offers == {"weekly fee": "$700", "term": "12 months"}


def test_a_revision_in_a_clause_after_a_condition(boat: GameLabels) -> None:
    note = ('{"weekly fee": "$800", "term": "12 months"}\nI would take 18 months if it gets this done; '
            'updated acceptable offer is the same with term at 18 months.')
    assert extract_note(note, boat).offers == {"weekly fee": "$800", "term": "18 months"}


def test_an_unkeyed_remark_without_a_number_revises_nothing(boat: GameLabels) -> None:
    note = '{"weekly fee": "$800", "mooring": "shared berth"}\nActually they may prefer a private berth.'
    assert extract_note(note, boat).offers == {"weekly fee": "$800", "mooring": "shared berth"}
