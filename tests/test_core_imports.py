"""The import boundaries: no module under lamen/core imports the negotiation engine — the judge,
the negotiation family, the old play loop, the runner or the specs — at top level, inside a
function, or by name through importlib; and nothing the core, the runner, the store or the
ratings can load by their own imports (followed through every module in between) is the judge,
the negotiation family, the old loop or the scripted negotiators. Read from the source (ast), so
a lazy import in a branch no test runs is caught too."""

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


# ---- the layers above the core: runner, store, ratings (FAMILIES.md, issue 15 point 3) ----------
# They may load what a family needs only through the registry (lamen.core.registry finds a family
# by name and imports it when asked), never by an import of their own — at top level, inside a
# function, or through any module they import. The graph below is read from the source (ast).

LAYERS = ("lamen.core", "lamen.runner", "lamen.store", "lamen.ratings")
NEGOTIATION_ENGINE = ("lamen.judge", "lamen.families.negotiation", "lamen.play", "lamen.agents.bots")


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, module: str, package: bool) -> tuple[set[str], set[str]]:
    """(names imported when the module loads, names imported anywhere in it): a function body's
    imports run only when it is called; `if TYPE_CHECKING:` blocks never run."""
    at_load: set[str] = set()
    anywhere: set[str] = set()
    # A package's relative imports resolve from the package itself, a module's from its parent.
    base = module if package else module.rsplit(".", 1)[0]

    def names_of(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names]
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = base.split(".")[: len(base.split(".")) - node.level + 1]
                source = ".".join([*parts, node.module] if node.module else parts)
            else:
                source = node.module or ""
            return [source, *(f"{source}.{alias.name}" for alias in node.names)]
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("lamen."):
            return [node.value]  # importlib.import_module("lamen....")
        return []

    def visit(node: ast.AST, loading: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child, loading)
            return
        found = names_of(node)
        anywhere.update(found)
        if loading:
            at_load.update(found)
        inside = loading and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, True)
    return at_load, anywhere


def module_graph(root: Path) -> dict[str, tuple[set[str], set[str]]]:
    """Every module under root/lamen → (modules loaded with it, modules any of its code imports),
    each import widened to the packages it loads (importing a.b.c runs a and a.b first)."""
    files = {}
    for path in (root / "lamen").rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        at_load, anywhere = _imports(tree, module, path.name == "__init__.py")

        def known(names: set[str]) -> set[str]:
            out = set()
            for name in names:
                parts = name.split(".")
                out.update(p for p in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if p in files)
            return out - {module}

        parents = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)} & set(files)
        graph[module] = (known(at_load) | parents, known(anywhere) | parents)
    return graph


def reached_from(graph: dict[str, tuple[set[str], set[str]]], layer: str) -> dict[str, str | None]:
    """Every module the layer's code can load by its own imports: whatever any of its modules
    imports (anywhere), and then whatever those load with them. Each maps to the module that
    brought it in (None for the layer's own), so a failure names the whole chain."""
    own = [m for m in graph if m == layer or m.startswith(layer + ".")]
    seen: dict[str, str | None] = dict.fromkeys(own)
    todo = [(m, True) for m in own]
    while todo:
        module, in_layer = todo.pop()
        for target in graph[module][1] if in_layer else graph[module][0]:
            if target not in seen:
                seen[target] = module
                todo.append((target, target == layer or target.startswith(layer + ".")))
    return seen


def chains_to(seen: dict[str, str | None], forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for module in sorted(seen):
        if module == forbidden or module.startswith(tuple(f"{f}." for f in forbidden)) or module in forbidden:
            chain = [module]
            while seen[chain[-1]] is not None:
                chain.append(seen[chain[-1]])  # type: ignore[arg-type]
            found.append(" <- ".join(chain))
    return found


def test_core_runner_store_and_ratings_never_import_the_negotiation_engine() -> None:
    graph = module_graph(REPO)
    assert len([m for m in graph if m.startswith("lamen.runner.")]) >= 4  # the walk found the layers
    found = {layer: chains for layer in LAYERS if (chains := chains_to(reached_from(graph, layer), NEGOTIATION_ENGINE))}
    assert found == {}
    # And the family does reach the runner through the registry: the runner asks for it by name.
    runner_reaches = reached_from(graph, "lamen.runner")
    assert "lamen.core.registry" in runner_reaches and "lamen.families" in runner_reaches


def test_the_import_graph_follows_chains_and_skips_what_never_runs(tmp_path: Path) -> None:
    # The graph must catch an import two modules away, and an import inside a function of the
    # layer itself, or the test above could not fail; a function's import in another module
    # (a registry's lazy load) and `if TYPE_CHECKING:` blocks are not loads.
    files = {
        "lamen/__init__.py": "",
        "lamen/runner/__init__.py": "from lamen.runner.run import go\n",
        "lamen/runner/run.py": "from .helpers import x\n\ndef go():\n    import lamen.lazy\n",
        "lamen/runner/helpers.py": "from lamen.middle import y\nx = 1\n",
        "lamen/middle.py": "from lamen.judge.outcome import Outcome\n",
        "lamen/judge/__init__.py": "", "lamen/judge/outcome.py": "Outcome = 1\n",
        "lamen/lazy.py": "import lamen.play\n",
        "lamen/play/__init__.py": "",
        "lamen/store/__init__.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import lamen.judge\n"
                                   "def registry():\n    from lamen.families import load\n",
        "lamen/families/__init__.py": "def load():\n    import lamen.families.negotiation\n",
        "lamen/families/negotiation/__init__.py": "import lamen.judge\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = module_graph(tmp_path)
    assert chains_to(reached_from(graph, "lamen.runner"), ("lamen.judge", "lamen.play")) == [
        "lamen.judge <- lamen.middle <- lamen.runner.helpers",
        "lamen.judge.outcome <- lamen.middle <- lamen.runner.helpers",
        "lamen.play <- lamen.lazy <- lamen.runner.run"]
    assert chains_to(reached_from(graph, "lamen.store"), NEGOTIATION_ENGINE) == []
