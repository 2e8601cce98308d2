"""Shared base for spec models: immutable, strict about unknown fields, finite numbers."""

from __future__ import annotations

import math
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("must be a finite number, not .nan or .inf")
    return value


FiniteFloat = Annotated[float, AfterValidator(_finite)]


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value.strip()


Name = Annotated[str, AfterValidator(_not_blank)]


class SpecModel(BaseModel):
    """Frozen pydantic model that rejects unknown fields (a typo is reported, not ignored)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
