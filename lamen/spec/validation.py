"""Turn pydantic's validation errors into located, hinted problems."""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ValidationError

from lamen.spec.problems import FieldPath, Problem


def _known_fields(model: type[BaseModel], loc: FieldPath) -> list[str]:
    """Field names valid at `loc` (walks nested models by field annotation)."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int) or not (isinstance(current, type) and issubclass(current, BaseModel)):
            continue
        field = current.model_fields.get(part)
        if field is None:
            return []
        annotation = field.annotation
        args = getattr(annotation, "__args__", ()) or ()
        nested = [a for a in (annotation, *args) if isinstance(a, type) and issubclass(a, BaseModel)]
        current = nested[0] if nested else None
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _description(model: type[BaseModel], loc: FieldPath) -> str:
    if len(loc) == 1 and isinstance(loc[0], str) and loc[0] in model.model_fields:
        return model.model_fields[loc[0]].description or ""
    return ""


def _hint(error: dict[str, Any], model: type[BaseModel], loc: FieldPath, extra_names: list[str]) -> tuple[str, str]:
    kind = error["type"]
    message = error["msg"]
    if kind == "missing":
        return "required field is missing", "add it"
    if kind == "extra_forbidden":
        field = str(loc[-1]) if loc else "?"
        choices = [f for f in _known_fields(model, loc) + extra_names if f != "warnings"]
        close = difflib.get_close_matches(field, choices, n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else f"known fields: {', '.join(choices)}"
        return f"unknown field '{field}'", hint
    if kind in ("too_short", "too_long"):
        return message, "give exactly two entries, one per side" if "2 item" in message else ""
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than", "finite_number"):
        return f"{message}, got {error.get('input')!r}", _description(model, loc)
    if kind in ("float_parsing", "float_type", "int_parsing", "int_type", "int_from_float"):
        return f"{message}, got {error.get('input')!r}", "write a number"
    if kind in ("string_type",):
        if isinstance(error.get("input"), bool):
            return f"{message}, got a boolean", "YAML reads unquoted yes/no/on/off/true/false as booleans: quote it"
        return f"{message}, got {error.get('input')!r}", "write text (quote it in YAML)"
    if kind in ("tuple_type", "list_type"):
        return f"{message}, got {type(error.get('input')).__name__}", "write a YAML list: [a, b] or '- a' lines"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping (key: value lines), got {type(error.get('input')).__name__}", "check indentation"
    if kind == "value_error":
        return message.removeprefix("Value error, "), ""
    return message, ""


def problems_from_validation(exc: ValidationError, model: type[BaseModel],
                             extra_names: list[str] | None = None) -> list[Problem]:
    problems = []
    for error in exc.errors():
        loc: FieldPath = tuple(p for p in error["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        message, hint = _hint(error, model, loc, extra_names or [])
        problems.append(Problem(message=message, hint=hint, field=loc))
    return problems
