"""The one play loop on the toy three-seat family: round-robin turns, agent failures end the
episode as errored (no score, never a loss), and the skip-turn feedback policy."""

from __future__ import annotations

import asyncio
import dataclasses

from lamen.agents.base import AgentError
from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits
from lamen.core.play import SeatSampling, play
from lamen.core.players import PolicyAgent
from tests.scripted import Scripted
from tests.toy_family import FAMILY, ROLES

INSTANCE = FAMILY.instances(FAMILY.config(), 3)  # secrets (3, 9, 8)


def tellers() -> dict[str, PolicyAgent]:
    return {r: PolicyAgent("teller", FAMILY.players["teller"].make(INSTANCE, r), FAMILY.codec(r)) for r in ROLES}


def replies(*answers: str | Exception) -> Scripted:
    return Scripted(answers, name="replies")


def test_round_robin_with_a_first_mover_and_sampling_passed_to_each_seat() -> None:
    record = asyncio.run(play(FAMILY, INSTANCE, tellers(), first="scout-1",
                              sampling={"scout-2": SeatSampling(temperature=0.7, seed=11)}))
    assert [(e.role, e.text) for e in record.state.events] == [
        ("scout-1", "[say] my digit is 9"), ("scout-2", "[say] my digit is 8"), ("scout-0", "[total] 20"),
        (None, "submitted")]
    assert record.score.team == 1.0 and INSTANCE.secrets == (3, 9, 8)
    assert [(c.request.temperature, c.request.seed) for c in record.calls] == [(0.0, None), (0.7, 11), (0.0, None)]
    assert [c.request.meta["observation"].budget["steps_left"] for c in record.calls] == [9, 8, 7]


def test_an_agent_failure_errors_the_episode_without_a_score() -> None:
    seats = {**tellers(), "scout-1": replies(AgentError("rate limited for good", retryable=True, exhausted=True))}
    record = asyncio.run(play(FAMILY, INSTANCE, seats))
    assert record.end_reason == "error" and record.score is None
    assert record.state.events[-1].text == "scout-1 (replies): rate limited for good"
    assert record.calls[-1].outcome == "error"


def test_a_crashing_agent_is_recorded_too() -> None:
    seats = {**tellers(), "scout-0": replies(ZeroDivisionError("bug"))}
    record = asyncio.run(play(FAMILY, INSTANCE, seats))
    assert (record.end_reason, record.state.events[-1].text) == ("error", "scout-0 (replies): ZeroDivisionError: bug")


def test_skip_turn_policy_passes_the_floor_after_the_retries() -> None:
    family = dataclasses.replace(FAMILY, feedback=FeedbackPolicy(retries_per_request=1, on_exhausted="skip_turn"))
    seats = {**tellers(), "scout-0": replies("??", "still ??", "[say] my digit is 3", "[total] 20")}
    record = asyncio.run(play(family, INSTANCE, seats))
    assert [c.outcome for c in record.calls[:2]] == ["format_error", "format_error"]
    assert "write [say] <text> or [total] <number>" in seats["scout-0"].requests[1].messages[0].content
    assert record.calls[2].role == "scout-1" and record.state.agenda.turns["scout-0"] >= 1
    assert record.end_reason == "submitted" and record.score.team == 1.0


def test_errors_per_episode_end_the_session() -> None:
    family = dataclasses.replace(FAMILY, feedback=FeedbackPolicy(retries_per_request=5, errors_per_episode=2))
    record = asyncio.run(play(family, INSTANCE, {**tellers(), "scout-0": replies("?", "?")}))
    assert record.end_reason == "format" and len(record.calls) == 2


def test_max_steps_ends_an_endless_chat() -> None:
    chatty = {r: replies(*["[say] hello"] * 9) for r in ROLES}
    record = asyncio.run(play(FAMILY, INSTANCE, chatty))
    assert record.end_reason == "max_steps" and record.state.steps == 9 and record.score.team == 0.0


def test_a_per_role_turn_cap_ends_the_episode_as_a_timeout() -> None:
    chatty = {r: replies(*["[say] hello"] * 9) for r in ROLES}
    record = asyncio.run(play(FAMILY, INSTANCE, chatty, limits=EpisodeLimits(max_steps=30, max_turns_per_role=2)))
    assert (record.end_reason, record.state.steps, record.state.agenda.turns) == (
        "max_turns", 6, {"scout-0": 2, "scout-1": 2, "scout-2": 2})
