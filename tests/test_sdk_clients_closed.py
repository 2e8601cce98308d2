"""A run closes the SDK clients its model agents opened (their HTTP connection pools), on the
loop that used them, for each provider's real SDK against its HTTP fake; a pool closes every
replica's; a second run on the same runner opens fresh clients and plays."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from lamen.agents.base import ChatMessage, ChatRequest
from lamen.agents.registry import make_agent
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.tournament import Tournament
from lamen.store import Store
from tests.fake_servers import FakeProviders

KEYS = {"OPENAI_API_KEY": "sk-test", "ANTHROPIC_API_KEY": "sk-ant-test", "CO_API_KEY": "co-test",
        "GEMINI_API_KEY": "AIza-test"}
AGENTS = {"openai": "openai:gpt-4o-mini", "anthropic": "anthropic:claude-haiku-4-5",
          "google": "google:gemini-2.0-flash", "cohere": "cohere:command-r"}


def http_clients(agent: Any) -> list[Any]:
    """The httpx clients inside an agent's SDK clients (each SDK keeps it under its own name)."""
    found = []
    for endpoint_agent in [e.agent for e in getattr(agent, "endpoints", [])] or [agent]:
        for client in getattr(getattr(endpoint_agent, "_clients", None), "_clients", []):  # none for a bot
            for path in ("_client", "_client_wrapper.httpx_client.httpx_client", "_api_client._async_httpx_client"):
                value = client
                for part in path.split("."):
                    value = getattr(value, part, None)
                if value is not None and hasattr(value, "is_closed"):
                    found.append(value)
    return found


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(variable, raising=False)  # the SDKs must talk to 127.0.0.1 directly
    for variable, value in KEYS.items():
        monkeypatch.setenv(variable, value)


def play(tmp_path: Path, agent: dict[str, Any]) -> tuple[Runner, list[Any], list[bool]]:
    """Run a small tournament; the httpx clients its model agent used, and whether each was open
    when the last match had been played (before the run ended)."""
    made: list[Any] = []

    def make(spec: Any, **seat: Any) -> Any:
        made.append(make_agent(spec, **seat))
        return made[-1]

    spec = Tournament.model_validate({"name": "closing", "agents": [agent, "bot:boulware"], "self_play": False,
                                      "games": ["rental-1-distributive"], "limits": {"concurrency": 2}})
    store = Store(tmp_path / "closing.db")
    runner = Runner(spec, store, Library.default(), make=make)
    clients: list[Any] = []
    open_while_playing: list[bool] = []
    original = runner.play_matches

    async def watching(matches: list[Any]) -> None:
        await original(matches)
        for model_agent in made:
            for client in http_clients(model_agent):
                clients.append(client)
                open_while_playing.append(not client.is_closed)

    runner.play_matches = watching  # type: ignore[method-assign]
    asyncio.run(runner.run())
    store.close()
    return runner, clients, open_while_playing


@pytest.mark.parametrize("provider", list(AGENTS))
def test_a_run_closes_its_sdk_clients(provider: str, keys: None, tmp_path: Path) -> None:
    pytest.importorskip({"google": "google.genai"}.get(provider, provider))
    with FakeProviders() as fake:
        runner, clients, open_while_playing = play(tmp_path, fake.spec(AGENTS[provider]))
    assert runner.state.done == runner.state.total == 4 and runner.state.errors == 0
    assert clients and all(open_while_playing) and all(client.is_closed for client in clients), provider
    assert runner.shared == {}


def test_a_pool_closes_every_replica(keys: None, tmp_path: Path) -> None:
    pytest.importorskip("openai")
    with FakeProviders() as first, FakeProviders() as second:
        runner, clients, open_while_playing = play(tmp_path, {
            "agent": AGENTS["openai"], "base_url": [first.base_url("openai"), second.base_url("openai")]})
    assert runner.state.errors == 0 and len(clients) == 2  # one client per replica
    assert all(open_while_playing) and all(client.is_closed for client in clients)


def test_after_closing_the_next_request_opens_a_fresh_client_on_its_own_loop(keys: None) -> None:
    pytest.importorskip("openai")
    request = ChatRequest(system="You negotiate.", messages=[ChatMessage(role="user", content="Your turn.")])
    with FakeProviders() as fake:
        agent = make_agent(fake.agent_spec(AGENTS["openai"]), game=None, side=0)
        used: list[Any] = []

        async def ask_then_close() -> Any:
            reply = await agent.complete(request)
            used.extend(http_clients(agent))
            await agent.aclose()
            return reply

        first = asyncio.run(ask_then_close())
        second = asyncio.run(agent.complete(request))  # another loop: the closed client is not reused
        fresh = http_clients(agent)
    assert first.text and second.text and len(used) == len(fresh) == 1
    assert used[0].is_closed and not fresh[0].is_closed and fresh[0] is not used[0]
