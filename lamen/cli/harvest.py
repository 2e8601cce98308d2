"""`lamen harvest SPEC`: grow a JOSH harvest tree per instance into the spec's database (resuming
whatever is there: unfinished trees regrow from the response cache), or with `--dry-run` print
the calls and the cost it may take. `budget_usd` in the spec stops agent turns that could pass it."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("harvest", help="grow JOSH harvest trees (training data) for a family with rewards")
    parser.add_argument("spec", help="harvest YAML (family, instances, agent, simulator, beam, budget_usd), or the "
                        "name of a shipped one: toolwoz, dialop-planning, adventurers")
    parser.add_argument("--db", type=Path, help="database file (default: the spec's, or reports/NAME/harvest.db)")
    parser.add_argument("--dry-run", action="store_true", help="print calls and a cost estimate; grow nothing")
    parser.set_defaults(handler=handle_harvest)


def handle_harvest(args: argparse.Namespace) -> int:
    from rich.console import Console

    from lamen.agents.prices import load_prices, unpriced
    from lamen.harvest.estimate import estimate_harvest
    from lamen.harvest.run import run_harvest
    from lamen.harvest.spec import load_harvest
    from lamen.spec.problems import Problem, SpecError
    from lamen.store import Store
    from lamen.store.lock import DatabaseLock

    spec = load_harvest(args.spec)
    prices = load_prices()
    found = estimate_harvest(spec, prices)
    console = Console(highlight=False, soft_wrap=True)
    for seat in found.seats:
        cost = "no price" if seat.cost_usd is None else f"${seat.cost_usd:.2f}"
        console.print(f"{seat.seat} {seat.agent}: at most {seat.calls:,} calls, ~{seat.input_tokens:,} input and "
                      f"~{seat.output_tokens:,} output tokens, {cost}", markup=False)
    budget = f" (budget ${spec.budget_usd:.2f})" if spec.budget_usd is not None else ""
    console.print(f"{found.trees} trees: at most {found.calls:,} calls, estimated ${found.cost_usd:.2f}{budget}",
                  markup=False)
    if args.dry_run:
        return 0
    missing = unpriced([spec.agent, spec.simulator], prices)
    if spec.budget_usd is not None and missing:
        raise SpecError([Problem(f"{missing[0].id} has no price, so budget_usd cannot hold",
                                 "add its price to the prices file (LAMEN_PRICES)", ("agent",))])
    database = args.db or spec.database_path()
    with DatabaseLock(database):
        store = Store(database)
        try:
            progress = run_harvest(spec, store, cost_per_call=found.cost_per_call())
        finally:
            store.close()
    console.print(f"{progress.trees} trees: {progress.finished} finished ({progress.complete} met every goal), "
                  f"{progress.stopped} stopped by the budget, {progress.errored} errored, {progress.skipped} "
                  f"already done; {progress.calls:,} model calls, ${progress.spend_usd:.2f}", markup=False)
    for message in progress.messages[-5:]:
        console.print(message, markup=False)
    console.print(f"database: {database}", markup=False)
    return 0 if not progress.errored else 1
