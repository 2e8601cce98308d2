"""Shared test fixtures: where the repository and LAMEN's reference data are."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LAMEN_DATA = REPO.parent / "shared" / "fixtures" / "lamen" / "data"


@pytest.fixture(scope="session")
def lamen_data() -> Path:
    """LAMEN's unmodified data folder (shared/ beside the checkout, as in CI)."""
    if not LAMEN_DATA.is_dir():
        pytest.skip(f"LAMEN reference data not found at {LAMEN_DATA}")
    return LAMEN_DATA


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
