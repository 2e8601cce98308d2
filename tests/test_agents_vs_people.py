"""Agent-vs-environment tournaments through `lamen run` (issue 18 points 3 and 4): the shipped
`tournaments/agents-vs-people.yaml` plays PeopleJoin-QA and ToolWOZ offline with scripted players,
every agent × simulator × instance; one simulator binding fills every simulated seat; the store
keeps the episode's events; `lamen ratings` gives per metric the agent × simulator matrix, the
rankings per simulator and Kendall's τ (the two scripted ToolWOZ users rank the four agents
identically: τ = 1), the ratings, and the oracles as upper bounds; a rerun plays nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.runner.run import plan_family
from lamen.spec.problems import SpecError
from lamen.spec.tournament import Tournament
from lamen.store import Store

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "tournaments" / "agents-vs-people.yaml"
TOOLWOZ_AGENTS = ["player:oracle", "player:slot-filler", "player:random-api", "player:speak-only"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped tournament file, played once in a fresh folder (its database and reports)."""
    folder = tmp_path_factory.mktemp("agents-vs-people")
    spec = folder / "agents-vs-people.yaml"
    shutil.copy(SHIPPED, spec)
    import os

    here = Path.cwd()
    os.chdir(folder)
    try:
        assert main(["run", str(spec), "--yes", "--quiet"]) == 0
    finally:
        os.chdir(here)
    return folder / "reports" / "agents-vs-people"


def ratings_json(database: Path, tournament: str, capsys: pytest.CaptureFixture[str]) -> dict:
    capsys.readouterr()
    assert main(["ratings", str(database), "--tournament", tournament, "--json", "--bootstrap", "50"]) == 0
    return json.loads(capsys.readouterr().out)["tournaments"][tournament]


def test_ratings_of_a_tournament_the_database_does_not_hold_is_one_line(played: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["ratings", str(played / "tournament.db"), "--tournament", "people-tool"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "no tournament named 'people-tool' (tournaments here: people-peoplejoin, people-toolwoz)" in err


def test_every_agent_meets_every_simulator_on_every_instance(played: Path) -> None:
    store = Store.open_read_only(played / "tournament.db")
    try:
        people = store.match_rows("people-peoplejoin")
        tool = store.match_rows("people-toolwoz")
    finally:
        store.close()
    assert len(people) == 3 * 3 * 5 and len(tool) == 4 * 2 * 8
    assert all(row["status"] == "finished" for row in people + tool)
    pairs = {(row["agent_a"], row["agent_b"], row["game"]) for row in tool}
    assert len(pairs) == 64 and {a for a, _, _ in pairs} == set(TOOLWOZ_AGENTS)
    assert {b for _, b, _ in pairs} == {"player:terse", "player:verbose"}
    # The oracle completes every goal call of every shipped goal, whoever the customer is.
    assert {row["outcome"]["metrics"]["reward"] for row in tool if row["agent_a"] == "player:oracle"} == {1.0}
    assert {row["outcome"]["metrics"]["reward"] for row in tool if row["agent_a"] == "player:speak-only"} == {0.0}
    # PeopleJoin's SQL oracle asks exactly the gold people, whoever plays them.
    oracle = [row["outcome"]["metrics"] for row in people if row["agent_a"] == "player:sql-oracle"]
    assert {m["p_rec"] for m in oracle} == {1.0} and {m.get("p_prec", 1.0) for m in oracle} == {1.0}
    assert {row["outcome"]["metrics"]["people"] for row in people if row["agent_a"] == "player:message-none"} == {0.0}


def test_one_simulator_binding_fills_every_colleague_each_in_its_own_thread(played: Path) -> None:
    store = Store.open_read_only(played / "tournament.db")
    try:
        row = next(r for r in store.match_rows("people-peoplejoin")
                   if r["agent_a"] == "player:ask-everyone" and r["agent_b"] == "player:table-dump")
        transcript = json.loads(store.transcript_json(row["match_id"]) or "{}")
    finally:
        store.close()
    events = transcript["events"]
    asked = [e["to"][0] for e in events if e["kind"] == "message" and e["role"] == "hub" and e["to"][0] != "primary"]
    answered = [e["role"] for e in events if e["kind"] == "message" and e["role"].startswith("colleague:")]
    assert asked and sorted(asked) == sorted(answered)  # every colleague asked answered, in its own seat
    assert all(e["visible_to"] == sorted(["hub", e["role"]]) for e in events
               if e["kind"] == "message" and e["role"].startswith("colleague:"))
    assert transcript["agents"] == ["player:ask-everyone", "player:table-dump"]
    # Each colleague's turns are stored as the simulator's side, with the seat that wrote them.
    sides = {turn["role"]: turn["side"] for turn in transcript["turns"]}
    assert sides["hub"] == 0 and {sides[r] for r in answered} == {1} and sides["primary"] == 1


def test_the_two_scripted_users_rank_the_four_toolwoz_agents_identically(played: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    view = ratings_json(played / "tournament.db", "people-toolwoz", capsys)
    assert view["relation"] == "agent-vs-env" and view["sees_everything"] == ["player:oracle"]
    reward = next(m for m in view["metrics"] if m["key"] == "reward")
    ranks = reward["rankings"]
    assert ranks["player:oracle"] == {"player:terse": 1.0, "player:verbose": 1.0}
    assert ranks["player:slot-filler"] == {"player:terse": 2.0, "player:verbose": 2.0}
    assert ranks["player:random-api"] == ranks["player:speak-only"] == {"player:terse": 3.0, "player:verbose": 3.0}
    assert reward["tau"]["player:terse"]["player:verbose"] == 1.0
    assert reward["observed"]["player:oracle"] == {"player:terse": 1.0, "player:verbose": 1.0}
    ratings = {(r["role"], r["agent"]): r for r in reward["ratings"]}
    assert ratings["agent", "player:oracle"]["unbounded"] == "above"
    assert ratings["agent", "player:speak-only"]["unbounded"] == "below"
    assert ratings["agent", "player:slot-filler"]["unbounded"] == ""  # it scores between 0 and 1
    # The verbose customer discloses more a turn: the slot-filler completes more with it.
    slot = reward["observed"]["player:slot-filler"]
    assert slot["player:verbose"] > slot["player:terse"]
    assert ratings["simulator", "player:verbose"]["points"] > ratings["simulator", "player:terse"]["points"]


def test_peoplejoin_metrics_are_shown_per_agent_and_simulator(played: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    view = ratings_json(played / "tournament.db", "people-peoplejoin", capsys)
    labels = [m["label"] for m in view["metrics"]]
    assert labels == ["Match", "MsgCnt", "MsgSize", "#People", "P-Prec", "P-Rec"]
    assert view["sees_everything"] == ["player:sql-oracle"]
    by = {m["key"]: m for m in view["metrics"]}
    assert by["msg_cnt"]["ratings"] is None and "count" in by["msg_cnt"]["no_ratings"]
    simulators = ("player:table-dump", "player:redirect", "player:dont-have")
    assert by["p_rec"]["observed"]["player:sql-oracle"] == {s: 1.0 for s in simulators}
    assert by["people"]["observed"]["player:message-none"]["player:table-dump"] == 0.0
    # Contact-nobody leaves P-Prec undefined: no cell, not a zero.
    assert by["p_prec"]["observed"]["player:message-none"]["player:table-dump"] is None
    assert by["match"]["ratings"] is not None


def test_a_rerun_plays_nothing_and_the_text_views_print(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store.open_read_only(played / "tournament.db")
    try:
        before = {r["match_id"]: r["outcome"] for r in store.match_rows("people-toolwoz")}
    finally:
        store.close()
    import os

    here = Path.cwd()
    os.chdir(played.parent.parent)
    try:
        capsys.readouterr()
        assert main(["run", "agents-vs-people.yaml", "--yes", "--quiet"]) == 0
    finally:
        os.chdir(here)
    out = capsys.readouterr().out
    # A resumed run's summary: the sessions and the mean of the headline metric over all of them
    # (agents among simulated people reach no agreements).
    mean = sum(outcome["metrics"]["reward"] for outcome in before.values()) / len(before)
    assert f"people-toolwoz: 64/64 sessions, mean reward {mean:.3g}, 0 errors, $0.00 in " in out
    assert "agreements" not in out
    store = Store.open_read_only(played / "tournament.db")
    try:
        assert {r["match_id"]: r["outcome"] for r in store.match_rows("people-toolwoz")} == before
    finally:
        store.close()
    assert main(["ratings", str(played / "tournament.db"), "--bootstrap", "20"]) == 0
    text = capsys.readouterr().out
    assert "reward: Kendall's τ between the simulators' rankings" in text
    assert "player:sql-oracle sees everything" in text and "player:oracle sees everything" in text


def test_status_shows_the_headline_metric_not_agreements(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store.open_read_only(played / "tournament.db")
    try:
        rewards = [r["outcome"]["metrics"]["reward"] for r in store.match_rows("people-toolwoz")]
        matches = [r["outcome"]["metrics"]["match"] for r in store.match_rows("people-peoplejoin")]
    finally:
        store.close()
    capsys.readouterr()
    assert main(["status", str(played / "tournament.db")]) == 0
    out = capsys.readouterr().out
    assert f"people-toolwoz: 64/64 matches finished, mean reward {sum(rewards) / 64:.3g}, 0 errored" in out
    assert f"people-peoplejoin: 45/45 matches finished, mean Match {sum(matches) / 45:.3g}, 0 errored" in out
    assert "agreements" not in out


def _spec(**fields: object) -> dict:
    return {"name": "t", "family": "toolwoz", "agents": ["player:oracle"], "instances": {"count": 1}, **fields}


def test_a_spec_without_simulators_or_with_misplaced_ones_is_one_located_line() -> None:
    with pytest.raises(SpecError) as missing:
        plan_family(Tournament.model_validate(_spec()))
    assert [p.field for p in missing.value.problems] == [("simulators",)]
    assert "needs `simulators`" in missing.value.problems[0].message
    with pytest.raises(SpecError) as unknown:
        plan_family(Tournament.model_validate(_spec(simulators=["player:nobody"])))
    assert [p.field for p in unknown.value.problems] == [("simulators", 0)]
    with pytest.raises(SpecError) as cooperative:
        plan_family(Tournament.model_validate(_spec(family="dialop.optimization", agents=["player:random"],
                                                    simulators=["player:random"], instances={"count": 1})))
    assert [p.field for p in cooperative.value.problems] == [("simulators",)]
    with pytest.raises(SpecError) as negotiation:
        Tournament.model_validate({"name": "t", "agents": ["bot:linear"], "games": ["x"], "simulators": ["bot:linear"]})
    assert ("simulators",) in [p.field for p in negotiation.value.problems]
    with pytest.raises(SpecError) as clash:
        Tournament.model_validate(_spec(agents=[{"agent": "mock:a.yaml", "id": "m"}],
                                        simulators=[{"agent": "mock:b.yaml", "id": "m"}]))
    assert [p.field for p in clash.value.problems] == [("simulators", 0)]


def test_the_schedule_is_agents_by_simulators_by_instances() -> None:
    tournament = Tournament.model_validate(_spec(agents=["player:oracle", "player:speak-only"],
                                                 simulators=["player:terse", "player:verbose"],
                                                 instances={"count": 3}, repetitions=2))
    matches = plan_family(tournament)
    assert len(matches) == 2 * 2 * 3 * 2
    assert {m.stage for m in matches} == {"cross"} and {m.starts for m in matches} == {0}
    assert {m.agent_a.id for m in matches} == {"player:oracle", "player:speak-only"}
    assert {m.agent_b.id for m in matches} == {"player:terse", "player:verbose"}
    assert len({m.id for m in matches}) == len(matches)
    # Same spec, same ids: a rerun finds what is done.
    assert [m.id for m in plan_family(tournament)] == [m.id for m in matches]
