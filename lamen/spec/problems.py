"""Problems found in user-written YAML, and the exception that carries them.

Every problem names the file, the line, the field path, what is wrong and how to fix it, so
`lamen validate` can print one line per problem and no user error ever shows a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

Severity = Literal["error", "warning"]
FieldPath = tuple[str | int, ...]


def format_field_path(path: FieldPath) -> str:
    """('issues', 0, 'payoffs') -> 'issues[0].payoffs'; () -> '(document)'."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + part
    return text or "(document)"


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or suspicious, for warnings) in a spec file."""

    message: str
    hint: str = ""
    field: FieldPath = ()
    file: str = ""  # empty for problems not in a file (command-line arguments)
    line: int = 1
    severity: Severity = "error"

    def render(self) -> str:
        hint = f" ({self.hint})" if self.hint else ""
        tag = "warning: " if self.severity == "warning" else ""
        if not self.file:
            where = f"{format_field_path(self.field)}: " if self.field else ""
            return f"error: {where}{tag}{self.message}{hint}"
        return f"{self.file}:{self.line}: {format_field_path(self.field)}: {tag}{self.message}{hint}"

    def located(self, file: str, line: int | None = None, prefix: FieldPath = ()) -> "Problem":
        """The same problem placed in a file, under a parent field path."""
        return replace(self, file=file, line=self.line if line is None else line, field=prefix + self.field)


@dataclass
class SpecError(Exception):
    """Raised for user errors in specs; carries every problem found, not only the first."""

    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.summary())

    def summary(self) -> str:
        errors = [p for p in self.problems if p.severity == "error"]
        return "; ".join(p.render() for p in errors or self.problems)

    def __str__(self) -> str:
        return self.summary()
