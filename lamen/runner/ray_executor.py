"""`lamen run SPEC --executor ray[=ADDRESS]`: matches play as Ray tasks on a cluster (a local one
by default) while this process — the driver — stays the database's only writer: it plans, resumes,
holds the lock, keeps the budget, and stores each match a worker hands back. A match whose worker
is lost is played again under a new lease; nothing is written twice, since nothing but the driver
writes. What runs on the workers is lamen.runner.ray_worker."""

from __future__ import annotations

import logging
import socket
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from lamen.agents.base import Agent, ChatReply
from lamen.agents.registry import make_agent
from lamen.runner.run import Listener, Runner, RunState
from lamen.runner.ray_worker import MatchPlayer, PlayedMatch, ProviderTokens, ReplyCache
from lamen.providers import CATALOGUE
from lamen.schedule import Match
from lamen.spec.agent import AgentSpec
from lamen.spec.library import Library
from lamen.spec.problems import Problem, SpecError
from lamen.spec.tournament import Tournament
from lamen.store import Store
from lamen.text_safety import one_line

# A local cluster shares the machine with the driver: a small object store (matches and
# transcripts are kilobytes) and no dashboard.
LOCAL_OBJECT_STORE_BYTES = 96 * 2**20
# Attempts per match when its worker is lost (killed, out of memory, node gone); past them the
# match stays unplayed and the run says so (run again to play it).
MAX_ATTEMPTS = 3
PROBE_TIMEOUT_S = 5.0  # how long a cluster's address may take to answer
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])  # and an empty SETTINGS


@dataclass(frozen=True)
class Executor:
    """Where matches play: `local` (this process, asyncio) or `ray` (address None: a local cluster)."""

    kind: str = "local"
    address: str | None = None

    @classmethod
    def parse(cls, text: str) -> "Executor":
        kind, _, address = text.partition("=")
        if kind not in ("local", "ray") or (kind == "local" and address) or (_ and not address):
            raise ValueError(f"--executor {text!r}: give local, ray or ray=ADDRESS (e.g. ray=10.0.0.5:6379)")
        return cls(kind, address or None)


def connect(address: str | None = None, num_cpus: int | None = None) -> bool:
    """Join the Ray cluster at `address`, or start a local one (`num_cpus` workers, default every
    core); True when this call started Ray (and so should shut it down). One line, no traceback,
    when Ray is not installed or nothing answers at `address`."""
    try:
        import ray
    except ModuleNotFoundError:
        raise SpecError([Problem("--executor ray: Ray is not installed",
                                 "pip install 'lamen[ray]', or run without --executor")]) from None
    if ray.is_initialized():
        return False  # connected already: by this run's previous part, or by the caller
    if address is not None and address != "auto":
        probe(address)
    options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING,
                               "log_to_driver": False}
    try:
        if address is None:
            ray.init(num_cpus=num_cpus, object_store_memory=LOCAL_OBJECT_STORE_BYTES, **options)
        else:
            ray.init(address=address, **options)
        _connected.append(address)
    except (ConnectionError, TimeoutError, ValueError, RuntimeError) as exc:
        if address is None:
            raise SpecError([Problem(f"--executor ray: a local Ray cluster did not start ({one_line(str(exc))[:200]})",
                                     "see `ray status`, or run without --executor")]) from None
        # Something listens there (see probe) but would not take this driver: another Ray
        # version, another auth token, or no Ray at all.
        raise SpecError([Problem(f"--executor ray={one_line(address)}: could not join the Ray cluster there "
                                 f"({one_line(str(exc))[:200]})",
                                 "check that it is a Ray head node of the same Ray version, and that this machine "
                                 "has its auth token")]) from None
    return True


_connected: list[str | None] = []  # what `connect` joined or started, until shut down


def probe(address: str, timeout_s: float = PROBE_TIMEOUT_S) -> None:
    """Refuse at once when nothing listens at `address` (host:port, or ray://host:port): Ray's
    own connect retries for minutes before it gives up."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise SpecError([Problem(f"--executor ray={one_line(address)}: not HOST:PORT",
                                 "give the head node's address, e.g. ray=10.0.0.5:6379")])
    try:
        with socket.create_connection((host, int(port)), timeout=timeout_s) as connection:
            # A Ray head speaks gRPC: to HTTP/2's opening it answers with a SETTINGS frame (type 4).
            connection.sendall(HTTP2_PREFACE)
            frame = connection.recv(9)
    except OSError as exc:
        raise SpecError([Problem(f"--executor ray={one_line(address)}: no Ray cluster answers there "
                                 f"({one_line(str(exc) or type(exc).__name__)})",
                                 "start one with `ray start --head` and give its address, or use --executor ray "
                                 "for a local cluster")]) from None
    if len(frame) < 4 or frame[3] != 4:
        raise SpecError([Problem(f"--executor ray={one_line(address)}: what answers there is not a Ray cluster",
                                 "give the address `ray start --head` printed (HOST:6379 by default)")])


@contextmanager
def ray_session(address: str | None = None, num_cpus: int | None = None) -> Iterator[None]:
    """Connected to Ray for the block; a connection this made is shut down after it."""
    with shut_down_started():
        connect(address, num_cpus)
        yield


@contextmanager
def shut_down_started() -> Iterator[None]:
    """After the block, shut down the Ray connection (and local cluster) `connect` made in it."""
    try:
        yield
    finally:
        if _connected:
            import ray

            ray.shutdown()
            _connected.clear()


@dataclass
class _Player:
    handle: Any  # a MatchPlayer actor
    load: int = 0  # its matches sent and not yet back
    back: Any = None  # while Ray restarts it: a ping that answers when it is back


@dataclass
class _Attempt:
    match: Match
    attempt: int
    lease: str  # what the ProviderTokens actor holds this attempt's tokens under
    player: _Player


class RayRunner(Runner):
    """The runner with its matches played on a Ray cluster (connect first: `ray_session`)."""

    def __init__(self, tournament: Tournament, store: Store, library: Library, listener: Listener | None = None,
                 backoff_base: float = 1.0, make: Callable[..., Agent] = make_agent, replace: bool = False,
                 max_attempts: int = MAX_ATTEMPTS) -> None:
        super().__init__(tournament, store, library, listener, backoff_base, make, replace)
        self.max_attempts = max_attempts
        self.lost_attempts = 0  # matches lost with their worker (playing or queued), and sent again
        self.provider_peaks: dict[str, int] = {}

    async def run(self, matches: list[Match] | None = None) -> RunState:
        import ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        seated = [*self.tournament.agents, *([self.tournament.llm_fallback] if self.tournament.llm_fallback else [])]
        humans = [agent.id for agent in seated if agent.provider == "human"]
        if humans:
            raise SpecError([Problem(f"--executor ray: {one_line(humans[0])} plays at this terminal, not on a worker",
                                     "run without --executor ray")])
        pooled = [agent.id for agent in seated if len(agent.endpoints) > 1]
        if pooled:
            # A pool balances the requests of one process; the workers' would each balance their
            # own and their counts would not reach the database.
            raise SpecError([Problem(f"--executor ray: {one_line(pooled[0])} is served by a pool of endpoints, "
                                     "which the Ray executor does not balance yet",
                                     "run it without --executor ray, or give it one base_url")])
        here = NodeAffinitySchedulingStrategy(ray.get_runtime_context().get_node_id(), soft=False)
        # The cache actor reads the database (read-only), so it lives on the driver's machine.
        self._tokens = ray.remote(ProviderTokens).options(scheduling_strategy=here).remote(self.tournament.limits)
        self._cache = ray.remote(ReplyCache).options(scheduling_strategy=here).remote(str(self.store.path))
        self._players = self._start_players(seated)
        try:
            return await super().run(matches)
        finally:
            self.provider_peaks = ray.get(self._tokens.peaks.remote())
            for actor in (self._tokens, self._cache, *(player.handle for player in self._players)):
                ray.kill(actor)

    def _start_players(self, seated: list[AgentSpec]) -> list[_Player]:
        """One player per CPU of the cluster. A match of scripted seats keeps a core busy: a
        player plays one at a time, with the next queued behind it (no idle gap while the driver
        stores). A match with a hosted model mostly waits for replies: the players share
        `limits.concurrency` matches, as many as the local runner would have in flight."""
        import ray

        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        waits = any(CATALOGUE[agent.provider].is_llm for agent in seated)
        at_once = -(-self.tournament.limits.concurrency // cpus) if waits else 1
        self._queue_depth = at_once if waits else 2
        # Ray restarts a player whose process died; the driver plays its lost matches again
        # (max_task_retries=0: a lost attempt's tokens are given back first).
        player = ray.remote(MatchPlayer).options(num_cpus=1, max_concurrency=at_once, max_restarts=-1,
                                                 max_task_retries=0)
        # The tournament goes by value, not as an object-store reference: a restart needs it again.
        return [_Player(player.remote(self.tournament, self._tokens, self._cache, self.make, self.backoff_base))
                for _ in range(cpus)]

    def _submit(self, match: Match, attempt: int, running: dict[Any, _Attempt]) -> None:
        player = min((p for p in self._players if p.back is None), key=lambda p: p.load)
        lease = f"{match.id}#{attempt}"
        running[player.handle.play.remote(match, dict(self.state.disabled), lease)] = _Attempt(match, attempt,
                                                                                               lease, player)
        player.load += 1

    async def play_matches(self, matches: list[Match]) -> None:
        import ray
        from ray.exceptions import RayError, RayTaskError

        budget = self.tournament.budget_usd
        waiting: deque[tuple[Match, int]] = deque((match, 1) for match in matches)  # (match, attempt)
        running: dict[Any, _Attempt] = {}
        room = min(self.tournament.limits.concurrency, self._queue_depth * len(self._players))
        while waiting or running:
            while waiting and len(running) < room and any(p.back is None for p in self._players):
                match, attempt = waiting.popleft()
                if attempt == 1 and budget is not None and self._projected(1) > budget:
                    self.state.skipped_budget += 1
                    continue
                self._submit(match, attempt, running)
                self.in_flight = len(running)
                self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
            restarting = {p.back: p for p in self._players if p.back is not None}
            if not running and not restarting:
                break
            # The driver has nothing else to do while matches play: waiting here blocks no one.
            watched = [*running, *restarting]
            ray.wait(watched, num_returns=1)
            ready, _ = ray.wait(watched, num_returns=len(watched), timeout=0)
            for ref in ready:
                if ref in restarting:
                    self._back(restarting[ref])
                    continue
                attempt = running.pop(ref)
                attempt.player.load -= 1
                self.in_flight = len(running)
                try:
                    played: PlayedMatch = ray.get(ref)
                except RayTaskError:
                    raise  # an exception in lamen's own code: a bug, as in the local runner
                except RayError as exc:
                    if self._lost(attempt, exc):
                        waiting.appendleft((attempt.match, attempt.attempt + 1))
                    continue
                self._store(attempt.match, played)

    def _back(self, player: _Player) -> None:
        """A restarting player's ping came back: in service again, or (its restart failed) pinged again."""
        import ray
        from ray.exceptions import RayError

        try:
            ray.get(player.back)
        except RayError:
            player.back = player.handle.pid.remote()
            return
        player.back = None

    def _lost(self, lost: _Attempt, error: Exception) -> bool:
        """A worker died with a match in hand (playing or queued): give back the tokens it held and
        send that player nothing until Ray has restarted it. Whether to play the match again."""
        import ray

        ray.get(self._tokens.end_lease.remote(lost.lease))
        self.lost_attempts += 1
        if lost.player.back is None:
            lost.player.back = lost.player.handle.pid.remote()  # answers once the player is back
        match = lost.match
        reason = one_line(str(error).splitlines()[0] if str(error) else type(error).__name__)[:200]
        if lost.attempt < self.max_attempts:
            self.state.messages.append(f"match {match.id}: worker lost ({reason}); playing it again")
            return True
        self.state.messages.append(f"match {match.id}: worker lost {lost.attempt} times ({reason}); not played — "
                                   "run again to play it")
        return False

    def _store(self, match: Match, played: PlayedMatch) -> None:
        """What the worker hands back, written by the driver: cached replies, stopped agents,
        messages, then the match in one transaction."""
        for key, agent, text in played.new_replies:
            self.store.cache_reply(key, agent, ChatReply.model_validate_json(text))
        if played.new_replies:
            self._cache.stored.remote([key for key, _, _ in played.new_replies])
        for agent, reason in played.stopped.items():
            if agent not in self.state.disabled:
                self.state.disabled[agent] = reason
                self.store.disable_agent(self.tournament.name, agent, reason)
        for agent, reason in played.stopped_unstored.items():
            self.state.disabled.setdefault(agent, reason)
        self.state.messages.extend(played.messages)
        self.store.save_match(match.id, played.transcript, played.outcome)
        cost = sum(c.reply.cost_usd for c in played.transcript.calls if c.reply)
        self._note(match, played.transcript, played.outcome, cost)
