"""How much of what a game sends could a provider's prompt cache serve? Prints JSON.

Plays one game (default: the rental agreement, default protocol, all 10 rounds: the writers
never agree) with writers whose notes and messages have the length of GPT-4's in LAMEN's released
transcript (284 and 353 characters on average), and measures every request lamen builds:

- stable prefix share: the system block (game, side, payoff tables, rules), the part lamen marks
  for caching, over all input tokens. Over 10 rounds the growing transcript outweighs it.
- reusable prefix share: the longest prefix a request shares with an earlier request of the same
  side — the system block plus the transcript so far, since lamen puts the history before the
  round header and the task — which prompt caches can serve. Target ≥ 0.60, judged on this one.
- LAMEN's layout, modelled as the same text sent as one user message with no cacheable block:
  the same input tokens, none of them cached. Compared on uncached input tokens, and on cost at
  Claude Sonnet 4.5's prices (cache write 1.25×, cache read 0.1× the input price).

Tokens are estimated as characters / 4 (no tokenizer). Providers cache only prefixes of at least
1024 tokens; `system_below_provider_minimum` says when the system block alone is shorter.

    python bench/prompt_caching.py [--game rental-agreement] [--protocol default] [--rounds 10]
"""

from __future__ import annotations

import argparse
import json
import os

from lamen.agents.base import ChatReply, ChatRequest
from lamen.agents.prices import load_prices
from lamen.play import Negotiation
from lamen.spec.game import Game
from lamen.spec.load import load_game, load_protocol

MIN_CACHEABLE_TOKENS = 1024  # OpenAI's and Anthropic's (Sonnet, Opus) smallest cacheable prefix
TARGET = 0.60
NOTE = ("They moved a little on {first}; I should hold on the issues that pay me most and trade "
        "the ones that pay me least. Concede one step at a time, only against a step from them.\n"
        "```json{offer}```")
MESSAGE = ("Thank you for the counter-offer. We have listened carefully and we can move a little: "
           "{offer}. This is a real step from our side, and it keeps the agreement fair for both of us. "
           "Could you meet us on {first} so that we can close the remaining gap this round?")


def tokens(text: str) -> int:
    return (len(text) + 3) // 4


def prompt_text(request: ChatRequest) -> str:
    """The request as one string, in the order a provider reads it."""
    return "\n\n".join([request.system, *(f"{m.role}: {m.content}" for m in request.messages)])


def common_prefix(a: str, b: str) -> int:
    return len(os.path.commonprefix([a, b]))


def offer(game: Game, side: int, round_number: int) -> dict[str, str]:
    """Start at one's best label and concede one step each round."""
    chosen = {}
    for index, issue in enumerate(game.issues):
        payoffs = game.table_payoffs(side, index)
        ranked = sorted(range(len(issue.labels)), key=lambda k: -payoffs[k])
        chosen[issue.name] = issue.labels[ranked[min(round_number - 1, len(ranked) - 1)]]
    return chosen


def play_requests(game: Game, protocol_name: str, rounds: int) -> list[tuple[int, ChatRequest]]:
    protocol = load_protocol(protocol_name).model_copy(update={"max_rounds": rounds})
    negotiation = Negotiation(game, protocol)
    sent: list[tuple[int, ChatRequest]] = []
    while (step := negotiation.next_request()) is not None:
        sent.append((step.side, step.request))
        terms = offer(game, step.side, negotiation.round)
        first = game.issues[0].name
        if step.purpose == "message":
            text = MESSAGE.format(offer=", ".join(f"{k} {v}" for k, v in terms.items()), first=first)
        else:
            text = NOTE.format(offer=json.dumps(terms), first=first)
        negotiation.submit(step, ChatReply(text=text))
    return sent


def measure(game_name: str, protocol_name: str, rounds: int) -> dict[str, object]:
    game = load_game(game_name)
    sent = play_requests(game, protocol_name, rounds)
    total = stable = reusable = warm_system = 0
    seen: dict[int, list[str]] = {0: [], 1: []}
    for side, request in sent:
        text = prompt_text(request)
        total += tokens(text)
        stable += tokens(request.system)
        if seen[side]:
            warm_system += tokens(request.system)
            reusable += tokens(text[:max(common_prefix(text, earlier) for earlier in seen[side])])
        seen[side].append(text)
    price = load_prices().price_for("anthropic", "claude-sonnet-4-5")
    assert price is not None and price.cached_input is not None and price.cache_write is not None
    cold_system = stable - warm_system  # the first request of each side writes the cache
    lamen_cost = ((total - stable) * price.input + cold_system * price.cache_write
                  + warm_system * price.cached_input)
    lamen_layout_cost = total * price.input
    uncached = total - warm_system
    systems = sorted({tokens(request.system) for _, request in sent})
    return {
        "game": game_name, "protocol": protocol_name, "rounds": rounds, "requests": len(sent),
        "token_estimate": "characters / 4 (no tokenizer)",
        "system_tokens": systems,
        "input_tokens_per_game": total,
        "stable_prefix_tokens_per_game": stable,
        "stable_prefix_share": round(stable / total, 3),
        "target_share": TARGET,
        "target_measured_on": "reusable_prefix_share",
        "meets_target": reusable / total >= TARGET,
        "reusable_prefix_share": round(reusable / total, 3),
        "system_below_provider_minimum": max(systems) < MIN_CACHEABLE_TOKENS,
        "lamen_uncached_input_tokens_per_game": uncached,
        "lamen_layout_input_tokens_per_game": total,
        "lamen_layout_uncached_input_tokens_per_game": total,
        "uncached_input_ratio": round(uncached / total, 3),
        "cost_ratio_claude_sonnet_4_5": round(lamen_cost / lamen_layout_cost, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rental-agreement")
    parser.add_argument("--protocol", default="default")
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    print(json.dumps(measure(args.game, args.protocol, args.rounds), indent=2))


if __name__ == "__main__":
    main()
