"""Cooperative tournaments through `lamen run` (issue 16, point 5): a common-payoff family's
scripted players, every pairing (self-play included) on the same instances in both seat orders
and with both first movers, stored with the team score on both seats, resumable, and rated as
partners by `lamen ratings` — chosen by the family's relation."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.spec.load import load_tournament, load_tournaments
from lamen.store import Store
from tests.conftest import REPO

PLAYERS = ("random", "own-view", "share-all", "oracle")


def write_spec(tmp_path: Path, family: str, players: tuple[str, ...], instances: str, name: str = "coop") -> Path:
    path = tmp_path / f"{name}.yaml"
    agents = "".join(f"  - player:{player}\n" for player in players)
    path.write_text(f"name: {name}\nfamily: {family}\nagents:\n{agents}instances: {instances}\nseed: 3\n")
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
def optimization_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four Optimization players on the first five shipped human games, through the CLI."""
    tmp_path = tmp_path_factory.mktemp("coop")
    db = tmp_path / "t.db"
    spec = write_spec(tmp_path, "dialop.optimization", PLAYERS, "{config: {source: human}, count: 5}")
    assert main(["run", str(spec), "--db", str(db), "--quiet", "--yes"]) == 0
    return db


def test_every_pairing_plays_the_same_instances_in_both_seat_orders(optimization_db: Path) -> None:
    rows = stored(optimization_db)
    # 5 instances × (4 agents × 4 self-play seatings + 6 pairs × 2 seat orders × 2 first movers)
    assert len(rows) == 5 * (4 * 4 + 6 * 4) == 200
    assert Counter(row["status"] for row in rows) == {"finished": 200}
    assert Counter(row["stage"] for row in rows) == {"self": 80, "cross": 120}
    instances = {row["game"] for row in rows}
    assert instances == {f"source=human/dialop-human:{k}" for k in range(5)}
    by_pair: dict[tuple[str, str], Counter] = defaultdict(Counter)
    seatings: dict[tuple[str, str, str], set] = defaultdict(set)
    for row in rows:
        pair = tuple(sorted((row["agent_a"], row["agent_b"])))
        by_pair[pair][row["game"]] += 1
        seatings[(*pair, row["game"])].add((row["agent_a"], row["starts"], row["mirror"]))
    pairs = set(itertools.combinations_with_replacement(sorted(f"player:{p}" for p in PLAYERS), 2))
    assert set(by_pair) == pairs
    assert all(counts == Counter({game: 4 for game in instances}) for counts in by_pair.values())
    for (a, b, _), seen in seatings.items():
        # Both seat orders (a pair) or both copies of the agent (self-play), each with both first movers.
        expected = {(a, s, 0) for s in (0, 1)} | {(b, s, 0) for s in (0, 1)} if a != b \
            else {(a, s, m) for s in (0, 1) for m in (0, 1)}
        assert seen == expected


def test_stored_scores_are_the_family_s_scorer(optimization_db: Path) -> None:
    """Each stored match replayed through the core with the same players and seed: both seats'
    utility and the welfare are the family's team score, the metrics its own."""
    from lamen.families.optimization.instances import human_instance

    family = get_family("dialop.optimization")
    roles = ("player-0", "player-1")
    store = Store.open_read_only(optimization_db)
    try:
        matches = list(store.stored_matches("coop"))
    finally:
        store.close()
    checked = Counter()
    by_id = {r["match_id"]: r for r in stored(optimization_db)}
    for match in matches[::7]:  # a spread of stages, pairings and instances
        row = match.row
        instance = human_instance(int(row["game"].rsplit(":", 1)[1]))
        seats = {role: PolicyAgent(agent, family.players[agent.removeprefix("player:")].make(instance, role),
                                   family.codec(role), seed=row["seed"])
                 for role, agent in zip(roles, (row["agent_a"], row["agent_b"]))}
        record = asyncio.run(play(family, instance, seats, first=roles[row["starts"]]))
        outcome = json.loads(match.outcome_json or "{}")
        assert outcome["team"] == record.score.team and outcome["metrics"] == record.score.metrics
        assert outcome["end_reason"] == record.score.end_reason
        stored_row = by_id[match.id]
        assert stored_row["u_a"] == stored_row["u_b"] == stored_row["welfare"] == record.score.team
        checked[row["stage"]] += 1
    assert checked["self"] and checked["cross"]
    # The oracle's teams reach the pooled optimum; random with itself does not always.
    rows = stored(optimization_db)
    assert all(r["u_a"] == 1.0 for r in rows if "player:oracle" in (r["agent_a"], r["agent_b"]))
    assert min(r["u_a"] for r in rows if r["agent_a"] == r["agent_b"] == "player:random") < 1.0


def test_ratings_order_the_optimization_players_as_partners(optimization_db: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", str(optimization_db), "--json", "--bootstrap", "200"]) == 0
    view = json.loads(capsys.readouterr().out)["tournaments"]["coop"]
    assert view["family"] == "dialop.optimization" and view["relation"] == "common-payoff"
    assert view["matches"] == 200
    order = [rating["agent"] for rating in view["ratings"]]
    assert order == ["player:oracle", "player:share-all", "player:own-view", "player:random"]
    ratings = {rating["agent"]: rating for rating in view["ratings"]}
    # The oracle's teams always score 1: an unbounded strength, its finite end above random's interval.
    assert ratings["player:oracle"]["unbounded"] == "above"
    assert ratings["player:oracle"]["strength_low"] > ratings["player:random"]["strength_high"]
    assert ratings["player:share-all"]["self_play"] == 1.0 and ratings["player:share-all"]["gap"] < 0
    # The matrix is the mean team score, self-play on the diagonal.
    rows = stored(optimization_db)
    own = [r["u_a"] for r in rows if r["agent_a"] == r["agent_b"] == "player:own-view"]
    assert view["team_score"]["player:own-view"]["player:own-view"] == pytest.approx(sum(own) / len(own), abs=1e-12)
    # The console view: the matrix and the partner table, not the negotiation leaderboard.
    assert main(["ratings", str(optimization_db), "--bootstrap", "50"]) == 0
    out = capsys.readouterr().out
    assert "Team score of row with column (self-play on the diagonal)" in out
    assert "coop: partner ratings, strongest first" in out and "utility obtained" not in out
    # The oracle reads both seats' private data: marked as an upper bound, in JSON and on screen.
    assert view["sees_everything"] == ["player:oracle"]
    assert "player:oracle sees everything (every seat's private data): an upper bound" in out
    assert "player:share-all sees everything" not in out


def test_a_resumed_run_plays_nothing_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "t.db"
    run(write_spec(tmp_path, "dialop.optimization", ("own-view", "share-all"), "{config: {source: human}, count: 2}"),
        db, capsys)
    first = attempts(db)
    assert len(first) == 2 * (2 * 4 + 4) and set(first.values()) == {1}
    # Interrupted: three matches lost their results. Growing the instance list keeps every match id.
    lost = sorted(first)[:3]
    with sqlite3.connect(db) as connection:
        connection.executemany("UPDATE matches SET status='pending' WHERE id=?", [(m,) for m in lost])
        connection.executemany("DELETE FROM outcomes WHERE match_id=?", [(m,) for m in lost])
    out = run(write_spec(tmp_path, "dialop.optimization", ("own-view", "share-all"),
                         "{config: {source: human}, count: 3}"), db, capsys)
    second = attempts(db)
    assert len(second) == 3 * 12 and set(first) < set(second)
    assert {m: n for m, n in second.items() if n != 1} == {m: 2 for m in lost}
    assert "36/36 matches" in out
    run(write_spec(tmp_path, "dialop.optimization", ("own-view", "share-all"), "{config: {source: human}, count: 3}"),
        db, capsys)
    assert attempts(db) == second  # nothing left to play


def test_adventurers_tournament_scores_the_family_s_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "t.db"
    spec = write_spec(tmp_path, "adventurers", ("share-all-solver", "solo"), "{config: {n_rooms: 5}, seeds: [4, 9]}")
    out = run(spec, db, capsys)
    assert "partner ratings" in out
    rows = stored(db)
    assert len(rows) == 2 * (2 * 4 + 4) and all(r["status"] == "finished" for r in rows)
    assert {r["game"] for r in rows} == {"n_rooms=5/generated:paper-like:divergent:rooms=5:seed=4",
                                         "n_rooms=5/generated:paper-like:divergent:rooms=5:seed=9"}
    solver = [r for r in rows if r["agent_a"] == r["agent_b"] == "player:share-all-solver"]
    assert len(solver) == 8 and all(r["u_a"] == r["u_b"] == 1.0 for r in solver)
    assert all(r["outcome"]["metrics"]["optimal"] == 1.0 and r["outcome"]["metrics"]["identical"] == 1.0
               for r in solver)


@pytest.mark.parametrize(("agents", "instances", "says"), [
    ("[player:oracle, player:nobody]", "{count: 1}",
     "agents[1]: dialop.optimization has no scripted player 'nobody' (use one of: random, own-view, share-all, "
     "accept-all, oracle)"),
    ("[bot:linear]", "{count: 1}", "agents[0]: bot:linear is a scripted negotiator; a tournament of dialop.optimization seats"),
    ("[player:oracle]", "{config: {source: made-up}, count: 1}", "instances.config.source: Input should be"),
    ("[player:oracle]", "{count: 1, seeds: [1]}", "instances: instances need either `seeds` (a list) or `count`"),
    ("[player:oracle]", "{count: 135}", "instances: dialop.optimization has 134 human games: seed 134 is out of range"),
])
def test_bad_cooperative_specs_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], agents: str,
                                            instances: str, says: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(f"name: t\nfamily: dialop.optimization\nagents: {agents}\ninstances: {instances}\n")
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--quiet", "--yes"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:") and says in err and "\n" not in err, err
    assert not (tmp_path / "t.db").exists()


def test_negotiation_fields_are_refused_in_a_family_tournament(tmp_path: Path) -> None:
    from lamen.spec.problems import SpecError

    path = tmp_path / "t.yaml"
    path.write_text("name: t\nfamily: adventurers\nagents: [player:solo]\ngames: [rental-1-distributive]\n")
    with pytest.raises(SpecError) as caught:
        load_tournament(path)
    messages = [p.message for p in caught.value.problems]
    assert messages == ["a tournament of adventurers needs `instances`",
                        "a tournament of adventurers has no `games` (negotiation only)"]


def test_the_shipped_cooperative_quickstart_plans_both_families_without_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = REPO / "tournaments" / "cooperative-quickstart.yaml"
    spec = load_tournaments(path)
    assert spec.several and spec.name == "cooperative-quickstart"
    assert [(t.name, t.family) for t in spec.tournaments] == [("cooperative-optimization", "dialop.optimization"),
                                                             ("cooperative-adventurers", "adventurers")]
    assert spec.database_path() == Path("reports/cooperative-quickstart/tournament.db")
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("part cooperative-optimization (dialop.optimization)\n800 matches: ")
    assert "part cooperative-adventurers (adventurers)\n600 matches: " in out  # 10 boards × (5·4 self + 10·4 cross)
    assert not (tmp_path / "t.db").exists()


def test_a_part_plans_the_matches_its_own_file_would(tmp_path: Path) -> None:
    """A part is the tournament its mapping would be alone: same spec, same match ids — so the two
    former one-family quickstart files' matches are the parts' matches."""
    import yaml

    from lamen.runner import plan
    from lamen.spec.library import Library

    path = REPO / "tournaments" / "cooperative-quickstart.yaml"
    for index, part in enumerate(load_tournaments(path).tournaments):
        alone = tmp_path / f"{part.name}.yaml"
        alone.write_text(yaml.safe_dump(yaml.safe_load(path.read_text())["parts"][index]))
        single = load_tournament(alone)
        assert single == part
        assert [m.id for m in plan(single, Library.default())] == [m.id for m in plan(part, Library.default())]


def test_a_spec_without_parts_is_read_as_before() -> None:
    spec = load_tournaments(REPO / "tournaments" / "quickstart.yaml")
    assert not spec.several and spec.tournaments == (load_tournament(REPO / "tournaments" / "quickstart.yaml"),)
    assert spec.database_path() == Path("reports/quickstart/tournament.db")


PARTS = """name: both
parts:
  - name: opt
    family: dialop.optimization
    agents: [player:oracle, player:share-all]
    instances: {config: {source: human}, count: 1}
  - name: adv
    family: adventurers
    agents: [player:share-all-solver, player:solo]
    instances: {config: {n_rooms: 5}, count: 1}
"""


def test_a_file_of_parts_plays_each_into_one_database_with_a_report_each(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "both.yaml"
    spec.write_text(PARTS)
    db = tmp_path / "out" / "t.db"
    out = run(spec, db, capsys)
    rows = stored(db)
    assert Counter(r["tournament"] for r in rows) == {"opt": 2 * 4 + 4, "adv": 2 * 4 + 4}
    assert all(r["status"] == "finished" and r["u_a"] == r["u_b"] for r in rows)
    for name in ("opt", "adv"):
        assert f"part {name} (" in out and (tmp_path / "out" / name / "index.html").is_file()
        assert (tmp_path / "out" / name / "transcripts" / "0000.js").is_file()
    index = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert '<a href="opt/index.html">opt</a> — dialop.optimization: 12/12 matches' in index
    assert '<a href="adv/index.html">adv</a> — adventurers: 12/12 matches' in index
    assert f"reports of both: {(tmp_path / 'out' / 'index.html').resolve().as_uri()}" in out
    before = attempts(db)
    run(spec, db, capsys)  # resumes: nothing played twice
    assert attempts(db) == before


@pytest.mark.parametrize(("edit", "says"), [
    (lambda text: text.replace("  - name: adv\n", "  - name: opt\n"),
     ":7: parts[1].name: part name 'opt' is used twice"),
    (lambda text: text.replace("    family: adventurers\n", "    family: adventurers\n    database: x.db\n"),
     ":9: parts[1].database: a part has no `database` of its own"),
    (lambda text: text.replace("player:solo", "player:nobody"),
     ":9: parts[1].agents[1]: adventurers has no scripted player 'nobody'"),
    (lambda text: text.replace("{config: {n_rooms: 5}, count: 1}", "{count: 1, seeds: [2]}"),
     ":10: parts[1].instances: instances need either `seeds` (a list) or `count`"),
    (lambda text: text.replace("parts:", "prats:"), "unknown field"),
    (lambda text: text.replace("name: both\n", "name: both\ndatabse: x.db\n"), "unknown field"),
])
def test_bad_parts_are_one_located_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: object,
                                        says: str) -> None:
    path = tmp_path / "both.yaml"
    path.write_text(edit(PARTS))
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--quiet", "--yes"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:") and says in err and "\n" not in err, err
    assert not (tmp_path / "t.db").exists()


def test_the_one_tournament_loader_refuses_a_file_of_parts(tmp_path: Path) -> None:
    from lamen.spec.problems import SpecError

    path = tmp_path / "both.yaml"
    path.write_text(PARTS)
    with pytest.raises(SpecError) as caught:
        load_tournament(path)
    assert [(p.message, p.line) for p in caught.value.problems] == [
        ("this file lists several tournaments under `parts`", 2)]


@pytest.mark.slow
def test_the_shipped_cooperative_quickstart_runs_both_families_in_under_a_minute(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import time

    started = time.monotonic()
    db = tmp_path / "t.db"
    run(REPO / "tournaments" / "cooperative-quickstart.yaml", db, capsys)
    assert time.monotonic() - started < 60
    assert Counter(r["tournament"] for r in stored(db) if r["status"] == "finished") == {
        "cooperative-optimization": 800, "cooperative-adventurers": 600}
    assert (tmp_path / "index.html").is_file()


def test_the_report_chooses_partner_sections_by_relation(optimization_db: Path, tmp_path: Path) -> None:
    import pandas as pd

    from lamen.report import write_report

    report = write_report(optimization_db, tmp_path / "report", replicates=50)
    html = report.index.read_text("utf-8")
    for section in ("team-scores", "partner-ratings", "family-metrics", "transcripts"):
        assert f'id="{section}"' in html
    for negotiation in ("leaderboard", "head-to-head", "outcome-spaces"):
        assert f'id="{negotiation}"' not in html
    names = {table.name for table in report.tables}
    assert {"team_score_observed", "team_score_predicted", "partner_ratings", "family_metrics", "rate_optimal"} <= names
    ratings = pd.read_csv(tmp_path / "report" / "tables" / "partner_ratings.csv")
    assert list(ratings["agent"]) == ["player:oracle", "player:share-all", "player:own-view", "player:random"]
    observed = pd.read_csv(tmp_path / "report" / "tables" / "team_score_observed.csv", index_col=0)
    rows = stored(optimization_db)
    self_random = [r["u_a"] for r in rows if r["agent_a"] == r["agent_b"] == "player:random"]
    assert observed.at["player:random", "player:random"] == pytest.approx(sum(self_random) / len(self_random))
    optimal = pd.read_csv(tmp_path / "report" / "tables" / "rate_optimal.csv", index_col=0)
    assert (optimal.loc["player:oracle"] == 1.0).all() and optimal.at["player:share-all", "player:share-all"] == 1.0
    assert html.count("sees everything (every seat&#x27;s private data)") == 1
    assert "player:oracle sees everything" in html


def test_only_cheating_players_are_marked_as_seeing_everything() -> None:
    from lamen.core.registry import get_family

    agents = ["player:oracle", "player:share-all", "player:random", "oracle", "player:nobody", "bot:oracle"]
    assert get_family("dialop.optimization").sees_everything(agents) == ("player:oracle",)
    assert get_family("adventurers").sees_everything(agents) == ()  # its players read only their own view


def test_a_model_seat_plays_beside_scripted_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A `mock:` seat (a model's place) whose first reply of a game names a room the house lacks:
    the slip is fed back, the retry is stored with the move it led to, and the match is scored."""
    spec = tmp_path / "t.yaml"
    spec.write_text("name: t\nfamily: adventurers\nagents:\n"
                    "  - {id: llm, agent: 'mock:tests.test_coop_llm_seats:adventurers_reply_with_a_slip'}\n"
                    "  - player:share-all-solver\ninstances: {config: {n_rooms: 5}, count: 1}\n")
    db = tmp_path / "t.db"
    run(spec, db, capsys)
    rows = stored(db)
    assert len(rows) == 2 * 4 + 4 and all(r["status"] == "finished" for r in rows)
    assert all(r["u_a"] == r["u_b"] == r["outcome"]["team"] for r in rows)
    with sqlite3.connect(db) as connection:
        opening = connection.execute(
            "SELECT t.match_id, COUNT(*) FROM turns t JOIN calls c ON c.match_id = t.match_id AND c.turn_idx = t.idx "
            "JOIN matches m ON m.id = t.match_id WHERE t.idx = 0 AND c.agent = 'llm' AND "
            "((m.starts = 0 AND m.agent_a = 'llm') OR (m.starts = 1 AND m.agent_b = 'llm')) GROUP BY t.match_id"
        ).fetchall()
    # Every match the model seat opens: its slip and the retry, both stored with the first turn.
    assert opening and all(count == 2 for _, count in opening)


def test_rejudge_leaves_a_family_s_scores_alone(optimization_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = stored(optimization_db)
    assert main(["rejudge", str(optimization_db)]) == 0
    out = capsys.readouterr().out
    assert "coop: a tournament of dialop.optimization, scored by the family when played: nothing to judge again" in out
    assert "0 matches judged again, 0 changed" in out and stored(optimization_db) == before


def test_family_moves_split_a_reply_by_its_tags() -> None:
    from lamen.report.transcripts import family_moves

    assert family_moves("[propose]\n- Graph Kernels: Chen Wei\n- Speech Tokens: Hana Sato") == [
        {"kind": "propose", "text": "- Graph Kernels: Chen Wei\n- Speech Tokens: Hana Sato"}]
    assert family_moves("[think] IBP: L-E-L\n[suggest] L-E\n[agree]") == [
        {"kind": "think", "text": "IBP: L-E-L"}, {"kind": "suggest", "text": "L-E"}, {"kind": "agree", "text": ""}]
    assert family_moves("untagged words\n[Message] hi") == [
        {"kind": "text", "text": "untagged words"}, {"kind": "message", "text": "hi"}]


def test_the_viewer_shows_family_moves_and_marks_thoughts_private(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """An Adventurers match as the viewer gets it: the moves the partner saw, one per tag, and the
    seat's thoughts apart (from the turn's note), never among the moves; no negotiation note/message."""
    from lamen.report.data import read_report_data
    from lamen.report.transcripts import viewer_data

    db = tmp_path / "t.db"
    run(write_spec(tmp_path, "adventurers", ("share-all-solver", "agreeable"), "{config: {n_rooms: 5}, seeds: [4]}"),
        db, capsys)
    viewer = viewer_data(read_report_data(db))
    details = {match_id: detail for chunk in viewer.chunks for match_id, detail in chunk.items()}
    assert len(details) == 2 * 4 + 4
    with sqlite3.connect(db) as connection:
        stored_turns = connection.execute("SELECT match_id, idx, note, message FROM turns ORDER BY match_id, idx").fetchall()
    thoughts = 0
    for match_id, index, note, message in stored_turns:
        turn = details[match_id]["turns"][index]
        assert "note" not in turn and "message" not in turn
        kinds = [line.split("]")[0][1:] for line in message.splitlines() if line.startswith("[")]
        assert [move["kind"] for move in turn["moves"]] == [kind for kind in kinds if kind != "think"]
        assert turn["private"] == "\n".join(line.removeprefix("[think] ") for line in note.splitlines())
        thoughts += bool(note)
    assert thoughts > 0  # the solver writes its planned tour as a thought
    some = next(t for d in details.values() for t in d["turns"] if t["private"])
    assert some["private"].startswith("IBP: L-") and all(m["kind"] != "think" for m in some["moves"])
