"""The built-in games' rows shipped with lamen (lamen.spec.shipped_listing): the first `lamen games
list` on a new machine reads no YAML, and a shipped row is used only while reading the files would
give the same row. And the game families listed beside the games."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.spec import library as library_module
from lamen.spec import listing as listing_module
from lamen.spec import shipped_listing
from lamen.spec.library import Library, builtin_root
from lamen.spec.listing import build_listing, game_listing
from tests.test_core_registry import install_fake_distribution
from tests.test_games_listing_cache import BUILTIN_ROWS, cache, cache_files, parking_issue  # noqa: F401 (fixture)

BUILTIN_FAMILY_ROWS = [
    ("negotiation", "mixed-motive", "LAMEN negotiation: two sides trade offers on issues with private payoff tables.",
     "built-in"),
    ("dialop.optimization", "common-payoff",
     "DialOp Optimization: assign reviewers to papers from two partial, privately scaled views.", "built-in"),
    ("dialop.mediation", "common-payoff",
     "DialOp Mediation: an agent books a flight for each of two friends who each talk only to it.", "built-in"),
    ("adventurers", "common-payoff",
     "Traveling Adventurers: agree on one round trip through a house; each player knows only its own coins.",
     "built-in"),
    ("dialop.planning", "common-payoff",
     "DialOp Planning: an assistant with a site database and a search tool plans a three-stop itinerary for a user "
     "who alone knows their preferences.", "built-in"),
    ("peoplejoin.qa", "agent-vs-env", "PeopleJoin-QA: an agent answers its user's question by finding and messaging "
     "the colleagues who hold the tables it needs.", "built-in"),
    ("toolwoz", "agent-vs-env", "ToolWOZ: an agent serves a simulated customer by calling search and booking APIs "
     "over the MultiWOZ databases, which answer adversarially.", "built-in"),
]


def test_the_shipped_file_is_up_to_date(capsys: pytest.CaptureFixture[str]) -> None:
    # Fails after a built-in game or lamen/spec changes: run `python -m lamen.spec.shipped_listing`.
    assert shipped_listing.main(["--check"]) == 0, capsys.readouterr().out
    assert sorted(shipped_listing.load_shipped()) == sorted(f"{row[0]}.yaml" for row in BUILTIN_ROWS)


def test_shipped_rows_equal_reading_every_file(cache: Path) -> None:
    library = Library.default()
    assert list(build_listing(library).rows) == BUILTIN_ROWS
    assert list(build_listing(library, shipped=False).rows) == BUILTIN_ROWS


def test_rows_from_other_spec_code_are_not_used(tmp_path: Path) -> None:
    stored = json.loads(shipped_listing.SHIPPED.read_text())
    stored["code"] += 1
    stale = tmp_path / "shipped.json"
    stale.write_text(json.dumps(stored))
    assert shipped_listing.load_shipped(stale) == {}
    (tmp_path / "broken.json").write_text("{not json")
    assert shipped_listing.load_shipped(tmp_path / "broken.json") == {}


def test_a_file_made_where_a_built_in_game_looked_changes_its_row(cache: Path) -> None:
    """`issues: [rent]` is looked for in the working directory first: a rent.yaml there is the
    game's rent issue, so the shipped row no longer holds."""
    (Path.cwd() / "rent.yaml").write_text(parking_issue(3).replace("name: parking", "name: rent"))
    rows = build_listing(Library.default()).rows
    assert rows == build_listing(Library.default(), shipped=False).rows
    assert ("rental-1-distributive", "rent", "competitive", "3", "built-in") in rows


def test_a_changed_built_in_file_is_read_again(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "builtin"
    for folder in ("games", "issues"):
        shutil.copytree(builtin_root() / folder, copy / folder)
    monkeypatch.setattr(library_module, "builtin_root", lambda: copy)
    monkeypatch.setattr(listing_module, "builtin_root", lambda: copy)
    reader = listing_module._GameReader
    monkeypatch.setattr(listing_module, "_GameReader", None)  # any game read from its files would fail
    assert list(build_listing(Library.default()).rows) == BUILTIN_ROWS  # same bytes: shipped rows hold
    monkeypatch.setattr(listing_module, "_GameReader", reader)
    subletting = copy / "issues" / "subletting.yaml"
    text = subletting.read_text()
    assert "name: subletting" in text
    subletting.write_text(text.replace("name: subletting", "name: sublease"))
    changed = build_listing(Library.default())
    assert changed.rows == build_listing(Library.default(), shipped=False).rows
    assert ("rental-2-distributive", "rent, sublease", "competitive", "121", "built-in") in changed.rows
    (copy / "games" / "merger.yaml").write_text("name: merger\nextends: rental-agreement\nissues: [rent]\n")
    assert ("merger", "rent", "competitive", "11", "built-in") in build_listing(Library.default()).rows


def test_families_are_listed_beside_the_games(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = game_listing(Library.default())
    assert list(listing.families) == BUILTIN_FAMILY_ROWS and listing.broken_families == ()
    assert main(["games", "list"]) == 0
    out = capsys.readouterr().out
    assert "Game families" in out and "dialop.optimization" in out and "common-payoff" in out


def test_each_declared_family_says_what_the_loaded_family_says() -> None:
    from lamen.core.registry import get_family
    from lamen.families import BUILTIN_FAMILIES

    for name, relation, description in BUILTIN_FAMILIES:
        family = get_family(name)
        assert (family.name, str(family.relation), family.description) == (name, relation, description)


def test_a_family_another_package_installs_is_listed(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game_listing(Library.default())  # cached before the package is there
    packages = tmp_path / "site"
    packages.mkdir()
    install_fake_distribution(packages, "toy.scouts = tests.toy_family:FAMILY")
    monkeypatch.syspath_prepend(str(packages))
    families = game_listing(Library.default()).families
    assert families[-1][0] == "toy.scouts" and families[-1][1] == "common-payoff"
    assert families[-1][3] == "toy-scouts 0.1"
    assert game_listing(Library.default()).families == families  # and read back from the cache


def test_a_family_that_fails_to_load_is_skipped_with_why(cache: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    packages = tmp_path / "site"
    packages.mkdir()
    install_fake_distribution(packages, "toy.broken = tests.no_such_module:FAMILY")
    monkeypatch.syspath_prepend(str(packages))
    listing = game_listing(Library.default())
    assert [name for name, _ in listing.broken_families] == ["toy.broken"]
    assert "toy-scouts 0.1: ModuleNotFoundError" in listing.broken_families[0][1]
    assert cache_files(cache) == []  # never cached: the error is shown until it is fixed
    assert main(["games", "list"]) == 0
    assert "skipped family toy.broken: toy-scouts 0.1: ModuleNotFoundError" in capsys.readouterr().out
