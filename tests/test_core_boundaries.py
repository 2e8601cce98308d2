"""The core knows no negotiation: importing every core module and the families built on it loads
nothing from the negotiation engine (judge, play, spec.game, runner, store). The negotiation
family itself is that engine behind the core, so it is left out (tests/test_core_imports.py)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO

FORBIDDEN = ("lamen.judge", "lamen.play", "lamen.spec.game", "lamen.runner", "lamen.store", "lamen.transcript")


def test_core_and_families_import_no_negotiation_module() -> None:
    # walk_packages imports every package it walks, so the negotiation family is skipped by hand.
    probe = ("import sys, pkgutil, importlib, lamen.core, lamen.families\n"
             "def walk(pkg):\n"
             "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
             "        importlib.import_module(m.name)\n"
             "walk(lamen.core)\n"
             "for m in pkgutil.iter_modules(lamen.families.__path__, 'lamen.families.'):\n"
             "    if m.name != 'lamen.families.negotiation':\n"
             "        sub = importlib.import_module(m.name)\n"
             "        if m.ispkg: walk(sub)\n"
             "from lamen.core.registry import family_names, get_family\n"
             "[get_family(n) for n in family_names() if n != 'negotiation']\n"
             "print('\\n'.join(sorted(m for m in sys.modules if m.startswith('lamen'))))")
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=120,
                            env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert result.returncode == 0, result.stderr
    loaded = result.stdout.split()
    assert "lamen.families.optimization.rules" in loaded and "lamen.core.play" in loaded
    assert [m for m in loaded if m.startswith(FORBIDDEN)] == []
