"""Prices as a spec writes them: USD per million tokens per model, per provider that charges per
token. Used by the prices file (`lamen.agents.prices`) and by a tournament's own `prices:`."""

from __future__ import annotations

from pydantic import Field, create_model

from lamen.providers import CATALOGUE
from lamen.spec.base import FiniteFloat, SpecModel


class ModelPrice(SpecModel):
    """USD per million tokens."""

    input: FiniteFloat = Field(ge=0)
    output: FiniteFloat = Field(ge=0)
    cached_input: FiniteFloat | None = Field(default=None, ge=0, description="default: the input price")
    cache_write: FiniteFloat | None = Field(default=None, ge=0, description="default: the input price")


# One section per provider the catalogue says bills per token, so a new provider brings its own.
ProviderPrices = create_model(  # type: ignore[call-overload]
    "ProviderPrices", __base__=SpecModel, __module__=__name__,
    __doc__="Model name -> price, per provider that charges per token.",
    **{name: (dict[str, ModelPrice], Field(default_factory=dict)) for name, provider in CATALOGUE.items()
       if provider.billed})
