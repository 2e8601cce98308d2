"""The report: a tournament database becomes index.html, PNG figures and CSV/LaTeX tables whose
numbers are the library's; hostile transcripts stay text; imported results without
transcripts render; figures stay legible from 2 to 20 agents.

The database builders here are shared with tests/test_report_browser.py."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import re
import sqlite3
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from lamen.cli import report as report_cli
from lamen.judge import Outcome, SideFigures, judge
from lamen.matrices import head_to_head
from lamen.leaderboard import build_leaderboard
from lamen.ratings import (
    bootstrap_bradley_terry,
    fit_bradley_terry,
    fit_elo,
    fit_trueskill,
    fit_utility,
    rated_matches,
    simulate_matches,
)
from lamen.ratings import head_to_head as rating_head_to_head
from lamen.report import figures as fig
from lamen.report import WrittenReport, write_report
from lamen.report.build import pairing_agreements
from lamen.report.html import script_json
from lamen.report.tables import Ratings
from lamen.runner import Runner
from lamen.space import outcome_space
from lamen.spec.library import Library
from lamen.spec.load import load_game, load_protocol
from lamen.spec.problems import SpecError
from lamen.spec.tournament import Tournament
from lamen.store import MatchRecord, Store
from lamen.store.tables import match_table
from lamen.transcript import Transcript, Turn
from tests.conftest import copy_database

AGENTS = ["bot:linear", "bot:conceder", "bot:boulware"]
GAMES = ["rental-1-distributive", "rental-2-mixture"]
SCRIPT = "<script>alert(1)</script>"
ATTRIBUTE = '"><img src=x onerror=alert(1)>'
HOSTILE_AGENT = 'evil"><img src=x onerror=alert(2)>'
IMPORTED_SOURCE = "lamen-evals:evals.csv"
AGREED_NOTE = 'Acceptable offer: {"rent": "$1000"}'


# ---- databases -------------------------------------------------------------------------------

def played_db(folder: Path, *, cross_play: bool = True) -> Path:
    """3 scripted agents × 2 games, self-play and (optionally) cross-play, played for real."""
    tournament = Tournament.model_validate({"name": "small", "agents": AGENTS, "games": GAMES, "seed": 3,
                                            "cross_play": cross_play})
    path = folder / "tournament.db"
    store = Store(path)
    asyncio.run(Runner(tournament, store, Library.default()).run())
    store.close()
    return path


def _record(match_id: str, game: str, a: str, b: str, starts: int, position: int, stage: str = "cross") -> MatchRecord:
    return MatchRecord(id=match_id, stage=stage, game=game, game_class="competitive", protocol="default", agent_a=a,
                       agent_b=b, starts=starts, repetition=0, mirror=0, block=f"{stage}|{game}|{a}|{b}|0", seed=0,
                       position=position)


def hostile_db(folder: Path) -> Path:
    """Matches whose notes, messages, agent name and error carry markup and script: two finished,
    one errored, one still pending."""
    game, protocol = load_game("rental-1-distributive"), load_protocol("default")
    path = folder / "tournament.db"
    store = Store(path)
    store.save_tournament("hostile", {"name": "hostile", "note": SCRIPT},
                          [{"id": "bot:linear", "provider": "bot", "model": "linear"},
                           {"id": HOSTILE_AGENT, "provider": "bot", "model": ATTRIBUTE}])
    spec = {"game": game.model_dump(mode="json")}
    store.plan("hostile", [(_record("m-hostile-1", game.name, HOSTILE_AGENT, "bot:linear", 0, 0), spec),
                           (_record("m-hostile-2", game.name, "bot:linear", HOSTILE_AGENT, 1, 1), spec),
                           (_record("m-hostile-3", game.name, HOSTILE_AGENT, "bot:linear", 1, 2), spec),
                           (_record("m-pending", game.name, "bot:linear", HOSTILE_AGENT, 0, 3), spec)])
    turns = (
        Turn(side=0, round=1, note=f'{SCRIPT} Acceptable offer: {{"rent": "{SCRIPT}"}}',
             message=f"{ATTRIBUTE} rent $1000"),
        Turn(side=1, round=1, note=AGREED_NOTE, message=f"Rent $1000. {SCRIPT}"),
        Turn(side=0, round=2, note=AGREED_NOTE, message="Rent $1000. We agree on all issues."),
        Turn(side=1, round=2, note=AGREED_NOTE, message=f"We agree on all issues. {ATTRIBUTE}"),
    )
    for match_id, agents in (("m-hostile-1", (HOSTILE_AGENT, "bot:linear")),
                             ("m-hostile-2", ("bot:linear", HOSTILE_AGENT))):
        transcript = Transcript(game=game.name, agents=agents, turns=turns, end_reason="agreement")
        store.save_match(match_id, transcript, judge(transcript, game, protocol))
    errored = Transcript(game=game.name, agents=(HOSTILE_AGENT, "bot:linear"), turns=turns[:1], end_reason="error",
                         error=f"provider said {SCRIPT}")
    store.save_match("m-hostile-3", errored, judge(errored, game, protocol))
    store.close()
    return path


def imported_db(folder: Path) -> Path:
    """Published results: outcomes only (no turns, no calls), one game lamen does not know."""
    path = folder / "tournament.db"
    store = Store(path)
    agents = ["gpt-4", "claude-2", "command"]
    store.save_tournament("lamen-cross_play", {"name": "lamen-cross_play", "imported_from": "evals.csv"},
                          [{"id": a, "provider": "imported", "model": a} for a in agents])
    records, position = [], 0
    for game in ("rental-1-distributive", "lamen:rental:rent+pets"):
        for a, b in (("gpt-4", "claude-2"), ("claude-2", "gpt-4"), ("gpt-4", "command"), ("command", "claude-2")):
            records.append((_record(f"imp-{position}", game, a, b, position % 2, position),
                            {"source": f"{IMPORTED_SOURCE}:row {position}", "row": position}))
            position += 1
    store.plan("lamen-cross_play", records)
    side = SideFigures(turns=0, internal_faithfulness=0.75, external_faithfulness=None, note_instruction=1.0,
                       message_instruction=0.5, format_instruction=None, rule_violations=0)
    for index, (record, _) in enumerate(records):
        utilities = (0.6, 0.4) if index % 3 != 2 else (0.0, 0.0)
        outcome = Outcome(agreement="hard" if index % 3 != 2 else "none", agreed_offer=None, utilities=utilities,
                          welfare=sum(utilities), nash_product=utilities[0] * utilities[1], frontier_distance=None,
                          welfare_share=None, textual_agreement_disagreeing_notes=False, rounds=0,
                          end_reason="imported", sides=(side, side), turns=())
        store.save_match(record.id, Transcript(game=record.game, agents=(record.agent_a, record.agent_b)), outcome)
    store.db.execute("UPDATE matches SET source=? WHERE tournament='lamen-cross_play'", (IMPORTED_SOURCE,))
    store.close()
    return path


def impasse_db(folder: Path) -> Path:
    """Cross-play in which no match ends in agreement: a debiased round robin of three agents,
    every match an impasse (0 to both)."""
    path = folder / "tournament.db"
    store = Store(path)
    agents = ["gpt-4", "claude-2", "command"]
    store.save_tournament("impasses", {"name": "impasses"}, [{"id": a, "provider": "imported", "model": a}
                                                             for a in agents])
    game = "rental-1-distributive"
    records = []
    for first, second in (("gpt-4", "claude-2"), ("gpt-4", "command"), ("claude-2", "command")):
        for a, b in ((first, second), (second, first)):
            for starts in (0, 1):
                record = _record(f"imp-{len(records)}", game, a, b, starts, len(records))
                records.append((dataclasses.replace(record, block=f"{game}|{first}|{second}"), {}))
    store.plan("impasses", records)
    side = SideFigures(turns=2, internal_faithfulness=1.0, external_faithfulness=None, note_instruction=1.0,
                       message_instruction=1.0, format_instruction=1.0, rule_violations=0)
    for record, _ in records:
        outcome = Outcome(agreement="none", agreed_offer=None, utilities=(0.0, 0.0), welfare=0.0, nash_product=0.0,
                          frontier_distance=None, welfare_share=None, textual_agreement_disagreeing_notes=False,
                          rounds=2, end_reason="max_rounds", sides=(side, side), turns=())
        store.save_match(record.id, Transcript(game=game, agents=(record.agent_a, record.agent_b)), outcome)
    store.close()
    return path


def listing(index: Path) -> dict:
    """The viewer's list as index.html holds it."""
    text = index.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', text, re.S)
    assert found is not None
    return json.loads(found.group(1))


def transcript_files(folder: Path) -> dict[str, dict]:
    """Every match's transcript from the report's transcript files, by match id."""
    details = {}
    for number, path in enumerate(sorted((folder / "transcripts").glob("*.js"))):
        text = path.read_text(encoding="utf-8")
        prefix = f"window.lamenTranscripts({number},"
        assert text.startswith(prefix) and text.endswith(");\n"), path
        details.update(json.loads(text[len(prefix):-3]))
    return details


def payload(index: Path) -> dict:
    """The listing with each match as a dict (agents, games, outcomes by name) merged with its
    transcript from the chunk files: what the viewer shows once every match is opened."""
    data = listing(index)
    details = transcript_files(index.parent)
    matches = []
    for row in data["matches"]:
        entry = dict(zip(data["columns"], row))
        entry.update(stage=data["stages"][entry["stage"]], game=data["games"][entry["game"]],
                     a=data["agents"][entry["a"]], b=data["agents"][entry["b"]],
                     outcome=data["outcomes"][entry["outcome"]], **details[entry["id"]])
        matches.append(entry)
    assert len(details) == len(matches)
    return {**data, "matches": matches}


@pytest.fixture(scope="module")
def small(small_report: WrittenReport) -> tuple[Path, WrittenReport]:
    """played_db and its report (200 replicates, 20 orderings), both made once per session
    (conftest: small_db, small_report), beside each other."""
    return small_report.index.parent / "tournament.db", small_report


# ---- a played tournament ---------------------------------------------------------------------

def test_report_is_written_beside_the_database_with_every_figure(small) -> None:
    db, report = small
    assert report.index == db.parent / "index.html"
    names = sorted(Path(f.path).stem for f in report.figures)
    assert names == sorted(["strategy", "ratings", "calibration", "effects", "score_observed", "score_predicted",
                            *(f"h2h_{value}_{kind}" for value in ("u_star", "soft", "hard")
                              for kind in ("competitive", "cooperative")),
                            "space_01_rental-1-distributive", "space_02_rental-2-mixture"])
    html = report.index.read_text(encoding="utf-8")
    for made in report.figures:
        assert (db.parent / made.path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'<img src="{made.path}"' in html
    # self-contained: nothing is fetched from the network
    assert not re.search(r'(src|href)="(https?:)?//', html)


def test_leaderboard_csv_is_the_headline_leaderboard_best_gets_first(small) -> None:
    db, _ = small
    board = pd.read_csv(db.parent / "tables" / "leaderboard.csv")
    store = Store(db)
    frame = match_table(store, "small")
    store.close()
    expected = build_leaderboard(frame, bootstrap=200).table.reset_index()
    assert list(board.columns) == list(expected.columns)
    assert list(board.columns)[:5] == ["agent", "games", "gets", "gets_low", "gets_high"]
    assert sorted(board["agent"]) == sorted(AGENTS)
    utility = fit_utility(frame)
    assert list(board["agent"]) == [r.agent for r in utility.ratings]  # best gets first
    assert board["gets"].is_monotonic_decreasing
    np.testing.assert_allclose(board["gets"], [r.gets for r in utility.ratings], rtol=0, atol=1e-12)
    np.testing.assert_allclose(board["gives"], [r.gives for r in utility.ratings], rtol=0, atol=1e-12)
    # Bradley–Terry is the report's own fit, passed in, and the same as a fresh one.
    fit = {r.agent: r.elo for r in fit_bradley_terry(frame).ratings}
    np.testing.assert_allclose(board["BT"], [fit[a] for a in board["agent"]], rtol=0, atol=1e-9)
    pd.testing.assert_series_equal(board["gets_rank_high"], expected["gets_rank_high"].astype("int64"))
    assert board["games"].tolist() == [16, 16, 16]  # 2 opponents × 2 games × 2 sides × 2 start orders


def test_effects_table_holds_the_utility_effects(small) -> None:
    db, _ = small
    store = Store(db)
    utility = fit_utility(match_table(store, "small"))
    store.close()
    effects = pd.read_csv(db.parent / "tables" / "effects.csv", index_col="effect")
    assert effects.loc["side A", "utility"] == pytest.approx(utility.side.value, abs=1e-12)
    assert effects.loc["first mover", "utility_lower"] == pytest.approx(utility.first_mover.lower, abs=1e-12)


def test_matrix_csv_cell_equals_the_matrix(small) -> None:
    db, _ = small
    store = Store(db)
    frame = match_table(store, "small")
    store.close()
    expected = head_to_head(frame, "u_star", cooperative=False)
    written = pd.read_csv(db.parent / "tables" / "h2h_u_star_competitive.csv", index_col=0)
    assert written.loc["bot:linear", "bot:conceder"] == expected.loc["bot:linear", "bot:conceder"]
    assert list(written.columns) == sorted(AGENTS)
    soft = pd.read_csv(db.parent / "tables" / "h2h_soft_cooperative.csv", index_col=0)
    assert soft.loc["bot:boulware", "bot:linear"] == head_to_head(frame, "soft", cooperative=True).loc[
        "bot:boulware", "bot:linear"]


def test_status_usage_and_match_tables(small) -> None:
    db, _ = small
    tables = db.parent / "tables"
    status = pd.read_csv(tables / "status.csv", index_col=0)
    assert status.to_dict() == {"finished": {"cross": 24, "self": 24, "total": 48},
                                "total": {"cross": 24, "self": 24, "total": 48}}
    usage = pd.read_csv(tables / "usage.csv", index_col=0)
    calls = dict(sqlite3.connect(db).execute("SELECT agent, COUNT(*) FROM calls GROUP BY agent").fetchall())
    assert usage["calls"].to_dict() == calls
    assert usage["matches"].to_dict() == {"bot:linear": 24, "bot:conceder": 24, "bot:boulware": 24}
    matches = pd.read_csv(tables / "matches.csv")
    assert len(matches) == 48
    assert {"match_id", "agent_a", "agent_b", "u_a", "u_b", "internal_faithfulness_a", "source"} <= set(matches.columns)


def test_latex_tables_use_booktabs(small) -> None:
    pytest.importorskip("jinja2", reason="pandas' to_latex needs jinja2")
    db, report = small
    tex = (db.parent / "tables" / "leaderboard.tex").read_text()
    assert "\\toprule" in tex and "\\midrule" in tex and "\\bottomrule" in tex
    assert "\\label{tab:leaderboard}" in tex and "gets\\_low" in tex
    assert {t.name for t in report.tables} >= {"usage", "status", "games", "leaderboard", "conduct", "self_play",
                                               "self_play_by_class", "effects", "p_stronger", "score_observed"}
    for table in report.tables:
        assert table.csv.is_file() and table.tex.is_file()


def test_without_jinja2_the_report_says_latex_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lamen.report.export.latex_available", lambda: False)
    monkeypatch.setattr("lamen.report.build.latex_available", lambda: False)
    report = write_report(imported_db(tmp_path), replicates=20, orderings=2)
    assert all(table.tex is None for table in report.tables) and not list((tmp_path / "tables").glob("*.tex"))
    assert "Tables as CSV (LaTeX needs jinja2: pip install jinja2)" in report.index.read_text(encoding="utf-8")


def test_viewer_payload_holds_every_match_and_its_turns(small) -> None:
    db, report = small
    data = payload(report.index)
    assert len(data["matches"]) == 48
    assert data["agents"] == AGENTS
    first = data["matches"][0]
    rows = sqlite3.connect(db).execute("SELECT side, round, note, message FROM turns WHERE match_id=? ORDER BY idx",
                                       (first["id"],)).fetchall()
    assert [(t["side"], t["round"], t["note"], t["message"]) for t in first["turns"]] == rows
    assert first["turns"][0]["note_reading"]["method"] == "json"
    assert first["missing"] is None


def test_leaderboard_html_has_one_row_per_agent(small) -> None:
    _, report = small
    html = report.index.read_text(encoding="utf-8")
    table = re.search(r'<table class="data" id="leaderboard-table">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    assert table.count("<tr>") == 3


def test_cli_writes_to_the_folder_given(small, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, _ = small
    parser = argparse.ArgumentParser()
    report_cli.register(parser.add_subparsers())
    args = parser.parse_args(["report", str(db), "-o", str(tmp_path / "out")])
    assert args.handler(args) == 0
    assert f"report: {tmp_path / 'out' / 'index.html'}" in capsys.readouterr().out
    assert (tmp_path / "out" / "tables" / "leaderboard.csv").is_file()


def test_missing_database_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="no such database"):
        write_report(tmp_path / "nothing.db")


def test_a_file_lamen_did_not_write_is_refused_untouched(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE notes (text TEXT)").connection.commit()
    before = other.read_bytes()
    with pytest.raises(SpecError, match="not a lamen tournament database"):
        write_report(other)
    assert other.read_bytes() == before
    (tmp_path / "text.db").write_text("hello")
    with pytest.raises(SpecError, match="file is not a database"):
        write_report(tmp_path / "text.db")


# ---- hostile text ----------------------------------------------------------------------------

def test_hostile_text_is_escaped_everywhere(hostile_report: WrittenReport) -> None:
    report = hostile_report  # hostile_db's report, written once per session (conftest)
    html = report.index.read_text(encoding="utf-8")
    assert SCRIPT not in html and "<img src=x" not in html and "alert(2)>" not in html
    assert html.count("<script") == 2  # the data block and the viewer, nothing else
    assert re.findall(r"<img [^>]*>", html) == [f'<img src="{f.path}" alt="{f.title}" loading="eager">'
                                               for f in report.figures]
    # The transcript files are scripts: their data is JSON with no raw markup characters at all.
    assert report.transcripts and all("<" not in path.read_text(encoding="utf-8") for path in report.transcripts)
    data = payload(report.index)
    first = next(m for m in data["matches"] if m["id"] == "m-hostile-1")
    assert first["a"] == HOSTILE_AGENT
    assert first["turns"][0]["note"].startswith(SCRIPT) and first["turns"][0]["message"].startswith(ATTRIBUTE)
    assert any(SCRIPT in flag["text"] for flag in first["turns"][0]["flags"])  # the invalid rent value
    errored = next(m for m in data["matches"] if m["id"] == "m-hostile-3")
    assert errored["outcome"] == "errored" and errored["error"] == f"provider said {SCRIPT}"


def test_script_json_cannot_close_its_tag() -> None:
    text = script_json({"x": "</script><!-- & \u2028"})
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == {"x": "</script><!-- & \u2028"}


# ---- data that is missing --------------------------------------------------------------------

def test_imported_results_without_transcripts_render(imported_report: WrittenReport) -> None:
    report = imported_report  # imported_db's report, written once per session (conftest)
    html = report.index.read_text(encoding="utf-8")
    assert "8 matches imported from lamen-evals:evals.csv" in html
    assert "Outcome space unavailable: the store holds no spec for it and lamen knows no game of that name" in html
    data = payload(report.index)
    assert {m["missing"] for m in data["matches"]} == {
        "no transcripts: imported from lamen-evals:evals.csv (the source keeps outcomes only)"}
    assert all(m["turns"] == [] for m in data["matches"])
    tables = report.index.parent / "tables"
    board = pd.read_csv(tables / "leaderboard.csv")
    assert sorted(board["agent"]) == ["claude-2", "command", "gpt-4"]
    usage = pd.read_csv(tables / "usage.csv")
    assert usage["calls"].tolist() == [0, 0, 0] and usage["cost_usd"].tolist() == [0.0, 0.0, 0.0]
    assert [Path(f.path).stem for f in report.figures if "space" in f.path] == ["space_01_rental-1-distributive"]


def test_self_play_only_has_no_ratings_but_a_row_per_agent(tmp_path: Path) -> None:
    report = write_report(played_db(tmp_path, cross_play=False))
    html = report.index.read_text(encoding="utf-8")
    banner = "No finished cross-play match between two agents: nothing to rate."
    assert f'<p class="warning" role="note">{banner}</p>' in html
    assert "No cross-play matches: there is no head-to-head to show." in html
    board = pd.read_csv(tmp_path / "tables" / "leaderboard.csv")
    assert board["agent"].tolist() == AGENTS and board["games"].isna().all() and "BT" not in board
    assert len(pd.read_csv(tmp_path / "tables" / "self_play.csv")) == 3


def test_cross_play_without_agreement_says_so_and_shows_no_interval(tmp_path: Path) -> None:
    report = write_report(impasse_db(tmp_path), replicates=50, orderings=5)
    html = report.index.read_text(encoding="utf-8")
    banners = re.findall(r'<p class="warning" role="note">(.*?)</p>', html)
    assert banners == [
        "No cross-play match ended in agreement: every agent obtained 0, so the utility rating cannot tell the "
        "agents apart.",
        "No decisive game: every cross-play match ended without agreement or in an even split, so Bradley–Terry, "
        "Elo and TrueSkill cannot tell the agents apart."]
    rows = re.search(r'<table class="data" id="leaderboard-table">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", rows)]
    assert [row[0] for row in cells] == ["claude-2", "command", "gpt-4"]  # all tie: by name
    for row in cells:
        # gets, its rank, gives, BT, BT rank, ranks differ, Elo
        assert row[1:8] == ["0.000 (–)", "–", "0.000 (–)", "1000 (–)", "–", "", "1000 (–)"]
    effects = re.search(r"Side and first-mover effects</h2>.*?<tbody>(.*?)</tbody>", html, re.S).group(1)
    assert "0.0 (–)" in effects and "0.000 (–)" in effects and "0.0 to 0.0" not in effects
    board = pd.read_csv(tmp_path / "tables" / "leaderboard.csv")
    assert board["gets_low"].isna().all() and board["BT low"].isna().all() and not board["rank_flag"].any()


# ---- legible figures from 2 to 20 agents -----------------------------------------------------

def long_names(n: int) -> list[str]:
    return [f"provider-{i:02d}:a-rather-long-model-name-v{i:02d}" for i in range(n)]


def _overlaps(boxes: list) -> bool:
    return any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


@pytest.mark.parametrize("n", [2, 6, 20])
def test_heatmap_labels_are_whole_legible_and_apart(n: int) -> None:
    names = long_names(n)
    matrix = pd.DataFrame(np.random.default_rng(n).random((n, n)), index=names, columns=names)
    figure = fig.draw_heatmap(matrix, "title", "colour (0–1)")
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    axes = figure.axes[0]
    x_labels, y_labels = axes.get_xticklabels(), axes.get_yticklabels()
    for labels in (x_labels, y_labels):
        assert [label.get_text() for label in labels] == names  # whole names, none cut
        assert min(label.get_fontsize() for label in labels) >= 8
    assert not _overlaps([label.get_window_extent(renderer) for label in y_labels])
    # Parallel labels at 45° clear each other when the gap across them exceeds a line of text.
    pitch = axes.get_window_extent(renderer).width / n
    line = max(label.get_fontsize() for label in x_labels) * figure.dpi / 72 * 1.2
    assert {label.get_rotation() for label in x_labels} == {45.0}
    assert pitch * np.sin(np.radians(45)) > line
    assert pitch / figure.dpi >= 0.4  # inches per cell, whatever the number of agents
    assert figure.axes[1].get_ylabel() == "colour (0–1)"


def test_figure_size_scales_with_agents() -> None:
    small_width, small_height = fig.heatmap_size(long_names(2))
    large_width, large_height = fig.heatmap_size(long_names(20))
    assert large_width - small_width == pytest.approx(18 * fig.CELL)
    assert large_height - small_height == pytest.approx(18 * fig.CELL)


def test_twenty_agents_rating_and_outcome_space_figures(tmp_path: Path) -> None:
    names = long_names(20)
    matches = simulate_matches({name: 0.1 * i for i, name in enumerate(names)}, games_per_pair=4, no_deal=0.1, seed=1)
    fit = fit_bradley_terry(matches)
    ratings = Ratings(fit=fit, bootstrap=bootstrap_bradley_terry(matches, fit, replicates=50),
                      elo=fit_elo(matches, orderings=5), trueskill=fit_trueskill(matches),
                      head_to_head=rating_head_to_head(matches, fit), scores=rated_matches(matches))
    made = fig.rating_figure(ratings, tmp_path / "figures")
    assert (tmp_path / made.path).is_file()
    game = load_game("rental-2-mixture")
    rng = np.random.default_rng(0)
    agreements = pd.DataFrame({"agent_a": rng.choice(names, 300), "agent_b": rng.choice(names, 300),
                               "u_a": rng.choice([0.5, 0.75], 300), "u_b": rng.choice([0.5, 0.75], 300)})
    made = fig.outcome_space_figure(game, outcome_space(game), agreements, tmp_path / "figures", "space")
    assert (tmp_path / made.path).is_file()
    assert "300 matches" in made.caption


# ---- speed -----------------------------------------------------------------------------------

@pytest.mark.slow
def test_quickstart_report_lists_every_match(quickstart_db: Path, tmp_path: Path) -> None:
    copy_database(quickstart_db, tmp_path)  # the quickstart, played once per session
    report = write_report(tmp_path / "tournament.db")
    assert len(payload(report.index)["matches"]) == 504
    board = pd.read_csv(tmp_path / "tables" / "leaderboard.csv")
    assert len(board) == 6
    # The headline is what an agent obtains: the hard-liner, first by Bradley–Terry (impasses
    # count as even there), obtains the least and is last, flagged.
    assert board["gets"].is_monotonic_decreasing
    assert board["agent"].iloc[0] != "bot:hardliner" and board["agent"].iloc[-1] == "bot:hardliner"
    assert board.set_index("agent").loc["bot:hardliner", ["BT rank", "gets_rank", "rank_flag"]].tolist() == [1, 6, True]
    html = report.index.read_text(encoding="utf-8")
    shown = re.search(r'id="leaderboard-table">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    assert re.findall(r"<tr><td[^>]*>(.*?)</td>", shown) == board["agent"].tolist()
    assert "figures/strategy.png" in [made.path for made in report.figures]
    # Tabs: one leaderboard per game class and per game, each exported.
    assert sorted(html.count(f'role="tab" id="tab-{by}-') for by in ("class", "game")) == [3, 6]
    assert len(list((tmp_path / "tables").glob("leaderboard_game_*.csv"))) == 6


# ---- what the page says about empty cells, missing classes and figures ------------------------

def test_every_figure_is_also_svg_and_pdf(small) -> None:
    db, report = small
    html = report.index.read_text(encoding="utf-8")
    for made in report.figures:
        stem = made.path.removesuffix(".png")
        assert made.vectors == (f"{stem}.svg", f"{stem}.pdf")
        assert (db.parent / made.vectors[1]).read_bytes()[:5] == b"%PDF-"
        assert "<svg" in (db.parent / made.vectors[0]).read_text(encoding="utf-8")[:2000]
        assert f'<a href="{made.vectors[0]}">SVG</a>' in html


def test_heatmap_captions_say_what_empty_cells_mean_and_p_stronger_names_its_rows(small) -> None:
    _, report = small
    html = report.index.read_text(encoding="utf-8")
    u_star = next(f for f in report.figures if f.path.endswith("h2h_u_star_competitive.png"))
    assert "White (–): the pairing played but never agreed" in u_star.caption and "Hatched grey: no games" in u_star.caption
    assert "White (–): no games" not in html
    p_stronger = re.search(r"Probability that the row agent is stronger.*?<thead>(.*?)</thead>", html, re.S).group(1)
    assert re.findall(r"<th[^>]*>(.*?)</th>", p_stronger) == ["row agent", *sorted(AGENTS)]
    assert ">index</th>" not in html


def test_no_heatmap_for_a_game_class_without_games(hostile_report: WrittenReport) -> None:
    report = hostile_report  # hostile_db: competitive games only
    names = [Path(f.path).stem for f in report.figures if f.path.startswith("figures/h2h_")]
    assert names == ["h2h_u_star_competitive", "h2h_soft_competitive", "h2h_hard_competitive"]
    assert "No cooperative games were played in cross-play, so they have no panel." in report.index.read_text()


def test_cells_without_games_are_hatched_and_cells_without_agreement_white() -> None:
    names = ["a", "b", "c"]
    u_star = pd.DataFrame([[np.nan, 0.5, np.nan], [0.5, np.nan, 0.4], [np.nan, 0.6, np.nan]], index=names, columns=names)
    no_games = pd.DataFrame(np.eye(3, dtype=bool), index=names, columns=names)
    figure = fig.draw_heatmap(u_star, "U*", "U*", no_games=no_games)
    axes = figure.axes[0]
    assert sorted((p.get_x() + 0.5, p.get_y() + 0.5) for p in axes.patches if p.get_hatch() == "///") == [
        (0.0, 0.0), (1.0, 1.0), (2.0, 2.0)]
    # (row a, column c) and (row c, column a) were played without agreement: white, marked –
    assert sorted(t.get_position() for t in axes.texts if t.get_text() == "–") == [(0, 2), (2, 0)]


def test_outcome_space_legend_is_short_and_off_the_data() -> None:
    game = load_game("rental-2-mixture")
    names = long_names(20)
    rng = np.random.default_rng(0)
    agreements = pd.DataFrame({"agent_a": rng.choice(names, 300), "agent_b": rng.choice(names, 300),
                               "u_a": rng.choice([0.5, 0.75], 300), "u_b": rng.choice([0.5, 0.75], 300)})
    figure = fig.draw_outcome_space(game, outcome_space(game), agreements)
    figure.canvas.draw()
    axes = figure.axes[0]
    legend = axes.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == [
        "every complete offer", "Pareto frontier", "Nash bargaining point", "Kalai–Smorodinsky point",
        "max-welfare point", "agreements, cross-play", "agreements, self-play"]
    renderer = figure.canvas.get_renderer()
    assert not legend.get_window_extent(renderer).overlaps(axes.get_window_extent(renderer))


def test_pairing_table_counts_agreements_per_side_assignment() -> None:
    finished = pd.DataFrame({"agent_a": ["x", "x", "x", "y"], "agent_b": ["y", "y", "y", "x"],
                             "agreement": [True, True, False, False], "u_a": [0.6, 0.8, 0.0, 0.0],
                             "u_b": [0.4, 0.2, 0.0, 0.0]})
    first, second = pairing_agreements(finished).to_dict("records")
    assert first == {"side A": "x", "side B": "y", "matches": 3, "agreements": 2,
                     "mean u_A (agreed)": pytest.approx(0.7), "mean u_B (agreed)": pytest.approx(0.3)}
    assert second["matches"] == 1 and second["agreements"] == 0 and np.isnan(second["mean u_A (agreed)"])
