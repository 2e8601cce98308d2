"""What a tournament will cost before it runs: token counts per match from the family's cost
model (for negotiation: the real prompts, assuming every match lasts all its rounds — an upper
bound), priced from the prices file."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from lamen.agents.prices import PriceTable, load_prices
from lamen.core.family import Family
from lamen.providers import CATALOGUE
from lamen.chat import approx_tokens
from lamen.runner.common_payoff import MOVE_TOKENS
from lamen.runner.family import tournament_family
from lamen.schedule import Match
from lamen.spec.agent import AgentSpec

# The providers whose prompts cost tokens, from the catalogue (one place names them).
ESTIMATED_PROVIDERS = tuple(name for name, provider in CATALOGUE.items() if provider.estimate == "prompt tokens")


@dataclass
class AgentEstimate:
    agent: str
    provider: str
    model: str
    matches: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = 0.0


def estimate(matches: list[Match], prices: PriceTable | None = None, family: str = "negotiation",
             judge: AgentSpec | None = None) -> list[AgentEstimate]:
    """Tokens per seat from the family's cost model (`TournamentPlay.match_tokens`), priced; with
    the tournament's `match_judge`, its one request per match (`judge_tokens`) as its own row."""
    prices = prices or load_prices()
    playing = tournament_family(family)
    hooks = playing.tournament
    assert hooks is not None
    found: dict[str, AgentEstimate] = {}
    cache: dict[tuple, tuple[int, int]] = {}
    per_agent: dict[str, list[tuple[int, int]]] = defaultdict(list)
    judged = judge is not None and judge.provider in ESTIMATED_PROVIDERS and playing.llm_judge is not None
    for match in matches:
        for side, spec in enumerate((match.agent_a, match.agent_b)):
            if spec.provider not in ESTIMATED_PROVIDERS:
                continue
            key = (match.game.name, match.protocol.name, side)
            if key not in cache:
                cache[key] = hooks.match_tokens(match, side)
            per_agent[spec.id].append(cache[key])
            found.setdefault(spec.id, AgentEstimate(spec.id, spec.provider, spec.model))
        if judged:
            assert judge is not None
            key = (match.game.name, "judge")
            if key not in cache:
                cache[key] = judge_tokens(playing, match)
            per_agent[judge.id].append(cache[key])
            found.setdefault(judge.id, AgentEstimate(judge.id, judge.provider, judge.model))
    for agent_id, tokens in per_agent.items():
        item = found[agent_id]
        item.matches = len(tokens)
        item.input_tokens = sum(t[0] for t in tokens)
        item.output_tokens = sum(t[1] for t in tokens)
        price = prices.price_for(item.provider, item.model)
        item.cost_usd = None if price is None else (item.input_tokens * price.input + item.output_tokens * price.output) / 1e6
    return list(found.values())


def judge_tokens(family: Family, match: Match) -> tuple[int, int]:
    """(input, output) tokens of the family's LLM judge on one match: its request about the
    instance (shown before any move: question and gold) with a final answer of MOVE_TOKENS added,
    and a reply of the request's max_tokens."""
    grader, hooks = family.llm_judge, family.tournament
    assert grader is not None and hooks is not None
    seating = hooks.seating(match)
    state = family.rules.initial(seating.instance, {role: role for role in seating.roles}, seating.first)
    request = grader.request(seating.instance, state)
    shown = approx_tokens(request)
    return int(shown + MOVE_TOKENS), request.max_tokens or MOVE_TOKENS
