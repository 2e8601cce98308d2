"""`lamen run SPEC`: play a tournament into its database (resuming whatever is there), with a
progress bar, then print the self-play and cross-play matrices, the top of the leaderboard and the
report's `file://` URL. `lamen status DB` summarises. Tables fit 100 columns (`--wide`: all).

Before the first model call `lamen run` checks the database (a lamen one or a new file, held by no
other run, holding no matches of another version of the spec), the keys, the prices and the cost
(lamen.cli.preflight). Text from models and providers is printed through lamen.text_safety."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from lamen.cli.common import library_from
from lamen.spec.problems import SpecError
from lamen.text_safety import one_line

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console

    from lamen.agents.prices import PriceTable
    from lamen.runner import Runner, RunState
    from lamen.store import Store
    from lamen.runner.ray_executor import Executor
    from lamen.schedule import Match
    from lamen.spec.library import Library
    from lamen.spec.tournament import Tournament
    from lamen.store.reads import StoreReads
    from lamen.store.versions import VersionConflict

# pandas, the runner, the store and the report load in the handlers: `lamen --help` needs none.
TOP = 5  # leaderboard rows `lamen run` ends with


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
    parser.add_argument("--wide", action="store_true", help="tables with every column (the default fits 100 columns)")
    parser.add_argument("--executor", type=_executor, default="local", metavar="local|ray[=ADDRESS]",
                        help="where matches play: this process (default), or Ray tasks on a local cluster or the "
                             "one at ADDRESS (extra `ray`); this process stays the database's only writer")
    parser.set_defaults(handler=handle_run)
    status = commands.add_parser("status", help="summarise a tournament database")
    status.add_argument("db", type=Path)
    status.set_defaults(handler=handle_status)


def _executor(text: str) -> Executor:
    from lamen.runner.ray_executor import Executor

    try:
        return Executor.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def wide_console(wide: bool = False) -> Console:
    """A terminal keeps its width up to 100 columns, a pipe or log gets 100; `wide`: room for
    every column."""
    from lamen.cli.rating_tables import console

    return console(wide)


def print_dry_run(console: Console, tournament: Tournament, library: Library, matches: list[Match],
                  database: Path, prices: PriceTable) -> None:
    from rich.table import Table

    from lamen.cli.preflight import agents_to_play, cost_table, key_status
    from lamen.runner.estimate import estimate
    from lamen.runner.run import version_refusal

    stages = Counter(m.stage for m in matches)
    console.print(f"{len(matches)} matches: " + ", ".join(f"{n} {stage}" for stage, n in stages.items()))
    playable = matches
    if tournament.design == "adaptive":
        # An adaptive run plays its block budget at most, not the whole schedule: count and price
        # the costliest schedule it could play, an upper bound of what the run can spend.
        playable, blocks, budget = adaptive_ceiling(tournament, matches, prices)
        console.print(f"design adaptive: qualifier and self-play in full, then at most {budget} of the {blocks} "
                      f"cross-play blocks (stops earlier once every neighbour is separated): at most "
                      f"{len(playable)} of these {len(matches)} matches; the tables below are for those",
                      markup=False, soft_wrap=True)
    games = Table(title="Matches per game", title_justify="left")
    games.add_column("game", overflow="fold")  # a long name folds onto a second line, never cut
    games.add_column("class", no_wrap=True)
    games.add_column("matches", justify="right", no_wrap=True)
    for name, count in Counter(m.game.name for m in playable).items():
        games.add_row(one_line(name), next(m.game.game_class for m in playable if m.game.name == name), str(count))
    console.print(games)
    estimates = estimate(playable, prices, tournament.family, tournament.match_judge)
    if estimates:
        console.print(cost_table(estimates))
        total = sum(e.cost_usd or 0.0 for e in estimates)
        console.print(f"estimated total: ${total:.2f}" + (" (some models have no price)" if any(e.cost_usd is None for e in estimates) else ""))
    else:
        console.print("no paid model agents: estimated cost $0.00")
    status = key_status(agents_to_play(tournament, playable), prices)
    if status:
        console.print("API keys (values are never shown) and prices:", markup=False)
        for line in status:
            console.print(line, markup=False, soft_wrap=True)
    if not database.exists():
        console.print(f"database: {database} (new)", markup=False, soft_wrap=True)
        return
    conflict, todo = _peek(database, tournament, library, matches)
    console.print(f"database: {database} ({len(matches) - len(todo)} of {len(matches)} matches finished, "
                  f"{len(todo)} to play)", markup=False, soft_wrap=True)
    if conflict.played:
        problem = version_refusal(conflict, database, tournament.name).problems[0]
        console.print(f"a run would refuse: {problem.message} ({problem.hint})", markup=False, soft_wrap=True)


def adaptive_ceiling(tournament: Tournament, matches: list[Match],
                     prices: PriceTable | None = None) -> tuple[list[Match], int, int]:
    """The most an adaptive run of `matches` can play: every non-cross match and the `budget`
    costliest cross-play blocks (by estimated cost, then size); with the number of blocks and the budget."""
    from lamen.runner.adaptive import cross_blocks, settings_of
    from lamen.runner.estimate import estimate

    blocks = cross_blocks(matches)
    budget = settings_of(tournament, len(blocks)).blocks or 0

    def weight(group: list[Match]) -> tuple[float, int]:
        return sum(e.cost_usd or 0.0 for e in estimate(group, prices, tournament.family)), len(group)

    kept = set(sorted(blocks, key=lambda key: weight(blocks[key]), reverse=True)[:budget])
    return [m for m in matches if m.stage != "cross" or m.block in kept], len(blocks), budget


def _peek(database: Path, tournament: Tournament, library: Library,
          matches: list[Match]) -> tuple[VersionConflict, list[Match]]:
    """From the database as it is (read-only; a new one holds nothing): stored matches of another
    spec version, and the matches a run would play — not finished, or to be replaced."""
    from lamen.runner import Runner
    from lamen.store import Store
    from lamen.store.files import reading
    from lamen.store.versions import VersionConflict

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
    played = "matches" if state.headline is None else "sessions"
    return (f"{name}: {state.done}/{state.total} {played}, {reached(state)}, {state.errors} errors, "
            f"${state.spend_usd:.2f}")


def reached(state: RunState) -> str:
    """What the finished matches reached: agreements; for an agent among simulated people, who
    reach none, the mean of the family's headline metric (Match, reward) over the sessions."""
    if state.headline is None:
        return f"{state.agreements} agreements"
    mean = state.headline_mean
    return f"mean {state.headline.label} " + ("–" if mean is None else f"{mean:.3g}")


def stored_reached(store: Store, tournament: str) -> str:
    """What a stored tournament's finished matches reached, worded as `reached` words a run's."""
    from lamen.runner.family import tournament_family
    from lamen.runner.run import RunState, stored_state

    try:
        family = tournament_family(str(store.tournament_spec(tournament).get("family", "negotiation")))
    except SpecError:  # a family this lamen does not know: what the store counts is all there is
        return reached(RunState(agreements=store.summary(tournament)["agreements"]))
    return reached(stored_state(store, tournament, family))


def handle_run(args: argparse.Namespace) -> int:
    from lamen.runner.ray_executor import shut_down_started

    with shut_down_started():  # a Ray cluster `--executor ray` started lasts as long as the command
        return _handle_run(args)


def _handle_run(args: argparse.Namespace) -> int:
    from lamen.spec.load import load_tournaments
    from lamen.store.files import check_writable_database

    library = library_from(args)
    spec = load_tournaments(args.spec)
    database = args.db or spec.database_path()
    console = wide_console()  # progress, messages and the dry run's tables
    tables = wide_console(args.wide)  # the matrices and the leaderboard; `--wide`: every column
    check_writable_database(database)  # before anything is planned, paid or created
    # Every part is planned before any is played: a mistake in the last part stops the run at once.
    planned = [(tournament, _plan(args.spec, tournament, library, ("parts", index) if spec.several else ()))
               for index, tournament in enumerate(spec.tournaments)]
    if not spec.several:
        tournament, matches = planned[0]
        if args.dry_run:
            print_dry_run(console, tournament, library, matches, database, _prices(tournament))
            return 0
        return _run_tournament(args, tournament, matches, library, database, console, tables, None)[0]
    from lamen.report.parts import PartReport, write_parts_index

    codes, reports = [], []
    for tournament, matches in planned:
        console.print(f"part {one_line(tournament.name)} ({one_line(tournament.family)})", markup=False,
                      soft_wrap=True, style="bold")
        if args.dry_run:
            print_dry_run(console, tournament, library, matches, database, _prices(tournament))
            continue
        folder = database.parent / tournament.name
        code, report, summary = _run_tournament(args, tournament, matches, library, database, console, tables, folder)
        codes.append(code)
        reports.append(PartReport(tournament.name, tournament.family, report, summary.removeprefix(f"{tournament.name}: ")))
    if args.dry_run:
        return 0
    index = write_parts_index(database.parent, spec.name, reports)
    console.print(f"reports of {one_line(spec.name)}: {index.resolve().as_uri()}", markup=False, soft_wrap=True)
    return max(codes)


def _plan(spec_path: Path, tournament: Tournament, library: Library, prefix: tuple[str | int, ...]) -> list[Match]:
    from lamen.runner import plan
    from lamen.runner.family import tournament_family

    try:
        tournament_family(tournament.family)  # known, and playable by the runner
        return plan(tournament, library)
    except SpecError as exc:  # a family, game or protocol the tournament names: say which file named it
        from lamen.spec.yaml_source import read_yaml

        lines = read_yaml(spec_path).lines
        fallback = lines.get(prefix, 1) if prefix else 1  # a part's problem without a field: the part's line
        raise SpecError([p if p.file else p.located(
            str(spec_path), lines.get(prefix + p.field, lines.get(prefix + p.field[:1], fallback)), prefix)
            for p in exc.problems]) from None


def _prices(tournament: Tournament) -> PriceTable:
    from lamen.agents.prices import tournament_prices

    return tournament_prices(tournament.prices)


def _run_tournament(args: argparse.Namespace, tournament: Tournament, matches: list[Match], library: Library,
                    database: Path, console: Console, tables: Console, report_folder: Path | None) -> tuple[int, Path, str]:
    """Play one tournament into `database`, print its views and write its report (into
    `report_folder`, default the database's folder): (exit code, report page, summary line)."""
    from rich.markup import escape

    from lamen.agents.prices import using_prices
    from lamen.cli.preflight import Options, preflight
    from lamen.report import write_report
    from lamen.runner import Runner
    from lamen.runner.run import version_refusal
    from lamen.store import Store
    from lamen.store.lock import DatabaseLock
    from lamen.store.tables import match_table

    prices = _prices(tournament)
    lock = DatabaseLock(database, wait=args.wait, on_wait=lambda text: console.print(text, markup=False))
    lock.refuse_if_held()
    executor = getattr(args, "executor", None)
    if executor is not None and executor.kind == "ray":  # an unreachable cluster: refused before any write
        from lamen.runner.ray_executor import connect

        connect(executor.address)
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
            if executor is not None and executor.kind == "ray":
                from lamen.runner.ray_executor import RayRunner

                runner = RayRunner(tournament, store, library, replace=args.replace)
            else:
                runner = Runner(tournament, store, library, replace=args.replace)
            with using_prices(prices):
                state = _play(console, runner, tournament, matches, args.quiet)
            # Messages are one line each, printed whole (soft_wrap): they are grepped, not read as tables.
            for message in state.messages:
                console.print(f"[yellow]{escape(one_line(message))}[/]", soft_wrap=True)
            for agent, reason in state.disabled.items():
                console.print(f"[red]stopped {escape(one_line(agent))}:[/] {escape(one_line(reason))}", soft_wrap=True)
            if runner.pools:  # agents served by several endpoints: what each endpoint did in this run
                from lamen.store.endpoints import endpoint_counts, endpoint_lines

                this_run = [c for c in endpoint_counts(store, tournament.name) if c.run_started == runner.started_at]
                for line in endpoint_lines(this_run):
                    console.print(one_line(line), markup=False, soft_wrap=True)
            frame = match_table(store, tournament.name)
            env_rows = store.match_rows(tournament.name) if str(runner.family.relation) == "agent-vs-env" else []
        finally:
            store.close()
    if str(runner.family.relation) == "agent-vs-env":  # agent × simulator: per-metric matrices, rankings, τ
        from lamen.cli.agent_env_views import print_agent_env_view

        print_agent_env_view(tables, env_rows, tournament.name, tournament.family, args.wide)
    elif str(runner.family.relation) == "common-payoff":  # by the family's relation, not its name
        from lamen.cli.partner_views import print_partner_view

        print_partner_view(tables, frame, tournament.name, tournament.family, args.wide)
    else:
        print_matrices(tables, frame, args.wide)
        print_leaderboard_top(tables, frame, library, database, args.wide)
    summary = summary_line(tournament.name, state)
    console.print(summary + f" in {time.monotonic() - started:.1f} s", markup=False, soft_wrap=True)
    console.print(f"database: {database}", markup=False, soft_wrap=True)
    report = write_report(database, report_folder, tournament=tournament.name)
    # A file:// URL: terminals make it a link to open in the browser. Printed whole, never wrapped.
    console.print(f"report: {report.index.resolve().as_uri()}", markup=False, soft_wrap=True)
    if state.skipped_budget:
        console.print(f"[yellow]budget of ${tournament.budget_usd:.2f} reached: {state.skipped_budget} matches not started[/]")
    unfinished = state.total - state.done
    if unfinished:
        console.print(f"[yellow]{unfinished} matches not finished: run the same command again to continue[/]")
        return 1, report.index, summary
    return 0, report.index, summary


def _play(console: Console, runner: Runner, tournament: Tournament, matches: list[Match], quiet: bool) -> RunState:
    import asyncio

    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    if quiet or not console.is_terminal:
        last = [0.0]

        def listener(state: RunState, match: Match | None) -> None:
            finished = state.done + state.errors
            if match is None or finished == state.total or time.monotonic() - last[0] > 5:
                last[0] = time.monotonic()
                console.print(summary_line(tournament.name, state), markup=False, soft_wrap=True)

        runner.listener = listener
        return asyncio.run(runner.run(matches))
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[detail]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                  console=console) as progress:
        task = progress.add_task(escape(tournament.name), total=None, detail="")

        def listener(state: RunState, match: Match | None) -> None:
            progress.update(task, total=state.total, completed=state.done + state.errors,
                            detail=f"{reached(state)} · {state.errors} errors · ${state.spend_usd:.2f}")

        runner.listener = listener
        return asyncio.run(runner.run(matches))


def print_matrices(console: Console, frame: pd.DataFrame, wide: bool = False) -> None:
    """The self-play summary and the cross-play matrices, fitted to the console (`wide`: whole)."""
    from lamen.cli.frame_tables import print_frame
    from lamen.matrices import head_to_head, self_play_summary

    summary = self_play_summary(frame)
    if not summary.empty:
        # What the games ended in first, then faithfulness and instruction following: when the
        # table is split to fit, each part is one of the two.
        outcomes = [column for column in ("soft", "hard", "U", "U*", "rounds", "games") if column in summary]
        summary = summary[outcomes + [column for column in summary.columns if column not in outcomes]]
        print_frame(console, summary, "Self-play (paper Tables 1–2; debiased over sides and start orders)", wide=wide,
                    label_header="agent")
    if (frame["stage"] == "cross").any():
        for cooperative, kind in ((False, "competitive"), (True, "cooperative")):
            matrix = head_to_head(frame, "u_star", cooperative=cooperative)
            if matrix.notna().any().any():
                print_frame(console, matrix, f"Cross-play U* of row vs column, {kind} games", wide=wide,
                            label_header="row \\ column")
        print_frame(console, head_to_head(frame, "soft"), "Cross-play soft completion rate", wide=wide,
                    label_header="row \\ column")


def print_leaderboard_top(console: Console, frame: pd.DataFrame, library: Library, database: Path,
                          wide: bool = False) -> None:
    """The headline of `lamen ratings` (utility obtained, with the same fit and defaults), its
    first TOP rows, and what the ratings cannot say."""
    from dataclasses import replace

    from lamen.cli.rating_tables import leaderboard_tables
    from lamen.leaderboard import build_leaderboard

    cross = frame[(frame["stage"] == "cross") & (frame["status"] == "finished")]
    if cross.empty:
        return  # self-play only: nothing to rate, and nothing to warn about that the matrices do not show
    board = build_leaderboard(frame, library=library)
    for warning in board.warnings:
        console.print(f"warning: {warning}", markup=False, style="bold")
    if board.table.empty:
        return
    agents = len(board.table)
    title = "Leaderboard" if agents <= TOP or wide else f"Leaderboard, top {TOP} of {agents}"
    console.print(leaderboard_tables(replace(board, table=board.table if wide else board.table.head(TOP)), title)[0])
    console.print("gets: expected utility against an average opponent (no agreement = 0), ±half its 95% interval; "
                  "gives: what its opponents get; rank: 95% interval; BT rank !: two or more places from the gets "
                  "rank.", markup=False)
    console.print(f"every agent, with Bradley–Terry, Elo and TrueSkill: lamen ratings {one_line(str(database))}",
                  markup=False, soft_wrap=True)


def harvest_status(store: StoreReads) -> list[str]:
    """`lamen status` of a database without tournaments: a line per harvest it holds (its trees,
    how many finished and met every goal) and how to export them, or that it holds nothing yet."""
    from lamen.store.harvest import has_harvest, tree_rows

    trees = tree_rows(store) if has_harvest(store) else []
    if not trees:
        return [f"{one_line(str(store.path))}: holds no tournament or harvest yet"]
    lines = []
    for name in sorted({tree.harvest for tree in trees}):
        mine = [tree for tree in trees if tree.harvest == name]
        finished = sum(1 for tree in mine if tree.status == "finished")
        lines.append(f"{one_line(name)} (harvest): {finished}/{len(mine)} trees finished, "
                     f"{sum(1 for tree in mine if tree.complete)} met every goal")
    lines.append(f"training data: lamen export sft|kto|dpo {one_line(str(store.path))} --out FOLDER")
    return lines


def handle_status(args: argparse.Namespace) -> int:
    from lamen.store import Store
    from lamen.store.files import reading

    store = Store.open_read_only(args.db)
    console = wide_console()
    try:
        with reading(args.db):
            if not store.tournaments():
                # A harvest's database is lamen's too: say what it holds rather than print nothing.
                for line in harvest_status(store):
                    console.print(line, markup=False, soft_wrap=True)  # a path is copied whole
            for name in store.tournaments():
                summary = store.summary(name)
                # Wrapped at the console's width (at most 100 columns) at word boundaries.
                console.print(f"{one_line(name)}: {summary['finished']}/{summary['total']} matches finished, "
                              f"{stored_reached(store, name)}, {summary['errored']} errored, "
                              f"{summary['pending']} pending, ${summary['spend_usd']:.2f}, {summary['tokens']:,} tokens",
                              markup=False)
                for agent_id, reason in store.disabled_agents(name).items():
                    # A reason is one line, printed whole: it quotes a provider's error.
                    console.print(f"  stopped {one_line(agent_id)}: {one_line(reason)}", markup=False, soft_wrap=True)
    finally:
        store.close()
    return 0
