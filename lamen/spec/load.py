"""Read spec files into typed objects: issues, games, protocols, personas, tournaments.

Every user error becomes a SpecError of located problems; nothing here prints or exits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from lamen.spec.agent import Persona
from lamen.spec.game import Game
from lamen.spec.issue import Issue
from lamen.spec.library import Library
from lamen.spec.problems import FieldPath, Problem, SpecError
from lamen.spec.protocol import LAMEN_ALIASES, Protocol
from lamen.spec.tournament import PartsFile, Tournament, TournamentFile
from lamen.spec.validation import problems_from_validation
from lamen.spec.yaml_source import YamlDocument, read_yaml

M = TypeVar("M", bound=BaseModel)

GAME_FILE_KEYS = ("name", "extends", "description", "sides", "parties", "issues", "issue_weights", "scale",
                  "rules_prompt", "rules")


def build(model: type[M], data: Any, doc: YamlDocument, prefix: FieldPath = (),
          extra_names: list[str] | None = None) -> M:
    """Validate `data` as `model`, turning every failure into problems located in `doc`."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = problems_from_validation(exc, model, extra_names)
    except SpecError as exc:
        problems = exc.problems
    raise SpecError(doc.locate(_one_per_typo(problems), prefix))


def _one_per_typo(problems: list[Problem]) -> list[Problem]:
    """A misspelt required field is one mistake, so one line: 'unknown field agnets (did you mean
    agents?)' stands, and 'agents: required field is missing' goes."""
    unknown = [p for p in problems if p.message.startswith("unknown field ") and p.field]
    kept = []
    for problem in problems:
        if problem.message == "required field is missing" and problem.field and any(
                u.field[:-1] == problem.field[:-1] and f"'{problem.field[-1]}'" in u.hint for u in unknown):
            continue
        kept.append(problem)
    return kept


def _mapping(doc: YamlDocument, what: str) -> dict[str, Any]:
    if not isinstance(doc.data, dict):
        raise SpecError([doc.problem(f"expected a {what} (a YAML mapping), got {type(doc.data).__name__}",
                                     "start the file with 'name: ...'")])
    return dict(doc.data)


def _strip_kind(data: dict[str, Any], expected: str, doc: YamlDocument) -> dict[str, Any]:
    kind = data.pop("kind", expected)
    if kind != expected:
        raise SpecError([doc.problem(f"kind is '{kind}', expected '{expected}'", "", ("kind",))])
    return data


# ---- issues --------------------------------------------------------------------------------

def load_issue(path: str | Path) -> Issue:
    doc = read_yaml(path)
    return build(Issue, _strip_kind(_mapping(doc, "issue"), "issue", doc), doc)


# ---- games ---------------------------------------------------------------------------------

def _game_layers(doc: YamlDocument, library: Library, chain: tuple[Path, ...]) -> list[tuple[YamlDocument, dict]]:
    """The game file and the files it `extends`, nearest first."""
    data = _strip_kind(_mapping(doc, "game"), "game", doc)
    unknown = [key for key in data if key not in GAME_FILE_KEYS]
    if unknown:
        import difflib

        problems = []
        for key in unknown:
            close = difflib.get_close_matches(key, GAME_FILE_KEYS, n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else f"known fields: {', '.join(GAME_FILE_KEYS)}"
            problems.append(doc.problem(f"unknown field '{key}'", hint, (key,)))
        raise SpecError(problems)
    layers = [(doc, data)]
    parent_ref = data.get("extends")
    if parent_ref is not None:
        if not isinstance(parent_ref, str):
            raise SpecError([doc.problem("extends must be a game name", "e.g. 'extends: rental-agreement'",
                                         ("extends",))])
        try:
            parent_path = library.find("games", parent_ref, doc.path.parent)
        except SpecError as exc:
            raise SpecError(doc.locate(exc.problems, ("extends",))) from None
        if parent_path.resolve() in chain:
            raise SpecError([doc.problem(f"'extends: {parent_ref}' makes a cycle", "remove the loop", ("extends",))])
        layers += _game_layers(read_yaml(parent_path), library, chain + (parent_path.resolve(),))
    return layers


def _resolve_issues(doc: YamlDocument, refs: Any, library: Library) -> list[Issue]:
    if not isinstance(refs, list):
        raise SpecError([doc.problem("issues must be a list of issue names or inline issues",
                                     "e.g. 'issues: [rent, duration]'", ("issues",))])
    issues: list[Issue] = []
    problems: list[Problem] = []
    for index, ref in enumerate(refs):
        try:
            if isinstance(ref, str):
                try:
                    issue_path = library.find("issues", ref, doc.path.parent)
                except SpecError as exc:
                    raise SpecError(doc.locate(exc.problems, ("issues", index))) from None
                issues.append(load_issue(issue_path))
            elif isinstance(ref, dict):
                issues.append(build(Issue, _strip_kind(dict(ref), "issue", doc), doc, ("issues", index)))
            else:
                raise SpecError([doc.problem(f"expected an issue name or an inline issue, got {ref!r}",
                                             "write a name like 'rent' or a mapping", ("issues", index))])
        except SpecError as exc:
            problems += exc.problems
    if problems:
        raise SpecError(problems)
    return issues


def game_from_document(doc: YamlDocument, library: Library) -> Game | None:
    """The game of a file, or None for a description-only file (LAMEN's data/games/*.yaml, whose
    issues are chosen per experiment): those validate, and serve as `extends:` bases."""
    layers = _game_layers(doc, library, (doc.path.resolve(),))
    merged: dict[str, Any] = {}
    owner: dict[str, YamlDocument] = {}
    for layer_doc, data in reversed(layers):
        for key, value in data.items():
            if key != "extends":
                merged[key] = value
                owner[key] = layer_doc
    if "issues" not in merged:
        build(_GameTemplate, {k: v for k, v in merged.items()}, doc)
        return None
    issues_doc = owner["issues"]
    merged["issues"] = _resolve_issues(issues_doc, merged["issues"], library)
    if "issue_weights" in merged and owner["issue_weights"] is not issues_doc:
        # Weights belong to the issue list they were written for: a new list gets equal weights
        # unless the same file gives its own.
        del merged["issue_weights"]
    if not merged.get("name"):
        merged["name"] = doc.path.stem
    return build(Game, merged, doc)


class _GameTemplate(BaseModel):
    """A description-only game file: same fields as Game, all optional, no issues."""

    model_config = {"extra": "forbid", "frozen": True}
    name: str | None = None
    description: str | None = None
    sides: tuple[str, str] | None = None
    parties: tuple[str, str] | None = None
    issue_weights: tuple[tuple[float, ...], tuple[float, ...]] | None = None
    scale: tuple[float, float] | None = None
    rules_prompt: str | None = None
    rules: tuple[str, ...] | None = None


def load_game(ref: str | Path, library: Library | None = None) -> Game:
    """A playable game by path or name. A description-only file is an error here."""
    library = library or Library.default()
    path = Path(ref) if Path(ref).is_file() else library.find("games", str(ref))
    library = library.near(path)  # a file's own data folder holds what it names
    doc = read_yaml(path)
    game = game_from_document(doc, library)
    if game is None:
        raise SpecError([doc.problem("this game file has no issues (a LAMEN game description)",
                                     "make a game file with 'extends: <this game>' and 'issues: [...]'",
                                     ())])
    return game


def game_with_issues(template: str | Path, issues: list[str | dict], issue_weights: list[list[float]] | None = None,
                     scale: list[float] | None = None, library: Library | None = None) -> Game:
    """LAMEN's experiment level: a game description + issues + weights + scale, as its runs used."""
    library = library or Library.default()
    path = Path(template) if Path(template).is_file() else library.find("games", str(template))
    library = library.near(path)
    doc = read_yaml(path)
    data = _mapping(doc, "game")
    data["issues"] = _resolve_issues(doc, list(issues), library)
    if issue_weights is not None:
        data["issue_weights"] = issue_weights
    if scale is not None:
        data["scale"] = scale
    data.setdefault("name", path.stem)
    return build(Game, data, doc)


# ---- protocols -----------------------------------------------------------------------------

def _prompt_text(value: Any, doc: YamlDocument, field: str, folders: list[Path]) -> Any:
    """A prompt is inline text or the name of a .txt file (LAMEN: 'prompt_0' in note_prompts/)."""
    if not isinstance(value, str) or "\n" in value or " " in value.strip():
        return value
    for folder in folders:
        for candidate in (folder / value, folder / f"{value}.txt"):
            if candidate.is_file():
                return candidate.read_text(encoding="utf-8").strip()
    raise SpecError([doc.problem(f"prompt file '{value}' not found",
                                 f"looked in {', '.join(str(f) for f in folders)}; or write the prompt inline",
                                 (field,))])


def _rules_from(value: Any, doc: YamlDocument) -> dict[str, Any]:
    """`rules: path/to/rules.yaml` (LAMEN) -> its rules_prompt and rules."""
    candidates = [doc.path.parent / value, Path.cwd() / value, doc.path.parent.parent / Path(value).name]
    for candidate in candidates:
        if candidate.is_file():
            rules_doc = read_yaml(candidate)
            data = _mapping(rules_doc, "rules file")
            return {k: data[k] for k in ("rules_prompt", "rules") if k in data}
    raise SpecError([doc.problem(f"rules file '{value}' not found", "give a list of rules or a path", ("rules",))])


def load_protocol(ref: str | Path, library: Library | None = None) -> Protocol:
    """A protocol by path or name. Fields it omits come from the built-in default protocol; a
    LAMEN protocol file also takes the rules and prompts of the LAMEN data folder it sits in."""
    library = library or Library.default()
    path = Path(ref) if Path(ref).is_file() else library.find("protocols", str(ref))
    library = library.near(path)  # a file's own data folder holds what it names
    doc = read_yaml(path)
    data = _strip_kind(_mapping(doc, "protocol"), "protocol", doc)
    data_root = path.parent.parent
    if path.parent.name == "communication_protocols":
        lamen_rules = data_root / "general_game_rules.yaml"
        if "rules" not in data and lamen_rules.is_file():
            data.update({k: v for k, v in _rules_from(str(lamen_rules), doc).items() if k not in data})
        suffix = data_root / "note_prompts" / "note_standard_suffix.txt"
        if "note_format_prompt" not in data and suffix.is_file():
            data["note_format_prompt"] = suffix.read_text(encoding="utf-8").strip()
    if isinstance(data.get("rules"), str):
        data.update({k: v for k, v in _rules_from(data["rules"], doc).items() if k == "rules" or k not in data})
    folders = {"note_prompt": [path.parent, data_root / "note_prompts", path.parent / "prompts"],
               "message_prompt": [path.parent, data_root / "message_prompts", path.parent / "prompts"],
               "msg_prompt": [path.parent, data_root / "message_prompts", path.parent / "prompts"],
               "note_format_prompt": [path.parent, path.parent / "prompts"]}
    for field, where in folders.items():
        if field in data:
            data[field] = _prompt_text(data[field], doc, field, where)
    default_path = library_default_protocol()
    if path.resolve() != default_path.resolve():
        defaults = _mapping(read_yaml(default_path), "protocol")
        lamen_fields = {LAMEN_ALIASES.get(k, k) for k in data} | ({"format"} if "format_as_dialogue" in data else set())
        for key, value in defaults.items():
            if key not in lamen_fields and key != "name":
                data[key] = value
        data.setdefault("name", path.stem)
    return build(Protocol, data, doc, extra_names=list(LAMEN_ALIASES))


def library_default_protocol() -> Path:
    from lamen.spec.library import builtin_root

    return builtin_root() / "protocols" / "default.yaml"


# ---- personas and tournaments --------------------------------------------------------------

def load_persona(ref: str | Path, library: Library | None = None) -> Persona:
    library = library or Library.default()
    path = Path(ref) if Path(ref).is_file() else library.find("personas", str(ref))
    library = library.near(path)  # a file's own data folder holds what it names
    doc = read_yaml(path)
    return build(Persona, _strip_kind(_mapping(doc, "persona"), "persona", doc), doc)


def load_tournament(path: str | Path) -> Tournament:
    doc = read_yaml(path)
    data = _strip_kind(_mapping(doc, "tournament"), "tournament", doc)
    if "parts" in data and "agents" not in data:
        raise SpecError([doc.problem("this file lists several tournaments under `parts`",
                                     "lamen run plays every part; give this command one part's own file", ("parts",))])
    return _tournament(data, doc)


def _tournament(data: dict[str, Any], doc: YamlDocument, prefix: FieldPath = ()) -> Tournament:
    tournament = build(Tournament, data, doc, prefix)
    from lamen.agents.mock import check_mock_agents  # mock agents' replies files are read relative to the spec

    check_mock_agents([(a, (*prefix, "agents", i)) for i, a in enumerate(tournament.agents)]
                      + ([(tournament.llm_fallback, (*prefix, "llm_fallback"))] if tournament.llm_fallback else [])
                      + ([(tournament.match_judge, (*prefix, "match_judge"))] if tournament.match_judge else []),
                      doc)
    return tournament


def load_tournaments(path: str | Path) -> TournamentFile:
    """A tournament file as `lamen run` plays it: one tournament, or the tournaments under its
    `parts` (each located as parts[i].FIELD), which share the file's database and have distinct names."""
    doc = read_yaml(path)
    data = _strip_kind(_mapping(doc, "tournament"), "tournament", doc)
    if "parts" not in data:
        import difflib

        typo = next((key for key in data if "agents" not in data and isinstance(key, str)
                     and difflib.get_close_matches(key, ["parts"], n=1, cutoff=0.6)), None)
        if typo is not None:  # neither one tournament (`agents`) nor several: one line, not a list of missing fields
            raise SpecError([doc.problem(f"unknown field '{typo}'", "did you mean 'parts'?", (typo,))])
        return TournamentFile((_tournament(data, doc),))
    parts = build(PartsFile, data, doc)
    tournaments: list[Tournament] = []
    problems: list[Problem] = []
    for index, part in enumerate(parts.parts):
        where: FieldPath = ("parts", index)
        if not isinstance(part, dict):
            problems.append(doc.problem("a part must be a tournament (a YAML mapping)", "e.g. - {name: ..., family: ...}",
                                        where))
            continue
        if "database" in part:
            problems.append(doc.problem("a part has no `database` of its own", "the parts share the file's "
                                        "`database` (default reports/NAME/tournament.db)", (*where, "database")))
            continue
        try:
            tournaments.append(_tournament(part, doc, where))
        except SpecError as exc:
            problems += exc.problems
    names = [t.name for t in tournaments]
    if not problems:  # then tournaments[i] is parts[i]
        problems += [doc.problem(f"part name '{name}' is used twice", "give each part a distinct name",
                                 ("parts", index, "name")) for index, name in enumerate(names)
                     if names.index(name) != index]
    if problems:
        raise SpecError(problems)
    return TournamentFile(tuple(tournaments), parts)
