"""Which files a computation looked at: the files it read and the ones it looked for and did not
find (a file created there later would change its result). lamen.spec.listing keys its cache on
them. Outside `recording_lookups` noting a path costs one list test.

A plain module-level stack rather than a ContextVar: only the synchronous listing records, and
this module is on the path of every `lamen` start, where each import counts."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_RECORDING: list[list[Path]] = []  # innermost recording last


@contextmanager
def recording_lookups() -> Iterator[list[Path]]:
    """Collect, inside the block, every path passed to `looked_at` (nested blocks each see all)."""
    paths: list[Path] = []
    _RECORDING.append(paths)
    try:
        yield paths
    finally:
        _RECORDING.remove(paths)


def looked_at(path: Path) -> Path:
    """Note `path` in every active recording; returns it unchanged."""
    for paths in _RECORDING:
        paths.append(path)
    return path
