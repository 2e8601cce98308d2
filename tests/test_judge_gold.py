"""The deterministic extractor on the hand-labelled gold set: exact counts pinned (a change in
the readers that moves any of them must be looked at), targets P ≥ 0.99 and R ≥ 0.95."""

from __future__ import annotations

import json
from pathlib import Path

from bench.extraction_gold import GOLD, score


def test_gold_set_is_large_and_includes_the_real_transcript() -> None:
    items = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines()]
    assert len(items) >= 200
    sources = {item["source"].split(":")[0] for item in items}
    assert sources == {"lamen", "handwritten"}
    assert sum(item["id"].startswith("lamen-note-") for item in items) == 23
    assert sum(item["id"].startswith("lamen-msg-") for item in items) == 23


def test_extractor_counts_on_gold_set() -> None:
    result = score(Path(GOLD))["result"]
    assert result["items"] == 308
    assert result["offers"] == {"true_positive": 528, "false_positive": 2, "false_negative": 7,
                                "precision": 0.9962, "recall": 0.9869}
    assert result["offers"]["precision"] >= 0.99 and result["offers"]["recall"] >= 0.95
    assert result["invalid_values_recalled"] == "28/32"
    assert result["ambiguous_issues_recalled"] == "20/21"


def test_every_real_gpt4_item_is_read_exactly() -> None:
    errors = score(Path(GOLD))["errors"]
    assert [e["id"] for e in errors if e["id"].startswith("lamen-")] == []
