"""`lamen games list` and `lamen games show NAME [--json]`."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from lamen.cli.common import library_from
from lamen.spec.problems import SpecError

if TYPE_CHECKING:
    from lamen.space import OutcomePoint
    from lamen.spec.game import Game
    from lamen.spec.library import Library


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("games", help="list games or show one with its outcome space")
    sub = parser.add_subparsers(dest="games_command", metavar="ACTION", required=True)
    listing = sub.add_parser("list", help="every game found (your folders first, then the built-ins)")
    listing.set_defaults(handler=handle_list)
    show = sub.add_parser("show", help="issues, payoffs, weights, class and bargaining points of a game")
    show.add_argument("name", help="game name or path")
    show.add_argument("--json", action="store_true", help="print JSON instead of tables")
    show.set_defaults(handler=handle_show)


def handle_list(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from lamen.space import outcome_space
    from lamen.spec.library import builtin_root
    from lamen.spec.load import game_from_document
    from lamen.spec.yaml_source import read_yaml

    library = library_from(args)
    table = Table(title="Games", title_justify="left")
    for column in ("game", "issues", "class", "outcomes", "source"):
        table.add_column(column, justify="right" if column == "outcomes" else "left")
    builtin = builtin_root()
    broken = []
    for path in library.files("games"):
        source = "built-in" if builtin in path.resolve().parents else str(path.parent)
        try:
            game = game_from_document(read_yaml(path), library)
        except SpecError as exc:
            broken.append((path, exc))
            continue
        if game is None:
            table.add_row(path.stem, "(description only)", "-", "-", source)
        else:
            table.add_row(path.stem, ", ".join(i.name for i in game.issues), game.game_class,
                          f"{outcome_space(game).n_outcomes:,}", source)
    console = Console(highlight=False)
    console.print(table)
    for path, exc in broken:
        console.print(f"[yellow]skipped {escape(str(path))}: {escape(exc.problems[0].message)} "
                      f"(run `lamen validate {escape(str(path))}`)[/]")
    return 0


def _point(point: OutcomePoint) -> dict[str, Any]:
    return {"offer": point.offer, "utilities": [round(u, 6) for u in point.utilities]}


def game_summary(game: Game) -> dict[str, Any]:
    """Everything `games show` prints, as plain data."""
    from lamen.space import outcome_space

    space = outcome_space(game)
    return {
        "name": game.name,
        "description": game.description,
        "parties": list(game.parties),
        "class": game.game_class,
        "issues": [
            {
                "name": issue.name,
                "type": issue.issue_type,
                "labels": list(issue.labels),
                "payoffs": [list(issue.aligned_payoffs(0)), list(issue.aligned_payoffs(1))],
                "weights": [game.issue_weights[0][i], game.issue_weights[1][i]],
            }
            for i, issue in enumerate(game.issues)
        ],
        "outcomes": space.n_outcomes,
        "frontier_size": len(space.frontier),
        "nash": _point(space.nash),
        "kalai_smorodinsky": _point(space.kalai_smorodinsky),
        "max_welfare": _point(space.max_welfare),
        "opposition": round(space.opposition, 6),
        "warnings": list(game.warnings),
    }


def handle_show(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from lamen.spec.load import load_game

    library: Library = library_from(args)
    game = load_game(args.name, library)
    summary = game_summary(game)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    console = Console(highlight=False)
    a, b = game.parties
    console.print(f"[bold]{escape(game.name)}[/] — {escape(game.description)}")
    console.print(f"class: {summary['class']}   outcomes: {summary['outcomes']:,}   "
                  f"Pareto frontier: {summary['frontier_size']} points   opposition: {summary['opposition']:.3f}")
    for issue in summary["issues"]:
        table = Table(title=f"{issue['name']} ({issue['type']}; weights {a}: {issue['weights'][0]:g}, "
                            f"{b}: {issue['weights'][1]:g})", title_justify="left")
        table.add_column("label")
        table.add_column(f"payoff {a}", justify="right")
        table.add_column(f"payoff {b}", justify="right")
        for label, pa, pb in zip(issue["labels"], *issue["payoffs"]):
            table.add_row(label, f"{pa:g}", f"{pb:g}")
        console.print(table)
    points = Table(title="Bargaining points (utilities: best complete offer = 1)", title_justify="left")
    for column in ("point", "offer", f"U {a}", f"U {b}"):
        points.add_column(column)
    for key, title in (("nash", "Nash"), ("kalai_smorodinsky", "Kalai–Smorodinsky"), ("max_welfare", "max welfare")):
        point = summary[key]
        offer = ", ".join(f"{k}: {v}" for k, v in point["offer"].items())
        points.add_row(title, offer, f"{point['utilities'][0]:.3f}", f"{point['utilities'][1]:.3f}")
    console.print(points)
    for warning in summary["warnings"]:
        console.print(f"[yellow]warning: {escape(warning)}[/]")
    return 0
