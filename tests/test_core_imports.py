"""The import boundary of the core: no module under lamen/core imports the negotiation engine —
the judge, the negotiation family, the old play loop, the runner or the specs — at top level,
inside a function, or by name through importlib. Read from the source (ast), so a lazy import
in a branch no test runs is caught too."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

CORE = REPO / "lamen" / "core"
FORBIDDEN = ("lamen.judge", "lamen.families.negotiation", "lamen.play", "lamen.runner", "lamen.spec")


def _resolve(node: ast.ImportFrom, module: str) -> str:
    """The absolute name of a (possibly relative) `from ... import`."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")[: -node.level]
    return ".".join([*base, node.module] if node.module else base)


def imported_names(path: Path, module: str) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(node, module)
            names += [source, *(f"{source}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("lamen."):
            names.append(node.value)  # importlib.import_module("lamen....") and the like
    return names


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(REPO).with_suffix("").parts)


def forbidden_in(path: Path, module: str) -> list[str]:
    return [name for name in imported_names(path, module) if name == "lamen.spec" or name.startswith(FORBIDDEN)]


def test_nothing_in_the_core_imports_the_negotiation_engine() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert len(files) >= 10  # the walk found the core
    found = {str(path.relative_to(REPO)): bad for path in files if (bad := forbidden_in(path, module_of(path)))}
    assert found == {}


def test_the_check_sees_every_form_of_import(tmp_path: Path) -> None:
    # The reader itself must catch each spelling, or the test above could not fail.
    probe = tmp_path / "probe.py"  # read as if it were lamen/core/probe.py
    sources = {"import lamen.judge": ["lamen.judge"],
               "from lamen.play import prompts": ["lamen.play", "lamen.play.prompts"],
               "def f():\n    from lamen.families.negotiation import FAMILY": ["lamen.families.negotiation",
                                                                               "lamen.families.negotiation.FAMILY"],
               "from ..runner import run": ["lamen.runner", "lamen.runner.run"],
               "from .. import spec": ["lamen", "lamen.spec"],
               "importlib.import_module('lamen.spec.game')": ["lamen.spec.game"],
               "from lamen.core.types import Event": []}
    for source, expected in sources.items():
        probe.write_text(source + "\n", encoding="utf-8")
        assert forbidden_in(probe, "lamen.core.probe") == [n for n in expected if n != "lamen"], source
