"""How often the optional LLM judge for PeopleJoin-QA's Match agrees with the deterministic Match:
plays the scripted hubs on dev items (colleagues playing table-dump), has the judge grade each
session's final answer, and prints JSON per hub and over all sessions: sessions, graded, share of
equal grades, Cohen's κ, the confusion counts "deterministic→judge", calls made and their cost
(and the run's total calls and cost).

    python bench/peoplejoin_match_judge.py --judge openai:gpt-4o-mini [--hubs sql-oracle,ask-everyone]
        [--items 100]

`--judge` is any lamen agent (`provider:model`, or `mock:pkg.module:function` offline); a key is
read from the environment as for any seat. The judge's answers are cached by request within a run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence

from lamen.agents.base import AgentError
from lamen.agents.registry import make_agent
from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.families.peoplejoin import FAMILY
from lamen.families.peoplejoin.instances import HUB, PeopleJoinConfig, instance_for
from lamen.families.peoplejoin.match_judge import MatchJudge, agreement
from lamen.families.peoplejoin.questions import Item, dev_items
from lamen.families.peoplejoin.rules import final_answer
from lamen.spec.agent import AgentSpec

HUBS = ("sql-oracle", "ask-everyone", "message-none")

Session = tuple[Item, str | None, int]


async def scripted_sessions(hub: str, items: Sequence[Item]) -> list[Session]:
    """(item, the hub's final answer, deterministic Match) of each scripted session."""
    sessions: list[Session] = []
    for item in items:
        instance = instance_for(item, PeopleJoinConfig())
        seats = {role: PolicyAgent(name, FAMILY.players[name].make(instance, role), FAMILY.codec(role))
                 for role in instance.roles() for name in [hub if role == HUB else "table-dump"]}
        record = await play(FAMILY, instance, seats)
        sessions.append((item, final_answer(record.state), int(record.score.metrics["match"])))
    return sessions


async def measure(judge: MatchJudge, hubs: Sequence[str], items: Sequence[Item]) -> dict[str, object]:
    everything: list[Session] = []
    out: dict[str, object] = {"judge": judge.agent.name, "items": len(items)}
    for hub in hubs:
        sessions = await scripted_sessions(hub, items)
        everything += sessions
        out[hub] = (await agreement(judge, sessions)).as_dict()
    out["all"] = (await agreement(judge, everything)).as_dict()  # answered from the cache: no new calls
    out["total_calls"], out["total_cost_usd"] = judge.paid_calls, round(judge.cost_usd, 6)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", required=True, help="the judging agent, e.g. openai:gpt-4o-mini")
    parser.add_argument("--hubs", default=",".join(HUBS), help=f"scripted hubs, comma-separated ({', '.join(HUBS)})")
    parser.add_argument("--items", type=int, default=None, help="the first N dev items (default: all 852)")
    args = parser.parse_args(argv)
    hubs = [h.strip() for h in args.hubs.split(",") if h.strip()]
    unknown = [h for h in hubs if h not in HUBS]
    if unknown or not hubs:
        parser.error(f"--hubs: {', '.join(unknown) or 'none given'}: the scripted hubs are {', '.join(HUBS)}")
    if args.items is not None and args.items < 1:
        parser.error("--items: give a positive number of items")
    try:
        spec = AgentSpec.model_validate(args.judge)
        judge = MatchJudge(make_agent(spec, game=None, side=0))
        result = asyncio.run(measure(judge, hubs, dev_items()[:args.items]))
    except AgentError as err:
        print(f"bench/peoplejoin_match_judge.py: --judge {args.judge}: {err}", file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"bench/peoplejoin_match_judge.py: --judge {args.judge}: {str(err).splitlines()[0]}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
