"""Play one scheduled negotiation match both ways — today's runner (`Runner.play_match`: the
`Negotiation` loop, the bots, the judge) and the core (`lamen.core.play` with the negotiation
family) — and list every difference: id, seed, requests byte for byte, turns, agreement,
utilities, end reason."""

from __future__ import annotations

import asyncio
from functools import cache
from pathlib import Path

from lamen.families.negotiation.matches import CoreMatch, play_bots
from lamen.families.negotiation.scoring import transcript_of
from lamen.runner.run import Runner, plan
from lamen.schedule import Match
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.spec.tournament import Tournament
from tests.conftest import REPO

QUICKSTART = REPO / "tournaments" / "quickstart.yaml"


@cache
def quickstart() -> tuple[Tournament, tuple[Match, ...]]:
    tournament = load_tournament(Path(QUICKSTART))
    return tournament, tuple(plan(tournament, Library.default()))


def turns(transcript) -> list[tuple]:  # type: ignore[no-untyped-def]
    return [(t.side, t.round, t.note, t.message, t.interrogation, t.note_offer, t.structured_fallback)
            for t in transcript.turns]


def differences(match: Match) -> list[str]:
    """What differs between the old path and the core for `match` (empty: nothing)."""
    tournament, _ = quickstart()
    runner = Runner(tournament, None, Library.default())  # type: ignore[arg-type]  # bots need no store
    old_transcript, old = asyncio.run(runner.play_match(match))
    core = CoreMatch.of(match)
    record = asyncio.run(play_bots(core))
    found = []
    if core.id != match.id or core.seed != match.seed:
        found.append(f"id/seed {core.id}/{core.seed} != {match.id}/{match.seed}")
    old_requests = [c.request.model_dump(exclude={"meta"}) for c in old_transcript.calls]
    new_requests = [c.request.model_dump(exclude={"meta"}) for c in record.calls]
    if old_requests != new_requests:
        at = next((i for i, (a, b) in enumerate(zip(old_requests, new_requests)) if a != b), None)
        found.append(f"requests differ (first at call {at}; {len(old_requests)} vs {len(new_requests)} calls)")
    if turns(old_transcript) != turns(transcript_of(core.instance, record.state)):
        found.append("turns differ")
    score = record.score
    if score is None:
        return [*found, f"core gave no score (end {record.end_reason})"]
    if (old.agreement, old.utilities, old.end_reason) != \
            (score.agreement, (score.per_role["side-a"], score.per_role["side-b"]), record.end_reason):
        found.append(f"outcome {old.agreement} {old.utilities} {old.end_reason} != "
                     f"{score.agreement} {score.per_role} {record.end_reason}")
    return found
