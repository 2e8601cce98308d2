"""Structured notes: the note's offer asked for as JSON of a schema built from the game, through
each provider's native structured output, and read back without the text readers.

The schema is the strict subset every provider accepts (OpenAI strict mode, Anthropic
`output_config`, Gemini `response_json_schema`, Cohere `json_object`): an object with one
string property per issue, the issue's labels as its enum, every property required and no
other property allowed. A reply is schema-valid only when it is that object exactly; anything
else is read as free text by the judge, and the seat stops asking for the schema.
"""

from __future__ import annotations

import json
import re
from typing import Any

from lamen.agents.base import AgentError
from lamen.spec.game import Game

# An API's refusal of the schema itself (not of the prompt): a 400/422 whose reason names the
# structured-output parameter. Wording seen from the APIs: OpenAI "'response_format' of type
# 'json_schema' is not supported with this model", Anthropic "output_config: Extra inputs are
# not permitted", Gemini "Json mode is not enabled for models/...", Cohere "response_format ...".
_SCHEMA_WORDS = re.compile(
    r"response_?format|json[_ ]?schema|json[_ ]?object|output_?config|output_?format|json mode|mime_?type|"
    r"response_?(?:json_?)?schema|structured[_ ]output|\bschema\b", re.IGNORECASE)
_REFUSAL_STATUSES = (400, 422)
# One code fence around the whole reply, as some OpenAI-compatible servers add.
_FENCE = re.compile(r"\A```(?:json)?\s*(.*?)\s*```\Z", re.DOTALL | re.IGNORECASE)


def note_schema(game: Game) -> dict[str, Any]:
    """JSON schema of a structured note: one label per issue, all required, nothing else."""
    return {
        "type": "object",
        "properties": {issue.name: {"type": "string", "enum": list(issue.labels)} for issue in game.issues},
        "required": [issue.name for issue in game.issues],
        "additionalProperties": False,
    }


def read_structured_note(text: str, game: Game) -> dict[str, str] | None:
    """The offer of a schema-valid reply (issue name -> label, in the game's issue order), or None
    when the reply is not exactly an object of the note schema."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    if not body.startswith("{"):
        return None
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, RecursionError):
        return None
    if not isinstance(data, dict) or set(data) != {issue.name for issue in game.issues}:
        return None
    offer: dict[str, str] = {}
    for issue in game.issues:
        value = data[issue.name]
        if not isinstance(value, str) or value not in issue.labels:
            return None
        offer[issue.name] = value
    return offer


def refuses_schema(error: AgentError) -> bool:
    """The call failed because the model or server does not take the schema: a bad request that
    names the structured-output parameter. Retrying without the schema can succeed."""
    return error.status in _REFUSAL_STATUSES and bool(_SCHEMA_WORDS.search(str(error)))


def why_not_valid(text: str, empty_reason: str | None) -> str:
    """One line for the transcript: why a structured note was not schema-valid."""
    if not text.strip():
        return f"structured note not schema-valid: the reply was {empty_reason or 'empty'}"
    return "structured note not schema-valid: read as free text"
