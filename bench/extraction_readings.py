"""Every reading of every gold item, one JSON line each, so that two versions of the readers can be
compared item for item (a speed pass must change no reading). Each line holds the item's part and id
and the reading's offers, invalid values, unknown and ambiguous issues, confidence and reason.

The reason of an unsure reading may list issues in set order, which changes with Python's hash
seed: run both versions with the same PYTHONHASHSEED for a byte-for-byte comparison.

    PYTHONHASHSEED=0 python bench/extraction_readings.py [--parts dev,test,...] > readings.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from extraction_gold import gold_items, present_parts, read_item  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", help="comma-separated parts to read (default: every part present)")
    args = parser.parse_args()
    parts = present_parts()
    chosen = [part.strip() for part in args.parts.split(",") if part.strip()] if args.parts else list(parts)
    unknown = [part for part in chosen if part not in parts]
    if unknown:
        parser.error(f"no such gold part: {', '.join(unknown)} (known: {', '.join(parts)})")
    for part in chosen:
        for item in gold_items(parts[part]):
            found = read_item(item)
            print(json.dumps({"part": part, "id": item["id"], "offers": found.offers, "invalid": found.invalid,
                              "unknown_issues": list(found.unknown_issues), "ambiguous": list(found.ambiguous),
                              "confidence": found.confidence, "reason": found.reason}, ensure_ascii=False))


if __name__ == "__main__":
    main()
