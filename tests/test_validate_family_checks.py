"""`lamen validate` on a game family's tournament runs the checks `lamen run` runs before it plans
(lamen.runner.checks): scripted player names, negotiation bots in a family's seats, simulators,
the family's instance settings, `native_tools` where no seat can use it — one located line each,
the same lines `lamen run` stops with."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.cli import main
from tests.conftest import REPO

PLANNING = """name: bad
family: dialop.planning
agents:
  - player:hill-climb
  - player:nobody
  - {id: rep, provider: player, model: reporter, sampling: {native_tools: true}}
instances: {config: {source: human}, count: 1}
"""
OPTIMIZATION = """name: bad2
family: dialop.optimization
agents:
  - player:random
  - {id: m, provider: mock, model: users.py:answer, sampling: {native_tools: true}}
  - bot:boulware
instances: {config: {source: human, bogus: 1}, count: 1}
"""
PARTS = """name: several
parts:
  - name: one
    family: dialop.mediation
    agents: [player:shared-view, player:nobody]
    instances: {config: {source: human}, count: 1}
  - name: two
    family: dialop.planning
    agents: [player:hill-climb, player:reporter]
    simulators: [player:reporter]
    instances: {config: {source: human}, count: 1}
"""
UNKNOWN = """name: nowhere
family: dialop.nowhere
agents: [player:random]
instances: {config: {}, count: 1}
"""


@pytest.fixture()
def specs(tmp_path: Path) -> Path:
    for name, text in (("planning", PLANNING), ("optimization", OPTIMIZATION), ("parts", PARTS),
                       ("unknown", UNKNOWN)):
        (tmp_path / f"{name}.yaml").write_text(text)
    (tmp_path / "users.py").write_text("def answer(request):\n    return '[message] hi'\n")
    return tmp_path


def test_validate_reports_the_family_checks_one_located_line_each(specs: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    paths = [specs / f"{name}.yaml" for name in ("planning", "optimization", "parts")]
    assert main(["validate", *map(str, paths)]) == 1
    planning, optimization, parts = paths
    assert capsys.readouterr().out.splitlines() == [
        f"{planning}:6: agents[2].sampling.native_tools: rep: native_tools is set on a player agent, which calls no "
        "tools natively (remove native_tools (it is for model agents))",
        f"{planning}:5: agents[1]: dialop.planning has no scripted player 'nobody' (use one of: random, hill-climb, "
        "reporter, threshold, oracle)",
        f"{optimization}:5: agents[1].sampling.native_tools: m: native_tools is set, but no role of "
        "dialop.optimization has tools a model can call natively (remove native_tools (the families that offer "
        "it: dialop.planning, peoplejoin.qa, toolwoz))",
        f"{optimization}:7: instances.config.bogus: Extra inputs are not permitted (see the dialop.optimization "
        "family's settings)",
        f"{optimization}:6: agents[2]: bot:boulware is a scripted negotiator; a tournament of dialop.optimization "
        "seats the family's scripted players (use player:NAME, NAME one of: random, own-view, share-all, "
        "accept-all, oracle)",
        f"{parts}:5: parts[0].agents[1]: dialop.mediation has no scripted player 'nobody' (use one of: random, "
        "shared-view, threshold, oracle)",
        f"{parts}:10: parts[1].simulators: dialop.planning has no simulator roles: its seats are all filled from "
        "`agents` (remove `simulators`)",
        "3 file(s) checked: 3 invalid, 0 warning(s)"]


def test_an_unknown_family_is_one_line(specs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(specs / "unknown.yaml")]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{specs / 'unknown.yaml'}:2: family: unknown game family "
                                                   "'dialop.nowhere'")


def test_lamen_run_stops_with_the_lines_validate_prints(specs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("planning", "optimization"):
        path = specs / f"{name}.yaml"
        assert main(["validate", str(path)]) == 1
        validated = capsys.readouterr().out.splitlines()[:-1]
        assert main(["run", str(path), "--db", str(specs / f"{name}.db"), "--dry-run"]) == 1
        assert capsys.readouterr().err.splitlines() == validated and len(validated) >= 2
        assert not (specs / f"{name}.db").exists()


def test_the_shipped_tournaments_are_valid(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert main(["validate", "tournaments"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{len(list((REPO / 'tournaments').glob('*.yaml')))} file(s) checked: 0 invalid, 0 warning(s)"]
