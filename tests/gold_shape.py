"""Shape checks every held-out gold part (tests/data/extraction_gold_test*.jsonl) must pass, by the
rules of tests/data/README.md; each part's test module adds what is particular to it. Shape only:
the readers never run here."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from lamen.spec.game import Game
from lamen.spec.load import load_game

DATA = Path(__file__).resolve().parent / "data"
KEYS = ["id", "source", "kind", "game", "text", "offers", "invalid", "unknown_issues", "ambiguous", "why"]
# The six model families whose habits the parts from test7 on imitate; each item's `why` opens
# "Family-like; language; role; ...".
FAMILIES = ("Claude-like", "GPT-like", "Gemini-like", "Llama/Mistral-like", "Qwen/DeepSeek-like", "Cohere-like")


def family_of(item: dict[str, Any]) -> str:
    return item["why"].split("; ")[0]


def language_of(item: dict[str, Any]) -> str:
    return item["why"].split("; ")[1]


def built_in_games() -> set[str]:
    return {path.stem for path in (DATA.parent.parent / "games").glob("*.yaml")}


@lru_cache(maxsize=None)
def game(name: str) -> Game:
    """A built-in game, or a user-authored one in tests/data/games/."""
    user_game = DATA / "games" / f"{name}.yaml"
    return load_game(user_game if user_game.is_file() else name)


def items(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def has_text_labels(game: Game) -> bool:
    return any(not any(ch.isdigit() for ch in label) for issue in game.issues for label in issue.labels)


def check_readme_shape(part: Path) -> None:
    for item in items(part):
        expected = KEYS[:4] + (["side"] if "side" in item else []) + KEYS[4:]
        assert list(item) == expected, item["id"]
        assert item["source"] == "handwritten" and item["kind"] in ("note", "message"), item["id"]
        assert "side" not in item or (item["kind"] == "message" and item["side"] in (0, 1)), item["id"]
        assert item["text"].strip() and item["why"].strip(), item["id"]


def check_labels(part: Path) -> None:
    for item in items(part):
        issues = {issue.name: issue for issue in game(item["game"]).issues}
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


def check_merger_sides(part: Path) -> None:
    # Splits from a side ("we keep six seats") need the speaker's side to be labelled at all.
    for item in items(part):
        if item["game"] == "merger" and item["kind"] == "message":
            assert "side" in item, item["id"]


def check_texts_new(part: Path, other_parts: tuple[str, ...]) -> None:
    texts = [item["text"] for item in items(part)]
    assert len(set(texts)) == len(texts)
    others = {item["text"] for other in other_parts for item in items(DATA / other)}
    assert not set(texts) & others
