"""`lamen play GAME --side-a AGENT --side-b AGENT`: one negotiation, shown turn by turn, then
the judge's outcome."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from lamen.agents.base import AgentError, ChatReply
from lamen.agents.registry import make_agent
from lamen.cli.common import library_from
from lamen.judge import Outcome, judge
from lamen.play import Negotiation, Step, play
from lamen.spec.agent import AgentSpec
from lamen.spec.load import load_game, load_persona, load_protocol
from lamen.spec.problems import Problem, SpecError


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("play", help="play one negotiation and judge it")
    parser.add_argument("game", help="game name or path")
    parser.add_argument("--side-a", required=True, metavar="AGENT", help="e.g. bot:boulware, local:smollm2, human, openai:gpt-4o")
    parser.add_argument("--side-b", required=True, metavar="AGENT")
    parser.add_argument("--protocol", default="default", help="protocol name or path (default: default)")
    parser.add_argument("--starts", choices=("a", "b"), default="a", help="which side moves first")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-rounds", type=int, metavar="N", help="override the protocol's max rounds")
    parser.add_argument("--persona-a", metavar="PERSONA", help="persona file or name (LAMEN agents/*.yaml)")
    parser.add_argument("--persona-b", metavar="PERSONA")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the transcript and outcome as JSON")
    parser.add_argument("--quiet", action="store_true", help="only the outcome")
    parser.set_defaults(handler=handle)


def _agent_spec(name: str, option: str) -> AgentSpec:
    try:
        return AgentSpec.model_validate(name)
    except ValidationError as exc:
        raise SpecError([Problem(f"{option} {name!r}: {exc.errors()[0]['msg'].removeprefix('Value error, ')}",
                                 "name an agent like bot:boulware, local:smollm2, human or openai:gpt-4o")]) from None


def show_turn(console: Console, negotiation: Negotiation, step: Step, reply: ChatReply) -> None:
    if step.purpose == "note":
        return
    turn = negotiation.turns[-1] if step.purpose == "message" else None
    if turn is None:
        return
    party = negotiation.game.parties[turn.side]
    console.print(f"[bold]round {turn.round}[/] · {escape(party)} ({escape(negotiation.agent_names[turn.side])})")
    console.print(Panel(turn.note or "(empty)", title="note (private)", border_style="dim", expand=False), markup=False)
    console.print(Panel(turn.message or "(empty)", title="message", expand=False), markup=False)


def outcome_table(outcome: Outcome, parties: tuple[str, str]) -> Table:
    table = Table(title="Outcome", title_justify="left", show_header=True)
    table.add_column("")
    for party in parties:
        table.add_column(party, justify="right")
    table.add_row("utility", *(f"{u:.3f}" for u in outcome.utilities))
    for field, title in (("internal_faithfulness", "internal faithfulness"),
                         ("external_faithfulness", "external faithfulness"),
                         ("note_instruction", "notes within word limit"),
                         ("message_instruction", "messages within word limit"),
                         ("format_instruction", "notes in JSON format")):
        values = [getattr(side, field) for side in outcome.sides]
        table.add_row(title, *("-" if v is None else f"{v:.2f}" for v in values))
    table.add_row("rule violations", *(str(side.rule_violations) for side in outcome.sides))
    return table


def handle(args: argparse.Namespace) -> int:
    library = library_from(args)
    console = Console(highlight=False)
    game = load_game(args.game, library)
    protocol = load_protocol(args.protocol, library)
    if args.max_rounds is not None:
        if args.max_rounds < 1:
            raise SpecError([Problem(f"--max-rounds {args.max_rounds}: must be at least 1")])
        protocol = protocol.model_copy(update={"max_rounds": args.max_rounds})
    specs = (_agent_spec(args.side_a, "--side-a"), _agent_spec(args.side_b, "--side-b"))
    personas = tuple(load_persona(p, library) if p else None for p in (args.persona_a, args.persona_b))
    try:
        agents = tuple(make_agent(spec, game=game, side=side, seed=args.seed) for side, spec in enumerate(specs))
    except AgentError as exc:
        Console(stderr=True, highlight=False, emoji=False, soft_wrap=True).print(f"error: cannot start: {exc}", markup=False)
        return 1
    negotiation = Negotiation(game, protocol, starts=0 if args.starts == "a" else 1, personas=personas,  # type: ignore[arg-type]
                              sampling=(specs[0].sampling, specs[1].sampling), agent_names=(specs[0].id, specs[1].id))
    console.print(f"[bold]{escape(game.name)}[/]: {escape(game.parties[0])} = {escape(specs[0].id)}, "
                  f"{escape(game.parties[1])} = {escape(specs[1].id)}; {protocol.max_rounds} rounds, "
                  f"{escape(game.parties[negotiation.starts])} starts")
    on_reply = None if args.quiet else (lambda n, s, r: show_turn(console, n, s, r))
    transcript = asyncio.run(play(negotiation, agents, on_reply))  # type: ignore[arg-type]
    outcome = judge(transcript, game, protocol)
    if transcript.error:
        console.print(f"[red]errored:[/] {escape(transcript.error)}")
    offer = ", ".join(f"{k}: {v}" for k, v in (outcome.agreed_offer or {}).items()) or "-"
    console.print(f"agreement: [bold]{outcome.agreement}[/]   agreed offer: {escape(offer)}   "
                  f"rounds: {outcome.rounds}   end: {transcript.end_reason}")
    if outcome.textual_agreement_disagreeing_notes:
        console.print("[yellow]both said the agreement phrase, but their notes disagree[/]")
    console.print(outcome_table(outcome, game.parties))
    violations = [v for t in outcome.turns for v in t.violations]
    for violation in violations:
        console.print(f"[yellow]rule violation:[/] {escape(violation)}")
    if args.json:
        args.json.write_text(json.dumps({"transcript": transcript.model_dump(mode="json"),
                                         "outcome": outcome.model_dump(mode="json")}, indent=2, ensure_ascii=False))
        console.print(f"wrote {args.json}")
    return 2 if transcript.error else 0
