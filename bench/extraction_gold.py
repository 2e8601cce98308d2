"""Precision and recall of the deterministic offer readers on the hand-labelled gold set, split
into a `dev` part (tests/data/extraction_gold.jsonl, which the readers were tuned on), a `test`
part (tests/data/extraction_gold_test.jsonl, written before the first round of issue 12 changed
the readers) and a second held-out part `test2` (tests/data/extraction_gold_test2.jsonl, in
styles the others lack, written before the second round), a practice part `dev2`
(tests/data/extraction_gold_dev2.jsonl, written for the third round before it was scored) and, when
their files exist, the held-out `test3` (tests/data/extraction_gold_test3.jsonl), `test4`
(tests/data/extraction_gold_test4.jsonl), `test5` (tests/data/extraction_gold_test5.jsonl), `test6`
(tests/data/extraction_gold_test6.jsonl), `test7` (tests/data/extraction_gold_test7.jsonl), `test8`
(tests/data/extraction_gold_test8.jsonl), `test9` (tests/data/extraction_gold_test9.jsonl), `test10`
(tests/data/extraction_gold_test10.jsonl), `test11` (tests/data/extraction_gold_test11.jsonl), `test12`
(tests/data/extraction_gold_test12.jsonl), `test13` (tests/data/extraction_gold_test13.jsonl), `test14`
(tests/data/extraction_gold_test14.jsonl, a representative sample of tournament turns), `test15`
(tests/data/extraction_gold_test15.jsonl, styles issue 12 does not list), `test16` and `test18`
(representative, like test14) and `test17` and `test19` (unlisted styles, like test15), and so on to
`test91` (even numbers from test14 on representative, odd ones and test88 unlisted styles; from test36 on every
note carries its writer's side), each
labelled by an independent hand before the readers were run on it. Per part: what share of the readers' errors they flagged `unsure` (what the LLM
fallback can fix), what share of all readings is unsure (what the fallback costs) and the offers' figures
if a fallback read every unsure item right (the most it can buy); and the median
reading time per note and per message. Prints JSON.

    python bench/extraction_gold.py [--parts dev,test,...] [--pool] [--errors dev|dev2|test|test2|test3|...|test91]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

from lamen.judge.extract import extract_message, extract_note
from lamen.judge.extraction import Extraction
from lamen.judge.labels import GameLabels, forget_memos, label_cache
from lamen.spec.game import Game
from lamen.spec.load import load_game

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
GOLD = DATA / "extraction_gold.jsonl"  # the dev part
GOLD_TEST = DATA / "extraction_gold_test.jsonl"
GOLD_TEST2 = DATA / "extraction_gold_test2.jsonl"
GOLD_DEV2 = DATA / "extraction_gold_dev2.jsonl"
# The held-out parts from test3 on (tests/data/extraction_gold_testN.jsonl), each labelled by an
# independent hand before the readers saw it: found by their file names, so a new part is scored as
# soon as its file is there (test and test2 are named above).
HELD_OUT = sorted(n for n in (int(path.stem.removeprefix("extraction_gold_test"))
                              for path in DATA.glob("extraction_gold_test[0-9]*.jsonl")) if n >= 3)
PARTS = {"dev": GOLD, "dev2": GOLD_DEV2, "test": GOLD_TEST, "test2": GOLD_TEST2,
         **{f"test{n}": DATA / f"extraction_gold_test{n}.jsonl" for n in HELD_OUT}}
USER_GAMES = DATA / "games"  # user-authored games of the gold set (text labels, aliases, synonyms)
TIMING_REPEATS = 5


@lru_cache(maxsize=None)
def gold_game(name: str) -> Game:
    user_game = USER_GAMES / f"{name}.yaml"
    return load_game(user_game if user_game.is_file() else name)


def gold_items(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def read_item(item: dict[str, Any], labels: GameLabels | None = None) -> Extraction:
    labels = labels or label_cache(gold_game(item["game"]))
    if item["kind"] == "note":
        return extract_note(item["text"], labels, side=item.get("side"))
    return extract_message(item["text"], labels, side=item.get("side"))


def _ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _figures(counts: Counter, prefix: str) -> dict[str, Any]:
    tp, fp, fn = (counts[f"{prefix}true_positive"], counts[f"{prefix}false_positive"],
                  counts[f"{prefix}false_negative"])
    return {"true_positive": tp, "false_positive": fp, "false_negative": fn,
            "precision": _ratio(tp, tp + fp), "recall": _ratio(tp, tp + fn)}


def score(gold_path: Path = GOLD) -> dict[str, Any]:
    """Counts over (item, issue, label) offers; violations over (item, issue) invalid values and
    ambiguous issues. An item is an error when its offers, invalid or ambiguous issues differ
    from the gold; `errors_flagged_unsure` is the share of those the reader marked unsure."""
    counts: Counter = Counter()
    errors = []
    items = gold_items(gold_path)
    for item in items:
        found = read_item(item)
        truth, predicted = set(item["offers"].items()), set(found.offers.items())
        unsure = found.confidence == "unsure"
        # A fallback that read every unsure item right would leave only the sure readings' errors:
        # the ceiling of what `llm_fallback` can buy, at the cost of `readings_unsure`.
        after_fallback = truth if unsure else predicted
        for prefix in ("", f"{item['kind']}_"):
            counts[f"{prefix}true_positive"] += len(truth & predicted)
            counts[f"{prefix}false_positive"] += len(predicted - truth)
            counts[f"{prefix}false_negative"] += len(truth - predicted)
        counts["ceiling_true_positive"] += len(truth & after_fallback)
        counts["ceiling_false_positive"] += len(after_fallback - truth)
        counts["ceiling_false_negative"] += len(truth - after_fallback)
        counts["invalid_expected"] += len(item["invalid"])
        counts["invalid_found"] += len(set(item["invalid"]) & set(found.invalid))
        counts["ambiguous_expected"] += len(item["ambiguous"])
        counts["ambiguous_found"] += len(set(item["ambiguous"]) & set(found.ambiguous))
        wrong = (truth != predicted or set(item["invalid"]) != set(found.invalid)
                 or set(item["ambiguous"]) != set(found.ambiguous))
        counts["unsure"] += unsure
        if wrong:
            counts["errors"] += 1
            counts["errors_unsure"] += unsure
            errors.append({"id": item["id"], "missed": sorted(truth - predicted), "wrong": sorted(predicted - truth),
                           "invalid": found.invalid, "ambiguous": list(found.ambiguous),
                           "confidence": found.confidence, "reason": found.reason, "text": item["text"][:300]})
    result = {
        "items": len(items),
        "offers": _figures(counts, ""),
        "by_kind": {kind: _figures(counts, f"{kind}_") for kind in ("note", "message")},
        "invalid_values_recalled": f"{counts['invalid_found']}/{counts['invalid_expected']}",
        "ambiguous_issues_recalled": f"{counts['ambiguous_found']}/{counts['ambiguous_expected']}",
        "items_read_wrongly": counts["errors"],
        "errors_flagged_unsure": _ratio(counts["errors_unsure"], counts["errors"]),
        "items_flagged_unsure": counts["unsure"],
        "readings_unsure": _ratio(counts["unsure"], len(items)),
        "offers_with_an_ideal_fallback": _figures(counts, "ceiling_"),
    }
    return {"result": result, "errors": errors}


def pooled(scored: list[dict[str, Any]]) -> dict[str, Any]:
    """Several parts' offers (each as `score` returns it) counted as one part: one writer's part is a
    sample of one hand (parts written to the same brief differ by up to 0.09 in recall), so a claim
    rests on the pooled figure."""
    counts: Counter = Counter()
    for part in scored:
        result = part["result"]
        for prefix, figures in (("", result["offers"]), *((f"{kind}_", result["by_kind"][kind])
                                                            for kind in ("note", "message")),
                                ("ceiling_", result["offers_with_an_ideal_fallback"])):
            for field in ("true_positive", "false_positive", "false_negative"):
                counts[f"{prefix}{field}"] += figures[field]
        counts["items"] += result["items"]
        counts["errors"] += result["items_read_wrongly"]
        counts["errors_unsure"] += sum(error["confidence"] == "unsure" for error in part["errors"])
        counts["unsure"] += result["items_flagged_unsure"]
    return {"items": counts["items"], "offers": _figures(counts, ""),
            "by_kind": {kind: _figures(counts, f"{kind}_") for kind in ("note", "message")},
            "items_read_wrongly": counts["errors"],
            "errors_flagged_unsure": _ratio(counts["errors_unsure"], counts["errors"]),
            "readings_unsure": _ratio(counts["unsure"], counts["items"]),
            "offers_with_an_ideal_fallback": _figures(counts, "ceiling_")}


def present_parts() -> dict[str, Path]:
    """The parts whose file exists (the held-out ones are written elsewhere and may not be here yet)."""
    return {part: path for part, path in PARTS.items() if path.is_file()}


def median_ms(paths: tuple[Path, ...] | None = None) -> dict[str, float]:
    """Median over items of the best of a few cold readings (label tables built beforehand, as in a run)."""
    times: dict[str, list[float]] = {"note": [], "message": []}
    for path in paths if paths is not None else tuple(present_parts().values()):
        for item in gold_items(path):
            read_item(item)  # warm the label cache
            best = min(_timed(item) for _ in range(TIMING_REPEATS))
            times[item["kind"]].append(best * 1000)
    return {kind: round(statistics.median(values), 3) for kind, values in times.items() if values}


def _timed(item: dict[str, Any]) -> float:
    # Cold: the memoised answers of earlier readings are forgotten, so a repeat costs as much
    # as a first reading of a text never seen.
    labels = label_cache(gold_game(item["game"]))  # built once per game in a run, so not timed
    forget_memos(labels)
    start = time.perf_counter()
    read_item(item, labels)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", choices=tuple(PARTS), help="also list every item of that part read wrongly")
    parser.add_argument("--parts", help="comma-separated parts to score (default: every part present), so that "
                                        "a round can leave its held-out parts unread")
    parser.add_argument("--pool", action="store_true", help="also print the parts scored counted as one (`pooled`)")
    args = parser.parse_args()
    parts = present_parts()
    if args.parts:
        chosen = [part.strip() for part in args.parts.split(",") if part.strip()]
        unknown = [part for part in chosen if part not in PARTS]
        if unknown:
            sys.exit(f"extraction_gold: --parts: unknown part(s) {', '.join(unknown)}")
        if args.errors and args.errors not in chosen:
            sys.exit(f"extraction_gold: --errors {args.errors} is not among --parts")
        parts = {part: path for part, path in parts.items() if part in chosen}
    if args.errors and args.errors not in parts:
        sys.exit(f"extraction_gold: --errors {args.errors}: {PARTS[args.errors]} does not exist")
    scored = {part: score(path) for part, path in parts.items()}
    report = {part: scored[part]["result"] for part in scored}
    if args.pool:
        report["pooled"] = pooled(list(scored.values()))
    report["median_ms_per_reading"] = median_ms(tuple(parts.values()))
    report["targets"] = {"precision": 0.99, "recall": 0.95, "recall_per_kind": 0.93, "errors_flagged_unsure": 0.8,
                         "median_ms": 1.0, "test2_precision": 0.98, "test2_recall": 0.90}
    print(json.dumps(report, indent=2))
    if args.errors:
        for error in scored[args.errors]["errors"]:
            print(json.dumps(error, ensure_ascii=False), file=sys.stderr)


if __name__ == "__main__":
    main()
