"""Scripted reference players for Optimization (FAMILIES.md §5). Each reads only its observation
(its sheet, and what was said), except `oracle`, which reads the whole instance and is marked a
cheat. A player that has the floor and nothing to say proposes; the baselines they define:
random 0.6103, own-view 0.774, oracle 1.000 on the 134 human games."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from lamen.core.family import PlayerSpec, Policy
from lamen.core.types import Action, ActionSpace, Message, Observation, Propose, Respond, RoleId
from lamen.families.optimization.instances import UNKNOWN, OptimizationInstance
from lamen.families.optimization.matching import best_matching, matching_value
from lamen.families.optimization.rules import Sheet

SHARE_PREFIX = "Here is everything on my sheet."
_SHARE = re.compile(re.escape(SHARE_PREFIX) + r" My factor: ([0-9.]+)\. Cells: (.*)$", re.DOTALL)


def own_view(sheet: Sheet) -> list[list[float]]:
    """The sheet with every hidden cell shown as a 50 would be: round(50 × factor). Imputing the
    unrounded 50 × factor instead breaks ties with seen cells differently and gives 0.7764, not
    the published 0.774 (the games were selected with the rounded view, see instances.py)."""
    hidden = float(round(UNKNOWN * sheet.scale))
    return [[hidden if v is None else float(v) for v in row] for row in sheet.values]


class RandomPlayer:
    """Proposes a uniformly random full matching; accepts anything."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if "respond" in legal.kinds:
            return (Respond(accept=True),)
        k = len(obs.private.papers)
        return (Propose(payload=rng.sample(range(k), k)),)


class OwnViewPlayer:
    """Proposes the best matching of its own sheet at once (hidden cells = round(50 × factor)); accepts anything."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if "respond" in legal.kinds:
            return (Respond(accept=True),)
        return (Propose(payload=list(best_matching(own_view(obs.private)))),)


class AcceptAllPlayer:
    """Never proposes; accepts every proposal."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if "respond" in legal.kinds:
            return (Respond(accept=True),)
        return (Message(text="I will accept whatever you propose."),)


class OraclePlayer:
    """Cheat: proposes the pooled optimum; accepts only an optimal proposal."""

    def __init__(self, instance: OptimizationInstance) -> None:
        self.table = instance.table
        self.best = best_matching(instance.table)

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        if "respond" in legal.kinds:
            pending = obs.public["pending"]
            return (Respond(accept=matching_value(self.table, pending) == matching_value(self.table, self.best)),)
        return (Propose(payload=list(self.best)),)


class ShareAllPlayer:
    """Sends its factor and every cell it sees, then proposes the best matching of the pooled
    estimate (partner cells rescaled to its own factor, cells nobody shared = 50 × factor).
    Answers: rejects before it has shared; with the partner's cells in hand accepts a proposal
    within one point per paper of its best estimate (the partner rounds too); without them, defers."""

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> Sequence[Action]:
        sheet: Sheet = obs.private
        shared = any(e.role == obs.role and e.kind == "message" and SHARE_PREFIX in e.text for e in obs.history)
        estimate = self._pooled(sheet, obs)
        if "respond" in legal.kinds:
            if not shared:
                return (Respond(accept=False),)
            if estimate is None:
                return (Respond(accept=True),)
            pending = obs.public["pending"]
            best = best_matching(estimate)
            slack = len(sheet.papers) * sheet.scale
            return (Respond(accept=_value(estimate, pending) >= _value(estimate, best) - slack),)
        if not shared:
            return (Message(text=share_text(sheet)),)
        return (Propose(payload=list(best_matching(estimate if estimate is not None else own_view(sheet)))),)

    @staticmethod
    def _pooled(sheet: Sheet, obs: Observation) -> list[list[float]] | None:
        for event in reversed(obs.history):
            if event.role != obs.role and event.kind == "message" and (found := _SHARE.search(event.text)):
                factor = float(found.group(1))
                table = own_view(sheet)
                names_r = {n: i for i, n in enumerate(sheet.reviewers)}
                names_p = {n: i for i, n in enumerate(sheet.papers)}
                for cell in found.group(2).rstrip(".").split("; "):
                    if not cell:
                        continue
                    pair, value = cell.rsplit(" = ", 1)
                    reviewer, paper = pair.split(" / ", 1)
                    r, p = names_r[reviewer], names_p[paper]
                    if sheet.values[r][p] is None:
                        table[r][p] = float(value) * sheet.scale / factor
                return table
        return None


def _value(values: list[list[float]], matching: Sequence[int]) -> float:
    return sum(values[r][p] for r, p in enumerate(matching))


def share_text(sheet: Sheet) -> str:
    cells = [f"{sheet.reviewers[r]} / {sheet.papers[p]} = {v}"
             for r, row in enumerate(sheet.values) for p, v in enumerate(row) if v is not None]
    return f"{SHARE_PREFIX} My factor: {sheet.scale:.6f}. Cells: " + "; ".join(cells) + "."


def _plain(policy: type) -> Callable[[OptimizationInstance, RoleId], Policy]:
    def make(instance: OptimizationInstance, role: RoleId) -> Policy:
        return policy()

    return make


PLAYERS: dict[str, PlayerSpec] = {
    "random": PlayerSpec("random", RandomPlayer.__doc__ or "", _plain(RandomPlayer)),
    "own-view": PlayerSpec("own-view", OwnViewPlayer.__doc__ or "", _plain(OwnViewPlayer)),
    "share-all": PlayerSpec("share-all", (ShareAllPlayer.__doc__ or "").split(".")[0] + ".", _plain(ShareAllPlayer)),
    "accept-all": PlayerSpec("accept-all", AcceptAllPlayer.__doc__ or "", _plain(AcceptAllPlayer)),
    "oracle": PlayerSpec("oracle", OraclePlayer.__doc__ or "", lambda instance, role: OraclePlayer(instance), cheat=True),
}
