"""Play a tournament into its store: plan every match, then play what is not finished yet —
concurrently, within the limits and the budget — writing each match in one transaction."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from lamen.agents.base import Agent, AgentError
from lamen.chat import close_agent
from lamen.agents.pool import EndpointPool
from lamen.agents.prices import tournament_prices, using_prices
from lamen.agents.registry import make_agent
from lamen.spec.agent import IDENTITY
from lamen.core.family import Family, MetricSpec
from lamen.core.play import EpisodeRecord, Failure, play, unplayed
from lamen.core.players import PolicyAgent
from lamen.core.tournament import Answer, FallbackReading, Seating
from lamen.core.types import Relation
from lamen.runner.checks import family_config, seat_problems, tournament_problems
from lamen.runner.common_payoff import CommonPayoffTournament
from lamen.runner.family import tournament_family
from lamen.runner.limits import ProviderGate
from lamen.runner.resilient import ResilientAgent
from lamen.schedule import FamilyMatch, Match, agent_env_schedule, family_schedule, resolve_games, schedule
from lamen.spec.agent import AgentSpec
from lamen.spec.library import Library
from lamen.spec.load import load_game, load_protocol
from lamen.spec.tournament import Tournament
from lamen.spec.problems import Problem, SpecError
from lamen.store import MatchRecord, Store
from lamen.store.db import StoredOutcome
from lamen.store.endpoints import save_endpoint_counts
from lamen.store.lock import DatabaseLock
from lamen.store.versions import Planned, VersionConflict, find_conflict, fingerprint, judge_settings, part_digest
from lamen.providers import CATALOGUE
from lamen.text_safety import one_line
from lamen.transcript import ModelCall, Transcript

# Their replies may be cached: the answer depends on the request alone (the catalogue says which).
STATELESS_PROVIDERS = tuple(name for name, provider in CATALOGUE.items() if provider.cached)


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
    # An agent-vs-environment family reaches no agreements: its headline metric (Match, reward)
    # is shown instead, as the mean over the finished sessions. None: a family of agreements.
    headline: MetricSpec | None = None
    headline_total: float = 0.0
    headline_count: int = 0

    def add_headline(self, metrics: Mapping[str, float]) -> None:
        value = metrics.get(self.headline.key) if self.headline is not None else None
        if value is not None and math.isfinite(value):
            self.headline_total += value
            self.headline_count += 1

    @property
    def headline_mean(self) -> float | None:
        return self.headline_total / self.headline_count if self.headline_count else None


Listener = Callable[[RunState, Match | None], None]


def headline_metric(family: Family) -> MetricSpec | None:
    """What a run of `family` reports instead of agreements: the headline metric of an
    agent-vs-environment family (its first), None for a family whose matches reach agreements."""
    return family.metrics[0] if family.relation == Relation.AGENT_VS_ENV and family.metrics else None


def stored_state(store: Store, tournament: str, family: Family) -> RunState:
    """What a tournament's stored matches reached, as a run shows it: agreements, or the mean
    headline metric over the finished sessions."""
    state = RunState(headline=headline_metric(family))
    state.agreements = store.summary(tournament)["agreements"]
    if state.headline is not None:
        for row in store.match_rows(tournament):
            if row["status"] == "finished" and row["outcome"]:
                state.add_headline(row["outcome"].get("metrics", {}))
    return state


def plan(tournament: Tournament, library: Library) -> list[Match] | list[FamilyMatch]:
    """The tournament's matches (qualifier first), from its spec and its design (lamen.designs)."""
    from lamen.designs import designed

    problems = tournament_problems(tournament)  # every problem of the spec at once, not the first kind found
    if problems:
        raise SpecError(problems)
    if tournament.family != "negotiation":
        family = tournament_family(tournament.family)
        hooks = family.tournament
        asymmetric = isinstance(hooks, CommonPayoffTournament) and not hooks.plan.interchangeable
        return designed(tournament, plan_family(tournament), "roles" if asymmetric else "partner")
    games = resolve_games(tournament.games, library)
    try:
        protocol = load_protocol(tournament.protocol, library)
    except SpecError as exc:  # placed under the tournament's `protocol:` field
        raise SpecError([p if p.file else replace(p, field=("protocol", *p.field)) for p in exc.problems]) from None
    qualifier = load_game(tournament.qualifier.game, library) if tournament.qualifier else None
    return designed(tournament, schedule(tournament, games, protocol, qualifier))


def plan_family(tournament: Tournament) -> list[FamilyMatch]:
    """A game family's matches: its instances made from the spec's config and seeds, and its
    scripted players (`player:NAME`) checked against the family's, each a located one-line
    problem."""
    family = tournament_family(tournament.family)
    config = family_config(tournament, family)
    problems = seat_problems(tournament, family) + tournament.judge_problems(family.name, family.llm_judge is not None)
    if problems:
        raise SpecError(problems)

    def make(raw: dict, seed: int) -> object:
        try:
            return family.instances(config, seed)
        except ValueError as exc:
            raise SpecError([Problem(str(exc), "choose seeds the family can make", ("instances",))]) from None

    hooks = family.tournament
    if family.relation == Relation.AGENT_VS_ENV:
        return agent_env_schedule(tournament, family.name, str(family.relation), make)
    if isinstance(hooks, CommonPayoffTournament) and not hooks.plan.interchangeable:
        return family_schedule(tournament, family.name, str(family.relation), make, len(hooks.first_movers))
    return family_schedule(tournament, family.name, str(family.relation), make)


def record_of(match: Match, position: int, fingerprint: str | None = None) -> MatchRecord:
    return MatchRecord(id=match.id, stage=match.stage, game=match.game.name, game_class=match.game.game_class,
                       protocol=match.protocol.name, agent_a=match.agent_a.id, agent_b=match.agent_b.id,
                       starts=match.starts, repetition=match.repetition, mirror=match.mirror, block=match.block,
                       seed=match.seed, position=position, fingerprint=fingerprint)


def versions(tournament: Tournament, matches: list[Match]) -> list[Planned]:
    """Each match's slot and fingerprint (lamen.store.versions). Games, protocols and agents are
    shared by many matches: each is digested once."""
    digests: dict[int, str] = {}

    def digest_of(spec: object) -> str:
        key = id(spec)
        if key not in digests:
            digests[key] = part_digest(spec.model_dump(mode="json", context=IDENTITY))  # type: ignore[attr-defined]
        return digests[key]

    fallback = tournament.llm_fallback.model_dump(mode="json") if tournament.llm_fallback else None
    match_judge = tournament.match_judge.model_dump(mode="json") if tournament.match_judge else None
    judge = part_digest(judge_settings(fallback, match_judge))
    return [Planned(slot=(m.stage, m.game.name, m.agent_a.id, m.agent_b.id, m.starts, m.repetition, m.mirror),
                    id=m.id, protocol=m.protocol.name,
                    fingerprint=fingerprint(digest_of(m.game), digest_of(m.protocol), digest_of(m.agent_a),
                                            digest_of(m.agent_b), m.tournament_seed, judge))
            for m in matches]


def version_refusal(conflict: VersionConflict, database: Path, tournament: str) -> SpecError:
    count = len(conflict.played)
    return SpecError([Problem(
        f"{one_line(str(database))}: tournament {one_line(tournament)!r} holds matches played under another version of this "
        f"spec: {one_line(conflict.describe())}",
        f"run again with --replace to drop those {count} matches and play them again, or give the tournament "
        f"a new name")])


class Runner:
    def __init__(self, tournament: Tournament, store: Store, library: Library,
                 listener: Listener | None = None, backoff_base: float = 1.0,
                 make: Callable[..., Agent] = make_agent, replace: bool = False) -> None:
        self.tournament = tournament
        self.replace = replace  # drop stored matches of another spec version and replay them
        self.store = store
        self.library = library
        self.listener = listener or (lambda state, match: None)
        self.state = RunState()
        self.gates: dict[str, ProviderGate] = {}
        self.shared: dict[str, ResilientAgent] = {}
        self.backoff_base = backoff_base
        self.make = make  # tests pass fake agents here
        self.family = tournament_family(tournament.family)
        self.state.headline = headline_metric(self.family)
        self.in_flight = 0
        self.peak_in_flight = 0
        self._average_cost = 0.0
        self.pools: list[EndpointPool] = []  # agents served by several replicas: their counts are stored
        self.started_at, self._started = time.time(), time.monotonic()

    # ---- agents ------------------------------------------------------------------------------

    def _gate(self, provider: str) -> ProviderGate:
        if provider not in self.gates:
            self.gates[provider] = ProviderGate(provider, self.tournament.limits)
        return self.gates[provider]

    def _agent(self, spec: AgentSpec, match: Match, side: int, seating: Seating | None = None,
               role: str | None = None) -> Agent:
        """Scripted negotiators are new per match and side (they keep state), so are a family's
        scripted players (made for the instance and seat); model agents are shared per agent id
        and wrapped with limits, retries and the response cache."""
        if spec.provider == "player":
            if seating is None or spec.model not in self.family.players:
                raise AgentError(f"{spec.id}: no scripted player {spec.model!r} in {self.family.name}", retryable=False)
            role = role or seating.roles[side]
            try:
                return PolicyAgent(spec.id, self.family.players[spec.model].make(seating.instance, role),
                                   self.family.codec(role), seed=match.seed, noise=float(spec.params.get("noise", 0.0)))
            except (TypeError, ValueError) as exc:  # a noise that is no probability
                raise AgentError(f"{spec.id}: {exc}", retryable=False) from None
        if spec.provider in ("bot", "human"):
            return self.make(spec, game=match.game, side=side, seed=match.seed)
        if spec.id not in self.shared:
            inner = self.make(spec, game=match.game, side=side, seed=match.seed)
            if isinstance(inner, EndpointPool):
                inner.on_set_aside = self.state.messages.append
                self.pools.append(inner)
            limits = self.tournament.limits
            self.shared[spec.id] = ResilientAgent(
                spec, inner, self._gate(spec.provider), max_retries=limits.max_retries, timeout_s=limits.timeout_s,
                cache=self.store if spec.provider in STATELESS_PROVIDERS else None, backoff_base=self.backoff_base,
                on_retry=self.state.messages.append)
        return self.shared[spec.id]

    # ---- one match -----------------------------------------------------------------------------

    async def play_match(self, match: Match) -> tuple[Transcript, StoredOutcome]:
        """Play one scheduled match through the family's rules and codecs (lamen.core.play),
        read what its readers were unsure of with the fallback reader when the tournament names
        one, and return what the store writes of it (judged once)."""
        hooks = self.family.tournament
        assert hooks is not None
        seating = hooks.seating(match)
        specs = {role: (match.agent_a, match.agent_b)[seating.side(role)] for role in seating.roles}
        failure: Failure | None = None
        seats: dict[str, Agent] = {}
        stopped = [role for role, spec in specs.items() if spec.id in self.state.disabled]
        if stopped:
            spec = specs[stopped[0]]
            failure = Failure(stopped[0], spec.id, f"agent {spec.id} stopped: {self.state.disabled[spec.id]}",
                              "stopped", before_play=True)
        else:
            for role, spec in specs.items():
                try:
                    seats[role] = self._agent(spec, match, seating.side(role), seating, role)
                except AgentError as exc:  # e.g. no API key: this agent cannot play at all
                    self._disable(spec, str(exc))
                    failure = Failure(role, spec.id, str(exc), "fatal", before_play=True)
                    break
        if failure is not None:
            record = unplayed(self.family, seating.instance, seating.names, failure, seating.first)
        else:
            record = await play(self.family, seating.instance, seats, first=seating.first, sampling=seating.sampling,
                                scored=False)
            failure = record.failure
        fallback = None
        if self.tournament.llm_fallback is not None and failure is None:
            fallback = await self._fallback_reading(seating, record, match)
        transcript, outcome = hooks.stored(seating, record, fallback)
        if self.tournament.match_judge is not None and failure is None:
            transcript, outcome = await self._judged(seating, record, match, transcript, outcome)
        # A fatal provider error (auth, unknown model, bad request) stops that agent's matches.
        if failure is not None and failure.role is not None and not failure.before_play and failure.kind == "fatal" \
                and specs[failure.role].provider not in ("bot", "human", "player"):
            self._disable(specs[failure.role], transcript.error or "")
        return transcript, outcome

    async def _fallback_reading(self, seating: Seating, record: EpisodeRecord, match: Match) -> FallbackReading | None:
        """The fallback step: the texts the family's readers were unsure of, read by the fallback
        agent; its calls join the match, so they are stored and costed with it. A failing reader
        leaves the rule-based readings in place (and is stopped for the rest of the run)."""
        reader_spec = self.tournament.llm_fallback
        assert reader_spec is not None and self.family.tournament is not None
        if reader_spec.id in self.state.disabled:
            return None
        try:
            reader = self._agent(reader_spec, match, 0)
            answers = [Answer(request, await reader.complete(request))
                       for request in self.family.tournament.unsure(seating, record)]
        except AgentError as exc:
            self.state.disabled.setdefault(reader_spec.id, str(exc))
            self.state.messages.append(f"LLM fallback {reader_spec.id} stopped: {exc}")
            return None
        return FallbackReading(reader.name, tuple(answers))

    async def _judged(self, seating: Seating, record: EpisodeRecord, match: Match, transcript: Transcript,
                      outcome: StoredOutcome) -> tuple[Transcript, StoredOutcome]:
        """The family's LLM judge grades the finished episode (`Family.llm_judge`): its grade joins
        the outcome's metrics under its own key (or `KEY_unreadable` when its reply has no grade),
        its call joins the match's last turn — stored, cached (the response cache of a stateless
        provider: an identical session is judged once) and costed with the match, so it counts in
        the run's spend and budget. A failing judge leaves the deterministic metrics alone and is
        stopped for the rest of the run."""
        grader, spec = self.family.llm_judge, self.tournament.match_judge
        assert grader is not None and spec is not None
        if spec.id in self.state.disabled:
            return transcript, outcome
        request = grader.request(seating.instance, record.state)
        try:
            judge = self._agent(spec, match, 0)
            reply = await judge.complete(request)
        except AgentError as exc:
            self.state.disabled.setdefault(spec.id, str(exc))
            self.state.messages.append(f"match judge {spec.id} stopped: {exc}")
            return transcript, outcome
        grade = grader.read(reply.text)
        key = grader.metric.key
        metrics = dict(getattr(outcome, "metrics", {}))
        metrics.update({key: grade} if grade is not None else {f"{key}_unreadable": 1.0})
        call = ModelCall(purpose=key, request=request, reply=reply, agent=spec.id)
        if transcript.turns:
            last = transcript.turns[-1]
            turns = transcript.turns[:-1] + (last.model_copy(update={"calls": last.calls + (call,)}),)
            transcript = transcript.model_copy(update={"turns": turns})
        else:
            transcript = transcript.model_copy(update={"unfinished_calls": transcript.unfinished_calls + (call,)})
        return transcript, outcome.model_copy(update={"metrics": metrics})  # type: ignore[attr-defined]

    def _disable(self, spec: AgentSpec, reason: str) -> None:
        if spec.id not in self.state.disabled:
            self.state.disabled[spec.id] = reason
            self.store.disable_agent(self.tournament.name, spec.id, reason)

    # ---- the tournament ----------------------------------------------------------------------

    def _projected(self, extra: int) -> float:
        return self.state.spend_usd + self._average_cost * (self.in_flight + extra)

    def version_conflict(self, matches: list[Match], planned: list[Planned] | None = None) -> VersionConflict:
        """Stored matches of this tournament played under another version of its spec."""
        return find_conflict(planned or versions(self.tournament, matches),
                             self.store.stored_versions(self.tournament.name))

    async def run(self, matches: list[Match] | None = None) -> RunState:
        """Play `matches` (default: the spec's schedule). Refuses (SpecError) before playing when
        the store holds matches of another version of the spec, unless `replace` drops them. The
        model agents' connections are closed when it ends, on the loop that opened them."""
        try:
            return await self._run(matches)
        finally:
            await self.close_agents()

    async def close_agents(self) -> None:
        """Close the shared model agents' SDK clients; a later run makes fresh ones."""
        agents, self.shared = list(self.shared.values()), {}
        for agent in agents:
            await close_agent(agent)

    async def _run(self, matches: list[Match] | None) -> RunState:
        self.pools = []  # this run's pools (kept after it ends: the CLI prints their counts)
        matches = plan(self.tournament, self.library) if matches is None else matches
        planned = versions(self.tournament, matches)
        conflict = self.version_conflict(matches, planned)
        if conflict.played and not self.replace:
            raise version_refusal(conflict, self.store.path, self.tournament.name)
        if conflict.played or conflict.unplayed:
            self.store.drop_matches(conflict.played + conflict.unplayed)
        self.store.save_tournament(self.tournament.name, self.tournament.stored_form(),
                                   [a.model_dump(mode="json") for a in self.tournament.everyone()])
        if self.tournament.design == "adaptive":  # cross-play in rounds chosen while playing
            from lamen.runner.adaptive import play_adaptive

            return await play_adaptive(self, matches, planned)
        self.store.plan(self.tournament.name, [(record_of(m, i, p.fingerprint), m.canonical())
                                               for i, (m, p) in enumerate(zip(matches, planned))])
        statuses = self.store.statuses(self.tournament.name)
        summary = self.store.summary(self.tournament.name)
        self.state.total = len(matches)
        self.state.done = sum(1 for m in matches if statuses.get(m.id) == "finished")
        before = stored_state(self.store, self.tournament.name, self.family)  # what a resumed run finished before
        self.state.agreements = before.agreements
        self.state.headline_total, self.state.headline_count = before.headline_total, before.headline_count
        self.state.spend_usd = summary["spend_usd"]
        todo = [m for m in matches if statuses.get(m.id) != "finished"]
        qualifying = [m for m in todo if m.stage == "qualifier"]
        rest = [m for m in todo if m.stage != "qualifier"]
        self.listener(self.state, None)
        await self.play_matches(qualifying)
        if self.tournament.qualifier is not None:
            failed = self.qualifier_failures()
            for agent_id, reason in failed.items():
                self.state.disabled.setdefault(agent_id, reason)
                self.state.messages.append(f"{agent_id} did not qualify: {reason}")
            rest = [m for m in rest if m.agent_a.id not in failed and m.agent_b.id not in failed]
            self.state.total = self.state.done + len(rest) + self.state.errors
        await self.play_matches(rest)
        return self.state

    def qualifier_failures(self) -> dict[str, str]:
        """The agents whose qualifier games fell short of `min_agreements`, each with why."""
        needed = self.tournament.qualifier.min_agreements  # type: ignore[union-attr]
        return {agent: f"{agreements} agreement(s) in {played} qualifier game(s), {needed} needed"
                for agent, agreements, played in self.store.qualifier_agreements(self.tournament.name)
                if agreements < needed}

    async def play_matches(self, matches: list[Match]) -> None:
        """Play `matches` within the concurrency limit and the budget (the adaptive design calls it per round)."""
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
                if self.pools:
                    self.save_endpoint_counts()
                cost = sum(c.reply.cost_usd for c in transcript.calls if c.reply)
                self._note(match, transcript, outcome, cost)

        await asyncio.gather(*(one(m) for m in matches))

    def save_endpoint_counts(self) -> None:
        """The pools' counts so far, under this run (lamen.store.endpoints)."""
        save_endpoint_counts(self.store, self.tournament.name, self.started_at, time.monotonic() - self._started,
                             [count for pool in self.pools for count in pool.counts()])

    def _note(self, match: Match, transcript: Transcript, outcome: StoredOutcome, cost: float) -> None:
        state = self.state
        if transcript.error:
            state.errors += 1
        else:
            state.done += 1
            state.agreements += outcome.agreement != "none"
            state.add_headline(getattr(outcome, "metrics", {}))
        state.spend_usd += cost
        played = state.done + state.errors
        self._average_cost += (cost - self._average_cost) / max(1, played)
        self.listener(state, match)


def run_tournament(tournament: Tournament, database: Path, library: Library,
                   listener: Listener | None = None, replace: bool = False) -> RunState:
    """Play a tournament into `database` as its only writer (see lamen.store.lock)."""
    with DatabaseLock(database):
        store = Store(database)
        try:
            with using_prices(tournament_prices(tournament.prices)):
                return asyncio.run(Runner(tournament, store, library, listener, replace=replace).run())
        finally:
            store.close()
