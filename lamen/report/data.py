"""Everything a report shows, read from the store in one pass: the match table, the turns, the
judge's readings, model-call usage and the games as they were played. Reads only."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
from pydantic import ValidationError

from lamen.spec.game import Game
from lamen.spec.load import load_game
from lamen.spec.problems import Problem, SpecError
from lamen.store import Store
from lamen.store.tables import match_table
from lamen.transcript import Turn

USAGE_COLUMNS = ("agent", "calls", "input_tokens", "output_tokens", "cached_tokens", "cached_calls", "cost_usd")


@dataclass(frozen=True)
class GameInfo:
    """A game of the tournament: its spec (None when neither the store nor the library has it)
    and, if so, why."""

    name: str
    game_class: str
    game: Game | None
    missing_reason: str = ""


@dataclass(frozen=True, eq=False)
class ReportData:
    """One tournament as the report sees it."""

    db_path: Path
    tournament: str
    spec: dict[str, Any]
    agents: pd.DataFrame  # agent_id, provider, model, disabled_reason
    matches: pd.DataFrame  # lamen.store.tables.match_table
    usage: pd.DataFrame  # one row per agent with recorded model calls (USAGE_COLUMNS)
    games: tuple[GameInfo, ...]
    turns: dict[str, tuple[Turn, ...]] = field(default_factory=dict)  # by match id
    # by match id: the judge's turn readings (TurnReading as JSON), agreed offer and end reason
    outcomes: dict[str, dict[str, Any]] = field(default_factory=dict)
    # by match id: an agent-vs-environment episode's events (`Transcript.events`), for its threads
    events: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)

    @property
    def agent_ids(self) -> tuple[str, ...]:
        listed = list(self.agents["agent_id"])
        played = sorted(set(self.matches["agent_a"]) | set(self.matches["agent_b"]))
        return tuple(listed + [agent for agent in played if agent not in listed])

    @property
    def imported_sources(self) -> tuple[str, ...]:
        """The provenance of every match not played by lamen (e.g. 'lamen-evals:evals.csv')."""
        sources = self.matches.loc[self.matches["source"] != "played", "source"]
        return tuple(sorted(set(sources)))


def choose_tournament(store: Store, tournament: str | None) -> str:
    """The tournament to report: the one asked for, or the only one in the database."""
    names = store.tournaments()
    if tournament is not None:
        if tournament not in names:
            raise SpecError([Problem(f"{store.path}: no tournament named '{tournament}'",
                                     f"tournaments here: {', '.join(names) or 'none'}")])
        return tournament
    if not names:
        raise SpecError([Problem(f"{store.path}: the database holds no tournament",
                                 "run one first: lamen run tournaments/quickstart.yaml")])
    if len(names) > 1:
        raise SpecError([Problem(f"{store.path}: the database holds {len(names)} tournaments",
                                 f"choose one with --tournament ({', '.join(names)})")])
    return names[0]


def _game_from_spec(spec: dict[str, Any]) -> Game:
    # The stored spec is a model dump, which includes the issues' computed `warnings`; the
    # Issue model refuses that field as input (it is lamen's, not the file's).
    issues = [{key: value for key, value in issue.items() if key != "warnings"} for issue in spec["issues"]]
    return Game.model_validate({**spec, "issues": issues})


def _games(store: Store, tournament: str) -> tuple[GameInfo, ...]:
    """Each game as the store recorded it in its matches' specs; else the library's game of that
    name; else None (e.g. an imported game lamen does not ship)."""
    games = []
    for name, game_class, spec in store.game_specs(tournament):
        try:
            if isinstance(spec, dict):
                game = _game_from_spec(spec)
            else:
                game = load_game(name)
            games.append(GameInfo(name, game_class, game))
        except (SpecError, ValidationError, KeyError, TypeError) as exc:
            reason = "the store holds no spec for it and lamen knows no game of that name"
            if isinstance(spec, dict):
                reason = f"its stored spec does not load ({str(exc).splitlines()[0]})"
            games.append(GameInfo(name, game_class, None, reason))
    return tuple(games)


def _usage(store: Store, tournament: str) -> pd.DataFrame:
    return pd.DataFrame(store.usage(tournament), columns=list(USAGE_COLUMNS))


def _turns(store: Store, tournament: str, spec: dict[str, Any]) -> dict[str, tuple[Turn, ...]]:
    # A game family's turns carry the role that wrote them (Mediation: which user); negotiation's
    # sides are its roles, so its report reads no transcripts for them.
    return store.turns_by_match(tournament, roles=str(spec.get("family", "negotiation")) != "negotiation")


def _outcomes(store: Store, tournament: str) -> dict[str, dict[str, Any]]:
    """What the viewer shows of each judged outcome, as stored (`Outcome` JSON): the store wrote
    it through the model, and skipping validation halves the time a 10,000-match report takes."""
    return store.outcome_views(tournament)


def _events(store: Store, tournament: str, spec: dict[str, Any]) -> dict[str, tuple[dict[str, Any], ...]]:
    """The episodes' events of an agent-vs-environment tournament (by the family's relation); none
    for the others, whose transcripts keep no events."""
    from lamen.core.registry import UnknownFamily, get_family

    try:
        relation = str(get_family(str(spec.get("family", "negotiation"))).relation)
    except UnknownFamily:
        return {}
    return store.transcript_events(tournament) if relation == "agent-vs-env" else {}


def read_report_data(db_path: str | Path, tournament: str | None = None) -> ReportData:
    """Read one tournament of a database (the only one, unless `tournament` names it)."""
    path = Path(db_path)
    if not path.is_file():
        raise SpecError([Problem(f"{path}: no such database", "give the path `lamen run` printed")])
    store = Store.open_read_only(path)
    try:
        name = choose_tournament(store, tournament)
        agents = pd.DataFrame([(a.agent_id, a.provider, a.model, a.disabled_reason) for a in store.agent_rows(name)],
                              columns=["agent_id", "provider", "model", "disabled_reason"])
        spec = store.tournament_spec(name)
        return ReportData(db_path=path, tournament=name, spec=spec, agents=agents,
                          matches=match_table(store, name), usage=_usage(store, name), games=_games(store, name),
                          turns=_turns(store, name, spec), outcomes=_outcomes(store, name),
                          events=_events(store, name, spec))
    finally:
        store.close()
