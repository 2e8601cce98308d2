"""Playing a tournament of `design: adaptive` (issue 20): qualifier and self-play in full, then
cross-play in rounds of debiasing blocks chosen by `lamen.adaptive` from the headline rating of
the blocks played so far, until every neighbour is separated or the block budget is spent.

Resuming needs no record of the rounds: round r's choice is a function of the tournament's seed
and the outcomes of the blocks of rounds < r only, so every run replays the choices from round 0
against the stored outcomes, plays nothing for rounds already finished, and continues where the
last run stopped — the same blocks an uninterrupted run plays. A round that does not finish (an
errored match, the money budget) ends the run; the next run plays the rest of that round first.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

import pandas as pd

from lamen.adaptive import AdaptiveSettings, Block, next_round
from lamen.core.seats import seat_plan
from lamen.ratings.ranking import ScheduledRanking, partner_ranking, role_ranking, utility_ranking
from lamen.ratings.team_table import role_table, team_table
from lamen.schedule import Match
from lamen.spec.tournament import Tournament
from lamen.store.tables import match_table
from lamen.store.versions import Planned

if TYPE_CHECKING:
    from lamen.core.family import Family
    from lamen.runner.run import Runner, RunState


def settings_of(tournament: Tournament, blocks: int) -> AdaptiveSettings:
    """The spec's `adaptive:` with its defaults: budget all `blocks`, a round per agent's worth."""
    spec = tournament.adaptive
    budget = spec.blocks if spec is not None and spec.blocks is not None else blocks
    round_blocks = spec.round_blocks if spec is not None and spec.round_blocks is not None else len(tournament.agents)
    return AdaptiveSettings(stop_when=spec.stop_when if spec is not None else "separated", blocks=min(budget, blocks),
                            round_blocks=round_blocks, floor=spec.floor if spec is not None else 0.2)


def rank(frame: pd.DataFrame, family: Family) -> ScheduledRanking | None:
    """The headline rating of `frame` (the store's table, finished rows rated) by the family's
    relation; None while it cannot be fitted (nothing finished, one agent, every score alike)."""
    finished = frame[frame["status"] == "finished"]
    if finished.empty:
        return None
    try:
        if str(family.relation) != "common-payoff":
            cross = finished[(finished["stage"] == "cross")]
            return utility_ranking(cross) if not cross.empty else None
        plan = seat_plan(family)
        assert plan is not None  # the runner plays only families with a seat plan
        if plan.interchangeable:
            return partner_ranking(team_table(finished), finished)
        return role_ranking(role_table(finished, dict(zip(plan.roles, plan.sides))), plan.rated_roles(),
                            dict(zip(plan.roles, plan.sides)), finished)
    except (ValueError, RuntimeError, KeyError):  # too little data to fit yet: the warm-up decides
        return None


def cross_blocks(matches: list[Match]) -> OrderedDict[str, list[Match]]:
    """The cross-play matches by debiasing block, in schedule order: what an adaptive run chooses among."""
    blocks: OrderedDict[str, list[Match]] = OrderedDict()
    for m in matches:
        if m.stage == "cross":
            blocks.setdefault(m.block, []).append(m)
    return blocks


async def play_adaptive(runner: Runner, matches: list[Match], planned: list[Planned]) -> RunState:
    """Play `matches` (the full schedule) adaptively into the runner's store (see the module doc)."""
    from lamen.runner.run import record_of

    tournament, store, state = runner.tournament, runner.store, runner.state
    position = {m.id: k for k, m in enumerate(matches)}
    version = {m.id: p for m, p in zip(matches, planned)}

    def plan(some: list[Match]) -> None:
        store.plan(tournament.name, [(record_of(m, position[m.id], version[m.id].fingerprint), m.canonical())
                                     for m in some])

    fixed = [m for m in matches if m.stage != "cross"]
    blocks = cross_blocks(matches)
    plan(fixed)
    statuses = store.statuses(tournament.name)
    state.done = sum(1 for m in fixed if statuses.get(m.id) == "finished")
    summary = store.summary(tournament.name)
    state.agreements, state.spend_usd = summary["agreements"], summary["spend_usd"]
    state.total = state.done  # each round adds what it plays
    runner.listener(state, None)
    if not await _play_round(runner, [m for m in fixed if m.stage == "qualifier"]):
        return state
    if tournament.qualifier is not None:
        for agent_id, reason in runner.qualifier_failures().items():
            state.disabled.setdefault(agent_id, reason)
            state.messages.append(f"{agent_id} did not qualify: {reason}")
    if not await _play_round(runner, [m for m in fixed if m.stage == "self" and m.agent_a.id not in state.disabled]):
        return state
    settings = settings_of(tournament, len(blocks))
    agents = [a.id for a in tournament.agents if a.id not in state.disabled]
    chosen: list[str] = []
    round_index = 0
    while True:
        frame = match_table(store, tournament.name)
        frame = frame[(frame["stage"] != "cross") | frame["block"].isin(set(chosen))]
        scheduled = rank(frame, runner.family)
        taken = set(chosen)
        unplayed = [Block(key, group[0].agent_a.id, group[0].agent_b.id, group[0].game.name) for key, group in blocks.items()
                    if key not in taken and group[0].agent_a.id in agents and group[0].agent_b.id in agents]
        choice = next_round(unplayed, agents, scheduled.ranking if scheduled else None,
                            lambda block: scheduled.candidate(block.key, block.agent_a, block.agent_b, block.instance),  # type: ignore[union-attr]
                            len(chosen), round_index, settings, tournament.seed)
        if choice is None:
            break
        round_matches = [m for key in choice.blocks for m in blocks[key]]
        plan(round_matches)
        if not await _play_round(runner, round_matches):
            return state
        chosen += choice.blocks
        round_index += 1
    state.messages.append(f"adaptive design: {len(chosen)} of {len(blocks)} cross-play blocks played in "
                          f"{round_index} rounds" + (" (every neighbour separated)" if scheduled is not None and
                                                     scheduled.ranking.separated() else ""))
    return state


async def _play_round(runner: Runner, matches: list[Match]) -> bool:
    """Play what of `matches` is not finished; whether all of them are finished now."""
    statuses = runner.store.statuses(runner.tournament.name)
    todo = [m for m in matches if statuses.get(m.id) != "finished"]
    runner.state.total += len(todo)
    await runner.play_matches(todo)
    statuses = runner.store.statuses(runner.tournament.name)
    return all(statuses.get(m.id) == "finished" for m in matches)
