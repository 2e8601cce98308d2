"""Precision and recall of the deterministic offer extractor on the hand-labelled gold set
(tests/data/extraction_gold.jsonl). Prints JSON; `--errors` lists every miss.

    python bench/extraction_gold.py [--errors]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.labels import label_cache
from lamen.spec.game import Game
from lamen.spec.load import load_game

GOLD = Path(__file__).resolve().parent.parent / "tests" / "data" / "extraction_gold.jsonl"


@lru_cache(maxsize=None)
def _game(name: str) -> Game:
    return load_game(name)


def score(gold_path: Path = GOLD) -> dict:
    """Counts over (item, issue, label) offers; violations over (item, issue) invalid values."""
    counts = Counter()
    errors = []
    for line in gold_path.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        labels = label_cache(_game(item["game"]))
        read = extract_note if item["kind"] == "note" else extract_message
        found = read(item["text"], labels)
        truth = set(item["offers"].items())
        predicted = set(found.offers.items())
        counts[f"{item['kind']}_true_positive"] += len(truth & predicted)
        counts[f"{item['kind']}_false_positive"] += len(predicted - truth)
        counts[f"{item['kind']}_false_negative"] += len(truth - predicted)
        counts["invalid_expected"] += len(item["invalid"])
        counts["invalid_found"] += len(set(item["invalid"]) & set(found.invalid))
        counts["ambiguous_expected"] += len(item["ambiguous"])
        counts["ambiguous_found"] += len(set(item["ambiguous"]) & set(found.ambiguous))
        if truth != predicted:
            errors.append({"id": item["id"], "missed": sorted(truth - predicted), "wrong": sorted(predicted - truth),
                           "text": item["text"][:300]})
    tp = counts["note_true_positive"] + counts["message_true_positive"]
    fp = counts["note_false_positive"] + counts["message_false_positive"]
    fn = counts["note_false_negative"] + counts["message_false_negative"]
    result = {
        "items": sum(1 for _ in gold_path.open()),
        "offers": {"true_positive": tp, "false_positive": fp, "false_negative": fn,
                   "precision": round(tp / (tp + fp), 4) if tp + fp else None,
                   "recall": round(tp / (tp + fn), 4) if tp + fn else None},
        "by_kind": {kind: {"precision": round(counts[f"{kind}_true_positive"] / max(1, counts[f"{kind}_true_positive"] + counts[f"{kind}_false_positive"]), 4),
                           "recall": round(counts[f"{kind}_true_positive"] / max(1, counts[f"{kind}_true_positive"] + counts[f"{kind}_false_negative"]), 4)}
                    for kind in ("note", "message")},
        "invalid_values_recalled": f"{counts['invalid_found']}/{counts['invalid_expected']}",
        "ambiguous_issues_recalled": f"{counts['ambiguous_found']}/{counts['ambiguous_expected']}",
        "targets": {"precision": 0.99, "recall": 0.95},
    }
    return {"result": result, "errors": errors}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="also list every item read wrongly")
    args = parser.parse_args()
    scored = score()
    print(json.dumps(scored["result"], indent=2))
    if args.errors:
        for error in scored["errors"]:
            print(json.dumps(error, ensure_ascii=False), file=sys.stderr)


if __name__ == "__main__":
    main()
