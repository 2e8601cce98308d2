"""(Round 27) Options laid out with their choice marked, as on a form: "Fee: ( ) $400 (•) $500
( ) $600", "◉ local drop-off ○ home delivery", "[x] 2 hives [ ] 4 hives". On a line that marks one
option filled and another empty, the filled one is the value written; the empty ones are only the
choices not taken, so they are dropped before reading (each up to the next mark, the line's end or
a separator "|")."""

from __future__ import annotations

import re

# A filled mark and an empty one; the cue is cheap: most texts hold neither.
_FILLED = r"(?:◉|●|⦿|☑|☒|✅|\((?:•|x|X|\*)\)|\[(?:x|X|\*|✓|✔)\])"
_EMPTY = r"(?:○|◯|☐|⬜|\(\s?\)|\[\s?\])"
_CUES = ("◉", "●", "⦿", "☑", "☒", "✅", "(•)", "(x)", "(X)", "(*)", "[x]", "[X]", "[*]", "[✓]", "[✔]")
_MARK = re.compile(rf"(?P<filled>{_FILLED})|(?P<empty>{_EMPTY})")
_EMPTY_CUES = ("○", "◯", "☐", "⬜", "()", "( )", "[]", "[ ]")


def _line(line: str) -> str:
    marks = list(_MARK.finditer(line))
    if not any(m.group("filled") for m in marks) or not any(m.group("empty") for m in marks):
        return line
    kept = [line[:marks[0].start()]]
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(line)
        segment = line[mark.end():end]
        if mark.group("filled"):
            kept.append(" " + segment)
        else:
            # (an empty option ends at a separator: what follows it is the next key's)
            bar = re.search(r"\||;|\s[—–]\s", segment)
            kept.append(" " + segment[bar.start():] if bar else " ")
    return re.sub(r"[ \t]{2,}", " ", "".join(kept))


def marked_choices(text: str) -> str:
    """The text with the unmarked options of each marked line dropped."""
    if text.isascii() and "(" not in text and "[" not in text:
        return text  # (most texts: no mark can be in them)
    if not any(cue in text for cue in _CUES) or not any(cue in text for cue in _EMPTY_CUES):
        return text
    return "\n".join(_line(line) for line in text.split("\n"))
