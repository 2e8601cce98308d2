"""`lamen run --dry-run` of a `design: adaptive` tournament counts and prices what the run can play
at most — its block budget of the costliest cross-play blocks — not the whole schedule it chooses from."""

from __future__ import annotations

from pathlib import Path

import pytest

from lamen.cli import main
from lamen.cli.run import adaptive_ceiling
from lamen.runner.estimate import estimate
from lamen.runner.run import plan
from lamen.spec.library import Library
from lamen.spec.load import load_tournament

AGENTS = "[openai:gpt-4o-mini, bot:boulware, bot:linear, bot:conceder, bot:hardliner]"
GAMES = "[rental-1-distributive, rental-2-mixture]"


def spec(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "d.yaml"
    path.write_text(f"name: d\nagents: {AGENTS}\ngames: {GAMES}\nself_play: false\n{extra}")
    return path


def test_the_dry_run_counts_the_block_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = spec(tmp_path, "design: adaptive\nadaptive: {blocks: 6}\n")
    assert main(["run", str(path), "--db", str(tmp_path / "d.db"), "--dry-run"]) == 0
    out = capsys.readouterr().out
    # 5 agents, 10 pairings × 2 games = 20 blocks of 4 matches (both sides × both start orders)
    assert "80 matches: 80 cross" in out
    assert "at most 6 of the 20 cross-play blocks" in out and "at most 24 of these 80 matches" in out
    assert not (tmp_path / "d.db").exists()  # a dry run creates nothing


def test_the_ceiling_is_the_costliest_blocks(tmp_path: Path) -> None:
    tournament = load_tournament(spec(tmp_path, "design: adaptive\nadaptive: {blocks: 6}\n"))
    matches = plan(tournament, Library.default())
    ceiling, blocks, budget = adaptive_ceiling(tournament, matches, None)
    assert (blocks, budget, len(ceiling)) == (20, 6, 24)
    # Only the model's blocks cost money: the 6 kept are all its own, the 4 on the longer game first.
    assert all("openai:gpt-4o-mini" in (m.agent_a.id, m.agent_b.id) for m in ceiling)
    assert sum(m.game.name == "rental-2-mixture" for m in ceiling) == 16
    paid = [e for e in estimate(ceiling) if e.agent == "openai:gpt-4o-mini"]
    assert paid[0].matches == 24


def test_without_a_budget_the_ceiling_is_every_match(tmp_path: Path) -> None:
    tournament = load_tournament(spec(tmp_path, "design: adaptive\n"))
    matches = plan(tournament, Library.default())
    ceiling, blocks, budget = adaptive_ceiling(tournament, matches, None)
    assert (blocks, budget, len(ceiling)) == (20, 20, 80)
