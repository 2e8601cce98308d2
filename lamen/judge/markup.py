"""Markup that wraps an offer without being part of it, rewritten into the plain forms the
structured reader knows, before any block is looked for: a reasoning model's `<think>` block,
LaTeX (`$$\\boxed{\\text{rent}=\\$1{,}200, ...}$$`), HTML tables (as markdown tables), struck-out
HTML (`<del>`, `<s>`: withdrawn), diffs ("-" lines withdrawn, "+" lines standing), checkboxes (an
unticked box's value is not chosen), and definition lists ("Rent\\n: $1,000", as "Rent: $1,000").
Each rewrite runs only where its cue is in the text, so plain text costs a few substring tests."""

from __future__ import annotations

import html
import re

from lamen.judge.form_controls import form_pairs
from lamen.judge.code_literals import plain_code
from lamen.judge.notation import plain_notation, without_future_moves

_THINK = re.compile(r"<(think|thinking|reasoning|scratchpad)>.*?</\1>", re.IGNORECASE | re.DOTALL)
_STRUCK_TAG = re.compile(r"<(del|s|strike)>.*?</\1>", re.IGNORECASE | re.DOTALL)

# LaTeX: commands whose argument is plain text, spacing commands, escaped characters.
_LATEX_TEXT = re.compile(r"\\(?:text(?:bf|it|rm|tt|sf)?|mathrm|mathbf|textnormal|operatorname|mbox)\s*\{([^{}]*)\}")
_LATEX_SPACE = re.compile(r"\\(?:[ ,;:!]|quad|qquad|enspace|thinspace)")
_LATEX_ESCAPE = re.compile(r"\\([$%&#_])")
_LATEX_GROUPED = re.compile(r"\{([,.])\}")  # "1{,}200": a thousands separator kept from being read as a comma
_LATEX_FRAC = re.compile(r"\\[dt]?frac\s*\{(\d+)\}\s*\{(\d+)\}")
_LATEX_WRAPPER = re.compile(r"\\(?:boxed|fbox|framebox|underline|emph)\s*\{")
_LATEX_MATH = re.compile(r"\$\$|\\\[|\\\]|\\\(|\\\)")
_LATEX_SYMBOLS = {r"\times": "x", r"\cdot": "·", r"\to": "→", r"\rightarrow": "→", r"\approx": "~", r"\sim": "~",
                  r"\leq": "<=", r"\geq": ">=", r"\le": "<=", r"\ge": ">="}

_HTML_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr\s*>", re.IGNORECASE | re.DOTALL)
_HTML_CELL = re.compile(r"<(t[dh])\b[^>]*>(.*?)</t[dh]\s*>", re.IGNORECASE | re.DOTALL)
_HTML_TABLE = re.compile(r"<table\b[^>]*>.*?</table\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^<>]{1,80}>")
# Tags that wrap an offer ("<offer>", "<acceptable_offer>", "<final_answer>", "<proposal>").
_WRAPPER_OPEN = re.compile(r"<(?:acceptable_?|final_?|my_?|counter_?)?(?:offer|proposal|answer)>", re.IGNORECASE)
_WRAPPER_CLOSE = re.compile(r"</(?:acceptable_?|final_?|my_?|counter_?)?(?:offer|proposal|answer)>", re.IGNORECASE)
_BREAK_TAGS = re.compile(r"<br\s*/?>|</p>|</li>|</div>|</dd>|</h[1-6]>", re.IGNORECASE)
_LIST_ITEM = re.compile(r"<li\b[^>]*>", re.IGNORECASE)
_HTML_KEY_VALUE = re.compile(r"<(?:b|strong|dt)>([^<>]{1,40})</(?:b|strong|dt)>\s*(?:<dd>)?", re.IGNORECASE)

# "Rent\n: $1,000": a markdown definition list, the term on one line, ": value" on the next.
_DEFINITION = re.compile(r"(?m)^([^\n:|{}]{1,40}?)[ \t]*\n[ \t]*:[ \t]+([^\n]+)$")
# Definitions separated by blank lines are one list, as they were one block of the source.
_DEFINITIONS_APART = re.compile(r"\x00\n(?:[ \t]*\n)+(?=[^\n]*\x00)")


# A diff: "-" lines are withdrawn, "+" lines are what stands (a fenced ```diff block, or "-"/"+"
# lines that change the same key; a markdown bullet list alone has no "+" line).
_DIFF_FENCE = re.compile(r"```diff[ \t]*\n(.*?)```", re.DOTALL)
_DIFF_LINE = re.compile(r"(?m)^([+-])[ \t]?(?![+-])([^\n:=]{1,40})(?=[:=])")
# Checkboxes on one line: an unticked box and what follows it (to the next box or the line's
# end) is not chosen; a ticked box is.
# Radio buttons are boxes too: "( )" unticked, "(•)", "(●)", "(x)", "(*)" ticked.
_UNTICKED = re.compile(r"(?:\[ \]|☐|\( \))(?:[^\[☐☑☒✅(\n]|\((?![ •●xX*✓✔]\)))*")
_TICKED = re.compile(r"\[[xX✓✔]\]|☑|☒|\([•●xX*✓✔]\)")


def _diff_applied(lines: str, replaced: set[str] | None = None) -> str:
    """The lines of a diff as they stand after it; with `replaced`, outside a fenced diff, only
    the "-" lines of those keys are withdrawn (other "-" lines are markdown bullets)."""
    kept = []
    for line in lines.split("\n"):
        removed = re.match(r"^-(?!-)[ \t]?([^\n:=]{1,40})(?=[:=])", line) if replaced is not None else re.match(r"^-(?!-)", line)
        if removed and (replaced is None or removed.group(1).strip().lower() in replaced):
            continue
        line = re.sub(r"^\+(?!\+)[ \t]?", "", line)
        kept.append(line.lstrip(" ") if replaced is None else line)  # a context line ("  duration: 12 months")
    return "\n".join(kept)


def _diffs_applied(text: str) -> str:
    if "```diff" in text:
        return _DIFF_FENCE.sub(lambda m: _diff_applied(m.group(1)), text)
    changed = {key.strip().lower() for sign, key in _DIFF_LINE.findall(text) if sign == "+"}
    withdrawn = {key.strip().lower() for sign, key in _DIFF_LINE.findall(text) if sign == "-"}
    return _diff_applied(text, changed & withdrawn) if changed & withdrawn else text


def _checkboxes_read(text: str) -> str:
    """Of the boxes on one line (alternatives for one issue), the ticked one is chosen. A line with
    a single box is a task list's item: its box says nothing of the value (it stays)."""
    lines = []
    for line in text.split("\n"):
        if _TICKED.search(line) and len(_TICKED.findall(line)) + len(_UNTICKED.findall(line)) >= 2:
            line = _TICKED.sub(" ", _UNTICKED.sub(" ", line))
        lines.append(line)
    return "\n".join(lines)


def _thoughts_removed(text: str) -> str:
    """The text outside closed `<think>` blocks, when there is some: the answer after the model's
    reasoning is what it says; its reasoning weighs offers it does not make."""
    outside = _THINK.sub("\n", text)
    return outside if outside.strip() else text


def _latex_plain(text: str) -> str:
    for _ in range(3):  # nested \text{\textbf{...}}
        replaced = _LATEX_TEXT.sub(r"\1", text)
        if replaced == text:
            break
        text = replaced
    text = _LATEX_FRAC.sub(r"\1/\2", text)
    text = _LATEX_GROUPED.sub(r"\1", _LATEX_ESCAPE.sub(r"\1", _LATEX_SPACE.sub(" ", text)))
    for symbol, plain in _LATEX_SYMBOLS.items():
        text = text.replace(symbol, f" {plain} ")
    # A \boxed{...} wrapper: its braces go with it (a few at most: a note has one or two).
    for _ in range(8):
        if (match := _LATEX_WRAPPER.search(text)) is None:
            break
        depth, end = 1, match.end()
        while end < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        inner = text[match.end():end - 1] if depth == 0 else text[match.end():]
        text = text[:match.start()] + inner + text[end:]
    return _LATEX_MATH.sub("\n", text)


def _html_table_markdown(match: re.Match[str]) -> str:
    lines = []
    for number, row in enumerate(_HTML_ROW.findall(match.group(0))):
        cells = _HTML_CELL.findall(row)
        if not cells:
            continue
        lines.append("| " + " | ".join(html.unescape(_TAG.sub(" ", cell)).strip() for _, cell in cells) + " |")
        if number == 0 and all(kind.lower() == "th" for kind, _ in cells):
            lines.append("|" + "---|" * len(cells))
    return "\n" + "\n".join(lines) + "\n"


_TABLE_ROW = re.compile(r"(?m)^[ \t]*\|.*<br.*$", re.IGNORECASE)
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)


def _html_plain(text: str) -> str:
    text = _HTML_TABLE.sub(_html_table_markdown, text)
    if "<" not in text:
        return text
    text = _HTML_KEY_VALUE.sub(lambda m: f"{m.group(1).strip().rstrip(':')}: ", text)
    # "<dd>40%</dd>" ending its source line: one line break, so the list stays one block.
    text = re.sub(r"</dd>[ \t]*(?=\n)", "", text, flags=re.IGNORECASE)
    if "|" in text:
        # "| Lodging | Hostel<br>(hotel for soloists only) |": a break inside a markdown table's cell
        # breaks the cell's text, not the row, which must stay one line for the table to be read.
        text = _TABLE_ROW.sub(lambda row: _BREAK.sub(" ", row.group(0)), text)
    # "</li><li>": one line break between items, so that a list stays one block.
    text = _LIST_ITEM.sub("\n- ", re.sub(r"</li>\s*(?=<li\b)", "", _BREAK_TAGS.sub(lambda m: m.group(0) if m.group(0).lower() == "</li>" else "\n", text), flags=re.IGNORECASE))
    text = re.sub(r"</li>", "\n", text, flags=re.IGNORECASE)
    # Only markup tags go: "<rent>$1,200</rent>" pairs are read by the structured reader itself.
    # An inserted or marked value (<ins>$1,300</ins>) is the value.
    return re.sub(r"</?(?:p|div|span|ul|ol|dl|dd|b|strong|em|i|u|code|pre|html|body|tbody|thead|ins|mark|small|"
                  r"h[1-6]|font|a)\b[^<>]{0,60}>", " ",
                  text, flags=re.IGNORECASE)


def plain_markup(text: str) -> str:
    """The text with its markup rewritten into plain structured forms (see the module doc)."""
    if "<" in text and ">" in text:
        lower = text.lower()
        if "</think" in lower or "</thinking" in lower or "</reasoning" in lower or "</scratchpad" in lower:
            text = _thoughts_removed(text)
        if "</del" in lower or "</s>" in lower or "</strike" in lower:
            text = _STRUCK_TAG.sub(" ", text)
        if "offer" in lower or "proposal" in lower or "answer" in lower:
            # "<offer>price: $900; assembly: included</offer>": a wrapper heads its pairs; its
            # closing tag is no part of the last value.
            text = _WRAPPER_CLOSE.sub("\n", _WRAPPER_OPEN.sub("\nAcceptable offer:\n", text))
        if "<input" in lower or "<select" in lower:
            text = form_pairs(text)  # (round 28: a filled-in form's controls as "name: value" lines)
        if "<t" in lower or "<b" in lower or "<li" in lower or "<p" in lower or "<strong" in lower or "<dt" in lower \
                or "<ins" in lower:
            text = _html_plain(text)
    if "\n+" in text or text.startswith("+"):
        text = _diffs_applied(text)
    if "∈" in text or "↦" in text or "≔" in text or "= {" in text or "={" in text or '"op"' in text or "|" in text:
        text = plain_notation(text)
    if " (" in text and ("if " in text or "later" in text or "next round" in text):
        text = without_future_moves(text)
    if "[ ]" in text or "☐" in text or "( )" in text:  # (only a line with an unticked box can choose)
        text = _checkboxes_read(text)
    if "\\" in text and re.search(r"\\[a-z]+\s*\{|\\\$", text):
        text = _latex_plain(text)
    if "\n:" in text or "\n :" in text:
        text = _DEFINITIONS_APART.sub("\n", _DEFINITION.sub("\\1: \\2\x00", text)).replace("\x00", "")
    return plain_code(text)
