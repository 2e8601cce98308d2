"""Role ratings for asymmetric common-payoff games (issue 17 point 5): the fractional logit
E[s] = σ(μ_x + a_assistant(i) + u_user(j)) recovers known strengths per role with calibrated
instance-clustered intervals, equals its closed form on a balanced design, reduces to the partner
model when both seats share one role, is invariant to row order and agent names, gives the exact
role × role means, says so when the data cannot rate, and orders the scripted Planning players."""

from __future__ import annotations

import asyncio
import itertools
import math

import numpy as np
import pandas as pd
import pytest
from scipy import special, stats

from lamen.ratings import rate_partners, rate_roles, simulate_role_matches, simulate_team_matches
from lamen.ratings.bradley_terry import ELO_PER_LOGIT

# The recovery setting: 5 assistants and 5 users 0.3 logit apart (mean zero), 20 instances, every
# ordered (assistant, user) pair on each (25 × 20 = 500 matches), s ~ Beta(4m, 4(1 − m)) with
# m = σ(μ_x + a_i + u_j) and μ_x ~ N(0, 0.5²): the marginal model is exactly right.
TRUE = {"assistant": {f"a{k}": 0.3 * k - 0.6 for k in range(5)},
        "user": {f"u{k}": 0.3 * k - 0.6 for k in range(5)}}
SEATS = ["assistant", "user"]


def recovery(seeds: range) -> tuple[int, int, int]:
    """(role rankings with Kendall τ = 1, with τ ≥ 0.8, intervals covering the truth) over the seeds."""
    exact = close = covered = 0
    for seed in seeds:
        fit = rate_roles(simulate_role_matches(TRUE, instances=20, seed=seed), SEATS, replicates=0)
        for role, truth in TRUE.items():
            estimate = [fit.rating(role, agent).strength for agent in truth]
            tau = stats.kendalltau(estimate, list(truth.values())).statistic
            exact += tau > 1 - 1e-9
            close += tau > 0.8 - 1e-9
            covered += sum(fit.rating(role, a).strength_low <= t <= fit.rating(role, a).strength_high
                           for a, t in truth.items())
    return exact, close, covered


def test_recovery_quick() -> None:
    exact, close, covered = recovery(range(25))
    # Measured on these 25 seeds: 47 of 50 role rankings exact (the rest one swap, τ = 0.8);
    # 227 of 250 intervals cover (0.908).
    assert (exact, close, covered) == (47, 50, 227)
    assert 0.90 <= covered / 250 <= 0.98


@pytest.mark.slow
def test_recovery_over_200_repetitions() -> None:
    exact, close, covered = recovery(range(200))
    # Measured: 383 of 400 role rankings exact, every one within one swap; 1,876 of 2,000
    # intervals cover (0.938).
    assert 0.90 <= covered / 2000 <= 0.98 and close == 400
    assert (exact, covered) == (383, 1876)


@pytest.mark.slow
def test_bootstrap_rank_intervals_cover_the_true_ranks_within_each_role() -> None:
    covered = total = widths = 0
    for seed in range(30):
        fit = rate_roles(simulate_role_matches(TRUE, instances=20, seed=seed), SEATS, replicates=300, seed=seed)
        for role, truth in TRUE.items():
            for k, agent in enumerate(truth):
                rating = fit.rating(role, agent)
                covered += rating.rank_low <= len(truth) - k <= rating.rank_high
                widths += rating.rank_high - rating.rank_low
                total += 1
    # Measured: all 300 rank intervals hold the true rank; they span 0.55 ranks on average (an
    # interval of every rank, 1–5, would span 4).
    assert total == 300 and covered / total >= 0.95 and (covered, widths) == (300, 166)


LEVELS = [0.1 * x - 0.2 for x in range(5)]
A = {"ann": 0.4, "bob": -0.4}
U = {"uma": 0.25, "vic": -0.25}


def closed_form_table() -> pd.DataFrame:
    """Two assistants × two users, five instances with μ_x = 0.1x − 0.2, a = ±0.4, u = ±0.25; each
    (assistant, user) plays each instance twice, scoring its model mean ± 0.05. Every cell mean is
    σ(μ_x + a_i + u_j), which the model reproduces: that is the maximum-likelihood fit."""
    rows = []
    for x, level in enumerate(LEVELS):
        for (i, a), (j, u) in itertools.product(A.items(), U.items()):
            for noise in (-0.05, 0.05):
                rows.append({"instance": f"x{x}", "game": "g", "assistant": i, "user": j,
                             "score": special.expit(level + a + u) + noise})
    return pd.DataFrame(rows)


def test_closed_form_on_a_balanced_design() -> None:
    fit = rate_roles(closed_form_table(), SEATS, l2=0, replicates=100)
    assert fit.difficulty == "instance" and fit.roles == ("assistant", "user") and fit.n_matches == 40
    for role, truth in (("assistant", A), ("user", U)):
        for agent, value in truth.items():
            rating = fit.rating(role, agent)
            assert rating.strength == pytest.approx(value, abs=1e-9)
            assert rating.points == pytest.approx(1000 + ELO_PER_LOGIT * value, abs=1e-6)
            # With an average partner in the other role (ā = 0) on an average instance.
            assert rating.team_score == pytest.approx(special.expit(np.mean(LEVELS) + value), abs=1e-9)
            assert rating.matches == 20 and math.isnan(rating.self_play)  # no agent fills both seats
            # Every instance is fitted exactly: the instance-clustered sandwich is zero, "–".
            assert math.isnan(rating.strength_low) and math.isnan(rating.strength_se)
            mean = np.mean([special.expit(level + value + other) for level in LEVELS
                            for other in (U if role == "assistant" else A).values()])
            assert rating.mean_score == pytest.approx(mean, abs=1e-12) == rating.cross_play
    assert fit.mean_level == pytest.approx(np.mean(LEVELS), abs=1e-9)
    assert [(r.role, r.agent, r.rank, r.rank_low, r.rank_high) for r in fit.ratings] == [
        ("assistant", "ann", 1, 1, 1), ("assistant", "bob", 2, 2, 2),
        ("user", "uma", 1, 1, 1), ("user", "vic", 2, 2, 2)]
    matrix = fit.matrix()
    for (i, a), (j, u) in itertools.product(A.items(), U.items()):
        exact = np.mean([special.expit(level + a + u) for level in LEVELS])
        assert matrix.observed.loc[i, j] == pytest.approx(exact, abs=1e-12)
        assert matrix.fitted.loc[i, j] == pytest.approx(exact, abs=1e-9)
        assert matrix.predicted.loc[i, j] == pytest.approx(special.expit(np.mean(LEVELS) + a + u), abs=1e-9)
        assert matrix.matches.loc[i, j] == 10


def test_two_seats_of_one_role_are_the_partner_model() -> None:
    """With both seats mapped to one role, the design is partner.py's: +1 at each member, +2 for
    self-play. Same strengths, intervals, ranks."""
    matches = simulate_team_matches({"ann": 0.3, "bob": 0.0, "cy": -0.2, "dan": -0.1}, instances=8, seed=4)
    partner = rate_partners(matches, replicates=200, seed=1)
    roles = rate_roles(matches, {"agent_i": "player", "agent_j": "player"}, replicates=200, seed=1)
    assert roles.roles == ("player",)
    for rating in partner.ratings:
        other = roles.rating("player", rating.agent)
        for field in ("strength", "strength_low", "strength_high", "team_score", "team_score_low", "self_play",
                      "cross_play", "gap_high", "rank", "rank_low", "rank_high"):
            assert getattr(other, field) == pytest.approx(getattr(rating, field), abs=1e-9, nan_ok=True), field
    assert roles.mean_level == pytest.approx(partner.mean_level, abs=1e-9)


def test_three_seats_two_users_as_one_role_or_each_a_role() -> None:
    """Mediation's shape: an assistant and two users. As one `user` role both user seats add the
    same user strength; as two roles each seat has its own."""
    truth = {"assistant": {"a0": 0.4, "a1": -0.4}, "user-0": {"u0": 0.3, "u1": 0.0, "u2": -0.3},
             "user-1": {"u0": 0.3, "u1": 0.0, "u2": -0.3}}
    matches = simulate_role_matches(truth, instances=40, seed=3)
    assert len(matches) == 2 * 3 * 3 * 40
    each = rate_roles(matches, ["assistant", "user-0", "user-1"], replicates=0)
    shared = rate_roles(matches, {"assistant": "assistant", "user-0": "user", "user-1": "user"}, replicates=0)
    assert each.roles == ("assistant", "user-0", "user-1") and shared.roles == ("assistant", "user")
    for fit, roles in ((each, ("user-0", "user-1")), (shared, ("user",))):
        assert [r.agent for r in fit.role("assistant")] == ["a0", "a1"]
        for role in roles:
            assert [r.agent for r in fit.role(role)] == ["u0", "u1", "u2"]
            assert sum(r.strength for r in fit.role(role)) == pytest.approx(0.0, abs=1e-9)
    # The shared role sees each user in both seats: twice the matches, a narrower interval.
    u0 = shared.rating("user", "u0")
    assert u0.matches == 2 * 2 * 3 * 40 - 2 * 40  # u0 in either seat, counted once when in both
    width = u0.strength_high - u0.strength_low
    assert width < each.rating("user-0", "u0").strength_high - each.rating("user-0", "u0").strength_low
    # u0 in both user seats with a0 as assistant is not self-play (a0 is another agent).
    assert math.isnan(u0.self_play)
    # The users' matrix: rows user-0, columns user-1, observed means exact.
    users = shared.matrix("user-0", "user-1")
    cell = matches[(matches["user-0"] == "u2") & (matches["user-1"] == "u0")]["score"].mean()
    assert users.observed.loc["u2", "u0"] == pytest.approx(cell, abs=1e-15) and users.matches.loc["u2", "u0"] == 80
    with pytest.raises(ValueError, match="^role matrix: no seat 'user' \\(seats: assistant, user-0, user-1\\)$"):
        shared.matrix("assistant", "user")


def test_invariant_to_row_order_agent_names_and_seat_order() -> None:
    matches = simulate_role_matches(TRUE, instances=8, seed=3)
    fit = rate_roles(matches, SEATS, replicates=200, seed=4)
    names = {**{f"a{k}": n for k, n in enumerate(["zed", "amy", "kai", "bea", "lou"])},
             **{f"u{k}": n for k, n in enumerate(["ola", "pip", "ned", "ivy", "gus"])}}
    shuffled = matches.sample(frac=1.0, random_state=7).reset_index(drop=True)
    renamed = shuffled.assign(assistant=shuffled["assistant"].map(names), user=shuffled["user"].map(names))
    other = rate_roles(renamed, ["user", "assistant"], replicates=200, seed=4)
    for role in SEATS:
        for agent in TRUE[role]:
            a, b = fit.rating(role, agent), other.rating(role, names[agent])
            for field in ("strength", "strength_low", "strength_high", "team_score", "team_score_high",
                          "mean_score_low", "cross_play"):
                assert getattr(a, field) == pytest.approx(getattr(b, field), abs=1e-9), field
            assert (a.rank, a.rank_low, a.rank_high) == (b.rank, b.rank_low, b.rank_high)
    frame = fit.to_frame()
    assert list(frame["role"]) == ["assistant"] * 5 + ["user"] * 5
    for role in SEATS:
        part = frame[frame["role"] == role]
        assert part["strength"].is_monotonic_decreasing and abs(part["strength"].sum()) < 1e-9
    left = fit.matrix()
    right = other.matrix("assistant", "user")
    back = {v: k for k, v in names.items()}
    assert np.allclose(left.predicted.to_numpy(),
                       right.predicted.rename(index=back, columns=back).loc[left.predicted.index,
                                                                            left.predicted.columns].to_numpy())


def test_role_matrix_on_a_hand_made_table_is_the_exact_means() -> None:
    rows = [("x0", "ann", "uma", 0.5), ("x0", "ann", "vic", 0.25), ("x0", "bob", "uma", 1.0),
            ("x1", "ann", "uma", 0.75), ("x1", "bob", "uma", 0.0), ("x1", "ann", "vic", 0.0),
            ("x2", "ann", "uma", 0.125), ("x2", "bob", "uma", 0.5)]
    table = pd.DataFrame(rows, columns=["instance", "assistant", "user", "score"]).assign(game="g")
    matrix = rate_roles(table, SEATS, replicates=0).matrix()
    assert matrix.rows == "assistant" and matrix.columns == "user"
    assert matrix.observed.loc["ann", "uma"] == (0.5 + 0.75 + 0.125) / 3
    assert matrix.observed.loc["ann", "vic"] == 0.125 and matrix.observed.loc["bob", "uma"] == 0.5
    assert math.isnan(matrix.observed.loc["bob", "vic"])  # never played
    assert matrix.matches.to_numpy().tolist() == [[3, 2], [3, 0]]
    assert math.isnan(matrix.fitted.loc["bob", "vic"]) and not math.isnan(matrix.predicted.loc["bob", "vic"])
    assert list(matrix.observed.index) == ["ann", "bob"] and list(matrix.observed.columns) == ["uma", "vic"]


def test_one_team_per_instance_gets_one_level_per_game() -> None:
    matches = simulate_role_matches(TRUE, instances=3, seed=2)
    single = matches.assign(instance=[f"solo{k}" for k in range(len(matches))])
    assert rate_roles(single, SEATS, replicates=0).difficulty == "game"
    assert rate_roles(matches, SEATS, replicates=0).difficulty == "instance"
    with pytest.raises(ValueError, match="^difficulty must be 'auto', 'instance' or 'game', got 'match'$"):
        rate_roles(matches, SEATS, difficulty="match")


# ---- when the data cannot rate -------------------------------------------------------------------


def every_pair(score: float) -> pd.DataFrame:
    return pd.DataFrame([{"instance": f"x{x}", "game": "g", "assistant": a, "user": u, "score": score}
                         for x in range(3) for a in ("ann", "bob") for u in ("uma", "vic", "wes")])


@pytest.mark.parametrize("score", [0.0, 0.5, 1.0])
def test_every_match_the_same_says_so_and_shows_no_interval(score: float) -> None:
    fit = rate_roles(every_pair(score), SEATS, replicates=50)
    assert fit.warnings[0] == f"Every match scored {score:g}: the role ratings cannot tell the agents apart."
    frame = fit.to_frame()
    assert np.allclose(frame["strength"], 0.0) and (frame["unbounded"] == "").all()
    for column in ("strength_low", "strength_high", "team_score_low", "mean_score_low", "rank", "rank_low",
                   "rank_high"):
        assert frame[column].isna().all(), column
    if score in (0.0, 1.0):
        assert fit.unbounded_levels == ("g/x0", "g/x1", "g/x2") and fit.unbounded == ()
        with pytest.raises(ValueError, match="^role ratings with l2=0 have no finite maximum: g/x0"):
            rate_roles(every_pair(score), SEATS, l2=0)


def perfect_assistant() -> pd.DataFrame:
    """Three ordinary assistants and three users, and `ace`, an assistant whose every team scores 1."""
    truth = {"assistant": {"ann": 0.3, "bob": 0.0, "cy": -0.3}, "user": {"uma": 0.2, "vic": 0.0, "wes": -0.2}}
    matches = simulate_role_matches(truth, instances=10, seed=1)
    aces = pd.DataFrame([{"instance": f"x{x}", "game": "synthetic", "assistant": "ace", "user": user, "score": 1.0}
                         for x in range(10) for user in ("uma", "vic", "wes")])
    return pd.concat([matches, aces], ignore_index=True)


def test_an_assistant_that_always_scores_1_has_a_one_sided_interval() -> None:
    fit = rate_roles(perfect_assistant(), SEATS, replicates=200)
    ace = fit.rating("assistant", "ace")
    assert fit.unbounded == (("assistant", "ace"),) and ace.unbounded == "above"
    assert fit.warnings == ("ace as assistant has no finite strength: its teams scored 1 (the best score) in every "
                            "match. Its strength is +∞, with a one-sided bound from the likelihood profile; the "
                            "other assistant strengths are measured against the mean of those with a finite "
                            "strength.",)
    assert ace.strength == math.inf == ace.strength_high and math.isfinite(ace.strength_low)
    assert ace.team_score == 1.0 and math.isnan(ace.strength_se) and ace.mean_score == 1.0
    others = [fit.rating("assistant", agent) for agent in ("ann", "bob", "cy")]
    assert sum(r.strength for r in others) == pytest.approx(0.0, abs=1e-9)
    assert all(r.strength_low < r.strength < r.strength_high < ace.strength_low for r in others)
    assert (ace.rank, ace.rank_low, ace.rank_high) == (1, 1, 1)
    # The users stay finite and centred; the ace's matches tell nothing about them.
    assert all(r.unbounded == "" and math.isfinite(r.strength_low) for r in fit.role("user"))
    alone = rate_roles(perfect_assistant().query("assistant != 'ace'"), SEATS, replicates=0)
    for role, agent in (("assistant", "ann"), ("user", "uma"), ("user", "wes")):
        assert fit.rating(role, agent).strength == pytest.approx(alone.rating(role, agent).strength, abs=2e-3)
    assert fit.matrix().predicted.loc["ace"].tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="^role ratings with l2=0 have no finite maximum: ace as assistant scored 1"):
        rate_roles(perfect_assistant(), SEATS, l2=0)


def test_an_assistant_that_always_scores_0_is_unbounded_below() -> None:
    table = perfect_assistant()
    table.loc[table["assistant"] == "ace", "score"] = 0.0
    fit = rate_roles(table, SEATS, replicates=0)
    ace = fit.rating("assistant", "ace")
    assert ace.unbounded == "below" and ace.strength == -math.inf == ace.strength_low
    assert math.isfinite(ace.strength_high) and ace.strength_high < min(r.strength_low for r in fit.role("assistant")
                                                                        if r.agent != "ace")
    assert ace.team_score == 0.0 and fit.warnings[0].startswith("ace as assistant has no finite strength: its teams "
                                                                "scored 0 in every match. Its strength is −∞")


def test_an_agent_in_both_roles_has_a_diagonal() -> None:
    """The same agents as assistants and as users: the diagonal of the role matrix is self-play."""
    truth = {"assistant": {"ann": 0.3, "bob": -0.3}, "user": {"ann": 0.1, "bob": -0.1}}
    matches = simulate_role_matches(truth, instances=6, seed=8)
    fit = rate_roles(matches, SEATS, replicates=0)
    ann = fit.rating("assistant", "ann")
    diagonal = matches[(matches["assistant"] == "ann") & (matches["user"] == "ann")]["score"]
    other = matches[(matches["assistant"] == "ann") & (matches["user"] == "bob")]["score"]
    assert ann.self_play == pytest.approx(diagonal.mean(), abs=1e-15) == fit.matrix().observed.loc["ann", "ann"]
    assert ann.cross_play == pytest.approx(other.mean(), abs=1e-15)
    assert ann.gap == pytest.approx(other.mean() - diagonal.mean(), abs=1e-15)
    assert ann.gap_low < ann.gap < ann.gap_high and ann.matches == 12
    # One strength per (agent, role): ann as user is rated apart from ann as assistant.
    assert fit.rating("user", "ann").strength != ann.strength


def test_groups_that_never_meet_are_not_compared() -> None:
    first = simulate_role_matches({"assistant": {"ann": 0.3, "bob": -0.3}, "user": {"uma": 0.1, "vic": -0.1}},
                                  instances=4, seed=1)
    second = simulate_role_matches({"assistant": {"cy": 0.3, "dan": -0.3}, "user": {"wes": 0.1, "xi": -0.1}},
                                   instances=4, seed=2)
    second["instance"] = "y" + second["instance"]
    fit = rate_roles(pd.concat([first, second], ignore_index=True), SEATS, replicates=20)
    assert fit.warnings == ("The matches do not connect every agent to the others (e.g. groups of teams that never "
                            "share an instance): their strengths cannot be compared and are not shown.",)
    frame = fit.to_frame()
    for column in ("strength", "strength_low", "team_score", "rank", "rank_low"):
        assert frame[column].isna().all(), column
    assert frame["mean_score"].notna().all()


@pytest.mark.parametrize(("change", "roles", "message"), [
    (lambda t: t.drop(columns="user"), SEATS, "role match table: missing column 'user' (needs instance, game, score, "
                                              "assistant, user)"),
    (lambda t: t.assign(score=t["score"].where(t.index != 3, 1.5)), SEATS,
     "role match table: row 3 has score 1.5, not a number in [0, 1]"),
    (lambda t: t.assign(user=t["user"].where(t.index != 4, None)), SEATS, "role match table: row 4 has no 'user'"),
    (lambda t: t.iloc[:0], SEATS, "role match table: no finished match to rate"),
    (lambda t: t, "assistant", "roles must be a list of seat columns or a mapping column → role, got the string "
                               "'assistant'"),
    (lambda t: t, [], "roles: no seat column given"),
    (lambda t: t, ["assistant", "score"], "roles: 'score' is a reserved column of the role match table, not a seat"),
    (lambda t: t, ["user", "user"], "roles: seat column 'user' given twice"),
])
def test_bad_tables_get_one_line_errors(change, roles, message: str) -> None:
    with pytest.raises(ValueError) as error:
        rate_roles(change(every_pair(0.5)), roles)
    assert str(error.value) == message


def test_unfinished_rows_are_ignored() -> None:
    table = closed_form_table().assign(status="finished")
    broken = pd.DataFrame([{"instance": "x0", "game": "g", "assistant": "ann", "user": "uma", "score": None,
                            "status": "error"}])
    fit = rate_roles(pd.concat([table, broken], ignore_index=True), SEATS, l2=0, replicates=0)
    assert fit.rating("assistant", "ann").strength == pytest.approx(0.4, abs=1e-9) and fit.n_matches == 40


# ---- the scripted Planning players ---------------------------------------------------------------


def planning_tournament(games: int) -> pd.DataFrame:
    """Every (assistant, user) pairing of the scripted players on the same shipped human games,
    seeded by the game index as `tests/test_planning_family.py` does."""
    from lamen.core.play import play
    from lamen.core.players import PolicyAgent
    from lamen.core.registry import get_family
    from lamen.families.planning.instances import human_instance

    family = get_family("dialop.planning")
    codec = family.codec("assistant")
    rows = []
    for x in range(games):
        instance = human_instance(x)
        for assistant, user in itertools.product(("hill-climb", "random", "oracle"), ("reporter", "threshold")):
            seats = {role: PolicyAgent(player, family.players[player].make(instance, role), codec, x)
                     for role, player in (("assistant", assistant), ("user", user))}
            record = asyncio.run(play(family, instance, seats))
            rows.append({"instance": str(x), "game": "human", "assistant": assistant, "user": user,
                         "score": record.score.team})
    return pd.DataFrame(rows)


def test_planning_assistants_are_ordered() -> None:
    fit = rate_roles(planning_tournament(20), SEATS, replicates=300)
    oracle, hill, random = (fit.rating("assistant", a) for a in ("oracle", "hill-climb", "random"))
    # The oracle reaches the best itinerary every time: +∞ with a finite lower bound above the rest.
    assert oracle.unbounded == "above" and oracle.mean_score == 1.0
    assert oracle.strength_low > hill.strength_high and hill.strength_low > random.strength_high
    assert [(r.rank_low, r.rank_high) for r in (oracle, hill, random)] == [(1, 1), (2, 2), (3, 3)]
    matrix = fit.matrix()
    # The hill-climb row is the pinned first-20 baseline of tests/test_planning_family.py.
    assert round(matrix.observed.loc["hill-climb", "reporter"], 6) == 0.860086
    assert round(matrix.observed.loc["hill-climb", "threshold"], 6) == 0.851046
    assert (matrix.matches.to_numpy() == 20).all()
