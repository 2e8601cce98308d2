"""Shape checks every held-out gold part (tests/data/extraction_gold_test*.jsonl) must pass, by the
rules of tests/data/README.md; each part's test module adds what is particular to it. Shape only:
the readers never run here."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lamen.spec.game import Game
from lamen.spec.load import load_game

if TYPE_CHECKING:  # the shape checks gold writers run must not load the readers they write for
    from lamen.judge.labels import GameLabels

DATA = Path(__file__).resolve().parent / "data"
KEYS = ["id", "source", "kind", "game", "text", "offers", "invalid", "unknown_issues", "ambiguous", "why"]
# The six model families whose habits the parts from test7 on imitate; each item's `why` opens
# "Family-like; language; role; ...".
FAMILIES = ("Claude-like", "GPT-like", "Gemini-like", "Llama/Mistral-like", "Qwen/DeepSeek-like", "Cohere-like")

# "Acceptable offer" as the protocol asks for it, and as the notes of the other-language tournaments say it.
OFFER_HEADINGS = ("acceptable", "acceptabel", "akzeptables", "aceptable", "accettabile", "aceitável",
                  "可接受", "許容", "수락 가능")


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
        # A note's side is the writer's seat (the runner knows it), written on notes from test36 on.
        assert "side" not in item or item["side"] in (0, 1), item["id"]
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


def all_parts() -> list[Path]:
    """Every gold part in tests/data (dev, dev2, test, test2, ...)."""
    return sorted(DATA.glob("extraction_gold*.jsonl"))


@dataclass(frozen=True)
class PartShape:
    """What a held-out part written from test11 on promises besides the README's shape: its size and
    mix, its six families, its share of other languages, both sides speaking, the games it leans on
    (new user-authored ones, the built-in ones, older user-authored ones with text labels) and enough
    hard cases. Each part's own test module checks the habits particular to it."""

    name: str  # "test11"
    prefix: str  # "t11"
    new_games: tuple[str, ...]
    min_new_game_items: int
    min_built_in_items: int
    languages_per_kind: int = 6
    min_ambiguous: int = 10
    min_invalid: int = 10
    min_unknown: int = 3
    min_items: int = 260

    @property
    def path(self) -> Path:
        return DATA / f"extraction_gold_{self.name}.jsonl"

    @property
    def notes_carry_side(self) -> bool:
        """Parts from test36 on were written with the writer's side on every note too (tests/data/README.md)."""
        return int(self.name.removeprefix("test")) >= 36


def check_size_and_ids(shape: PartShape) -> None:
    """About two fifths notes, 5-12% offering nothing, ids numbered per kind from 1."""
    found = items(shape.path)
    notes = [item for item in found if item["kind"] == "note"]
    messages = [item for item in found if item["kind"] == "message"]
    assert len(found) >= shape.min_items and len(notes) + len(messages) == len(found)
    assert 0.35 * len(found) <= len(notes) <= 0.45 * len(found)
    empty = [i for i in found if not (i["offers"] or i["invalid"] or i["ambiguous"])]
    assert 0.05 * len(found) <= len(empty) <= 0.12 * len(found)
    assert [i["id"] for i in notes] == [f"{shape.prefix}-note-{n:03d}" for n in range(1, len(notes) + 1)]
    assert [i["id"] for i in messages] == [f"{shape.prefix}-msg-{n:03d}" for n in range(1, len(messages) + 1)]


def check_families(shape: PartShape) -> None:
    """Every item imitates one of the six families, each writing ≥ 15 notes and ≥ 20 messages."""
    found = items(shape.path)
    assert all(family_of(i) in FAMILIES for i in found)
    for family in FAMILIES:
        assert sum(i["kind"] == "note" and family_of(i) == family for i in found) >= 15, family
        assert sum(i["kind"] == "message" and family_of(i) == family for i in found) >= 20, family


def check_languages(shape: PartShape) -> None:
    """≥ 15% of the items not in English; ≥ 10 of each kind, in several languages."""
    found = items(shape.path)
    foreign = [i for i in found if language_of(i) != "en"]
    assert len(foreign) >= 0.15 * len(found)
    for kind in ("message", "note"):
        foreign_of_kind = [i for i in foreign if i["kind"] == kind]
        assert len(foreign_of_kind) >= 10, kind
        assert len({language_of(i) for i in foreign_of_kind}) >= shape.languages_per_kind, kind


def check_sides(shape: PartShape) -> None:
    """Every message names its side, and each side speaks ≥ 35% of them; so do notes, in the parts whose
    notes carry their writer's side."""
    found = items(shape.path)
    for kind in ("message", "note") if shape.notes_carry_side else ("message",):
        of_kind = [i for i in found if i["kind"] == kind]
        assert all(i.get("side") in (0, 1) for i in of_kind), kind
        for side in (0, 1):
            assert sum(i["side"] == side for i in of_kind) >= 0.35 * len(of_kind), (kind, side)


def check_games(shape: PartShape) -> None:
    """Every built-in game is used; the new games and the built-in ones carry their share; the rest
    are older user-authored games with text labels. The new games have text labels, aliases and synonyms."""
    found = items(shape.path)
    built_in = built_in_games()
    assert len(built_in) == 9 and built_in <= {i["game"] for i in found}
    assert set(shape.new_games) <= {i["game"] for i in found}
    assert sum(i["game"] in shape.new_games for i in found) >= shape.min_new_game_items
    assert sum(i["game"] in built_in for i in found) >= shape.min_built_in_items
    older_user = [i for i in found if i["game"] not in built_in and i["game"] not in shape.new_games]
    assert older_user and all(has_text_labels(game(i["game"])) for i in older_user)
    for name in shape.new_games:
        issues = game(name).issues
        assert has_text_labels(game(name)), name
        assert any(issue.aliases for issue in issues) and any(issue.synonyms for issue in issues), name


def check_hard_cases(shape: PartShape) -> None:
    found = items(shape.path)
    assert sum(bool(i["ambiguous"]) for i in found) >= shape.min_ambiguous
    assert sum(bool(i["invalid"]) for i in found) >= shape.min_invalid
    assert sum(bool(i["unknown_issues"]) for i in found) >= shape.min_unknown



def labels_of(name: str) -> GameLabels:
    """The judge's label tables of a built-in or user-authored game (what the reader round tests read with)."""
    from lamen.judge.labels import label_cache  # here, not at the top: see the TYPE_CHECKING import

    return label_cache(game(name))


def game_from_yaml(folder: Path, name: str, text: str) -> Game:
    """A game written inline by a test, saved as `folder/name.yaml` and loaded as a user's file."""
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_game(path)


def labels_from_yaml(folder: Path, name: str, text: str) -> GameLabels:
    """The label tables of a game written inline by a test (`game_from_yaml`)."""
    from lamen.judge.labels import label_cache

    return label_cache(game_from_yaml(folder, name, text))


def check_other_scripts(part: Path, scripts: set[str]) -> None:
    """A multilingual part: over a quarter of its items not in English (≥ 15% of each kind), with every
    language of `scripts` (languages written in a script other than the Latin one) among them."""
    found = items(part)
    foreign = [i for i in found if language_of(i) != "en"]
    assert len(foreign) >= 0.25 * len(found)
    for kind in ("message", "note"):
        of_kind = [i for i in found if i["kind"] == kind]
        assert sum(language_of(i) != "en" for i in of_kind) >= 0.15 * len(of_kind), kind
    assert scripts <= {language_of(i) for i in foreign}


def texts_with(part: Path, *marks: str) -> int:
    """How many items of a part hold any of `marks` in their text (a habit the part stresses)."""
    return sum(any(mark in item["text"] for mark in marks) for item in items(part))


def headed_notes_share(part: Path) -> float:
    """The share of a part's notes carrying the protocol's "Acceptable offer" heading (in any of the
    tournament languages of OFFER_HEADINGS): what a representative part promises most notes do."""
    notes = [item for item in items(part) if item["kind"] == "note"]
    return sum(any(heading in item["text"].lower() for heading in OFFER_HEADINGS) for item in notes) / len(notes)


def check_agreements_bare_and_restating(part: Path, *phrases: str, restated_issues: int | None = None) -> None:
    """The part's agreements come both bare ("We agree on all issues.", no offer) and restating the package
    (some offer; with `restated_issues`, a package of that many issues): the two ways models accept.
    An agreement is a message holding any of `phrases`."""
    agreements = [i for i in items(part) if i["kind"] == "message" and any(p in i["text"] for p in phrases)]
    assert any(not i["offers"] for i in agreements), "no bare agreement"
    if restated_issues is None:
        assert any(i["offers"] for i in agreements), "no agreement restating the package"
    else:
        assert any(len(i["offers"]) == restated_issues for i in agreements), "no agreement restating the package"


def new_game_items_offering_every_label(part: Path, name: str) -> list[dict[str, Any]]:
    """The part's items in its new game `name`, after checking that every label of every issue of the game is
    offered by some item (a new game's labels are all exercised); the caller checks what it adds."""
    found = [i for i in items(part) if i["game"] == name]
    for issue in game(name).issues:
        offered = {i["offers"][issue.name] for i in found if issue.name in i["offers"]}
        assert offered == set(issue.labels), issue.name
    return found
