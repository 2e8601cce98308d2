"""Model-written and provider-written text made inert for each place it goes: a terminal, a
single log line, a CSV cell, a LaTeX table, a SQLite row. Text from models is hostile input."""

from __future__ import annotations

import re

# C0 and C1 controls (tab and newline kept where a layout allows them), DEL, and the bidirectional
# overrides and isolates that can make a terminal line read differently from what it holds.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_LINE_BREAKS = re.compile(r"\r\n|[\n\r\u2028\u2029]")
_SURROGATES = re.compile(r"[\ud800-\udfff]")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_LATEX_SPECIALS = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
    "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}",
}
_LATEX = re.compile("|".join(re.escape(char) for char in _LATEX_SPECIALS))


def _visible(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def without_surrogates(text: str) -> str:
    """Lone surrogates (which no encoder accepts) replaced by U+FFFD."""
    return _SURROGATES.sub("\ufffd", text)


def terminal(text: str) -> str:
    """Text safe to print: controls, escape sequences and direction overrides shown as `\\uXXXX`
    (newlines and tabs kept), so nothing a model writes can move the cursor or recolour a screen."""
    return _CONTROLS.sub(_visible, without_surrogates(text))


def one_line(text: str) -> str:
    """`terminal`, on one line: line breaks shown as ⏎ — for names, ids and error messages."""
    return terminal(_LINE_BREAKS.sub(" ⏎ ", text)).replace("\t", " ")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: a string starting with = + - @ (or a tab or carriage
    return) gets a leading apostrophe, unless it is a plain number."""
    if not isinstance(value, str):
        return value
    text = without_surrogates(value)
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def latex(text: str) -> str:
    """Text typeset literally by LaTeX: its ten special characters escaped, controls removed."""
    cleaned = _CONTROLS.sub("", without_surrogates(text))
    return _LATEX.sub(lambda match: _LATEX_SPECIALS[match.group()], cleaned)
