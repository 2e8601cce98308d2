"""Tournaments of the asymmetric DialOp families through `lamen run` (issue 17, points 5–6):
Planning (assistant, user) and Mediation (assistant, two users, one user agent in both seats).
Every agent plays the assistant with every agent as the user, on the same instances, once per
possible first mover; the team score is stored; resume plays nothing twice; `lamen ratings` and
the report show role ratings and the assistant × user matrix, chosen by the family's roles."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import sqlite3
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.core.seats import seat_plan
from lamen.core.types import RoleSpec
from lamen.spec.load import load_tournaments
from lamen.store import Store
from tests.conftest import REPO

PLANNING = ("random", "hill-climb", "oracle")
MEDIATION = ("random", "shared-view", "oracle")


def write_spec(tmp_path: Path, family: str, players: tuple[str, ...], count: int, name: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    agents = "".join(f"  - player:{player}\n" for player in players)
    path.write_text(f"name: {name}\nfamily: {family}\nagents:\n{agents}"
                    f"instances: {{config: {{source: human}}, count: {count}}}\nseed: 5\n")
    return path


def run(spec: Path, db: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code = main(["run", str(spec), "--db", str(db), "--quiet", "--yes"])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def stored(db: Path) -> list[dict]:
    store = Store.open_read_only(db)
    try:
        return store.match_rows()
    finally:
        store.close()


def attempts(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as connection:
        return dict(connection.execute("SELECT id, attempts FROM matches").fetchall())


@pytest.fixture(scope="module")
def planning_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("planning")
    db = tmp_path / "t.db"
    spec = write_spec(tmp_path, "dialop.planning", PLANNING, 3, "plan")
    assert main(["run", str(spec), "--db", str(db), "--quiet", "--yes"]) == 0
    return db


@pytest.fixture(scope="module")
def mediation_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("mediation")
    db = tmp_path / "t.db"
    spec = write_spec(tmp_path, "dialop.mediation", MEDIATION, 2, "med")
    assert main(["run", str(spec), "--db", str(db), "--quiet", "--yes"]) == 0
    return db


def test_the_seat_plans_come_from_the_families_roles() -> None:
    planning = seat_plan(get_family("dialop.planning"))
    mediation = seat_plan(get_family("dialop.mediation"))
    optimization = seat_plan(get_family("dialop.optimization"))
    assert planning is not None and mediation is not None and optimization is not None
    assert (planning.roles, planning.sides, planning.parties) == (("assistant", "user"), (0, 1), ("assistant", "user"))
    assert (mediation.roles, mediation.sides, mediation.parties) == (("assistant", "user-0", "user-1"), (0, 1, 1),
                                                                      ("assistant", "users"))
    assert mediation.rated_roles() == {"assistant": "assistant", "user-0": "users", "user-1": "users"}
    assert optimization.interchangeable and not planning.interchangeable and not mediation.interchangeable
    assert seat_plan(get_family("negotiation")) is None


@pytest.mark.parametrize(("db_name", "players", "count"), [("planning_db", PLANNING, 3), ("mediation_db", MEDIATION, 2)])
def test_every_assistant_plays_every_user_on_the_same_instances(request: pytest.FixtureRequest, db_name: str,
                                                                players: tuple[str, ...], count: int) -> None:
    rows = stored(request.getfixturevalue(db_name))
    agents = [f"player:{p}" for p in players]
    # instances × (3 assistants × 3 users) × 2 first movers (Planning: either role; Mediation: either user)
    assert len(rows) == count * 9 * 2
    assert Counter(row["status"] for row in rows) == {"finished": count * 18}
    assert Counter(row["stage"] for row in rows) == {"self": count * 3 * 2, "cross": count * 6 * 2}
    assert {row["game"] for row in rows} == {f"source=human/dialop-human:{k}" for k in range(count)}
    seatings: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for row in rows:
        seatings[(row["agent_a"], row["agent_b"])][(row["game"], row["starts"])] += 1
    assert set(seatings) == set(itertools.product(agents, agents))  # ordered: who assists whom
    every = {(f"source=human/dialop-human:{k}", starts): 1 for k in range(count) for starts in (0, 1)}
    assert all(dict(found) == every for found in seatings.values())
    assert all(row["u_a"] == row["u_b"] == row["welfare"] for row in rows)


@pytest.mark.parametrize(("db_name", "family_name"), [("planning_db", "dialop.planning"),
                                                      ("mediation_db", "dialop.mediation")])
def test_stored_scores_are_a_replay_through_the_family_s_scorer(request: pytest.FixtureRequest, db_name: str,
                                                                family_name: str) -> None:
    """Each stored match replayed through the core: the assistant's agent in the assistant seat,
    the user agent in every user seat, the same seed and first mover."""
    db = request.getfixturevalue(db_name)
    family = get_family(family_name)
    config = family.config(source="human")
    store = Store.open_read_only(db)
    try:
        tournament = store.tournaments()[0]
        matches = list(store.stored_matches(tournament))
    finally:
        store.close()
    by_id = {r["match_id"]: r for r in stored(db)}
    checked: Counter = Counter()
    for match in matches[::3]:
        row = match.row
        index = int(row["game"].rsplit(":", 1)[1])
        instance = family.instances(config, index)
        assert instance.source == f"dialop-human:{index}"
        roles = [spec.name for spec in family.roles(config, instance)]
        seats = {role: PolicyAgent(agent, family.players[agent.removeprefix("player:")].make(instance, role),
                                   family.codec(role), seed=row["seed"])
                 for role in roles for agent in [row["agent_a"] if role == "assistant" else row["agent_b"]]}
        record = asyncio.run(play(family, instance, seats, first=family.first_movers[row["starts"]]))
        outcome = json.loads(match.outcome_json or "{}")
        assert outcome["team"] == record.score.team and outcome["metrics"] == record.score.metrics
        assert outcome["end_reason"] == record.score.end_reason
        assert by_id[match.id]["u_a"] == record.score.team
        checked[row["stage"]] += 1
    assert checked["self"] and checked["cross"]
    rows = stored(db)
    # The oracle assistant with the oracle user finds the best plan (or flight pair) every time.
    assert all(r["u_a"] == 1.0 for r in rows if r["agent_a"] == r["agent_b"] == "player:oracle")


def test_a_resumed_run_plays_nothing_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "t.db"
    run(write_spec(tmp_path, "dialop.mediation", ("random", "shared-view"), 1, "resume"), db, capsys)
    first = attempts(db)
    assert len(first) == 1 * 4 * 2 and set(first.values()) == {1}
    lost = sorted(first)[:3]
    with sqlite3.connect(db) as connection:
        connection.executemany("UPDATE matches SET status='pending' WHERE id=?", [(m,) for m in lost])
        connection.executemany("DELETE FROM outcomes WHERE match_id=?", [(m,) for m in lost])
    out = run(write_spec(tmp_path, "dialop.mediation", ("random", "shared-view"), 2, "resume"), db, capsys)
    second = attempts(db)
    assert len(second) == 16 and set(first) < set(second)
    assert {m: n for m, n in second.items() if n != 1} == {m: 2 for m in lost}
    assert "16/16 matches" in out
    run(write_spec(tmp_path, "dialop.mediation", ("random", "shared-view"), 2, "resume"), db, capsys)
    assert attempts(db) == second


def test_ratings_order_planning_assistants_and_show_the_role_matrix(planning_db: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", str(planning_db), "--json", "--bootstrap", "100"]) == 0
    view = json.loads(capsys.readouterr().out)["tournaments"]["plan"]
    assert view["family"] == "dialop.planning" and view["roles"] == ["assistant", "user"]
    assert view["matches"] == 54
    assistants = [r["agent"] for r in view["role_ratings"] if r["role"] == "assistant"]
    assert assistants == ["player:oracle", "player:hill-climb", "player:random"]
    ratings = {(r["role"], r["agent"]): r for r in view["role_ratings"]}
    assert ratings["assistant", "player:oracle"]["unbounded"] == "above"  # its teams always score 1
    assert ratings["assistant", "player:hill-climb"]["strength_low"] > ratings["assistant", "player:random"]["strength_high"]
    assert all(r["matches"] == 18 for r in view["role_ratings"])  # 3 partners × 3 instances × 2 first movers
    rows = stored(planning_db)
    cell = [r["u_a"] for r in rows if (r["agent_a"], r["agent_b"]) == ("player:hill-climb", "player:random")]
    observed = view["team_score"]["observed"]
    assert observed["player:hill-climb"]["player:random"] == pytest.approx(sum(cell) / len(cell), abs=1e-12)
    assert view["team_score"]["matches"]["player:hill-climb"]["player:random"] == 6
    assert set(view["team_score"]["predicted"]) == {f"player:{p}" for p in PLANNING}
    assert view["sees_everything"] == ["player:oracle"]
    assert main(["ratings", str(planning_db), "--bootstrap", "50"]) == 0
    out = capsys.readouterr().out
    assert "plan (dialop.planning, common payoff, roles assistant × user): 54 finished matches on 3 instances" in out
    assert "Team score: assistant (row) with user (column), observed" in out
    assert "plan: role ratings, strongest first within each role" in out
    assert "player:oracle sees everything (every seat's private data)" in out
    assert "partner ratings" not in out and "utility obtained" not in out


def test_mediation_rates_both_user_seats_as_one_role(mediation_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", str(mediation_db), "--json", "--bootstrap", "50"]) == 0
    view = json.loads(capsys.readouterr().out)["tournaments"]["med"]
    assert view["roles"] == ["assistant", "users"]
    assert view["seats"] == {"assistant": "assistant", "user-0": "users", "user-1": "users"}
    assert Counter(r["role"] for r in view["role_ratings"]) == {"assistant": 3, "users": 3}
    assistants = [r["agent"] for r in view["role_ratings"] if r["role"] == "assistant"]
    assert assistants[0] == "player:oracle"


def test_the_report_shows_role_sections(planning_db: Path, tmp_path: Path) -> None:
    import pandas as pd

    from lamen.report import write_report

    report = write_report(planning_db, tmp_path / "report", replicates=50)
    html = report.index.read_text("utf-8")
    for section in ("team-scores", "role-ratings", "family-metrics", "transcripts"):
        assert f'id="{section}"' in html
    assert 'id="partner-ratings"' not in html and 'id="leaderboard"' not in html
    names = {table.name for table in report.tables}
    assert {"team_score_observed", "team_score_predicted", "role_ratings", "family_metrics"} <= names
    ratings = pd.read_csv(tmp_path / "report" / "tables" / "role_ratings.csv")
    assert list(ratings[ratings["role"] == "assistant"]["agent"]) == ["player:oracle", "player:hill-climb",
                                                                      "player:random"]
    observed = pd.read_csv(tmp_path / "report" / "tables" / "team_score_observed.csv", index_col=0)
    rows = stored(planning_db)
    cell = [r["u_a"] for r in rows if (r["agent_a"], r["agent_b"]) == ("player:random", "player:hill-climb")]
    assert observed.at["player:random", "player:hill-climb"] == pytest.approx(sum(cell) / len(cell))
    assert "player:oracle sees everything" in html


def test_the_shipped_dialop_tournament_plans_all_three_games(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = REPO / "tournaments" / "dialop.yaml"
    spec = load_tournaments(path)
    assert [(t.name, t.family) for t in spec.tournaments] == [("dialop-optimization", "dialop.optimization"),
                                                             ("dialop-planning", "dialop.planning"),
                                                             ("dialop-mediation", "dialop.mediation")]
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("part dialop-optimization (dialop.optimization)\n400 matches: ")  # 10 × (4·4 + 6·4)
    assert "part dialop-planning (dialop.planning)\n300 matches: " in out  # 6 × 5·5 × 2 first movers
    assert "part dialop-mediation (dialop.mediation)\n256 matches: " in out  # 8 × 4·4 × 2 first movers
    assert not (tmp_path / "t.db").exists()


def test_symmetric_schedules_keep_their_match_ids() -> None:
    """The cooperative quickstart plans the very matches it planned before asymmetric families
    could be played (digests of its match ids, taken on the integration branch before)."""
    from lamen.runner.run import plan_family

    spec = load_tournaments(REPO / "tournaments" / "cooperative-quickstart.yaml")
    found = {}
    for tournament in spec.tournaments:
        ids = [match.id for match in plan_family(tournament)]
        found[tournament.name] = (len(ids), hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16])
    assert found == {"cooperative-optimization": (800, "e2d4e86957e620a7"),
                     "cooperative-adventurers": (600, "3b90f98801ae34ec")}


def test_a_family_whose_seats_two_agents_cannot_fill_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import lamen.runner.family as runner_family

    three = replace(get_family("dialop.mediation"), name="three-parties", seat_symmetries=(),
                    roles=lambda config, instance: tuple(RoleSpec(name=r, kind="contestant")
                                                         for r in ("assistant", "user-0", "user-1")))
    assert seat_plan(three) is None
    monkeypatch.setattr(runner_family, "get_family", lambda name: three)
    path = tmp_path / "t.yaml"
    path.write_text("name: t\nfamily: three-parties\nagents: [player:random]\ninstances: {count: 1}\n")
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--quiet", "--yes"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:2: family: game family 'three-parties' cannot be played by `lamen run` yet")
    assert "\n" not in err and not (tmp_path / "t.db").exists()


def test_the_cost_estimate_counts_the_seats_an_agent_fills(tmp_path: Path) -> None:
    """A model agent's output tokens: moves per seat (Planning: its instances' 30 committed moves
    over two roles, not the 1,000-step backstop; Mediation: 45 over three) × 200 per move, summed
    over the seats it fills (Mediation's user agent fills two), counted for both sides in self-play."""
    from lamen.runner.estimate import estimate
    from lamen.runner.run import plan_family
    from lamen.spec.load import load_tournament

    found = {}
    for family in ("dialop.planning", "dialop.mediation"):
        path = tmp_path / f"{family}.yaml"
        path.write_text(f"name: t\nfamily: {family}\nagents: [player:random, openai:gpt-4o-mini]\n"
                        "instances: {config: {source: human}, count: 1}\n")
        tournament = load_tournament(path)
        matches = plan_family(tournament)
        (model,) = [item for item in estimate(matches, family=family) if item.agent == "openai:gpt-4o-mini"]
        found[family] = (len(matches), model.matches, model.output_tokens)
    # 1 instance × 2·2 pairings × 2 first movers = 8 matches; the model is in 6, both sides of 2.
    assert found["dialop.planning"] == (8, 8, 8 * 15 * 200)
    # As assistant: 15 moves; as user: 2 seats × 15; self-play both.
    assert found["dialop.mediation"] == (8, 8, 2 * (15 + 30) * 200 + 2 * 15 * 200 + 2 * 30 * 200)


@pytest.mark.slow
def test_the_shipped_dialop_tournament_runs_all_three_games_in_under_a_minute(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import time

    started = time.monotonic()
    db = tmp_path / "t.db"
    out = run(REPO / "tournaments" / "dialop.yaml", db, capsys)
    assert time.monotonic() - started < 60
    assert Counter(r["tournament"] for r in stored(db) if r["status"] == "finished") == {
        "dialop-optimization": 400, "dialop-planning": 300, "dialop-mediation": 256}
    assert "dialop-planning: role ratings, strongest first within each role" in out
    assert "dialop-optimization: partner ratings, strongest first" in out
    assert (tmp_path / "index.html").is_file()
    for part in ("dialop-optimization", "dialop-planning", "dialop-mediation"):
        assert (tmp_path / part / "index.html").is_file()


def mediation_user_reply(request: object) -> str:
    """A model's place in Mediation's user seats: accepts whatever is put to it, else says so."""
    from lamen.agents.base import ChatRequest

    assert isinstance(request, ChatRequest)
    last = next(m.content for m in reversed(request.messages) if m.role == "user")
    return "[accept]" if "[accept]" in last and "[reject]" in last else "[message] Any flight suits me."


def test_one_model_agent_fills_both_mediation_user_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "t.yaml"
    spec.write_text("name: t\nfamily: dialop.mediation\nagents:\n"
                    "  - {id: llm, agent: 'mock:tests.test_dialop_tournament:mediation_user_reply'}\n"
                    "  - player:oracle\ninstances: {config: {source: human}, count: 1}\ncross_play: true\n"
                    "self_play: false\n")
    db = tmp_path / "t.db"
    run(spec, db, capsys)
    rows = stored(db)
    assert len(rows) == 2 * 2 and all(r["status"] == "finished" for r in rows)
    with sqlite3.connect(db) as connection:
        callers = connection.execute("SELECT m.agent_a, c.agent, COUNT(*) FROM calls c JOIN matches m "
                                     "ON m.id = c.match_id GROUP BY m.agent_a, c.agent").fetchall()
    # With the oracle assisting, every call from a user seat is the model's (both seats are its);
    # two matches, each a message or two and an acceptance from each user seat.
    assert {agent: n for assisting, agent, n in callers if assisting == "player:oracle"} == {"llm": 7,
                                                                                            "player:oracle": 2}
    helped = [r for r in rows if r["agent_a"] == "player:oracle"]
    # The oracle proposes the best pair to both; the model accepts in both seats: a perfect score.
    assert [r["u_a"] for r in helped] == [1.0, 1.0]
