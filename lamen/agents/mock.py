"""`mock:NAME`: an agent whose answers you write — for smoke tests of a spec, a protocol or the
whole pipeline, offline, at $0, with no key.

The answers come from a replies file (`params: {replies: path.yaml}`; format in
`lamen.agents.mock_replies`) or from a Python function (`params: {callable: "pkg.module:function"}`
or `"path/to/file.py:function"`) that takes the ChatRequest and returns text or a ChatReply
(or an awaitable of either). Without params, the name itself may be the file or the function:
`mock:smoke.yaml`, `mock:my_pkg.replies:answer` (what `lamen play --side-a` can name).

Relative paths are looked up in the tournament spec's folder, then in the working directory.
A structured-notes request (with a response schema) gets the file's text as it is: write the
note as the schema's JSON to have it read as structured.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lamen.agents.base import AgentError, ChatReply, ChatRequest
from lamen.agents.mock_replies import NoReply, ReplyBook, load_reply_book
from lamen.spec.agent import AgentSpec
from lamen.spec.problems import Problem, SpecError, format_field_path
from lamen.spec.yaml_source import YamlDocument

REPLY_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
PARAMS = ("replies", "callable")
Answer = Callable[[ChatRequest], Any]


def _folders(spec: AgentSpec) -> list[Path]:
    folder = spec._folder  # set by load_tournament: the spec file's folder
    folders = [Path(folder), Path.cwd()] if folder is not None else [Path.cwd()]
    return [f for i, f in enumerate(folders) if f.resolve() not in {g.resolve() for g in folders[:i]}]


def _find(spec: AgentSpec, value: str, field: str) -> Path:
    path = Path(value).expanduser()
    if path.is_absolute():
        return path
    candidates = [folder / path for folder in _folders(spec)]
    for candidate in candidates:
        if candidate.exists():
            return candidate
    where = " or ".join(str(c.parent) for c in candidates)
    raise SpecError([Problem(f"file '{value}' not found (looked in {where})", "check the path",
                             ("params", field))])


def _source(spec: AgentSpec) -> tuple[str, str]:
    """(kind, value): 'replies' with a path, or 'callable' with a target."""
    unknown = sorted(set(spec.params) - set(PARAMS))
    if unknown:
        raise SpecError([Problem(f"unknown mock setting(s) {unknown}", "use params.replies or params.callable",
                                 ("params", unknown[0]))])
    given = [key for key in PARAMS if key in spec.params]
    if len(given) == 2:
        raise SpecError([Problem("give params.replies or params.callable, not both", "", ("params",))])
    if given:
        value = spec.params[given[0]]
        if not isinstance(value, str) or not value.strip():
            raise SpecError([Problem(f"params.{given[0]} must be a path or name, got {value!r}", "",
                                     ("params", given[0]))])
        return given[0], value.strip()
    if spec.model.lower().endswith(REPLY_SUFFIXES):
        return "replies", spec.model
    if ":" in spec.model:
        return "callable", spec.model
    raise SpecError([Problem("no replies file or callable given", "give params: {replies: FILE.yaml} or "
                             "{callable: 'pkg.module:function'}, or name the file: mock:FILE.yaml", ("params",))])


def _function(spec: AgentSpec, target: str) -> Answer:
    where, _, name = target.rpartition(":")
    if not where or not name.isidentifier():
        raise SpecError([Problem(f"callable '{target}' is not 'pkg.module:function' or 'file.py:function'", "",
                                 ("params", "callable"))])
    try:
        if where.endswith(".py"):
            path = _find(spec, where, "callable").resolve()
            module_name = f"lamen_mock_{abs(hash(str(path)))}"
            module = sys.modules.get(module_name)
            if module is None:
                loader_spec = importlib.util.spec_from_file_location(module_name, path)
                assert loader_spec is not None and loader_spec.loader is not None
                module = importlib.util.module_from_spec(loader_spec)
                loader_spec.loader.exec_module(module)
                sys.modules[module_name] = module
        else:
            module = importlib.import_module(where)
    except SpecError:
        raise
    except Exception as exc:  # the user's module: any failure to import is theirs to fix
        raise SpecError([Problem(f"cannot import '{where}': {type(exc).__name__}: {exc}", "check the module is "
                                 "importable, or give a file: path/to/file.py:function",
                                 ("params", "callable"))]) from None
    function = getattr(module, name, None)
    if not callable(function):
        raise SpecError([Problem(f"'{where}' has no function '{name}'", "", ("params", "callable"))])
    return function  # type: ignore[no-any-return]


def load_source(spec: AgentSpec) -> ReplyBook | Answer:
    """The replies file or function a mock agent answers from; SpecError naming the field or the
    replies file's line otherwise."""
    kind, value = _source(spec)
    if kind == "callable":
        return _function(spec, value)
    path = _find(spec, value, "replies")
    if path.suffix.lower() not in REPLY_SUFFIXES:
        raise SpecError([Problem(f"replies file '{value}' is not .yaml, .yml, .json or .jsonl", "",
                                 ("params", "replies"))])
    return load_reply_book(path)


def _one_line(spec: AgentSpec, error: SpecError) -> str:
    problem = error.problems[0]
    if problem.file:
        return f"{spec.id}: replies file {problem.render()}"
    hint = f" ({problem.hint})" if problem.hint else ""
    return f"{spec.id}: {format_field_path(problem.field)}: {problem.message}{hint}"


class MockAgent:
    """Answers from its replies file or function; stateless across requests, so the runner may
    share it between concurrent matches."""

    def __init__(self, spec: AgentSpec, seed: int = 0) -> None:
        try:
            self.source = load_source(spec)
        except SpecError as exc:
            raise AgentError(_one_line(spec, exc), retryable=False) from None
        self.spec = spec
        self.seed = seed  # picks `one_of` alternatives when the request carries no seed

    @property
    def name(self) -> str:
        return self.spec.id

    async def complete(self, request: ChatRequest) -> ChatReply:
        if isinstance(self.source, ReplyBook):
            try:
                text = self.source.answer(request, request.seed if request.seed is not None else self.seed)
            except NoReply as exc:
                raise AgentError(f"{self.name}: {self.source.path}: {exc}", retryable=False) from None
            return self._reply(text)
        try:
            result = self.source(request)
            if inspect.isawaitable(result):
                result = await result
        except (AgentError, asyncio.CancelledError):
            raise
        except Exception as exc:  # the user's function failed: the match errors with its reason
            raise AgentError(f"{self.name}: {type(exc).__name__}: {exc}", retryable=False) from None
        if isinstance(result, ChatReply):
            return result
        if isinstance(result, str):
            return self._reply(result)
        raise AgentError(f"{self.name}: the callable returned {type(result).__name__}, not text or a ChatReply",
                         retryable=False)

    def _reply(self, text: str) -> ChatReply:
        return ChatReply(text=text, model=self.spec.model, finish_reason="stop", cost_usd=0.0,
                         empty_reason=None if text else "empty")


def describe(spec: AgentSpec) -> str:
    """One line for `lamen doctor`: where the answers come from."""
    try:
        source = load_source(spec)
    except SpecError as exc:
        return f"[not ready] {_one_line(spec, exc)}"
    if isinstance(source, ReplyBook):
        return f"replies {source.path} ({source.summary()}); no key, $0"
    return f"callable {_source(spec)[1]}; no key, $0"


def check_mock_agents(agents: list[tuple[AgentSpec, tuple[str | int, ...]]], doc: YamlDocument) -> None:
    """For the tournament loader: anchor each mock agent's relative paths at the spec's folder and
    check its replies file or function now, so a bad one stops the run before any match (SpecError
    located in the spec, or in the replies file at its line)."""
    problems: list[Problem] = []
    for spec, where in agents:
        if spec.provider != "mock":
            continue
        spec._folder = doc.path.parent
        try:
            load_source(spec)
        except SpecError as exc:
            problems += [p if p.file else doc.locate([p], where)[0] for p in exc.problems]
    if problems:
        raise SpecError(problems)
