"""The report's tables as files: CSV for programs, LaTeX (booktabs) for papers, and the
match-level table as CSV (and Parquet when pyarrow is installed).

Agent ids, game names, error messages and model text reach these tables, so every text cell and
label is made inert for where it goes: a CSV cell that a spreadsheet would run as a formula
(= + - @) gets a leading apostrophe; LaTeX gets its special characters escaped and control
characters removed (pandas' own `escape=True` leaves control characters, which stop a LaTeX run,
and never touches the caption). Parquet keeps the data as it is: programs read it, not people.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from lamen.text_safety import csv_cell, latex


@dataclass(frozen=True)
class ExportedTable:
    name: str
    caption: str
    csv: Path
    tex: Path | None  # None without jinja2, which pandas' to_latex needs


def latex_available() -> bool:
    return importlib.util.find_spec("jinja2") is not None


def _texts(value: object, clean: Callable[[str], object]) -> object:
    """`clean` applied to a string, or to each string of a MultiIndex tuple; others untouched."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, tuple):
        return tuple(clean(v) if isinstance(v, str) else v for v in value)
    return value


def _labels(index: pd.Index, clean: Callable[[str], object]) -> pd.Index:
    mapped = index.map(lambda value: _texts(value, clean))
    mapped.names = [_texts(name, clean) for name in index.names]
    return mapped


def inert(frame: pd.DataFrame, clean: Callable[[str], object]) -> pd.DataFrame:
    """A copy of `frame` with every text cell, column label and index label passed through
    `clean`; numeric columns keep their dtype."""
    safe = frame.copy()
    for position in range(safe.shape[1]):
        column = safe.iloc[:, position]
        if pd.api.types.is_object_dtype(column) or pd.api.types.is_string_dtype(column):
            safe.isetitem(position, column.map(lambda value: _texts(value, clean), na_action="ignore"))
    safe.columns = _labels(safe.columns, clean)
    safe.index = _labels(safe.index, clean)
    return safe


def write_csv(frame: pd.DataFrame, path: Path, *, index: bool = False) -> None:
    """A CSV no spreadsheet will execute: formula-like text cells start with an apostrophe."""
    inert(frame, csv_cell).to_csv(path, index=index)


def write_latex(frame: pd.DataFrame, path: Path, name: str, caption: str, *, index: bool = False) -> None:
    """A booktabs table whose text LaTeX typesets literally, caption included."""
    text = inert(frame, latex).to_latex(index=index, float_format="%.3f", na_rep="--", escape=False,
                                        caption=latex(caption), label=f"tab:{name}")
    path.write_text(text, encoding="utf-8")


def write_table(frame: pd.DataFrame, folder: Path, name: str, caption: str, *, index: bool = False) -> ExportedTable:
    """`folder/name.csv` and, when jinja2 is installed, `folder/name.tex` (a booktabs table with
    caption and label tab:name)."""
    folder.mkdir(parents=True, exist_ok=True)
    csv = folder / f"{name}.csv"
    write_csv(frame, csv, index=index)
    if not latex_available():
        return ExportedTable(name, caption, csv, None)
    tex = folder / f"{name}.tex"
    write_latex(frame, tex, name, caption, index=index)
    return ExportedTable(name, caption, csv, tex)


def parquet_available() -> bool:
    return importlib.util.find_spec("pyarrow") is not None


def write_match_table(matches: pd.DataFrame, folder: Path) -> list[Path]:
    """Every match, one row each, with the judge's per-side figures: matches.csv, and
    matches.parquet when pyarrow is there."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "matches.csv"]
    write_csv(matches, written[0])
    if parquet_available():
        written.append(folder / "matches.parquet")
        matches.to_parquet(written[1], index=False)
    return written
