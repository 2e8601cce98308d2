"""LAMEN's published per-game results (`processed_outputs/*/evals.csv`) as finished matches.

Each row becomes a match with its provenance (file and row) and no transcript: LAMEN's
evals.csv keeps none. LAMEN's conventions are mapped to lamen's: agent i of a run sat on side i
of the game (LAMEN hands `sides[i]` to agent i); the game is the built-in paper game with the
same issues and weights; the agreement is LAMEN's `completion_reason`; and a side's utility is
LAMEN's normalized payoff when there was a (soft) agreement and 0 otherwise — LAMEN also scored
games without agreement, which the paper's U does not.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from lamen.judge.outcome import Outcome, SideFigures
from lamen.schedule import digest
from lamen.store import MatchRecord, Store

# (issue names, weights as shares) of LAMEN's experiments -> lamen's built-in game
PAPER_GAMES = {
    (("rent",), ((1.0,), (1.0,))): "rental-1-distributive",
    (("duration",), ((1.0,), (1.0,))): "rental-1-compatible",
    (("rent", "subletting"), ((0.5, 0.5), (0.5, 0.5))): "rental-2-distributive",
    (("rent", "duration"), ((0.5, 0.5), (0.5, 0.5))): "rental-2-mixture",
    (("rent", "subletting"), ((2 / 3, 1 / 3), (1 / 3, 2 / 3))): "rental-2-integrative-distributive",
    (("rent", "duration"), ((1 / 3, 2 / 3), (2 / 3, 1 / 3))): "rental-2-integrative-mixture",
}
GAME_CLASS = {"non-integrative distributive": "competitive", "non-integrative compatible": "cooperative",
              "integrative distributive": "integrative", "integrative compatible": "integrative"}
AGREEMENT = {"full agreement": "hard", "aligning internal states, textual disagreement": "soft",
             "disagreeing internal states, textual agreement": "none", "in-progress": "none"}
PROVIDER_OF = (("gpt", "openai"), ("claude", "anthropic"), ("bison", "google"), ("gemini", "google"),
               ("command", "cohere"), ("llama", "local"))


@dataclass(frozen=True)
class ImportSummary:
    tournament: str
    rows: int
    new: int
    cross_play: int
    self_play: int
    agents: tuple[str, ...]


def _shares(weights: list[list[float]]) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(round(w / sum(side), 6) for w in side) for side in weights)


def game_of(issues_text: str, weights_text: str, game_name: str) -> str:
    issues = tuple(re.findall(r"Issue\(name='([^']*)'", issues_text))
    shares = _shares(ast.literal_eval(weights_text))
    for (names, wanted), game in PAPER_GAMES.items():
        if names == issues and all(abs(a - b) < 1e-4 for x, y in zip(wanted, shares) for a, b in zip(x, y)):
            return game
    return f"lamen:{game_name}:{'+'.join(issues)}:{weights_text}"


def provider_of(model: str) -> str:
    return next((provider for key, provider in PROVIDER_OF if key in model.lower()), "imported")


def _figure(row: pd.Series, *names: str) -> float | None:
    for name in names:
        if name in row and pd.notna(row[name]):
            return float(row[name])
    return None


def _side(row: pd.Series, agent: int) -> SideFigures:
    return SideFigures(
        turns=0,
        internal_faithfulness=_figure(row, f"agent_{agent}_internal_faithfulness", "internal_faithfulness"),
        external_faithfulness=_figure(row, f"agent_{agent}_external_faithfulness", "external_faithfulness"),
        note_instruction=_figure(row, f"agent_{agent}_note_instr_following"),
        message_instruction=_figure(row, f"agent_{agent}_msg_instr_following"),
        format_instruction=None,
        rule_violations=0,
    )


def tournament_name(path: Path) -> str:
    """e.g. processed_outputs/cross_play/28-09-2023_14-40-51/evals.csv -> lamen-cross_play-28-09-2023_14-40-51"""
    return f"lamen-{path.parent.parent.name}-{path.parent.name}".replace("/", "-")


def import_lamen_evals(path: Path, store: Store, name: str | None = None) -> ImportSummary:
    """Store every row of an evals.csv as a finished match; importing twice adds nothing."""
    frame = pd.read_csv(path)
    missing = {"agent_1_model_name", "agent_2_model_name", "completion_reason", "agent_1_normalized_payoff",
               "agent_2_normalized_payoff", "game_issues", "game_issue_weights"} - set(frame.columns)
    if missing:
        raise ValueError(f"{path}: not a LAMEN evals.csv (missing columns: {', '.join(sorted(missing))})")
    tournament = name or tournament_name(path)
    agents = sorted(set(frame["agent_1_model_name"]) | set(frame["agent_2_model_name"]))
    store.save_tournament(tournament, {"name": tournament, "imported_from": str(path), "format": "lamen-evals"},
                          [{"id": a, "provider": provider_of(a), "model": a} for a in agents])
    records, outcomes = [], []
    repetitions: dict[tuple, int] = {}
    for index, row in frame.iterrows():
        a, b = row["agent_1_model_name"], row["agent_2_model_name"]
        stage = "self" if a == b else "cross"
        game = game_of(row["game_issues"], row["game_issue_weights"], row.get("game_name", "game"))
        starts = int(row.get("protocol_start_agent_index", 0) or 0)
        cell = (stage, game, a, b, starts)
        repetition = repetitions[cell] = repetitions.get(cell, -1) + 1
        agreement = AGREEMENT.get(row["completion_reason"], "none")
        lamen_payoffs = (float(row["agent_1_normalized_payoff"]), float(row["agent_2_normalized_payoff"]))
        utilities = lamen_payoffs if agreement != "none" else (0.0, 0.0)
        provenance = {"source": f"lamen-evals:{path.name}:row {index}", "file": str(path), "row": int(index),
                      "run_path": row.get("run_path"), "completion_reason": row["completion_reason"],
                      "lamen_normalized_payoffs": lamen_payoffs}
        match_id = digest({"import": provenance["source"], "row": json.loads(row.to_json())})[:20]
        pair = "|".join(sorted((a, b)))
        records.append((MatchRecord(
            id=match_id, stage=stage, game=game, game_class=GAME_CLASS.get(row.get("game_type", ""), "cooperative"),
            protocol="lamen", agent_a=a, agent_b=b, starts=starts, repetition=repetition, mirror=0,
            block=f"{stage}|{game}|{pair}", seed=0, position=int(index)), provenance))
        rounds = _figure(row, "number_rounds", "num_rounds")
        outcomes.append((match_id, Outcome(
            agreement=agreement, agreed_offer=None, utilities=utilities, welfare=sum(utilities),
            nash_product=utilities[0] * utilities[1], frontier_distance=None, welfare_share=None,
            textual_agreement_disagreeing_notes=row["completion_reason"].startswith("disagreeing internal"),
            rounds=int(rounds) if rounds is not None else 0, end_reason="imported",
            sides=(_side(row, 1), _side(row, 2)), turns=())))
    new = store.plan(tournament, records)
    statuses = store.statuses(tournament)
    for match_id, outcome in outcomes:
        if statuses.get(match_id) != "finished":
            store.save_imported(match_id, outcome, source=f"lamen-evals:{path.name}")
    stages = frame["agent_1_model_name"] == frame["agent_2_model_name"]
    return ImportSummary(tournament, len(frame), new, int((~stages).sum()), int(stages.sum()), tuple(agents))
