"""Where specs are found: the user's folders first, then the built-in ones shipped with lamen.

A root is a folder holding `games/ issues/ protocols/ tournaments/ agents/`; LAMEN's `data/`
folder is a root too (its protocols live in `communication_protocols/`).
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import lamen
from lamen.spec.lookups import looked_at
from lamen.spec.problems import Problem, SpecError

Kind = Literal["games", "issues", "protocols", "tournaments", "personas"]
FOLDERS: dict[str, tuple[str, ...]] = {
    "games": ("games",),
    "issues": ("issues",),
    "protocols": ("protocols", "communication_protocols"),
    "tournaments": ("tournaments",),
    "personas": ("agents", "personas"),
}
SINGULAR = {"games": "game", "issues": "issue", "protocols": "protocol", "tournaments": "tournament",
            "personas": "persona"}


def builtin_root() -> Path:
    """The built-in specs: packaged as lamen/_builtin in a wheel, top-level folders in a checkout."""
    package = Path(lamen.__file__).resolve().parent
    packaged = package / "_builtin"
    return packaged if packaged.is_dir() else package.parent


def yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.y*ml") if p.suffix in (".yaml", ".yml") and p.is_file())


@cache
def _name_field(path: Path, mtime: float) -> str | None:
    """The `name:` of a spec file, read cheaply for lookups by name (cached per file version)."""
    from lamen.spec.yaml_source import read_yaml

    try:
        data = read_yaml(path).data
    except SpecError:
        return None
    return str(data["name"]).strip() if isinstance(data, dict) and data.get("name") is not None else None


def spec_data_folder(path: Path) -> Path | None:
    """The data folder of a spec file: its own folder, or that folder's parent (a
    `tournaments/x.yaml` beside `games/`), whichever holds `games/` or `issues/`; None otherwise."""
    folder = path.resolve().parent
    for candidate in (folder, folder.parent):
        if any((candidate / name).is_dir() for name in ("games", "issues")):
            return candidate
    return None


def did_you_mean(ref: str, known: list[str]) -> str:
    """A hint naming the closest known names, or listing some when none is close."""
    close = difflib.get_close_matches(ref, known, n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(f"'{name}'" for name in close) + "?"
    return f"known: {', '.join(sorted(known)[:12]) or 'none'}"


@dataclass(frozen=True)
class Library:
    roots: tuple[Path, ...]
    # How many leading roots the user named (--data): a spec file's own folder goes after them.
    named: int = 0

    @classmethod
    def default(cls, extra: tuple[Path, ...] | list[Path] = ()) -> "Library":
        """`extra` (e.g. --data), then $LAMEN_PATH, then the working directory, then built-ins."""
        candidates = [Path(p) for p in extra]
        candidates += [Path(p) for p in os.environ.get("LAMEN_PATH", "").split(os.pathsep) if p]
        candidates += [Path.cwd(), builtin_root()]
        roots: list[Path] = []
        for root in candidates:
            resolved = root.resolve()
            if resolved not in roots:
                roots.append(resolved)
        named = len({Path(p).resolve() for p in extra})
        return cls(tuple(roots), named)

    @classmethod
    def for_spec_file(cls, path: str | Path, data_dirs: tuple[Path, ...] | list[Path] = ()) -> "Library":
        """The library a spec file (a tournament) is read with: `data_dirs` (--data) first, then the
        data folder the file belongs to, then the default roots — so a tournament finds the games
        beside it when run from anywhere."""
        return cls.default(data_dirs).near(Path(path))

    def near(self, path: Path) -> "Library":
        """This library with the data folder of the spec file `path` searched right after the
        user's --data folders (unchanged when the file has none, or it is already first)."""
        own = spec_data_folder(path)
        if own is None or own in self.roots[:self.named]:
            return self
        rest = tuple(root for root in self.roots[self.named:] if root != own)
        return Library((*self.roots[:self.named], own, *rest), self.named + 1)

    def folders(self, kind: Kind) -> list[Path]:
        return [root / name for root in self.roots for name in FOLDERS[kind] if (root / name).is_dir()]

    def files(self, kind: Kind) -> list[Path]:
        """Every file of a kind; a stem defined in an earlier root hides later ones."""
        seen: set[str] = set()
        found: list[Path] = []
        for folder in self.folders(kind):
            for path in yaml_files(folder):
                if path.stem not in seen:
                    seen.add(path.stem)
                    found.append(path)
        return found

    def find(self, kind: Kind, ref: str, relative_to: Path | None = None) -> Path:
        """Resolve a reference: a path, a file stem, or the `name:` inside a file."""
        ref = ref.strip()
        what = SINGULAR[kind]
        as_path = Path(ref)
        if not as_path.name:
            raise SpecError([Problem(f"'{ref}' is not a {what} name", f"name a {what}, e.g. by its file name")])
        spellings = (as_path, as_path.parent / f"{as_path.name}.yaml")
        bases = ([relative_to] if relative_to else []) + [Path.cwd()]
        # A bare name is never a file in another kind's folder: `issues: [shop]` in games/shop.yaml
        # must not find the game itself.
        bare = len(as_path.parts) == 1 and as_path.suffix not in (".yaml", ".yml")
        foreign = {name for other, names in FOLDERS.items() if other != kind for name in names}
        for base in bases:
            for candidate in spellings:
                found = looked_at(base / candidate)
                if found.is_file() and candidate.suffix in (".yaml", ".yml") \
                        and not (bare and found.resolve().parent.name in foreign):
                    return found
        if relative_to:
            # LAMEN games name their issues by file name next to the game's sibling folder.
            for name in FOLDERS[kind]:
                for candidate in spellings:
                    sibling = looked_at(relative_to.parent / name / candidate.name)
                    if sibling.is_file():
                        return sibling
        stem = as_path.name.removesuffix(".yaml").removesuffix(".yml")
        files = self.files(kind)
        for path in files:
            if path.stem == stem:
                return path
        by_name = [p for p in files if _name_field(p, p.stat().st_mtime) == ref]
        if len(by_name) == 1:
            return by_name[0]
        if len(by_name) > 1:
            raise SpecError([Problem(
                f"{what} name '{ref}' is ambiguous: {', '.join(p.stem for p in by_name)}",
                "refer to it by file name instead")])
        names = sorted({p.stem for p in files} | {n for p in files if (n := _name_field(p, p.stat().st_mtime))})
        raise SpecError([Problem(f"unknown {what} '{ref}'", did_you_mean(ref, names))])
