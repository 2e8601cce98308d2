"""How much the store holds per match, printed as JSON: before (schema 2, every request whole) and
after (schema 3, each text once), from the same played matches in the same run.

The quickstart (504 bot matches) is played into a schema-3 database; `lamen.store.legacy` writes
the same matches in the schema-2 layout ("before"); that copy is then migrated in place as an
older user's database would be ("migrated"; its backup is the schema-2 file). Figures are file
sizes after the last connection closed (no -wal), so they are what a user sees on disk.
Target (issue 15): the quickstart database ≤ 10 MB.

    python bench/store_size.py [--db EXISTING_SCHEMA3_DB]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.store import Store
from lamen.store.legacy import write_v2

REPO = Path(__file__).resolve().parent.parent
QUICKSTART = REPO / "tournaments" / "quickstart.yaml"


def _figures(path: Path, matches: int, calls: int) -> dict[str, float]:
    size = path.stat().st_size
    return {"bytes": size, "mb": round(size / 1e6, 2), "bytes_per_match": round(size / matches),
            "bytes_per_call": round(size / max(1, calls))}


def measure(folder: Path, played: Path | None = None) -> dict[str, object]:
    after = played or folder / "quickstart.db"
    if played is None:
        store = Store(after)
        try:
            asyncio.run(Runner(load_tournament(QUICKSTART), store, Library.default()).run())
        finally:
            store.close()
    store = Store.open_read_only(after)
    try:
        summary = store.summary()
        calls = sum(1 for _ in store.calls())
    finally:
        store.close()
    matches = summary["total"]
    before = folder / "schema2.db"
    write_v2(after, before)
    v2 = _figures(before, matches, calls)
    started = time.perf_counter()
    Store(before).close()  # migrates in place, after writing schema2.db.bak-v2
    migration_s = time.perf_counter() - started
    v3 = _figures(after, matches, calls)
    return {"matches": matches, "calls": calls, "before_schema2": v2, "after_schema3": v3,
            "migrated_from_schema2": {**_figures(before, matches, calls), "seconds": round(migration_s, 2)},
            "ratio": round(v2["bytes"] / v3["bytes"], 1), "target_mb": 10, "within_target": v3["bytes"] <= 10_000_000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="measure this schema-3 database instead of playing the quickstart")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(measure(Path(folder), args.db), indent=2))


if __name__ == "__main__":
    main()
