"""bench/extraction_halves.py: each round's split keeps A and B apart by id parity, and
bench/extraction_gold.py --parts scores only the parts asked for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.extraction_halves import SPLITS, halves, id_number

REPO = Path(__file__).resolve().parent.parent


def test_round_13_splits_test12_and_test13_by_parity() -> None:
    split = halves(13)
    assert {item["id"].split("-")[0] for item in split["A"] + split["B"]} == {"t12", "t13"}
    assert all(id_number(item) % 2 == 1 for item in split["A"])
    assert all(id_number(item) % 2 == 0 for item in split["B"])
    assert (len(split["A"]), len(split["B"])) == (289, 287)


def test_round_14_splits_test14_and_test15_by_parity() -> None:
    split = halves(14)
    assert {item["id"].split("-")[0] for item in split["A"] + split["B"]} == {"t14", "t15"}
    assert all(id_number(item) % 2 == 1 for item in split["A"])
    assert all(id_number(item) % 2 == 0 for item in split["B"])
    assert (len(split["A"]), len(split["B"])) == (152 + 132, 150 + 131)


def test_round_12_split_is_kept() -> None:
    split = halves(12)
    assert all(item["id"].startswith("t11-") and id_number(item) % 2 == 0 for item in split["B"])
    assert SPLITS[12]["B"][0].part == "test11"


def test_an_unknown_round_is_refused() -> None:
    with pytest.raises(ValueError, match="no split for round 7"):
        halves(7)


def test_unknown_parts_are_refused_in_one_line() -> None:
    done = subprocess.run([sys.executable, "bench/extraction_gold.py", "--parts", "dev,test99"], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode != 0
    assert done.stderr.strip() == "extraction_gold: --parts: unknown part(s) test99"


def test_round_18_splits_by_writer_not_parity() -> None:
    # Round 18 tunes on every item of test20 and test21 and validates on every item of test22 and test23.
    split = halves(18)
    assert {item["id"].split("-")[0] for item in split["A"]} == {"t20", "t21"}
    assert {item["id"].split("-")[0] for item in split["B"]} == {"t22", "t23"}
    assert (len(split["A"]), len(split["B"])) == (270 + 240, 261 + 222)


def test_round_19_tunes_on_test20_to_23_and_validates_on_the_eight_parts_after() -> None:
    split = halves(19)
    assert {item["id"].split("-")[0] for item in split["A"]} == {"t20", "t21", "t22", "t23"}
    assert {item["id"].split("-")[0] for item in split["B"]} == {f"t{n}" for n in range(24, 32)}
    assert (len(split["A"]), len(split["B"])) == (270 + 240 + 261 + 222, 2073)


def test_round_20_tunes_on_test20_to_31_and_validates_on_test32_to_35() -> None:
    split = halves(20)
    assert {item["id"].split("-")[0] for item in split["A"]} == {f"t{n}" for n in range(20, 32)}
    assert {item["id"].split("-")[0] for item in split["B"]} == {f"t{n}" for n in range(32, 36)}
    assert (len(split["A"]), len(split["B"])) == (270 + 240 + 261 + 222 + 2073, 267 + 251 + 265 + 239)


def test_round_21_tunes_on_test20_to_35_and_validates_on_test36_to_41() -> None:
    split = halves(21)
    assert {item["id"].split("-")[0] for item in split["A"]} == {f"t{n}" for n in range(20, 36)}
    assert {item["id"].split("-")[0] for item in split["B"]} == {f"t{n}" for n in range(36, 42)}
    assert len(split["B"]) == 282 + 229 + 275 + 232 + 278 + 235


def test_round_22_tunes_on_test20_to_41_and_validates_on_test42_to_47() -> None:
    split = halves(22)
    assert {item["id"].split("-")[0] for item in split["A"]} == {f"t{n}" for n in range(20, 42)}
    assert {item["id"].split("-")[0] for item in split["B"]} == {f"t{n}" for n in range(42, 48)}
    assert len(split["B"]) == 268 + 220 + 267 + 257 + 264 + 222


def test_round_23_tunes_on_test20_to_47_and_validates_on_test48_to_53() -> None:
    split = halves(23)
    assert {item["id"].split("-")[0] for item in split["A"]} == {f"t{n}" for n in range(20, 48)}
    assert {item["id"].split("-")[0] for item in split["B"]} == {f"t{n}" for n in range(48, 54)}
    assert len(split["B"]) == 268 + 222 + 266 + 262 + 265 + 234


def test_round_27_tunes_on_test20_to_77_and_validates_on_test78_to_83() -> None:
    split = halves(27)
    assert {item["id"].split("-")[0] for item in split["A"]} == {f"t{n}" for n in range(20, 78)}
    assert {item["id"].split("-")[0] for item in split["B"]} == {f"t{n}" for n in range(78, 84)}
    assert len(split["B"]) == 1488


def test_the_readings_dump_has_a_line_per_item_and_refuses_an_unknown_part() -> None:
    dumped = subprocess.run([sys.executable, str(REPO / "bench" / "extraction_readings.py"), "--parts", "test20"],
                            capture_output=True, text=True, check=True, cwd=REPO)
    lines = [json.loads(line) for line in dumped.stdout.splitlines()]
    assert len(lines) == 270 and lines[0]["id"] == "t20-note-001" and lines[0]["part"] == "test20"
    assert set(lines[0]) == {"part", "id", "offers", "invalid", "unknown_issues", "ambiguous", "confidence", "reason"}
    refused = subprocess.run([sys.executable, str(REPO / "bench" / "extraction_readings.py"), "--parts", "test999"],
                             capture_output=True, text=True, cwd=REPO)
    assert refused.returncode == 2 and "no such gold part: test999" in refused.stderr
