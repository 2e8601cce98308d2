"""`lamen import adventurers-boards FILE`: read a user's own copy of the Traveling Adventurers
board file (the paper's layout; lamen ships nothing from it) and write its boards as lamen
instances. A bad file is one line naming the file, the board and field (or the JSON line) and
the cause, exit 2, and nothing is written."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lamen.text_safety import one_line

BAD_INPUT = 2  # as argparse's usage errors: the command was given something it cannot use


def register(kinds: argparse._SubParsersAction) -> None:
    boards = kinds.add_parser("adventurers-boards", help="Traveling Adventurers boards from your copy of the "
                                                         "paper's board file (e.g. boards_6.json)")
    boards.add_argument("path", type=Path, metavar="FILE")
    boards.add_argument("--out", type=Path, help="where to write the boards (default: FILE's name with "
                                                 ".lamen.json, in the current folder)")
    boards.add_argument("--check", action="store_true", help="validate only; write nothing")
    boards.add_argument("--force", action="store_true", help="replace --out if it exists")
    boards.set_defaults(handler=handle)


def default_out(path: Path) -> Path:
    return Path(path.name.removesuffix(".json") + ".lamen.json")


def _fail(message: str) -> int:
    print(f"error: {one_line(message)}", file=sys.stderr)
    return BAD_INPUT


def handle(args: argparse.Namespace) -> int:
    from lamen.cli.common import check_output_file, write_text_atomically
    from lamen.families.adventurers.board import BoardError
    from lamen.families.adventurers.boards_file import boards_json, read_boards
    from lamen.families.adventurers.rules import imported_source, instance_from_board
    from lamen.families.adventurers.solver import best_tour
    from lamen.spec.problems import SpecError

    out: Path = args.out or default_out(args.path)
    if not args.check:
        if out.resolve() == args.path.resolve():
            return _fail(f"--out {out}: is the board file being read; choose another path")
        if out.exists() and not args.force:
            return _fail(f"--out {out}: already exists (give --force to replace it)")
        try:
            check_output_file(out, "--out")
        except SpecError as exc:
            problem = exc.problems[0]
            return _fail(problem.message + (f" ({problem.hint})" if problem.hint else ""))
    try:
        boards = read_boards(args.path)
    except BoardError as exc:
        return _fail(str(exc))
    ids = {key: instance_from_board(board, imported_source(key)).content_id() for key, board in boards.items()}
    for key, board in boards.items():
        print(one_line(f"board {key}: {len(board.rooms)} rooms ({'-'.join(board.rooms)}), team optimum "
                       f"{best_tour(board.joint()).value} coins, instance {ids[key]}"))
    if args.check:
        print(one_line(f"{args.path}: {len(boards)} boards valid; nothing written (--check)"))
        return 0
    write_text_atomically(out, boards_json(boards, ids))
    print(one_line(f"{args.path}: {len(boards)} boards written to {out}; play them with the adventurers "
                   f"config generator: file, boards: {out}"))
    return 0
