"""What a call to a provider cost: list prices per model (`prices.yaml`, or the user's file named by
`LAMEN_PRICES`, with a tournament's own `prices:` on top) and the USD cost of one call's token usage."""

from __future__ import annotations

import functools
import logging
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field

from lamen.providers import CATALOGUE
from lamen.chat import Usage
from lamen.spec.agent import AgentSpec
from lamen.spec.base import SpecModel
from lamen.spec.load import build
from lamen.spec.prices import ModelPrice, ProviderPrices
from lamen.spec.yaml_source import read_yaml

PRICES_ENV = "LAMEN_PRICES"

# A dated or tagged release of a listed model: claude-3-5-haiku-20241022, gpt-4o-2024-08-06,
# command-r-08-2024, gemini-2.0-flash-001, ...-latest, ...-preview-05-20, Vertex's name@20241022.
# A bare number is not a tag: claude-opus-4-7 is another model than claude-opus-4, not a release of it.
_RELEASE_TAG = re.compile(r"[-@](\d{8}|\d{4}-\d{2}-\d{2}|\d{2}-\d{4}|\d{3}|latest|(?:preview|exp)[-\w.]*)")

log = logging.getLogger(__name__)


class PriceTable(SpecModel):
    taken: date = Field(description="when the prices were read off the providers' price pages")
    providers: ProviderPrices

    def price_for(self, provider: str, model: str) -> ModelPrice | None:
        """The price of `model`, or of the listed model it is a dated release of; None if unlisted."""
        models: dict[str, ModelPrice] = getattr(self.providers, provider, None) or {}
        name = model.removeprefix("models/")  # Google's resource names
        if name in models:
            return models[name]
        releases = [listed for listed in models
                    if name.startswith(listed) and _RELEASE_TAG.fullmatch(name[len(listed):])]
        return models[max(releases, key=len)] if releases else None


_loaded: dict[str, PriceTable] = {}
_active: list[PriceTable] = []  # set by `using_prices` for the length of a run


def with_prices(base: PriceTable, extra: ProviderPrices) -> PriceTable:
    """`base` with `extra`'s models added (or their prices replaced)."""
    merged = {provider: {**getattr(base.providers, provider), **getattr(extra, provider)}
              for provider in ProviderPrices.model_fields}
    return base.model_copy(update={"providers": ProviderPrices.model_validate(merged)})


@contextmanager
def using_prices(table: PriceTable) -> Iterator[PriceTable]:
    """Within the block, `load_prices()` (what providers price their replies with) returns `table`:
    how a tournament's own prices reach every call of its run."""
    _active.append(table)
    try:
        yield table
    finally:
        _active.pop()


def prices_path() -> Path | None:
    """The user's prices file named by LAMEN_PRICES, or None for the packaged one."""
    value = os.environ.get(PRICES_ENV, "").strip()
    return Path(value) if value else None


def load_prices(path: str | Path | None = None) -> PriceTable:
    """Read a prices file (default: LAMEN_PRICES, else the packaged prices.yaml).

    A bad file raises SpecError naming the file, line and field."""
    if path is None and _active:
        return _active[-1]
    path = path if path is not None else prices_path()
    if path is None:
        return _packaged()
    return _read(Path(path))


@functools.cache
def _packaged() -> PriceTable:
    # Every reply is priced: finding the packaged file anew each time cost more than the call's JSON.
    with resources.as_file(resources.files("lamen.agents") / "prices.yaml") as packaged:
        return _read(packaged)


def _read(path: Path) -> PriceTable:
    key = os.path.abspath(path)  # no file system calls: `resolve` costs a stat per path part on every reply
    if key not in _loaded:
        doc = read_yaml(path)
        # Field hints are lost under model names (dict keys), so name the price fields explicitly.
        _loaded[key] = build(PriceTable, doc.data, doc, extra_names=list(ModelPrice.model_fields))
    return _loaded[key]


_warned: set[tuple[str, str]] = set()


def cost_usd(provider: str, model: str, usage: Usage, *, cache_write_tokens: int = 0,
             prices: PriceTable | None = None) -> float:
    """USD cost of one call. `usage.input_tokens` counts every input token; `cached_tokens` and
    `cache_write_tokens` of them are billed at the cache prices. An unlisted model costs 0.0 (and
    is logged once): use `PriceTable.price_for` to tell "free" from "unknown"."""
    table = prices if prices is not None else load_prices()
    price = table.price_for(provider, model)
    if price is None:
        if (provider, model) not in _warned:
            _warned.add((provider, model))
            log.warning("no price for %s:%s in the prices file: its cost is counted as 0", provider, model)
        return 0.0
    cached = usage.cached_tokens
    uncached = max(usage.input_tokens - cached - cache_write_tokens, 0)
    cached_price = price.input if price.cached_input is None else price.cached_input
    write_price = price.input if price.cache_write is None else price.cache_write
    total = (uncached * price.input + cached * cached_price + cache_write_tokens * write_price
             + usage.output_tokens * price.output)
    return total / 1_000_000


# An OpenAI-compatible server on this machine (vLLM, llama.cpp, Ollama on localhost: the
# README's way to self-host) bills nothing, so it needs no price. Any other base_url (a proxy, a
# hosted OpenAI-compatible API) may bill, so it needs one.
_THIS_MACHINE = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}


def is_paid(agent: AgentSpec) -> bool:
    """Whether the agent's calls bill per token (its provider's catalogue entry says)."""
    provider = CATALOGUE[agent.provider]
    if not provider.billed:
        return False
    if provider.compatible_servers and agent.endpoints:
        # A pool bills nothing only when every replica is on this machine.
        return any((urlsplit(url).hostname or "") not in _THIS_MACHINE for url in agent.endpoints)
    return True


def tournament_prices(prices: str | ProviderPrices | None) -> PriceTable:
    """The table a tournament's calls are priced with: its `prices:` file instead of the default
    one, or its `prices:` models on top of the default (LAMEN_PRICES, else the packaged file)."""
    if isinstance(prices, str):
        return load_prices(Path(prices))
    base = load_prices()
    return base if prices is None else with_prices(base, prices)


def unpriced(agents: list[AgentSpec], table: PriceTable) -> list[AgentSpec]:
    """Paid agents whose model has no price: their spend would count as $0 and slip past a budget."""
    return [agent for agent in agents if is_paid(agent) and table.price_for(agent.provider, agent.model) is None]
