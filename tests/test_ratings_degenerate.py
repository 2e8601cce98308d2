"""When the matches cannot rank the agents the leaderboard says so in words, shows "–" instead of
intervals of no width, lets tied agents share a rank, and Bradley–Terry without a penalty refuses
an agent whose rating is infinite."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

from lamen.cli.rating_tables import leaderboard_tables
from lamen.leaderboard import build_leaderboard, leaderboard_json
from lamen.ratings import bootstrap_bradley_terry, fit_bradley_terry, simulate_matches


def table(outcome: tuple[float, float, bool], agents: tuple[str, ...] = ("ann", "bob", "cy")) -> pd.DataFrame:
    """A debiased round robin in which every match ends the same way."""
    rows = []
    for i, first in enumerate(agents):
        for second in agents[i + 1:]:
            for k, (a, b, starts) in enumerate(((first, second, "a"), (first, second, "b"),
                                                (second, first, "a"), (second, first, "b"))):
                rows.append({"match_id": f"{first}-{second}-{k}", "game": "g", "agent_a": a, "agent_b": b,
                             "first": starts, "u_a": outcome[0], "u_b": outcome[1], "agreement": outcome[2],
                             "block": f"{first}-{second}", "stage": "cross", "status": "finished"})
    return pd.DataFrame(rows)


def rendered(board) -> str:
    console = Console(width=100, record=True, file=open("/dev/null", "w"))
    for part in leaderboard_tables(board):
        console.print(part)
    return console.export_text()


def test_all_impasses_say_so_and_show_no_interval() -> None:
    board = build_leaderboard(table((0.0, 0.0, False)), bootstrap=50)
    assert board.warnings == (
        "No cross-play match ended in agreement: every agent obtained 0, so the utility rating cannot tell the "
        "agents apart.",
        "No decisive game: every cross-play match ended without agreement or in an even split, so Bradley–Terry, "
        "Elo and TrueSkill cannot tell the agents apart.",
    )
    frame = board.table
    assert (frame["gets"] == 0).all() and np.allclose(frame["BT"], 1000.0)
    for column in ("gets_low", "gets_high", "gives_low", "BT low", "BT high", "Elo low", "gets_rank",
                   "gets_rank_low", "BT rank", "BT rank low"):
        assert frame[column].isna().all(), column
    assert not frame["rank_flag"].any()
    assert board.effects["side A"]["lower"] is None and board.utility_effects["first mover"]["upper"] is None
    text = rendered(board)
    assert "0.000 ±–" in text and "1000 ±–" in text and "1–1" not in text
    data = json.loads(json.dumps(leaderboard_json(board)))
    assert data["warnings"] == list(board.warnings) and data["agents"][0]["gets_low"] is None


def test_even_splits_are_not_decisive_but_utility_is_known() -> None:
    board = build_leaderboard(table((0.5, 0.5, True)), bootstrap=50)
    assert len(board.warnings) == 1 and board.warnings[0].startswith("No decisive game")
    assert np.allclose(board.table["gets"], 0.5) and board.table["gets_low"].isna().all()


def test_exact_ties_share_a_rank_interval_and_half_the_p_stronger() -> None:
    """ann and bob have identical records against cy and draw each other: they tie exactly."""
    matches = table((0.5, 0.5, True))
    beats_cy = (matches["agent_a"] == "cy") | (matches["agent_b"] == "cy")
    matches.loc[beats_cy, ["u_a", "u_b"]] = np.where(matches.loc[beats_cy, ["agent_a"]] == "cy", [[0.3, 0.7]],
                                                     [[0.7, 0.3]])
    fit = fit_bradley_terry(matches)
    boot = bootstrap_bradley_terry(matches, fit, replicates=200, seed=2)
    # Their ann–bob games are even in every replicate, but how often each met cy is not: the
    # bootstrap can split them. Never by rounding noise, though: P(ann > bob) counts ties half.
    p = boot.p_stronger
    assert p.loc["ann", "bob"] + p.loc["bob", "ann"] == 1.0 and 0.3 < p.loc["ann", "bob"] < 0.7
    board = build_leaderboard(matches, bootstrap=200)
    # The leaderboard gives agents tied on the estimate one shared interval.
    assert board.table.loc["ann", ["BT rank", "BT rank low", "BT rank high"]].tolist() == board.table.loc[
        "bob", ["BT rank", "BT rank low", "BT rank high"]].tolist()
    assert board.table.loc["ann", "BT rank"] == 1 and board.table.loc["cy", "BT rank"] == 3
    assert board.table.loc[["ann", "bob"], ["gets_rank", "gets_rank_low", "gets_rank_high"]].to_numpy().tolist() == [
        [1, 1, 2], [1, 1, 2]]
    assert board.table.loc["cy", "gets_rank"] == 3


def lost_everything() -> pd.DataFrame:
    """Three ordinary agents, and `dud`, which every opponent beats 1–0 on both sides."""
    matches = simulate_matches({"a": 0.3, "b": 0.0, "c": -0.3}, games_per_pair=8, seed=1)
    rows = []
    for opponent in "abc":
        for k in range(4):
            dud_on_a = k % 2 == 1
            rows.append({"match_id": f"dud-{opponent}-{k}", "game": "synthetic",
                         "agent_a": "dud" if dud_on_a else opponent, "agent_b": opponent if dud_on_a else "dud",
                         "first": "a" if k < 2 else "b", "u_a": 0.0 if dud_on_a else 1.0,
                         "u_b": 1.0 if dud_on_a else 0.0, "agreement": True, "block": f"dud-{opponent}"})
    return pd.concat([matches, pd.DataFrame(rows)], ignore_index=True)


def test_l2_zero_refuses_an_infinite_rating() -> None:
    matches = lost_everything()
    with pytest.raises(ValueError, match=r"^Bradley–Terry with l2=0 has no finite maximum: dud won or lost every "
                                         r"game outright against the rest; use l2 > 0"):
        fit_bradley_terry(matches, l2=0)
    assert fit_bradley_terry(matches).unbounded_agents == ("dud",)
    assert fit_bradley_terry(matches[~matches["match_id"].str.startswith("dud")], l2=0).unbounded_agents == ()
    # A side that wins every game outright: the side effect has no finite estimate.
    outright = matches.assign(u_a=1.0, u_b=0.0, agreement=True)
    assert fit_bradley_terry(outright).unbounded_effects == ("side A",)


def test_leaderboard_warns_about_an_agent_without_a_finite_rating() -> None:
    board = build_leaderboard(lost_everything().assign(stage="cross", status="finished"), bootstrap=50)
    assert board.warnings == ("dud has no finite Bradley–Terry rating: it won or lost every game outright against "
                              "the rest; its number is held finite by the L2 penalty and only shows the direction.",)
    assert np.isnan(board.table.loc["dud", "BT low"]) and not np.isnan(board.table.loc["a", "BT low"])
    assert board.table.index[-1] == "dud" and board.table.loc["dud", "gets"] == pytest.approx(0.0, abs=1e-12)
    assert board.table.loc["dud", "gives"] == pytest.approx(1.0)
