"""bench/extraction_gold.py's ceiling of what the LLM fallback can buy: unsure items count as read right,
sure ones as the reader read them."""

from __future__ import annotations

import json
from pathlib import Path

from bench.extraction_gold import score


def _item(number: int, text: str, offers: dict[str, str]) -> dict[str, object]:
    return {"id": f"c-msg-{number:03d}", "kind": "message", "game": "rental-agreement", "text": text,
            "offers": offers, "invalid": [], "ambiguous": []}


def test_the_ceiling_forgives_unsure_errors_and_keeps_sure_ones(tmp_path: Path) -> None:
    part = tmp_path / "part.jsonl"
    items = [
        _item(1, "Rent $1400, that is my number.", {"rent": "$1400"}),  # read right, sure
        # Read as nothing and flagged unsure; a fallback that read it as the gold does would fix it.
        _item(2, "Perhaps we could meet somewhere around the middle on the rent?", {"rent": "$1300"}),
        # Labelled against the text on purpose: the reader is sure of $1400, so no fallback is asked.
        _item(3, "Rent $1400 is where I stand today.", {"rent": "$1500"}),
    ]
    part.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    result = score(part)["result"]
    assert (result["offers"]["true_positive"], result["offers"]["false_positive"],
            result["offers"]["false_negative"]) == (1, 1, 2)
    assert result["items_flagged_unsure"] == 1
    ceiling = result["offers_with_an_ideal_fallback"]
    assert (ceiling["true_positive"], ceiling["false_positive"], ceiling["false_negative"]) == (2, 1, 1)
    assert (ceiling["precision"], ceiling["recall"]) == (0.6667, 0.6667)


def test_pooled_parts_add_their_counts(tmp_path: Path) -> None:
    from bench.extraction_gold import pooled

    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    first.write_text(json.dumps(_item(1, "Rent $1400, that is my number.", {"rent": "$1400"})) + "\n", encoding="utf-8")
    second.write_text(json.dumps(_item(2, "Perhaps we could meet somewhere around the middle on the rent?",
                                       {"rent": "$1300"})) + "\n", encoding="utf-8")
    both = pooled([score(first), score(second)])
    assert both["items"] == 2 and both["items_read_wrongly"] == 1
    assert (both["offers"]["true_positive"], both["offers"]["false_negative"], both["offers"]["recall"]) == (1, 1, 0.5)
    assert both["by_kind"]["message"]["recall"] == 0.5 and both["by_kind"]["note"]["recall"] is None
    assert both["offers_with_an_ideal_fallback"]["recall"] == 1.0
    assert (both["errors_flagged_unsure"], both["readings_unsure"]) == (1.0, 0.5)
