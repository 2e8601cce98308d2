"""Helpers shared by CLI commands: the `--data` option, the spec library, output paths."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line

if TYPE_CHECKING:
    from lamen.spec.library import Library

DATA_HELP = "a folder with games/ issues/ protocols/ (searched before the built-ins; repeatable)"


def add_data_option(parser: argparse.ArgumentParser, *, after_command: bool) -> None:
    """`--data DIR`, before the command (`lamen --data D run ...`) or after it (`lamen run --data D ...`).
    The two go to separate destinations: a subparser's defaults would otherwise overwrite the
    folders given before the command."""
    parser.add_argument("--data", action="append", default=[], metavar="DIR", help=DATA_HELP,
                        dest="data_after" if after_command else "data")


def data_dirs(args: argparse.Namespace) -> list[Path]:
    """Every `--data` folder in command-line order; a folder that is not there is an error, not
    a silent miss that later reads as "unknown game"."""
    folders = [Path(p) for p in [*getattr(args, "data", []), *getattr(args, "data_after", [])]]
    for folder in folders:
        if not folder.is_dir():
            cause = "is not a directory" if folder.exists() else "no such directory"
            raise SpecError([Problem(f"--data {one_line(str(folder))}: {cause}",
                                     "give a folder holding games/, issues/ or protocols/")])
    return folders


def library_from(args: argparse.Namespace) -> Library:
    """`--data`, then — for a command given a spec file (`lamen run SPEC`) — the spec's own data
    folder, then the defaults: a tournament finds the games beside it from any directory."""
    from lamen.spec.library import Library

    spec = getattr(args, "spec", None)
    if isinstance(spec, Path):
        return Library.for_spec_file(spec, data_dirs(args))
    return Library.default(data_dirs(args))


def check_output_file(path: Path, option: str) -> Path:
    """Refuse, before any work is done, an output file that cannot be written: its folder
    missing or not a folder, the path a directory, or the folder not writable (tried for real
    with a temporary file, which is removed — permission bits lie for root and read-only mounts)."""
    shown = one_line(str(path))
    if path.is_dir():
        raise SpecError([Problem(f"{option} {shown}: is a directory", "give a file name, e.g. game.json")])
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.exists():
        raise SpecError([Problem(f"{option} {shown}: folder {one_line(str(folder))} does not exist",
                                 "create it first or choose another path")])
    if not folder.is_dir():
        raise SpecError([Problem(f"{option} {shown}: {one_line(str(folder))} is not a folder",
                                 "choose a path inside a folder")])
    if path.exists() and not path.is_file():
        raise SpecError([Problem(f"{option} {shown}: not a regular file", "choose another path")])
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".lamen-probe-"):
            pass
    except OSError as exc:
        raise SpecError([Problem(f"{option} {shown}: cannot write in {one_line(str(folder))} "
                                 f"({one_line(exc.strerror or type(exc).__name__)})",
                                 "choose a writable folder")]) from None
    if path.exists() and not os.access(path, os.W_OK):
        raise SpecError([Problem(f"{option} {shown}: the file is read-only", "choose another path")])
    return path


def write_text_atomically(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder and rename it into place: a crash or a
    full disk leaves the old file (or none), never half a file."""
    handle = tempfile.NamedTemporaryFile("w", dir=path.parent if str(path.parent) else ".", prefix=f".{path.name}.",
                                         suffix=".tmp", delete=False, encoding="utf-8")
    try:
        with handle:
            handle.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(handle.name, 0o666 & ~umask)  # a temporary file is private (0600); the result is not
        os.replace(handle.name, path)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise
