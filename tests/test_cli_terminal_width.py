"""A terminal that fits: what `lamen run`, `lamen run --dry-run`, `lamen status` and
`lamen ratings --matrices` print fits 100 columns (piped output gets 100), names wrap or the
tables stack but are never cut to "…", integer columns print as integers, `--wide` prints every
column, and `lamen run` ends with the top of the leaderboard and the report as a file:// URL."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pandas as pd
import pytest
import yaml
from rich.console import Console

from lamen.cli import main
from lamen.cli.frame_tables import cell_texts, fitted_tables
from lamen.cli.rating_tables import plus_minus
from lamen.leaderboard import build_leaderboard
from lamen.spec.library import Library
from lamen.store import Store
from lamen.store.tables import match_table

LONG = "a-negotiator-whose-name-is-much-longer-than-any-column-of-the-table"
AGENTS = {  # id -> the bot behind it
    "anthropic-claude-sonnet-4-5-negotiator": "bot:boulware",
    "openai-gpt-4o-mini-2024-07-18-persona-tough": "bot:linear",
    "google-gemini-2.5-flash-preview": "bot:conceder",
    LONG: "bot:hardliner",
    "local-smollm2-1.7b-instruct": "bot:tit-for-tat",
    "cohere-command-r-plus-08-2024": "bot:random",
    "mistral-large-2411-concedes": "bot:conceder",
}
SPEC = {"name": "long-names", "games": ["rental-1-distributive"],
        "agents": [{"id": name, "agent": bot} for name, bot in AGENTS.items()]}
# Printed whole on their own line, never wrapped: paths and the URL are copied, not read.
WHOLE = ("database: ", "report: file://", "every agent, with ")


def cli(*argv: str) -> tuple[int, str]:
    """`lamen ARGV` with its output piped (as into a file or CI log), as a user would see it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


@pytest.fixture(scope="module")
def long_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("long")
    (folder / "t.yaml").write_text(yaml.safe_dump(SPEC), encoding="utf-8")
    code, out = cli("run", str(folder / "t.yaml"), "--db", str(folder / "t.db"), "--quiet")
    assert code == 0, out
    return folder / "t.db", out


def section(out: str, title: str) -> list[str]:
    """The lines of the table printed under `title` (table lines start with a space)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" ")), len(lines))
    return lines[start + 1:end]


def assert_fits(out: str, width: int = 100, whole: tuple[str, ...] = WHOLE) -> None:
    assert "…" not in out
    too_wide = [line for line in out.splitlines() if len(line) > width and not line.startswith(whole)]
    assert too_wide == []


def test_run_output_fits_100_columns_and_keeps_names_whole(long_run: tuple[Path, str]) -> None:
    _, out = long_run
    assert_fits(out)
    lines = out.splitlines()
    for agent in AGENTS:
        if agent != LONG:  # the one name longer than a third of the width folds; it is never cut
            assert any(agent in line for line in lines), agent
    assert LONG[:40] in out  # folded, not cut: its first 40 characters stand on one line
    # The matrices of 7 agents with long names number their columns.
    assert "Cross-play soft completion rate (columns numbered as the rows)" in out
    rows = [line.split() for line in section(out, "Cross-play soft completion rate") if re.match(r"^ \d ", line)]
    assert [row[0] for row in rows] == [str(i) for i in range(1, 8)]
    assert sorted(AGENTS)[0] == LONG and LONG.startswith(rows[0][1])  # folded onto the next line
    assert [row[1] for row in rows[1:]] == sorted(AGENTS)[1:]


def test_integer_columns_print_as_integers(long_run: tuple[Path, str]) -> None:
    _, out = long_run
    part = next(line for line in out.splitlines() if line.startswith("Self-play") and "games" in
                "".join(section(out, line)))
    rows = [line for line in section(out, part) if re.search(r"\d\.\d\d", line)]
    # Each agent played 4 self-play games (2 sides × 2 start orders): "4", never "4.00".
    assert len(rows) == 7 and all(line.split()[-1] == "4" for line in rows)


def test_run_ends_with_the_top_of_the_leaderboard_and_the_report_url(long_run: tuple[Path, str]) -> None:
    db, out = long_run
    store = Store.open_read_only(db)
    try:
        board = build_leaderboard(match_table(store), library=Library.default())
    finally:
        store.close()
    rows = section(out, "Leaderboard, top 5 of 7: utility obtained, best first (95% intervals)")
    gets = [re.search(r"\d\.\d{3} ±\d\.\d{3}", line).group(0) for line in rows if re.search(r"±", line)]
    expected = [plus_minus(row["gets"], row["gets_low"], row["gets_high"], 3) for _, row in board.table.iterrows()]
    assert gets == expected[:5]  # the same fit as `lamen ratings`, its first five rows in order
    last = out.splitlines()[-4:]
    assert last[0] == f"every agent, with Bradley–Terry, Elo and TrueSkill: lamen ratings {db}"
    assert last[1].startswith("long-names: 112/112 matches, ")
    assert last[2] == f"database: {db}"
    assert last[3] == f"report: {(db.parent / 'index.html').resolve().as_uri()}"
    assert Path(unquote(urlparse(last[3].removeprefix("report: ")).path)).is_file()


def test_wide_prints_every_column_in_one_table(long_run: tuple[Path, str]) -> None:
    db, _ = long_run
    code, out = cli("ratings", str(db), "--matrices", "--wide", "--bootstrap", "0")
    assert code == 0
    assert "…" not in out and "part 1 of" not in out and "columns numbered" not in out
    header = next(line for line in section(out, "Cross-play soft completion rate") if "row \\ column" in line)
    assert header.split()[3:] == sorted(AGENTS)  # every agent a column, by its whole name


def test_dry_run_and_status_fit_100_columns(long_run: tuple[Path, str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    db, _ = long_run
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    model = "openai:ft:gpt-4o-mini-2024-07-18:my-organisation:negotiation-persona-experiment:AbCdEf12"
    spec = {**SPEC, "agents": [*SPEC["agents"], model]}
    (tmp_path / "t.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    code, out = cli("run", str(tmp_path / "t.yaml"), "--db", str(tmp_path / "t.db"), "--dry-run")
    assert code == 0 and "Cost estimate" in out
    assert_fits(out, whole=(*WHOLE, "  "))  # key lines ("  AGENT: key ..., price ...") are whole lines
    assert "ft:gpt-4o-mini-2024-07-18:my-organisa" in out  # the id folds in the cost table
    code, out = cli("status", str(db))
    assert code == 0 and out.startswith("long-names: 112/112 matches finished, ")
    assert_fits(out)


def matrix(names: list[str]) -> pd.DataFrame:
    values = np.arange(len(names) ** 2, dtype=float).reshape(len(names), -1) / len(names) ** 2
    np.fill_diagonal(values, np.nan)
    return pd.DataFrame(values, index=names, columns=names)


@pytest.mark.parametrize("width", [100, 80])
def test_a_large_matrix_is_stacked_with_every_column_and_name(width: int) -> None:
    names = [f"provider-{i:02d}:a-long-model" for i in range(20)]  # 24 characters
    console = Console(width=width, record=True, file=io.StringIO())
    tables = fitted_tables(console, matrix(names), "Cross-play U*")
    for title, table in tables:
        console.print(title)
        console.print(table)
    text = console.export_text()
    assert_fits(text, width, whole=())
    assert len(tables) >= 2 and [title for title, _ in tables] == [
        f"Cross-play U* (columns numbered as the rows) — part {i} of {len(tables)}" for i in range(1, len(tables) + 1)]
    headers = [line.split() for line in text.splitlines() if line.split()[:1] == ["#"]]
    assert [int(h) for part in headers for h in part[1:]] == list(range(1, 21))  # each column once, in order
    for name in names:
        assert text.count(name) == len(tables)  # whole, in every part


def test_a_matrix_that_fits_keeps_names_as_headers() -> None:
    names = ["bot:linear", "bot:conceder", "bot:boulware"]
    console = Console(width=100, record=True, file=io.StringIO())
    [(title, table)] = fitted_tables(console, matrix(names), "Cross-play U*")
    console.print(table)
    header = next(line for line in console.export_text().splitlines() if "bot:linear" in line)
    assert title == "Cross-play U*" and header.split() == names


def test_cells_print_integers_as_integers_and_gaps_as_dashes() -> None:
    frame = pd.DataFrame({"games": pd.array([24, None], dtype="Int64"), "count": np.array([3, 4]),
                          "U": [0.5, np.nan], "who": ["a\nb", None]}, index=["x", "y"])
    assert cell_texts(frame, 2) == {"games": ["24", "–"], "count": ["3", "4"], "U": ["0.50", "–"],
                                    "who": ["a ⏎ b", "–"]}
