"""Round 12's split of the held-out gold parts, for tuning without looking at the validation half:
A (tuned on) = test11's items with odd id numbers + test10's items with even id numbers; B
(validation) = test11's items with even id numbers. Prints each half's figures as JSON; with
`--errors`, lists A's wrongly read items on stderr. B's errors are never printed: only its totals.

    python bench/extraction_halves.py [--errors]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# Run as a script, Python puts bench/ (not the checkout) on the path; bench.extraction_gold needs the checkout.
sys.path.insert(0, str(REPO))

from bench.extraction_gold import GOLD_TEST10, GOLD_TEST11, gold_items, score  # noqa: E402


def id_number(item: dict[str, Any]) -> int:
    found = re.search(r"(\d+)$", item["id"])
    if found is None:
        raise ValueError(f"extraction_halves: item id {item['id']!r} ends in no number")
    return int(found.group(1))


def halves() -> dict[str, list[dict[str, Any]]]:
    test11, test10 = gold_items(GOLD_TEST11), gold_items(GOLD_TEST10)
    return {"A": [i for i in test11 if id_number(i) % 2 == 1] + [i for i in test10 if id_number(i) % 2 == 0],
            "B": [i for i in test11 if id_number(i) % 2 == 0]}


def score_items(items: list[dict[str, Any]]) -> dict[str, Any]:
    # score() reads a part from a file: the half is written to a temporary one.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "half.jsonl"
        path.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items), encoding="utf-8")
        return score(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="list A's wrongly read items (never B's)")
    args = parser.parse_args()
    scored = {name: score_items(items) for name, items in halves().items()}
    print(json.dumps({name: result["result"] for name, result in scored.items()}, indent=2))
    if args.errors:
        for error in scored["A"]["errors"]:
            print(json.dumps(error, ensure_ascii=False), file=sys.stderr)


if __name__ == "__main__":
    main()
