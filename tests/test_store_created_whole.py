"""A new tournament database appears whole: a second `lamen run --wait`, or `lamen status`, that
looks at the path while the first run is creating it finds either nothing or a complete lamen
database — never an empty file or SQLite without lamen's tables (the race CI met once)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lamen.spec.problems import SpecError
from lamen.store import Store
from lamen.store.db import SCHEMA_VERSION, _create_whole
from lamen.store.files import check_writable_database


def test_a_database_another_process_made_first_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    assert _create_whole(path) is True
    before = path.read_bytes()
    assert _create_whole(path) is False
    assert path.read_bytes() == before
    assert check_writable_database(path) == SCHEMA_VERSION
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.db"]  # no draft left beside it
    Store(path).close()


def test_a_reader_never_meets_a_half_made_database(tmp_path: Path) -> None:
    count = 40
    maker = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from pathlib import Path; from lamen.store import Store\n"
         "for i in range(int(sys.argv[2])): Store(Path(sys.argv[1]) / f'{i}.db').close()",
         str(tmp_path), str(count)], stderr=subprocess.PIPE, text=True)
    seen: dict[int, int] = {}
    refusals: list[str] = []
    while len(seen) < count:
        for i in range(count):
            if i in seen:
                continue
            try:
                version = check_writable_database(tmp_path / f"{i}.db")
            except SpecError as exc:
                refusals.append(str(exc))
                continue
            if version is not None:
                seen[i] = version
        if maker.poll() is not None and len(seen) < count:
            break
    assert maker.wait(timeout=60) == 0, maker.stderr.read() if maker.stderr else ""
    assert refusals == []
    assert seen == {i: SCHEMA_VERSION for i in range(count)}
