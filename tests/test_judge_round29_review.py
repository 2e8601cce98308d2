"""Round 29 review: patterns of rounds 27 and 28 that backtracked without bound on long odd text
(unclosed JSON Patch operations, long runs of spaces). Each now reads 20 kB well within a second,
and reads as before."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

import pytest

from lamen.judge.headed_items import headed_items
from lamen.judge.labels import GameLabels
from lamen.judge.letter_codes import with_codes_written_out
from lamen.judge.lexicon import script_to_latin
from lamen.judge.marked_rounds import marked_round
from lamen.judge.notation import plain_notation, set_value
from lamen.judge.set_phrases import round_the_clock
from tests.gold_shape import labels_from_yaml

_GAME = """\
name: flat-lease
description: A tenant and a landlord settle a lease.
sides:
  - You represent the tenant.
  - You represent the landlord.
parties: [Tenant, Landlord]
issues:
  - name: rent
    issue_type: distributive
    descriptions: Monthly rent.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [["$900", "$1,000"], ["$900", "$1,000"]]
  - name: duration
    issue_type: distributive
    descriptions: Lease length.
    payoffs: [[0, 1], [1, 0]]
    payoff_labels: [["12 months", "18 months"], ["12 months", "18 months"]]
"""
_SPACES = " " * 20_000


@pytest.fixture(scope="module")
def labels(tmp_path_factory: pytest.TempPathFactory) -> GameLabels:
    return labels_from_yaml(Path(tmp_path_factory.mktemp("r29review")), "flat-lease", _GAME)


def _quick(read: Callable[[str], Any], text: str) -> Any:
    start = time.perf_counter()
    result = read(text)
    assert time.perf_counter() - start < 1.0
    return result


def test_unclosed_patch_operations_are_left_as_written() -> None:
    text = '"path" [' + '{"op" }' * 40  # (was exponential: 30 operations took over a minute)
    assert _quick(plain_notation, text) == text


def test_a_patch_array_still_reads() -> None:
    text = '[{"op": "replace", "path": "/rent", "value": "$900"}, {"op": "remove", "path": "/pets"}]'
    assert plain_notation(text) == '{"rent": "$900"}'


def test_a_brace_and_long_spaces_is_no_set() -> None:
    assert _quick(set_value, "{" + _SPACES + "x") == "{" + _SPACES + "x"
    assert set_value("{ $900 ;  $1,000 }") == "$900 or $1,000"


def test_a_definition_before_long_spaces(labels: GameLabels) -> None:
    text = "R = rent" + _SPACES + "x ="
    assert _quick(lambda t: with_codes_written_out(t, labels), text) == text


def test_a_heading_line_of_long_spaces(labels: GameLabels) -> None:
    text = "rent\n" + _SPACES + "!\n x"
    assert _quick(lambda t: headed_items(t, labels), text) == text
    assert headed_items("Rent:\n   - $900", labels) == "Rent: $900"


def test_a_round_segment_with_long_spaces() -> None:
    assert _quick(marked_round, "now r1: x\nr2: y" + _SPACES + "z") is None
    assert marked_round("R1: $900 → R2: $1,000 ← current") == "$1,000"


def test_twenty_four_before_long_spaces() -> None:
    assert _quick(round_the_clock, "24" + _SPACES + "x") == "24" + _SPACES + "x"


def test_forget_memos_clears_the_keyed_value_reads_and_even_labels_live_with_the_game() -> None:
    from lamen.judge import even_shares
    from lamen.judge.extract import extract_note
    from lamen.judge.labels import forget_memos, label_cache
    from lamen.spec.load import load_game

    labels = label_cache(load_game("merger"))
    assert labels.even_split_labels  # a split game has even labels, worked out once with its labels
    assert not hasattr(even_shares, "_EVEN_LABELS")  # no module-level table keeping every game alive
    labels.keyed_value_cache[("the usual", None)] = extract_note("{}", labels)
    forget_memos(labels)
    assert labels.keyed_value_cache == {}
