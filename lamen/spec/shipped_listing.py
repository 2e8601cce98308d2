"""The built-in games' rows of `lamen games list`, shipped with lamen (`shipped_listing.json`), so
the first listing on a new machine — an empty cache — reads no YAML and imports no spec models:
building the nine built-in games costs 0.4–0.7 s, most of it pydantic.

A shipped row is used only while it is provably what reading the files would give:
- every file its game read (the game, its parent, its issues) has the checksum recorded;
- every path the lookups tried and did not find (in the game's folder, in the working
  directory) is still missing: a `rent.yaml` made in the working directory changes the game;
- lamen's spec code is the code the rows were built with (a checksum of it);
- the game resolved nothing through the library-wide search by name, which a user's folders
  could change (such games are left out when the file is built).
Otherwise that game is read from its files, as before. Rebuild the file after changing a built-in
game or the spec code: `python -m lamen.spec.shipped_listing` (tests/test_games_listing_shipped.py
fails until then).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from lamen.spec.lookups import looked_at

SHIPPED = Path(__file__).with_name("shipped_listing.json")
FORMAT = 1
Row = tuple[str, str, str, str, str]


@dataclass(frozen=True)
class ShippedRow:
    row: Row
    reads: tuple[tuple[str, int], ...]  # (path relative to the built-in root, crc32 of its bytes)
    absent: tuple[tuple[str, str], ...]  # ("builtin" | "cwd", relative path) looked for, not found


def spec_code() -> list[Path]:
    """The code a row depends on: lamen's spec package and the outcome counting."""
    here = Path(__file__).resolve().parent
    return [*sorted(here.glob("*.py")), here.parent / "space.py"]


def _crc(path: Path) -> int | None:
    try:
        return zlib.crc32(path.read_bytes())
    except OSError:
        return None


def code_checksum() -> int:
    checksum = 0
    for path in spec_code():
        checksum = zlib.crc32(path.name.encode(), checksum)
        checksum = zlib.crc32(path.read_bytes(), checksum)
    return checksum


def load_shipped(path: Path = SHIPPED) -> dict[str, ShippedRow]:
    """The shipped rows by game file name; empty when the file is missing, unreadable or built
    with other spec code."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored["format"] != FORMAT or stored["code"] != code_checksum():
            return {}
        return {name: ShippedRow(tuple(entry["row"]), tuple((p, c) for p, c in entry["reads"]),
                                 tuple((b, p) for b, p in entry["absent"]))
                for name, entry in stored["games"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def shipped_row(entry: ShippedRow | None, builtin: Path, cwd: Path) -> Row | None:
    """The row, when every file it depends on is as it was; each path is noted for an enclosing
    `recording_lookups`, as reading the game would have."""
    if entry is None:
        return None
    bases = {"builtin": builtin, "cwd": cwd}
    for base, relative in entry.absent:
        if looked_at(bases[base] / relative).is_file():
            return None
    for relative, checksum in entry.reads:
        if _crc(looked_at(builtin / relative)) != checksum:
            return None
    return entry.row


# ---- building the file (a development step, not run by users) ----------------------------------

@contextmanager
def _refusing_library_search() -> Iterator[list[str]]:
    """Note each library-wide search (Library.files, lookups by `name:`) made while reading a game:
    a user's folders could change what it finds, so such a game gets no shipped row."""
    from lamen.spec import library

    searched: list[str] = []
    original = library.Library.files

    def files(self: library.Library, kind: library.Kind) -> list[Path]:
        searched.append(kind)
        return original(self, kind)

    library.Library.files = files  # type: ignore[method-assign]
    try:
        yield searched
    finally:
        library.Library.files = original  # type: ignore[method-assign]


def _relative(path: Path, builtin: Path, cwd: Path) -> tuple[str, str] | None:
    resolved = path.resolve() if path.exists() else path.parent.resolve() / path.name
    for base, folder in (("cwd", cwd), ("builtin", builtin)):
        if resolved.is_relative_to(folder):
            return base, resolved.relative_to(folder).as_posix()
    return None


def build_shipped() -> dict[str, object]:
    """Read every built-in game from an empty working directory and note what each depended on."""
    from lamen.space import n_outcomes
    from lamen.spec.library import Library, builtin_root
    from lamen.spec.load import game_from_document
    from lamen.spec.lookups import recording_lookups
    from lamen.spec.yaml_source import read_yaml

    builtin = builtin_root().resolve()
    games: dict[str, object] = {}
    previous = Path.cwd()
    path_env = os.environ.pop("LAMEN_PATH", None)
    with tempfile.TemporaryDirectory() as empty:
        cwd = Path(empty).resolve()
        os.chdir(cwd)
        try:
            library = Library.default()
            for path in library.files("games"):
                with recording_lookups() as seen, _refusing_library_search() as searched:
                    game = game_from_document(read_yaml(path), library)
                if game is None or searched:
                    continue
                reads: dict[str, int] = {}
                absent: set[tuple[str, str]] = set()
                relatives = [(p, _relative(p, builtin, cwd)) for p in seen]
                if any(relative is None for _, relative in relatives):
                    continue
                for seen_path, (base, relative) in relatives:  # type: ignore[misc]
                    if seen_path.is_file():
                        if base != "builtin":
                            break
                        reads[relative] = _crc(seen_path)  # type: ignore[assignment]
                    else:
                        absent.add((base, relative))
                else:
                    row = (path.stem, ", ".join(i.name for i in game.issues), game.game_class,
                           f"{n_outcomes(game):,}", "built-in")
                    games[path.name] = {"row": row, "reads": sorted(reads.items()), "absent": sorted(absent)}
        finally:
            os.chdir(previous)
            if path_env is not None:
                os.environ["LAMEN_PATH"] = path_env
    return {"format": FORMAT, "code": code_checksum(), "games": games}


def render(shipped: dict[str, object]) -> str:
    """One game per line: a diff shows which game's row or dependencies changed."""
    games = shipped["games"]
    assert isinstance(games, dict)
    lines = [f" {json.dumps(name)}: {json.dumps(entry, ensure_ascii=False, sort_keys=True)}"
             for name, entry in sorted(games.items())]
    return (f'{{"format": {shipped["format"]}, "code": {shipped["code"]}, "games": {{\n'
            + ",\n".join(lines) + "\n}}\n")


def main(argv: list[str] | None = None) -> int:
    """Write shipped_listing.json (or, with --check, say whether it is up to date)."""
    args = sys.argv[1:] if argv is None else argv
    text = render(build_shipped())
    if "--check" in args:
        current = SHIPPED.read_text(encoding="utf-8") if SHIPPED.exists() else ""
        print("up to date" if current == text else f"{SHIPPED} is out of date: run python -m lamen.spec.shipped_listing")
        return 0 if current == text else 1
    SHIPPED.write_text(text, encoding="utf-8")
    print(f"wrote {SHIPPED} ({len(json.loads(text)['games'])} games)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
