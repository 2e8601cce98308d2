"""`lamen run SPEC`: play a tournament into its database (resuming whatever is there), with a
progress bar, then print the self-play and cross-play matrices. `lamen status DB` summarises.

Before the first model call `lamen run` checks the database (a lamen one or a new file, held by no
other run, holding no matches of another version of the spec), the keys, the prices and the cost
(lamen.cli.preflight). Text from models and providers is printed through lamen.text_safety."""

from __future__ import annotations

import argparse
import asyncio
import time
from collections import Counter
from pathlib import Path

import pandas as pd
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from lamen.agents.prices import PriceTable, tournament_prices, using_prices
from lamen.cli.common import library_from
from lamen.cli.preflight import Options, agents_to_play, cost_table, key_status, preflight
from lamen.matrices import head_to_head, self_play_summary
from lamen.report import write_report
from lamen.runner import Runner, RunState, plan
from lamen.runner.estimate import estimate
from lamen.runner.run import version_refusal
from lamen.schedule import Match
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.store.files import check_writable_database, reading
from lamen.store.lock import DatabaseLock
from lamen.store.tables import match_table
from lamen.store.versions import VersionConflict
from lamen.text_safety import one_line


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("run", help="play a tournament (resumes an interrupted one)")
    parser.add_argument("spec", type=Path, help="tournament YAML, e.g. tournaments/quickstart.yaml")
    parser.add_argument("--db", type=Path, help="database file (default: the spec's, or reports/NAME/tournament.db)")
    parser.add_argument("--dry-run", action="store_true", help="print match counts and a cost estimate; play nothing")
    parser.add_argument("--quiet", action="store_true", help="plain progress lines instead of a bar (for CI logs)")
    parser.add_argument("--replace", action="store_true",
                        help="drop stored matches played under another version of the spec, and play them again")
    parser.add_argument("--wait", action="store_true", help="wait for another run holding the database to finish")
    parser.add_argument("--yes", action="store_true", help="start without asking even above the spec's confirm_usd")
    parser.add_argument("--ping", action="store_true",
                        help="before starting, send a one-token request to each LLM agent (costs a few tokens)")
    parser.set_defaults(handler=handle_run)
    status = commands.add_parser("status", help="summarise a tournament database")
    status.add_argument("db", type=Path)
    status.set_defaults(handler=handle_status)


def wide_console() -> Console:
    """Logs and pipes get wide lines: matrices of many agents stay readable."""
    probe = Console()
    return Console(highlight=False, width=None if probe.is_terminal else 200)


def frame_table(frame: pd.DataFrame, title: str, digits: int = 2) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("", no_wrap=True)
    for column in frame.columns:
        table.add_column(str(column), justify="right")
    for index, row in frame.iterrows():
        label = " / ".join(map(str, index)) if isinstance(index, tuple) else str(index)
        table.add_row(label, *("-" if pd.isna(v) else (f"{v:.{digits}f}" if isinstance(v, float) else str(v))
                               for v in row))
    return table


def print_dry_run(console: Console, tournament: Tournament, library: Library, matches: list[Match],
                  database: Path, prices: PriceTable) -> None:
    stages = Counter(m.stage for m in matches)
    console.print(f"{len(matches)} matches: " + ", ".join(f"{n} {stage}" for stage, n in stages.items()))
    games = Table(title="Matches per game", title_justify="left")
    games.add_column("game")
    games.add_column("class")
    games.add_column("matches", justify="right")
    for name, count in Counter(m.game.name for m in matches).items():
        games.add_row(name, next(m.game.game_class for m in matches if m.game.name == name), str(count))
    console.print(games)
    estimates = estimate(matches, prices)
    if estimates:
        console.print(cost_table(estimates))
        total = sum(e.cost_usd or 0.0 for e in estimates)
        console.print(f"estimated total: ${total:.2f}" + (" (some models have no price)" if any(e.cost_usd is None for e in estimates) else ""))
    else:
        console.print("no paid model agents: estimated cost $0.00")
    status = key_status(agents_to_play(tournament, matches), prices)
    if status:
        console.print("API keys (values are never shown) and prices:", markup=False)
        for line in status:
            console.print(line, markup=False)
    if not database.exists():
        console.print(f"database: {database} (new)", markup=False)
        return
    conflict, todo = _peek(database, tournament, library, matches)
    console.print(f"database: {database} ({len(matches) - len(todo)} of {len(matches)} matches finished, "
                  f"{len(todo)} to play)", markup=False)
    if conflict.played:
        problem = version_refusal(conflict, database, tournament.name).problems[0]
        console.print(f"a run would refuse: {problem.message} ({problem.hint})", markup=False, soft_wrap=True)


def _peek(database: Path, tournament: Tournament, library: Library,
          matches: list[Match]) -> tuple[VersionConflict, list[Match]]:
    """From the database as it is (read-only; a new one holds nothing): stored matches of another
    spec version, and the matches a run would play — not finished, or to be replaced."""
    if not database.exists():
        return VersionConflict(Counter(), [], []), matches
    store = Store.open_read_only(database)
    try:
        with reading(database):
            conflict = Runner(tournament, store, library).version_conflict(matches)
            statuses = store.statuses(tournament.name)
    finally:
        store.close()
    replaced = set(conflict.played)
    return conflict, [m for m in matches if statuses.get(m.id) != "finished" or m.id in replaced]


def summary_line(name: str, state: RunState) -> str:
    return (f"{name}: {state.done}/{state.total} matches, {state.agreements} agreements, {state.errors} errors, "
            f"${state.spend_usd:.2f}")


def handle_run(args: argparse.Namespace) -> int:
    library = library_from(args)
    tournament = load_tournament(args.spec)
    database = args.db or tournament.database_path()
    console = wide_console()
    check_writable_database(database)  # before anything is planned, paid or created
    matches = plan(tournament, library)
    prices = tournament_prices(tournament.prices)
    if args.dry_run:
        print_dry_run(console, tournament, library, matches, database, prices)
        return 0
    lock = DatabaseLock(database, wait=args.wait, on_wait=lambda text: console.print(text, markup=False))
    lock.refuse_if_held()
    # Every check before the lock is taken and the database opened for writing: a refusal
    # leaves no file behind. The runner checks the versions again under the lock.
    conflict, todo = _peek(database, tournament, library, matches)
    if conflict.played and not args.replace:
        raise version_refusal(conflict, database, tournament.name)
    preflight(console, tournament, todo, prices, Options(ping=args.ping, yes=args.yes))
    started = time.monotonic()
    with lock:
        store = Store(database)
        try:
            runner = Runner(tournament, store, library, replace=args.replace)
            with using_prices(prices):
                state = _play(console, runner, tournament, matches, args.quiet)
            for message in state.messages:
                console.print(f"[yellow]{escape(one_line(message))}[/]")
            for agent, reason in state.disabled.items():
                console.print(f"[red]stopped {escape(one_line(agent))}:[/] {escape(one_line(reason))}")
            frame = match_table(store, tournament.name)
        finally:
            store.close()
    print_matrices(console, frame)
    console.print(summary_line(tournament.name, state) + f" in {time.monotonic() - started:.1f} s", markup=False)
    console.print(f"database: {database}", markup=False)
    report = write_report(database, tournament=tournament.name)
    console.print(f"report: {report.index}", markup=False)
    if state.skipped_budget:
        console.print(f"[yellow]budget of ${tournament.budget_usd:.2f} reached: {state.skipped_budget} matches not started[/]")
    unfinished = state.total - state.done
    if unfinished:
        console.print(f"[yellow]{unfinished} matches not finished: run the same command again to continue[/]")
        return 1
    return 0


def _play(console: Console, runner: Runner, tournament: Tournament, matches: list[Match], quiet: bool) -> RunState:
    if quiet or not console.is_terminal:
        last = [0.0]

        def listener(state: RunState, match: Match | None) -> None:
            finished = state.done + state.errors
            if match is None or finished == state.total or time.monotonic() - last[0] > 5:
                last[0] = time.monotonic()
                console.print(summary_line(tournament.name, state), markup=False)

        runner.listener = listener
        return asyncio.run(runner.run(matches))
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[detail]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                  console=console) as progress:
        task = progress.add_task(escape(tournament.name), total=None, detail="")

        def listener(state: RunState, match: Match | None) -> None:
            progress.update(task, total=state.total, completed=state.done + state.errors,
                            detail=f"{state.agreements} agreements · {state.errors} errors · ${state.spend_usd:.2f}")

        runner.listener = listener
        return asyncio.run(runner.run(matches))


def print_matrices(console: Console, frame: pd.DataFrame) -> None:
    summary = self_play_summary(frame)
    if not summary.empty:
        console.print(frame_table(summary, "Self-play (paper Tables 1–2; debiased over sides and start orders)"))
    if (frame["stage"] == "cross").any():
        for cooperative, kind in ((False, "competitive"), (True, "cooperative")):
            matrix = head_to_head(frame, "u_star", cooperative=cooperative)
            if matrix.notna().any().any():
                console.print(frame_table(matrix, f"Cross-play U* of row vs column, {kind} games"))
        console.print(frame_table(head_to_head(frame, "soft"), "Cross-play soft completion rate"))


def handle_status(args: argparse.Namespace) -> int:
    store = Store.open_read_only(args.db)
    console = wide_console()
    try:
        with reading(args.db):
            for name in store.tournaments():
                summary = store.summary(name)
                console.print(f"{one_line(name)}: {summary['finished']}/{summary['total']} matches finished, "
                              f"{summary['agreements']} agreements, {summary['errored']} errored, "
                              f"{summary['pending']} pending, ${summary['spend_usd']:.2f}, {summary['tokens']:,} tokens",
                              markup=False)
                for row in store.db.execute("SELECT agent_id, disabled_reason FROM agents WHERE tournament=? AND "
                                            "disabled_reason IS NOT NULL", (name,)):
                    console.print(f"  stopped {one_line(row['agent_id'])}: {one_line(row['disabled_reason'])}",
                                  markup=False)
    finally:
        store.close()
    return 0
