"""The cache behind `lamen games list` (lamen.spec.listing): the same rows as reading every file,
rebuilt when any file the listing depends on changes, never holding a broken game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.spec.library import Library
from lamen.spec.listing import build_listing, game_listing

BUILTIN_ROWS = [
    ("loan-agreement", "amount, duration, annual interest rate, service fees", "cooperative", "14,641", "built-in"),
    ("merger", "benefits, control, employees, ownership", "integrative", "14,641", "built-in"),
    ("rental-1-compatible", "duration", "cooperative", "11", "built-in"),
    ("rental-1-distributive", "rent", "competitive", "11", "built-in"),
    ("rental-2-distributive", "rent, subletting", "competitive", "121", "built-in"),
    ("rental-2-integrative-distributive", "rent, subletting", "integrative", "121", "built-in"),
    ("rental-2-integrative-mixture", "rent, duration", "integrative", "121", "built-in"),
    ("rental-2-mixture", "rent, duration", "cooperative", "121", "built-in"),
    ("rental-agreement", "rent, duration, deposit, subletting", "cooperative", "14,641", "built-in"),
]


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder, and a working directory of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("LAMEN_CACHE_DIR", str(folder))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return folder


def cache_files(folder: Path) -> list[Path]:
    return sorted((folder / "games-list").glob("*.json")) if (folder / "games-list").is_dir() else []


def parking_issue(labels: int) -> str:
    values = list(range(labels))
    return (f"name: parking\nissue_type: distributive\ndescriptions: [Parking spaces., Parking spaces.]\npayoffs:\n  - {values}\n  - {values[::-1]}\n"
            f"payoff_labels:\n  - {[f'{n} spaces' for n in values]}\n  - {[f'{n} spaces' for n in values]}\n")


def user_games(root: Path) -> Path:
    """A user data folder: one game extending a built-in, with an issue of its own (3 options)."""
    (root / "games").mkdir(parents=True)
    (root / "issues").mkdir()
    (root / "issues" / "parking.yaml").write_text(parking_issue(3))
    (root / "games" / "garage.yaml").write_text("name: garage\nextends: rental-agreement\nissues: [parking, rent]\n")
    return root


def test_builtin_rows_cached_and_read_back(cache: Path) -> None:
    library = Library.default()
    first = game_listing(library)
    assert list(first.rows) == BUILTIN_ROWS and first.broken == ()
    assert len(cache_files(cache)) == 1
    stored = json.loads(cache_files(cache)[0].read_text())
    assert [tuple(row) for row in stored["rows"]] == BUILTIN_ROWS
    # Served from the file: a marked copy comes back as it was written.
    stored["rows"][0][3] = "from the cache"
    cache_files(cache)[0].write_text(json.dumps(stored))
    assert game_listing(library).rows[0][3] == "from the cache"
    assert build_listing(library).rows[0][3] == "14,641"  # building never looks at the cache


def test_editing_an_issue_file_rebuilds(cache: Path) -> None:
    data = user_games(Path.cwd() / "data")
    library = Library.default([data])
    row = next(r for r in game_listing(library).rows if r[0] == "garage")
    assert row == ("garage", "parking, rent", "competitive", "33", str(data / "games"))
    issue = data / "issues" / "parking.yaml"
    stamp = issue.stat()
    issue.write_text(parking_issue(4))
    os.utime(issue, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # same mtime: the size still tells
    assert next(r for r in game_listing(library).rows if r[0] == "garage")[3] == "44"


def test_a_new_game_file_and_a_removed_one_show(cache: Path) -> None:
    data = user_games(Path.cwd() / "data")
    library = Library.default([data])
    assert [r[0] for r in game_listing(library).rows].count("garage") == 1
    (data / "games" / "carport.yaml").write_text("name: carport\nextends: rental-agreement\nissues: [parking]\n")
    assert ("carport", "parking", "competitive", "3", str(data / "games")) in game_listing(library).rows
    (data / "games" / "garage.yaml").unlink()
    assert "garage" not in [r[0] for r in game_listing(library).rows]


def test_a_game_in_the_working_directory_shadows_a_builtin(cache: Path) -> None:
    game_listing(Library.default())
    (Path.cwd() / "games").mkdir()
    (Path.cwd() / "games" / "merger.yaml").write_text("name: merger\nextends: rental-agreement\nissues: [rent]\n")
    rows = game_listing(Library.default()).rows
    assert ("merger", "rent", "competitive", "11", str(Path.cwd() / "games")) in rows


def test_a_broken_game_is_listed_as_skipped_and_never_cached(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (Path.cwd() / "games").mkdir()
    broken = Path.cwd() / "games" / "typo.yaml"
    broken.write_text("name: typo\nextends: rental-agreement\nissues: [no-such-issue]\n")
    assert main(["games", "list"]) == 0
    assert "skipped" in capsys.readouterr().out
    assert cache_files(cache) == []
    listing = game_listing(Library.default())
    assert [(path.name, message) for path, message in listing.broken] == [("typo.yaml", "unknown issue 'no-such-issue'")]
    broken.write_text("name: typo\nextends: rental-agreement\nissues: [rent]\n")
    assert ("typo", "rent", "competitive", "11", str(Path.cwd() / "games")) in game_listing(Library.default()).rows
    assert len(cache_files(cache)) == 1


def test_a_corrupt_cache_file_is_rebuilt(cache: Path) -> None:
    game_listing(Library.default())
    cache_files(cache)[0].write_text("{not json")
    assert list(game_listing(Library.default()).rows) == BUILTIN_ROWS
    assert json.loads(cache_files(cache)[0].read_text())["rows"][0][0] == "loan-agreement"


def test_an_unwritable_cache_folder_costs_speed_only(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache.write_text("a file where the cache folder should be")
    assert main(["games", "list"]) == 0
    out = capsys.readouterr()
    assert "rental-agreement" in out.out and out.err == ""
    assert cache.read_text() == "a file where the cache folder should be"


def test_the_cached_listing_prints_the_same_table(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    user_games(Path.cwd())
    assert main(["games", "list"]) == 0
    built = capsys.readouterr().out
    assert len(cache_files(cache)) == 1
    assert main(["games", "list"]) == 0
    assert capsys.readouterr().out == built
    assert "garage" in built


def test_a_file_created_where_a_lookup_found_nothing_rebuilds(cache: Path) -> None:
    """`issues: [rent]` looks in the working directory before the issue folders: a rent.yaml made
    there later changes the game, though no file the first listing read has changed."""
    data = Path.cwd() / "data"
    (data / "games").mkdir(parents=True)
    (data / "games" / "studio.yaml").write_text("name: studio\nextends: rental-agreement\nissues: [rent]\n")
    library = Library.default([data])
    assert ("studio", "rent", "competitive", "11", str(data / "games")) in game_listing(library).rows
    (Path.cwd() / "rent.yaml").write_text(parking_issue(3).replace("name: parking", "name: rent"))
    rows = game_listing(library).rows
    assert ("studio", "rent", "competitive", "3", str(data / "games")) in rows
    assert rows == build_listing(library).rows


def test_a_folder_named_like_markup_prints_as_it_is(cache: Path) -> None:
    import io

    from rich.console import Console

    from lamen.cli.games import games_table

    data = user_games(Path.cwd() / "proj[old]")
    table, broken = games_table(Library.default([data]))
    console = Console(width=300, file=io.StringIO(), highlight=False)
    console.print(table)
    assert broken == [] and f"│ {data / 'games'} " in console.file.getvalue()
