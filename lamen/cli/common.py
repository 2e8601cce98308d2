"""Helpers shared by CLI commands."""

from __future__ import annotations

import argparse
from pathlib import Path

from lamen.spec.library import Library


def library_from(args: argparse.Namespace) -> Library:
    return Library.default([Path(p) for p in getattr(args, "data", [])])
