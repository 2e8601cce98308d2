"""Round 26, hand "notes26": an offer written as a literal of a programming or configuration
language (Nix, EDN, Rust, Swift, Kotlin, Lua, Elixir...) read by one key/separator/value grammar
(`lamen/judge/code_literals.py`), and YAML merge keys resolved. Texts of this module's own."""

from __future__ import annotations

import pytest

from lamen.judge.code_literals import plain_code, words
from lamen.judge.extract import extract_note
from lamen.judge.labels import GameLabels
from tests.gold_shape import labels_from_yaml

_STALL_GAME = """\
name: stall-let
description: A market and a trader settle the let of a stall.
sides:
  - You represent the market.
  - You represent the trader.
parties: [Market, Trader]
issues:
  - name: weekly fee
    issue_type: distributive
    descriptions: What the trader pays per week.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["$70", "$90", "$110"], ["$70", "$90", "$110"]]
  - name: licence term
    issue_type: distributive
    descriptions: How long the licence runs.
    payoffs: [[0, 1, 2], [2, 1, 0]]
    payoff_labels: [["3 months", "6 months", "12 months"], ["3 months", "6 months", "12 months"]]
  - name: pitch location
    issue_type: integrative
    descriptions: Where the stall stands.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [["side lane", "front entrance"], ["side lane", "front entrance"]]
  - name: power supply
    issue_type: integrative
    descriptions: Whether the stall has power.
    payoffs: [[1, 0], [0, 1]]
    payoff_labels: [["no power", "mains power"], ["no power", "mains power"]]
"""

_ALL = {"weekly fee": "$90", "licence term": "6 months", "pitch location": "front entrance", "power supply": "mains power"}


@pytest.fixture(scope="module")
def stall(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(tmp_path_factory.mktemp("r26notes26"), "stall-let", _STALL_GAME)


@pytest.mark.parametrize("note", [
    # Nix: `=` and `;`, camelCase keys
    'Acceptable offer:\n```nix\n{\n  weeklyFee = 90;\n  licenceTerm = "6 months";\n  pitchLocation = "front entrance";\n'
    '  powerSupply = "mains power";\n}\n```',
    # EDN: keyword keys followed by their values, keyword values
    'Acceptable offer:\n```clojure\n{:weekly-fee 90\n :licence-term "6 months"\n :pitch-location :front-entrance\n'
    ' :power-supply :mains-power}\n```',
    # Rust: a struct literal with enum variants and an Option
    'Acceptable offer:\n```rust\nStall { weekly_fee: 90, licence_term: Some("6 months"), pitch_location: Pitch::FrontEntrance,'
    ' power_supply: Power::MainsPower }\n```',
    # Swift: a call with named arguments and enum cases
    'Acceptable offer:\n```swift\nlet deal = StallDeal(weeklyFee: 90, licenceTerm: "6 months", pitchLocation: .frontEntrance,'
    ' powerSupply: .mainsPower)\n```',
    # Kotlin / Julia: named arguments with `=` and a variant
    'Acceptable offer: `Offer(weeklyFee = 90, licenceTerm = "6 months", pitchLocation = Pitch.FRONT_ENTRANCE,'
    ' powerSupply = "mains power")`',
    # Lua: a table with `=` and commas
    'Acceptable offer:\n```lua\nlocal offer = { weekly_fee = 90, licence_term = "6 months", pitch_location = "front entrance",'
    ' power_supply = "mains power" }\n```',
    # Elixir / Ruby: `=>` after quoted keys
    'Acceptable offer: %{"weekly fee" => 90, "licence term" => "6 months", "pitch location" => "front entrance",'
    ' "power supply" => "mains power"}',
])
def test_code_literals_read_as_offers(stall: GameLabels, note: str) -> None:
    assert dict(extract_note(note, stall).offers) == _ALL


def test_yaml_merge_key_takes_the_anchored_values_it_does_not_set(stall: GameLabels) -> None:
    note = ("```yaml\nround_two: &r2\n  weekly_fee: $110\n  licence_term: 6 months\n  pitch_location: front entrance\n"
            "  power_supply: no power\n\nacceptable_offer:\n  <<: *r2\n  weekly_fee: $90\n  power_supply: mains power\n```")
    assert dict(extract_note(note, stall).offers) == _ALL


def test_merge_key_resolution_keeps_the_merging_blocks_own_keys() -> None:
    text = "base: &b\n  a: 1\n  b: 2\nnext:\n  <<: *b\n  b: 3\n"
    assert plain_code(text) == "base: &b\n  a: 1\n  b: 2\nnext:\n  a: 1\n  b: 3\n"


@pytest.mark.parametrize("text", [
    '{"rent": "$1,200", "term": "12 months"}',          # JSON is read as written
    "I think (rent: 1200, maybe less) is fine.",        # prose in parentheses is no call
    "offer = dict(amount=8000, duration=6)",            # flat key=value arguments: the line reader's
    "see f(x) and g(y)",
])
def test_text_left_as_written(text: str) -> None:
    assert plain_code(text) == text


def test_values_in_code_forms() -> None:
    assert plain_code("X { a: Some(5_000), b: Kind::FullyRemote, c: .halfBoard }") == \
        'X {"a": "5000", "b": "fully remote", "c": "half board"}'
    assert plain_code("{:crew-size 18 :method :hand-picking}") == '{"crew size": "18", "method": "hand picking"}'
    assert words("mealsAndTransport") == "meals and transport"
    assert words("signing_bonus") == "signing bonus"


@pytest.mark.parametrize("note", [
    # a receipt's dotted leaders; a computed total (a key with a dot) stays as written
    "Acceptable offer:\n```\nWeekly fee .......... $90\nLicence term ........ 6 months\nPitch location ...... front entrance\n"
    "Power supply ........ mains power\n----\nEst. yearly ........ $4,680\n```",
    # a grid table: "=" under the header, "-" rules between rows
    "Acceptable offer:\n\n+----------------+----------------+\n| Issue          | Value          |\n"
    "+================+================+\n| Weekly fee     | $90            |\n+----------------+----------------+\n"
    "| Licence term   | 6 months       |\n+----------------+----------------+\n| Pitch location | front entrance |\n"
    "+----------------+----------------+\n| Power supply   | mains power    |\n+----------------+----------------+",
    # log lines: key=value tokens, snake_case values; the other side's line is no offer
    "2025-03-01T10:00:00Z DEBUG their_last weekly_fee=110 licence_term=3_months\n"
    "2025-03-01T10:00:01Z INFO acceptable_offer weekly_fee=90 licence_term=\"6 months\" pitch_location=front_entrance"
    " power_supply=mains_power",
    # a diagram whose node labels hold the pairs
    'Acceptable offer:\n```dot\ndigraph offer {\n  "Trader" -> "weekly fee: $90";\n  "Trader" -> "licence term: 6 months";\n'
    '  "Trader" -> "pitch location: front entrance";\n  "Trader" -> "power supply: mains power";\n}\n```',
    # an HTML definition list, one term and its definition a line
    "Acceptable offer:\n<dl>\n  <dt>weekly fee</dt><dd>$90</dd>\n  <dt>licence term</dt><dd>6 months</dd>\n"
    "  <dt>pitch location</dt><dd>front entrance</dd>\n  <dt>power supply</dt><dd>mains power</dd>\n</dl>",
])
def test_layouts_read_as_offers(stall: GameLabels, note: str) -> None:
    assert dict(extract_note(note, stall).offers) == _ALL


@pytest.mark.parametrize("text", [
    "rent=1100; duration=1 year; deposit=750",   # values of words: the line reader's
    "subletting=6 days",
    "Est. total w/ tax ......... $27,820",
])
def test_layout_lines_left_as_written(text: str) -> None:
    assert plain_code(text) == text
