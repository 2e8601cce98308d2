"""`lamen compare`: two agents — or one agent in two databases — paired on identical matches.

The databases are played for real by the built-in negotiators: `before.db` has bot:linear with
bot:conceder and bot:boulware; `after.db` replaces bot:linear by bot:hardliner and adds
bot:random, whose matches with bot:hardliner have no counterpart."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from lamen.cli import main
from lamen.ratings.compare import compare_agents
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.store.tables import match_table

GAMES = ["rental-1-distributive", "rental-2-mixture"]


def play(path: Path, agents: list[str]) -> Path:
    tournament = Tournament.model_validate({"name": path.stem, "agents": agents, "games": GAMES, "seed": 3,
                                            "self_play": False})
    store = Store(path)
    asyncio.run(Runner(tournament, store, Library.default()).run())
    store.close()
    return path


@pytest.fixture(scope="module")
def databases(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("compare")
    return (play(folder / "before.db", ["bot:linear", "bot:conceder", "bot:boulware"]),
            play(folder / "after.db", ["bot:hardliner", "bot:conceder", "bot:boulware", "bot:random"]))


def sides(path: Path, agent: str) -> dict[tuple, tuple[float, float, float]]:
    """Straight from SQL: (game, opponent, side, moved first, repetition) → (u, agreed, score)."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT m.game, m.agent_a, m.agent_b, m.starts, m.repetition, o.u_a, o.u_b, o.agreement "
            "FROM matches m JOIN outcomes o ON o.match_id = m.id WHERE m.status = 'finished'").fetchall()
    result = {}
    for game, a, b, starts, repetition, u_a, u_b, level in rows:
        for side, me, other, u_me, u_other in ((0, a, b, u_a, u_b), (1, b, a, u_b, u_a)):
            if me == agent:
                agreed = level in ("soft", "hard")
                score = (1 + u_me - u_other) / 2 if agreed else 0.5
                result[(game, other, side, starts == side, repetition)] = (u_me, float(agreed), score)
    return result


def test_pairs_and_differences_match_the_stored_outcomes(databases) -> None:
    before, after = databases
    a, b = sides(before, "bot:linear"), sides(after, "bot:hardliner")
    common = sorted(set(a) & set(b))
    assert len(common) == 16  # 2 games × 2 shared opponents × 2 sides × 2 start orders
    store_a, store_b = Store(before), Store(after)
    result = compare_agents(match_table(store_a), "bot:linear", match_table(store_b), "bot:hardliner")
    store_a.close(), store_b.close()
    assert (result.pairs, result.blocks, result.unmatched_a, result.unmatched_b) == (16, 4, 0, 8)
    for index, figure in enumerate(("utility", "agreement", "score")):
        expected = np.mean([b[key][index] - a[key][index] for key in common])
        assert result.difference(figure).difference == pytest.approx(expected, abs=1e-12)
        assert result.difference(figure).mean_a == pytest.approx(np.mean([a[k][index] for k in common]), abs=1e-12)
    utility = result.difference("utility")
    assert utility.difference < 0 and utility.lower < utility.difference < utility.upper


def test_cli_fits_100_columns_and_json(databases, capsys: pytest.CaptureFixture[str]) -> None:
    before, after = databases
    assert main(["compare", f"{before}:bot:linear", f"{after}:bot:hardliner"]) == 0
    out = capsys.readouterr().out
    words = " ".join(out.split())
    assert "16 matched pairs in 4 blocks" in words and "unmatched: 0 of A's, 8 of B's matches" in words
    assert max(map(len, out.splitlines())) <= 100 and "…" not in out
    assert main(["compare", f"{before}:bot:linear", f"{after}:bot:hardliner", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["pairs"] == 16 and [d["figure"] for d in data["differences"]] == ["utility", "agreement", "score"]


def test_one_agent_in_two_databases(databases, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same tournament again (the bots are deterministic): every pair equal, no interval."""
    before, _ = databases
    copy = tmp_path / "again.db"
    shutil.copy(before, copy)
    assert main(["compare", f"{before}:bot:linear", str(copy), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["pairs"] == 16 and data["unmatched_a"] == 0
    assert all(d["difference"] == 0 and d["lower"] is None for d in data["differences"])


def test_user_errors_are_one_line_and_change_nothing(databases, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    before, after = databases
    assert main(["compare", str(before), str(after)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"error: name the agents to compare: DB_A:AGENT DB_B:AGENT ({before} has bot:boulware, bot:conceder, "
        f"bot:linear; {after} has bot:boulware, bot:conceder, bot:hardliner, bot:random)")
    assert main(["compare", f"{before}:bot:nobody", str(after)]) == 1
    assert "no finished cross-play match of agent bot:nobody" in capsys.readouterr().err
    assert main(["compare", str(tmp_path / "missing.db"), str(after)]) == 1
    assert capsys.readouterr().err.startswith(f"error: {tmp_path / 'missing.db'}: no such database")
    other = tmp_path / "other.db"
    other.write_bytes(b"not a database at all")
    assert main(["compare", f"{other}:x", f"{after}:bot:random"]) == 1
    assert capsys.readouterr().err.strip() == (f"error: {other}: file is not a database (it has no SQLite header) "
                                               "(give the path `lamen run` printed)")
    assert other.read_bytes() == b"not a database at all"
    # Two agents of one database: their matches against each other cannot pair, the rest do.
    assert main(["compare", f"{before}:bot:conceder", f"{before}:bot:boulware"]) == 0


def test_intervals_cover_a_null_difference() -> None:
    """One agent in two independent runs of the same synthetic tournament (6 agents, two
    debiased blocks per pairing; lamen.ratings.simulate_utilities): the true difference is 0, and
    the nominal-95% intervals on 40 pairs in 10 blocks cover it 92–95% of 100 seeds."""
    from lamen.ratings import simulate_utilities

    names = [f"agent{i}" for i in range(6)]
    gets = dict(zip(names, 0.4 + 0.05 * (np.arange(6) - 2.5)))
    gives = dict(zip(names, 0.4 + 0.02 * ((np.arange(6) * 5) % 6 - 2.5)))
    covered = dict.fromkeys(("utility", "agreement", "score"), 0)
    for seed in range(100):
        runs = []
        for run in (2 * seed, 2 * seed + 1):
            matches = simulate_utilities(gets, gives, games_per_pair=8, agreement=0.9, seed=run)
            runs.append(matches.assign(stage="cross", status="finished", mirror=0,
                                       repetition=matches["block"].str.rsplit("|", n=1).str[1].astype(int)))
        result = compare_agents(runs[0], "agent2", runs[1], "agent2")
        assert (result.pairs, result.blocks) == (40, 10)
        for difference in result.differences:
            covered[difference.figure] += difference.lower <= 0 <= difference.upper
    assert covered == {"utility": 95, "agreement": 92, "score": 95}
