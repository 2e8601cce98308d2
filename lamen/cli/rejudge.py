"""`lamen rejudge DB [--write]`: score every stored match again with this lamen's judge and say
what changed — after the judge's readers improved, say. A dry run by default (the database is
opened read-only); `--write` stores the new outcomes in one transaction, as the only writer.

A match is judged from what the store holds: its transcript and the game and protocol of its
canonical spec. Texts the optional LLM reader read when the match was played keep that reading
(no model is called again); the judge still decides whether it needs one, as in play."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("rejudge", help="score every stored match again with the current judge and "
                                                 "report what changed (--write to store it)")
    parser.add_argument("db", type=Path, help="tournament database, e.g. reports/quickstart/tournament.db")
    parser.add_argument("--write", action="store_true",
                        help="store the new outcomes (default: a dry run that changes nothing)")
    parser.add_argument("--tournament", metavar="NAME", help="only this tournament of the database")
    parser.set_defaults(handler=handle_rejudge)


@dataclass(frozen=True)
class Change:
    match_id: str
    tournament: str
    game: str
    agents: tuple[str, str]
    old: dict[str, Any]
    new: Any  # lamen.judge.Outcome

    def line(self) -> str:
        old_u, new_u = self.old.get("utilities") or [0.0, 0.0], self.new.utilities
        return (f"{self.match_id} {one_line(self.game)} {one_line(self.agents[0])} vs {one_line(self.agents[1])}: "
                f"agreement {self.old.get('agreement')} -> {self.new.agreement}, "
                f"U {old_u[0]:.3f}/{old_u[1]:.3f} -> {new_u[0]:.3f}/{new_u[1]:.3f}")


@dataclass
class Rejudged:
    judged: int = 0
    skipped: int = 0  # imported results (no transcript) and matches never judged
    changes: list[Change] | None = None
    outcomes: list[tuple[str, Any]] | None = None
    fingerprints: dict[str, str] | None = None


def _game(spec: dict[str, Any]):  # noqa: ANN202 - lamen.spec.game.Game, imported lazily
    from lamen.spec.game import Game

    # The stored spec is a model dump with each issue's computed `warnings`, which Issue refuses as input.
    issues = [{key: value for key, value in issue.items() if key != "warnings"} for issue in spec["issues"]]
    return Game.model_validate({**spec, "issues": issues})


def _llm_readings(outcome: dict[str, Any]) -> dict[tuple[int, str], Any]:
    """The LLM reader's readings the stored outcome used, to be offered to the judge again."""
    from lamen.judge.extraction import Extraction

    readings = {}
    for turn in outcome.get("turns") or []:
        for part in ("note", "message", "interrogation"):
            reading = turn.get(part)
            if isinstance(reading, dict) and reading.get("method") == "llm":
                readings[(turn["index"], part)] = Extraction.model_validate(reading)
    return readings


def rejudge(store: Any, tournaments: list[str]) -> Rejudged:
    """Every judged, played match of `tournaments` scored again; nothing is written here."""
    from pydantic import ValidationError

    from lamen.judge import judge
    from lamen.spec.protocol import Protocol
    from lamen.store.versions import judge_settings, part_digest
    from lamen.transcript import Transcript

    result = Rejudged(changes=[], outcomes=[], fingerprints={})
    for name in tournaments:
        fallback = store.tournament_spec(name).get("llm_fallback")
        judge_digest = part_digest(judge_settings(fallback))
        for match in store.stored_matches(name):
            if match.transcript_json is None or match.outcome_json is None:
                result.skipped += 1
                continue
            try:
                game, protocol = _game(match.spec["game"]), Protocol.model_validate(match.spec["protocol"])
                transcript = Transcript.model_validate_json(match.transcript_json)
                old = json.loads(match.outcome_json)
                new = judge(transcript, game, protocol, _llm_readings(old) or None)
            except (KeyError, TypeError, ValueError, ValidationError) as exc:
                raise SpecError([Problem(f"{store.path}: match {match.id} cannot be judged again "
                                         f"({one_line(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)})",
                                         "it was stored by another lamen; `lamen export` still reads it")]) from None
            result.judged += 1
            result.outcomes.append((match.id, new))
            if match.row.get("fingerprint"):
                stored = json.loads(match.row["fingerprint"])
                result.fingerprints[match.id] = json.dumps({**stored, "judge": judge_digest}, separators=(",", ":"))
            if json.loads(new.model_dump_json()) != old:
                result.changes.append(Change(match.id, name, match.row["game"],
                                             (match.row["agent_a"], match.row["agent_b"]), old, new))
    return result


def handle_rejudge(args: argparse.Namespace) -> int:
    from rich.console import Console

    from lamen.store import Store
    from lamen.store.files import reading
    from lamen.store.lock import DatabaseLock

    console = Console(highlight=False, soft_wrap=True)
    lock = DatabaseLock(args.db)
    if args.write:
        Store.open_read_only(args.db).close()  # not a lamen database: one line, and no lock file made
        lock.acquire()  # refuses at once when a run is writing it
    try:
        store = Store(args.db) if args.write else Store.open_read_only(args.db)
        try:
            with reading(args.db):
                names = store.tournaments()
                if args.tournament is not None and args.tournament not in names:
                    raise SpecError([Problem(f"{args.db}: no tournament named {one_line(args.tournament)!r}",
                                             f"it holds: {', '.join(map(one_line, names)) or 'none'}")])
                chosen = [args.tournament] if args.tournament else names
                # Only negotiation is judged from its texts; another family's scores come from its
                # own scorer when the match is played, so there is nothing to judge again.
                from lamen.cli.partner_views import tournament_relations

                families = tournament_relations(store, chosen)
                for name in [n for n in chosen if families[n][0] != "negotiation"]:
                    console.print(f"{one_line(name)}: a tournament of {families[name][0]}, scored by the family when "
                                  "played: nothing to judge again", markup=False)
                result = rejudge(store, [n for n in chosen if families[n][0] == "negotiation"])
                for change in result.changes or []:
                    console.print(change.line(), markup=False)
                changed = len(result.changes or [])
                console.print(f"{result.judged} matches judged again, {changed} changed"
                              + (f", {result.skipped} without a stored transcript skipped" if result.skipped else ""),
                              markup=False)
                if args.write:
                    written = store.replace_outcomes(result.outcomes or [], result.fingerprints or {})
                    console.print(f"written: {written} outcomes", markup=False)
                elif changed:
                    console.print("dry run: nothing written (--write stores the new outcomes)", markup=False)
        finally:
            store.close()
    finally:
        lock.release()
    return 0
