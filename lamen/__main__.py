"""`python -m lamen` is the `lamen` command."""

from lamen.cli import run

run()
