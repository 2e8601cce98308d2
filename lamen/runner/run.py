"""Play a tournament into its store: plan every match, then play what is not finished yet —
concurrently, within the limits and the budget — writing each match in one transaction."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lamen.agents.base import Agent, AgentError
from lamen.agents.registry import make_agent
from lamen.judge import Outcome, judge
from lamen.judge.llm_fallback import LLMExtractor, llm_readings, with_extraction_calls
from lamen.play import Negotiation, play
from lamen.runner.limits import ProviderGate
from lamen.runner.resilient import ResilientAgent
from lamen.schedule import Match, resolve_games, schedule
from lamen.spec.agent import AgentSpec, Sampling
from lamen.spec.library import Library
from lamen.spec.load import load_game, load_protocol
from lamen.spec.tournament import Tournament
from lamen.store import MatchRecord, Store
from lamen.transcript import Transcript

STATELESS_PROVIDERS = ("anthropic", "openai", "cohere", "google", "local")  # their replies may be cached


@dataclass
class RunState:
    """What the progress display shows; updated as matches finish."""

    total: int = 0
    done: int = 0
    agreements: int = 0
    errors: int = 0
    spend_usd: float = 0.0
    skipped_budget: int = 0
    disabled: dict[str, str] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)


Listener = Callable[[RunState, Match | None], None]


def plan(tournament: Tournament, library: Library) -> list[Match]:
    """The tournament's matches (qualifier first), from its spec."""
    games = resolve_games(tournament.games, library)
    protocol = load_protocol(tournament.protocol, library)
    qualifier = load_game(tournament.qualifier.game, library) if tournament.qualifier else None
    return schedule(tournament, games, protocol, qualifier)


def record_of(match: Match, position: int) -> MatchRecord:
    return MatchRecord(id=match.id, stage=match.stage, game=match.game.name, game_class=match.game.game_class,
                       protocol=match.protocol.name, agent_a=match.agent_a.id, agent_b=match.agent_b.id,
                       starts=match.starts, repetition=match.repetition, mirror=match.mirror, block=match.block,
                       seed=match.seed, position=position)


class Runner:
    def __init__(self, tournament: Tournament, store: Store, library: Library,
                 listener: Listener | None = None, backoff_base: float = 1.0,
                 make: Callable[..., Agent] = make_agent) -> None:
        self.tournament = tournament
        self.store = store
        self.library = library
        self.listener = listener or (lambda state, match: None)
        self.state = RunState()
        self.gates: dict[str, ProviderGate] = {}
        self.shared: dict[str, ResilientAgent] = {}
        self.backoff_base = backoff_base
        self.make = make  # tests pass fake agents here
        self.in_flight = 0
        self.peak_in_flight = 0
        self._average_cost = 0.0

    # ---- agents ------------------------------------------------------------------------------

    def _gate(self, provider: str) -> ProviderGate:
        if provider not in self.gates:
            self.gates[provider] = ProviderGate(provider, self.tournament.limits)
        return self.gates[provider]

    def _agent(self, spec: AgentSpec, match: Match, side: int) -> Agent:
        """Scripted negotiators are new per match and side (they keep state); model agents are
        shared per agent id and wrapped with limits, retries and the response cache."""
        if spec.provider in ("bot", "human"):
            return self.make(spec, game=match.game, side=side, seed=match.seed)
        if spec.id not in self.shared:
            inner = self.make(spec, game=match.game, side=side, seed=match.seed)
            limits = self.tournament.limits
            self.shared[spec.id] = ResilientAgent(
                spec, inner, self._gate(spec.provider), max_retries=limits.max_retries, timeout_s=limits.timeout_s,
                cache=self.store if spec.provider in STATELESS_PROVIDERS else None, backoff_base=self.backoff_base,
                on_retry=self.state.messages.append)
        return self.shared[spec.id]

    @staticmethod
    def _sampling(spec: AgentSpec, match: Match) -> Sampling:
        # Without an explicit seed, each match samples with its own (derived, stable) seed: the
        # same match replays identically; repetitions stay independent draws.
        if spec.sampling.seed is not None:
            return spec.sampling
        return spec.sampling.model_copy(update={"seed": match.seed % 2**31})

    # ---- one match -----------------------------------------------------------------------------

    async def play_match(self, match: Match) -> tuple[Transcript, Outcome]:
        specs = (match.agent_a, match.agent_b)
        negotiation = Negotiation(match.game, match.protocol, starts=match.starts,
                                  personas=(specs[0].persona, specs[1].persona),
                                  sampling=(self._sampling(specs[0], match), self._sampling(specs[1], match)),
                                  agent_names=(specs[0].id, specs[1].id))
        stopped = [side for side, s in enumerate(specs) if s.id in self.state.disabled]
        agents: list[Agent] = []
        if stopped:
            side = stopped[0]
            negotiation.fail(f"agent {specs[side].id} stopped: {self.state.disabled[specs[side].id]}",
                             kind="stopped", side=side)
        else:
            for side, spec in enumerate(specs):
                try:
                    agents.append(self._agent(spec, match, side))
                except AgentError as exc:  # e.g. no API key: this agent cannot play at all
                    self._disable(spec, str(exc))
                    negotiation.fail(str(exc), kind="fatal", side=side)
                    break
        if negotiation.done:
            transcript = negotiation.transcript()
        else:
            transcript = await play(negotiation, (agents[0], agents[1]))
            side = transcript.error_side
            # A fatal provider error (auth, unknown model, bad request) stops that agent's matches.
            if transcript.error_kind == "fatal" and side is not None and specs[side].provider not in ("bot", "human"):
                self._disable(specs[side], transcript.error or "")
        readings = None
        if self.tournament.llm_fallback is not None and transcript.error is None:
            transcript, readings = await self._fallback_readings(transcript, match)
        return transcript, judge(transcript, match.game, match.protocol, readings)

    async def _fallback_readings(self, transcript: Transcript, match: Match) -> tuple[Transcript, dict | None]:
        """Texts the rule-based readers could not read, read by the fallback agent; its calls join
        the transcript, so they are stored and costed with the match. A failing reader leaves the
        rule-based readings in place."""
        reader_spec = self.tournament.llm_fallback
        assert reader_spec is not None
        if reader_spec.id in self.state.disabled:
            return transcript, None
        try:
            extractor = LLMExtractor(self._agent(reader_spec, match, 0))
            readings = await llm_readings(transcript, match.game, extractor)
        except AgentError as exc:
            self.state.disabled.setdefault(reader_spec.id, str(exc))
            self.state.messages.append(f"LLM fallback {reader_spec.id} stopped: {exc}")
            return transcript, None
        return with_extraction_calls(transcript, extractor), readings

    def _disable(self, spec: AgentSpec, reason: str) -> None:
        if spec.id not in self.state.disabled:
            self.state.disabled[spec.id] = reason
            self.store.disable_agent(self.tournament.name, spec.id, reason)

    # ---- the tournament ----------------------------------------------------------------------

    def _projected(self, extra: int) -> float:
        return self.state.spend_usd + self._average_cost * (self.in_flight + extra)

    async def run(self) -> RunState:
        matches = plan(self.tournament, self.library)
        self.store.save_tournament(self.tournament.name, self.tournament.model_dump(mode="json"),
                                   [a.model_dump(mode="json") for a in self.tournament.agents])
        self.store.plan(self.tournament.name, [(record_of(m, i), m.canonical()) for i, m in enumerate(matches)])
        statuses = self.store.statuses(self.tournament.name)
        summary = self.store.summary(self.tournament.name)
        self.state.total = len(matches)
        self.state.done = sum(1 for m in matches if statuses.get(m.id) == "finished")
        self.state.agreements = summary["agreements"]
        self.state.spend_usd = summary["spend_usd"]
        todo = [m for m in matches if statuses.get(m.id) != "finished"]
        qualifying = [m for m in todo if m.stage == "qualifier"]
        rest = [m for m in todo if m.stage != "qualifier"]
        self.listener(self.state, None)
        await self._play_all(qualifying)
        if self.tournament.qualifier is not None:
            failed = self._qualifier_failures()
            for agent_id, reason in failed.items():
                self.state.disabled.setdefault(agent_id, reason)
                self.state.messages.append(f"{agent_id} did not qualify: {reason}")
            rest = [m for m in rest if m.agent_a.id not in failed and m.agent_b.id not in failed]
            self.state.total = self.state.done + len(rest) + self.state.errors
        await self._play_all(rest)
        return self.state

    def _qualifier_failures(self) -> dict[str, str]:
        needed = self.tournament.qualifier.min_agreements  # type: ignore[union-attr]
        rows = self.store.db.execute(
            "SELECT m.agent_a AS agent, SUM(o.agreement != 'none') AS agreements, COUNT(o.match_id) AS played "
            "FROM matches m LEFT JOIN outcomes o ON o.match_id = m.id WHERE m.tournament=? AND m.stage='qualifier' "
            "GROUP BY m.agent_a", (self.tournament.name,))
        return {row["agent"]: f"{row['agreements'] or 0} agreement(s) in {row['played']} qualifier game(s), "
                              f"{needed} needed"
                for row in rows if (row["agreements"] or 0) < needed}

    async def _play_all(self, matches: list[Match]) -> None:
        slots = asyncio.Semaphore(self.tournament.limits.concurrency)
        budget = self.tournament.budget_usd

        async def one(match: Match) -> None:
            async with slots:
                if budget is not None and self._projected(1) > budget:
                    self.state.skipped_budget += 1
                    return
                self.in_flight += 1
                self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
                try:
                    transcript, outcome = await self.play_match(match)
                finally:
                    self.in_flight -= 1
                self.store.save_match(match.id, transcript, outcome)
                cost = sum(c.reply.cost_usd for c in transcript.calls if c.reply)
                self._note(match, transcript, outcome, cost)

        await asyncio.gather(*(one(m) for m in matches))

    def _note(self, match: Match, transcript: Transcript, outcome: Outcome, cost: float) -> None:
        state = self.state
        if transcript.error:
            state.errors += 1
        else:
            state.done += 1
            state.agreements += outcome.agreement != "none"
        state.spend_usd += cost
        played = state.done + state.errors
        self._average_cost += (cost - self._average_cost) / max(1, played)
        self.listener(state, match)


def run_tournament(tournament: Tournament, database: Path, library: Library,
                   listener: Listener | None = None) -> RunState:
    store = Store(database)
    try:
        return asyncio.run(Runner(tournament, store, library, listener).run())
    finally:
        store.close()
