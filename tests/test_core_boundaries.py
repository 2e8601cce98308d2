"""The core knows no negotiation: importing every core module and the families built on it loads
nothing from the negotiation engine (judge, play, spec.game, runner, store)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO

FORBIDDEN = ("lamen.judge", "lamen.play", "lamen.spec.game", "lamen.runner", "lamen.store", "lamen.transcript")


def test_core_and_families_import_no_negotiation_module() -> None:
    probe = ("import sys, pkgutil, importlib, lamen.core, lamen.families\n"
             "for pkg in (lamen.core, lamen.families):\n"
             "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
             "        importlib.import_module(m.name)\n"
             "from lamen.core.registry import all_families; all_families()\n"
             "print('\\n'.join(sorted(m for m in sys.modules if m.startswith('lamen'))))")
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=120,
                            env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert result.returncode == 0, result.stderr
    loaded = result.stdout.split()
    assert "lamen.families.optimization.rules" in loaded and "lamen.core.play" in loaded
    assert [m for m in loaded if m.startswith(FORBIDDEN)] == []
