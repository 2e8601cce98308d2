"""LAMEN's published cross-play results imported as finished matches; `lamen ratings` and the
cross-play matrices on them."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from lamen.cli import main
from lamen.importers.lamen_evals import import_lamen_evals
from lamen.leaderboard import build_leaderboard
from lamen.matrices import head_to_head
from lamen.store import Store
from lamen.store.tables import match_table

CROSS = Path("processed_outputs/cross_play/28-09-2023_14-40-51/evals.csv")


@pytest.fixture(scope="module")
def imported(lamen_data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, pd.DataFrame]:
    db = tmp_path_factory.mktemp("lamen") / "lamen.db"
    store = Store(db)
    summary = import_lamen_evals(lamen_data / CROSS, store)
    assert (summary.rows, summary.new, summary.cross_play, summary.self_play) == (369, 369, 326, 43)
    assert summary.agents == ("chat-bison", "claude-2", "gpt-3.5-turbo", "gpt-4")
    assert import_lamen_evals(lamen_data / CROSS, store).new == 0  # importing twice adds nothing
    frame = match_table(store)
    store.close()
    return db, frame


def test_rows_become_finished_matches_with_provenance(imported, lamen_data: Path) -> None:
    _, frame = imported
    evals = pd.read_csv(lamen_data / CROSS)
    assert len(frame) == 369 and set(frame["status"]) == {"finished"}
    assert set(frame["source"]) == {"lamen-evals:evals.csv"}
    # Agreement: full agreement = hard, aligning notes = soft, the rest none (and U = 0 there,
    # although LAMEN scored those games too).
    levels = frame["agreement_level"].value_counts().to_dict()
    assert levels == {"none": 196, "hard": 116, "soft": 57}
    assert (evals["completion_reason"] == "full agreement").sum() == 116
    none = frame[frame["agreement_level"] == "none"]
    assert (none["u_a"] == 0).all() and (none["u_b"] == 0).all()
    assert evals.loc[evals["completion_reason"] == "in-progress", "agent_1_normalized_payoff"].mean() > 0.5
    # Games map to the built-in paper games by issues and weights.
    assert frame.groupby("game").size().to_dict() == {
        "rental-1-compatible": 70, "rental-1-distributive": 68, "rental-2-distributive": 67,
        "rental-2-integrative-distributive": 62, "rental-2-integrative-mixture": 42, "rental-2-mixture": 60}
    assert frame.set_index("game")["game_class"].groupby(level=0).first().to_dict()["rental-2-mixture"] == "cooperative"


def test_ratings_on_the_real_cross_play_games(imported) -> None:
    _, frame = imported
    board = build_leaderboard(frame, bootstrap=200)
    # Sorted by gets, the utility obtained against an average opponent: chat-bison passes gpt-4
    # there, while Bradley–Terry has them the other way round (one place: not flagged).
    assert list(board.table.index) == ["gpt-3.5-turbo", "claude-2", "chat-bison", "gpt-4"]
    assert board.table["gets"].round(4).to_dict() == {
        "gpt-3.5-turbo": 0.3321, "claude-2": 0.2785, "chat-bison": 0.2397, "gpt-4": 0.2324}
    assert board.table["BT rank"].to_dict() == {"gpt-3.5-turbo": 1, "claude-2": 2, "chat-bison": 4, "gpt-4": 3}
    assert not board.table["rank_flag"].any() and board.warnings == ()
    assert board.utility_effects["side A"]["value"] == pytest.approx(0.0390, abs=5e-5)
    assert board.table["games"].to_dict() == {"gpt-3.5-turbo": 234, "claude-2": 112, "gpt-4": 142, "chat-bison": 164}
    assert board.table["games"].sum() == 2 * 326
    assert board.table.loc["gpt-3.5-turbo", "BT"] == pytest.approx(1005.87, abs=0.01)
    assert board.table["BT"].mean() == pytest.approx(1000.0)  # anchored at the mean
    assert board.effects["side A"]["elo"] == pytest.approx(13.6, abs=0.05)
    assert all(board.table["BT low"] < board.table["BT"]) and all(board.table["BT"] < board.table["BT high"])


def test_ratings_command_json(imported, capsys: pytest.CaptureFixture[str]) -> None:
    db, _ = imported
    assert main(["ratings", str(db), "--json", "--bootstrap", "100"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["agent"] for row in data["agents"]] == ["gpt-3.5-turbo", "claude-2", "chat-bison", "gpt-4"]
    assert data["agents"][0]["gets_rank_low"] == 1 and data["warnings"] == []
    assert set(data["effects"]) == {"side A", "first mover"}
    assert main(["ratings", str(db), "--method", "elo", "--matrices", "--bootstrap", "0"]) == 0
    out = capsys.readouterr().out
    assert "Cross-play U* of row vs column, competitive games" in out and "TS mu" not in out


def test_cross_play_matrices_on_real_data(imported) -> None:
    _, frame = imported
    competitive = head_to_head(frame, "u_star", cooperative=False)
    assert list(competitive.index) == ["chat-bison", "claude-2", "gpt-3.5-turbo", "gpt-4"]
    assert competitive.notna().sum().sum() == 12  # every ordered pair of the 4 agents
    soft = head_to_head(frame, "soft")
    assert ((soft.fillna(0) >= 0) & (soft.fillna(0) <= 1)).all().all()


def test_ratings_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", str(tmp_path / "none.db")]) == 1
    assert capsys.readouterr().err.strip() == (f"error: {tmp_path / 'none.db'}: no such database "
                                               "(run `lamen run SPEC` or `lamen import` first)")
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    assert main(["import", "lamen-evals", str(bad), "--db", str(tmp_path / "x.db")]) == 1
    assert "not a LAMEN evals.csv (missing columns:" in capsys.readouterr().err


def test_no_agreement_is_said_in_words_with_dashes(lamen_data: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """LAMEN's games with every agreement taken away: nothing to rate, and the command says so."""
    evals = pd.read_csv(lamen_data / CROSS).assign(completion_reason="in-progress")
    path = tmp_path / "evals.csv"
    evals.to_csv(path, index=False)
    db = tmp_path / "none.db"
    assert main(["import", "lamen-evals", str(path), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["ratings", str(db), "--bootstrap", "50"]) == 0
    out = capsys.readouterr().out
    words = " ".join(out.split())
    assert "warning: No cross-play match ended in agreement: every agent obtained 0" in words
    assert "warning: No decisive game:" in words
    assert "0.000 ±–" in out and "1000 ±–" in out and "1–1" not in out and "±0.000" not in out
    assert max(map(len, out.splitlines())) <= 100
    assert main(["ratings", str(db), "--json", "--bootstrap", "50"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["warnings"]) == 2 and all(row["BT low"] is None for row in data["agents"])
    assert data["effects"]["side A"]["lower"] is None


def test_the_files_api_keys_never_reach_the_database(imported, lamen_data: Path) -> None:
    """LAMEN's evals.csv carries its authors' model configs, keys included, in `agent_N_model`;
    the import keeps model names only, so no key is in any table of the database."""
    import re
    import sqlite3

    db, _ = imported
    evals = pd.read_csv(lamen_data / CROSS)
    secrets = {value for column in ("agent_1_model", "agent_2_model") for config in evals[column].astype(str)
               for value in re.findall(r"'(?:api_key|model_key)':\s*'([^']{8,})'", config)}
    assert secrets  # the file does hold them: the check below can fail
    with sqlite3.connect(db) as connection:
        tables = [name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        stored = "\n".join(str(row) for table in tables for row in connection.execute(f'SELECT * FROM "{table}"'))
    assert not [secret for secret in secrets if secret in stored]
