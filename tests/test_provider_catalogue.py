"""The provider catalogue is the one place providers are known: for every entry, the agent it
names exists, and the response cache, the prices, the cost estimate and `lamen doctor` each
handle it as the entry says — so a provider that lacks any of them fails here, not in a user's run."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from lamen.providers import CATALOGUE, LLM_PROVIDERS, PROVIDERS, Provider
from lamen.agents.prices import is_paid, load_prices
from lamen.chat import ChatMessage, ChatRequest
from lamen.cli import doctor
from lamen.runner.estimate import estimate
from lamen.runner.resilient import cache_key
from lamen.runner.run import STATELESS_PROVIDERS
from lamen.schedule import Match
from lamen.spec.agent import AgentSpec
from lamen.spec.load import load_game, load_protocol
from lamen.spec.prices import ProviderPrices
from tests.test_doctor import KEY_VARIABLES, run, tournament

ENTRIES = list(CATALOGUE.values())
REQUEST = ChatRequest(system="s", messages=(ChatMessage(role="user", content="hi"),))


def spec_of(entry: Provider, **fields: object) -> AgentSpec:
    values: dict[str, object] = {"id": f"{entry.name}:m", "provider": entry.name, "model": "m",
                                 "base_url": None, "params": {}}
    return AgentSpec.model_construct(**{**values, **fields})


def test_the_catalogue_is_the_spec_s_provider_list() -> None:
    assert PROVIDERS == ("bot", "local", "human", "mock", "anthropic", "openai", "cohere", "google", "player")
    assert LLM_PROVIDERS == ("anthropic", "openai", "cohere", "google")
    with pytest.raises(ValueError, match="unknown provider 'acme' \\(known: bot, local, human, mock, anthropic"):
        AgentSpec.model_validate("acme:x")


@pytest.mark.parametrize("provider", ENTRIES, ids=PROVIDERS)
def test_the_agent_it_names_exists(provider: Provider) -> None:
    module, _, name = provider.agent.partition(":")
    cls = getattr(importlib.import_module(module), name)
    assert callable(getattr(cls, "complete"))
    assert set(provider.needs) <= {"game", "side", "seed", "http_client"}


@pytest.mark.parametrize("provider", ENTRIES, ids=PROVIDERS)
def test_cache_key(provider: Provider) -> None:
    # The run caches exactly the providers the catalogue calls cacheable...
    assert provider.cached is (provider.name in STATELESS_PROVIDERS)
    if not provider.cached:
        return
    # ...by the spec fields the entry names: the same key when they agree, another when any differs.
    assert {"provider", "model"} <= set(provider.cache_key) <= set(AgentSpec.model_fields)
    base = spec_of(provider, base_url="http://a.example")
    assert cache_key(spec_of(provider, base_url="http://a.example", id="other id", params={"x": 1}), REQUEST) \
        == cache_key(base, REQUEST)
    changed = {"provider": "anthropic" if provider.name != "anthropic" else "openai", "model": "m2",
               "base_url": "http://b.example"}
    for field in provider.cache_key:
        assert cache_key(spec_of(provider, **{"base_url": "http://a.example", field: changed[field]}), REQUEST) \
            != cache_key(base, REQUEST), field


@pytest.mark.parametrize("provider", ENTRIES, ids=PROVIDERS)
def test_price_lookup(provider: Provider) -> None:
    spec = spec_of(provider)
    assert is_paid(spec) is provider.billed
    assert (provider.name in ProviderPrices.model_fields) is provider.billed
    if provider.billed:
        # The packaged prices file has a section for it, and price_for finds its models.
        listed = getattr(load_prices().providers, provider.name)
        assert listed, f"prices.yaml lists no {provider.name} model"
        model = next(iter(listed))
        assert load_prices().price_for(provider.name, model) == listed[model]
        assert ProviderPrices.model_validate({provider.name: {"m": {"input": 1, "output": 2}}})


@pytest.mark.parametrize("provider", ENTRIES, ids=PROVIDERS)
def test_estimate(provider: Provider) -> None:
    # Whatever bills must be estimated, or a budget could not stop it before it runs.
    assert provider.estimate == "prompt tokens" or not provider.billed
    game, protocol = load_game("rental-1-distributive"), load_protocol("default")
    bot = AgentSpec.model_validate("bot:linear")
    match = Match(stage="cross", game=game, protocol=protocol, agent_a=spec_of(provider), agent_b=bot, starts=0,
                  repetition=0, tournament_seed=0)
    found = {item.agent: item for item in estimate([match])}
    if provider.estimate == "prompt tokens":
        assert found[f"{provider.name}:m"].input_tokens > 0
    else:
        assert found == {}


@pytest.mark.parametrize("provider", ENTRIES, ids=PROVIDERS)
def test_doctor_entry(provider: Provider, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                      capsys: pytest.CaptureFixture[str]) -> None:
    for name in (*KEY_VARIABLES, "LAMEN_PRICES"):
        monkeypatch.delenv(name, raising=False)
    if provider.extra is not None:
        assert doctor.EXTRAS[provider.extra] == provider.sdk  # doctor shows its SDK's version
    if provider.is_llm:
        assert provider.key_env and provider.extra is not None
    if provider.billed or provider.key_env:  # doctor must check what a run would refuse without
        assert provider.doctor == "sdk, key and price"
    model = {"human": "", "bot": "linear", "local": "smollm2"}.get(provider.name, "m")
    agent: dict[str, object] = {"agent": f"{provider.name}:{model}".rstrip(":")}
    if provider.name == "mock":
        replies = tmp_path / "replies.yaml"
        replies.write_text(json.dumps({"replies": ["We agree on all issues."]}))
        agent["params"] = {"replies": str(replies)}
    agent_id = str(agent["agent"])
    code, out = run(capsys, tournament(tmp_path, [agent, "bot:boulware"]))
    lines = out.splitlines()
    if provider.doctor == "sdk, key and price":
        [line] = [line for line in lines if line.startswith(f"  {agent_id}: sdk ")]
        assert "key not set" in line and code == 1
    elif provider.doctor == "replies file":
        assert any(line.startswith(f"  {agent_id}: ") and "replies" in line for line in lines), out
    else:
        assert f"(2 {doctor.UNCHECKED} agents need no check)" in out and code == 0
