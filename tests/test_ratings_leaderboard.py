"""The leaderboard on the quickstart tournament (played for real): it leads with the utility an
agent obtains, so the hard-liner that tops Bradley–Terry by forcing impasses does not top it;
per-game and per-class boards; terminal tables that fit 100 columns."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

from lamen.cli import main
from lamen.cli.rating_tables import leaderboard_tables
from lamen.leaderboard import build_leaderboard, leaderboards_by
from lamen.ratings import simulate_utilities
from lamen.store import Store
from lamen.store.tables import match_table
from tests.conftest import copy_database

COLUMNS = ["gets", "gets_low", "gets_high", "gives", "gives_low", "gives_high", "gets_rank_low", "gets_rank_high",
           "rank_flag"]


@pytest.fixture(scope="module")
def quickstart(quickstart_db: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, pd.DataFrame]:
    path = copy_database(quickstart_db, tmp_path_factory.mktemp("quickstart"))  # played once per session
    store = Store(path)
    frame = match_table(store)
    store.close()
    return path, frame


@pytest.fixture(scope="module")
def board(quickstart):
    return build_leaderboard(quickstart[1], bootstrap=300)


def test_the_agent_with_the_lowest_utility_is_not_first(board) -> None:
    table = board.table
    assert set(COLUMNS) <= set(table.columns)
    assert table["U"].idxmin() == "bot:hardliner" and table.loc["bot:hardliner", "U"] == pytest.approx(0.4333, abs=1e-4)
    assert table.loc["bot:hardliner", "BT rank"] == 1  # Bradley–Terry rewards its impasses…
    assert table.index[-1] == "bot:hardliner" and table.loc["bot:hardliner", "gets_rank"] == 6  # …the headline not
    assert list(table.index) == ["bot:boulware", "bot:linear", "bot:tit-for-tat", "bot:conceder", "bot:random",
                                 "bot:hardliner"]
    # The quickstart is a balanced round robin: gets is each agent's mean U exactly.
    np.testing.assert_allclose(table["gets"], table["U"], atol=1e-12)
    assert table.loc["bot:hardliner", "gives"] == pytest.approx(0.3, abs=1e-12)  # it gives least
    assert table.loc["bot:conceder", "gives"] == table["gives"].max()  # the conceder gives most
    flagged = (table["BT rank"].astype(int) - table["gets_rank"].astype(int)).abs() >= 2
    assert table["rank_flag"].tolist() == flagged.tolist()
    assert sorted(table.index[table["rank_flag"]]) == ["bot:boulware", "bot:conceder", "bot:hardliner", "bot:linear"]
    for column in ("games", "gets_rank_low", "gets_rank_high", "BT rank"):
        assert str(table[column].dtype) == "Int64"
    assert (table["gets_rank_low"] <= table["gets_rank"]).all()
    assert (table["gets_rank"] <= table["gets_rank_high"]).all()
    assert board.warnings == ()


def lines(tables) -> list[str]:
    console = Console(width=100, record=True, file=open("/dev/null", "w"))
    for table in tables:
        console.print(table)
    return console.export_text().splitlines()


def test_terminal_tables_fit_100_columns(board, quickstart, capsys: pytest.CaptureFixture[str]) -> None:
    text = lines(leaderboard_tables(board))
    assert max(map(len, text)) <= 100 and not any("…" in line for line in text)
    assert any(line.split()[:5] == ["bot:boulware", "120", "0.651", "±0.052", "1–2"] for line in text)
    path, _ = quickstart
    assert main(["ratings", str(path), "--bootstrap", "100"]) == 0
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) <= 100 and "…" not in out
    assert "utility obtained, best first" in out and "Who gets the better side of a deal" in out
    assert main(["ratings", str(path), "--bootstrap", "0", "--wide"]) == 0
    wide = capsys.readouterr().out
    assert "gets_low" in wide and "TS mu-3σ" in wide and "0.651" in wide


def test_long_agent_names_fold_instead_of_being_cut() -> None:
    names = [f"provider-{i}:a-very-long-model-name-2024-10-22-with-a-prompt-v{i}" for i in range(5)]
    gets = dict(zip(names, [0.3, 0.35, 0.4, 0.45, 0.5]))
    matches = simulate_utilities(gets, dict(zip(names, [0.4] * 5)), games_per_pair=4, seed=1)
    board = build_leaderboard(matches.assign(stage="cross", status="finished"), bootstrap=50)
    text = lines(leaderboard_tables(board))
    assert max(map(len, text)) <= 100 and not any("…" in line for line in text)
    # Each name is whole in both tables, folded over lines of the first column.
    for table in leaderboard_tables(board):
        rows, header = [], False
        for line in lines([table]):
            cells = [cell for cell in line.strip().split("  ") if cell]
            if line.startswith(" ─"):
                header = True
            elif header and len(cells) > 1:
                rows.append(cells[0].strip())
            elif header and cells:
                rows[-1] += cells[0].strip()
        assert sorted(rows) == sorted(names)


def test_boards_per_game_and_per_class(quickstart, capsys: pytest.CaptureFixture[str]) -> None:
    path, frame = quickstart
    by_class = leaderboards_by(frame, "class", bootstrap=50)
    assert list(by_class) == ["competitive", "cooperative", "integrative"]
    competitive = by_class["competitive"].table
    assert competitive["games"].tolist() == [40] * 6
    # Against the tournament's competitive games only, the hard-liner never agrees: it gets 0.
    assert competitive.loc["bot:hardliner", "U"] == 0 and competitive.index[-1] == "bot:hardliner"
    # In cooperative games it agrees as often as anyone and comes second.
    assert list(by_class["cooperative"].table.index[:2]) == ["bot:boulware", "bot:hardliner"]
    by_game = leaderboards_by(frame, "game", bootstrap=0)
    assert len(by_game) == 6 and all(len(b.table) == 6 for b in by_game.values())
    for name, game_board in by_game.items():
        np.testing.assert_allclose(game_board.table["gets"], game_board.table["U"], atol=1e-12, err_msg=name)
    with pytest.raises(ValueError, match="by must be one of game, class"):
        leaderboards_by(frame, "agent")
    assert main(["ratings", str(path), "--by", "class", "--bootstrap", "20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["by"] == "class" and list(data["boards"]) == ["competitive", "cooperative", "integrative"]
    assert main(["ratings", str(path), "--by", "game", "--bootstrap", "20"]) == 0
    out = capsys.readouterr().out
    assert out.count("utility obtained, best first") == 6 and max(map(len, out.splitlines())) <= 100
