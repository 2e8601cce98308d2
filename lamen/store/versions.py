"""Which version of a spec a stored match was played and scored under.

A match's id hashes its canonical spec (game, protocol, both agents, seed, sides, start, repetition),
so an edited spec gives new ids — and without a check the new matches would be stored beside the
old ones and blended into one tournament. Each stored match therefore keeps a fingerprint: a
digest per part that decides its play and its score (the game with its issues, the protocol, each
agent's full config, the tournament seed, the judge's settings). A planned match and a stored one
in the same *slot* (stage, game name, agents, sides, start, repetition) with another id or another
fingerprint are two versions; the fingerprints say which part changed."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# Bump when `lamen.judge` scores the same transcript differently: stored scores would no longer
# be comparable with new ones.
JUDGE_VERSION = 1

Slot = tuple[str, str, str, str, int, int, int]  # stage, game, agent_a, agent_b, starts, repetition, mirror


def part_digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def judge_settings(llm_fallback: Mapping[str, Any] | None,
                   match_judge: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What decides a transcript's score besides the game: the judge's version and its LLM reader,
    and a family's LLM judge when the tournament names one (absent otherwise, so the settings of
    every tournament without one digest as before it existed)."""
    settings = {"judge": JUDGE_VERSION, "llm_fallback": dict(llm_fallback) if llm_fallback else None}
    if match_judge:
        settings["match_judge"] = dict(match_judge)
    return settings


def fingerprint(game: str, protocol: str, agent_a: str, agent_b: str, seed: int, judge: str) -> str:
    """The stored form: part digests as compact JSON (readable with sqlite3, comparable per part)."""
    return json.dumps({"game": game, "protocol": protocol, "agent_a": agent_a, "agent_b": agent_b,
                       "seed": seed, "judge": judge}, separators=(",", ":"))


def fingerprint_of_canonical(canonical: Mapping[str, Any], judge: Mapping[str, Any]) -> str:
    """The fingerprint of a match from its canonical spec (as `Match.canonical()` or the stored
    `spec_json`): the same digests whichever way it is computed."""
    agents = canonical["agents"]
    return fingerprint(part_digest(canonical["game"]), part_digest(canonical["protocol"]),
                       part_digest(agents[0]), part_digest(agents[1]), int(canonical["tournament_seed"]),
                       part_digest(judge))


@dataclass(frozen=True)
class Planned:
    """A match about to be planned: where it sits in the schedule, and which version it is."""

    slot: Slot
    id: str
    fingerprint: str
    protocol: str


@dataclass(frozen=True)
class Stored:
    slot: Slot
    id: str
    status: str
    fingerprint: str | None


@dataclass
class VersionConflict:
    """Stored matches played under another version of the spec than the one about to run."""

    changes: Counter[str]  # "game rental-1-distributive" -> stored matches it affects
    played: list[str]  # ids of stored matches with results or paid calls (finished or errored)
    unplayed: list[str]  # ids of stored matches never played (pending): dropped without asking

    def describe(self) -> str:
        parts = ", ".join(f"{what} changed ({n} stored match{'es' if n != 1 else ''})"
                          for what, n in self.changes.most_common())
        return f"{parts}; {len(self.played)} stored match{'es' if len(self.played) != 1 else ''} in all"


def _changed_parts(planned: Planned, stored: Stored) -> list[str]:
    stage, game, agent_a, agent_b, *_ = planned.slot
    if stored.fingerprint is None:
        return ["spec"]
    try:
        old, new = json.loads(stored.fingerprint), json.loads(planned.fingerprint)
    except ValueError:
        return ["spec"]
    labels = {"game": f"game {game}", "protocol": f"protocol {planned.protocol}", "agent_a": f"agent {agent_a}",
              "agent_b": f"agent {agent_b}", "seed": "seed", "judge": "judge settings"}
    changed = list(dict.fromkeys(label for key, label in labels.items() if old.get(key) != new.get(key)))
    return changed or ["spec"]


def find_conflict(planned: Iterable[Planned], stored: Iterable[Stored]) -> VersionConflict:
    """Stored matches whose slot is planned again with another id or fingerprint."""
    by_slot: dict[Slot, list[Stored]] = {}
    for row in stored:
        by_slot.setdefault(row.slot, []).append(row)
    changes: Counter[str] = Counter()
    played: list[str] = []
    unplayed: list[str] = []
    for match in planned:
        for row in by_slot.get(match.slot, ()):
            if row.id == match.id and (row.fingerprint is None or row.fingerprint == match.fingerprint):
                continue
            if row.status == "pending":
                unplayed.append(row.id)
                continue
            played.append(row.id)
            changes.update(_changed_parts(match, row))
    return VersionConflict(changes, played, unplayed)
