"""Round 27, hand "notes27": key/value structure in notations the structured reader did not know
(set and mapping notation, BibTeX entries, JSON Patch, wiki and Jira tables, radio buttons),
rewritten by `lamen/judge/notation.py` and `lamen/judge/markup.py`. Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.extract import extract_note
from lamen.judge.labels import GameLabels
from lamen.judge.notation import plain_notation, set_value
from tests.gold_shape import labels_from_yaml

_KIOSK_GAME = """\
name: kiosk-let
description: A station and a vendor settle the let of a kiosk.
sides:
  - You represent the station.
  - You represent the vendor.
parties: [Station, Vendor]
issues:
  - name: monthly rent
    issue_type: distributive
    descriptions: What the vendor pays per month.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$400", "$550", "$700"], ["$400", "$550", "$700"]]
  - name: lease term
    issue_type: distributive
    descriptions: How long the lease runs.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["4 months", "8 months", "16 months"], ["4 months", "8 months", "16 months"]]
  - name: kiosk spot
    issue_type: integrative
    descriptions: Where the kiosk stands.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [["concourse", "platform end"], ["concourse", "platform end"]]
  - name: signage
    issue_type: integrative
    descriptions: Whether the kiosk may hang a lit sign.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [["no sign", "lit sign"], ["no sign", "lit sign"]]
"""

_ALL = {"monthly rent": "$550", "lease term": "8 months", "kiosk spot": "platform end", "signage": "lit sign"}


@pytest.fixture(scope="module")
def kiosk(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("r27notes27"), "kiosk-let", _KIOSK_GAME)


@pytest.mark.parametrize("note", [
    # set membership: a one-member set is its member
    "Acceptable offer (anything in the braces is fine):\nmonthly rent ∈ {$550}\nlease term ∈ {8 months}\n"
    "kiosk spot ∈ {platform end}\nsignage = lit sign",
    # a mapping written with ↦ inside braces
    "Where the vendor sits now doesn't matter.\n\nAcceptable offer:\n"
    "{monthly rent ↦ $550, lease term ↦ 8 months, kiosk spot ↦ platform end, signage ↦ lit sign}",
    # a BibTeX entry
    "@offer{station,\n  monthly rent = {$550},\n  lease term = {8 months},\n  kiosk spot = {platform end},\n"
    "  signage = {lit sign}\n}",
    # a JSON Patch of the last offer
    'Changes to my acceptable offer:\n```json\n[\n  {"op": "replace", "path": "/monthly rent", "value": "$550"},\n'
    '  {"op": "add", "path": "/lease term", "value": "8 months"},\n'
    '  {"op": "replace", "path": "/kiosk spot", "value": "platform end"},\n'
    '  {"op": "replace", "path": "/signage", "value": "lit sign"}\n]\n```',
    # a MediaWiki table
    "'''Acceptable offer'''\n{| class=\"wikitable\"\n! Issue !! Position\n|-\n| monthly rent || $550\n|-\n"
    "| lease term || 8 months\n|-\n| kiosk spot || platform end\n|-\n| signage || lit sign\n|}",
    # a Jira table: the last column is the value
    "h3. Acceptable offer\n||Issue||Round 2||Value||\n|monthly rent|$700|$550|\n|lease term|16 months|8 months|\n"
    "|kiosk spot|concourse|platform end|\n|signage|no sign|lit sign|",
    # radio buttons: the marked one is chosen
    "Acceptable offer:\nRent:    (•) $550   ( ) $700\nTerm:    ( ) 4 months  (•) 8 months\n"
    "Spot:    ( ) concourse  (•) platform end\nSign:    (x) lit sign  ( ) no sign",
])
def test_notations_read_as_pairs(note: str, kiosk: GameLabels) -> None:
    reading = extract_note(note, kiosk)
    assert reading.offers == _ALL, reading


def test_set_of_several_members_chooses_nothing(kiosk: GameLabels) -> None:
    reading = extract_note("Acceptable offer:\nmonthly rent ∈ {$550}\nkiosk spot ∈ {concourse, platform end}\n"
                           "lease term = 8 months\nsignage = lit sign", kiosk)
    assert reading.offers.get("monthly rent") == "$550"
    assert "kiosk spot" not in reading.offers


def test_set_value() -> None:
    assert set_value("{$1,100}") == "$1,100"
    assert set_value("{net 30, cash on delivery}") == "net 30 or cash on delivery"
    assert set_value("$900") == "$900"


def test_patch_removal_and_code_dict_untouched() -> None:
    patch = '[{"op": "remove", "path": "/signage"}, {"op": "replace", "path": "/lease term", "value": "8 months"}]'
    assert plain_notation(patch) == '{"lease term": "8 months"}'
    code = 'offer = {"rent": 1_200, "term": "8 months"}'
    assert plain_notation(code) == code  # no BibTeX entry: a code dict's braces stay


def test_radio_option_with_a_parenthesis(kiosk: GameLabels) -> None:
    reading = extract_note("Acceptable offer:\nmonthly rent: ( ) $700 (their ask)  (•) $550\nlease term: 8 months\n"
                           "kiosk spot: platform end\nsignage: lit sign", kiosk)
    assert reading.offers == _ALL, reading


@pytest.mark.parametrize("note", [
    "Acceptable offer: monthly rent $550 (maybe $700 if pushed).",
    "Acceptable offer: $550 (will go to $700 if pushed)",
    "acceptable offer - monthly rent: $550 (maybe 700 max later)",
])
def test_future_move_in_parentheses_leaves_the_stated_value(note: str, kiosk: GameLabels) -> None:
    assert extract_note(note, kiosk).offers == {"monthly rent": "$550"}


def test_alternative_in_parentheses_stays() -> None:
    text = "monthly rent: $550 (or $700 if they refuse the sign)"
    assert plain_notation(text) == text
    from lamen.judge.notation import without_future_moves
    assert without_future_moves(text) == text
    assert without_future_moves("rent $550 (maybe $700 if pushed).") == "rent $550."


def test_unit_word_before_a_money_word_is_a_price_per_unit(kiosk: GameLabels) -> None:
    from lamen.judge.keys import with_key_unit
    assert with_key_unit("month_rent", 550) == 550
    assert with_key_unit("day_rate", 500) == 500
    assert with_key_unit("term_months", 8) == "8 months"
    reading = extract_note('{"month_rent": 550, "term_months": 8, "kiosk_spot": "platform end", "signage": "lit sign"}',
                           kiosk)
    assert reading.offers == _ALL, reading


def test_aside_after_a_dash_leaves_the_label(kiosk: GameLabels) -> None:
    reading = extract_note("Station's floor:\n\nmonthly rent: $550\nlease term: 8 months\n"
                           "signage: lit — the platform is dark anyway\nkiosk spot: platform end", kiosk)
    assert reading.offers == _ALL, reading
