"""The family registry: families come from the entry-point group `lamen.families` (so a package
outside lamen can add one) and from built-ins registered in code. An entry point names either a
`Family` or a zero-argument callable returning one."""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points

from lamen.core.family import Family

GROUP = "lamen.families"
_BUILTIN: dict[str, Callable[[], Family]] = {}
_LOADED: list[bool] = []  # lamen.families registered its built-ins


class UnknownFamily(LookupError):
    pass


def register_builtin(name: str, load: Callable[[], Family]) -> None:
    """A family shipped inside lamen; loaded lazily, so listing names imports nothing heavy."""
    _BUILTIN[name] = load


def _entry_points() -> tuple[EntryPoint, ...]:
    return tuple(entry_points(group=GROUP))


def _load(target: object, where: str) -> Family:
    family = target() if callable(target) and not isinstance(target, Family) else target
    if not isinstance(family, Family):
        raise TypeError(f"{where} does not give a lamen.core.Family (got {type(family).__name__})")
    return family


def family_names() -> tuple[str, ...]:
    _ensure_builtins()
    return tuple(sorted({*_BUILTIN, *(ep.name for ep in _entry_points())}))


def get_family(name: str) -> Family:
    """Built-ins win over an entry point of the same name (an outside package cannot replace one)."""
    _ensure_builtins()
    if name in _BUILTIN:
        return _load(_BUILTIN[name](), f"built-in family {name}")
    for ep in _entry_points():
        if ep.name == name:
            family = _load(ep.load(), f"entry point {ep.value} ({GROUP})")
            if family.name != name:
                raise TypeError(f"entry point {ep.name} ({ep.value}) gives family {family.name!r}")
            return family
    raise UnknownFamily(f"unknown game family {name!r} (known: {', '.join(family_names())})")


def all_families() -> tuple[Family, ...]:
    return tuple(get_family(name) for name in family_names())


def _ensure_builtins() -> None:
    if not _LOADED:
        _LOADED.append(True)
        from lamen.families import register_all

        register_all()
