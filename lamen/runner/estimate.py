"""What a tournament will cost before it runs: token counts per match from the real prompts,
assuming every match lasts all its rounds (an upper bound), priced from the prices file."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from lamen.agents.prices import PriceTable, load_prices
from lamen.play import Negotiation
from lamen.schedule import Match
from lamen.spec.game import Game
from lamen.spec.protocol import Protocol

CHARS_PER_TOKEN = 4.0
TOKENS_PER_WORD = 1.4
LLM_PROVIDERS = ("anthropic", "openai", "cohere", "google")


@dataclass
class AgentEstimate:
    agent: str
    provider: str
    model: str
    matches: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = 0.0


def match_tokens(game: Game, protocol: Protocol, side: int) -> tuple[int, int]:
    """(input, output) tokens one side spends in a match that runs all its rounds."""
    request = Negotiation(game, protocol).next_request().request
    base = (len(request.system) + sum(len(m.content) for m in request.messages)) / CHARS_PER_TOKEN
    note_out = protocol.note_max_words * TOKENS_PER_WORD + 15 * len(game.issues)
    message_out = protocol.message_max_words * TOKENS_PER_WORD
    per_message = message_out  # each message seen adds about its own length to later prompts
    input_tokens = output_tokens = 0.0
    for turn in range(protocol.max_rounds):
        seen = 2 * turn + side  # messages written before this side's turn
        window = seen if protocol.note_sees_messages < 0 else min(seen, protocol.note_sees_messages)
        requests = 3 if protocol.interrogation else 2
        input_tokens += requests * (base + window * per_message) + note_out
        output_tokens += note_out + message_out + (note_out if protocol.interrogation else 0)
    return int(input_tokens), int(output_tokens)


def estimate(matches: list[Match], prices: PriceTable | None = None) -> list[AgentEstimate]:
    prices = prices or load_prices()
    found: dict[str, AgentEstimate] = {}
    cache: dict[tuple, tuple[int, int]] = {}
    per_agent: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for match in matches:
        for side, spec in enumerate((match.agent_a, match.agent_b)):
            if spec.provider not in LLM_PROVIDERS:
                continue
            key = (match.game.name, match.protocol.name, side)
            if key not in cache:
                cache[key] = match_tokens(match.game, match.protocol, side)
            per_agent[spec.id].append(cache[key])
            found.setdefault(spec.id, AgentEstimate(spec.id, spec.provider, spec.model))
    for agent_id, tokens in per_agent.items():
        item = found[agent_id]
        item.matches = len(tokens)
        item.input_tokens = sum(t[0] for t in tokens)
        item.output_tokens = sum(t[1] for t in tokens)
        price = prices.price_for(item.provider, item.model)
        item.cost_usd = None if price is None else (item.input_tokens * price.input + item.output_tokens * price.output) / 1e6
    return list(found.values())
