"""Versions never mix: a tournament re-run with an edited spec (game, protocol, agent, seed, judge)
refuses before playing, naming what changed and how many stored matches it affects; `--replace`
drops exactly those and plays them again; an unchanged spec keeps every id and plays nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import yaml

from lamen.cli import main
from lamen.runner import Runner, plan
from lamen.runner.run import record_of
from lamen.spec.library import Library
from lamen.spec.problems import SpecError
from lamen.spec.tournament import Tournament
from lamen.store import Store
from tests.store_snapshot import match_results

# 2 agents × 1 game: 8 self-play (4 per agent) and 4 cross-play matches.
BASE = {"name": "versions", "agents": [{"agent": "bot:linear"}, {"agent": "bot:conceder"}],
        "games": ["rental-2-distributive"]}


def spec(**changes: object) -> Tournament:
    return Tournament.model_validate({**BASE, **changes})


def run(tournament: Tournament, database: Path, library: Library | None = None, replace: bool = False) -> Runner:
    store = Store(database)
    try:
        runner = Runner(tournament, store, library or Library.default(), replace=replace)
        asyncio.run(runner.run())
        return runner
    finally:
        store.close()


def refusal(tournament: Tournament, database: Path, library: Library | None = None) -> str:
    before = match_results(database)
    with pytest.raises(SpecError) as caught:
        run(tournament, database, library)
    assert match_results(database) == before  # refused before planning or playing anything
    [problem] = caught.value.problems
    return problem.render()


def edited_game(tmp_path: Path) -> Library:
    """A data folder whose rental-2-distributive weighs the rent twice (searched before the built-ins)."""
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    (games / "rental-2-distributive.yaml").write_text(
        "name: rental-2-distributive\nextends: rental-agreement\nissues: [rent, subletting]\n"
        "issue_weights: [[2, 1], [1, 1]]\n", encoding="utf-8")
    return Library.default([tmp_path / "data"])


def test_an_unchanged_spec_keeps_its_ids_and_plays_nothing(tmp_path: Path) -> None:
    database = tmp_path / "t.db"
    run(spec(), database)
    first = match_results(database)
    runner = run(spec(limits={"concurrency": 2}, budget_usd=5), database)  # limits decide neither play nor score
    assert runner.state.done == 12 and runner.peak_in_flight == 0
    assert match_results(database) == first


@pytest.mark.parametrize(("change", "expected"), [
    ({"agents": [{"agent": "bot:linear", "params": {"reservation": 0.5}}, {"agent": "bot:conceder"}]},
     "agent bot:linear changed (8 stored matches); 8 stored matches in all"),
    ({"seed": 7}, "seed changed (12 stored matches); 12 stored matches in all"),
])
def test_an_edited_spec_is_refused_naming_what_changed(tmp_path: Path, change: dict, expected: str) -> None:
    database = tmp_path / "t.db"
    run(spec(), database)
    message = refusal(spec(**change), database)
    assert message == (f"error: {database}: tournament 'versions' holds matches played under another version of "
                       f"this spec: {expected} (run again with --replace to drop those {expected.split()[-5]} "
                       f"matches and play them again, or give the tournament a new name)")


def test_an_edited_game_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "t.db"
    run(spec(), database)
    assert ("game rental-2-distributive changed (12 stored matches); 12 stored matches in all"
            in refusal(spec(), database, edited_game(tmp_path)))


def test_an_edited_protocol_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "t.db"
    run(spec(), database)
    protocols = tmp_path / "data" / "protocols"
    protocols.mkdir(parents=True)
    text = (Path(__file__).parent.parent / "protocols" / "default.yaml").read_text(encoding="utf-8")
    assert "note_max_words: 64" in text
    (protocols / "default.yaml").write_text(text.replace("note_max_words: 64", "note_max_words: 32"), encoding="utf-8")
    assert ("protocol default changed (12 stored matches); 12 stored matches in all"
            in refusal(spec(), database, Library.default([tmp_path / "data"])))


def test_another_judge_is_refused_though_the_ids_stay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = tmp_path / "t.db"
    run(spec(), database)
    monkeypatch.setattr("lamen.store.versions.JUDGE_VERSION", 2)
    assert "judge settings changed (12 stored matches)" in refusal(spec(), database)


def test_replace_drops_exactly_the_changed_matches_and_plays_them_again(tmp_path: Path) -> None:
    database = tmp_path / "t.db"
    run(spec(), database)
    before = match_results(database)
    edited = spec(agents=[{"agent": "bot:linear", "params": {"reservation": 0.5}}, {"agent": "bot:conceder"}])
    runner = run(edited, database, replace=True)
    after = match_results(database)
    assert runner.state.done == 12 and runner.state.total == 12
    assert len(after) == 12 and all(status == "finished" for status, *_ in after.values())
    kept = set(before) & set(after)
    assert len(kept) == 4  # conceder's self-play: untouched, not replayed
    assert all(after[match_id] == before[match_id] for match_id in kept)
    assert {m.id for m in plan(edited, Library.default())} == set(after)
    run(edited, database)  # and the replayed version now resumes like any other: nothing to refuse


def test_planned_but_never_played_matches_of_an_old_version_are_dropped_without_asking(tmp_path: Path) -> None:
    database = tmp_path / "t.db"
    old = spec()
    store = Store(database)
    store.plan(old.name, [(record_of(m, i), m.canonical()) for i, m in enumerate(plan(old, Library.default()))])
    store.close()
    runner = run(spec(seed=3), database)
    assert runner.state.done == 12
    assert set(match_results(database)) == {m.id for m in plan(spec(seed=3), Library.default())}


def test_lamen_run_refuses_then_replaces(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        report_data_only: list[Path]) -> None:
    path = tmp_path / "t.yaml"
    database = tmp_path / "t.db"
    path.write_text(yaml.safe_dump({**BASE, "database": str(database)}), encoding="utf-8")
    assert main(["run", str(path), "--quiet"]) == 0
    path.write_text(yaml.safe_dump({**BASE, "seed": 1, "database": str(database)}), encoding="utf-8")
    capsys.readouterr()
    assert main(["run", str(path), "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "seed changed (12 stored matches)" in err and "--replace" in err
    assert main(["run", str(path), "--quiet", "--replace"]) == 0
    assert "versions: 12/12 matches, " in capsys.readouterr().out
    assert report_data_only == [database, database]  # the refused run got as far as no report


def test_dry_run_tells_what_a_run_would_refuse_and_changes_nothing(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   report_data_only: list[Path]) -> None:
    path = tmp_path / "t.yaml"
    database = tmp_path / "t.db"
    path.write_text(yaml.safe_dump({**BASE, "database": str(database)}), encoding="utf-8")
    assert main(["run", str(path), "--quiet"]) == 0
    before = database.read_bytes()
    edited = [{"agent": "bot:linear"}, {"agent": "bot:conceder", "params": {"reservation": 0.2}}]
    path.write_text(yaml.safe_dump({**BASE, "agents": edited, "database": str(database)}), encoding="utf-8")
    capsys.readouterr()
    assert main(["run", str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"database: {database} (4 of 12 matches finished, 8 to play)\n" in out
    assert ("a run would refuse: " in out and "agent bot:conceder changed (8 stored matches); 8 stored matches "
            "in all (run again with --replace" in out)
    assert database.read_bytes() == before
