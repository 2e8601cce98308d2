"""The base of the core's immutable pydantic values that the play loop copies at every step
(the state, the agenda): `model_copy(update=...)` without pydantic's general copy machinery."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
        """Like pydantic's (the update is not validated; the fields it sets count as set), in
        half the time: a frozen value with no extra fields and no private attributes is its
        field dict, so a shallow copy is a new dict."""
        if deep or self.__pydantic_private__ is not None or self.__pydantic_extra__ is not None:
            return super().model_copy(update=update, deep=deep)
        copy = object.__new__(type(self))
        fields = self.__dict__
        object.__setattr__(copy, "__dict__", {**fields, **update} if update else dict(fields))
        object.__setattr__(copy, "__pydantic_fields_set__",
                           self.__pydantic_fields_set__ | update.keys() if update else set(self.__pydantic_fields_set__))
        object.__setattr__(copy, "__pydantic_extra__", None)
        object.__setattr__(copy, "__pydantic_private__", None)
        return copy
