"""A round's split of held-out gold parts into a half it tunes on (A) and a half it validates on (B),
chosen by `--round`:

- round 12: A = test11's items with odd id numbers + test10's items with even id numbers;
  B = test11's items with even id numbers.
- round 13: A = test12's and test13's items with odd id numbers; B = their items with even id numbers.
- round 14: A = test14's and test15's items with odd id numbers; B = their items with even id numbers.
- round 15: A = test16's and test17's items with odd id numbers; B = their items with even id numbers.
- round 16: A = test18's and test19's items with odd id numbers, and the halves earlier rounds validated on
  (test12 ... test17's items with even id numbers: their rounds are over, so they are tuning material now);
  B = test18's and test19's items with even id numbers.
- round 17: A = test20's and test21's items with odd id numbers and round 16's B (test18's and test19's
  items with even id numbers); B = test20's and test21's items with even id numbers.
- round 18: A = test20's and test21's items, all of them (round 17's tuning and validation halves);
  B = test22's and test23's items, all of them. Split by writer rather than by id parity: round 17's B
  rose with A while parts by other hands did not move, because halves of one part share its writer's games
  and wordings; a B written by other hands, in games A does not have, shows what a change carries.
- round 19: A = every item of test20 ... test23; B = every item of test24 ... test31 (eight parts by eight
  hands, written during round 18).
- round 20: A = every item of test20 ... test31 (round 19's tuning and validation parts); B = every item of
  test32 ... test35 (four parts by four hands, written during round 19). The parts written during round 20
  (test36 on) are scored by the lead only, before and after.
- round 21: A = every item of test20 ... test35; B = every item of test36 ... test41 (six parts by six hands,
  written during round 20, whose notes carry their writer's side as written). The parts written during
  round 21 (test42 on) are scored by the lead only, before and after.
- round 22: A = every item of test20 ... test41; B = every item of test42 ... test47 (six parts by six hands,
  written during round 21). The parts written during round 22 (test48 on) are scored by the lead only,
  before and after.
- round 23: A = every item of test20 ... test47; B = every item of test48 ... test53 (six parts by six hands,
  written during round 22). The parts written during round 23 (test54 ... test59) were scored by the lead
  only, before and after.
- round 24: A = every item of test20 ... test53; B = every item of test54 ... test59 (six parts by six hands,
  written during round 23 and scored by the lead only, before and after it). The parts written for round 24
  (test60 ... test65) are scored by the lead only, before and after.
- round 25: A = every item of test20 ... test59; B = every item of test60 ... test65 (six parts by six hands,
  written during round 24 and scored by the lead only, before and after it). The parts written for round 25
  (test66 ... test71) are scored by the lead only, before and after.
- round 26: A = every item of test20 ... test59 and of test66 ... test71 (round 25's new parts, read before and
  after it); B = every item of test60 ... test65 and of test72 ... test77 (round 25's validation, and six parts
  written after round 25's readers were frozen, read once). The parts written for round 26 (test78 ... test83)
  are scored by the lead only, before and after.
- round 27: A = every item of test20 ... test77 (every part earlier rounds tuned or validated on);
  B = every item of test78 ... test83 (written for round 26 and scored by the lead only, before and after
  it). The parts written for round 27 (test84 on) are scored by the lead only, before and after.

Prints each half's figures as JSON (and, per part, each part's share of the half); with `--errors`,
lists A's wrongly read items on stderr. B's errors are never printed: only its totals.

    python bench/extraction_halves.py [--round 12|13|...|26|27] [--errors]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# Run as a script, Python puts bench/ (not the checkout) on the path; bench.extraction_gold needs the checkout.
sys.path.insert(0, str(REPO))

from bench.extraction_gold import PARTS, gold_items, score  # noqa: E402


@dataclass(frozen=True)
class Slice:
    """The items of one part whose id number has the given parity (1 = odd, 0 = even; None = every item)."""

    part: str
    parity: int | None = None


# Each round's halves; a round's split is kept once used, so its figures can be recomputed.
SPLITS: dict[int, dict[str, tuple[Slice, ...]]] = {
    12: {"A": (Slice("test11", 1), Slice("test10", 0)), "B": (Slice("test11", 0),)},
    13: {"A": (Slice("test12", 1), Slice("test13", 1)), "B": (Slice("test12", 0), Slice("test13", 0))},
    14: {"A": (Slice("test14", 1), Slice("test15", 1)), "B": (Slice("test14", 0), Slice("test15", 0))},
    15: {"A": (Slice("test16", 1), Slice("test17", 1)), "B": (Slice("test16", 0), Slice("test17", 0))},
    16: {"A": (Slice("test18", 1), Slice("test19", 1), *(Slice(f"test{n}", 0) for n in range(12, 18))),
         "B": (Slice("test18", 0), Slice("test19", 0))},
    17: {"A": (Slice("test20", 1), Slice("test21", 1), Slice("test18", 0), Slice("test19", 0)),
         "B": (Slice("test20", 0), Slice("test21", 0))},
    18: {"A": (Slice("test20"), Slice("test21")), "B": (Slice("test22"), Slice("test23"))},
    19: {"A": tuple(Slice(f"test{n}") for n in range(20, 24)), "B": tuple(Slice(f"test{n}") for n in range(24, 32))},
    20: {"A": tuple(Slice(f"test{n}") for n in range(20, 32)), "B": tuple(Slice(f"test{n}") for n in range(32, 36))},
    21: {"A": tuple(Slice(f"test{n}") for n in range(20, 36)), "B": tuple(Slice(f"test{n}") for n in range(36, 42))},
    22: {"A": tuple(Slice(f"test{n}") for n in range(20, 42)), "B": tuple(Slice(f"test{n}") for n in range(42, 48))},
    23: {"A": tuple(Slice(f"test{n}") for n in range(20, 48)), "B": tuple(Slice(f"test{n}") for n in range(48, 54))},
    24: {"A": tuple(Slice(f"test{n}") for n in range(20, 54)), "B": tuple(Slice(f"test{n}") for n in range(54, 60))},
    25: {"A": tuple(Slice(f"test{n}") for n in range(20, 60)), "B": tuple(Slice(f"test{n}") for n in range(60, 66))},
    26: {"A": tuple(Slice(f"test{n}") for n in (*range(20, 60), *range(66, 72))),
         "B": tuple(Slice(f"test{n}") for n in (*range(60, 66), *range(72, 78)))},
    27: {"A": tuple(Slice(f"test{n}") for n in range(20, 78)), "B": tuple(Slice(f"test{n}") for n in range(78, 84))},
}


def id_number(item: dict[str, Any]) -> int:
    found = re.search(r"(\d+)$", item["id"])
    if found is None:
        raise ValueError(f"extraction_halves: item id {item['id']!r} ends in no number")
    return int(found.group(1))


def slice_items(piece: Slice) -> list[dict[str, Any]]:
    return [item for item in gold_items(PARTS[piece.part])
            if piece.parity is None or id_number(item) % 2 == piece.parity]


def halves(round_number: int = 12) -> dict[str, list[dict[str, Any]]]:
    if round_number not in SPLITS:
        raise ValueError(f"extraction_halves: no split for round {round_number} (known: {sorted(SPLITS)})")
    return {name: [item for piece in pieces for item in slice_items(piece)]
            for name, pieces in SPLITS[round_number].items()}


def score_items(items: list[dict[str, Any]]) -> dict[str, Any]:
    # score() reads a part from a file: the half is written to a temporary one.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "half.jsonl"
        path.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items), encoding="utf-8")
        return score(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, default=12, choices=sorted(SPLITS), help="whose split to use")
    parser.add_argument("--errors", action="store_true", help="list A's wrongly read items (never B's)")
    args = parser.parse_args()
    report: dict[str, Any] = {}
    errors: list[dict[str, Any]] = []
    for name, pieces in SPLITS[args.round].items():
        items = [item for piece in pieces for item in slice_items(piece)]
        scored = score_items(items)
        report[name] = scored["result"]
        if len(pieces) > 1:  # each part's share of the half, totals only
            for piece in pieces:
                report[f"{name}:{piece.part}"] = score_items(slice_items(piece))["result"]
        if name == "A":
            errors = scored["errors"]
    print(json.dumps(report, indent=2))
    if args.errors:
        for error in errors:
            print(json.dumps(error, ensure_ascii=False), file=sys.stderr)


if __name__ == "__main__":
    main()
