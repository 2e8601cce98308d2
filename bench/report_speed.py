"""Time `lamen report` on the quickstart tournament (6 agents, 504 matches). Prints JSON.

    python bench/report_speed.py
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from pathlib import Path

from lamen.report import write_report
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.store import Store

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "tournament.db"
        store = Store(database)
        started = time.perf_counter()
        asyncio.run(Runner(load_tournament(REPO / "tournaments" / "quickstart.yaml"), store, Library.default()).run())
        played = time.perf_counter() - started
        store.close()
        started = time.perf_counter()
        report = write_report(database)
        written = time.perf_counter() - started
        figures = len(list((report.index.parent / "figures").glob("*.png")))
    print(json.dumps({"benchmark": "report_speed", "matches": 504, "play_seconds": round(played, 2),
                      "report_seconds": round(written, 2), "figures": figures,
                      "target": "quickstart tournament plus its report under 60 s"}, indent=2))


if __name__ == "__main__":
    main()
