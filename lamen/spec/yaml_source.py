"""Safe, bounded YAML reading that remembers the line of every field.

User files are untrusted: size is capped before reading, bytes must be UTF-8, only YAML's safe
tags are constructed, and alias expansion is measured before anything walks the tree (a
"billion laughs" file is refused in microseconds instead of exhausting memory).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from lamen.spec.lookups import looked_at
from lamen.spec.problems import FieldPath, Problem, SpecError

MAX_FILE_BYTES = 2 * 1024 * 1024  # real games are a few KB; 2 MB leaves room for long descriptions
MAX_EXPANDED_NODES = 200_000  # nodes after alias expansion; a large real game has a few thousand


@dataclass(frozen=True)
class YamlDocument:
    """Parsed YAML data plus the line (1-based) of each field path."""

    path: Path
    data: Any
    lines: dict[FieldPath, int] = field(default_factory=dict)

    def line_of(self, loc: FieldPath) -> int:
        """Line of the deepest known prefix of `loc` (a missing field points at its parent)."""
        for cut in range(len(loc), -1, -1):
            line = self.lines.get(tuple(loc[:cut]))
            if line is not None:
                return line
        return 1

    def problem(self, message: str, hint: str = "", loc: FieldPath = (), severity: str = "error") -> Problem:
        return Problem(
            message=message, hint=hint, field=tuple(loc), file=str(self.path), line=self.line_of(tuple(loc)),
            severity=severity,  # type: ignore[arg-type]
        )

    def locate(self, problems: list[Problem], prefix: FieldPath = ()) -> list[Problem]:
        """Place problems found by model checks (field paths only) in this file."""
        return [p.located(str(self.path), self.line_of(prefix + p.field), prefix) for p in problems]


def _fail(path: Path, message: str, hint: str = "", line: int = 1) -> SpecError:
    return SpecError([Problem(message=message, hint=hint, file=str(path), line=line)])


def _expanded_size(root: yaml.Node, limit: int) -> int:
    """Node count with every alias expanded, computed on the shared graph (linear, memoised)."""
    memo: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in memo:
            continue
        if isinstance(node, yaml.ScalarNode):
            memo[id(node)] = 1
            continue
        children = _children(node)
        if children_done:
            total = 1 + sum(memo[id(c)] for c in children)
            memo[id(node)] = min(total, limit + 1)
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in children if id(c) not in memo)
    return memo[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _line_map(root: yaml.Node, path: Path) -> tuple[dict[FieldPath, int], list[Problem]]:
    lines: dict[FieldPath, int] = {(): root.start_mark.line + 1}
    problems: list[Problem] = []
    stack: list[tuple[yaml.Node, FieldPath]] = [(root, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, value_node in node.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
                line = key_node.start_mark.line + 1
                if key in seen:
                    problems.append(Problem(
                        message=f"key '{key}' appears twice", hint="remove one; YAML keeps only the last",
                        field=loc + (key,), file=str(path), line=line,
                    ))
                seen.add(key)
                lines[loc + (key,)] = line
                stack.append((value_node, loc + (key,)))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                lines[loc + (index,)] = item.start_mark.line + 1
                stack.append((item, loc + (index,)))
    return lines, problems


def parse_yaml_text(text: str, path: Path) -> YamlDocument:
    """Parse YAML text safely; raise SpecError with one located problem on any failure."""
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise _fail(path, "file is empty", "write a YAML mapping, e.g. 'name: ...'")
        size = _expanded_size(root, MAX_EXPANDED_NODES)
        if size > MAX_EXPANDED_NODES:
            raise _fail(
                path, f"YAML aliases expand to more than {MAX_EXPANDED_NODES} nodes (an alias bomb?)",
                "write the values out instead of nesting anchors and aliases", root.start_mark.line + 1,
            )
        data = loader.construct_document(root)
    except yaml.constructor.ConstructorError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else 1
        found = re.search(r"'([^']+)'", exc.problem or "")
        tag = found.group(1).replace("tag:yaml.org,2002:", "!!") if found else "here"
        raise _fail(path, f"YAML tag {tag} is not allowed: lamen only reads plain data",
                    "remove the !!tag; python objects are never constructed", line) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        what = exc.problem or exc.context or "invalid YAML"
        raise _fail(path, f"YAML syntax error: {what}",
                    "check indentation, colons and quotes on this line", line) from None
    except yaml.YAMLError as exc:
        raise _fail(path, f"YAML error: {exc}", "check the file is valid YAML") from None
    finally:
        loader.dispose()
    lines, duplicates = _line_map(root, path)
    if duplicates:
        raise SpecError(duplicates)
    return YamlDocument(path=path, data=data, lines=lines)


# Parsed documents shared inside `sharing_documents` blocks, by path and exact text.
_SHARED: list[dict[tuple[Path, str], YamlDocument]] = []


@contextmanager
def sharing_documents() -> Iterator[None]:
    """Inside the block a file read again with the same text is not parsed again. Listing the
    built-in games reads 37 files, 23 of them distinct (every rental game extends
    rental-agreement and names the same issues), and the pure-Python parser is most of its time.
    The documents are shared objects: callers copy before changing them (lamen.spec.load does)."""
    _SHARED.append({})
    try:
        yield
    finally:
        _SHARED.pop()


def read_yaml(path: str | Path, max_bytes: int = MAX_FILE_BYTES) -> YamlDocument:
    """Read a YAML file with the size, encoding and safety limits above."""
    path = looked_at(Path(path))
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise _fail(path, "file not found", "check the path") from None
    except OSError as exc:
        raise _fail(path, f"cannot read file: {exc.strerror}", "check the path and permissions") from None
    if path.is_dir():
        raise _fail(path, "is a directory, not a YAML file", "pass a .yaml file or use `lamen validate DIR`")
    if size > max_bytes:
        raise _fail(path, f"file is {size / 1e6:.1f} MB, over the {max_bytes / 1e6:.0f} MB limit for spec files",
                    "a game, issue or protocol file is a few KB; check this is the right file")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise _fail(path, f"cannot read file: {exc.strerror}", "check permissions") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise _fail(path, f"not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}",
                    "save the file as UTF-8", line) from None
    text = text.lstrip("\ufeff")
    if not _SHARED:
        return parse_yaml_text(text, path)
    shared = _SHARED[-1]
    if (path, text) not in shared:
        shared[(path, text)] = parse_yaml_text(text, path)
    return shared[(path, text)]
