"""The scripted hubs on the whole shipped dev split (852 items, colleagues playing table-dump)
reproduce PeopleJoin's reference figures (FAMILIES.md §5) — each episode played through the
family's rules and codec, as a model's would be."""

from __future__ import annotations

import asyncio
import statistics
from functools import cache

from lamen.core.play import EpisodeRecord, play
from lamen.core.players import PolicyAgent
from lamen.families.peoplejoin import FAMILY
from lamen.families.peoplejoin.instances import HUB, PeopleJoinConfig, PeopleJoinInstance, instance_for
from lamen.families.peoplejoin.players import oracle_rows
from lamen.families.peoplejoin.questions import dev_items
from lamen.families.peoplejoin.sql import same_result


def seats(instance: PeopleJoinInstance, hub: str, colleagues: str = "table-dump") -> dict[str, PolicyAgent]:
    names = {role: hub if role == HUB else colleagues for role in instance.roles()}
    return {role: PolicyAgent(name, FAMILY.players[name].make(instance, role), FAMILY.codec(role))
            for role, name in names.items()}


@cache
def dev_split(hub: str) -> tuple[tuple[PeopleJoinInstance, EpisodeRecord], ...]:
    async def all_items() -> list[tuple[PeopleJoinInstance, EpisodeRecord]]:
        played = []
        for item in dev_items():
            instance = instance_for(item, PeopleJoinConfig())
            played.append((instance, await play(FAMILY, instance, seats(instance, hub))))
        return played

    return tuple(asyncio.run(all_items()))


def mean(hub: str, metric: str) -> float:
    return statistics.mean(r.score.metrics[metric] for _, r in dev_split(hub) if metric in r.score.metrics)


def test_ask_everyone_p_prec_0_374_p_rec_1_and_4_93_people() -> None:
    assert all(r.end_reason == "session_completed" for _, r in dev_split("ask-everyone"))
    assert round(mean("ask-everyone", "p_prec"), 3) == 0.374
    assert mean("ask-everyone", "p_rec") == 1.0
    assert round(mean("ask-everyone", "people"), 2) == 4.93
    # One hub turn per incoming message: the question, each colleague's reply, the user's thanks.
    assert all(r.score.metrics["hub_events"] == r.score.metrics["people"] + 2 for _, r in dev_split("ask-everyone"))


def test_message_counts_follow_the_papers_rule_every_message_of_the_session() -> None:
    """The question, the hub's messages and every reply (the user's thanks included); the
    colleague counts: the hub's messages to colleagues and their replies only."""
    for hub in ("ask-everyone", "message-none", "sql-oracle"):
        for _, record in dev_split(hub):
            metrics = record.score.metrics
            assert metrics["msg_cnt"] == 3 + 2 * metrics["people"], hub
            assert metrics["msg_cnt_colleagues"] == 2 * metrics["people"], hub
    assert round(mean("ask-everyone", "msg_cnt"), 3) == 12.859
    assert round(mean("sql-oracle", "msg_cnt"), 3) == 6.089
    assert mean("message-none", "msg_cnt") == 3.0 and mean("message-none", "msg_cnt_colleagues") == 0.0


def test_message_none_p_rec_0_194_and_no_precision() -> None:
    played = dev_split("message-none")
    assert round(mean("message-none", "p_rec"), 3) == 0.194
    assert not any("p_prec" in r.score.metrics for _, r in played)  # nobody contacted: N/A
    assert mean("message-none", "people") == 0.0
    # It says "cannot be answered" every time: right exactly on the 72 unanswerable items.
    assert sum(r.score.metrics["match"] == 100 for _, r in played) == 72


def test_sql_oracle_reproduces_538_of_780_gold_results_asking_exactly_the_gold_people() -> None:
    played = dev_split("sql-oracle")
    assert all(r.score.metrics["p_rec"] == 1.0 and r.score.metrics.get("p_prec", 1.0) == 1.0 for _, r in played)
    assert round(mean("sql-oracle", "people"), 3) == 1.545
    answerable = [(i, r) for i, r in played if not i.item.unanswerable]
    reproduced = [i for i, r in answerable
                  if (rows := oracle_rows(i, r.state.visible(HUB))) is not None
                  and same_result(rows, i.item.gold_rows())]
    assert (len(reproduced), len(answerable)) == (538, 780)
    # Match reads the rows it wrote: full marks wherever the result was reproduced, and on the
    # 72 unanswerable items it declares.
    full = {i.item.datum_id for i, r in played if r.score.metrics["match"] == 100}
    assert {i.item.datum_id for i in reproduced} <= full
    assert sum(i.item.unanswerable for i, r in played if i.item.datum_id in full) == 72
