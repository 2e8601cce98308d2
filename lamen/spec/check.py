"""Validate spec files of any kind and report every problem (what `lamen validate` runs)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lamen.judge.label_clashes import indistinguishable_labels
from lamen.spec.issue import Issue
from lamen.spec.library import Library
from lamen.spec.load import (
    game_from_document, load_issue, load_persona, load_protocol, load_tournaments,
)
from lamen.spec.problems import Problem, SpecError
from lamen.spec.protocol import LAMEN_ALIASES, Protocol
from lamen.spec.tournament import Tournament
from lamen.spec.yaml_source import read_yaml

PROTOCOL_KEYS = set(Protocol.model_fields) - {"name", "rules", "rules_prompt"} | set(LAMEN_ALIASES) | {"format_as_dialogue"}
KINDS = ("issue", "game", "protocol", "tournament", "persona", "rules", "harvest")
# Fields only a harvest spec (lamen.harvest.spec.HarvestSpec) has: its tree's shape and who answers.
HARVEST_KEYS = {"simulator", "beam", "branching"}

# What `lamen run` checks of a tournament beyond its file (its family's players, settings, seats:
# lamen.runner.checks), given by the command: the spec layer sits below the runner.
TournamentChecks = Callable[[Tournament], list[Problem]]
# What `lamen harvest` checks of a harvest spec file (lamen.harvest), given by the command for the
# same reason; without it a harvest file is only read as YAML.
HarvestChecks = Callable[[Path], list[Problem]]


def detect_kind(data: Any) -> str | None:
    """What a spec file is, from an explicit `kind:` or from the fields it has."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("kind"), str):
        return data["kind"]
    keys = set(data)
    if keys & {"payoffs", "payoff_labels", "issue_type"}:
        return "issue"
    if "agents" in keys or "parts" in keys:  # a tournament, or a file of several (`parts`)
        return "tournament"
    if keys & HARVEST_KEYS:
        return "harvest"
    if keys & {"internal_description", "external_description"}:
        return "persona"
    if keys & PROTOCOL_KEYS:
        return "protocol"
    if keys & {"sides", "parties", "description", "issues", "extends", "issue_weights"}:
        return "game"
    if keys and keys <= {"rules", "rules_prompt"}:
        return "rules"
    return None


def _check_rules(path: Path) -> None:
    doc = read_yaml(path)
    rules = doc.data.get("rules")
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise SpecError([doc.problem("rules must be a list of sentences", "write one '- rule' per line", ("rules",))])


def check_file(path: Path, library: Library, tournament_checks: TournamentChecks | None = None,
               harvest_checks: HarvestChecks | None = None) -> list[Problem]:
    """All problems of one file (errors and warnings); an empty list means valid. A tournament
    file that loads is also checked by `tournament_checks`, each problem placed in the file (a
    part's under `parts[i]`); a harvest file by `harvest_checks`."""
    try:
        doc = read_yaml(path)
        kind = detect_kind(doc.data)
        if not isinstance(doc.data, dict):
            return [doc.problem(f"the file must be a YAML mapping (key: value lines), not a {type(doc.data).__name__}",
                                "start with 'name: ...'")]
        if kind is None:
            return [doc.problem("cannot tell what this file is (no issue, game, protocol, tournament, persona or "
                                "harvest fields)", "add 'kind: game' (or issue, protocol, tournament, persona, harvest)")]
        if kind not in KINDS:
            return [doc.problem(f"unknown kind '{kind}'", f"use one of: {', '.join(KINDS)}", ("kind",))]
        warnings: list[str] = []
        if kind == "issue":
            issue = load_issue(path)
            warnings = list(issue.warnings) + _label_warnings(issue)
        elif kind == "game":
            game = game_from_document(doc, library)
            warnings = list(game.warnings) + [w for i in game.issues for w in _label_warnings(i)] if game else []
        elif kind == "protocol":
            load_protocol(path, library)
        elif kind == "tournament":
            loaded = load_tournaments(path)
            if tournament_checks is not None:
                found = []
                for index, tournament in enumerate(loaded.tournaments):
                    prefix = ("parts", index) if loaded.several else ()
                    found += [p if p.file else p.located(str(path), doc.line_of(prefix + p.field), prefix)
                              for p in tournament_checks(tournament)]
                if found:
                    return found
        elif kind == "persona":
            load_persona(path, library)
        elif kind == "harvest":
            if harvest_checks is not None:
                return [p if p.file else p.located(str(path), doc.line_of(p.field)) for p in harvest_checks(path)]
        else:
            _check_rules(path)
        return [doc.problem(w, severity="warning") for w in warnings]
    except SpecError as exc:
        return exc.problems


def _label_warnings(issue: Issue) -> list[str]:
    """Labels the judge cannot tell apart in an agent's text: offers of either are unreadable."""
    return [f"issue '{issue.name}': labels '{a}' and '{b}' cannot be told apart in text; "
            "reword one of them (or drop the synonym they share)" for a, b in indistinguishable_labels(issue)]


def spec_files(paths: list[Path]) -> tuple[list[Path], list[Problem]]:
    """Expand directories to their YAML files (recursively); missing paths are problems."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            if not found:
                problems.append(Problem("no .yaml files in this directory", "check the path", file=str(path)))
            files += found
        elif path.exists():
            files.append(path)
        else:
            problems.append(Problem("no such file or directory", "check the path", file=str(path)))
    return files, problems


def check_paths(paths: list[Path], library: Library | None = None, tournament_checks: TournamentChecks | None = None,
                harvest_checks: HarvestChecks | None = None) -> tuple[int, list[Problem]]:
    """(number of files checked, problems) for files and directories."""
    files, problems = spec_files(paths)
    for path in files:
        problems += check_file(path, library or Library.default([path.parent.parent]), tournament_checks,
                               harvest_checks)
    return len(files), problems
