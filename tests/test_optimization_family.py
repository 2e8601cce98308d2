"""DialOp Optimization on the core: the shipped human games, the published baselines reproduced
through the play loop, the codec's feedback, the ≤ 3 resamples, and the seeded generator."""

from __future__ import annotations

import asyncio
import json
import statistics
from importlib.resources import files

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lamen.agents.base import ChatReply
from lamen.core.codec import FormatError
from lamen.core.play import EpisodeRecord, play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.types import Message, Propose, Respond
from lamen.families.optimization.instances import (OptimizationConfig, generate, human_game_count, human_instance,
                                                   passes_ratio_rule)
from tests.scripted import Scripted

FAMILY = get_family("dialop.optimization")
CODEC = FAMILY.codec("player-0")
HUMAN = [human_instance(i) for i in range(human_game_count())]


def seat(instance, player: str, role: str, seed: int = 0) -> PolicyAgent:
    return PolicyAgent(player, FAMILY.players[player].make(instance, role), CODEC, seed)


def match(instance, a: str, b: str, *, first: str = "player-0", seed: int = 0) -> EpisodeRecord:
    seats = {"player-0": seat(instance, a, "player-0", seed), "player-1": seat(instance, b, "player-1", seed)}
    return asyncio.run(play(FAMILY, instance, seats, first=first))


def test_the_134_shipped_games_load_with_their_recorded_optimum() -> None:
    raw = [json.loads(line) for line in
           files("lamen.families.optimization").joinpath("data/optimization.jsonl").read_text().splitlines()]
    assert len(HUMAN) == len(raw) == 134
    assert [g.optimum() for g in HUMAN] == [g["best_assignment_reward"] for g in raw]
    assert len({g.content_id() for g in HUMAN}) == 134
    with pytest.raises(ValueError, match="134 human games: seed 134 is out of range 0–133"):
        human_instance(134)


def test_random_baseline_analytic_is_0_6103() -> None:
    # A uniformly random matching uses each cell with probability 1/k: E = Σ table / k / optimum.
    analytic = statistics.mean(sum(map(sum, g.table)) / g.k / g.optimum() for g in HUMAN)
    assert round(analytic, 4) == 0.6103
    assert analytic == pytest.approx(0.6103032201737978, abs=1e-12)


@pytest.mark.slow
def test_random_baseline_monte_carlo_10000_seeds() -> None:
    scores = [match(HUMAN[s % 134], "random", "random", seed=s).score.team for s in range(10_000)]
    assert statistics.mean(scores) == pytest.approx(0.6103, abs=0.005)  # measured 0.61105


def test_random_baseline_monte_carlo_quick() -> None:
    scores = [match(HUMAN[s % 134], "random", "random", seed=s).score.team for s in range(1_340)]
    assert statistics.mean(scores) == pytest.approx(0.6103, abs=0.01)


def test_own_view_baseline_is_0_774_over_the_268_player_views() -> None:
    # Each co-chair proposes its own sheet's best matching once, to a partner who accepts.
    scores = [match(g, "own-view", "accept-all").score.team for g in HUMAN]
    scores += [match(g, "accept-all", "own-view", first="player-1").score.team for g in HUMAN]
    assert len(scores) == 268
    assert round(statistics.mean(scores), 3) == 0.774
    assert statistics.mean(scores) == pytest.approx(0.7737664383521143, abs=1e-12)


def test_oracle_scores_exactly_1_and_share_all_self_play_at_least_0_99_on_every_game() -> None:
    for first in ("player-0", "player-1"):
        assert {match(g, "oracle", "oracle", first=first).score.team for g in HUMAN} == {1.0}
        share_all = [match(g, "share-all", "share-all", first=first).score.team for g in HUMAN]
        assert min(share_all) >= 0.99  # measured: 1.0 on every game
    assert FAMILY.players["oracle"].cheat and not any(p.cheat for n, p in FAMILY.players.items() if n != "oracle")


def test_no_deal_scores_zero_and_the_metrics_name_the_optimum() -> None:
    record = match(HUMAN[0], "accept-all", "accept-all")
    assert record.end_reason == "max_steps" and record.state.steps == 30
    assert record.score.team == 0.0 and record.score.agreement == "none"
    deal = match(HUMAN[0], "oracle", "accept-all").score
    assert (deal.team, deal.agreement, deal.metrics["value"], deal.metrics["optimum"]) == (1.0, "hard", 599.0, 599.0)


@pytest.mark.parametrize("text, feedback", [
    ("Hello there", "begin your reply with one tag"),
    ("[message] hi\n[propose]\n- Sparse Attention: Chen Wei", "exactly one move per reply"),
    ("[message]   ", "needs some text"),
    ("[reject] too weak", "stands alone"),
    ("[propose]\n- Sparse Attention: Chen Wei", "no reviewer for Graph Kernels"),
    ("[propose]\n- Sparse Attention: Nobody", "does not name a paper and a reviewer"),
])
def test_unreadable_replies_get_feedback(text: str, feedback: str) -> None:
    legal = FAMILY.rules.legal(HUMAN[0], FAMILY.rules.initial(HUMAN[0], {"player-0": "a", "player-1": "b"}, None),
                               "player-0")
    with pytest.raises(FormatError, match=feedback):
        CODEC.parse(ChatReply(text=text), legal)


def test_a_proposal_is_read_in_any_order_and_case_and_rendered_canonically() -> None:
    state = FAMILY.rules.initial(HUMAN[0], {"player-0": "a", "player-1": "b"}, None)
    legal = FAMILY.rules.legal(HUMAN[0], state, "player-0")
    papers, reviewers = HUMAN[0].papers, HUMAN[0].reviewers
    lines = [f"* {papers[p].upper()} :  {reviewers[(p + 3) % 8].lower()}" for p in reversed(range(8))]
    (action,) = CODEC.parse(ChatReply(text="[PROPOSE]\n" + "\n".join(lines)), legal)
    assert action == Propose(payload=[(r - 3) % 8 for r in range(8)])
    assert CODEC.render([action]).splitlines()[1] == f"- {papers[0]}: {reviewers[3]}"
    assert CODEC.render([Respond(accept=False)]) == "[reject]" and CODEC.render([Message(text="hi")]) == "[message] hi"


def test_three_resamples_then_the_episode_ends_as_a_format_failure() -> None:
    writer = Scripted(["no tag"] * 4)
    record = asyncio.run(play(FAMILY, HUMAN[0], {"player-0": writer, "player-1": seat(HUMAN[0], "random", "player-1")}))
    assert len(writer.requests) == 4 and record.end_reason == "format" and record.score.team == 0.0
    assert "Your last reply could not be used: begin your reply" in writer.requests[1].messages[0].content
    assert [e.kind for e in record.state.events] == ["format_error"] * 4 + ["end"]
    assert all(e.visible_to == ("player-0",) for e in record.state.events[:4])


def test_an_illegal_move_is_fed_back_and_the_partner_never_sees_the_slip() -> None:
    writer = Scripted(["[accept]", "[message] sorry, nothing to accept yet", "[accept]"])
    partner = seat(HUMAN[0], "random", "player-1")
    record = asyncio.run(play(FAMILY, HUMAN[0], {"player-0": writer, "player-1": partner}))
    assert [c.outcome for c in record.calls] == ["illegal_move", "ok", "ok", "ok"]
    assert "there is no proposal to accept" in writer.requests[1].messages[0].content
    assert record.end_reason == "accepted"  # random proposed at move 1, the writer accepted at move 2
    partner_request = record.calls[2].request
    assert "[accept]" not in partner_request.messages[0].content.split("so far:")[1]


def test_a_message_while_a_proposal_waits_is_illegal() -> None:
    writer = Scripted(["[message] hmm"] * 4)
    record = asyncio.run(play(FAMILY, HUMAN[0], {"player-0": seat(HUMAN[0], "random", "player-0"),
                                                 "player-1": writer}))
    assert record.end_reason == "format" and [c.outcome for c in record.calls][1:] == ["illegal_move"] * 4
    assert "waits for your answer" in record.calls[1].feedback


def test_generated_instances_are_seeded_and_pass_the_ratio_rule() -> None:
    config = OptimizationConfig(source="generated")
    games = [generate(config, seed) for seed in range(12)]
    assert generate(config, 3) == games[3] and len({g.content_id() for g in games}) == 12
    for g in games:
        assert passes_ratio_rule(np.array(g.table), np.array(g.masks), g.scales, 1.25)
        hidden = ~np.array(g.masks[0]) & ~np.array(g.masks[1])
        assert set(np.array(g.table)[hidden].tolist()) <= {50} and all(1 <= s <= 10 for s in g.scales)


@pytest.mark.slow
def test_1000_generated_instances_statistics() -> None:
    config = OptimizationConfig(source="generated")
    games = [generate(config, seed) for seed in range(1000)]
    assert all(passes_ratio_rule(np.array(g.table), np.array(g.masks), g.scales, 1.25) for g in games)
    # Cells are drawn seen with p = 0.4, but the 1.25 rule keeps games where each player sees less:
    # the kept games have 0.3839 seen, as the 134 human games do (0.3833), not 0.40.
    share = statistics.mean(float(np.mean(m)) for g in games for m in g.masks)
    human_share = statistics.mean(float(np.mean(m)) for g in HUMAN for m in g.masks)
    assert (share, round(human_share, 4)) == (pytest.approx(0.383859375, abs=1e-12), 0.3833)
    assert abs(share - human_share) <= 0.01
    random_mean = [sum(map(sum, g.table)) / g.k / g.optimum() for g in games]
    se = statistics.stdev(random_mean) / len(random_mean) ** 0.5
    assert abs(statistics.mean(random_mean) - 0.610) <= 2 * se


def test_a_seat_sees_its_own_sheet_but_never_a_factor() -> None:
    # The factors are what make the numbers incomparable: no request may state one.
    record = match(HUMAN[0], "own-view", "accept-all")
    player_0 = record.calls[0].request
    assert "Amara Okafor,-,321,-,-,-,123,189,264" in player_0.system
    for call in record.calls:
        text = call.request.system + call.request.messages[0].content
        assert not any(f"{s:.3f}"[:4] in text for s in HUMAN[0].scales), call.role


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(8)), st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1)
       .filter(lambda t: t.strip() == t and "[" not in t), st.booleans())
def test_parse_of_render_on_random_moves(matching: list[int], text: str, accept: bool) -> None:
    legal = FAMILY.rules.legal(HUMAN[0], FAMILY.rules.initial(HUMAN[0], {"player-0": "a", "player-1": "b"}, None),
                               "player-0")
    for action in (Propose(payload=list(matching)), Message(text=text), Respond(accept=accept)):
        assert tuple(CODEC.parse(ChatReply(text=CODEC.render([action])), legal)) == (action,)


def test_the_human_final_proposals_score_as_recorded_mean_0_921() -> None:
    # Each shipped game ends with a proposal (pairs of table row, column) that the partner accepted;
    # replayed through the codec and rules, our score equals the recorded normalised reward.
    raw = [json.loads(line) for line in
           files("lamen.families.optimization").joinpath("data/optimization.jsonl").read_text().splitlines()]
    scores = []
    for game, recorded in zip(HUMAN, raw):
        last = [a for a in recorded["action_log"] if a["type"] == "proposal"][-1]
        matching = [0] * game.k
        for row, column in last["proposal_ids"]:
            matching[row] = column
        proposer, partner = f"player-{last['player']}", f"player-{1 - last['player']}"
        seats = {proposer: Scripted([CODEC.render([Propose(payload=matching)])]), partner: Scripted(["[accept]"])}
        record = asyncio.run(play(FAMILY, game, seats, first=proposer))
        assert record.score.team == pytest.approx(recorded["result"]["norm"], abs=1e-12)
        assert record.score.metrics["value"] == recorded["result"]["score"]
        scores.append(record.score.team)
    assert round(statistics.mean(scores), 3) == 0.921


def test_128_of_the_134_human_games_pass_the_ratio_rule_as_we_read_it() -> None:
    # The paper's rule, as implemented by the generator, holds on 128 shipped games; the other 6
    # (own-view ratios 1.00–1.25) show the upstream generator differed in some detail we cannot see.
    passing = [passes_ratio_rule(np.array(g.table), np.array(g.masks), g.scales, 1.25) for g in HUMAN]
    assert sum(passing) == 128
