"""Time `lamen report` on tournaments of 500, 2,000 and 10,000 matches, and size its index.html.
Prints JSON.

The databases: the quickstart (6 bots × 6 games, 504 matches) played once for real, then
replicated through the store API with new match ids, repetitions and debiasing blocks (see
bench/scale_db.py) — 10,000 real matches would take the bots minutes and change nothing the
report does. Targets (issue 14): under 60 s and index.html under 5 MB at 10,000 matches.

    python bench/report_speed.py [--sizes 500 2000 10000]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# Run as a script, Python puts bench/ (not the checkout) on the path; bench.scale_db needs the checkout.
sys.path.insert(0, str(REPO))

from bench.scale_db import play_quickstart, replicate  # noqa: E402
from lamen.report import write_report  # noqa: E402

SIZES = (500, 2_000, 10_000)


def measure(quickstart: Path, folder: Path, matches: int) -> dict[str, object]:
    database = folder / f"tournament-{matches}.db"
    started = time.perf_counter()
    replicate(quickstart, database, matches)
    built = time.perf_counter() - started
    started = time.perf_counter()
    report = write_report(database, folder / f"report-{matches}")
    written = time.perf_counter() - started
    transcripts = sum(path.stat().st_size for path in report.transcripts)
    return {"matches": matches, "report_seconds": round(written, 2),
            "index_html_mb": round(report.index.stat().st_size / 1e6, 3),
            "transcript_files": len(report.transcripts), "transcript_mb": round(transcripts / 1e6, 2),
            "figures": len(report.figures), "database_build_seconds": round(built, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), metavar="MATCHES")
    sizes = parser.parse_args().sizes
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        started = time.perf_counter()
        quickstart = play_quickstart(folder / "quickstart.db")
        played = time.perf_counter() - started
        runs = [measure(quickstart, folder, matches) for matches in sizes]
    print(json.dumps({"benchmark": "report_speed", "quickstart_play_seconds": round(played, 2), "runs": runs,
                      "database": "quickstart played once, replicated with new ids through the store API",
                      "target": "10,000 matches: report under 60 s, index.html under 5 MB"}, indent=2))


if __name__ == "__main__":
    main()
