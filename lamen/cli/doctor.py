"""`lamen doctor [SPEC] [--ping]`: which provider SDKs are installed, which API key variables are
set (never their values), whether the prices file reads, and whether each LLM agent of a
tournament spec is ready — with `--ping`, whether it answers a one-token request."""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lamen.providers import CATALOGUE, LLM_PROVIDERS
from lamen.spec.problems import SpecError

if TYPE_CHECKING:
    from lamen.chat import ChatRequest
    from lamen.spec.agent import AgentSpec

# extra -> the distributions it installs (pyproject's optional-dependencies), LLM providers first
EXTRAS: dict[str, tuple[str, ...]] = {
    provider.extra: provider.sdk
    for provider in sorted(CATALOGUE.values(), key=lambda provider: not provider.is_llm) if provider.extra}
UNCHECKED = "/".join(name for name, provider in CATALOGUE.items() if provider.doctor == "nothing to check")
PING_TIMEOUT_S = 30.0


def ping_request() -> ChatRequest:
    """The one-token request of `--ping` (built on use: the agent models load with the command)."""
    from lamen.chat import ChatMessage, ChatRequest

    return ChatRequest(system="", messages=(ChatMessage(role="user", content="Reply with: ok"),), max_tokens=1,
                       purpose="ping")


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("doctor", help="check provider SDKs, API keys and the agents of a tournament")
    parser.add_argument("spec", nargs="?", metavar="SPEC", help="a tournament spec whose LLM agents to check")
    parser.add_argument("--ping", action="store_true",
                        help="send a one-token request to each LLM agent of SPEC (costs a few tokens each)")
    parser.set_defaults(handler=handle)


def installed_version(distribution: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def key_ready(agent: AgentSpec) -> bool:
    """Whether the agent will find its API key (an OpenAI-compatible server may need none)."""
    provider = CATALOGUE[agent.provider]
    named = agent.params.get("api_key_env") if provider.compatible_servers else None
    if named:
        return bool(os.environ.get(str(named), "").strip())
    if provider.compatible_servers and agent.base_url:
        return True
    return any(os.environ.get(name, "").strip() for name in provider.key_env)


@dataclass(frozen=True)
class Ping:
    agent: str
    ok: bool
    detail: str


async def ping(spec: AgentSpec) -> Ping:
    """One one-token request; any failure becomes its one-line reason."""
    import asyncio  # loads with the commands that wait on the network, not with `lamen --help`

    from lamen.agents.registry import make_agent
    from lamen.chat import AgentError

    try:
        agent = make_agent(spec, game=None, side=0)
        start = time.monotonic()
        reply = await asyncio.wait_for(agent.complete(ping_request()), PING_TIMEOUT_S)
    except AgentError as exc:
        return Ping(spec.id, False, str(exc))
    except asyncio.TimeoutError:
        return Ping(spec.id, False, f"{spec.id}: no answer within {PING_TIMEOUT_S:g} s")
    return Ping(spec.id, True, f"{time.monotonic() - start:.2f} s, model {reply.model or spec.model}")


async def ping_all(specs: list[AgentSpec]) -> list[Ping]:
    import asyncio

    return list(await asyncio.gather(*(ping(spec) for spec in specs)))


def handle(args: argparse.Namespace) -> int:
    import asyncio

    from rich.console import Console
    from rich.markup import escape

    from lamen.agents.mock import describe
    from lamen.agents.prices import is_paid, load_prices, prices_path, tournament_prices
    from lamen.spec.load import load_tournaments

    console = Console(highlight=False, soft_wrap=True, emoji=False)  # "mock:m: ..." is not the emoji :m:
    if args.ping and not args.spec:
        console.print("--ping needs a tournament SPEC: lamen doctor SPEC --ping", markup=False)
        return 2
    console.print("[bold]SDKs[/]")
    for extra, distributions in EXTRAS.items():
        for distribution in distributions:
            version = installed_version(distribution)
            shown = version if version else "[yellow]not installed[/] " + escape(f"(pip install 'lamen[{extra}]')")
            console.print(f"  {extra:<10} {distribution:<18} {shown}")
    console.print("[bold]API keys[/] (values are never shown)")
    for provider in LLM_PROVIDERS:
        for name in CATALOGUE[provider].key_env:
            state = "set" if os.environ.get(name, "").strip() else "[yellow]not set[/]"
            console.print(f"  {provider:<10} {name:<18} {state}")
    user_prices = prices_path()
    try:
        table = load_prices()
    except SpecError as exc:
        console.print(f"[bold]prices[/] [red]unreadable[/]: {escape(str(exc))}")
        return 1
    source = f"{user_prices} (LAMEN_PRICES)" if user_prices else "built-in"
    console.print(f"[bold]prices[/] {escape(source)}, taken {table.taken.isoformat()}")
    if not args.spec:
        return 0

    spec = load_tournaments(args.spec)
    ready = True
    pinged: list[AgentSpec] = []  # every part's agents, each once
    for tournament in spec.tournaments:  # one, or each part of a file of several (`parts:`)
        table = tournament_prices(tournament.prices)  # the spec's own `prices:` count, as in `lamen run`
        agents = [agent for agent in tournament.agents if CATALOGUE[agent.provider].doctor == "sdk, key and price"]
        mocks = [agent for agent in tournament.agents if CATALOGUE[agent.provider].doctor == "replies file"]
        skipped = len(tournament.agents) - len(agents) - len(mocks)
        console.print(f"[bold]agents[/] of {escape(args.spec)}"
                      + (f" (part {escape(tournament.name)})" if spec.several else "") + f": {len(agents)} LLM agents"
                      + (f", {len(mocks)} mock agents" if mocks else "")
                      + (f" ({skipped} {UNCHECKED} agents need no check)" if skipped else ""))
        for agent in agents:
            sdk = installed_version(CATALOGUE[agent.provider].sdk[0]) is not None
            key = key_ready(agent)
            priced = table.price_for(agent.provider, agent.model) is not None
            ready = ready and sdk and key and (priced or not is_paid(agent))
            if priced:
                price = "listed"
            elif is_paid(agent):
                price = "[red]missing[/] (`lamen run` refuses it: give one under the spec's prices:)"
            else:
                price = "not needed (this machine's server)"
            console.print(
                f"  {escape(agent.id)}: sdk {'ok' if sdk else '[red]missing[/]'}, "
                f"key {'set' if key else '[red]not set[/]'}, price {price}"
            )
        for agent in mocks:
            console.print(f"  {escape(agent.id)}: {escape(describe(agent))}")
        pinged += [agent for agent in agents + mocks if agent.id not in {a.id for a in pinged}]
    if not args.ping:
        return 0 if ready else 1
    results = asyncio.run(ping_all(pinged))
    for result in results:
        state = "[green]ok[/]" if result.ok else "[red]failed[/]"
        console.print(f"  ping {escape(result.agent)}: {state}: {escape(result.detail)}")
    return 0 if all(result.ok for result in results) else 1
