"""`lamen games list` and `lamen games show NAME [--json]`."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lamen.cli.common import library_from

if TYPE_CHECKING:
    from rich.table import Table

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


def families_table(rows: tuple[tuple[str, str, str, str], ...]) -> Table:
    """The game families: negotiation plays the YAML games above, the others their own instances
    (shipped human games, a seeded generator; played through `lamen.core.play`, not yet from the
    command line)."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Game families", title_justify="left")
    table.add_column("family", no_wrap=True)
    table.add_column("relation", no_wrap=True)
    table.add_column("description", overflow="fold")
    table.add_column("source", overflow="fold")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    return table


def games_table(library: Library) -> tuple[Table, list[tuple[Path, str]]]:
    """Every game of the library as a table, and the files that did not load, with why."""
    from lamen.spec.listing import game_listing  # cached: no YAML or pydantic when nothing changed

    listing = game_listing(library)
    return listing_table(listing.rows), list(listing.broken)


def listing_table(rows: tuple[tuple[str, str, str, str, str], ...]) -> Table:
    """The games as a table that wraps to the console: names are never cut (they fold at worst),
    issues and folders wrap."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Games (the negotiation family)", title_justify="left")
    # Rich narrows wrapping columns first: the issues and the folder wrap, so a game's name keeps
    # its one line and two names that share a long prefix always print differently.
    table.add_column("game", no_wrap=True)
    table.add_column("issues", overflow="fold")
    table.add_column("class", no_wrap=True)
    table.add_column("outcomes", justify="right", no_wrap=True)
    table.add_column("source", overflow="fold")
    for row in rows:
        # Text, not markup: a folder named like `[old]` prints as it is.
        table.add_row(*(Text(cell) for cell in row))
    return table


def handle_list(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape

    from lamen.spec.listing import game_listing

    listing = game_listing(library_from(args))
    # No emoji codes: nothing here is one, and their table costs as much to import as the listing.
    console = Console(highlight=False, emoji=False)
    console.print(listing_table(listing.rows))
    for path, message in listing.broken:
        console.print(f"[yellow]skipped {escape(str(path))}: {escape(message)} "
                      f"(run `lamen validate {escape(str(path))}`)[/]")
    console.print(families_table(listing.families))
    for name, message in listing.broken_families:
        console.print(f"[yellow]skipped family {escape(name)}: {escape(message)}[/]")
    return 0


def _point(point: OutcomePoint) -> dict[str, Any]:
    return {"offer": point.offer, "utilities": [round(u, 6) for u in point.utilities]}


def game_summary(game: Game) -> dict[str, Any]:
    """Everything `games show` prints, as plain data."""
    from lamen.space import outcome_space  # numpy: only the commands that need it pay for it

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
