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


class SpecModel(BaseModel):
    """Frozen pydantic model that rejects unknown fields (a typo is reported, not ignored)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
