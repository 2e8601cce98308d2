"""`lamen play GAME --side-a AGENT --side-b AGENT`: one negotiation, shown turn by turn, then
the judge's outcome."""

from __future__ import annotations

import argparse
import json
import signal
import threading
from pathlib import Path
from types import FrameType

from collections.abc import Callable
from typing import TYPE_CHECKING

from lamen.cli.common import check_output_file, library_from, write_text_atomically
from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line, terminal, without_surrogates

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from lamen.agents.base import Agent
    from lamen.core.tournament import Seating
    from lamen.judge import Outcome
    from lamen.spec.agent import AgentSpec
    from lamen.spec.game import Game
    from lamen.transcript import Transcript, Turn

    OnTurn = Callable[[Turn], None]


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("play", help="play one negotiation and judge it, or one match of a game family")
    parser.add_argument("game", help="game name or path, or a game family (dialop.planning, dialop.mediation ...)")
    # Required for a negotiation (checked in `handle`); a family's seats are named with --seat.
    parser.add_argument("--side-a", metavar="AGENT", help="e.g. bot:boulware, local:smollm2, human, openai:gpt-4o")
    parser.add_argument("--side-b", metavar="AGENT")
    parser.add_argument("--seat", action="append", metavar="ROLE=AGENT",
                        help="a game family's seat, e.g. --seat user=human --seat assistant=player:hill-climb; "
                             "--seed picks the instance")
    parser.add_argument("--first", metavar="ROLE", help="a game family's role that moves first (default: the family's)")
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
    from pydantic import ValidationError

    from lamen.spec.agent import AgentSpec

    try:
        return AgentSpec.model_validate(name)
    except ValidationError as exc:
        raise SpecError([Problem(f"{option} {name!r}: {exc.errors()[0]['msg'].removeprefix('Value error, ')}",
                                 "name an agent like bot:boulware, local:smollm2, human or openai:gpt-4o")]) from None


def visible_notes(specs: tuple[AgentSpec, AgentSpec]) -> frozenset[int]:
    """Whose private notes the screen may show: both sides' when no person plays (a spectator's
    full view); only the person's own when one side is human; none when both are (they share
    one screen, and each sees their own note in their prompt)."""
    humans = frozenset(side for side, spec in enumerate(specs) if spec.provider == "human")
    if not humans:
        return frozenset((0, 1))
    return humans if len(humans) == 1 else frozenset()


def show_turn(console: Console, game: Game, agent_names: tuple[str, str], turn: Turn,
              notes_of: frozenset[int] = frozenset((0, 1))) -> None:
    """A finished turn: its public message, and its private note only when `notes_of` holds the
    side that wrote it. Model text is printed inert (control sequences shown, never obeyed)."""
    from rich.panel import Panel
    from rich.text import Text

    party = game.parties[turn.side]
    console.print(Text.assemble(("round " + str(turn.round), "bold"), " · ",
                                one_line(f"{party} ({agent_names[turn.side]})")))
    if turn.side in notes_of:
        console.print(Panel(Text(terminal(turn.note) or "(empty)"), title="note (private)", border_style="dim",
                            expand=False))
    console.print(Panel(Text(terminal(turn.message) or "(empty)"), title="message", expand=False))


def outcome_table(outcome: Outcome, parties: tuple[str, str]) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Outcome", title_justify="left", show_header=True)
    table.add_column("")
    for party in parties:
        table.add_column(Text(one_line(party)), justify="right")
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


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _play_interruptibly(seating: Seating, agents: tuple[Agent, Agent],
                        on_turn: OnTurn | None) -> tuple[Transcript, bool]:
    """Play to the end through the core (the negotiation family); one Ctrl-C stops the match and
    returns what was played, marked.

    asyncio.run's own SIGINT handler only cancels the task at its next await, which a person
    blocked at a prompt never reaches; a plain handler raising KeyboardInterrupt (which also
    keeps asyncio from installing its own) stops the prompt at once."""
    import asyncio

    from lamen.core.play import EpisodeRecord, Failure, play
    from lamen.core.state import end
    from lamen.families.negotiation import FAMILY
    from lamen.families.negotiation.scoring import transcript_of
    from lamen.families.negotiation.tournament import episode_transcript

    instance = seating.instance
    reached: dict[str, object] = {"state": FAMILY.rules.initial(instance, seating.names, seating.first), "calls": ()}

    def watch(state, calls) -> None:  # type: ignore[no-untyped-def]
        before = reached["state"]
        reached["state"], reached["calls"] = state, tuple(calls)
        if on_turn is not None and _messages(state) > _messages(before):  # a turn was finished
            on_turn(transcript_of(instance, state).turns[-1])

    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, _raise_interrupt) if in_main else None
    try:
        record = asyncio.run(play(FAMILY, instance, dict(zip(seating.roles, agents)), first=seating.first,
                                  sampling=seating.sampling, scored=False, watch=watch))
        return episode_transcript(seating, record), False
    except KeyboardInterrupt:
        state = reached["state"]
        reason = f"interrupted at the keyboard (Ctrl-C) in round {state.round}"  # type: ignore[attr-defined]
        record = EpisodeRecord(FAMILY.name, instance.content_id(), end(state, "error", reason),  # type: ignore[arg-type]
                               reached["calls"], "error", None,  # type: ignore[arg-type]
                               failure=Failure(None, "", reason, "stopped"))
        return episode_transcript(seating, record), True
    finally:
        if in_main:
            signal.signal(signal.SIGINT, previous)


def _messages(state: object) -> int:
    return sum(1 for e in state.events if e.kind == "message")  # type: ignore[attr-defined]


def _write_json(path: Path, transcript: Transcript, outcome: Outcome, interrupted: bool) -> None:
    body = json.dumps({"interrupted": interrupted, "transcript": transcript.model_dump(mode="json"),
                       "outcome": outcome.model_dump(mode="json")}, indent=2, ensure_ascii=False)
    try:
        write_text_atomically(path, without_surrogates(body))
    except OSError as exc:
        raise SpecError([Problem(f"--json {one_line(str(path))}: cannot write ({one_line(exc.strerror or str(exc))})",
                                 "free space or choose another path")]) from None


def handle(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    from lamen.agents.base import AgentError
    from lamen.agents.registry import make_agent
    from lamen.families.negotiation.tournament import direct_seating
    from lamen.judge import judge
    from lamen.spec.load import load_game, load_persona, load_protocol
    from lamen.spec.protocol import Protocol

    from lamen.cli.play_family import family_to_play, handle_family

    family = family_to_play(args.game)
    if family is not None:
        return handle_family(args, family)
    missing = [option for option, value in (("--side-a", args.side_a), ("--side-b", args.side_b)) if value is None]
    if missing and not (args.seat or args.first):
        # A usage error, said as argparse says its own (exit 2): the sides are required for a negotiation.
        import sys
        print(f"lamen play: error: the following arguments are required: {', '.join(missing)} "
              "(see `lamen play --help`)", file=sys.stderr)
        return 2
    if missing or args.seat or args.first:
        raise SpecError([Problem(f"{one_line(args.game)}: a negotiation needs --side-a and --side-b"
                                 + (" (--seat and --first are for a game family)" if args.seat or args.first else ""),
                                 "e.g. --side-a human --side-b bot:boulware")])
    # The protocol's own bound on rounds: model_copy(update=...) would not check it.
    max_rounds = next(m.le for m in Protocol.model_fields["max_rounds"].metadata if getattr(m, "le", None))
    library = library_from(args)
    console = Console(highlight=False)
    if args.json:
        # Before anything is played (or paid for): a match must never end with nowhere to go.
        check_output_file(args.json, "--json")
    game = load_game(args.game, library)
    protocol = load_protocol(args.protocol, library)
    if args.max_rounds is not None:
        if not 1 <= args.max_rounds <= max_rounds:
            raise SpecError([Problem(f"--max-rounds {args.max_rounds}: must be between 1 and {max_rounds}",
                                     "a protocol's own limit")])
        protocol = protocol.model_copy(update={"max_rounds": args.max_rounds})
    specs = (_agent_spec(args.side_a, "--side-a"), _agent_spec(args.side_b, "--side-b"))
    personas = tuple(load_persona(p, library) if p else None for p in (args.persona_a, args.persona_b))
    try:
        agents = tuple(make_agent(spec, game=game, side=side, seed=args.seed) for side, spec in enumerate(specs))
    except AgentError as exc:
        raise SpecError([Problem(f"cannot start: {one_line(str(exc))}")]) from None
    starts = 0 if args.starts == "a" else 1
    seating = direct_seating(game, protocol, specs, starts, personas)  # type: ignore[arg-type]
    console.print(Text.assemble((one_line(game.name), "bold"), one_line(
        f": {game.parties[0]} = {specs[0].id}, {game.parties[1]} = {specs[1].id}; {protocol.max_rounds} rounds, "
        f"{game.parties[starts]} starts")))
    notes_of = visible_notes(specs)
    for side in sorted(notes_of if len(notes_of) == 1 else ()):
        console.print(Text(one_line(f"You play {game.parties[side]}: you see your own notes and both sides' messages; "
                                    f"the {game.parties[1 - side]}'s notes stay private.")))
    names = (specs[0].id, specs[1].id)
    on_turn = None if args.quiet else (lambda turn: show_turn(console, game, names, turn, notes_of))
    transcript, interrupted = _play_interruptibly(seating, agents, on_turn)  # type: ignore[arg-type]
    outcome = judge(transcript, game, protocol)
    if args.json:
        _write_json(args.json, transcript, outcome, interrupted)
    left = [agent.name for agent in agents if getattr(agent, "left", False)]
    if interrupted or left:
        why = "interrupted (Ctrl-C)" if interrupted else f"{left[0]} ended the match (end of input)"
        console.print(Text(one_line(f"{why} after {len(transcript.turns)} turn(s); not judged as a finished match")))
        if args.json:
            console.print(Text(one_line(f"wrote {args.json} (marked {'interrupted' if interrupted else 'ended'})")))
        return 130 if interrupted else 0
    if transcript.error:
        console.print(Text.assemble(("errored: ", "red"), one_line(transcript.error)))
    offer = ", ".join(f"{k}: {v}" for k, v in (outcome.agreed_offer or {}).items()) or "-"
    console.print(Text.assemble("agreement: ", (outcome.agreement, "bold"),
                                one_line(f"   agreed offer: {offer}   rounds: {outcome.rounds}   "
                                         f"end: {transcript.end_reason}")))
    if outcome.textual_agreement_disagreeing_notes:
        console.print("[yellow]both said the agreement phrase, but their notes disagree[/]")
    console.print(outcome_table(outcome, game.parties))
    violations = [v for t in outcome.turns for v in t.violations]
    for violation in violations:
        console.print(Text.assemble(("rule violation: ", "yellow"), one_line(violation)))
    if args.json:
        console.print(Text(one_line(f"wrote {args.json}")))
    return 2 if transcript.error else 0
