"""Time how fast the `lamen` command starts: `lamen --version`, `lamen --help` and `lamen games
list` (wall time of a fresh process, median of --runs), and the import time of `lamen.cli`
(`python -X importtime`, cumulative). A bare `python -c pass` is timed alongside, in the same
rounds: on a busy machine compare the commands with it (the ratios) rather than with an absolute
budget. `lamen games list` is timed as a user meets it (its listing cache written by an earlier
run), with an empty cache each time (a new machine: the built-in games' shipped rows are used,
lamen.spec.shipped_listing), and with an empty cache and one game of the user's own, which must
be read (YAML, spec models): the slow path the cache exists for. The 0.3 s budget is about the
first two.

Prints JSON (seconds). Run: python bench/cli_startup.py [--runs 10] [--tree PATH]
(`--tree` times another checkout of lamen, e.g. an export of an older commit, for a before/after.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "lamen --version": ["-m", "lamen", "--version"],
    "lamen --help": ["-m", "lamen", "--help"],
    "lamen games list": ["-m", "lamen", "games", "list"],
    "lamen games list (empty cache)": ["-m", "lamen", "games", "list"],
    "lamen games list (empty cache, a user game)": ["-m", "lamen", "--data", "user", "games", "list"],
}
BUDGETED = ("lamen --version", "lamen --help", "lamen games list", "lamen games list (empty cache)")
BUDGET_SECONDS = 0.3


def wall_and_cpu(argv: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """Wall seconds of a fresh process, and the CPU seconds (user + system) it used: on a loaded
    machine the wall time waits for other processes, the CPU time much less."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, *argv], env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise subprocess.CalledProcessError(process.returncode, argv)
    return elapsed, usage.ru_utime + usage.ru_stime


def timed(name: str, env: dict[str, str], cwd: str, caches: str) -> tuple[float, float]:
    if "(empty cache" in name:
        env = {**env, "XDG_CACHE_HOME": tempfile.mkdtemp(dir=caches)}
    return wall_and_cpu(COMMANDS[name], env, cwd)


def import_seconds(env: dict[str, str], cwd: str) -> float:
    """Cumulative import time of lamen.cli as `-X importtime` reports it (microseconds -> seconds)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import lamen.cli"], env=env, cwd=cwd,
                          capture_output=True, text=True, check=True)
    line = next(line for line in reversed(done.stderr.splitlines()) if line.rstrip().endswith("| lamen.cli"))
    return int(line.split("|")[1]) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--tree", type=Path, default=REPO, help="the lamen checkout to time (default: this one)")
    arguments = parser.parse_args()
    # A working directory without a games/ folder of the caller's, and listing caches of this run's
    # own (not the user's); the warm one is written by the untimed round. Set through the XDG
    # folder, not LAMEN_CACHE_DIR, so the timed command finds it as a user's does (platformdirs).
    with tempfile.TemporaryDirectory() as cwd, tempfile.TemporaryDirectory() as caches:
        (Path(cwd) / "user" / "games").mkdir(parents=True)
        (Path(cwd) / "user" / "games" / "studio.yaml").write_text(
            "name: studio\nextends: rental-agreement\nissues: [rent]\n")
        # Bytecode written and used, as in any installed lamen: PYTHONDONTWRITEBYTECODE (set in
        # some sandboxes) would time compiling every module of lamen from source instead.
        env = {**{k: v for k, v in os.environ.items() if k not in ("LAMEN_CACHE_DIR", "PYTHONDONTWRITEBYTECODE")},
               "PYTHONPATH": str(arguments.tree.resolve()), "COLUMNS": "100",
               "XDG_CACHE_HOME": str(Path(caches) / "warm")}
        for name in COMMANDS:  # untimed: writes the bytecode caches and the listing cache
            timed(name, env, cwd, caches)
        # Round-robin, not one command after another: a burst of load elsewhere on the machine
        # then slows every command of a round alike, and the ratios stay fair.
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
        for _ in range(arguments.runs):
            for name in COMMANDS:
                times[name].append(timed(name, env, cwd, caches))
        medians = {name: round(statistics.median(wall for wall, _ in values), 3) for name, values in times.items()}
        cpu = {name: round(statistics.median(used for _, used in values), 3) for name, values in times.items()}
        imports = round(statistics.median(import_seconds(env, cwd) for _ in range(arguments.runs)), 3)
    baseline = medians["python -c pass"]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(json.dumps({
        "benchmark": "cli_startup",
        "tree": str(arguments.tree.resolve()),
        "runs": arguments.runs,
        "load_average_1min": round(load, 2) if load is not None else None,
        "median_wall_seconds": medians,
        "median_cpu_seconds": cpu,
        "over_bare_python_seconds": {name: round(value - baseline, 3) for name, value in medians.items()
                                     if name != "python -c pass"},
        "ratio_to_bare_python": {name: round(value / baseline, 2) for name, value in medians.items()
                                 if name != "python -c pass"},
        "import_lamen_cli_seconds": imports,
        "budget_seconds": BUDGET_SECONDS,
        "within_budget": {name: medians[name] < BUDGET_SECONDS for name in BUDGETED},
    }, indent=2))


if __name__ == "__main__":
    main()
