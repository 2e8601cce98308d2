"""Hostile text made inert per channel: terminal, one line, CSV, LaTeX."""

from lamen import text_safety


def test_terminal_shows_escape_sequences_and_bidi_overrides_as_text() -> None:
    assert text_safety.terminal("ok\x1b[31mred\u202e\nnext\tcol") == "ok\\u001b[31mred\\u202e\nnext\tcol"


def test_one_line_keeps_names_on_one_line() -> None:
    assert text_safety.one_line("a\nb\r\nc\td\x00") == "a ⏎ b ⏎ c d\\u0000"


def test_lone_surrogates_are_replaced() -> None:
    assert text_safety.without_surrogates("x\ud800y") == "x\ufffdy"
    assert text_safety.terminal("x\udfffy").encode("utf-8") == "x\ufffdy".encode("utf-8")


def test_csv_formula_prefixes_are_neutralised_but_numbers_stay() -> None:
    assert [text_safety.csv_cell(v) for v in ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "-0.5", "1e3", "plain", 3.5]] == [
        "'=1+1", "'+cmd", "'-2+3", "'@SUM(A1)", "-0.5", "1e3", "plain", 3.5]


def test_latex_specials_are_escaped() -> None:
    assert text_safety.latex(r"\input{/etc/passwd} 50% & $x_1$ #~^") == (
        r"\textbackslash{}input\{/etc/passwd\} 50\% \& \$x\_1\$ \#\textasciitilde{}\textasciicircum{}")
