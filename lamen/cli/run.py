"""`lamen run SPEC`: play a tournament into its database (resuming whatever is there), with a
progress bar, then print the self-play and cross-play matrices. `lamen status DB` summarises."""

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

from lamen.cli.common import library_from
from lamen.matrices import head_to_head, self_play_summary
from lamen.report import write_report
from lamen.runner import Runner, RunState, plan
from lamen.runner.estimate import estimate
from lamen.schedule import Match
from lamen.spec.load import load_tournament
from lamen.spec.problems import Problem, SpecError
from lamen.store import Store
from lamen.store.tables import match_table


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("run", help="play a tournament (resumes an interrupted one)")
    parser.add_argument("spec", type=Path, help="tournament YAML, e.g. tournaments/quickstart.yaml")
    parser.add_argument("--db", type=Path, help="database file (default: the spec's, or reports/NAME/tournament.db)")
    parser.add_argument("--dry-run", action="store_true", help="print match counts and a cost estimate; play nothing")
    parser.add_argument("--quiet", action="store_true", help="plain progress lines instead of a bar (for CI logs)")
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


def print_dry_run(console: Console, matches: list[Match], database: Path) -> None:
    stages = Counter(m.stage for m in matches)
    console.print(f"{len(matches)} matches: " + ", ".join(f"{n} {stage}" for stage, n in stages.items()))
    games = Table(title="Matches per game", title_justify="left")
    games.add_column("game")
    games.add_column("class")
    games.add_column("matches", justify="right")
    for name, count in Counter(m.game.name for m in matches).items():
        games.add_row(name, next(m.game.game_class for m in matches if m.game.name == name), str(count))
    console.print(games)
    estimates = estimate(matches)
    if estimates:
        costs = Table(title="Cost estimate (every match running all its rounds: an upper bound)", title_justify="left")
        for column in ("agent", "matches", "input tokens", "output tokens", "USD"):
            costs.add_column(column, justify="left" if column == "agent" else "right")
        for item in estimates:
            costs.add_row(item.agent, str(item.matches), f"{item.input_tokens:,}", f"{item.output_tokens:,}",
                          "unpriced" if item.cost_usd is None else f"{item.cost_usd:.2f}")
        console.print(costs)
        total = sum(e.cost_usd or 0.0 for e in estimates)
        console.print(f"estimated total: ${total:.2f}" + (" (some models have no price)" if any(e.cost_usd is None for e in estimates) else ""))
    else:
        console.print("no paid model agents: estimated cost $0.00")
    console.print(f"database: {database}")


def summary_line(name: str, state: RunState) -> str:
    return (f"{name}: {state.done}/{state.total} matches, {state.agreements} agreements, {state.errors} errors, "
            f"${state.spend_usd:.2f}")


def handle_run(args: argparse.Namespace) -> int:
    library = library_from(args)
    tournament = load_tournament(args.spec)
    database = args.db or tournament.database_path()
    console = wide_console()
    if args.dry_run:
        print_dry_run(console, plan(tournament, library), database)
        return 0
    store = Store(database)
    started = time.monotonic()
    try:
        if args.quiet or not console.is_terminal:
            last = [0.0]

            def listener(state: RunState, match: Match | None) -> None:
                finished = state.done + state.errors
                if match is None or finished == state.total or time.monotonic() - last[0] > 5:
                    last[0] = time.monotonic()
                    console.print(summary_line(tournament.name, state), markup=False)

            state = asyncio.run(Runner(tournament, store, library, listener).run())
        else:
            with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TextColumn("{task.fields[detail]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                          console=console) as progress:
                task = progress.add_task(tournament.name, total=None, detail="")

                def listener(state: RunState, match: Match | None) -> None:
                    progress.update(task, total=state.total, completed=state.done + state.errors,
                                    detail=f"{state.agreements} agreements · {state.errors} errors · ${state.spend_usd:.2f}")

                state = asyncio.run(Runner(tournament, store, library, listener).run())
        for message in state.messages:
            console.print(f"[yellow]{escape(message)}[/]")
        for agent, reason in state.disabled.items():
            console.print(f"[red]stopped {escape(agent)}:[/] {escape(reason)}")
        frame = match_table(store, tournament.name)
    finally:
        store.close()
    print_matrices(console, frame)
    console.print(summary_line(tournament.name, state) + f" in {time.monotonic() - started:.1f} s")
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
    if not args.db.is_file():
        raise SpecError([Problem(f"{args.db}: no such database", "give the path `lamen run` printed")])
    store = Store(args.db)
    console = wide_console()
    try:
        for name in store.tournaments():
            summary = store.summary(name)
            console.print(f"{name}: {summary['finished']}/{summary['total']} matches finished, "
                          f"{summary['agreements']} agreements, {summary['errored']} errored, {summary['pending']} pending, "
                          f"${summary['spend_usd']:.2f}, {summary['tokens']:,} tokens", markup=False)
            for row in store.db.execute("SELECT agent_id, disabled_reason FROM agents WHERE tournament=? AND "
                                        "disabled_reason IS NOT NULL", (name,)):
                console.print(f"  stopped {row['agent_id']}: {row['disabled_reason']}", markup=False)
    finally:
        store.close()
    return 0
