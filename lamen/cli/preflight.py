"""What `lamen run` checks before its first paid call: every provider agent's key (and with
`--ping`, its model), a price for every paid model, and the cost estimate — asked about in a
terminal above the spec's `confirm_usd`, refused without `--yes` anywhere else."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from lamen.agents.prices import PriceTable, is_paid, unpriced
from lamen.providers import CATALOGUE, LLM_PROVIDERS
from lamen.cli.doctor import key_ready, ping_all
from lamen.runner.estimate import AgentEstimate, estimate
from lamen.schedule import Match
from lamen.spec.agent import AgentSpec
from lamen.spec.problems import Problem, SpecError
from lamen.spec.tournament import Tournament
from lamen.text_safety import one_line


@dataclass(frozen=True)
class Options:
    ping: bool = False
    yes: bool = False


def agents_to_play(tournament: Tournament, matches: list[Match]) -> list[AgentSpec]:
    """The agents the remaining matches need (with the LLM reader and judge, if any match remains), in spec order."""
    needed = {spec.id for match in matches for spec in (match.agent_a, match.agent_b)}
    agents = [agent for agent in tournament.everyone() if agent.id in needed]  # simulators too
    if matches and tournament.llm_fallback is not None:
        agents.append(tournament.llm_fallback)
    if matches and tournament.match_judge is not None:
        agents.append(tournament.match_judge)
    return agents


def key_variables(agent: AgentSpec) -> str:
    provider = CATALOGUE[agent.provider]
    named = agent.params.get("api_key_env") if provider.compatible_servers else None
    return str(named) if named else " or ".join(provider.key_env)


def check_keys(agents: list[AgentSpec]) -> None:
    missing = [agent for agent in agents if agent.provider in LLM_PROVIDERS and not key_ready(agent)]
    if missing:
        listed = ", ".join(f"{one_line(agent.id)} (set {key_variables(agent)})" for agent in missing)
        raise SpecError([Problem(f"no API key for {listed}",
                                 "export the key in this shell, or `lamen doctor SPEC` to see every agent's state")])


def check_prices(agents: list[AgentSpec], prices: PriceTable) -> None:
    missing = unpriced(agents, prices)
    if missing:
        listed = ", ".join(f"{one_line(agent.id)} ({agent.provider} model {one_line(agent.model)!r})"
                           for agent in missing)
        example = missing[0]
        raise SpecError([Problem(
            f"no price for {listed}: its spend would count as $0 and no budget would stop it",
            f"give its price under `prices:` in the spec, e.g. prices: {{{example.provider}: "
            f"{{{one_line(example.model)}: {{input: 1.0, output: 2.0}}}}}} (USD per million tokens)", ("prices",))])


def check_pings(agents: list[AgentSpec]) -> None:
    results = asyncio.run(ping_all([agent for agent in agents if agent.provider in LLM_PROVIDERS]))
    failed = [result for result in results if not result.ok]
    if failed:
        raise SpecError([Problem("ping failed: " + "; ".join(one_line(result.detail) for result in failed),
                                 "`lamen doctor SPEC --ping` checks again without starting the run")])


def key_status(agents: list[AgentSpec], prices: PriceTable) -> list[str]:
    """One line per provider agent: whether its key is set (never its value) and its price."""
    lines = []
    for agent in agents:
        if agent.provider not in LLM_PROVIDERS:
            continue
        key = "set" if key_ready(agent) else f"missing (set {key_variables(agent)})"
        if not is_paid(agent):
            price = "not needed (this machine's server)"
        else:
            price = "listed" if prices.price_for(agent.provider, agent.model) is not None else "missing"
        lines.append(f"  {one_line(agent.id)}: key {key}, price {price}")
    return lines


def cost_table(estimates: list[AgentEstimate]) -> Table:
    costs = Table(title="Cost estimate (every match running all its rounds: an upper bound)", title_justify="left")
    costs.add_column("agent", overflow="fold")  # a long id folds onto a second line, never cut
    for column in ("matches", "input tokens", "output tokens", "USD"):
        costs.add_column(column, justify="right", no_wrap=True)
    for item in estimates:
        costs.add_row(one_line(item.agent), str(item.matches), f"{item.input_tokens:,}", f"{item.output_tokens:,}",
                      "unpriced" if item.cost_usd is None else f"{item.cost_usd:.2f}")
    return costs


def confirm_cost(console: Console, total: float, tournament: Tournament, options: Options,
                 ask: Callable[[str], str] | None = None) -> None:
    if total <= tournament.confirm_usd or options.yes:
        return
    above = f"estimated cost up to ${total:.2f} is above confirm_usd (${tournament.confirm_usd:.2f})"
    if not sys.stdin.isatty():
        raise SpecError([Problem(above, "pass --yes to start it anyway, or raise confirm_usd in the spec")])
    try:
        answer = (ask or input)(f"{above}: start the run? [y/N] ")
    except EOFError:
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise SpecError([Problem("not started: the estimated cost was not confirmed", "")])


def preflight(console: Console, tournament: Tournament, todo: list[Match], prices: PriceTable,
              options: Options) -> float:
    """Every check before the first paid call; returns the estimated cost of what remains."""
    agents = agents_to_play(tournament, todo)
    check_keys(agents)
    check_prices(agents, prices)
    if options.ping:
        check_pings(agents)
    # Priced agents count even on this machine's server (a price there is the user's own choice).
    estimates = [item for item in estimate(todo, prices, tournament.family, tournament.match_judge)
                 if item.cost_usd is not None or is_paid(_spec(agents, item.agent))]
    total = sum(item.cost_usd or 0.0 for item in estimates)
    if estimates:
        console.print(cost_table(estimates))
        console.print(f"estimated cost of the {len(todo)} matches to play: up to ${total:.2f}", markup=False)
    confirm_cost(console, total, tournament, options)
    return total


def _spec(agents: list[AgentSpec], agent_id: str) -> AgentSpec:
    return next(agent for agent in agents if agent.id == agent_id)
