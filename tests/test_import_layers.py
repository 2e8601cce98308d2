"""The layers of lamen, read from the source (ast) over every module of the package: the chat
types sit at the bottom and import nothing of lamen; the judge reads texts and never reaches the
agents that write them — not directly, not through another module, not lazily inside a function.
Importing `lamen.a.b` runs `lamen/a/__init__.py` too, so a package's `__init__` counts as imported."""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

from tests.conftest import REPO
from tests.test_core_imports import imported_names

PACKAGE = REPO / "lamen"


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package → the package's modules it imports (anywhere in its source),
    plus the packages that enclose it and them."""
    root = package.parent
    paths = {module_name(path, root): path for path in sorted(package.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        edges: set[str] = set()
        # `from lamen.x import name` names either a module or an attribute: keep the longest
        # prefix that is a module of the package.
        own = module if path.name != "__init__.py" else module + ".__init__"
        for name in imported_names(path, own):
            while name and name not in paths:
                name = name.rpartition(".")[0]
            if name:
                edges.add(name)
        graph[module] = edges
    for module in list(graph):
        parts = module.split(".")
        graph[module] |= {".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in graph}
        graph[module].discard(module)
    return graph


def chain_to(graph: dict[str, set[str]], start: str, forbidden: str) -> list[str] | None:
    """The shortest import chain from `start` to a module under `forbidden`, or None."""
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        module = queue.popleft()
        if module == forbidden or module.startswith(forbidden + "."):
            chain = [module]
            while (previous := parent[chain[-1]]) is not None:
                chain.append(previous)
            return chain[::-1]
        for imported in sorted(graph[module]):
            if imported not in parent:
                parent[imported] = module
                queue.append(imported)
    return None


GRAPH = import_graph(PACKAGE)


def test_the_graph_covers_the_package() -> None:
    assert len([m for m in GRAPH if m.startswith("lamen.judge.")]) >= 20
    assert "lamen.agents.bots" in GRAPH and "lamen.chat" in GRAPH
    # and it sees the import the scripted negotiators really make of the judge
    assert chain_to(GRAPH, "lamen.agents.bots", "lamen.judge") == ["lamen.agents.bots", "lamen.judge.agreement"]


def test_the_chat_types_import_nothing_of_lamen() -> None:
    assert GRAPH["lamen.chat"] == {"lamen"}  # only its enclosing package
    assert [n for n in imported_names(PACKAGE / "chat.py", "lamen.chat") if n.startswith("lamen")] == []


def test_the_provider_catalogue_imports_nothing_of_lamen() -> None:
    # The spec's validators and the CLI's startup read it: it must not pull in an agent or an SDK.
    # It names each provider's agent as "module:Class", imported only when an agent is made.
    tree = ast.parse((PACKAGE / "providers.py").read_text(encoding="utf-8"))
    imports = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert [ast.unparse(node) for node in imports] == ["from __future__ import annotations",
                                                       "from dataclasses import dataclass",
                                                       "from typing import Literal"]


def test_the_judge_never_reaches_the_agents() -> None:
    chains = {module: chain for module in GRAPH if module.startswith("lamen.judge")
              if (chain := chain_to(GRAPH, module, "lamen.agents")) is not None}
    assert chains == {}


def test_a_lazy_or_indirect_import_of_the_agents_is_caught(tmp_path: Path) -> None:
    # The check must be able to fail: a judge module reaching the agents through a middle module,
    # with the import inside a function.
    package = tmp_path / "lamen"
    for name, source in {"__init__.py": "", "chat.py": "",
                         "judge/__init__.py": "", "judge/read.py": "from lamen import middle\n",
                         "middle.py": "def f():\n    from lamen.agents.base import Agent\n",
                         "agents/__init__.py": "", "agents/base.py": "from lamen.chat import *\n"}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(source, encoding="utf-8")
    graph = import_graph(package)
    assert chain_to(graph, "lamen.judge.read", "lamen.agents") == ["lamen.judge.read", "lamen.middle",
                                                                   "lamen.agents.base"]
