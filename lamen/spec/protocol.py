"""A protocol: the rules, prompts and settings of the note → message loop (paper Table 6).

Field names are lamen's; LAMEN's `communication_protocols/*.yaml` keys are accepted as
aliases (e.g. `msg_input_note_history` is `message_sees_notes`), so its files read unchanged.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from lamen.spec.base import SpecModel
from lamen.spec.problems import Problem, SpecError

# LAMEN key -> lamen field. Memory windows: how many of the latest notes/messages a prompt shows.
LAMEN_ALIASES = {
    "note_input_note_history": "note_sees_notes",
    "note_input_msg_history": "note_sees_messages",
    "msg_input_note_history": "message_sees_notes",
    "msg_input_msg_history": "message_sees_messages",
    "note_max_len": "note_max_words",
    "msg_max_len": "message_max_words",
    "msg_prompt": "message_prompt",
}

Window = int
WINDOW_HINT = "a memory window: 0 = none, N = the latest N, -1 = all"


class Protocol(SpecModel):
    """Everything the loop needs besides the game and the agents."""

    name: str = "default"
    rules_prompt: str
    rules: tuple[str, ...]
    note_prompt: str
    note_format_prompt: str = Field(description="asks for the acceptable-offers JSON; appended to the note prompt")
    message_prompt: str
    note_max_words: int = Field(ge=1, description="a word limit of at least 1")
    message_max_words: int = Field(ge=1, description="a word limit of at least 1")
    note_sees_notes: Window = Field(ge=-1, description=WINDOW_HINT)
    note_sees_messages: Window = Field(ge=-1, description=WINDOW_HINT)
    message_sees_notes: Window = Field(ge=-1, description=WINDOW_HINT)
    message_sees_messages: Window = Field(ge=-1, description=WINDOW_HINT)
    max_rounds: int = Field(ge=1, le=1000, description="between 1 and 1000 rounds")
    show_rounds: bool = True
    agreement_phrase: str
    format: Literal["transcript", "dialogue"] = "transcript"
    visibility: Literal[0, 1, 2] = 0
    interrogation: bool = False
    # Ask for the note's offer as JSON of a schema built from the game, through the provider's
    # native structured output (lamen.play.structured). Off by default: LAMEN's files lack it.
    structured_notes: bool = False

    @model_validator(mode="before")
    @classmethod
    def _read_lamen_keys(cls, data: object) -> object:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for lamen_key, field in LAMEN_ALIASES.items():
            if lamen_key in data:
                if field in data:
                    raise SpecError([Problem(f"both '{lamen_key}' and '{field}' are given",
                                             f"keep only '{field}'", (lamen_key,))])
                data[field] = data.pop(lamen_key)
        if "format_as_dialogue" in data:
            data["format"] = "dialogue" if data.pop("format_as_dialogue") else "transcript"
        return data

    @model_validator(mode="after")
    def _check(self) -> "Protocol":
        if not self.agreement_phrase.strip():
            raise SpecError([Problem("agreement_phrase is empty", "e.g. 'We agree on all issues.'",
                                     ("agreement_phrase",))])
        return self
