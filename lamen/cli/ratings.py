"""`lamen ratings DB` and `lamen import lamen-evals PATH.csv`."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console

from lamen.cli.common import library_from
from lamen.cli.run import frame_table, print_matrices, wide_console
from lamen.importers.lamen_evals import import_lamen_evals, tournament_name
from lamen.leaderboard import METHODS, build_leaderboard, leaderboard_json
from lamen.spec.problems import Problem, SpecError
from lamen.store import Store
from lamen.store.tables import match_table


def register(commands: argparse._SubParsersAction) -> None:
    ratings = commands.add_parser("ratings", help="leaderboard: Bradley–Terry, Elo, TrueSkill with intervals")
    ratings.add_argument("db", type=Path)
    ratings.add_argument("--method", choices=(*METHODS, "all"), default="all")
    ratings.add_argument("--tournament", help="which tournament of the database (default: all of them)")
    ratings.add_argument("--anchor", metavar="AGENT", help="put this agent at 1000 (default: the mean is 1000)")
    ratings.add_argument("--bootstrap", type=int, default=1000, metavar="N", help="bootstrap replicates for rank intervals")
    ratings.add_argument("--matrices", action="store_true", help="also print the cross-play matrices")
    ratings.add_argument("--json", action="store_true", help="print JSON")
    ratings.set_defaults(handler=handle_ratings)
    importer = commands.add_parser("import", help="store results produced elsewhere as finished matches")
    kinds = importer.add_subparsers(dest="kind", metavar="FORMAT", required=True)
    evals = kinds.add_parser("lamen-evals", help="LAMEN's processed_outputs/*/evals.csv (no transcripts)")
    evals.add_argument("path", type=Path)
    evals.add_argument("--db", type=Path, help="database (default: reports/NAME/tournament.db)")
    evals.add_argument("--name", help="tournament name (default: lamen-<run folders>)")
    evals.set_defaults(handler=handle_import)


def _open(db: Path) -> Store:
    if not db.exists():
        raise SpecError([Problem(f"{db}: no such database", "run `lamen run SPEC` or `lamen import` first")])
    return Store.open_read_only(db)


def handle_ratings(args: argparse.Namespace) -> int:
    store = _open(args.db)
    try:
        frame = match_table(store, args.tournament)
    finally:
        store.close()
    methods = METHODS if args.method == "all" else (args.method,)
    cross = frame[(frame["stage"] == "cross") & (frame["status"] == "finished")]
    if cross.empty:
        raise SpecError([Problem(f"{args.db}: no finished cross-play matches to rate",
                                 "ratings need cross-play; self-play carries no information about relative strength")])
    if args.anchor and args.anchor not in set(cross["agent_a"]) | set(cross["agent_b"]):
        raise SpecError([Problem(f"--anchor {args.anchor}: no such agent in the cross-play matches")])
    board = build_leaderboard(frame, methods, bootstrap=args.bootstrap, anchor=args.anchor, library=library_from(args))
    if args.json:
        print(json.dumps(leaderboard_json(board), indent=2, ensure_ascii=False))
        return 0
    console = wide_console()
    errored = int((frame["status"] == "errored").sum())
    console.print(f"{len(cross)} finished cross-play matches rated"
                  + (f"; {errored} errored matches left out" if errored else ""), markup=False)
    console.print(frame_table(board.table, "Leaderboard (Bradley–Terry on the Elo scale, 95% intervals)", digits=2))
    for name, effect in board.effects.items():
        console.print(f"{name} effect: {effect['elo']:+.1f} Elo (95%: {effect['lower']:+.1f} to {effect['upper']:+.1f})",
                      markup=False)
    for note in board.notes:
        console.print(note, markup=False)
    if args.matrices:
        print_matrices(console, frame)
    return 0


def handle_import(args: argparse.Namespace) -> int:
    if not args.path.is_file():
        raise SpecError([Problem(f"{args.path}: no such file", "give the path of an evals.csv")])
    name = args.name or tournament_name(args.path)
    database = args.db or Path("reports") / name / "tournament.db"
    store = Store(database)
    try:
        summary = import_lamen_evals(args.path, store, name)
    except ValueError as exc:
        raise SpecError([Problem(str(exc))]) from None
    finally:
        store.close()
    Console(highlight=False).print(
        f"{summary.tournament}: {summary.rows} games read ({summary.cross_play} cross-play, {summary.self_play} self-play), "
        f"{summary.new} new; agents: {', '.join(summary.agents)}\ndatabase: {database}", markup=False)
    return 0
