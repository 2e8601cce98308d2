"""The rows of `lamen games list`, and a cache of them so the command starts fast.

Listing builds every game (YAML, the extends chain, issue files, pydantic models): 0.4–1 s for the
built-ins alone, most of it importing and running pydantic. The rows only change when a file they
come from changes, so the last listing is kept in the user's cache folder with a stamp (size,
mtime, inode; or "missing") of every path it depends on: each root's games/ and issues/ folder and
the YAML files in them, every file read while building it and every file looked for and not found
(lamen.spec.lookups), and lamen's own spec code. Any change to any of them rebuilds it. The cache
is never used for validation (`lamen validate` and `lamen run` always read the files), and a
listing with a broken game is not cached: its error is recomputed until the file is fixed.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import lamen
from lamen.spec.library import FOLDERS, Library, builtin_root, yaml_files

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

CACHE_FORMAT = 2  # 2: family rows, and the import path's folders
CACHE_ENV = "LAMEN_CACHE_DIR"  # overrides the platform's user cache folder (tests, read-only homes)
COLUMNS = ("game", "issues", "class", "outcomes", "source")

Stamp = tuple[int, int, int] | None  # (size, mtime_ns, inode); None: the path does not exist


FAMILY_COLUMNS = ("family", "relation", "description", "source")


@dataclass(frozen=True)
class GameListing:
    """Each game's row (the five COLUMNS, as printed) and each file that did not load, with the
    first problem's message; each game family's row (FAMILY_COLUMNS: the YAML games above are the
    negotiation family's; the others bring their instances) and each family that did not load."""

    rows: tuple[tuple[str, str, str, str, str], ...]
    broken: tuple[tuple[Path, str], ...]
    families: tuple[tuple[str, str, str, str], ...] = ()
    broken_families: tuple[tuple[str, str], ...] = ()


def _some_package_declares_families() -> bool:
    """Whether any installed distribution's entry_points.txt names the `lamen.families` group: a
    plain scan of the import path's *.dist-info / *.egg-info folders (a few ms) that spares the
    common case — no outside family — importlib.metadata's full scan (~50–100 ms)."""
    import sys

    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                try:
                    text = Path(entry or ".", name, "entry_points.txt").read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                if "[lamen.families]" in text.replace(" ", ""):
                    return True
    return False


def family_rows() -> tuple[tuple[tuple[str, str, str, str], ...], tuple[tuple[str, str], ...]]:
    """The built-in families from what lamen.families declares (nothing imported), then every
    family another package adds through the `lamen.families` entry points (each loaded: only it
    knows its relation and description)."""
    from lamen.families import BUILTIN_FAMILIES

    rows = [(name, relation, description, "built-in") for name, relation, description in BUILTIN_FAMILIES]
    broken = []
    builtin = {name for name, _, _ in BUILTIN_FAMILIES}
    points: tuple[EntryPoint, ...] = ()
    if _some_package_declares_families():
        from importlib.metadata import entry_points

        points = tuple(entry_points(group="lamen.families"))
    for point in sorted(points, key=lambda ep: ep.name):
        if point.name in builtin:  # a built-in cannot be replaced (lamen.core.registry)
            continue
        where = f"{point.dist.name} {point.dist.version}" if point.dist else point.value
        try:
            from lamen.core.registry import get_family

            family = get_family(point.name)
        except Exception as exc:  # noqa: BLE001 — another package's bug is reported, not raised
            broken.append((point.name, f"{where}: {type(exc).__name__}: {exc}"))
            continue
        rows.append((family.name, str(family.relation), family.description, where))
    return tuple(rows), tuple(broken)


def build_listing(library: Library, shipped: bool = True) -> GameListing:
    """Read every game of the library (the slow path: YAML, pydantic models), except built-in
    games whose shipped row still holds (lamen.spec.shipped_listing; `shipped=False` reads them too)."""
    from lamen.spec.shipped_listing import load_shipped, shipped_row

    rows, broken = [], []
    builtin = builtin_root().resolve()
    known = load_shipped() if shipped else {}
    cwd = Path.cwd()
    reader = None
    for path in library.files("games"):
        resolved = path.resolve()
        if builtin in resolved.parents:
            row = shipped_row(known.get(path.name), builtin, cwd) if resolved.parent == builtin / "games" else None
            if row is not None:
                rows.append(row)
                continue
        reader = reader or _GameReader()
        try:
            rows.append(reader.row(path, library, "built-in" if builtin in resolved.parents else str(path.parent)))
        except reader.error as exc:
            broken.append((path, exc.problems[0].message))
    if reader is not None:
        reader.close()
    families, broken_families = family_rows()
    return GameListing(tuple(rows), tuple(broken), families, broken_families)


class _GameReader:
    """Reads games into rows, sharing parsed documents between them (the parent game and the
    issues every rental game names are parsed once). Imported only when a game must be read."""

    def __init__(self) -> None:
        from lamen.spec.problems import SpecError
        from lamen.spec.yaml_source import sharing_documents

        self.error = SpecError
        self._sharing = sharing_documents()
        self._sharing.__enter__()

    def row(self, path: Path, library: Library, source: str) -> tuple[str, str, str, str, str]:
        # The count, not the outcome space: no Pareto frontier of 14,641 outcomes just to list a game.
        from lamen.space import n_outcomes
        from lamen.spec.load import game_from_document
        from lamen.spec.yaml_source import read_yaml

        game = game_from_document(read_yaml(path), library)
        if game is None:
            return path.stem, "(description only)", "-", "-", source
        return path.stem, ", ".join(i.name for i in game.issues), game.game_class, f"{n_outcomes(game):,}", source

    def close(self) -> None:
        self._sharing.__exit__(None, None, None)


def game_listing(library: Library) -> GameListing:
    """The listing from the cache when nothing it depends on changed, else built (and cached)."""
    cache = _cache_file(library)
    cached = _read_cache(cache, library) if cache else None
    if cached is not None:
        return cached
    from lamen.spec.lookups import recording_lookups

    before = _stamps(_watched(library))
    with recording_lookups() as looked_at:
        listing = build_listing(library)
    after = _stamps([*_watched(library), *looked_at])
    # A file changed while it was being read: this listing may mix two versions, keep it out.
    unchanged = all(after.get(path) == stamp for path, stamp in before.items())
    if cache and unchanged and not listing.broken and not listing.broken_families:
        _write_cache(cache, library, listing, after)
    return listing


# ---- the cache ---------------------------------------------------------------------------------

def cache_folder() -> Path:
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_cache_dir("lamen", appauthor=False))


def _identity(library: Library) -> dict[str, object]:
    """What names a listing: the same files seen from another folder or another lamen differ."""
    return {"format": CACHE_FORMAT, "version": lamen.__version__, "cwd": str(Path.cwd()),
            "roots": [str(root) for root in library.roots]}


def _cache_file(library: Library) -> Path | None:
    try:
        folder = cache_folder()
    except Exception:  # noqa: BLE001 — no usable cache folder only means no cache
        return None
    # A checksum, not a cryptographic hash: importing hashlib (OpenSSL) costs more than the whole
    # cache lookup, and the file holds its identity in full, checked on reading.
    digest = zlib.crc32(json.dumps(_identity(library), sort_keys=True).encode())
    return folder / "games-list" / f"{digest:08x}.json"


def _watched(library: Library) -> list[Path]:
    """What a listing depends on that is known before building it: a game or issue file added,
    removed, renamed or edited, a games/ or issues/ folder made or removed."""
    spec_code = Path(__file__).resolve().parent
    paths = [*sorted(spec_code.glob("*.py")), spec_code.parent / "space.py", spec_code.parent / "families" / "__init__.py"]
    for root in library.roots:
        for kind in ("games", "issues"):
            for name in FOLDERS[kind]:
                folder = root / name
                paths.append(folder)
                if folder.is_dir():
                    paths += yaml_files(folder)
    return paths


def _stamp(path: Path) -> Stamp:
    """A file's size, mtime and inode (an editor that saves by renaming changes the inode); a
    folder's inode only: its mtime changes with every swap file written in it."""
    try:
        status = path.stat()
    except OSError:
        return None
    if stat.S_ISDIR(status.st_mode):
        return -1, 0, status.st_ino
    return status.st_size, status.st_mtime_ns, status.st_ino


def _package_stamps() -> list[list[object]]:
    """Each folder on the import path with its mtime: installing or removing a package (and so an
    entry point naming a family) changes its folder. The working directory is left out, its mtime
    changes with every file written there."""
    import sys

    cwd = str(Path.cwd())
    stamps: list[list[object]] = []
    for entry in sys.path:
        if entry in ("", cwd):
            continue
        try:
            status = os.stat(entry)
        except OSError:
            continue
        if stat.S_ISDIR(status.st_mode):
            stamps.append([entry, status.st_mtime_ns])
    return stamps


def _stamps(paths: list[Path]) -> dict[str, Stamp]:
    return {str(path): _stamp(path) for path in paths}


def _read_cache(cache: Path, library: Library) -> GameListing | None:
    try:
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if stored["identity"] != _identity(library):
            return None
        depends = {path: (tuple(stamp) if stamp is not None else None) for path, stamp in stored["depends"]}
        if any(str(path) not in depends for path in _watched(library)):
            return None
        if any(_stamp(Path(path)) != stamp for path, stamp in depends.items()):
            return None
        if stored["packages"] != _package_stamps():
            return None
        return GameListing(tuple(tuple(row) for row in stored["rows"]), (),
                           tuple(tuple(row) for row in stored["families"]), ())
    except (OSError, ValueError, KeyError, TypeError):  # missing, unreadable or from another format
        return None


def _write_cache(cache: Path, library: Library, listing: GameListing, depends: dict[str, Stamp]) -> None:
    """Written whole through a temporary file: a listing running alongside never reads half of it.
    Failing to write (read-only home, full disk) costs only the next listing's speed."""
    payload = json.dumps({"identity": _identity(library), "depends": sorted(depends.items()),
                          "packages": _package_stamps(), "rows": listing.rows, "families": listing.families},
                         ensure_ascii=False)
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        handle = tempfile.NamedTemporaryFile("w", dir=cache.parent, prefix=".games-list.", suffix=".tmp",
                                             delete=False, encoding="utf-8")
    except OSError:
        return
    try:
        with handle:
            handle.write(payload)
        os.replace(handle.name, cache)
    except OSError:
        Path(handle.name).unlink(missing_ok=True)
