"""Prices as a spec writes them: USD per million tokens per model, per provider that charges per
token. Used by the prices file (`lamen.agents.prices`) and by a tournament's own `prices:`."""

from __future__ import annotations

from pydantic import Field

from lamen.spec.base import FiniteFloat, SpecModel


class ModelPrice(SpecModel):
    """USD per million tokens."""

    input: FiniteFloat = Field(ge=0)
    output: FiniteFloat = Field(ge=0)
    cached_input: FiniteFloat | None = Field(default=None, ge=0, description="default: the input price")
    cache_write: FiniteFloat | None = Field(default=None, ge=0, description="default: the input price")


class ProviderPrices(SpecModel):
    """Model name -> price, per provider that charges per token."""

    anthropic: dict[str, ModelPrice] = Field(default_factory=dict)
    openai: dict[str, ModelPrice] = Field(default_factory=dict)
    cohere: dict[str, ModelPrice] = Field(default_factory=dict)
    google: dict[str, ModelPrice] = Field(default_factory=dict)
