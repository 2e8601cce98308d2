"""The index page of a tournament file's parts (`parts:` in a tournament spec, e.g. the cooperative
quickstart's Optimization and Adventurers): one line per part linking to the part's own report,
written beside them. A page without script: the CSP admits only its own style."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lamen.report.assets import CSS
from lamen.report.html import Markup, _hash, tag


@dataclass(frozen=True)
class PartReport:
    """One part as the index lists it."""

    tournament: str
    family: str
    report: Path  # the part's index.html
    summary: str  # e.g. "800/800 matches, 512 agreements, 0 errors, $0.00"


def write_parts_index(folder: Path, name: str, parts: Sequence[PartReport]) -> Path:
    """`folder/index.html`: the file's name and a link to each part's report (relative, so the
    folder can be moved or served as it is)."""
    policy = f"default-src 'none'; style-src '{_hash(CSS)}'; base-uri 'none'; form-action 'none'"
    rows = [tag("li", tag("a", part.tournament, href=part.report.relative_to(folder).as_posix()),
                f" — {part.family}: {part.summary}") for part in parts]
    head = tag("head", tag("meta", charset="utf-8"), tag("meta", http_equiv="Content-Security-Policy", content=policy),
               tag("meta", name="viewport", content="width=device-width, initial-scale=1"),
               tag("title", f"lamen reports: {name}"), tag("link", rel="icon", href="data:,"), tag("style", Markup(CSS)))
    body = tag("body", tag("header", tag("h1", f"lamen reports: {name}"),
                           tag("p", f"{len(parts)} tournaments in one database, one report each")),
               tag("main", tag("section", tag("h2", "Parts"), tag("ul", rows), id="parts")))
    index = folder / "index.html"
    index.write_text("<!DOCTYPE html>\n" + tag("html", head, body, lang="en") + "\n", encoding="utf-8")
    return index
