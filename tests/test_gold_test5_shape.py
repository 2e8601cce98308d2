"""The fifth held-out gold part (tests/data/extraction_gold_test5.jsonl, `t5-*`) is well formed by the
rules of tests/data/README.md: every labelled issue is an issue of the item's game, every offered value
is one of its labels, invalid values are not labels and stand in the text as written, ambiguous issues
are in neither offers nor invalid. It checks the labels' shape only; it never runs the readers (the
part is scored by bench/extraction_gold.py, after the labels were committed)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from lamen.spec.game import Game
from lamen.spec.load import load_game

DATA = Path(__file__).resolve().parent / "data"
GOLD_TEST5 = DATA / "extraction_gold_test5.jsonl"
OTHER_PARTS = ("extraction_gold.jsonl", "extraction_gold_test.jsonl", "extraction_gold_test2.jsonl",
               "extraction_gold_dev2.jsonl", "extraction_gold_test3.jsonl",
               "extraction_gold_test4.jsonl")
KEYS = ["id", "source", "kind", "game", "text", "offers", "invalid", "unknown_issues", "ambiguous", "why"]
# The user-authored games written for this part (text labels, aliases, synonyms).
NEW_GAMES = ("design-contract",)


@lru_cache(maxsize=None)
def _game(name: str) -> Game:
    user_game = DATA / "games" / f"{name}.yaml"
    return load_game(user_game if user_game.is_file() else name)


def _items(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _has_text_labels(game: Game) -> bool:
    return any(not any(ch.isdigit() for ch in label) for issue in game.issues for label in issue.labels)


def test_fifth_part_is_large_and_balanced() -> None:
    items = _items(GOLD_TEST5)
    notes = [item for item in items if item["kind"] == "note"]
    messages = [item for item in items if item["kind"] == "message"]
    assert len(items) >= 200 and len(notes) + len(messages) == len(items)
    assert len(notes) >= 0.45 * len(items) and len(messages) >= 0.45 * len(items)
    # Hard negatives (nothing offered, invalid or ambiguous) are about a tenth.
    empty = [i for i in items if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.07 * len(items) <= len(empty) <= 0.15 * len(items)
    assert [i["id"] for i in notes] == [f"t5-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"t5-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def test_text_label_games_are_well_covered() -> None:
    items = _items(GOLD_TEST5)
    text_label_items = [i for i in items if _has_text_labels(_game(i["game"]))]
    assert len(text_label_items) >= 30
    for name in NEW_GAMES:
        assert _has_text_labels(_game(name))
        assert sum(i["game"] == name for i in items) >= 10, name


def test_every_built_in_game_is_used() -> None:
    built_in = {path.stem for path in (DATA.parent.parent / "games").glob("*.yaml")}
    assert len(built_in) == 9
    assert built_in <= {item["game"] for item in _items(GOLD_TEST5)}


def test_every_item_has_the_readme_shape() -> None:
    for item in _items(GOLD_TEST5):
        expected = KEYS[:4] + (["side"] if "side" in item else []) + KEYS[4:]
        assert list(item) == expected, item["id"]
        assert item["source"] == "handwritten" and item["kind"] in ("note", "message"), item["id"]
        assert "side" not in item or (item["kind"] == "message" and item["side"] in (0, 1)), item["id"]
        assert item["text"].strip() and item["why"].strip(), item["id"]


def test_every_label_is_a_label_of_its_game() -> None:
    for item in _items(GOLD_TEST5):
        issues = {issue.name: issue for issue in _game(item["game"]).issues}
        offers, invalid, ambiguous = item["offers"], item["invalid"], item["ambiguous"]
        assert set(offers) | set(invalid) | set(ambiguous) <= set(issues), item["id"]
        assert all(label in issues[name].labels for name, label in offers.items()), item["id"]
        # An invalid value is the raw text as written (no snapping either way), so it is in the text.
        assert all(raw.strip() and raw not in issues[name].labels for name, raw in invalid.items()), item["id"]
        assert all(raw in item["text"] for raw in invalid.values()), item["id"]
        assert not set(offers) & set(ambiguous) and not set(invalid) & set(ambiguous), item["id"]
        assert not set(offers) & set(invalid), item["id"]
        assert len(set(ambiguous)) == len(ambiguous), item["id"]
        unknown = item["unknown_issues"]
        assert all(name == name.lower() and name not in issues for name in unknown), item["id"]


def test_merger_messages_name_their_side() -> None:
    # Splits from a side ("we keep six seats") need the speaker's side to be labelled at all.
    for item in _items(GOLD_TEST5):
        if item["game"] == "merger" and item["kind"] == "message":
            assert "side" in item, item["id"]


def test_texts_are_new() -> None:
    texts = [item["text"] for item in _items(GOLD_TEST5)]
    assert len(set(texts)) == len(texts)
    others = {item["text"] for part in OTHER_PARTS for item in _items(DATA / part)}
    assert not set(texts) & others
