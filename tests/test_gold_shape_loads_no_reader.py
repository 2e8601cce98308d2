"""The shape checks gold writers run import no reader: a writer who never saw the readers stays that way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_importing_gold_shape_loads_nothing_of_the_judge() -> None:
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import gold_shape; "
             "print(sorted(m for m in sys.modules if m.startswith('lamen.judge')))")
    done = subprocess.run([sys.executable, "-c", probe, str(TESTS)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
