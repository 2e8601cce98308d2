"""Shared test fixtures: where the repository and LAMEN's reference data are, and the tournaments
several test modules read, played once per session."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from lamen.report import WrittenReport

REPO = Path(__file__).resolve().parent.parent
LAMEN_DATA = REPO.parent / "shared" / "fixtures" / "lamen" / "data"


@pytest.fixture(scope="session")
def lamen_data() -> Path:
    """LAMEN's unmodified data folder (shared/ beside the checkout, as in CI)."""
    if not LAMEN_DATA.is_dir():
        pytest.skip(f"LAMEN reference data not found at {LAMEN_DATA}")
    return LAMEN_DATA


def copy_database(source: Path, folder: Path) -> Path:
    """A test module's own copy of a session's database, in `folder`: reports are written beside
    the database and a store may migrate it, so a shared file is never opened in place. (The
    session's databases are closed, without a -wal file: the copy is the whole database.)"""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / source.name
    shutil.copyfile(source, target)
    return target


def _in_a_thread(play: Callable[[Path], Path], folder: Path) -> Path:
    """Play on a thread of its own: the runner starts an event loop (asyncio.run), and the
    browser tests' Playwright keeps one running on the main thread."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(play, folder).result()


def _play_quickstart(folder: Path) -> Path:
    import asyncio

    from lamen.runner import Runner
    from lamen.spec.library import Library
    from lamen.spec.load import load_tournament
    from lamen.store import Store

    path = folder / "tournament.db"
    store = Store(path)
    try:
        asyncio.run(Runner(load_tournament(REPO / "tournaments" / "quickstart.yaml"), store, Library.default()).run())
    finally:
        store.close()
    return path


TINY_SPEC = {"name": "tiny", "agents": ["bot:linear", "bot:conceder"], "games": ["rental-1-distributive"]}


def _play_tiny(folder: Path) -> Path:
    import asyncio

    from lamen.runner import Runner
    from lamen.spec.library import Library
    from lamen.spec.tournament import Tournament
    from lamen.store import Store

    path = folder / "tournament.db"
    store = Store(path)
    try:
        asyncio.run(Runner(Tournament.model_validate(TINY_SPEC), store, Library.default()).run())
    finally:
        store.close()
    return path


@pytest.fixture(scope="session")
def tiny_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`TINY_SPEC` (two bots, one game: 12 matches) played once for the session, closed (no -wal
    beside it); take a copy (`copy_database`) to use it."""
    return _in_a_thread(_play_tiny, tmp_path_factory.mktemp("tiny-played"))


@pytest.fixture(scope="session")
def quickstart_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tournaments/quickstart.yaml (6 bots × 6 games, 504 matches) played once for the session;
    take a copy (`copy_database`) to use it."""
    return _in_a_thread(_play_quickstart, tmp_path_factory.mktemp("quickstart-played"))


@pytest.fixture(scope="session")
def small_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report tests' small tournament (tests/test_report.py: played_db) played once for the
    session, for the report and the browser tests; take a copy (`copy_database`) to use it."""
    from tests.test_report import played_db

    return _in_a_thread(played_db, tmp_path_factory.mktemp("small-played"))


@pytest.fixture(scope="session")
def small_report(small_db: Path, tmp_path_factory: pytest.TempPathFactory) -> WrittenReport:
    """The report of `small_db` (200 bootstrap replicates, 20 Elo orderings), written once for the
    session beside its own copy of the database, for the report and the browser tests. Read it
    only: a test that writes a report or a file writes it into a folder of its own."""
    from lamen.report import write_report

    return write_report(copy_database(small_db, tmp_path_factory.mktemp("small-report")), replicates=200, orderings=20)


@pytest.fixture(scope="session")
def hostile_report(tmp_path_factory: pytest.TempPathFactory) -> WrittenReport:
    """The report of tests/test_report.py's `hostile_db` (markup and script in notes, messages,
    an agent's name and an error; 50 replicates, 5 orderings), written once for the session.
    Read it only."""
    from lamen.report import write_report
    from tests.test_report import hostile_db

    return write_report(hostile_db(tmp_path_factory.mktemp("hostile-report")), replicates=50, orderings=5)


@pytest.fixture(scope="session")
def imported_report(tmp_path_factory: pytest.TempPathFactory) -> WrittenReport:
    """The report of tests/test_report.py's `imported_db` (outcomes without transcripts; 50
    replicates, 5 orderings), written once for the session. Read it only."""
    from lamen.report import write_report
    from tests.test_report import imported_db

    return write_report(imported_db(tmp_path_factory.mktemp("imported-report")), replicates=50, orderings=5)


@pytest.fixture
def report_data_only(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """`lamen run` ends by writing the tournament's report, ~4 CPU-seconds even for a dozen
    matches (nine figures, each as PNG, SVG and PDF). A test about something else (versions,
    preflight, progress lines, creating a database) takes this fixture: the run then reads the
    report's data as the report would (a database the report cannot read still fails) but draws
    and writes nothing, and returns where the page would be. The list holds each database the run
    asked a report of. The real report after a real run is checked by default in
    tests/test_cli_terminal_width.py (in process), tests/test_keys_never_stored.py (a `lamen run`
    process) and tests/test_mock_provider.py (the example smoke tournament)."""
    import lamen.report
    from lamen.report import WrittenReport
    from lamen.report.data import read_report_data

    asked: list[Path] = []

    def data_only(db_path: str | Path, output: str | Path | None = None, tournament: str | None = None,
                  **_: object) -> WrittenReport:
        data = read_report_data(db_path, tournament)
        asked.append(data.db_path)
        folder = Path(output) if output is not None else data.db_path.parent
        return WrittenReport(index=folder / "index.html", figures=(), tables=(), files=(), transcripts=(), seconds=0.0)

    monkeypatch.setattr(lamen.report, "write_report", data_only)
    return asked


@pytest.fixture(scope="session", autouse=True)
def private_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """lamen's caches (the `games list` listing) go to a folder of this session, never the
    user's; lamen commands the tests start as subprocesses inherit it."""
    folder = tmp_path_factory.mktemp("lamen-cache")
    previous = os.environ.get("LAMEN_CACHE_DIR")
    os.environ["LAMEN_CACHE_DIR"] = str(folder)
    yield folder
    if previous is None:
        os.environ.pop("LAMEN_CACHE_DIR", None)
    else:
        os.environ["LAMEN_CACHE_DIR"] = previous


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `slow` run in CI (CI=true, as .ci/run has it), with LAMEN_SLOW=1, or when
    asked for by `-m`; a developer's plain `pytest -q` skips them to stay within a few minutes."""
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"} or os.environ.get("LAMEN_SLOW") == "1" \
            or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI; set LAMEN_SLOW=1 or pass -m slow to run it here")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
