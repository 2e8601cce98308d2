"""DialOp Mediation on the core: the round-robin with addressed channels, proposals both users must
accept, the codecs' feedback and the ≤ 3 resamples, and the scripted players' pinned values on the
162 shipped games, checked between the random and the oracle bounds."""

from __future__ import annotations

import asyncio
import statistics

import pytest

from lamen.agents.base import ChatReply
from lamen.core.codec import FormatError
from lamen.core.play import EpisodeRecord, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.types import EndTurn, IllegalMove, Message, Propose, Respond
from lamen.families.mediation.instances import human_game_count, human_instance
from lamen.families.mediation.players import estimate, read_report, report_text
from lamen.families.mediation.scoring import normalised, pair_value, random_pair_mean, ranked_pairs
from tests.scripted import Scripted

FAMILY = get_family("dialop.mediation")
AGENT, USER = FAMILY.codec("assistant"), FAMILY.codec("user-0")
HUMAN = [human_instance(i) for i in range(human_game_count())]
RANDOM_EXACT = statistics.mean(random_pair_mean(g) for g in HUMAN)  # 0.59541 (test_mediation_scoring)


def seats(instance, agent: str, users: str, seed: int = 0) -> dict[str, PolicyAgent]:
    return {role: PolicyAgent(name, FAMILY.players[name].make(instance, role), FAMILY.codec(role), seed)
            for role, name in (("assistant", agent), ("user-0", users), ("user-1", users))}


def match(instance, agent: str, users: str, *, seed: int = 0, first: str | None = None) -> EpisodeRecord:
    return asyncio.run(play(FAMILY, instance, seats(instance, agent, users, seed), first=first))


def scripted(instance, agent: list[str], user0: list[str], user1: list[str]) -> tuple[EpisodeRecord, dict[str, Scripted]]:
    bots = {"assistant": Scripted(agent, "agent"), "user-0": Scripted(user0, "u0"), "user-1": Scripted(user1, "u1")}
    return asyncio.run(play(FAMILY, instance, bots)), bots


# ---- rules ------------------------------------------------------------------------------------
def test_round_robin_addressed_messages_and_a_unanimous_proposal() -> None:
    game = HUMAN[0]
    record, bots = scripted(game,
                            ["0: [message] Which meetings can you skip?", "all: [propose] user-0: flight 21, user-1: flight 25"],
                            ["[message] Friday works for me.", "[pass]", "[accept]"],
                            ["[pass]", "[pass]", "[accept]"])
    assert [c.role for c in record.calls] == ["user-0", "user-1", "assistant", "user-0", "user-1", "assistant",
                                              "user-0", "user-1"]
    assert record.end_reason == "accepted" and record.state.steps == 8
    assert record.score.team == normalised(game, pair_value(game, 21, 25)) == 0.9661016949152542  # game 0's human pair
    events = record.state.events
    to_user0 = next(e for e in events if e.role == "assistant" and e.kind == "message")
    assert to_user0.to == ("user-0",) and to_user0.visible_to == ("assistant", "user-0")
    said = next(e for e in events if e.role == "user-0" and e.kind == "message")
    assert said.to == ("assistant",) and said.visible_to == ("assistant", "user-0")
    proposal = next(e for e in events if e.kind == "propose")
    assert proposal.payload == {"user-0": 21, "user-1": 25} and proposal.visible_to == ("assistant",)
    cards = [e for e in events if e.kind == "system"]
    assert [(c.visible_to, c.payload["flight"], c.payload["total"]) for c in cards] == \
           [(("user-0",), 21, -6), (("user-1",), 25, 7)]  # the human game's recorded scorecards
    # user-1 never sees the agent's message to user-0, nor user-0's words
    u1_requests = "".join(r.messages[0].content for r in bots["user-1"].requests)
    assert "Which meetings" not in u1_requests and "Friday works" not in u1_requests
    assert "Which meetings" in bots["user-0"].requests[-1].messages[0].content


def test_a_rejection_clears_the_proposal_tells_the_other_user_and_leaves_the_rejecter_the_floor() -> None:
    game = HUMAN[0]
    record, bots = scripted(game,
                            ["all: [propose] user-0: flight 0, user-1: flight 0", "all: [propose] user-0: flight 21, user-1: flight 25"],
                            ["[pass]", "[accept]", "[accept]"],
                            ["[pass]", "[reject]", "[message] Not that one.", "[accept]"])
    assert [c.role for c in record.calls] == ["user-0", "user-1", "assistant", "user-0", "user-1", "user-1",
                                              "assistant", "user-0", "user-1"]
    off = [e for e in record.state.events if e.kind == "system" and "off" in e.text]
    assert len(off) == 1 and off[0].visible_to == ("user-0",)
    assert "That proposal is off" in bots["user-0"].requests[2].messages[0].content
    assert record.end_reason == "accepted" and record.state.proposals == 2
    assert record.state.board.last_accepted.payload == {"user-0": 21, "user-1": 25}


def test_a_user_must_answer_a_pending_proposal_before_anything_else() -> None:
    rules, game = FAMILY.rules, HUMAN[0]
    state = rules.initial(game, {"assistant": "a", "user-0": "b", "user-1": "c"}, "assistant")
    state = rules.step(game, state, "assistant", [Propose(payload={"user-0": 1, "user-1": 2}, to=("user-0", "user-1"))],
                       "all: [propose] user-0: flight 1, user-1: flight 2").state
    assert rules.legal(game, state, "user-0").kinds == {"respond"}
    with pytest.raises(IllegalMove, match="waits for your answer"):
        rules.step(game, state, "user-0", [Message(text="hm")], "[message] hm")
    with pytest.raises(IllegalMove, match="not user-1's turn"):
        rules.step(game, state, "user-1", [Respond(accept=True)], "[accept]")
    state = rules.step(game, state, "user-0", [Respond(accept=True)], "[accept]").state
    assert state.agenda.current == "user-1" and state.board.waiting_for() == ("user-1",)
    with pytest.raises(IllegalMove, match="user-1 has flights 0–"):
        rules.step(game, rules.initial(game, state.seating, "assistant"), "assistant",
                   [Propose(payload={"user-0": 1, "user-1": 99}, to=("user-0", "user-1"))], "x")


def test_the_episode_ends_after_45_moves_without_a_deal_and_scores_zero() -> None:
    record, _ = scripted(HUMAN[3], ["[pass]"] * 15, ["[pass]"] * 15, ["[pass]"] * 15)
    assert record.end_reason == "max_steps" and record.state.steps == 45
    assert record.score.team == 0.0 and record.score.agreement == "none"


# ---- codecs -----------------------------------------------------------------------------------
def legal(role: str):
    game = HUMAN[0]
    return FAMILY.rules.legal(game, FAMILY.rules.initial(game, {"assistant": "a", "user-0": "b", "user-1": "c"}, None), role)


@pytest.mark.parametrize(("reply", "actions"), [
    ("0: [message] Hello", (Message(text="Hello", to=("user-0",)),)),
    ("1:[message] Hi there", (Message(text="Hi there", to=("user-1",)),)),
    ("ALL: [message] Both of you", (Message(text="Both of you", to=("user-0", "user-1")),)),
    ("all: [propose] user-0: flight 3, user-1: flight 7", (Propose(payload={"user-0": 3, "user-1": 7}, to=("user-0", "user-1")),)),
    ("[propose] user 1: 7, user 0: id 3", (Propose(payload={"user-0": 3, "user-1": 7}, to=("user-0", "user-1")),)),
    ("[pass]", (EndTurn(),)),
])
def test_the_agent_codec_reads(reply: str, actions: tuple) -> None:
    assert tuple(AGENT.parse(ChatReply(text=reply), legal("assistant"))) == actions


@pytest.mark.parametrize(("reply", "feedback"), [
    ("Hello both", "begin your move with one tag"),
    ("[message] Hello", "say whom you write to"),
    ("0: [propose] user-0: flight 3, user-1: flight 7", "a proposal goes to both friends"),
    ("all: [propose] user-0: flight 3", "name exactly one flight for user-1"),
    ("all: [propose] user-0: flight 3, user-1: flight 70", "user-1 has flights 0–25; there is no flight 70"),
    ("[accept]", "only the travellers accept or reject"),
    ("0: [message] hi [propose] user-0: 1, user-1: 2", "exactly one move per reply"),
])
def test_the_agent_codec_explains_what_it_cannot_read(reply: str, feedback: str) -> None:
    with pytest.raises(FormatError, match=feedback):
        AGENT.parse(ChatReply(text=reply), legal("assistant"))


@pytest.mark.parametrize(("reply", "feedback"), [
    ("[propose] user-0: flight 1, user-1: flight 2", "only the agent proposes"),
    ("0: [message] hi", "you write to the agent only"),
    ("[accept] sounds good", "stands alone"),
    ("sure", "begin your move with one tag"),
])
def test_the_user_codec_explains_what_it_cannot_read(reply: str, feedback: str) -> None:
    with pytest.raises(FormatError, match=feedback):
        USER.parse(ChatReply(text=reply), legal("user-0"))


def test_three_resamples_with_feedback_then_the_episode_ends_on_format() -> None:
    record, bots = scripted(HUMAN[0], ["hello"] * 4, ["[pass]"], ["[pass]"])
    assert record.end_reason == "format" and record.score.team == 0.0
    assert [c.outcome for c in record.calls if c.role == "assistant"] == ["format_error"] * 4
    last = bots["assistant"].requests[-1].messages[0].content
    assert "Your last reply could not be used: begin your move with one tag" in last
    assert all(e.visible_to == ("assistant",) for e in record.state.events if e.kind == "format_error")


# ---- scripted players and their pinned values -------------------------------------------------
def test_report_texts_read_back_exactly() -> None:
    game = HUMAN[5]
    view = FAMILY.rules.view(game, FAMILY.rules.initial(game, {"assistant": "a", "user-0": "b", "user-1": "c"}, None),
                             "user-1").private
    meetings, prefs = read_report(report_text(view, view.calendar), 2023)
    assert meetings == {(e.start, e.end): e.importance for e in view.calendar}
    assert prefs == {"price_pref": view.price_pref, "mean_price": view.mean_price, "arrival_pref": view.arrival_pref}


def test_random_monte_carlo_through_the_play_loop_is_near_the_exact_value() -> None:
    scores = [match(HUMAN[k % 162], "random", "random", seed=k).score.team for k in range(486)]
    assert statistics.mean(scores) == pytest.approx(RANDOM_EXACT, abs=0.03)


@pytest.mark.slow
def test_random_monte_carlo_10000_matches() -> None:
    scores = [match(HUMAN[k % 162], "random", "random", seed=k).score.team for k in range(10_000)]
    assert statistics.mean(scores) == pytest.approx(RANDOM_EXACT, abs=0.01)


def test_oracle_scores_exactly_1_and_full_reports_make_shared_view_exact() -> None:
    assert {match(g, "oracle", "oracle").score.team for g in HUMAN} == {1.0}
    # Users who report every meeting, weight and normal price leave the agent nothing to guess.
    assert {match(g, "shared-view", "shared-view").score.team for g in HUMAN} == {1.0}


def test_shared_view_with_silent_users_is_pinned_at_0_9755() -> None:
    # Work meetings at importance 5.5, weights at their means, normal price = mean listed price.
    played = [match(g, "shared-view", "random") for g in HUMAN]
    assert all(r.state.proposals == 1 and r.end_reason == "accepted" for r in played)
    value = statistics.mean(r.score.team for r in played)
    assert value == pytest.approx(0.9754736481855498, abs=1e-12)
    # The same number straight from the estimate, without the play loop:
    direct = []
    for g in HUMAN:
        view = FAMILY.rules.view(g, FAMILY.rules.initial(g, {"assistant": "a", "user-0": "b", "user-1": "c"}, None),
                                 "assistant").private
        i, j = ranked_pairs(estimate(view, (), 2023))[0]
        direct.append(normalised(g, pair_value(g, i, j)))
    assert statistics.mean(direct) == value
    assert RANDOM_EXACT < value < 1.0


def test_threshold_users_are_pinned() -> None:
    with_agent = [match(g, "shared-view", "threshold") for g in HUMAN]
    with_oracle = [match(g, "oracle", "threshold") for g in HUMAN]
    assert statistics.mean(r.score.team for r in with_agent) == pytest.approx(0.9618795540770704, abs=1e-12)
    assert statistics.mean(r.score.team for r in with_oracle) == pytest.approx(0.9810097178791841, abs=1e-12)
    # Three games never reach a pair both thresholds pass within 45 moves (score 0).
    assert sum(r.end_reason == "max_steps" for r in with_agent) == sum(r.end_reason == "max_steps" for r in with_oracle) == 3
    assert all(RANDOM_EXACT < statistics.mean(r.score.team for r in rs) < 1.0 for rs in (with_agent, with_oracle))
    # A rejecting user tells the agent what the rejected flight ran into.
    rejected = next(r for r in with_agent if r.state.proposals > 1)
    assert any(e.kind == "message" and e.role in ("user-0", "user-1") and "What I can tell you" in e.text
               for e in rejected.state.events)


def test_the_first_mover_does_not_change_the_pinned_values() -> None:
    for first in ("user-1", "assistant"):
        assert statistics.mean(match(g, "shared-view", "random", first=first).score.team for g in HUMAN) == \
               pytest.approx(0.9754736481855498, abs=1e-12)
