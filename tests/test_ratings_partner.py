"""Partner ratings for common-payoff games (issue 16 point 4): the fractional logit
E[s] = σ(μ_x + a_i + a_j) recovers known strengths with calibrated instance-clustered intervals,
equals its closed form where one exists, counts self-play twice, is invariant to row order and
agent names, says so when the data cannot rate, and orders the scripted Optimization players."""

from __future__ import annotations

import asyncio
import itertools
import math

import numpy as np
import pandas as pd
import pytest
from scipy import special, stats

from lamen.ratings import fit_bradley_terry, simulate_matches
from lamen.ratings.bradley_terry import ELO_PER_LOGIT
from lamen.ratings.bt_design import design_of
from lamen.ratings.design import DesignRows, cluster_sandwich, fit_rows
from lamen.ratings.matches import rated_matches
from lamen.ratings.partner import rate_partners
from lamen.ratings.partner_simulate import simulate_team_matches

# The issue's recovery setting: 8 agents 0.3 logit apart (mean zero), 20 instances, every pair
# plus self-play on each (36 teams × 20 = 720 matches), s ~ Beta(4m, 4(1 − m)) with
# m = σ(μ_x + a_i + a_j) and μ_x ~ N(0, 0.5²): the marginal model is exactly right.
TRUE = {f"agent{k}": 0.3 * k - 1.05 for k in range(8)}


def recovery(seeds: range) -> tuple[int, int, int]:
    """(fits with Kendall τ ≥ 0.95, intervals covering the truth, intervals) over the seeds."""
    good = covered = 0
    for seed in seeds:
        fit = rate_partners(simulate_team_matches(TRUE, instances=20, seed=seed), replicates=0)
        estimate = [fit.rating(agent).strength for agent in TRUE]
        good += stats.kendalltau(estimate, list(TRUE.values())).statistic >= 0.95
        covered += sum(fit.rating(a).strength_low <= truth <= fit.rating(a).strength_high for a, truth in TRUE.items())
    return good, covered, len(seeds) * len(TRUE)


def test_recovery_quick() -> None:
    good, covered, total = recovery(range(25))
    # Measured on these 25 seeds: every fit ranks with τ ≥ 0.95, 186 of 200 intervals cover (0.93).
    assert (good, covered) == (25, 186)
    assert good / 25 >= 0.9 and 0.88 <= covered / total <= 0.99


@pytest.mark.slow
def test_recovery_issue_acceptance() -> None:
    good, covered, total = recovery(range(200))
    # The issue: P(τ ≥ 0.95) ≥ 0.95 and coverage 0.90–0.98. Measured: 198 of 200 fits (0.99),
    # 1,495 of 1,600 intervals (0.934).
    assert good / 200 >= 0.95 and 0.90 <= covered / total <= 0.98
    assert (good, covered) == (198, 1495)


@pytest.mark.slow
def test_bootstrap_rank_intervals_cover_the_true_ranks() -> None:
    covered = widths = 0
    for seed in range(40):
        fit = rate_partners(simulate_team_matches(TRUE, instances=20, seed=seed), replicates=500, seed=seed)
        for k, agent in enumerate(TRUE):
            rating = fit.rating(agent)
            covered += rating.rank_low <= len(TRUE) - k <= rating.rank_high
            widths += rating.rank_high - rating.rank_low
    # Measured: all 320 rank intervals hold the true rank; they span 0.24 ranks on average.
    assert covered / 320 >= 0.95 and (covered, widths) == (320, 78)


def closed_form_table(instances: int = 6) -> pd.DataFrame:
    """Two agents, μ_x = 0.2 + x/10, a = (+0.5, −0.5): on each instance each team plays twice,
    scoring its model mean ± 0.05. Every cell mean is then exactly σ(μ_x + a_i + a_j), which the
    model reproduces, so that is the maximum-likelihood fit."""
    rows = []
    for x in range(instances):
        level = 0.2 + x / 10
        for (i, j), logit in ((("ann", "ann"), level + 1.0), (("ann", "bob"), level), (("bob", "bob"), level - 1.0)):
            for noise in (-0.05, 0.05):
                rows.append({"instance": f"x{x}", "game": "g", "agent_i": i, "agent_j": j,
                             "score": special.expit(logit) + noise})
    return pd.DataFrame(rows)


def test_closed_form_and_self_play_counted_twice() -> None:
    """Self-play contributes 2a: ann–ann sits 2 logits above bob–bob with a = ±0.5. Counting it
    once would give a = ±1.0."""
    fit = rate_partners(closed_form_table(), l2=0, replicates=200)
    ann, bob = fit.rating("ann"), fit.rating("bob")
    assert ann.strength == pytest.approx(0.5, abs=1e-9) and bob.strength == pytest.approx(-0.5, abs=1e-9)
    assert ann.points == pytest.approx(1000 + ELO_PER_LOGIT * 0.5, abs=1e-6)
    assert fit.difficulty == "instance"
    mean_level = np.mean([0.2 + x / 10 for x in range(6)])
    assert fit.mean_level == pytest.approx(mean_level, abs=1e-9)
    assert ann.team_score == pytest.approx(special.expit(mean_level + 0.5), abs=1e-9)
    self_play = np.mean([special.expit(0.2 + x / 10 + 1.0) for x in range(6)])
    cross_play = np.mean([special.expit(0.2 + x / 10) for x in range(6)])
    assert ann.self_play == pytest.approx(self_play, abs=1e-12)
    assert ann.cross_play == bob.cross_play == pytest.approx(cross_play, abs=1e-12)
    assert ann.gap == pytest.approx(cross_play - self_play, abs=1e-12)
    # Every instance is fitted exactly (the ± 0.05 cancel within the instance), so the
    # instance-clustered sandwich is zero: "–", not an interval of no width. The raw means vary
    # between instances and have intervals.
    assert math.isnan(ann.strength_low) and math.isnan(ann.team_score_high) and math.isnan(ann.strength_se)
    assert ann.gap_low < ann.gap < ann.gap_high
    assert (ann.rank, bob.rank) == (1, 2) and (ann.rank_low, ann.rank_high) == (1, 1)
    assert (ann.self_matches, ann.cross_matches) == (12, 12)
    # The model's prediction on an average instance.
    assert fit.predicted().loc["ann", "bob"] == pytest.approx(special.expit(mean_level), abs=1e-9)
    # One level per game cannot fit the six instance levels exactly: close to, not at, 0.5
    # (pinned: 0.49676).
    assert rate_partners(closed_form_table(), l2=0, difficulty="game", replicates=0).rating("ann").strength == \
        pytest.approx(0.4967582603479736, abs=1e-9)


def test_self_play_only_closed_form() -> None:
    """Only self-play, one level: σ(μ + 2a_ann) and σ(μ + 2a_bob) are the two means, so
    a_ann = (logit m_ann − logit m_bob) / 4."""
    rows = [{"instance": f"x{x}", "game": "g", "agent_i": agent, "agent_j": agent, "score": score}
            for x, (agent, score) in enumerate([("ann", 0.7), ("ann", 0.9), ("bob", 0.2), ("bob", 0.4)])]
    fit = rate_partners(pd.DataFrame(rows), l2=0, difficulty="game", replicates=0)
    expected = (special.logit(0.8) - special.logit(0.3)) / 4
    assert fit.rating("ann").strength == pytest.approx(expected, abs=1e-10)
    assert math.isnan(fit.rating("ann").cross_play) and math.isnan(fit.rating("ann").gap)


def test_one_team_per_instance_gets_one_level_per_game() -> None:
    """With every instance played by a single team, per-instance levels would absorb every
    difference between teams: "auto" falls back to a level per game."""
    matches = simulate_team_matches(dict(list(TRUE.items())[:4]), instances=3, seed=2)
    single = matches.assign(instance=[f"solo{k}" for k in range(len(matches))])
    assert rate_partners(single, replicates=0).difficulty == "game"
    assert rate_partners(matches, replicates=0).difficulty == "instance"
    assert rate_partners(single, difficulty="instance", replicates=0).difficulty == "instance"
    with pytest.raises(ValueError, match="^difficulty must be 'auto', 'instance' or 'game', got 'match'$"):
        rate_partners(matches, difficulty="match")


def test_invariant_to_row_order_and_agent_names() -> None:
    matches = simulate_team_matches(dict(list(TRUE.items())[:5]), instances=8, seed=3)
    fit = rate_partners(matches, replicates=300, seed=4)
    shuffled = matches.sample(frac=1.0, random_state=7).reset_index(drop=True)
    names = {f"agent{k}": name for k, name in enumerate(["zed", "amy", "kai", "bea", "lou"])}
    renamed = shuffled.assign(agent_i=shuffled["agent_i"].map(names), agent_j=shuffled["agent_j"].map(names))
    other = rate_partners(renamed, replicates=300, seed=4)
    for agent, name in names.items():
        a, b = fit.rating(agent), other.rating(name)
        for field in ("strength", "strength_low", "strength_high", "team_score", "self_play", "cross_play_low",
                      "gap_high"):
            assert getattr(a, field) == pytest.approx(getattr(b, field), abs=1e-9), field
        assert (a.rank, a.rank_low, a.rank_high) == (b.rank, b.rank_low, b.rank_high)
    frame = fit.to_frame()
    assert list(frame["agent"]) == [r.agent for r in fit.ratings] and frame["strength"].is_monotonic_decreasing
    assert abs(frame["strength"].sum()) < 1e-9


def test_first_mover_effect_is_recovered() -> None:
    fit = rate_partners(simulate_team_matches(TRUE, instances=40, first=0.3, seed=5), replicates=0)
    effect = fit.first_mover
    assert effect.lower < 0.3 < effect.upper and effect.value == pytest.approx(0.3, abs=0.1)
    assert rate_partners(simulate_team_matches(TRUE, instances=5, seed=5), replicates=0).first_mover is None
    fixed = simulate_team_matches(TRUE, instances=5, seed=5).assign(first="i")
    constant = rate_partners(fixed, replicates=0)
    assert math.isnan(constant.first_mover.value)
    assert constant.warnings == ("The same seat moved first in every match: the first-mover effect is not "
                                 "identified.",)


def test_the_general_engine_reproduces_bradley_terry() -> None:
    """Bradley–Terry is one design: +1 at A, −1 at B, side, first; same fit and sandwich."""
    matches = simulate_matches({"a": 0.4, "b": 0.0, "c": -0.4, "d": 0.1}, games_per_pair=8, side=0.1, seed=2)
    bt = fit_bradley_terry(matches)
    design = design_of(rated_matches(matches))
    rows = DesignRows(x=design.cell_matrix(), cluster_games=design.block_games, cluster_score=design.block_score,
                      offset=np.zeros(len(design.cell_a)))
    params = fit_rows(rows, bt.l2)
    assert np.allclose(params, bt.params, atol=1e-10)
    assert np.allclose(cluster_sandwich(params, rows, bt.l2), bt.covariance, atol=1e-12)


# ---- when the data cannot rate -------------------------------------------------------------------


def round_robin(score: float, agents: tuple[str, ...] = ("ann", "bob", "cy"), instances: int = 4) -> pd.DataFrame:
    return pd.DataFrame([{"instance": f"x{x}", "game": "g", "agent_i": i, "agent_j": j, "score": score}
                         for x in range(instances) for i, j in itertools.combinations_with_replacement(agents, 2)])


@pytest.mark.parametrize("score", [0.0, 0.5, 1.0])
def test_every_match_the_same_says_so_and_shows_no_interval(score: float) -> None:
    fit = rate_partners(round_robin(score), replicates=50)
    assert fit.warnings[0] == f"Every team match scored {score:g}: the partner ratings cannot tell the agents apart."
    frame = fit.to_frame()
    assert np.allclose(frame["strength"], 0.0)
    for column in ("strength_low", "strength_high", "points_low", "team_score_high", "self_play_low", "gap_low",
                   "rank", "rank_low", "rank_high"):
        assert frame[column].isna().all(), column
    assert (frame["unbounded"] == "").all()
    if score in (0.0, 1.0):  # the levels run off, the agents do not
        assert fit.unbounded_levels == ("g/x0", "g/x1", "g/x2", "g/x3") and fit.unbounded_agents == ()
        with pytest.raises(ValueError, match="^partner ratings with l2=0 have no finite maximum: g/x0"):
            rate_partners(round_robin(score), l2=0)


def test_groups_that_never_meet_are_not_compared() -> None:
    """ann and bob play instances x*, cy and dan instances y*: with a level per instance each
    group's strengths can shift freely against its own instances."""
    first = simulate_team_matches({"ann": 0.3, "bob": -0.3}, instances=4, seed=1)
    second = simulate_team_matches({"cy": 0.3, "dan": -0.3}, instances=4, seed=2)
    second["instance"] = "y" + second["instance"]
    fit = rate_partners(pd.concat([first, second], ignore_index=True), replicates=50)
    assert fit.warnings == ("The matches do not connect every agent to the others (e.g. groups of agents that never "
                            "share an instance): their strengths cannot be compared and are not shown.",)
    frame = fit.to_frame()
    for column in ("strength", "strength_low", "strength_se", "team_score", "points", "rank", "rank_low"):
        assert frame[column].isna().all(), column
    assert frame["self_play"].notna().all() and frame["gap"].notna().all()
    # One level per game joins them: then they are comparable.
    assert not rate_partners(pd.concat([first, second]), difficulty="game", replicates=0).warnings


def perfect_partner() -> pd.DataFrame:
    """Three ordinary agents, and `ace`, whose every team scores 1."""
    matches = simulate_team_matches({"ann": 0.3, "bob": 0.0, "cy": -0.3}, instances=10, seed=1)
    rows = [{"instance": f"x{x}", "game": "synthetic", "agent_i": "ace", "agent_j": partner, "score": 1.0}
            for x in range(10) for partner in ("ace", "ann", "bob", "cy")]
    return pd.concat([matches, pd.DataFrame(rows)], ignore_index=True)


def test_an_agent_that_always_scores_1_has_a_one_sided_interval() -> None:
    fit = rate_partners(perfect_partner(), replicates=200)
    ace = fit.rating("ace")
    assert fit.unbounded_agents == ("ace",) and ace.unbounded == "above"
    assert fit.warnings == ("ace has no finite partner strength: its teams scored 1 (the best score) in every "
                            "match. Its strength is +∞, with a one-sided bound from the likelihood profile; the "
                            "other agents' strengths are measured against the mean of the agents with a finite "
                            "strength.",)
    assert ace.strength == math.inf and ace.strength_high == math.inf and math.isfinite(ace.strength_low)
    assert ace.team_score == 1.0 and math.isnan(ace.strength_se)
    others = [fit.rating(agent) for agent in ("ann", "bob", "cy")]
    # The others keep finite, centred strengths with two-sided intervals, below ace's bound.
    assert sum(r.strength for r in others) == pytest.approx(0.0, abs=1e-9)
    assert all(r.strength_low < r.strength < r.strength_high < ace.strength_low for r in others)
    assert (ace.rank, ace.rank_low, ace.rank_high) == (1, 1, 1)
    # Without the ace the three are rated the same way (the ace's cells carry no information).
    alone = rate_partners(perfect_partner().query("agent_i != 'ace'"), replicates=0)
    for agent in ("ann", "bob", "cy"):
        assert fit.rating(agent).strength == pytest.approx(alone.rating(agent).strength, abs=2e-3)
    with pytest.raises(ValueError, match="^partner ratings with l2=0 have no finite maximum: ace scored 1"):
        rate_partners(perfect_partner(), l2=0)
    # The profile bound is a bound of the stated level: surer means lower.
    bounds = [rate_partners(perfect_partner(), level=level, replicates=0).rating("ace").strength_low
              for level in (0.5, 0.95, 0.99)]
    assert bounds[0] > bounds[1] > bounds[2] > max(r.strength_high for r in others)


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.drop(columns="agent_j"), "team match table: missing column 'agent_j' (needs instance, game, "
                                          "agent_i, agent_j, score)"),
    (lambda t: t.assign(score=t["score"].where(t.index != 3, 1.5)), "team match table: row 3 has score 1.5, not a "
                                                                    "number in [0, 1]"),
    (lambda t: t.assign(score=t["score"].astype(object).where(t.index != 2, "high")),
     "team match table: row 2 has score 'high', not a number in [0, 1]"),
    (lambda t: t.assign(agent_i=t["agent_i"].where(t.index != 4, None)), "team match table: row 4 has no 'agent_i'"),
    (lambda t: t.assign(first=["i"] * (len(t) - 1) + ["first"]), "team match table: row 23 has first 'first' "
                                                                 "(must be 'i' or 'j')"),
    (lambda t: t.iloc[:0], "team match table: no finished team match to rate"),
])
def test_bad_tables_get_one_line_errors(change, message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
                       .replace("]", r"\]") + "$"):
        rate_partners(change(round_robin(0.5)))


def test_unfinished_rows_are_ignored() -> None:
    table = closed_form_table().assign(status="finished")
    broken = pd.DataFrame([{"instance": "x0", "game": "g", "agent_i": "ann", "agent_j": "bob", "score": None,
                            "status": "error"}])
    fit = rate_partners(pd.concat([table, broken], ignore_index=True), l2=0, replicates=0)
    assert fit.rating("ann").strength == pytest.approx(0.5, abs=1e-9) and fit.n_matches == len(table)


# ---- the scripted Optimization players -------------------------------------------------------------


def optimization_tournament(instances: int) -> pd.DataFrame:
    """Every pairing of the four scripted players, self-play included, on the same shipped human
    games, each seating with both first movers."""
    from lamen.core.play import play
    from lamen.core.players import PolicyAgent
    from lamen.core.registry import get_family
    from lamen.families.optimization.instances import human_instance

    family = get_family("dialop.optimization")
    codec = family.codec("player-0")
    rows = []
    for x in range(instances):
        instance = human_instance(x)
        for a, b in itertools.combinations_with_replacement(("random", "own-view", "share-all", "oracle"), 2):
            for first in ("player-0", "player-1"):
                seats = {role: PolicyAgent(player, family.players[player].make(instance, role), codec, x)
                         for role, player in (("player-0", a), ("player-1", b))}
                record = asyncio.run(play(family, instance, seats, first=first))
                rows.append({"instance": str(x), "game": "human", "agent_i": a, "agent_j": b,
                             "first": "i" if first == "player-0" else "j", "score": record.score.team})
    return pd.DataFrame(rows)


def check_optimization_order(fit) -> None:
    strength = {r.agent: r.strength for r in fit.ratings}
    assert strength["oracle"] >= strength["share-all"] >= strength["own-view"] >= strength["random"]
    oracle, random = fit.rating("oracle"), fit.rating("random")
    # The oracle's teams always reach the optimum: its strength is +∞ with a finite lower bound.
    assert oracle.unbounded == "above" and oracle.strength_low > random.strength_high
    assert (oracle.rank_low, oracle.rank_high) == (1, 1) and (random.rank_low, random.rank_high) == (4, 4)


def test_optimization_players_are_ordered_as_partners() -> None:
    matches = optimization_tournament(20)
    assert len(matches) == 20 * 10 * 2
    fit = rate_partners(matches, replicates=300)
    check_optimization_order(fit)
    # share-all reaches the optimum with itself but not with others: a negative cross-play gap.
    share_all = fit.rating("share-all")
    assert share_all.self_play == 1.0 and share_all.gap < 0 and share_all.gap_high < 0


@pytest.mark.slow
def test_optimization_players_on_all_134_games() -> None:
    check_optimization_order(rate_partners(optimization_tournament(134), replicates=1000))
