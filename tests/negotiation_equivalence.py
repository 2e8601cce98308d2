"""Play one scheduled negotiation match the old way — the `Negotiation` loop with today's bots
and the judge, as the runner played matches before it moved onto the core — and through the
core (`lamen.core.play` with the negotiation family), both as the runner plays it now
(`Runner.play_match`) and with the family's scripted players (`play_bots`); list every
difference: id, seed, requests byte for byte, turns, calls, agreement, utilities, end reason."""

from __future__ import annotations

import asyncio
from functools import cache
from pathlib import Path

from lamen.agents.registry import make_agent
from lamen.families.negotiation.matches import CoreMatch, play_bots
from lamen.families.negotiation.scoring import transcript_of
from lamen.judge import Outcome, judge
from lamen.play import Negotiation, play
from lamen.runner.run import Runner, plan
from lamen.schedule import Match
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.spec.tournament import Tournament
from lamen.transcript import Transcript
from tests.conftest import REPO

QUICKSTART = REPO / "tournaments" / "quickstart.yaml"


@cache
def quickstart() -> tuple[Tournament, tuple[Match, ...]]:
    tournament = load_tournament(Path(QUICKSTART))
    return tournament, tuple(plan(tournament, Library.default()))


def turns(transcript) -> list[tuple]:  # type: ignore[no-untyped-def]
    return [(t.side, t.round, t.note, t.message, t.interrogation, t.note_offer, t.structured_fallback)
            for t in transcript.turns]


async def old_play_match(match: Match) -> tuple[Transcript, Outcome]:
    """A bot match as the runner played it before the core: the `Negotiation` loop, the bots
    made by `make_agent`, each sampling with the match's seed, the judge."""
    specs = (match.agent_a, match.agent_b)
    sampling = tuple(s.sampling if s.sampling.seed is not None else
                     s.sampling.model_copy(update={"seed": match.seed % 2**31}) for s in specs)
    negotiation = Negotiation(match.game, match.protocol, starts=match.starts,
                              personas=(specs[0].persona, specs[1].persona), sampling=sampling,  # type: ignore[arg-type]
                              agent_names=(specs[0].id, specs[1].id))
    agents = tuple(make_agent(spec, game=match.game, side=side, seed=match.seed) for side, spec in enumerate(specs))
    transcript = await play(negotiation, agents)  # type: ignore[arg-type]
    return transcript, judge(transcript, match.game, match.protocol)


def runner_differences(match: Match) -> list[str]:
    """What differs between the old path and the runner (now on the core) for `match`: the whole
    transcript (turns, every call's request with its meta, replies) and the whole outcome."""
    tournament, _ = quickstart()
    old_transcript, old = asyncio.run(old_play_match(match))
    runner = Runner(tournament, None, Library.default())  # type: ignore[arg-type]  # bots need no store
    new_transcript, new = asyncio.run(runner.play_match(match))
    found = []
    if new_transcript.model_dump_json() != old_transcript.model_dump_json():
        found.append("transcripts differ")
    if new.model_dump_json() != old.model_dump_json():  # type: ignore[attr-defined]
        found.append("outcomes differ")
    return found


def differences(match: Match) -> list[str]:
    """What differs between the old path and the core's scripted players for `match` (empty:
    nothing)."""
    old_transcript, old = asyncio.run(old_play_match(match))
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
