"""Shared test fixtures: where the repository and LAMEN's reference data are."""

from __future__ import annotations

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
