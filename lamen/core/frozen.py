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


def copied(model: Any, update: dict[str, Any]) -> Any:
    """`model.model_copy(update=update)` for any pydantic model without extra fields or private
    attributes (the play loop adds each seat's sampling to every request), without pydantic's
    general copy machinery."""
    if model.__pydantic_private__ is not None or model.__pydantic_extra__ is not None:
        return model.model_copy(update=update)
    copy = object.__new__(type(model))
    object.__setattr__(copy, "__dict__", {**model.__dict__, **update})
    object.__setattr__(copy, "__pydantic_fields_set__", model.__pydantic_fields_set__ | update.keys())
    object.__setattr__(copy, "__pydantic_extra__", None)
    object.__setattr__(copy, "__pydantic_private__", None)
    return copy


def unchecked(cls: type[BaseModel], **fields: Any) -> Any:
    """An instance of `cls` from fields the caller already holds in their validated form (a
    family's own events, built from an action the codec validated): pydantic's defaults for the
    rest (no default factories), no validators run. Only for hot paths whose inputs are known
    good; equal to the validated instance, and dumps the same."""
    template, required = _templates.get(cls) or _template(cls)
    if not required <= fields.keys() or not fields.keys() <= template.keys():
        raise TypeError(f"{cls.__name__}: missing {sorted(required - fields.keys())}, "
                        f"unknown {sorted(fields.keys() - template.keys())}")
    model = object.__new__(cls)
    object.__setattr__(model, "__dict__", {**template, **fields})
    object.__setattr__(model, "__pydantic_fields_set__", set(fields))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


_templates: dict[type, tuple[dict[str, Any], frozenset[str]]] = {}


def _template(cls: type[BaseModel]) -> tuple[dict[str, Any], frozenset[str]]:
    """Every field in order with its default (None for required ones, which callers must give)."""
    if any(info.default_factory is not None for info in cls.model_fields.values()):
        raise TypeError(f"{cls.__name__} has default factories: build it with validation")
    template = {name: None if info.is_required() else info.default for name, info in cls.model_fields.items()}
    required = frozenset(name for name, info in cls.model_fields.items() if info.is_required())
    _templates[cls] = (template, required)
    return template, required
