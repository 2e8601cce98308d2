"""The report's tables as files: CSV for programs, LaTeX (booktabs) for papers, and the
match-level table as CSV (and Parquet when pyarrow is installed)."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

LATEX_SPECIALS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                  "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


@dataclass(frozen=True)
class ExportedTable:
    name: str
    caption: str
    csv: Path
    tex: Path | None  # None without jinja2, which pandas' to_latex needs


def latex_available() -> bool:
    return importlib.util.find_spec("jinja2") is not None


def latex_escape(text: str) -> str:
    return re.sub(r"[\\&%$#_{}~^]", lambda match: LATEX_SPECIALS[match.group()], text)


def write_table(frame: pd.DataFrame, folder: Path, name: str, caption: str, *, index: bool = False) -> ExportedTable:
    """`folder/name.csv` and, when jinja2 is installed, `folder/name.tex` (a booktabs table with
    caption and label tab:name)."""
    folder.mkdir(parents=True, exist_ok=True)
    csv = folder / f"{name}.csv"
    frame.to_csv(csv, index=index)
    if not latex_available():
        return ExportedTable(name, caption, csv, None)
    tex = folder / f"{name}.tex"
    tex.write_text(frame.to_latex(index=index, float_format="%.3f", na_rep="--", escape=True,
                                  caption=latex_escape(caption), label=f"tab:{name}"), encoding="utf-8")
    return ExportedTable(name, caption, csv, tex)


def parquet_available() -> bool:
    return importlib.util.find_spec("pyarrow") is not None


def write_match_table(matches: pd.DataFrame, folder: Path) -> list[Path]:
    """Every match, one row each, with the judge's per-side figures: matches.csv, and
    matches.parquet when pyarrow is there."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "matches.csv"]
    matches.to_csv(written[0], index=False)
    if parquet_available():
        written.append(folder / "matches.parquet")
        matches.to_parquet(written[1], index=False)
    return written
