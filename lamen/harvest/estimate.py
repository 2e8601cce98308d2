"""What a harvest will cost before it runs (`lamen harvest SPEC --dry-run`).

Calls: an upper bound. A tree that never earns a reward keeps its beam widest longest, so per tree
the agent is asked at most n_1 + … + n_T times (the beam widths, lamen.harvest.closed_form) and a
simulator at most once more per agent reply plus its opening; format-error retries come on top
(each one a further call, up to the family's retries per request: not counted here).
Tokens: the agent's first request as the family's codec renders it, growing by one reply and one
answer per turn (`max_tokens` each, 256 when unset); priced from the prices file."""

from __future__ import annotations

from dataclasses import dataclass

from lamen.agents.prices import PriceTable, load_prices
from lamen.chat import approx_tokens
from lamen.harvest.closed_form import beam_widths
from lamen.harvest.spec import HarvestSpec
from lamen.providers import CATALOGUE
from lamen.spec.agent import AgentSpec

DEFAULT_REPLY_TOKENS = 256
FALLBACK_PROMPT_TOKENS = 1_000


@dataclass(frozen=True)
class SeatEstimate:
    seat: str  # "agent" or "simulator"
    agent: str
    calls: int
    input_tokens: int
    output_tokens: int
    cost_usd: float | None  # None: a paid model without a price


@dataclass(frozen=True)
class HarvestEstimate:
    trees: int
    seats: tuple[SeatEstimate, ...]

    @property
    def calls(self) -> int:
        return sum(s.calls for s in self.seats)

    @property
    def cost_usd(self) -> float:
        return sum(s.cost_usd or 0.0 for s in self.seats)

    def cost_per_call(self) -> float:
        """The dearest seat's cost per call: what the budget assumes before real calls are seen."""
        return max((s.cost_usd or 0.0) / s.calls for s in self.seats if s.calls) if self.calls else 0.0


def _priced(seat: str, agent: AgentSpec, calls: int, tokens_in: int, tokens_out: int,
            prices: PriceTable) -> SeatEstimate:
    if not CATALOGUE[agent.provider].billed:
        return SeatEstimate(seat, agent.id, calls, tokens_in, tokens_out, 0.0)
    price = prices.price_for(agent.provider, agent.model)
    cost = None if price is None else (tokens_in * price.input + tokens_out * price.output) / 1e6
    return SeatEstimate(seat, agent.id, calls, tokens_in, tokens_out, cost)


def first_prompt_tokens(spec: HarvestSpec) -> int:
    """About how many tokens the agent's first request holds (4 characters a token)."""
    from lamen.harvest.run import harvest_family

    family, config, role = harvest_family(spec)
    instance = family.instances(config, spec.instances.seed_list()[0])
    state = family.rules.initial(instance, {r.name: "" for r in family.roles(config, instance)}, None)
    try:
        request = family.request_for(instance, state, role)
    except (KeyError, ValueError, TypeError, AttributeError):
        # A family whose codec renders only the role on turn (another role opens): a prompt of
        # this size is assumed instead.
        return FALLBACK_PROMPT_TOKENS
    return int(approx_tokens(request))


def estimate_harvest(spec: HarvestSpec, prices: PriceTable | None = None) -> HarvestEstimate:
    prices = prices or load_prices()
    trees = len(spec.instances.seed_list())
    widths = beam_widths(spec.turn_limit, spec.beam, spec.branching)
    base = first_prompt_tokens(spec)
    reply = spec.max_tokens or DEFAULT_REPLY_TOKENS
    simulator_reply = spec.simulator.sampling.max_tokens or DEFAULT_REPLY_TOKENS
    # The t-th agent turn's prompt holds the first one plus t − 1 exchanges (a reply and an answer).
    agent_in = sum(n * (base + t * (reply + simulator_reply)) for t, n in enumerate(widths))
    simulator_in = base + sum(n * (base + (t + 1) * (reply + simulator_reply)) for t, n in enumerate(widths))
    agent_calls, simulator_calls = sum(widths), 1 + sum(widths)
    seats = (_priced("agent", spec.agent, trees * agent_calls, trees * agent_in, trees * agent_calls * reply, prices),
             _priced("simulator", spec.simulator, trees * simulator_calls, trees * simulator_in,
                     trees * simulator_calls * simulator_reply, prices))
    return HarvestEstimate(trees, seats)
