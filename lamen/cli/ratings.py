"""`lamen ratings DB` and `lamen import lamen-evals PATH.csv` (`lamen import adventurers-boards` is import_boards.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lamen.cli import import_boards
from lamen.cli.common import library_from
from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line

if TYPE_CHECKING:
    from rich.console import Console

    from lamen.leaderboard import Leaderboard
    from lamen.store import Store

# The store and the rating libraries (pandas, scipy) load in the handlers: `lamen --help` does not
# need them.
METHODS = ("bt", "elo", "trueskill")


def register(commands: argparse._SubParsersAction) -> None:
    ratings = commands.add_parser("ratings", help="leaderboard: utility obtained (gets/gives), Bradley–Terry, Elo, "
                                                   "TrueSkill, with intervals; partner ratings for cooperative games")
    ratings.add_argument("db", type=Path)
    ratings.add_argument("--method", choices=(*METHODS, "all"), default="all",
                         help="which views of who gets the better side of a deal besides the utility headline")
    ratings.add_argument("--tournament", help="which tournament of the database (default: all of them)")
    ratings.add_argument("--anchor", metavar="AGENT", help="put this agent at 1000 (default: the mean is 1000; ignored with --by)")
    ratings.add_argument("--bootstrap", type=int, default=1000, metavar="N", help="bootstrap replicates for rank intervals")
    ratings.add_argument("--by", choices=("game", "class"), help="one leaderboard per game or per game class")
    ratings.add_argument("--matrices", action="store_true", help="also print the cross-play matrices")
    ratings.add_argument("--wide", action="store_true", help="every column (the default fits 100 columns)")
    ratings.add_argument("--json", action="store_true", help="print JSON")
    ratings.set_defaults(handler=handle_ratings)
    importer = commands.add_parser("import", help="bring in what was made elsewhere: results as finished matches, "
                                                   "boards as instances")
    kinds = importer.add_subparsers(dest="kind", metavar="FORMAT", required=True)
    evals = kinds.add_parser("lamen-evals", help="LAMEN's processed_outputs/*/evals.csv (no transcripts)")
    evals.add_argument("path", type=Path)
    evals.add_argument("--db", type=Path, help="database (default: reports/NAME/tournament.db)")
    evals.add_argument("--name", help="tournament name (default: lamen-<run folders>)")
    evals.set_defaults(handler=handle_import)
    import_boards.register(kinds)


def _open(db: Path) -> Store:
    from lamen.store import Store

    if not db.exists():
        raise SpecError([Problem(f"{db}: no such database", "run `lamen run SPEC` or `lamen import` first")])
    return Store.open_read_only(db)


def handle_ratings(args: argparse.Namespace) -> int:
    from lamen.leaderboard import build_leaderboard, leaderboard_json, leaderboards_by
    from lamen.store.tables import match_table

    from lamen.cli.partner_views import COMMON_PAYOFF, partner_json, print_partner_view, tournament_relations

    from lamen.cli.agent_env_views import AGENT_VS_ENV, agent_env_json, print_agent_env_view

    store = _open(args.db)
    try:
        names = store.tournaments()
        if args.tournament is not None and args.tournament not in names:
            # Else a misspelt name reads as a tournament with nothing to rate.
            raise SpecError([Problem(f"{args.db}: no tournament named {one_line(args.tournament)!r}",
                                     f"tournaments here: {', '.join(one_line(n) for n in names) or 'none'}")])
        frame = match_table(store, args.tournament)
        relations = tournament_relations(store, [args.tournament] if args.tournament else store.tournaments())
        # Agent-vs-environment views read each match's metrics from its stored outcome.
        env_rows = {name: store.match_rows(name) for name, (_, relation) in relations.items()
                    if relation == AGENT_VS_ENV}
    finally:
        store.close()
    # Views by the family's relation: common-payoff tournaments get partner ratings, one
    # tournament at a time (a family's scores mean nothing beside another's).
    teams = [name for name, (_, relation) in relations.items() if relation in (COMMON_PAYOFF, AGENT_VS_ENV)]
    if teams:
        if args.json:
            views = {name: agent_env_json(env_rows[name], relations[name][0], args.bootstrap) if name in env_rows
                     else partner_json(frame[frame["tournament"] == name], relations[name][0], args.bootstrap)
                     for name in teams}
        else:
            console = rating_console(args.wide)
            for name in teams:
                if name in env_rows:  # agent × simulator: matrices, rankings and τ per metric
                    print_agent_env_view(console, env_rows[name], name, relations[name][0], args.wide, args.bootstrap)
                    continue
                print_partner_view(console, frame[frame["tournament"] == name], name, relations[name][0], args.wide,
                                   args.bootstrap)
        frame = frame[~frame["tournament"].isin(teams)]
        if frame.empty:
            if args.json:
                print(json.dumps({"tournaments": views}, indent=2, ensure_ascii=False))
            return 0
        if args.json:  # negotiation tournaments beside them: their leaderboard under its own key
            board = build_leaderboard(frame, methods=METHODS if args.method == "all" else (args.method,),
                                      bootstrap=args.bootstrap, anchor=args.anchor, library=library_from(args))
            print(json.dumps({"tournaments": views, "leaderboard": leaderboard_json(board)}, indent=2,
                             ensure_ascii=False))
            return 0
    methods = METHODS if args.method == "all" else (args.method,)
    cross = frame[(frame["stage"] == "cross") & (frame["status"] == "finished")]
    if cross.empty:
        raise SpecError([Problem(f"{args.db}: no finished cross-play matches to rate",
                                 "ratings need cross-play; self-play carries no information about relative strength")])
    if args.anchor and args.anchor not in set(cross["agent_a"]) | set(cross["agent_b"]):
        raise SpecError([Problem(f"--anchor {args.anchor}: no such agent in the cross-play matches")])
    options: dict[str, Any] = {"methods": methods, "bootstrap": args.bootstrap, "anchor": args.anchor,
                               "library": library_from(args)}
    if args.by:
        if args.anchor:
            options["anchor"] = None  # an agent need not play every game or class
        boards = leaderboards_by(frame, args.by, **options)
        if args.json:
            boards_json = {name: leaderboard_json(board) for name, board in boards.items()}
            print(json.dumps({"by": args.by, "boards": boards_json}, indent=2, ensure_ascii=False))
            return 0
        console = rating_console(args.wide)
        for name, board in boards.items():
            print_board(console, board, f"{args.by} {name}", args.wide)
        return 0
    board = build_leaderboard(frame, **options)
    if args.json:
        print(json.dumps(leaderboard_json(board), indent=2, ensure_ascii=False))
        return 0
    console = rating_console(args.wide)
    errored = int((frame["status"] == "errored").sum())
    console.print(f"{len(cross[cross['agent_a'] != cross['agent_b']])} finished cross-play matches rated"
                  + (f"; {errored} errored matches left out" if errored else ""), markup=False)
    print_board(console, board, "Leaderboard", args.wide)
    if args.matrices:
        from lamen.cli.run import print_matrices

        # The matrices are `lamen run`'s tables, printed as `lamen run` prints them.
        print_matrices(console, frame, args.wide)
    return 0


def rating_console(wide: bool) -> Console:
    from lamen.cli.rating_tables import console

    return console(wide)


def print_board(console: Console, board: Leaderboard, title: str, wide: bool) -> None:
    """Warnings first (what the ratings cannot say), then the tables, effects and notes."""
    from lamen.cli.rating_tables import effect_lines, frame_table, leaderboard_tables

    for warning in board.warnings:
        console.print(f"warning: {warning}", markup=False, style="bold")
    if board.table.empty:
        return
    if wide:
        console.print(frame_table(board.table, f"{title} (every column; 95% intervals; – = none)"))
    else:
        for table in leaderboard_tables(board, title):
            console.print(table)
    for line in effect_lines(board):
        console.print(line, markup=False)
    for note in board.notes:
        console.print(note, markup=False)
    if not wide:
        console.print("gets/gives: value ±half of the 95% interval; rank: bootstrap 95% interval; BT rank "
                      "! = two or more places from the gets rank; --wide for every column.", markup=False)


def handle_import(args: argparse.Namespace) -> int:
    from rich.console import Console

    from lamen.importers.lamen_evals import import_lamen_evals, tournament_name
    from lamen.store import Store

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
